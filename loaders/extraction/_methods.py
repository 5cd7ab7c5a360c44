"""Method names: which ones a paper introduces and which known ones it only uses.

A name is *proposed* when the paper coins it: it follows ``termed``/``dubbed``/``called``,
it sits after ``we propose``/``introduce``/``present`` in the same sentence, it is preceded
by ``our``, it heads the title (``DyAug: ...``), or the authors typeset it (``\\texttt{X}``,
``**X**``); :mod:`._own_names` then reads these cues again (a long form's acronym, the
acronyms of the appositive describing the new name, names listed before, so-called terms).
Other name-like tokens (``SGD``, ``DiT``, ``GFlowNets``, ``PC-Winter``) are
*used*. Acronyms the paper or the registry define as concepts (``GNN``) are not methods, nor
are units, organisations and English words in capitals (see ``_not_methods``).

Spellings that differ only by hyphens inside a name (``CIFAR-10`` / ``CIFAR10``, ``k-NN`` /
``kNN``, ``MS-COCO`` / ``MSCOCO``) are one method: its key drops them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ._acronyms import Definition, lowercase_led
from ._normalise import (
    GENERIC_HEADS,
    NAMING_VERBS,
    STOPWORDS,
    is_acronym,
    method_key,
    singular,
)
from ._not_methods import (
    borrowed_letters,
    capitals_title,
    is_field_or_metric,
    is_not_method,
    subsequence,
    units_of_measure,
)
from ._registry import acronym_form
from ._tagging import PARTICIPLE_TAGS, Unit, cut_at_bracket
from ._wordforms import in_lexicon

__all__ = [
    "MethodCandidate",
    "emphasised_names",
    "find_methods",
    "proposed_positions",
    "split_definitions",
]

#: The same verbs as the authors' own act: ``which we call TOTEM``, ``we dub it DrQ``.
_NAMING_NOW = frozenset({"call", "dub", "name", "term", "coin"})
#: Words before a name that place its thing before this paper: ``A recent method, called
#: Context Optimization (CoOp)``, ``a previously proposed model named X``.
_EARLIER = frozenset(
    {
        "recent",
        "recently",
        "existing",
        "previous",
        "previously",
        "prior",
        "earlier",
        "popular",
        "conventional",
        "classical",
        "traditional",
        "well-known",
        "established",
    }
)
#: Units back from a naming word that may still describe what it names (``a recent method,``).
_NAMED_REACH = 5
#: Parts of speech a noun phrase before a naming word is made of (``a recently proposed model``).
_NOUN_PHRASE = frozenset({"DET", "ADJ", "NOUN", "PROPN", "ADV"})
#: Words opening the object of ``we call``: ``we call this method X``, not ``an energy GNN``.
_DEFINITE = frozenset({"the", "this", "these", "our", "such"})
#: Words that set a name beside what it renames: ``our method, i.e., PLPP``.
_THAT_IS = frozenset({"i.e.", "i.e", "ie", "namely", "viz."})
_PROPOSING = frozenset(
    [
        "propose",
        "proposes",
        "introduce",
        "introduces",
        "present",
        "presents",
        "develop",
        "develops",
        "devise",
        "devises",
        "design",
        "designs",
        "build",
        "builds",
        "create",
        "creates",
        "forth",
        "offer",
        "offers",
        "formulate",
        "formulates",
        "curate",
        "curates",
    ]
)
_NOT_AFTER = frozenset(
    [
        "on",
        "upon",
        "with",
        "using",
        "of",
        "from",
        "via",
        "than",
        "like",
        "over",
        "by",
        "to",
        "in",
        "into",
        "for",
        "as",
        "under",
        "beyond",
    ]
)
#: Words that end the object of "we propose": the next clause describes, it does not name.
_CLAUSE_END = frozenset(
    {".", "?", "!", ";", "which", "that", "where", "to", "by", "using", "based", "with"}
)
_PROPOSAL_WINDOW = 12
#: Prepositions before an emphasised name that cite it: ``based on the **KL** assumption``.
_CITING = frozenset({"on", "upon", "with", "using", "from", "via", "than", "like", "over", "by"})
#: Heads a proposal names its new thing with: ``the Consistency-Aware KN modification method``.
_PROPOSAL_HEADS = frozenset(
    {"method", "framework", "approach", "model", "algorithm", "benchmark", "dataset", "strategy"}
)
_ORDINARY_ZIPF = 3.0
#: Heads of long forms that name a field or a problem setting, not an artefact (see
#: :func:`split_definitions`), and the prepositions that end a head (``Learning from ...``).
_FIELD_HEADS = frozenset({"learning"})
_HEAD_ENDS = frozenset({"from", "of", "for", "with", "in", "on", "under", "via", "by"})
#: The most words a name in capitals runs to (``STEP-BACK PROMPTING``), and the letters a
#: word in it needs to count as English (``DJ`` is an acronym).
_CAPITALS_RUN = 3
_ENGLISH_LETTERS = 4
_AUTHOR_SUBJECTS = frozenset({"we", "paper", "work", "study", "article", "here"})
_NAME_SHAPE = re.compile(r"^[A-Za-z][A-Za-z0-9]*(?:[-.+][A-Za-z0-9]+)*$")
_HEADS = frozenset({"NOUN", "PROPN"})
_ROMAN = re.compile(r"^[IVXLC]+$")
_EMPHASIS = re.compile(
    r"\\(?:texttt|textsc|textbf|textit|emph|mathtt|mathsf|textsf)\{([^{}\n]{1,60})\}"
    r"|\{\\(?:scshape|sc|bfseries|ttfamily|itshape|bf|tt)\s+([^{}\n]{1,60})\}"
    r"|\*\*([^*\n]{1,60})\*\*|(?<![*\w])\*([^*\n]{1,60})\*(?![*\w])"
)
#: A list item's number or letter just before: ``(2)``, ``($b$)``, ``iii)``.
_LIST_MARKER = re.compile(r"(?:\(\s*\$?\w{1,4}\$?\s*\)|(?<!\w)\w{1,3}\))\s*[$*]*$")
#: Words a typo glues onto the name before them: "LongPackis highly scalable".
_GLUED_WORDS = tuple(w for w in STOPWORDS if len(w) >= 2 and w.isalpha())
_NAME_LIKE = re.compile(r"^[A-Za-z][\w.+-]*(?: [\w.+-]+){0,3}$")
_CAMEL_SEAM = re.compile(r"(?<=[a-z])(?=[A-Z])")
_INNER_HYPHEN = re.compile(r"(?<=[A-Za-z0-9])-(?=[A-Za-z0-9])")
#: A word of a long form written out after its name: capitalised, or a small joining word.
_LONG_WORD = r"(?:[A-Z][\w-]*|and|of|for|the|in|on|with|via|to)"
#: What may stand between a proposed phrase and the bracket of the acronym it begins: up to
#: three words of any kind, or up to eight words of a long form (see :data:`_LONG_WORD`).
_RUN_ON_TO_BRACKET = rf"((?: [\w-]+){{0,3}}|(?: {_LONG_WORD}){{4,8}}) ?\( ?([^()\s]+) ?\)"


@dataclass
class MethodCandidate:
    """A method name found in one paper."""

    name: str
    aliases: list[str] = field(default_factory=list)
    proposed: bool = False
    #: one of ``_kinds.KINDS``, or None when the text does not say (see ``_kinds``)
    kind: str | None = None
    #: the id of the cue that gave ``kind`` (``kind.noun-beside``, ``kind.reported-on`` …)
    kind_cue: str | None = None
    #: key of the method this one is a named variant of
    variant_of: str | None = None
    #: where the paper says so: the phrase to point at (the variant's name or long form, or the
    #: base as written after a text cue) and, for a text cue, the cue with it (``extends LoRA``)
    variant_phrase: str | None = None
    variant_cue: str | None = None
    #: the id of the rule that read a proposing cue again (see ``_own_names``): why the name
    #: is the paper's own though no cue marked it, or used though one did
    cue: str | None = None

    @property
    def key(self) -> str:
        return spelling_key(self.name)


@lru_cache(maxsize=65_536)
def spelling_key(name: str) -> str:
    """The method key of ``name`` without the hyphens inside it, so ``CIFAR-10`` and
    ``CIFAR10``, ``Llama-2-7B`` and ``Llama2-7B``, ``k-NN`` and ``kNN``, ``MS-COCO`` and
    ``MSCOCO`` are one method (a name is a spelling: a hyphen in it separates no two ideas)."""
    return method_key(_INNER_HYPHEN.sub("", name))


#: Tells whether an acronym stands for a concept (locally or in the registry).
IsConcept = Callable[[str], bool]


def emphasised_names(raw_text: str) -> list[str]:
    """Names the authors typeset for emphasis: ``\\texttt{DyAug}``, ``**Demon**``, ``*Demon*``.
    Emphasis that ends a sentence is a run-in heading (``(a) \\textit{Linguistics Hierarchy.}``
    opening a list item), not a name, and so are plain words after a list marker."""
    names = []
    for match in _EMPHASIS.finditer(raw_text):
        if _cited_before(raw_text[: match.start()]) or _inside_word(raw_text[match.end() :]):
            continue
        text = next(g for g in match.groups() if g is not None)
        if text.rstrip().endswith((".", ":")):
            continue
        text = re.sub(r"\s*\([^()]*\)\s*$|[{}$\\]", "", text).strip()
        if (_plain_words(text) and _LIST_MARKER.search(raw_text[: match.start()])) or (
            _written_lowercase(text, raw_text)
        ):
            # a list item's label (``(2) *Versatility*, handles ...``), or a word the paper
            # writes in lower case too, stressed (``**Micromobility** enabled by AI``, ``urban
            # micromobility``) or marking an acronym's letters (``\textbf{Analog}`` of
            # AnalogGenie beside ``analog circuits``)
            continue
        if _NAME_LIKE.match(text) and _has_capital(text) and not _ROMAN.match(text):
            names.append(text)
    return names


def _ordinary_case_words(text: str) -> list[str] | None:
    """The words of ``text`` when each is in ordinary case (``Micromobility``, ``Lower-power``;
    not ``MetaUrban``), else None."""
    parts = [p for p in re.split(r"[\s-]+", text) if p]
    return parts if all(p.isalpha() and p[1:].islower() for p in parts) else None


def _plain_words(text: str) -> bool:
    """Whether ``text`` is English words in ordinary case (``Versatility``, ``Lower-power``)."""
    parts = _ordinary_case_words(text)
    return parts is not None and all(in_lexicon(p.lower()) for p in parts)


def _written_lowercase(text: str, raw_text: str) -> bool:
    """Whether ``text`` is words in ordinary case that ``raw_text`` also writes in lower case."""
    if _ordinary_case_words(text) is None:
        return False
    # not in an address: ``github.com/mit-han-lab/nunchaku/`` is the name's own
    return _written_alone(text.lower(), raw_text, joiners="/-")


def _written_alone(text: str, written: str, *, joiners: str = "-") -> bool:
    """Whether ``written`` holds ``text`` as words of their own, not inside a longer word or
    one joined to it by one of ``joiners``."""
    edge = rf"\w{re.escape(joiners)}"
    return re.search(rf"(?<![{edge}]){re.escape(text)}(?![{edge}])", written) is not None


def _inside_word(after: str) -> bool:
    """``**Attr**ibute``, ``\\textbf{Gen}}$erative``: emphasis that a word goes on after marks
    the letters of an acronym, not a name."""
    return after.lstrip("}$*_")[:1].isalpha()


def _cited_before(text: str) -> bool:
    """``based on the **Knowledge Localization** assumption``: emphasis after a preposition
    marks what the paper builds on, not what it introduces."""
    words = text.lower().split()[-2:]
    if words and words[-1] in ("the", "a", "an"):
        words = words[:-1]
    return bool(words) and words[-1] in _CITING


def find_methods(
    units: Sequence[Unit],
    *,
    proposed_at: set[int],
    emphasised: Sequence[str],
    definitions: Sequence[Definition],
    is_concept: IsConcept,
) -> list[MethodCandidate]:
    """Return the method names of one paper, proposed ones marked, in order of appearance.

    ``definitions`` are the acronyms this paper introduces as method names (see
    :func:`split_definitions`); their long forms become aliases.
    """
    found: dict[str, MethodCandidate] = {}
    inside = {i for d in definitions for i in range(d.start, d.end)}  # long forms name the acronym
    words, measures = _disguised_words(units), units_of_measure(units)
    for definition in definitions:
        long_form = " ".join(u.text for u in units[definition.start : definition.end])
        _add(found, definition.acronym, definition.start in proposed_at).aliases.append(long_form)
    for start, end in (runs := _capitals_runs(units, words)):
        _add(found, " ".join(u.text for u in units[start:end]), start in proposed_at)
    words |= {i for start, end in runs for i in range(start, end)}
    for i, unit in enumerate(units):
        text = unit.text.rstrip(".")
        if i in words or text in measures:
            continue
        if _adjective_compound(unit) or not _name_like(text):
            continue
        if not ((is_acronym(text) or lowercase_led(text)) and is_concept(text)):
            _add(found, _canonical(text, units), i in proposed_at and i not in inside)
    named = [*_named_after_trigger(units), *_appositive_names(units, proposed_at)]
    named += _shouted_head(units, capitals_title(units) | borrowed_letters(units))
    named += _title_named(units, proposed_at)
    for name in [*named, *_capitalised_names(units, proposed_at), *emphasised]:
        _add(found, name, True)
    methods = _merge_initialisms(_without_parts_of_proposed(_merge_plurals(found), units))
    methods = _fold_long_forms(_merge_solid_spellings(methods), units)
    methods = [m for m in _without_glued_words(methods) if _citable(m.name)]
    return _with_spellings(methods, units)


def _capitals_runs(units: Sequence[Unit], words: set[int]) -> list[tuple[int, int]]:
    """``We present CREATIVITY INDEX``, ``DJ SEARCH``: words in capitals written side by side
    are one name when the last is an English word, the name's head (acronyms side by side,
    ``MMLU GSM8K``, ``LEGEND NLDBD``, are names each); a longer run is shouting, not a name.
    ``words`` (a title set in capitals) take no part."""
    runs = []
    start = 0
    while start < len(units):
        end = start
        while end < len(units) and end not in words and _in_capitals(units[end].text):
            end += 1
        if 2 <= end - start <= _CAPITALS_RUN and _english_in_capitals(units[end - 1].text):
            runs.append((start, end))
        start = max(end, start + 1)
    return runs


def _in_capitals(text: str) -> bool:
    return text.isupper() and sum(c.isalpha() for c in text) >= 2


def _english_in_capitals(text: str) -> bool:
    parts = text.lower().split("-")
    return all(len(p) >= _ENGLISH_LETTERS and p.isalpha() and in_lexicon(p) for p in parts)


def _disguised_words(units: Sequence[Unit]) -> set[int]:
    """Positions of English words shaped like names (see ``_not_methods``), except the name
    heading the title (``ReConcile: ...``, ``EMO: EARTH MOVER ...``); the words of a head of
    several such words stay words, the head being one name (see :func:`_shouted_head`)."""
    disguised = capitals_title(units) | borrowed_letters(units)
    head = _title_head(units, len(units))
    return disguised if _shouted_head(units, disguised) else disguised - head


def _shouted_head(units: Sequence[Unit], disguised: set[int]) -> list[str]:
    """``POPULATION DESCENT: A NATURAL-SELECTION ...``: a title head of several English words
    in capitals names one method, not one per word."""
    head = _title_head(units, len(units))
    if len(head) < 2 or not head <= disguised:
        return []
    return [" ".join(units[i].text for i in sorted(head))]


def _adjective_compound(unit: Unit) -> bool:
    """``LLM-Based``, ``LiDAR-Based``: a compound ending in a participle describes something,
    it does not name it."""
    return unit.tag in PARTICIPLE_TAGS and "-" in unit.text


def _with_spellings(methods: list[MethodCandidate], units: Sequence[Unit]) -> list[MethodCandidate]:
    """Spellings keyed apart by :func:`method_key` (``CIFAR-10`` for a ``cifar10`` method) stay
    among the aliases, so a concept spelled that way is still known to be the method."""
    by_key = {m.key: m for m in methods}
    for text in dict.fromkeys([*(m.name for m in methods), *(u.text.rstrip(".") for u in units)]):
        method = by_key.get(spelling_key(text))
        if method and method_key(text) != method.key and text not in method.aliases:
            method.aliases.append(text)
    return methods


def _citable(name: str) -> bool:
    """A name people can cite has at least two letters or digits: ``*A*``, ``(S)`` or a
    ``\\texttt{R}`` variable is typography, not a method; nor is a word the tokeniser cut inside
    a bracket (``Learning(EIHL``)."""
    return sum(c.isalnum() for c in name) >= 2 and not cut_at_bracket(name)


def _merge_plurals(found: dict[str, MethodCandidate]) -> list[MethodCandidate]:
    """``GFlowNets`` and ``GFlowNet`` in one paper are one method, named in the singular."""
    for key in [k for k in found if k.endswith("s") and k[:-1] in found]:
        plural = found.pop(key)
        single = found[key[:-1]]
        single.proposed = single.proposed or plural.proposed
        single.aliases.extend([plural.name, *plural.aliases])
    return list(found.values())


def _merge_solid_spellings(methods: list[MethodCandidate]) -> list[MethodCandidate]:
    """``EyeFairness`` in a paper that names ``Eye Fairness`` is that name written solid, its
    words joined at their capitals: one method, under the spaced name."""
    by_key = {m.key: m for m in methods}
    kept = []
    for method in methods:
        spaced = _CAMEL_SEAM.sub(" ", method.name)
        other = by_key.get(spelling_key(spaced)) if spaced != method.name else None
        if other is None or other is method:
            kept.append(method)
        else:
            other.proposed = other.proposed or method.proposed
            other.aliases.extend([method.name, *method.aliases])
    return kept


def _merge_initialisms(methods: list[MethodCandidate]) -> list[MethodCandidate]:
    """``QL`` in a paper that proposes ``Query Localization`` is that name's short form, not a
    method the paper uses (papers often shorten a name without a ``Name (ACRO)`` definition)."""
    proposed = {
        "".join(word[0] for word in words).upper(): m
        for m in methods
        if m.proposed and len(words := m.name.split()) >= 2 and all(w[0].isalpha() for w in words)
    }
    kept = []
    for method in methods:
        full = None if method.proposed else proposed.get(acronym_form(method.name).upper())
        if full is None or not is_acronym(method.name):
            kept.append(method)
        else:
            full.aliases.extend([method.name, *method.aliases])
    return kept


def _fold_long_forms(
    methods: list[MethodCandidate], units: Sequence[Unit]
) -> list[MethodCandidate]:
    """A proposed phrase of several words that spells out another of the paper's names is that
    name (its alias), not a second method: it is written before the name in brackets
    (``Self-disciplined Autoregressive Sampling (SASA)``, an acronym taking two letters of one
    word, which the acronym test refuses), it begins the name's long form (``Continuous Edge``
    of ``Continuous Edge Direction (CoED)``; ``Visual Reprogramming``, which ends
    ``Attribute-based Visual Reprogramming (AttrVR)``, is the broader idea), or the name is
    made of the starts of its words (``RelCon`` of ``Relative Contrastive``). Or it lies in the
    long form written after the name and a colon (``Robotics Assistant`` of ``LLaRA: Large
    Language and Robotics Assistant``), which becomes the alias instead."""
    written = " ".join(u.text for u in units)
    folded: set[str] = set()
    for method in methods:
        words = method.name.split()
        if not method.proposed or len(words) < 2:
            continue
        found = _spelled_out(method, [m for m in methods if m.key not in folded], written)
        if found is not None:
            short, form = found
            if form not in (method.name, *short.aliases):
                short.aliases.append(form)
            # a part of a long form the name has already (``Adversarial Training`` of
            # ``Adversarial Training on Purification (AToP)``) is no alias: it names a field
            if not any(method.name.lower() in a.lower() for a in short.aliases if " " in a):
                short.aliases += [
                    a for a in (method.name, *method.aliases) if a not in short.aliases
                ]
            short.proposed = True
            folded.add(method.key)
    return [m for m in methods if m.key not in folded]


def _spelled_out(
    long: MethodCandidate, methods: list[MethodCandidate], written: str
) -> tuple[MethodCandidate, str] | None:
    """The method of ``methods`` whose name ``long`` spells out (see :func:`_fold_long_forms`),
    with the long form to keep as its alias."""
    others = [m for m in methods if m is not long]
    # the phrase may run on to the bracket: ``Recursive Gradient Attack on Privacy (R-GAP)``,
    # further over capitalised and joining words (``Federated Local and Generic Model Training
    # in Fed-LT (FedLoGe)``, where ``termed`` read the name only up to ``and``)
    bracket = re.search(re.escape(long.name) + _RUN_ON_TO_BRACKET, written)
    if bracket and _letters_from(bracket.group(2), long.name + bracket.group(1)):
        key = spelling_key(acronym_form(bracket.group(2)))
        short = next((m for m in others if m.key == key), None)
        if short is not None:
            return short, long.name + _without_generic_heads(bracket.group(1))
    words = long.name.lower().split()
    for other in others:
        if any(alias.lower().split()[: len(words)] == words for alias in other.aliases):
            return other, long.name
    coined = [m for m in others if m.proposed and " " not in m.name]
    for short in coined:
        form = _after_colon(short.name, written)
        if form is not None and long.name.lower() in form.lower():
            return short, form
    return next(((m, long.name) for m in coined if _made_of_starts(m.name.lower(), words)), None)


def _without_generic_heads(words: str) -> str:
    """``words`` without the generic heads in lower case that end them (``Background Proposal
    method``); capitalised, a head belongs to the name (``Language Model``, ``Neural Fields``)."""
    kept = words.split(" ")
    while kept and kept[-1].islower() and singular(kept[-1]) in GENERIC_HEADS:
        kept.pop()
    return " ".join(kept)


def _after_colon(name: str, written: str) -> str | None:
    """The long form written after ``name`` and a colon: the capitalised words (joined by
    small ones) up to the first that begins with the name's last letter, when the name's
    letters come from them in order (``Large Language and Robotics Assistant`` of ``LLaRA``)."""
    found = re.search(rf"(?<![\w-]){re.escape(name)} ?: ?((?:{_LONG_WORD} ?)+)", written)
    if found is None:
        return None
    words = found.group(1).split()
    last = next((c for c in reversed(name.lower()) if c.isalnum()), "")
    for end in range(2, len(words) + 1):
        head = words[end - 1]
        if head[:1].isupper() and head[:1].lower() == last:
            form = " ".join(words[:end])
            if _letters_from(name, form):
                return form
    return None


def _letters_from(acronym: str, phrase: str) -> bool:
    """Whether the letters of ``acronym`` come from ``phrase`` in order, its first from the
    first word: ``SASA`` from ``Self-disciplined Autoregressive Sampling``; not ``TTPI`` from
    ``Tensor Train`` (``... Policy Iteration using Tensor Train (TTPI)``)."""
    wanted = "".join(c for c in acronym.lower() if c.isalnum())
    letters = "".join(c for c in phrase.lower() if c.isalnum())
    return bool(wanted) and wanted[0] == phrase[:1].lower() and subsequence(wanted, letters)


def _made_of_starts(name: str, words: list[str], at: int = 0) -> bool:
    """Whether ``name`` (from ``at``) is the starts of ``words``, one after another, and
    nothing more: ``RelCon``; not ``AToP`` from ``Adversarial Training``, nor ``AttrVR`` from
    ``Visual Reprogramming``, the broader idea it names a kind of."""
    if not words:
        return at == len(name)
    return any(
        name.startswith(words[0][:n], at) and _made_of_starts(name, words[1:], at + n)
        for n in range(len(words[0]), 0, -1)
    )


def _without_glued_words(methods: list[MethodCandidate]) -> list[MethodCandidate]:
    """``LongPackis`` in a paper that names ``LongPack`` is that name with the next word glued
    on by a missing space (a typo in the abstract), not a second method."""
    names = {m.name for m in methods}
    return [
        m
        for m in methods
        if not any(m.name.endswith(w) and m.name[: -len(w)] in names for w in _GLUED_WORDS)
    ]


def _without_parts_of_proposed(
    methods: list[MethodCandidate], units: Sequence[Unit]
) -> list[MethodCandidate]:
    """``ECI`` is not a separate method when the paper proposes ``ECI sampling``: a used one
    never is, a proposed one when the paper never writes it alone (``Our framework, *ECI
    sampling*, …`` proposes what stands after the comma, which starts with ``ECI``)."""
    longer = [m.name for m in methods if m.proposed and " " in m.name]
    words = {spelling_key(w) for name in longer for w in name.split(" ")[:-1]}
    rest = " ".join(u.text for u in units)
    for name in longer:
        rest = rest.replace(name, " ")
    return [
        m for m in methods if m.key not in words or (m.proposed and _written_alone(m.name, rest))
    ]


def split_definitions(
    definitions: Sequence[Definition], proposed_at: set[int], units: Sequence[Unit] = ()
) -> tuple[list[Definition], list[Definition]]:
    """Split acronym definitions into concept ones (``GNNs``) and method names.

    Method names are the ones introduced in a proposing clause, and mixed-case coinages
    (``Diffusion Transformer (DiT)``), which name an artefact rather than an idea; not
    ``frames of reference (FoR)``, a stopword in odd case, nor ``intersection over union (IoU)``,
    nor a field or metric even in a proposing clause (``boosts ... to new state-of-the-art
    (SOTA)``): the sentence proposes something else. An organisation's acronym spelled out as
    something else (``attention with connection module (ACM)``) is the paper's name. A
    mixed-case acronym the paper does not introduce, whose long form (in ``units``) is a way
    of learning (``Personalized Federated Learning (pFL)``, ``Imitation Learning from
    Observation (ILfO)``), names a field or a problem setting, not an artefact: a concept.
    """
    concepts: list[Definition] = []
    methods: list[Definition] = []
    for definition in definitions:
        form = acronym_form(definition.acronym)
        proposed = definition.start in proposed_at
        coined = not form.isupper() and not is_not_method(form)  # DiT, GFlowNets, LoRA
        coined = coined and (proposed or not _names_field(units[definition.start : definition.end]))
        named = (coined or proposed) and not is_field_or_metric(form)
        (methods if named else concepts).append(definition)
    return concepts, methods


def _names_field(long_form: Sequence[Unit]) -> bool:
    """Whether a long form's head (its last word, or the word before a preposition) is a
    field's: ``learning``."""
    words = [u.text.lower() for u in long_form]
    at = next((i for i, w in enumerate(words) if i and w in _HEAD_ENDS), len(words))
    return at > 0 and singular(words[at - 1]) in _FIELD_HEADS


