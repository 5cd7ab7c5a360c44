"""Rules section: how often the graph breaks the naming rules of issue 15 (points 4–6).

`python -m bench --only rules` (or `python -m bench.graph_rules [--no-load] [--env]`) loads the
seed (``examples/iclr2025-seed.txt``) plus ``../shared/data/iclr2024.jsonl.gz`` with the default
extractor (``papergraph load``, a child process) into an emptied bench graph, reads the graph back
with ``graph.export.to_networkx`` and counts the offenders of each rule. The checks are written
here, apart from the extractor: word lists judged for this bench, lemminflect, breame, wordfreq
and spaCy's stopword list, never the extractor's own functions (a count made by the code under
test would prove nothing). Writes ``bench/results/graph-rules.json`` and ``graph-rules.md``: one
row per rule, its count and up to ten offenders.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bench.common import REPO, bench_neo4j, child_env, markdown_table, run_child, write_results
from bench.corpora import ICLR2024
from graph.connection import async_driver
from graph.writes import clear_graph
from papergraph.settings import Settings, load_settings

SEED = REPO / "examples" / "iclr2025-seed.txt"
EXAMPLES = 10
#: A lone word fewer of whose writers list it as a keyword is vague (see vague_single_words).
MIN_KEYPHRASENESS = 0.05
MIN_WRITERS = 10
_TEXT_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Evaluative or filler words that do not start an index term (judged for this bench).
EVALUATIVE = _words(
    "novel new negative serious practical popular state-of-the-art theoretical detailed "
    "significant effective efficient various several existing recent costly better fewer "
    "extensive comprehensive remarkable superior promising powerful challenging crucial "
    "important impressive strong excellent great good notable substantial considerable "
    "numerous many multiple diverse different previous prior current traditional "
    "conventional typical standard common simple key main major overall proper suitable "
    "widespread competitive favorable empirical additional potential unprecedented "
    "outstanding exceptional vast huge impressive suitable"
)
#: Terms of art that start with one of those words yet name one idea.
TERMS_OF_ART = (
    "negative sampl",
    "negative transfer",
    "negative log",
    "negative pair",
    "negative example",
    "negative sample",
    "negative feedback",
    "negative binomial",
    "negative curvature",
    "negative weight",
    "new york",
    "common sense",
    "commonsense",
    "standard deviation",
    "standard error",
    "strong convexity",
    "strong duality",
    "strong law",
    "potential function",
    "potential energy",
    "potential game",
    "potential outcome",
    "theoretical computer science",
    "novel view synthesis",
    "novel class discovery",
    "novel category discovery",
)
#: LaTeX command words: never English, so a name holding one is markup left behind.
LATEX_WORDS = _words(
    "varepsilon epsilon varphi vartheta varrho mathcal mathbb mathbf mathrm mathsf mathtt "
    "mathit mathscr mathfrak boldsymbol textbf textit texttt textsc textrm textsf emph frac "
    "dfrac tfrac sqrt cdot cdots ldots dots leq geq neq infty operatorname widetilde widehat "
    "overline underline leftarrow rightarrow mapsto nabla partial"
) - {"partial"}
#: Units and symbols of measure.
UNITS = _words(
    "KB MB GB TB PB kB Kb Mb Gb Tb kT mT Hz kHz MHz GHz THz ms ns us kW MW GW kWh MWh eV "
    "keV MeV GeV TeV kDa mAh dB nm mm cm km kg mg FLOPS TFLOPS PFLOPS GFLOPS TFLOPs PFLOPs "
    "GFLOPs MFLOPs Mbps Gbps kbps ppm"
)
#: Companies, labs, universities, venues and publishers.
ORGANISATIONS = _words(
    "OpenAI DeepMind Google Meta Microsoft MIT Stanford Berkeley NVIDIA Nvidia Amazon Apple "
    "Anthropic IBM Baidu Alibaba Tencent Huawei ByteDance Facebook FAIR CMU Intel AMD "
    "Samsung HuggingFace EleutherAI StabilityAI Salesforce Adobe Uber Twitter NeurIPS ICML "
    "ICLR CVPR ACL EMNLP AAAI IJCAI ECCV ICCV NAACL KDD arXiv OpenReview IEEE ACM NSF NIH "
    "MetaAI GoogleAI"
)
_SPLIT_NAME = re.compile(r"\w- \w|\w -\w")
_WORDS = re.compile(r"[A-Za-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


@dataclass
class Snapshot:
    """What the rules look at: each paper's text and concept keys, every concept and method."""

    papers: dict[str, dict[str, Any]] = field(default_factory=dict)
    paper_concepts: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    method_papers: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    concepts: dict[str, dict[str, Any]] = field(default_factory=dict)
    methods: dict[str, dict[str, Any]] = field(default_factory=dict)


