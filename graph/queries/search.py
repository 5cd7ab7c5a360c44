"""Finding papers by what a researcher means: one relevance ranking of words and meaning, and
recommendations from papers a researcher liked and disliked.

**Search** (``papers(search:)`` in relevance order, and ``similarPapers``) fuses two candidate
lists by reciprocal rank (RRF): the full-text index ``paper_search`` (Lucene BM25 over title,
abstract and author names, English stemming) and the vector index ``paper_embedding`` (cosine
of the query's MiniLM vector and each abstract's). Each candidate scores
``Σ weight / (RRF_K + rank)`` over the lists that hold it, where its semantic rank is its place
by cosine among all candidates. A query of plain words takes candidates from both lists; a
query that asks for something exact (a quoted phrase, AND, NOT, a field) takes the full-text
matches alone, ordered by the same fusion, so a NOT or a phrase is never broken by a paper
that merely reads alike. Each hit says why: the query's words it contains and its cosine.

**Recommendations** (``recommendPapers``) move the liked papers' mean vector away from the
disliked papers' mean (Rocchio: ``q = mean(liked) − NEGATIVE_WEIGHT · mean(disliked)``), take
the papers nearest to ``q`` other than the inputs, and say which liked paper each is nearest
to, with the concepts it shares with the liked papers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import snowballstemmer

from graph.models import Page, PaperView, Recommendation, SearchMatch
from graph.paper_ids import lookup_forms
from graph.queries._convert import to_paper
from graph.queries._run import GraphReader, fetch
from graph.queries._search_syntax import SearchQuery
from papergraph.errors import InvalidInputError, NotFoundError

__all__ = [
    "LEXICAL_WEIGHT",
    "MAX_RECOMMEND_INPUTS",
    "MAX_SEARCH_DEPTH",
    "NEGATIVE_WEIGHT",
    "RRF_K",
    "SEARCH_DEPTH",
    "SEMANTIC_WEIGHT",
    "Embed",
    "SearchFilters",
    "matched_terms",
    "plain_query",
    "recommend_papers",
    "search_papers",
    "similar_to_text",
]

#: Turns a query's text into a vector in the papers' embedding space (the API's extractor).
Embed = Callable[[str], Awaitable[Sequence[float]]]

#: The bonus of a plain query's words written near each other: at most this many words apart
#: in all, and how much such a match counts beside each word's (see :func:`lexical_query`);
#: beyond ``MAX_PHRASE_WORDS`` words (a pasted sentence) no bonus is asked for.
PHRASE_SLOP = 3
PHRASE_BOOST = 2
MAX_PHRASE_WORDS = 8

#: The constant of reciprocal rank fusion: how fast a list's vote fades with rank (Cormack et
#: al.'s 60, which later work found robust across collections).
RRF_K = 60
#: How much each list's vote counts (the words' more: on the development sets, author
#: keywords of ICLR 2021 and 2024 as queries, a weight of 1.5 to meaning's 1 ranked best).
LEXICAL_WEIGHT = 1.5
SEMANTIC_WEIGHT = 1.0
#: Candidates read from each list: at least this many, more when a page reaches deeper.
SEARCH_DEPTH = 200
#: No page of a search reaches past this many candidates (each costs a read).
MAX_SEARCH_DEPTH = 1000
#: Lucene's query for every document.
MATCH_ALL = "*:*"
#: Rocchio's weight of the disliked papers' mean vector.
NEGATIVE_WEIGHT = 0.5
#: Most liked plus disliked papers one recommendation reads.
MAX_RECOMMEND_INPUTS = 50
#: Concepts named in a recommendation's reason.
REASON_CONCEPTS = 3
#: Words of a text (``similarPapers``) its lexical side reads: Lucene refuses a query of more
#: than 1,024 clauses, and each word is one clause per indexed field.
MAX_TEXT_WORDS = 100
#: Lucene's English stop words (its ``EnglishAnalyzer`` drops them from the index): never a
#: matched term.
STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "if",
        "in",
        "into",
        "is",
        "it",
        "no",
        "not",
        "of",
        "on",
        "or",
        "such",
        "that",
        "the",
        "their",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "will",
        "with",
    ]
)
_WORD = re.compile(r"[^\W_]+")
_STEMMER = snowballstemmer.stemmer("porter")  # the algorithm of Lucene's English analyzer


def plain_query(text: str) -> SearchQuery:
    """``text`` as plain words, no syntax (``similarPapers``): its first
    :data:`MAX_TEXT_WORDS` words for the full-text side (lower-cased, so no word is an
    operator), all of it for the meaning."""
    words = [w.lower() for w in _WORD.findall(text)][:MAX_TEXT_WORDS]
    terms = tuple(dict.fromkeys(w for w in words if w not in STOP_WORDS))
    return SearchQuery(
        lucene=" ".join(words) or None,
        text=text,
        terms=terms,
        year_from=None,
        year_to=None,
        venue=None,
        authors=(),
    )


@dataclass(frozen=True)
class SearchFilters:
    """What every hit must satisfy besides the query: keys of a concept, a method and an author,
    an exact venue, a part of a venue's name, and a range of years (inclusive)."""

    concept: str | None = None
    method: str | None = None
    author: str | None = None
    venue: str | None = None
    venue_text: str | None = None
    year_from: int | None = None
    year_to: int | None = None

    def params(self) -> dict[str, object]:
        """The filters as the parameters of ``search_lexical`` and ``search_semantic``."""
        return {
            "concept": self.concept,
            "method": self.method,
            "author": self.author,
            "venue": self.venue,
            "venueText": self.venue_text,
            "yearFrom": self.year_from,
            "yearTo": self.year_to,
        }