def _add(found: dict[str, MethodCandidate], name: str, proposed: bool) -> MethodCandidate:
    candidate = found.setdefault(spelling_key(name), MethodCandidate(name))
    candidate.proposed = candidate.proposed or proposed
    return candidate


@lru_cache(maxsize=65_536)  # asked of every word of every paper
def _name_like(text: str) -> bool:
    """Coined (``DyAug``, ``PC-Winter``, ``GPT-4``) or an acronym that is not a field or metric."""
    if is_not_method(text) or _ROMAN.match(text):
        return False
    parts = text.split("-")
    last = parts[-1]
    if not _NAME_SHAPE.match(text) or sum(c.isalpha() for c in text) < 2:
        return False
    if last.islower() and last[:1].isalpha():
        return False  # "SGD)-type", "ECI-guided"; but "GPT-4o", "ImageNet-1k"
    # "PC-Winter" is coined, "Consistency-Aware" is a capitalised adjective
    return any(any(c.isupper() for c in part[1:]) for part in parts)


def _canonical(text: str, units: Sequence[Unit]) -> str:
    """Singular form of a plural name when the paper also writes it singular, or for acronyms."""
    if is_acronym(text):
        return acronym_form(text)
    base = singular(text)
    if base != text and any(u.text == base for u in units):
        return base
    return text