Offenders = list[str]


# ----------------------------------------------------------------------------- word helpers


@lru_cache(maxsize=262_144)
def zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


@lru_cache(maxsize=262_144)
def noun_singular(word: str) -> str:
    from lemminflect import getLemma

    lemmas = getLemma(word, upos="NOUN")
    return lemmas[0] if lemmas else word


@lru_cache(maxsize=262_144)
def american(word: str) -> str:
    from breame.spelling import get_american_spelling

    return str(get_american_spelling(word))


def idea_form(name: str) -> str:
    """Lowercase, every word singular and American, hyphens and spaces gone."""
    words = re.split(r"[\s\-]+", name.lower())
    return "".join(american(noun_singular(w)) for w in words if w)


def english_stopwords() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def is_acronym_shaped(text: str) -> bool:
    return " " not in text and sum(c.isupper() for c in text) >= 2


def part_starts(long_form: str) -> str:
    """Letters that may stand for a capital of the long form's acronym: the first of each word
    or part (after a digit, at a capital the authors wrote, at a compound seam:
    ``magneto|encephalography``, ``back|propagation``), and every letter of a short word."""
    letters = []
    for word in _WORDS.findall(long_form):
        if len(word) <= 3:
            letters.append(word)
            continue
        starts = set(_seams(word.lower())) | {i for i, c in enumerate(word) if c.isupper()}
        starts |= {i for i in range(1, len(word)) if word[i - 1].isdigit()}
        letters.append("".join(word[i] for i in sorted(starts)))
    return "".join(c for c in "".join(letters) if c.isalpha()).lower()


def _seams(word: str) -> list[int]:
    return [0] + [i for i in range(3, len(word) - 2) if _seam(word[:i], word[i:])]


@lru_cache(maxsize=65_536)
def _seam(left: str, right: str) -> bool:
    return left.endswith("o") or (zipf(left) >= 3.0 and zipf(right) >= 3.0)


def subsequence(letters: str, text: str) -> bool:
    rest = iter(text)
    return all(c in rest for c in letters)


# ----------------------------------------------------------------------------- the rules


def evaluative_start(snap: Snapshot) -> Offenders:
    """Concepts whose first word is evaluative or filler."""
    return sorted(
        c["name"]
        for c in snap.concepts.values()
        if _first_word(c["name"]) in EVALUATIVE and not c["name"].lower().startswith(TERMS_OF_ART)
    )


def _first_word(name: str) -> str:
    words = name.lower().split()
    return words[0] if words else ""


def broken_tokens(snap: Snapshot) -> Offenders:
    """LaTeX words, stray one-letter tokens, trailing periods, non-words made from plurals."""
    return sorted(
        f"{c['name']} ({why})" for c in snap.concepts.values() if (why := _broken(c["name"]))
    )


def _broken(name: str) -> str | None:
    tokens = name.split()
    lowered = [t.lower().strip(".,;:") for t in tokens]
    if "\\" in name or any(w in LATEX_WORDS for w in lowered):
        return "LaTeX"
    if any(len(t) == 1 and t.isalpha() and t.lower() not in {"a", "i"} for t in tokens):
        return "one-letter token"
    if name.endswith("."):
        return "trailing period"
    for word in (w for t in lowered for w in t.split("-")):
        if word.isalpha() and len(word) > 3 and zipf(word) == 0 and zipf(word + "s") > 0:
            return f"non-word singular {word!r}"
    return None


