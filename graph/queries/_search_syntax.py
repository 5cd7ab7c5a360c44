"""The paper search language: what a researcher types, read into a safe Lucene query, the words
for the semantic side and the filters.

    graph neural network          words; any of them may match, more matches rank higher
    "graph neural network"        a phrase: the words next to each other, in this order
    diffusion AND privacy         both;  a OR b: either;  NOT a, -a, -"a phrase": not this
    (a OR b) AND c                parentheses group
    title:x  abstract:x  author:x a field: a word, a "quoted phrase" or a (group)
    year:2024  year:2020..2024  year:>=2022  year:<2020  venue:ICLR  venue:"ICLR 2024"

Only uppercase AND/OR/NOT are operators and only the field names above are fields, so a
pasted sentence (``Transformers: a survey``) reads as words. Every Lucene special character
in a word is escaped: no wildcard, fuzzy, range or regex query can be written. A word that the
index splits in several (``GPT-4``, ``state-of-the-art``) is searched as a phrase.

Lucene refuses queries of more than 1,024 terms and keeps working after the transaction's
timeout, so the text is bounded: at most :data:`MAX_SEARCH_WORDS` words, each searched in the
three indexed fields, and :data:`MAX_PAREN_DEPTH` levels of parentheses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from graph.queries._lucene import LUCENE_SPECIAL, refuse_long_text
from papergraph.errors import InvalidInputError

__all__ = ["MAX_PAREN_DEPTH", "MAX_SEARCH_CHARS", "MAX_SEARCH_WORDS", "SearchQuery", "parse_search"]

MAX_SEARCH_CHARS = 1000
#: Words as the index makes terms of them (runs of letters or digits, each CJK character its
#: own): times the three indexed fields, far under Lucene's 1,024 terms.
MAX_SEARCH_WORDS = 100
MAX_PAREN_DEPTH = 16

_WORD = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0002ffff]|[^\W_]+")
_EDGE_PUNCTUATION = re.compile(r"^[\W_]+|[\W_]+$")
_FIELDS = {"title:": "title", "abstract:": "abstract", "author:": "authorText"}
_YEAR_BOUND = re.compile(r"(>=|<=|>|<)(\d{4})")
_YEAR_RANGE = re.compile(r"(\d{4})?(?:\.\.|-|–)(\d{4})?")

_GRAMMAR = r"""
start: seq?
?seq: conj (OR? conj)*
?conj: unary (AND unary)*
?unary: NOT unary -> negated
      | MINUS unary -> negated
      | atom
?atom: WORD -> word
     | PHRASE -> phrase
     | LPAR seq RPAR -> group
     | FIELD value -> fielded
?value: WORD -> word
      | PHRASE -> phrase
      | LPAR seq RPAR -> group