def proposed_positions(units: Sequence[Unit], title_end: int) -> set[int]:
    """Unit positions where a name is being introduced."""
    positions = _title_head(units, title_end)
    window = 0  # units left in the object of "we propose ..."
    for i, unit in enumerate(units):
        lower = unit.text.lower()
        if lower in _PROPOSING and _has_author_subject(units, i):
            window = _PROPOSAL_WINDOW
        else:
            window = 0 if lower in _CLAUSE_END else max(window - 1, 0)
        if i > 0 and (
            units[i - 1].text.lower() == "our"
            or _our_apposition(units, i)
            or (window and _introduced_here(units, i))
        ):
            positions.add(i)
    return positions


def _our_apposition(units: Sequence[Unit], i: int) -> bool:
    """``Our method, CARE: ...``, ``our new algorithm, WAKER``, ``Our proposed method, i.e.,
    Prompt Learning with PerPlexity (PLPP)``: the name set beside the authors' own method,
    framework, model ..."""
    at = i - _that_is(units, i)
    if (
        at < 3
        or units[at - 1].text != ","
        or singular(units[at - 2].text.lower()) not in _PROPOSAL_HEADS
    ):
        return False
    before = units[at - 3]
    if before.text.lower() == "our":
        return True
    return (
        at > 3
        and before.pos in ("ADJ", "NOUN", "PROPN", "VERB")
        and units[at - 4].text.lower() == "our"
    )