async def search_papers(
    reader: GraphReader,
    *,
    query: SearchQuery,
    embedding: Sequence[float] | None,
    filters: SearchFilters,
    exact: bool,
    offset: int,
    first: int,
) -> Page[PaperView]:
    """One page of the papers best matching ``query`` (see the module docstring), with a
    :class:`SearchMatch` for each. ``embedding`` is the query text's vector (``None``, or a zero
    vector: words alone rank). ``exact``: only full-text matches are candidates."""
    depth = max(SEARCH_DEPTH, offset + first)
    if depth > MAX_SEARCH_DEPTH:
        return Page(items=(), offset=offset, total=0)
    vector = list(embedding) if embedding is not None and _usable(embedding) else None
    lexical = await _lexical(reader, query, filters, depth)
    semantic = [] if exact or vector is None else await _semantic(reader, vector, filters, depth)
    candidates = list(dict.fromkeys([*lexical, *semantic]))
    similarity = await _similarities(reader, candidates, vector)
    ranked = _fused(lexical, _by_meaning(candidates, similarity), similarity)
    page = ranked[offset : offset + first]
    papers = await _papers(reader, [hit.id for hit in page])
    found = [(papers[hit.id], hit) for hit in page if hit.id in papers]
    return Page(
        items=tuple(p for p, _ in found),
        offset=offset,
        total=len(ranked),
        matches=tuple(_match(p, hit, query.terms) for p, hit in found),
    )


def _usable(vector: Sequence[float]) -> bool:
    return any(vector) and all(math.isfinite(x) for x in vector)


async def _lexical(
    reader: GraphReader, query: SearchQuery, filters: SearchFilters, depth: int
) -> list[str]:
    rows = await fetch(
        reader, "search_lexical", search=lexical_query(query), depth=depth, **filters.params()
    )
    return [str(r["id"]) for r in rows]


def lexical_query(query: SearchQuery) -> str:
    """The Lucene query of the full-text side: the query's own, and for a few plain words
    (not an exact query) the words near each other as a bonus (``"w1 w2"~PHRASE_SLOP`` boosted
    by ``PHRASE_BOOST``), so a paper writing ``graph neural network`` outranks one scattering
    its words. A query of filters alone (``year:``, ``venue:``) matches every paper they keep."""
    if query.lucene is None:
        return MATCH_ALL
    words = [w.lower() for w in _WORD.findall(query.text)]
    if query.exact or not 2 <= len(words) <= MAX_PHRASE_WORDS:
        return query.lucene
    return f'({query.lucene}) "{" ".join(words)}"~{PHRASE_SLOP}^{PHRASE_BOOST}'


async def _semantic(
    reader: GraphReader, vector: list[float], filters: SearchFilters, depth: int
) -> list[str]:
    rows = await fetch(reader, "search_semantic", embedding=vector, k=depth, **filters.params())
    return [str(r["id"]) for r in rows]


