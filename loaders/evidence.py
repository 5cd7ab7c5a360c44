"""Where in a paper's stored text an extracted phrase is written: evidence for its edge.

The extractor reads the title and abstract cleaned of markup (``loaders.markup``), but the graph
stores them as the corpus gave them, so offsets are found again in the stored text. A phrase is
looked for as its words in order, ignoring case, accents, punctuation and markup between them
(``graph neural networks`` in ``\\emph{graph} neural-networks``); then with the spaces between
its letters ignored too, which finds words markup or a line break split (``\\textbf{L}ossless``,
``net- works``). Offsets are Python string indices into the stored field: ``text[start:end]`` is
the phrase as written, ``text[sentence_start:sentence_end]`` the sentence holding it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from graph.writes import Evidence
from loaders.markup import WORD_MACROS

__all__ = ["PaperText", "sentence_bounds"]

#: A LaTeX control word (group 1) or a word: letters and digits, with any combining accents.
_TOKEN = re.compile(r"\\([A-Za-z]+)|((?:[^\W_]|[\u0300-\u036f])+)")
#: A sentence ends at ., ! or ? before a space and what can start a sentence; "e.g. the" and
#: "i.e., a" do not end one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\[\"'“‘\\$*])")


@dataclass(frozen=True)
class _Words:
    """A field's words folded for matching (lowercase, accents and markup removed), and for
    each folded letter the index of the stored character it comes from."""

    words: tuple[str, ...]
    origin: tuple[int, ...]

    @cached_property
    def spaced(self) -> str:
        """The words with one space around each: ``" graph neural networks "``."""
        return f" {' '.join(self.words)} "

    @cached_property
    def squeezed(self) -> str:
        """The words run together, where :attr:`starts` and :attr:`ends` mark word edges."""
        return "".join(self.words)

    @cached_property
    def edges(self) -> tuple[frozenset[int], frozenset[int]]:
        """Indices into :attr:`squeezed` where a word starts, and just past where one ends."""
        starts, ends, n = [], [], 0
        for word in self.words:
            starts.append(n)
            n += len(word)
            ends.append(n)
        return frozenset(starts), frozenset(ends)

    def stored_span(self, first: int, stop: int) -> tuple[int, int]:
        """Stored ``(start, end)`` of the folded letters ``first`` to ``stop`` (exclusive)."""
        return self.origin[first], self.origin[stop - 1] + 1


def _words(text: str) -> _Words:
    """Fold ``text`` word by word. A LaTeX control word separates words (``\\emph{prompt}``
    reads ``prompt``) unless markup cleaning keeps it as a word (``\\alpha``)."""
    words: list[str] = []
    origin: list[int] = []
    for m in _TOKEN.finditer(text):
        macro = m.group(1)
        if macro is not None and macro not in WORD_MACROS:
            continue
        word, at = _fold_word(m.group(0), m.start()) if macro is None else _macro(m)
        if word:
            words.append(word)
            origin.extend(at)
    return _Words(tuple(words), tuple(origin))


def _macro(m: re.Match[str]) -> tuple[str, list[int]]:
    """A macro markup cleaning turns into a word, as that word (``\\times`` reads ``x``), its
    letters spanning the macro."""
    word = _fold_phrase(WORD_MACROS[m.group(1)]).replace(" ", "")
    return word, [m.start()] * (len(word) - 1) + [m.end() - 1]


def _fold_word(token: str, start: int) -> tuple[str, list[int]]:
    if token.isascii():
        return token.lower(), list(range(start, start + len(token)))
    letters, origin = [], []
    for i, ch in enumerate(token):
        decomposed = unicodedata.normalize("NFKD", ch)
        for c in decomposed.lower():
            if c.isalnum() and not unicodedata.combining(c):
                letters.append(c)
                origin.append(start + i)
    return "".join(letters), origin


def _fold_phrase(phrase: str) -> str:
    """``phrase`` folded as stored text is, its words joined by single spaces."""
    return " ".join(_words(phrase).words)


def _plural_ends(text: str, stop: int) -> tuple[int, ...]:
    """Where a match ending at ``stop`` may end: there, or after a plural ``s``/``es`` (the
    extractor names ``RQFs`` by its singular, the method ``RQF``)."""
    if text.startswith("es", stop):
        return stop, stop + 2
    if text.startswith("s", stop):
        return stop, stop + 1
    return (stop,)


@dataclass(frozen=True)
class _Field:
    """One stored field (title or abstract) and its folded words."""

    name: str
    text: str

    @cached_property
    def folded(self) -> _Words:
        return _words(self.text)

    def find(self, phrase: str) -> tuple[int, int] | None:
        """Stored ``(start, end)`` of the first place ``phrase`` is written, or ``None``."""
        words = _fold_phrase(phrase)
        if not words:
            return None
        return self._find_words(words) or self._find_squeezed(words.replace(" ", ""))

    def _find_words(self, words: str) -> tuple[int, int] | None:
        f = self.folded
        spaced, needle = f.spaced, f" {words}"
        at = spaced.find(needle)
        while at >= 0:
            for end in _plural_ends(spaced, at + len(needle)):
                if spaced[end] == " ":
                    # letters before the match: one fewer than its index (the leading space),
                    # less the spaces between the words before it
                    first = at - spaced.count(" ", 0, at + 1) + 1
                    letters = end - at - 1 - words.count(" ")
                    return f.stored_span(first, first + letters)
            at = spaced.find(needle, at + 1)
        return None

    def _find_squeezed(self, letters: str) -> tuple[int, int] | None:
        f = self.folded
        text = f.squeezed
        starts, ends = f.edges
        at = text.find(letters)
        while at >= 0:
            if at in starts:
                for end in _plural_ends(text, at + len(letters)):
                    if end in ends:
                        return f.stored_span(at, end)
            at = text.find(letters, at + 1)
        return None


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The ``(start, end)`` of the sentence(s) of ``text`` holding ``text[start:end]``."""
    first, last = 0, len(text)
    for m in _SENTENCE_END.finditer(text):
        if m.start() <= start:
            first = m.end()
        elif m.start() >= end:
            last = m.start()
            break
    return first, last


class PaperText:
    """A paper's stored title and abstract, searched for the phrases extracted from them."""

    def __init__(self, *, abstract: str, title: str | None) -> None:
        # The abstract first: its sentence says more than the title ("we propose DyAug, …").
        self._fields = [_Field("abstract", abstract)] + ([_Field("title", title)] if title else [])

    def evidence(self, phrases: Iterable[str]) -> Evidence | None:
        """Where the first of ``phrases`` found is written (the abstract before the title), or
        ``None`` when the paper writes none of them (an author keyword it never uses)."""
        candidates = list(dict.fromkeys(p for p in phrases if p.strip()))
        for field in self._fields:
            for phrase in candidates:
                span = field.find(phrase)
                if span is not None:
                    return _evidence(field, *span)
        return None


def _evidence(field: _Field, start: int, end: int) -> Evidence:
    if field.name == "title":
        first, last = 0, len(field.text)
    else:
        first, last = sentence_bounds(field.text, start, end)
    return Evidence(
        field=field.name,
        start=start,
        end=end,
        text=field.text[start:end],
        sentence_start=first,
        sentence_end=last,
        sentence=field.text[first:last],
    )