def _that_is(units: Sequence[Unit], i: int) -> int:
    """How many units of ``i.e.,`` or ``namely`` stand just before ``i`` (0 when none do)."""
    if i > 2 and units[i - 1].text == "," and units[i - 2].text.lower() in _THAT_IS:
        return 2
    return 1 if i > 1 and units[i - 1].text.lower() in _THAT_IS else 0


def _has_author_subject(units: Sequence[Unit], i: int) -> bool:
    """``we (further) propose``, ``this paper presents``; not ``how to develop``."""
    return any(u.text.lower() in _AUTHOR_SUBJECTS for u in units[max(i - 3, 0) : i])


def _introduced_here(units: Sequence[Unit], i: int) -> bool:
    """In a proposing sentence, a name after a preposition is a building block, not the new name."""
    previous = units[i - 1].text.lower()
    return previous not in _NOT_AFTER and not (i > 1 and units[i - 2].text.lower() in _NOT_AFTER)


def _title_head(units: Sequence[Unit], title_end: int) -> set[int]:
    """``DyAug: ...`` titles name the proposed method before the colon."""
    for i in range(min(title_end, 4)):
        if units[i].text == ":":
            return set(range(i))
    return set()


def _title_named(units: Sequence[Unit], proposed_at: set[int]) -> list[str]:
    """``Ferret: Refer and Ground ...`` with ``We introduce Ferret, a new MLLM``: the title's
    head that the body then introduces, word for word and capitalised, names the paper's
    own method, even when its words are English (``Beam Enumeration``) or shaped like an
    adjective (``R-Sparse``)."""
    head = sorted(_title_head(units, len(units)))
    if not head:
        return []
    words = [units[i].text.lower() for i in head]  # a title's English words come lower-cased
    for i in sorted(p for p in proposed_at if p > head[-1] + 1):
        body = units[i : i + len(words)]
        if [u.text.lower() for u in body] == words and all(u.text[:1].isupper() for u in body):
            return [" ".join(u.text for u in body)]
    return []


