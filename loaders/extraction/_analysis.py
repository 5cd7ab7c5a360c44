"""Per-document analysis, model-free: acronyms, concept candidates and method names.

Runs on the tagged units of one document. Batches are analysed in two passes so that an
acronym defined in one paper resolves in every other paper of the same batch:
:func:`define` (learn definitions) for all documents, then the analysis stages
(:mod:`._analysis_stages`), which call the helpers here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from loaders.markup import maths_symbols, strip_markup

from ._acronyms import Definition, find_definitions
from ._candidates import Candidate, Expander, expand_words, surface
from ._kinds import evaluated_on, occurrences
from ._methods import (
    MethodCandidate,
    emphasised_names,
    proposed_positions,
    split_definitions,
)
from ._normalise import GENERIC_HEADS, concept_key, is_acronym, method_key, singular
from ._not_methods import is_organisation
from ._registry import AcronymRegistry, acronym_form
from ._tagging import Unit, truecase_title
from ._types import Document

__all__ = [
    "Analysis",
    "Definitions",
    "Prepared",
    "concept_expander",
    "concept_resolver",
    "define",
    "mark_not_introduced",
    "prepare",
    "used_acronyms",
    "with_known_acronyms",
    "without_methods",
]

_PLURAL_TAGS = frozenset({"NNS", "NNPS"})
_NEW = frozenset({"first", "new", "novel"})


@dataclass(frozen=True)
class Prepared:
    """A document ready for tagging: clean prose, where the title ends, emphasised names."""

    text: str
    title_chars: int
    emphasised: tuple[str, ...]
    #: Greek letters the document writes only in maths: variables in the prose
    symbols: frozenset[str] = frozenset()


@dataclass
class Definitions:
    """What one document defines: concept acronyms (acronym → key) and method-name definitions."""

    concepts: dict[str, str]
    proposed_at: set[int]
    methods: list[Definition] = field(default_factory=list)
    title_end: int = 0
    #: concept key → its long form as this document writes it, the name of a concept the
    #: document otherwise writes only as its acronym
    names: dict[str, str] = field(default_factory=dict)
    #: unit spans ``[start, end)`` of every long form the document defines an acronym by
    long_forms: list[tuple[int, int]] = field(default_factory=list)
    #: concept acronym → its long form's words (the document's own acronyms expanded) and
    #: whether the last is plural, to key it again once the graph's acronyms are known
    long_words: dict[str, tuple[tuple[str, ...], bool]] = field(default_factory=dict)


@dataclass
class Analysis:
    """Concept candidates and method names of one document."""

    candidates: dict[str, Candidate]
    methods: list[MethodCandidate]
    acronyms: dict[str, str]  # acronym → concept key, as used in this document
    length: int
    #: the document's definitions as this analysis keyed them (see :func:`with_known_acronyms`)
    defined: Definitions = field(default_factory=lambda: Definitions({}, set()))


def prepare(doc: Document) -> Prepared:
    """Clean markup; title-case words of the title are lowercased so the tagger reads prose."""
    body = strip_markup(doc.text)
    title = truecase_title(strip_markup(doc.title or "")).rstrip(" .")
    text = f"{title}. {body}" if title else body
    emphasised = emphasised_names(doc.text) + emphasised_names(doc.title or "")
    symbols = maths_symbols(f"{doc.title or ''} {doc.text}")
    return Prepared(text, len(title) + 1 if title else 0, tuple(emphasised), symbols)


def define(units: Sequence[Unit], prepared: Prepared) -> Definitions:
    """Find the acronyms this document defines and split them into concepts and method names."""
    title_end = next((i for i, u in enumerate(units) if u.idx >= prepared.title_chars), len(units))
    proposed_at = proposed_positions(units, title_end)
    found = find_definitions(units)
    proposed_at |= {d.start for d in found if _introduced(units, d)}
    concept_defs, method_defs = split_definitions(found, proposed_at, units)
    spans: dict[str, Sequence[Unit]] = {}
    for d in concept_defs:
        span = units[d.start : d.end]
        if not any(_lone_letter(u.text) for u in span):
            spans.setdefault(d.acronym, span)
    long_words = _long_form_words(spans)
    concepts = {a: _key(words) for a, words in long_words.items()}
    names: dict[str, str] = {}
    for acronym, span in spans.items():
        names.setdefault(concepts[acronym], surface(span))
    long_forms = [(d.start, d.end) for d in found]
    return Definitions(concepts, proposed_at, method_defs, title_end, names, long_forms, long_words)


def _long_form_words(
    spans: dict[str, Sequence[Unit]],
) -> dict[str, tuple[tuple[str, ...], bool]]:
    """Each acronym's long form. An acronym inside a long form is expanded as the paper defines
    it (``graphon MFGs (GMFGs)`` after ``mean field games (MFGs)`` is ``graphon mean field
    game``), as it is wherever else the paper writes ``graphon MFGs``."""
    words = {a: (tuple(u.text for u in span), _plural(span[-1])) for a, span in spans.items()}
    keys = {a: _key(w) for a, w in words.items()}

    def inner(word: str) -> list[str] | None:
        key = keys.get(acronym_form(word))
        return key.split(" ") if key else None

    return {a: (tuple(expand_words(w, inner)), plural) for a, (w, plural) in words.items()}


def _key(long_form: tuple[tuple[str, ...], bool]) -> str:
    words, plural = long_form
    return concept_key(list(words), plural_head=plural)


def with_known_acronyms(defined: Definitions, registry: AcronymRegistry) -> Definitions:
    """``defined`` with the acronyms inside its long forms that the paper does not define
    expanded as the graph knows them, as they are in the paper's other phrases: where another
    paper defined MDP, ``Bayes-Adaptive MDP (BAMDP)`` is ``bayes adaptive markov decision
    process``, the key the paper's ``Bayes-Adaptive MDP`` takes, not a second concept."""
    own = set(defined.concepts) | {d.acronym for d in defined.methods}

    def inner(word: str) -> list[str] | None:
        key = None if acronym_form(word) in own else registry.resolve(word)
        return key.split(" ") if key else None

    concepts = {
        a: _key((tuple(expand_words(words, inner)), plural))
        for a, (words, plural) in defined.long_words.items()
    }
    if concepts == defined.concepts:
        return defined
    names: dict[str, str] = {}
    for acronym, key in defined.concepts.items():
        if key in defined.names:
            names.setdefault(concepts[acronym], defined.names[key])
    return replace(defined, concepts=concepts, names=names)