AND: "AND"
OR: "OR"
NOT: "NOT"
MINUS.2: /-(?=[^\W\d_]|["(])/
FIELD.2: /(title|abstract|author|year|venue):/
LPAR: "("
RPAR: ")"
PHRASE: /"[^"]*"/
WORD: /[^\s()"]+/
%ignore /\s+/
"""
_PARSER = Lark(_GRAMMAR, parser="lalr", lexer="basic")


@dataclass(frozen=True)
class SearchQuery:
    """A parsed search: the Lucene query, the semantic text and the filters."""

    #: A safe Lucene query over ``title``, ``abstract`` and ``authorText``; None when the
    #: search has only filters (or is empty).
    lucene: str | None
    #: The words to embed: free words, phrases and title/abstract values, nothing negated.
    text: str
    #: The positive words and phrases a hit can match, lower-cased, in query order, once each
    #: (author names are in :attr:`authors` instead).
    terms: tuple[str, ...]
    #: Inclusive year bounds.
    year_from: int | None
    year_to: int | None
    venue: str | None
    #: The names of positive ``author:`` clauses (also in :attr:`lucene` as ``authorText:``).
    authors: tuple[str, ...]
    #: Whether it asks for something exact (a quoted phrase, AND, NOT or ``-``, a field): then
    #: only papers its Lucene query matches are hits, however alike in meaning others are.
    exact: bool = False


def parse_search(text: str) -> SearchQuery:
    """``text`` read as the search language (see the module docstring). Raises
    :class:`InvalidInputError` naming the problem and its 1-based character position."""
    _check_size(text)
    if not text.strip():
        return SearchQuery(None, "", (), None, None, None, ())
    _check_parentheses(text)
    try:
        tree = _PARSER.parse(text)
    except UnexpectedInput as e:
        raise InvalidInputError(_syntax_message(text, e)) from e
    reader = _Reader()
    clause = reader.read(tree, _Place())
    if clause is not None and clause.excluded:
        raise _only_excluded(_first_position(tree))
    if clause is None and not reader.has_filters:
        raise InvalidInputError(
            "The search has no letters or digits to look for. Give a word, a quoted phrase or a "
            "filter such as year:2024."
        )
    return reader.query(clause.lucene if clause else None)


def _check_size(text: str) -> None:
    refuse_long_text(
        text,
        words=sum(1 for _ in _WORD.finditer(text)),
        max_chars=MAX_SEARCH_CHARS,
        max_words=MAX_SEARCH_WORDS,
        hint="Shorten it to a sentence or a short paragraph.",
    )


def _check_parentheses(text: str) -> None:
    """An unclosed quote, unbalanced or too deep parentheses (outside quoted phrases)."""
    opened: list[int] = []
    for match in re.finditer(r'"[^"]*"|["()]', text):
        if match.group() == '"':
            raise _error('A quote (") is never closed', match.start())
        if match.group() == "(":
            opened.append(match.start())
            if len(opened) > MAX_PAREN_DEPTH:
                raise _error(f"Parentheses nest deeper than {MAX_PAREN_DEPTH}", match.start())
        elif match.group() == ")":
            if not opened:
                raise _error("A ')' closes no '('", match.start())
            opened.pop()
    if opened:
        raise _error("A '(' is never closed", opened[-1])


def _error(what: str, pos: int, hint: str = "") -> InvalidInputError:
    return InvalidInputError(f"{what} at character {pos + 1} of the search. {hint}".rstrip())


def _only_excluded(pos: int) -> InvalidInputError:
    return _error(
        "Only excluded words (NOT, -) in the part starting",
        pos,
        "Add a word or a phrase to look for: results are ranked by what they match.",
    )


def _syntax_message(text: str, e: UnexpectedInput) -> str:
    at_end = isinstance(e, UnexpectedEOF) or (
        isinstance(e, UnexpectedToken) and e.token.type == "$END"
    )
    pos = len(text) if at_end else e.pos_in_stream or 0
    before = _previous_token(text, pos)
    if before is not None and before.type in {"AND", "OR", "NOT", "MINUS"}:
        return str(_error(f"'{before}' has nothing after it", before.start_pos or 0))
    if before is not None and before.type == "FIELD":
        hint = "Put a word, a quoted phrase or a (group) right after it."
        return str(_error(f"An empty field '{before}'", before.start_pos or 0, hint))
    if before is not None and before.type == "LPAR" and text[pos : pos + 1] == ")":
        return str(_error("Empty parentheses", before.start_pos or 0))
    token = e.token if isinstance(e, UnexpectedToken) else text[pos : pos + 1]
    return str(_error(f"'{token}' has nothing before it", pos))


def _previous_token(text: str, pos: int) -> Token | None:
    """The last token that starts before ``pos`` (the text lexes up to there: the parser got
    that far)."""
    last = None
    for token in _PARSER.lex(text):
        if (token.start_pos or 0) >= pos:
            break
        last = token
    return last


@dataclass(frozen=True)
class _Clause:
    lucene: str
    excluded: bool = False


@dataclass(frozen=True)
class _Place:
    """Where a node sits: under an odd number of NOTs, in a field, inside parentheses."""

    negated: bool = False
    field: str | None = None
    nested: bool = False


@dataclass
class _Reader:
    """Walks the parse tree once, writing the Lucene query and collecting words and filters."""

    words: list[str] = field(default_factory=list)
    terms: dict[str, None] = field(default_factory=dict)
    authors: dict[str, None] = field(default_factory=dict)
    year_from: int | None = None
    year_to: int | None = None
    venue: str | None = None
    has_filters: bool = False
    exact: bool = False

    def query(self, lucene: str | None) -> SearchQuery:
        return SearchQuery(
            lucene=lucene,
            text=" ".join(self.words),
            terms=tuple(self.terms),
            year_from=self.year_from,
            year_to=self.year_to,
            venue=self.venue,
            authors=tuple(self.authors),
            exact=self.exact,
        )

    def read(self, node: Tree[Token], place: _Place) -> _Clause | None:
        if node.data in {"negated", "phrase", "conj"}:
            self.exact = True
        if node.data in {"start", "seq", "conj"}:
            return self._group(node, place)
        if node.data == "group":
            return self.read(_tree(node, 1), _Place(place.negated, place.field, nested=True))
        if node.data == "negated":
            inner = _Place(not place.negated, place.field, place.nested)
            clause = self.read(_tree(node, 1), inner)
            return None if clause is None else _Clause(clause.lucene, not clause.excluded)
        if node.data == "fielded":
            return self._fielded(_token(node, 0), _tree(node, 1), place)
        token = _token(node, 0)
        return self._leaf(token[1:-1] if node.data == "phrase" else str(token), place)

    def _group(self, node: Tree[Token], place: _Place) -> _Clause | None:
        parts = [c for c in node.children if isinstance(c, Tree)]
        clauses = [c for c in (self.read(p, place) for p in parts) if c is not None]
        if len(clauses) <= 1:  # a group of one is that one, negated or not
            return clauses[0] if clauses else None
        if all(c.excluded for c in clauses):
            raise _only_excluded(_first_position(node))
        must = "+" if node.data == "conj" else ""
        inner = " ".join(("-" if c.excluded else must) + c.lucene for c in clauses)
        return _Clause(f"({inner})")

    def _fielded(self, name: Token, value: Tree[Token], place: _Place) -> _Clause | None:
        pos = name.start_pos or 0
        if name in {"year:", "venue:"}:
            self._filter(name, value, place)
            return None
        if place.field is not None:
            raise _error(f"The field '{name}' inside another field", pos)
        self.exact = True
        clause = self.read(value, _Place(place.negated, _FIELDS[name], place.nested))
        if clause is None:
            raise _error(f"No letters or digits after the field '{name}'", pos)
        return clause

    def _leaf(self, value: str, place: _Place) -> _Clause | None:
        words = _WORD.findall(value)
        if not words:
            return None
        if not place.negated:
            self._keep(" ".join(value.split()), place.field)
        escaped = LUCENE_SPECIAL.sub(r"\\\1", value)
        is_phrase = len(words) > 1
        lucene = f'"{escaped}"' if is_phrase else escaped
        return _Clause(lucene if place.field is None else f"{place.field}:{lucene}")

    def _keep(self, value: str, field_name: str | None) -> None:
        if field_name == "authorText":
            self.authors.setdefault(value, None)
            return
        self.words.append(value)
        self.terms.setdefault(_EDGE_PUNCTUATION.sub("", value.lower()), None)

    def _filter(self, name: Token, value: Tree[Token], place: _Place) -> None:
        pos = name.start_pos or 0
        if place.negated or place.field is not None or place.nested:
            where = "negated" if place.negated else "inside parentheses"
            raise _error(
                f"The filter '{name}' is {where}", pos, "A filter applies to the whole search."
            )
        token = value.children[0] if value.data in {"word", "phrase"} else None
        if not isinstance(token, Token):
            raise _error(
                f"A group after the filter '{name}'", pos, "Give a word or a quoted phrase."
            )
        given = (token[1:-1] if value.data == "phrase" else str(token)).strip()
        if not given:
            raise _error(f"An empty filter '{name}'", pos)
        self.has_filters = True
        if name == "venue:":
            if self.venue is not None:
                raise _error("A second venue: filter", pos, "Give one venue.")
            self.venue = given
            return
        low, high = _year_bounds(given, pos)
        self.year_from = _tighter(self.year_from, low, max)
        self.year_to = _tighter(self.year_to, high, min)
        if (
            self.year_from is not None
            and self.year_to is not None
            and self.year_from > self.year_to
        ):
            raise _error(f"No year is left by 'year:{given}' and the year filters before it", pos)


def _tighter(old: int | None, new: int | None, pick: Callable[[int, int], int]) -> int | None:
    """Two bounds of the same side as one (None is open)."""
    return new if old is None else old if new is None else pick(old, new)


def _first_position(node: Tree[Token]) -> int:
    """Where the text of ``node`` starts (its first token)."""
    first = next(node.scan_values(lambda value: isinstance(value, Token)))
    return first.start_pos or 0


def _tree(node: Tree[Token], index: int) -> Tree[Token]:
    child = node.children[index]
    assert isinstance(child, Tree)
    return child


def _token(node: Tree[Token], index: int) -> Token:
    child = node.children[index]
    assert isinstance(child, Token)
    return child


def _year_bounds(given: str, pos: int) -> tuple[int | None, int | None]:
    """Inclusive (from, to) bounds of a year: value; None for an open end."""
    if given.isdigit() and len(given) == 4:
        return int(given), int(given)
    if bound := _YEAR_BOUND.fullmatch(given):
        year = int(bound.group(2))
        return {
            ">=": (year, None),
            ">": (year + 1, None),
            "<=": (None, year),
            "<": (None, year - 1),
        }[bound.group(1)]
    span = _YEAR_RANGE.fullmatch(given)
    if span and (span.group(1) or span.group(2)):
        low, high = (int(g) if g else None for g in span.groups())
        if low is None or high is None or low <= high:
            return low, high
    raise _error(
        f"A bad year 'year:{given}'",
        pos,
        "Write year:2024, year:2020..2024, year:>=2022 or year:<2020.",
    )