def single_words_beside_longer(snap: Snapshot) -> Offenders:
    """A paper's one-word concept beside a longer concept of the same paper ending in it."""
    return sorted(f"{key} beside {longer} ({paper})" for key, longer, paper in _beside(snap))


def vague_single_words(snap: Snapshot) -> Offenders:
    """Those of the one-word concepts beside a longer one that are vague words: fewer than
    :data:`MIN_KEYPHRASENESS` of the bench graph's papers that write the word list it alone among
    their keywords (``graph``, ``layer``, ``objective``), where a topic word is listed by
    authors (``transformer``, ``fairness``); judged only for a word at least
    :data:`MIN_WRITERS` papers write, any other counted as vague. The graph's papers are ICLR
    2024's, whose keywords the extractor never read in building its tables (ICLR 2021's)."""
    beside = _beside(snap)
    share = _keyphraseness(snap, {idea_form(key) for key, _, _ in beside})
    return sorted(
        f"{key} beside {longer} ({paper})"
        for key, longer, paper in beside
        if share.get(idea_form(key), 0.0) < MIN_KEYPHRASENESS
    )


def _beside(snap: Snapshot) -> list[tuple[str, str, str]]:
    found = []
    for paper, keys in snap.paper_concepts.items():
        for key in keys:
            if " " not in key and any(k.endswith(" " + key) for k in keys):
                found.append((key, next(k for k in keys if k.endswith(" " + key)), paper))
    return found


def _keyphraseness(snap: Snapshot, words: set[str]) -> dict[str, float]:
    """Of the papers whose title or abstract writes each word, the share whose keywords list it
    alone; for words at least :data:`MIN_WRITERS` papers write."""
    writers: dict[str, int] = defaultdict(int)
    naming: dict[str, int] = defaultdict(int)
    for paper in snap.papers.values():
        text = f"{paper.get('title') or ''} {paper.get('abstract') or ''}".lower()
        written = {idea_form(t) for t in _TEXT_WORD.findall(text)} & words
        listed = {idea_form(k) for k in paper.get("keywords") or [] if " " not in k.strip()}
        for word in written:
            writers[word] += 1
            naming[word] += word in listed
    return {w: naming[w] / n for w, n in writers.items() if n >= MIN_WRITERS}


def nested_variants(snap: Snapshot) -> Offenders:
    """Three or more concepts of one paper, each a word-suffix of the next."""
    found = []
    for paper, keys in snap.paper_concepts.items():
        chain = _longest_suffix_chain(keys)
        if len(chain) >= 3:
            found.append(" ⊂ ".join(chain) + f" ({paper})")
    return sorted(found)


def _longest_suffix_chain(keys: list[str]) -> list[str]:
    by_length = sorted(set(keys), key=lambda k: len(k.split()))
    best: dict[str, list[str]] = {}
    for key in by_length:
        shorter = [best[k] for k in best if _word_suffix(k, key)]
        best[key] = [*max(shorter, key=len, default=[]), key]
    return max(best.values(), key=len, default=[])


def _word_suffix(short: str, long: str) -> bool:
    return len(short.split()) < len(long.split()) and long.endswith(" " + short)


def duplicate_ideas(snap: Snapshot) -> Offenders:
    """Concepts that are one idea by case, hyphens, spaces, number or spelling; split names."""
    groups: dict[str, list[str]] = defaultdict(list)
    for concept in snap.concepts.values():
        groups[idea_form(concept["name"])].append(concept["name"])
    found = [" = ".join(sorted(names)) for names in groups.values() if len(names) > 1]
    nodes = [*snap.concepts.values(), *snap.methods.values()]
    found += [f"{n['name']} (split)" for n in nodes if _SPLIT_NAME.search(n["name"])]
    return sorted(found)