def _named_after_trigger(units: Sequence[Unit]) -> list[str]:
    """Names written right after ``termed``, ``dubbed``, ``called`` ... (``called ECI sampling``)
    or the authors' ``we call``, ``we dub`` (``which we call TOTEM``, ``we call this method X``);
    not a name given to earlier work (``A recent method, called Context Optimization``)."""
    names = []
    for i, unit in enumerate(units):
        lower = unit.text.lower()
        if lower in NAMING_VERBS and not _earlier_work(units, i):
            name = _read_name(units, i + 1)
        elif lower in _NAMING_NOW and i > 0 and units[i - 1].text.lower() == "we":
            name = _read_name(units, _after_object(units, i + 1))
        else:
            continue
        if name:
            names.append(name)
    return names


def _earlier_work(units: Sequence[Unit], i: int) -> bool:
    """Whether the noun phrase the naming word ``i`` follows dates its thing before this paper
    (``A recent method, called``, ``a previously proposed model named``); not a word of an
    earlier phrase (``characterize prior research in this area termed``)."""
    start = i - 1 if i > 0 and units[i - 1].text == "," else i
    for unit in reversed(units[max(start - _NAMED_REACH, 0) : start]):
        if unit.text.lower() in _EARLIER:
            return True
        if unit.pos not in _NOUN_PHRASE and unit.tag not in PARTICIPLE_TAGS:
            return False
    return False


