"""POS tagging into *units*: spaCy tokens with hyphenated compounds glued back together.

spaCy splits ``k-sparse``, ``PC-Winter`` and ``JPEG-DL`` at the hyphen, and a unit off the
number before it (``GSM8K`` into ``GSM8`` and ``K``). Names and keyphrases must keep them whole,
so such tokens with no space between them become one :class:`Unit` whose part of speech is
decided by its last part.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

__all__ = [
    "PARTICIPLE_TAGS",
    "Unit",
    "cut_at_bracket",
    "truecase_title",
    "units_from_doc",
    "units_from_pairs",
]

_HYPHENS = frozenset({"-", "\u2010", "\u2011", "\u2013"})
#: Verb forms that make a compound an adjective: ``data-driven``, ``LLM-Based``.
PARTICIPLE_TAGS = frozenset({"VBN", "VBG", "VBD"})
# Penn Treebank tag → universal POS. spaCy's attribute_ruler does this too, but costs 40% of
# the tagging time for exceptions (auxiliaries, "'s") that the chunker does not need.
_UPOS = {
    **dict.fromkeys(["NN", "NNS"], "NOUN"),
    **dict.fromkeys(["NNP", "NNPS"], "PROPN"),
    **dict.fromkeys(["JJ", "JJR", "JJS", "AFX"], "ADJ"),
    **dict.fromkeys(["VB", "VBD", "VBG", "VBN", "VBP", "VBZ"], "VERB"),
    **dict.fromkeys(["RB", "RBR", "RBS", "WRB"], "ADV"),
    **dict.fromkeys(["DT", "PDT", "WDT"], "DET"),
    **dict.fromkeys(["PRP", "PRP$", "WP", "WP$", "EX"], "PRON"),
    **dict.fromkeys(
        [",", ".", ":", "``", "''", "-LRB-", "-RRB-", "HYPH", "NFP", '"', "$", "#"], "PUNCT"
    ),
    **dict.fromkeys(["IN", "RP"], "ADP"),
    **dict.fromkeys(["TO", "POS"], "PART"),
    "MD": "AUX",
    "CC": "CCONJ",
    "CD": "NUM",
    "SYM": "SYM",
    "UH": "INTJ",
}
_TITLE_WORD = re.compile(r"(?<![-\w])[A-Z][a-z]+(?:-[A-Za-z][a-z]*)*\b(?!-)")


class Unit(NamedTuple):
    """A word or hyphenated compound with its coarse (``pos``) and fine (``tag``) POS tags.

    A named tuple: a paper has hundreds of units and building them is on the hot path.
    """

    text: str
    pos: str
    tag: str
    idx: int = 0  # character offset in the tagged text


def units_from_doc(doc: Any) -> list[Unit]:
    """Convert a spaCy ``Doc`` into units; the coarse POS comes from the fine tag.

    Reads the token attributes as one array (``Doc.to_array``): iterating ``Token`` objects
    costs more than the tagger itself.
    """
    from spacy.attrs import IDX, LENGTH, SPACY, TAG

    text, strings = doc.text, doc.vocab.strings
    rows = doc.to_array([IDX, LENGTH, TAG, SPACY]).tolist()
    tags = {h: strings[h] for h in {row[2] for row in rows}}
    return units_from_pairs(
        (text[i : i + n], _UPOS.get(tags[t], "X"), tags[t], bool(s), i) for i, n, t, s in rows
    )


def units_from_pairs(tokens: Iterable[tuple[str, str, str, bool, int]]) -> list[Unit]:
    """Build units from ``(text, pos, tag, space_after, offset)`` tuples, gluing ``a-b`` compounds."""
    units: list[Unit] = []
    parts: list[tuple[str, str, str, int]] = []
    spaced = True
    for text, pos, tag, space, offset in _split_periods(tokens):
        if parts and not (not spaced and _joins(parts[-1][0], text)):
            units.append(_merge(parts))
            parts = []
        parts.append((text, pos, tag, offset))
        spaced = space
    if parts:
        units.append(_merge(parts))
    return units


def _split_periods(
    tokens: Iterable[tuple[str, str, str, bool, int]],
) -> Iterator[tuple[str, str, str, bool, int]]:
    """Split a sentence's final period off a word spaCy took for an abbreviation (``FreeDyG.``,
    ``LLaMA-7B.``), so a name never ends in one; abbreviations with inner periods (``e.g.``)
    stay whole."""
    for text, pos, tag, space, offset in tokens:
        word = text[:-1]
        if len(text) >= 2 and text.endswith(".") and "." not in word and word[-1].isalnum():
            yield word, pos, tag, False, offset
            yield ".", "PUNCT", ".", space, offset + len(word)
        else:
            yield text, pos, tag, space, offset


def _joins(previous: str, current: str) -> bool:
    """Whether ``current`` continues a compound after ``previous`` when no space separates them."""
    if previous[-1:].isdigit() and current.isalpha():
        return True  # spaCy splits a unit off a number: GSM8K, ImageNet-1K, 8K, 5GB
    if current in _HYPHENS:
        return previous[-1:].isalnum()
    return previous in _HYPHENS and current[:1].isalnum()


def _merge(parts: Sequence[tuple[str, str, str, int]]) -> Unit:
    """Merge ``word - word - word`` parts; a dangling trailing hyphen becomes its own unit."""
    if len(parts) == 1:
        return Unit(*parts[0])
    if parts[-1][0] in _HYPHENS:  # "pre- and post-training": keep the word, drop the hyphen
        parts = parts[:-1]
        if len(parts) == 1:
            return Unit(*parts[0])
    text = "".join(p[0] for p in parts)
    return Unit(text, _compound_pos(parts), parts[-1][2], parts[0][3])


def _compound_pos(parts: Sequence[tuple[str, str, str, int]]) -> str:
    """Part of speech of a compound: nouns stay nouns, verb or number endings act as adjectives."""
    last_pos, last_tag = parts[-1][1], parts[-1][2]
    if last_pos in ("NOUN", "PROPN"):
        return last_pos
    if last_pos == "NUM" and parts[0][1] in ("NOUN", "PROPN"):
        return "PROPN"  # GPT-4, Llama-2
    if last_pos in ("ADJ", "NUM") or last_tag in PARTICIPLE_TAGS:
        return "ADJ"  # data-driven, two-stage, k-sparse
    return last_pos


def cut_at_bracket(text: str) -> bool:
    """Whether a unit's parentheses do not pair up: the tokeniser cut it inside a bracket the
    author opened or closed without a space (``maps(e.g``, ``inner-model(s``, ``Syndrome)(i.e``),
    so it is no word of a name; ``SE(3)-equivariant`` pairs up."""
    depth = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            return True
    return depth != 0


def truecase_title(title: str) -> str:
    """Lowercase Title-Case words so the tagger reads a title as prose, not as a proper name.

    ``Graph Neural Networks Gone Hogwild`` becomes ``graph neural networks gone hogwild``; coined
    names and acronyms (``DyAug``, ``GNN``) keep their case.
    """
    return _TITLE_WORD.sub(lambda m: m.group(0).lower(), title)