def concept_and_method(snap: Snapshot) -> Offenders:
    """A Method whose name or long-form alias is a Concept's name or alias."""
    concept_forms: dict[str, str] = {}
    for concept in snap.concepts.values():
        for alias in [concept["name"], *concept["aliases"]]:
            concept_forms.setdefault(_alias_form(alias), concept["name"])
    found = set()
    for method in snap.methods.values():
        for alias in [method["name"], *method["aliases"]]:
            name = concept_forms.get(_alias_form(alias))
            if name is not None:
                found.add(f"{method['name']} (method) / {name} (concept)")
    return sorted(found)


def same_idea_method_and_concept(snap: Snapshot) -> Offenders:
    """Of :func:`concept_and_method`, the pairs that are one idea: the method's long form is the
    concept's, or the method has no long form and its acronym is the concept's. A method whose
    own long form is another idea (``BC``, ``Batch Calibration``, beside the concept
    ``behavioral cloning`` written ``BC``) is an acronym two ideas share, which the issue keeps
    apart (a wrong acronym link is worse than none)."""
    concept_longs: dict[str, str] = {}
    concept_acronyms: dict[str, str] = {}
    for concept in snap.concepts.values():
        for alias in [concept["name"], *concept["aliases"]]:
            forms = concept_acronyms if is_acronym_shaped(alias) else concept_longs
            forms.setdefault(_alias_form(alias), concept["name"])
    found = set()
    for method in snap.methods.values():
        forms = [method["name"], *method["aliases"]]
        longs = [f for f in forms if not is_acronym_shaped(f)]
        table = concept_longs if longs else concept_acronyms
        for form in longs or forms:
            name = table.get(_alias_form(form))
            if name is not None:
                found.add(f"{method['name']} (method) / {name} (concept)")
    return sorted(found)


def _alias_form(alias: str) -> str:
    """An acronym keeps its case (``LoRA``); a phrase takes its idea form."""
    if is_acronym_shaped(alias):
        return alias[:-1] if alias.endswith("s") and alias[-2:-1].isupper() else alias
    return idea_form(alias)


def not_methods(snap: Snapshot) -> Offenders:
    """Methods that are words, units, organisations, spelling variants or wrong acronym links."""
    stop = english_stopwords()
    found = [
        f"{m['name']} ({why})"
        for key, m in snap.methods.items()
        if (why := _not_a_method(m["name"], _method_texts(snap, key), stop))
    ]
    found += _spelling_variants(snap)
    found += _wrong_acronyms(snap)
    return sorted(found)


def unnamed_not_methods(snap: Snapshot) -> Offenders:
    """Of the words, units and organisations :func:`not_methods` finds, those no paper of
    theirs names as its own: a title that opens with the name (``TANGO: Time-Reversal ...``) or
    an abstract that defines it (``Automated Continual Learning (ACL)``) gives a method name
    that happens to be a word or an organisation's acronym."""
    stop = english_stopwords()
    return sorted(
        f"{m['name']} ({why})"
        for key, m in snap.methods.items()
        if (why := _not_a_method(m["name"], texts := _method_texts(snap, key), stop))
        and not any(_names_own(m["name"], title, abstract) for title, abstract in texts)
    )


def _names_own(name: str, title: str, abstract: str) -> bool:
    return title.startswith(f"{name}:") or f"({name})" in abstract or f"({name})" in title


def _method_texts(snap: Snapshot, key: str) -> list[tuple[str, str]]:
    papers = (snap.papers[p] for p in snap.method_papers.get(key, []))
    return [(p.get("title") or "", p.get("abstract") or "") for p in papers]


def _not_a_method(name: str, texts: list[tuple[str, str]], stop: frozenset[str]) -> str | None:
    if name in UNITS:
        return "unit"
    if name in ORGANISATIONS:
        return "organisation"
    if not name.isalpha() or name.islower() or name.istitle():
        return None
    word = name.lower()
    if not name.isupper():
        return "stopword in odd case" if word in stop else None
    # a word in capitals is a name where a paper writes it so in its abstract (``BEYOND``,
    # ``CLIP``), a word where only a title shouts it (``LEARNING``, ``SEE``)
    if (word in stop or zipf(word) >= 3.0) and all(name not in a for _, a in texts):
        return "English word in capitals only in titles"
    return None