async def _similarities(
    reader: GraphReader, ids: list[str], vector: list[float] | None
) -> dict[str, float]:
    if vector is None or not ids:
        return {}
    rows = await fetch(reader, "search_similarities", ids=ids, embedding=vector)
    return {str(r["id"]): float(r["similarity"]) for r in rows if r["similarity"] is not None}


def _by_meaning(ids: list[str], similarity: dict[str, float]) -> list[str]:
    """The candidates with a vector, most alike first (ties by id, for a stable order)."""
    return sorted((i for i in ids if i in similarity), key=lambda i: (-similarity[i], i))


@dataclass(frozen=True)
class _Hit:
    id: str
    score: float
    lexical_rank: int | None
    semantic_rank: int | None
    similarity: float | None


def _fused(lexical: list[str], semantic: list[str], similarity: dict[str, float]) -> list[_Hit]:
    """Reciprocal rank fusion of the two ranked lists, best first."""
    by_words = {paper_id: rank for rank, paper_id in enumerate(lexical, start=1)}
    by_meaning = {paper_id: rank for rank, paper_id in enumerate(semantic, start=1)}
    hits = [
        _Hit(
            id=paper_id,
            score=_vote(LEXICAL_WEIGHT, by_words.get(paper_id))
            + _vote(SEMANTIC_WEIGHT, by_meaning.get(paper_id)),
            lexical_rank=by_words.get(paper_id),
            semantic_rank=by_meaning.get(paper_id),
            similarity=similarity.get(paper_id),
        )
        for paper_id in dict.fromkeys([*lexical, *semantic])
    ]
    return sorted(hits, key=lambda h: (-h.score, h.id))


def _vote(weight: float, rank: int | None) -> float:
    return 0.0 if rank is None else weight / (RRF_K + rank)


async def _papers(reader: GraphReader, ids: list[str]) -> dict[str, PaperView]:
    rows = await fetch(reader, "papers_in_order", ids=ids)
    return {r["paper"]["id"]: to_paper(r["paper"]) for r in rows}


def _match(paper: PaperView, hit: _Hit, terms: Iterable[str]) -> SearchMatch:
    found = matched_terms(f"{paper.title or ''}\n{paper.abstract}", terms)
    return SearchMatch(
        score=hit.score,
        lexical_rank=hit.lexical_rank,
        semantic_rank=hit.semantic_rank,
        similarity=hit.similarity,
        terms=found,
        reason=_reason(found, hit),
    )


def matched_terms(text: str, terms: Iterable[str]) -> tuple[str, ...]:
    """The query's words and phrases that ``text`` contains, word for word after Porter
    stemming, as the index's English analyzer matches them (``augmenting`` finds
    ``augmentation``), each as ``text`` first writes it (``DyAug`` for the query's ``dyaug``)."""
    wanted = {
        term: stems
        for term in terms
        if (stems := _stems(w for w in _WORD.findall(term.lower()) if w not in STOP_WORDS))
    }
    # Porter stemming keeps a word's first two letters: only words opening as a wanted stem
    # does are stemmed, a few of an abstract's hundreds
    openings = {stem[:2] for stems in wanted.values() for stem in stems}
    words = list(_WORD.finditer(text))
    lowered = [w.group().lower() for w in words]
    stems = [_STEMMER.stemWord(w) if w[:2] in openings else "" for w in lowered]
    found: dict[str, None] = {}
    for want in wanted.values():
        at = _find(stems, want)
        if at is not None:
            found.setdefault(text[words[at].start() : words[at + len(want) - 1].end()], None)
    return tuple(found)


def _stems(words: Iterable[str]) -> list[str]:
    return list(_STEMMER.stemWords(list(words)))


def _find(stems: list[str], wanted: list[str]) -> int | None:
    """Where ``wanted`` first runs in ``stems``, word for word."""
    width = len(wanted)
    return next((i for i in range(len(stems) - width + 1) if stems[i : i + width] == wanted), None)


def _reason(terms: tuple[str, ...], hit: _Hit) -> str:
    parts = []
    if terms:
        parts.append("contains " + ", ".join(f"“{t}”" for t in terms))
    elif hit.lexical_rank is not None:
        parts.append("its words match the query")
    if hit.similarity is not None:
        parts.append(f"close in meaning (cosine {hit.similarity:.2f})")
    places = [
        f"{side} #{rank}"
        for side, rank in (("words", hit.lexical_rank), ("meaning", hit.semantic_rank))
        if rank is not None
    ]
    return "; ".join(parts) + f" (ranked {', '.join(places)})"


