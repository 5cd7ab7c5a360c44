"""Which of the names a proposing cue marked are the paper's own, and which name the cue's
long form stands for.

The cues of :mod:`._methods` mark every name in the object of ``we propose``, ``introduce``,
``present`` and every emphasised one. Four readings correct them, each recorded under its own
rule id (``MethodCandidate.cue``):

* ``proposed.long-form-acronym``: ``we propose Image2Sentence based Asymmetric zero-shot
  composed image retrieval (ISA)`` proposes ISA, the acronym that long form defines; a coined
  token inside the long form (``Image2Sentence``) is a part of that name, not a second one.
* ``proposed.appositive-setting``: in ``This work introduces NeuroQuant, a novel post-training
  quantization (PTQ) approach tailored to ... Video Coding (INR-VC)``, an acronym the
  appositive describing NeuroQuant names first (``PTQ``, ``INR-VC``) is the technique and
  setting it belongs to: used, even where a later sentence says it introduces it.
* ``proposed.listed-before``: a name the paper first lists among others (``models, namely
  LSTM, DeepAR, NLinear``) is one it compares, not one a later ``we introduce a custom
  NLinear model`` or ``enhance DeepAR with`` coins.
* ``proposed.existing-term``: emphasis after ``so-called`` marks a term already in use, and
  emphasis in the opening, before the paper first speaks of itself, marks the prior work it
  starts from (``have initiated the so-called *LLM prompting* paradigm``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ._kinds import Span, occurrences
from ._methods import (
    _AUTHOR_SUBJECTS,
    _PROPOSING,
    MethodCandidate,
    _has_author_subject,
    _letters_from,
    _named_after_trigger,
    _title_head,
    spelling_key,
)
from ._tagging import Unit

__all__ = ["read_own_names"]

_SENTENCE_ENDS = frozenset({".", "!", "?"})
#: What ends an appositive describing a proposed name: the sentence or clause, or the next
#: name of a list (``X, a benchmark, and Y, a model``).
_APPOSITIVE_ENDS = frozenset({".", "!", "?", ";"})
_ARTICLES = frozenset({"a", "an"})
#: Words that set a name beside others in a list.
_LIST_JOINERS = frozenset({",", "and", "or"})
#: Words before an emphasised term that mark it as one already in use.
_EXISTING = frozenset({"so-called", "so called", "known as", "termed as"})
#: The most units from a proposing verb to the bracket of the acronym its long form defines.
_LONG_FORM_REACH = 12
#: Words that open a long form after the verb and belong to no name.
_LEADING = frozenset({"a", "an", "the", "our", "novel", "new"})
_ACRONYM_SHAPE = re.compile(r"^[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*$")


def read_own_names(
    units: Sequence[Unit],
    methods: list[MethodCandidate],
    *,
    proposed_at: set[int],
    title_end: int,
    emphasised: Sequence[str],
) -> list[MethodCandidate]:
    """``methods`` with the readings of this module applied (see the module's docstring): a
    long form's acronym proposed and its coined parts folded into it, and the names the
    paper's cues marked but does not introduce made used, each with the rule that says why."""
    methods = _long_form_acronyms(units, methods, title_end)
    head = _title_head(units, title_end)
    named = set(_named_after_trigger(units))
    spans = {id(m): [s for s in occurrences(units, m) if s[0] >= title_end] for m in methods}
    sentences = _sentence_starts(units)
    claim = _first_claim(units, title_end, sentences)
    starts = {s for m in methods for s, _ in spans[id(m)]}
    ends = {e for m in methods for _, e in spans[id(m)]}
    appositives = _appositives(units, methods, spans, proposed_at)
    for method in methods:
        body = spans[id(method)]
        if not method.proposed or method.cue or not body or method.name in named:
            continue  # ``a structure alignment strategy called PTSA``: named as its own
        if _own_cue(units, method, head):
            continue
        first = body[0][0]
        rule = None
        in_appositive = any(a <= first < b for o, (a, b) in appositives if o is not method)
        if in_appositive and _in_capitals(method.name):
            rule = "proposed.appositive-setting"
        elif _listed_before(units, body, proposed_at, starts, ends, sentences):
            rule = "proposed.listed-before"
        elif method.name in emphasised and _existing_term(units, first, claim, proposed_at):
            rule = "proposed.existing-term"
        if rule is not None:
            method.proposed, method.cue = False, rule
    return methods


def _in_capitals(name: str) -> bool:
    """``PTQ``, ``INR-VC``, ``GPT-2``: an acronym, the way a technique or setting is written
    (a coined part of the new thing, ``DyAug``, is not)."""
    letters = [c for c in name.rstrip("s") if c.isalpha()]
    return " " not in name and len(letters) >= 2 and all(c.isupper() for c in letters)


def _own_cue(units: Sequence[Unit], method: MethodCandidate, head: set[int]) -> bool:
    """Whether a cue no reading here overrules marks ``method``: it heads the title or
    follows ``our``."""
    for start, _ in occurrences(units, method):
        if start in head or (start > 0 and units[start - 1].text.lower() == "our"):
            return True
    return False


def _sentence_starts(units: Sequence[Unit]) -> list[int]:
    """Per unit, the position where its sentence starts."""
    starts, start = [], 0
    for i, unit in enumerate(units):
        starts.append(start)
        if unit.text in _SENTENCE_ENDS:
            start = i + 1
    return starts


def _first_claim(units: Sequence[Unit], title_end: int, sentences: list[int]) -> int:
    """Where the first sentence of the body in which the paper speaks of itself (``we``,
    ``our``, ``this paper``) starts; the end of the text when none does."""
    for i in range(title_end, len(units)):
        if units[i].text.lower() in (*_AUTHOR_SUBJECTS, "our", "us"):
            return sentences[i]
    return len(units)


def _long_form_acronyms(
    units: Sequence[Unit], methods: list[MethodCandidate], title_end: int
) -> list[MethodCandidate]:
    """``we propose Image2Sentence based Asymmetric ... retrieval (ISA)``: the object of a
    proposing clause runs, without a comma, to a bracketed acronym whose letters come from it
    in order: that acronym is the proposed name, the long form its alias, and a name written
    inside the long form (``Image2Sentence``) one of its spellings, not a method of its own."""
    by_key = {m.key: m for m in methods}
    folded: set[str] = set()
    for verb in range(title_end, len(units)):
        if units[verb].text.lower() not in _PROPOSING or not _has_author_subject(units, verb):
            continue
        found = _bracketed_acronym(units, verb + 1)
        if found is None:
            continue
        start, bracket = found
        acronym = by_key.get(spelling_key(units[bracket + 1].text))
        if acronym is None or acronym.proposed:
            continue
        long_form = " ".join(u.text for u in units[start:bracket])
        parts = [
            m
            for m in methods
            if m is not acronym
            and any(start <= s and e <= bracket for s, e in occurrences(units, m))
        ]
        acronym.proposed, acronym.cue = True, "proposed.long-form-acronym"
        for name in (long_form, *(p.name for p in parts)):
            if name not in acronym.aliases:
                acronym.aliases.append(name)
        folded |= {p.key for p in parts}
    return [m for m in methods if m.key not in folded]


def _bracketed_acronym(units: Sequence[Unit], i: int) -> tuple[int, int] | None:
    """Where the long form starts and its bracket opens, when the words from ``i`` run to
    ``( ACRONYM )`` within reach, without a comma or the sentence ending, the acronym's
    letters coming from the long form in order, its first from the long form's first word,
    which is capitalised (a name, not ``a method using graph neural networks (GNN)``)."""
    while i < len(units) and units[i].text.lower() in _LEADING:
        i += 1
    for bracket in range(i + 1, min(i + _LONG_FORM_REACH, len(units) - 2)):
        text = units[bracket].text
        if text in (",", ";", *_SENTENCE_ENDS, ")"):
            return None
        if text != "(":
            continue
        acronym = units[bracket + 1].text
        if units[bracket + 2].text != ")" or not _ACRONYM_SHAPE.match(acronym):
            return None
        form = " ".join(u.text for u in units[i:bracket])
        if units[i].text[:1].isupper() and _letters_from(acronym, form):
            return i, bracket
        return None
    return None


def _appositives(
    units: Sequence[Unit],
    methods: list[MethodCandidate],
    spans: dict[int, list[Span]],
    proposed_at: set[int],
) -> list[tuple[MethodCandidate | None, Span]]:
    """``NeuroQuant, a novel post-training quantization (PTQ) approach tailored to ...``: the
    span of the appositive that describes a name at a proposing cue, from its article to the
    end of the sentence or clause, or to the next proposing verb or list item, with the
    proposed method it describes. The name may be one no finder took for a method (``We
    introduce Ferret, a new Multimodal Large Language Model (MLLM)``, an English word): the
    appositive still says what the new thing is, so what it names is not that thing."""
    owners: dict[int, MethodCandidate | None] = {}
    for method in methods:
        for start, end in spans[id(method)]:
            if method.proposed and start in proposed_at:
                owners[end] = method
    for end in range(1, len(units)):
        if end - 1 in proposed_at and units[end - 1].text[:1].isupper():
            owners.setdefault(end, None)
    found = []
    for end, owner in sorted(owners.items(), key=lambda item: item[0]):
        if end + 1 >= len(units) or units[end].text != ",":
            continue
        if units[end + 1].text.lower() not in _ARTICLES:
            continue
        stop = end + 1
        while stop < len(units) and not _ends_appositive(units, stop):
            stop += 1
        found.append((owner, (end + 1, stop)))
    return found


def _ends_appositive(units: Sequence[Unit], i: int) -> bool:
    text = units[i].text.lower()
    if text in _APPOSITIVE_ENDS or text in _PROPOSING:
        return True
    return text == "and" and units[i - 1].text == ","


def _listed_before(
    units: Sequence[Unit],
    body: list[Span],
    proposed_at: set[int],
    starts: set[int],
    ends: set[int],
    sentences: list[int],
) -> bool:
    """Whether the name is first written, at no cue, in a list of the paper's other names
    (``namely LSTM, DeepAR, NLinear``) in a sentence before any cue marks it."""
    first, last = body[0]
    cued = [s for s, _ in body if s in proposed_at]
    if first in proposed_at or not cued or sentences[first] == sentences[cued[0]]:
        return False
    before = first >= 2 and units[first - 1].text in _LIST_JOINERS and first - 1 in ends
    if not before and first >= 3 and units[first - 1].text in _LIST_JOINERS:
        before = units[first - 2].text == "," and first - 2 in ends
    after = last + 1 < len(units) and units[last].text in _LIST_JOINERS and last + 1 in starts
    return before or after


def _existing_term(units: Sequence[Unit], first: int, claim: int, proposed_at: set[int]) -> bool:
    """Whether emphasis marks a term in use: after ``so-called``, or written first, at no cue
    and not opening its sentence, in the opening before the paper first speaks of itself."""
    words = [u.text.lower() for u in units[max(first - 2, 0) : first]]
    if words and (words[-1] in _EXISTING or " ".join(words) in _EXISTING):
        return True
    opening = first < claim and first not in proposed_at
    return opening and first > 0 and units[first - 1].text not in _SENTENCE_ENDS