def _after_object(units: Sequence[Unit], i: int) -> int:
    """Past the object of ``we call this method``, ``we term the general algorithm``: a
    pronoun, or a definite word and up to two lowercase words (``we call an energy GNN``
    names no new ``GNN``)."""
    if i < len(units) and units[i].text.lower() in ("it", "them"):
        return i + 1
    if i < len(units) and units[i].text.lower() in _DEFINITE:
        end = i + 1
        while end < min(i + 3, len(units)) and units[end].text.islower():
            end += 1
        return end
    return i


def _read_name(units: Sequence[Unit], i: int) -> str | None:
    """Read a name of up to four units starting at ``i``; it must contain a capital letter."""
    while i < len(units) and units[i].text.lower() in (
        "as",
        "the",
        "it",
        '"',
        "'",
        "`",
        "``",
        "\u201c",
    ):
        i += 1
    if i >= len(units) or not _has_capital(units[i].text) or not units[i].text[:1].isalnum():
        return None
    words = [units[i].text]
    for unit in units[i + 1 : i + 4]:
        if unit.pos not in _HEADS or unit.text.lower() in STOPWORDS or not unit.text[:1].isalnum():
            break
        words.append(unit.text)
    end = i + len(words)
    if end < len(units) and units[end].text in ("'s", "\u2019s"):
        return None  # ``we call these networks Dale's ANNs``: an owner, not the name
    while len(words) > 1 and singular(words[-1]).lower() in GENERIC_HEADS:
        words.pop()
    return " ".join(words)