def _lone_letter(text: str) -> bool:
    """A letter alone in a long form is a variable or a broken word (``LLMs A s Tool
    Makers``), as in a candidate phrase: the acronym is left undefined."""
    return len(text) == 1 and text.isalpha()


def concept_resolver(
    defined: Definitions, registry: AcronymRegistry
) -> Callable[[str], str | None]:
    """The concept key an acronym stands for, this paper's definitions first, then the
    registry's; never for one the paper defines as a method name."""
    method_acronyms = {d.acronym for d in defined.methods}

    def resolve(word: str) -> str | None:
        form = acronym_form(word)
        if form in method_acronyms:
            return None
        return defined.concepts.get(form) or registry.resolve(form)

    return resolve


def concept_expander(resolve: Callable[[str], str | None]) -> Expander:
    """The words of the concept key ``resolve`` gives an acronym, or None."""

    def expand(word: str) -> list[str] | None:
        key = resolve(word)
        return key.split(" ") if key else None

    return expand


def used_acronyms(units: Sequence[Unit], resolve: Callable[[str], str | None]) -> dict[str, str]:
    """The concept acronyms the paper writes, each with the key it stands for."""
    return {acronym_form(u.text): k for u in units if is_acronym(u.text) and (k := resolve(u.text))}


def mark_not_introduced(
    units: Sequence[Unit],
    methods: list[MethodCandidate],
    defined: Definitions,
    emphasised: Sequence[str],
) -> None:
    """Mark as used the proposed names the paper does not introduce: one it writes in a
    sentence before the one that introduces another of its names (``Rotary Position Embeddings
    (RoPE) have been shown to ... We present YaRN (Yet another RoPE extensioN method)``: prior
    work the new name builds on), and one it only typesets and reports results on (``by 5%
    BLEU on \\texttt{OPUS-100}``: the data it evaluates on). A name in the title is left as
    it is, and so is one the authors typeset before they propose another (``We summarize
    these findings as **Query Localization** assumption``): they mark it as their own."""
    found = {m.key: occurrences(units, m) for m in methods}
    titled = {k for k, spans in found.items() if any(s < defined.title_end for s, _ in spans)}
    body = {k: [s for s in spans if s[0] >= defined.title_end] for k, spans in found.items()}
    firsts = {k: spans[0][0] for k, spans in body.items() if spans}
    cues = {i for i in defined.proposed_at if i >= defined.title_end}
    introduced_in = {
        _sentence_of(units, firsts[m.key])
        for m in methods
        if m.proposed and firsts.get(m.key, -1) in cues
    }
    for method in methods:
        first = firsts.get(method.key)
        if not method.proposed or method.key in titled or first is None:
            continue
        shown = method.name in emphasised
        earlier = first not in cues and any(s > _sentence_of(units, first) for s in introduced_in)
        only_shown = shown and not any(s in cues for s, _ in body[method.key])
        if (earlier and not shown) or (only_shown and evaluated_on(units, body[method.key])):
            method.proposed = False