async def similar_to_text(
    reader: GraphReader, *, text: str, embed: Embed, first: int
) -> Page[PaperView]:
    """The ``first`` papers best matching ``text`` as plain words (:func:`plain_query`),
    ranked as :func:`search_papers` ranks, each with its :class:`SearchMatch`."""
    return await search_papers(
        reader,
        query=plain_query(text),
        embedding=await embed(text),
        filters=SearchFilters(),
        exact=False,
        offset=0,
        first=first,
    )


async def recommend_papers(
    reader: GraphReader, *, positive: Sequence[str], negative: Sequence[str], first: int
) -> tuple[Recommendation, ...]:
    """The ``first`` papers nearest to the liked papers and away from the disliked ones (any
    of their ids), best first, each with its reason (see the module docstring). Raises
    :class:`NotFoundError` naming an id that names no paper, and :class:`InvalidInputError`
    when no liked paper is given or too many are."""
    _check_inputs(positive, negative)
    liked = await _vectors(reader, positive)
    disliked = await _vectors(reader, negative)
    if not any(v is not None for _, v in liked.values()):
        raise InvalidInputError(
            "None of the liked papers has a vector yet; load them with papergraph load."
        )
    query = _rocchio(
        [v for _, v in liked.values() if v is not None],
        [v for _, v in disliked.values() if v is not None],
    )
    inputs = [p.id for p, _ in (*liked.values(), *disliked.values())]
    rows = await fetch(
        reader,
        "recommend_candidates",
        embedding=query.tolist(),
        k=first + len(inputs),
        exclude=inputs,
        liked=[p.id for p, _ in liked.values()],
        first=first,
    )
    return tuple(_recommendation(r, liked) for r in rows)


def _check_inputs(positive: Sequence[str], negative: Sequence[str]) -> None:
    if not positive:
        raise InvalidInputError("`positive` is empty: give the ids of one or more papers you like.")
    if len(positive) + len(negative) > MAX_RECOMMEND_INPUTS:
        raise InvalidInputError(
            f"{len(positive) + len(negative)} papers given; at most {MAX_RECOMMEND_INPUTS} "
            "liked and disliked papers together are read."
        )


async def _vectors(
    reader: GraphReader, ids: Sequence[str]
) -> dict[str, tuple[PaperView, np.ndarray | None]]:
    """Each asked id's paper and vector (any of its ids); :class:`NotFoundError` for none."""
    forms = {asked: lookup_forms(asked) for asked in dict.fromkeys(ids)}
    wanted = list(dict.fromkeys(f for group in forms.values() for f in group))
    rows = {r["id"]: r for r in await fetch(reader, "paper_vectors", ids=wanted)}
    found: dict[str, tuple[PaperView, np.ndarray | None]] = {}
    for asked, group in forms.items():
        row = next((rows[f] for f in group if f in rows), None)
        if row is None:
            raise NotFoundError(f"No paper has the id {asked!r}; check the id (see `papers`).")
        vector = row["embedding"]
        found[asked] = (to_paper(row["paper"]), None if vector is None else np.array(vector))
    return found


def _rocchio(liked: list[np.ndarray], disliked: list[np.ndarray]) -> np.ndarray:
    query = _unit(np.mean(liked, axis=0))
    if disliked:
        query = query - NEGATIVE_WEIGHT * _unit(np.mean(disliked, axis=0))
    return _unit(query)


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 0 else vector


def _recommendation(
    row: dict[str, object], liked: dict[str, tuple[PaperView, np.ndarray | None]]
) -> Recommendation:
    vector = np.array(row["embedding"])
    cosines = [
        (float(_unit(v) @ _unit(vector)), paper) for paper, v in liked.values() if v is not None
    ]
    similarity, nearest = max(cosines, key=lambda pair: pair[0])
    shared = tuple(str(c) for c in row["shared"])[:REASON_CONCEPTS]  # type: ignore[attr-defined]
    reason = f"close to “{nearest.label}” (cosine {similarity:.2f})"
    if shared:
        reason += "; shares " + ", ".join(shared)
    return Recommendation(
        paper=to_paper(row["paper"]),  # type: ignore[arg-type]
        score=float(row["score"]),  # type: ignore[arg-type]
        nearest=nearest,
        similarity=similarity,
        shared_concepts=shared,
        reason=reason,
    )