def _spelling_variants(snap: Snapshot) -> Offenders:
    groups: dict[str, list[str]] = defaultdict(list)
    for method in snap.methods.values():
        groups[re.sub(r"[\s\-_]+", "", method["name"].lower())].append(method["name"])
    return [" / ".join(sorted(g)) + " (spelling variants)" for g in groups.values() if len(g) > 1]


def _wrong_acronyms(snap: Snapshot) -> Offenders:
    """An acronym among a node's forms that none of its long forms spells."""
    found = []
    for kind, nodes in (("method", snap.methods), ("concept", snap.concepts)):
        for node in nodes.values():
            forms = [node["name"], *node["aliases"]]
            longs = [f for f in forms if _long(f)]
            acronyms = [f for f in forms if is_acronym_shaped(f) and not _long(f)]
            found += [
                f"{a} → {longs[0]} ({kind})"
                for a in acronyms
                if longs and not any(idea_form(a) == idea_form(f) or _matches(a, f) for f in longs)
            ]
    return sorted(set(found))


def _long(form: str) -> bool:
    """A long form: words, at least one of them an ordinary lowercase word."""
    return any(w.islower() and len(w) >= 3 for w in re.split(r"[\s\-]+", form))


def _matches(acronym: str, long_form: str) -> bool:
    """Each capital starts a word or part of the long form; in a long form with no capitals
    left (a concept's lowercase name), the letters are word prefixes from two words or more
    (``DETR``: ``de``tection ``tr``ansformer; not ``OPT``: ``opt``imization)."""
    if acronym[:1].lower() != long_form[:1].lower():
        return False
    capitals = "".join(c for c in acronym if c.isupper()).lower()
    if subsequence(capitals, part_starts(long_form)):
        return True
    letters = "".join(c for c in acronym.lower() if c.isalpha())
    words = [w for w in _WORDS.findall(long_form.lower()) if w.isalpha()]
    return long_form == long_form.lower() and _prefix_groups(letters, tuple(words), 0) >= 2


@lru_cache(maxsize=65_536)
def _prefix_groups(letters: str, words: tuple[str, ...], used: int) -> int:
    """How many words, at most, spell ``letters`` as consecutive word prefixes (words may be
    skipped); -1 when they cannot."""
    if not letters:
        return used
    best = -1
    for i, word in enumerate(words):
        for n in range(min(len(word), len(letters)), 0, -1):
            if word[:n] == letters[:n]:
                best = max(best, _prefix_groups(letters[n:], words[i + 1 :], used + 1))
    return best


RULES: dict[str, tuple[str, Callable[[Snapshot], Offenders]]] = {
    "evaluative_modifier": ("concepts starting with an evaluative/filler word", evaluative_start),
    "broken_tokens": ("concepts with broken tokens", broken_tokens),
    "vague_single_word": (
        "single words beside a longer concept (each counted as vague)",
        single_words_beside_longer,
    ),
    "vague_single_word_by_keywords": (
        "of them, words the graph's own authors do not list as topics",
        vague_single_words,
    ),
    "nested_variants": ("papers with 3+ nested concept variants", nested_variants),
    "duplicate_ideas": ("concepts duplicating one idea, split names", duplicate_ideas),
    "concept_and_method": ("one key both a Concept and a Method", concept_and_method),
    "concept_and_method_same_idea": (
        "of them, one idea (not an acronym two ideas share)",
        same_idea_method_and_concept,
    ),
    "not_methods": ("methods that are not methods", not_methods),
    "not_methods_unnamed": (
        "of the words and organisations, names no paper of theirs gives its own method",
        unnamed_not_methods,
    ),
}


# ----------------------------------------------------------------------------- load and read