def _appositive_names(units: Sequence[Unit], proposed_at: set[int]) -> list[str]:
    """``we introduce Cybench, a framework for ...``: a coined capitalised word the paper
    introduces and then describes (an ordinary word such as ``Transformers`` is not coined)."""
    names = []
    for i in proposed_at:
        if (
            i + 2 >= len(units)
            or units[i + 1].text != ","
            or units[i + 2].text.lower()
            not in (
                "a",
                "an",
            )
        ):
            continue
        text = units[i].text
        if text.istitle() and text.isalpha() and not _ordinary(text.lower()):
            names.append(text)
    return names


def _capitalised_names(units: Sequence[Unit], proposed_at: set[int]) -> list[str]:
    """``we propose the Consistency-Aware KN modification method``: capitalised words the
    paper introduces, followed within two words by what they are."""
    names = []
    for i in sorted(proposed_at):
        if i == 0 or units[i - 1].text[:1].isupper():
            continue  # inside a run, or a sentence's first word
        run = _capitalised_run(units, i)
        if len(run) >= 2 and any(
            singular(u.text.lower()) in _PROPOSAL_HEADS for u in units[i + len(run) :][:3]
        ):
            names.append(" ".join(u.text for u in run))
    return names


def _capitalised_run(units: Sequence[Unit], i: int) -> list[Unit]:
    run = []
    for unit in units[i : i + 4]:
        if not unit.text[:1].isupper() or unit.pos not in ("NOUN", "PROPN", "ADJ"):
            break
        run.append(unit)
    return run


def _ordinary(word: str) -> bool:
    from wordfreq import zipf_frequency

    return bool(zipf_frequency(word, "en") >= _ORDINARY_ZIPF)


def _has_capital(text: str) -> bool:
    return any(c.isupper() for c in text)
