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
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate

from graph.writes import Evidence
from loaders.markup import WORD_MACROS

__all__ = ["PaperText", "sentence_bounds"]

_ASCII_WORD = re.compile(r"[A-Za-z0-9]+")
#: A LaTeX control word (group 1) or a word: letters and digits, with any combining accents.
_TOKEN = re.compile(r"\\([A-Za-z]+)|((?:[^\W_]|[\u0300-\u036f])+)")
#: A sentence ends at ., ! or ? before a space and what can start a sentence; "e.g. the" and
#: "i.e., a" do not end one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\[\"'“‘\\$*])")


class _Words:
    """A text's words folded for matching (lowercase, accents and markup removed), and where
    each starts in the stored text; ``maps`` gives, for a word whose letters are not the stored
    ones one for one (an accent, a macro), the stored index of each letter (else ``None``)."""

    def __init__(self, text: str) -> None:
        self.text = text
        # Most abstracts are plain ASCII: each folded letter is a stored one, and where words
        # start is only worked out once a phrase is found.
        self.plain = text.isascii() and "\\" not in text
        if self.plain:
            self.words = tuple(_ASCII_WORD.findall(text.lower()))
            self.maps: tuple[tuple[int, ...] | None, ...] = ()
        else:
            self.words, self._starts, self.maps = _fold_markup(text)

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """The stored index of each word's first letter."""
        if self.plain:
            return tuple(m.start() for m in _ASCII_WORD.finditer(self.text))
        return self._starts

    @cached_property
    def spaced(self) -> str:
        """The words with one space around each: ``" graph neural networks "``."""
        return f" {' '.join(self.words)} "

    @cached_property
    def squeezed(self) -> str:
        """The words run together (see :meth:`word_edge`)."""
        return "".join(self.words)

    @cached_property
    def letter_starts(self) -> list[int]:
        """Index into :attr:`squeezed` of each word's first letter."""
        return list(accumulate(map(len, self.words[:-1]), initial=0))

    def word_edge(self, letter: int) -> bool:
        """Whether a word starts or ends just before ``letter`` of :attr:`squeezed`."""
        starts = self.letter_starts
        at = bisect_left(starts, letter)
        return letter == len(self.squeezed) or (at < len(starts) and starts[at] == letter)

    def stored_span(self, first: int, stop: int) -> tuple[int, int]:
        """Stored ``(start, end)`` of the folded letters ``first`` to ``stop`` (exclusive)."""
        return self._stored(first), self._stored(stop - 1) + 1

    def _stored(self, letter: int) -> int:
        word = bisect_right(self.letter_starts, letter) - 1
        offset = letter - self.letter_starts[word]
        mapped = self.maps[word] if self.maps else None
        return mapped[offset] if mapped is not None else self.starts[word] + offset


_Folded = tuple[tuple[str, ...], tuple[int, ...], tuple[tuple[int, ...] | None, ...]]


def _fold_markup(text: str) -> _Folded:
    """Words, starts and maps of a text with markup or non-ASCII letters. A LaTeX control word
    separates words (``\\emph{prompt}`` reads ``prompt``) unless markup cleaning keeps it as a
    word (``\\alpha``)."""
    words: list[str] = []
    firsts: list[int] = []
    maps: list[tuple[int, ...] | None] = []
    for m in _TOKEN.finditer(text):
        macro = m.group(1)
        if macro is not None and macro not in WORD_MACROS:
            continue
        word, at = _fold_word(m.group(0), m.start()) if macro is None else _macro(m)
        if word:
            words.append(word)
            firsts.append(at[0] if at else m.start())
            maps.append(at)
    return tuple(words), tuple(firsts), tuple(maps)


def _macro(m: re.Match[str]) -> tuple[str, tuple[int, ...]]:
    """A macro markup cleaning turns into a word, as that word (``\\times`` reads ``x``), its
    letters spanning the macro."""
    word = _fold_phrase(WORD_MACROS[m.group(1)]).replace(" ", "")
    return word, (m.start(),) * (len(word) - 1) + (m.end() - 1,)


def _fold_word(token: str, start: int) -> tuple[str, tuple[int, ...] | None]:
    """A token's folded letters and, unless they are its own one for one, their stored indices."""
    if token.isascii():
        return token.lower(), None
    letters, origin = [], []
    for i, ch in enumerate(token):
        decomposed = unicodedata.normalize("NFKD", ch)
        for c in decomposed.lower():
            if c.isalnum() and not unicodedata.combining(c):
                letters.append(c)
                origin.append(start + i)
    return "".join(letters), tuple(origin)


def _fold_phrase(phrase: str) -> str:
    """``phrase`` folded as stored text is, its words joined by single spaces."""
    return " ".join(_Words(phrase).words)


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
        return _Words(self.text)

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
        at = text.find(letters)
        while at >= 0:
            if f.word_edge(at):
                for end in _plural_ends(text, at + len(letters)):
                    if f.word_edge(end):
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

    def evidence_at(self, cue: str, phrase: str) -> Evidence | None:
        """Where ``phrase`` is written inside the first place the paper writes ``cue`` (the
        base of a variant after ``extends``), or ``None`` when it writes no such cue."""
        for field in self._fields:
            around = field.find(cue)
            if around is None:
                continue
            span = _Field(field.name, field.text[around[0] : around[1]]).find(phrase)
            if span is not None:
                return _evidence(field, around[0] + span[0], around[0] + span[1])
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