def _sentence_of(units: Sequence[Unit], i: int) -> int:
    """How many sentences end before unit ``i``."""
    return sum(1 for u in units[:i] if u.text in (".", "!", "?"))


def without_methods(
    candidates: dict[str, Candidate], methods: list[MethodCandidate]
) -> dict[str, Candidate]:
    """Drop concept candidates that restate one of the paper's methods (see
    :func:`_restates_method`) or hold an organisation (organisations are not nodes: ``OpenAI``
    is neither a method nor a concept). A phrase that holds the name of a method the paper
    uses is otherwise a concept of its own: ``XML schema``, ``SPARQL queries``, ``JPEG
    compression`` say what the paper does with the thing it names."""
    names = _method_keys(methods)
    proposed = [m for m in methods if m.proposed]
    own = _method_keys(proposed)
    own_phrases = {m.key for m in proposed if " " in m.name}
    return {
        key: c
        for key, c in candidates.items()
        if method_key(key) not in names
        and not any(_restates_method(s.split(" "), names, own, own_phrases) for s in c.surfaces)
    }


def _method_keys(methods: list[MethodCandidate]) -> set[str]:
    """The keys of ``methods``' names and aliases."""
    return {k for m in methods for k in (m.key, *map(method_key, m.aliases))}


def _restates_method(
    words: list[str], names: set[str], own: set[str], own_phrases: set[str]
) -> bool:
    """Whether a phrase's ``words`` restate a method: they end in its name (``DyAug``,
    ``offline GFlowNet``, ``the agent GROOT``) or put it before a vague head (``DyAug
    framework``), or hold the name of a method the paper introduces, whose own phrases are
    mostly the method again or a clause the tagger misread (``AMAGO revisits``); such a name
    may run to several words (``Consistency-Aware KN modification method``, ``own_phrases``).
    An organisation anywhere counts too."""
    if any(is_organisation(w) for w in words):
        return True
    keys = [method_key(w) for w in words]
    if keys[-1] in names or own.intersection(keys) or _holds_phrase(words, own_phrases):
        return True
    return len(words) > 1 and keys[-2] in names and singular(words[-1]).lower() in GENERIC_HEADS


def _holds_phrase(words: list[str], phrases: set[str]) -> bool:
    """Whether words side by side spell one of the names ``phrases`` (keys of several words)."""
    return bool(phrases) and any(
        method_key(" ".join(words[i:j])) in phrases
        for j in range(2, len(words) + 1)
        for i in range(j - 1)
    )


def _introduced(units: Sequence[Unit], definition: Definition) -> bool:
    """``the first population-aware LFA (PA-LFA)``, ``a new ... (X)``: defined to be introduced."""
    return definition.start > 0 and units[definition.start - 1].text.lower() in _NEW


def _plural(unit: Unit) -> bool:
    return unit.tag in _PLURAL_TAGS or (is_acronym(unit.text) and unit.text.endswith("s"))


def restating_rule(key: str, candidate: Candidate, methods: list[MethodCandidate]) -> str | None:
    """The id of the rule by which :func:`without_methods` drops a candidate, or None when
    it keeps it (for the decision records; the same tests, in the same order)."""
    names = _method_keys(methods)
    if method_key(key) in names:
        return "concept.is-method-name"
    proposed = [m for m in methods if m.proposed]
    own, own_phrases = _method_keys(proposed), {m.key for m in proposed if " " in m.name}
    for words in (s.split(" ") for s in candidate.surfaces):
        if any(is_organisation(w) for w in words):
            return "concept.holds-organisation"
        if _restates_method(words, names, own, own_phrases):
            return "concept.restates-method"
    return None