def load(settings: Settings, *, limit: int | None = None) -> dict[str, float]:
    """Empty the bench graph and load the seed plus ICLR 2024 (its first ``limit`` papers, seed
    included) with the default extractor."""

    async def clear() -> None:
        async with async_driver(settings) as driver:
            await clear_graph(driver, database=settings.neo4j_database)

    asyncio.run(clear())
    args = ["-m", "papergraph", "load", str(SEED), str(ICLR2024)]
    args += [] if limit is None else ["--limit", str(limit)]
    run = run_child(args, env=child_env(settings), timeout=4 * 3600)
    if run.returncode not in (0, 2):  # 2: malformed records skipped, the rest loaded
        raise RuntimeError(f"papergraph load failed:\n{run.stderr[-2000:]}")
    return {"seconds": round(run.seconds, 1), "peak_rss_mb": round(run.peak_rss_mb)}


def read_snapshot(settings: Settings) -> Snapshot:
    from graph.export import to_networkx

    graph = to_networkx(settings)
    snap = Snapshot()
    for node, data in graph.nodes(data=True):
        _add_node(snap, node, data)
    for source, target, data in graph.edges(data=True):
        _add_edge(snap, graph.nodes[source], graph.nodes[target], data["relationshipType"])
    return snap


def _add_node(snap: Snapshot, node: object, data: dict[str, Any]) -> None:
    labels = data.get("labels", [])
    entry = {"name": data.get("name", ""), "aliases": list(data.get("aliases") or [])}
    if "Paper" in labels:
        snap.papers[data["id"]] = data
    elif "Concept" in labels:
        snap.concepts[data["key"]] = entry
    elif "Method" in labels:
        snap.methods[data["key"]] = entry


def _add_edge(snap: Snapshot, source: dict[str, Any], target: dict[str, Any], kind: str) -> None:
    if kind == "MENTIONS":
        snap.paper_concepts[source["id"]].append(target["key"])
    elif kind in ("PROPOSES", "USES"):
        snap.method_papers[target["key"]].append(source["id"])


def count(snap: Snapshot) -> dict[str, Any]:
    """Every rule's count and up to ``EXAMPLES`` offenders."""
    rules = {}
    for name, (label, check) in RULES.items():
        offenders = check(snap)
        rules[name] = {
            "rule": label,
            "violations": len(offenders),
            "examples": offenders[:EXAMPLES],
        }
    return {
        "graph": {
            "papers": len(snap.papers),
            "concepts": len(snap.concepts),
            "methods": len(snap.methods),
        },
        "rules": rules,
    }


def run(settings: Settings, *, reload: bool = True, limit: int | None = None) -> dict[str, Any]:
    """Load (unless ``reload`` is false: count the graph as it is), count, write the results."""
    result: dict[str, Any] = {"load": load(settings, limit=limit) if reload else None}
    result.update(count(read_snapshot(settings)))
    write_results("graph-rules", result, detail_table(result))
    return result


def detail_table(result: dict[str, Any]) -> str:
    """The graph counted, then one row per rule."""
    graph, load = result["graph"], result.get("load")
    head = (
        f"Graph: {graph['papers']} papers, {graph['concepts']} concepts, {graph['methods']} methods"
    )
    if load:
        head += f" (loaded in {load['seconds']} s"
        head += f", peak RSS {load['peak_rss_mb']} MB)" if load.get("peak_rss_mb") else ")"
    rows = [
        [r["rule"], r["violations"], "; ".join(_cell(e) for e in r["examples"])]
        for r in result["rules"].values()
    ]
    return head + "\n\n" + markdown_table(["rule", "violations", "examples (up to 10)"], rows)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table_rows(result: dict[str, Any]) -> list[list[object]]:
    """Rows for the harness's summary table: one per rule, target 0."""
    return [
        [f"rule violations: {r['rule']}", r["violations"], "", "target 0"]
        for r in result["rules"].values()
    ]


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.graph_rules", description=__doc__)
    parser.add_argument("--no-load", action="store_true", help="count the graph as it is")
    parser.add_argument("--env", action="store_true", help="use NEO4J_URI etc. from the env")
    parser.add_argument("--limit", type=int, default=None, help="load only the first N papers")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    with nullcontext(load_settings()) if args.env else bench_neo4j() as settings:
        result = run(settings, reload=not args.no_load, limit=args.limit)
    print(json.dumps(result, indent=2))
    print(detail_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
