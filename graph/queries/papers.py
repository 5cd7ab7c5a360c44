"""Reads about papers: lookups, filtered pages, their concepts, methods and related papers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from graph.models import (
    ConceptMention,
    ConceptView,
    MethodKind,
    Page,
    PaperMethods,
    PaperOrder,
    PaperView,
    RelatedPaper,
    SharedBroader,
)
from graph.paper_ids import lookup_forms
from graph.queries._convert import to_concept, to_mention, to_method, to_page, to_paper
from graph.queries._lucene import lucene_phrase
from graph.queries._reasons import related_reason
from graph.queries._run import GraphReader, Row, fetch, fetch_one
from graph.queries._search_syntax import SearchQuery, parse_search
from graph.queries.authors import get_author
from graph.queries.citations import co_citing_papers, shared_references
from graph.queries.entities import get_concept, get_method
from graph.queries.search import MATCH_ALL, Embed, SearchFilters, search_papers
from papergraph.errors import InvalidInputError, NotFoundError

_DATA_KINDS = frozenset({MethodKind.DATASET, MethodKind.BENCHMARK})

__all__ = [
    "find_papers",
    "paper_concepts",
    "paper_methods",
    "paper_with_concepts",
    "papers_by_ids",
    "related_papers",
    "related_params",
    "shared_concepts",
]

#: A broader concept with more mention edges (its own and those of the concepts directly under
#: it) is too general to explain why two papers are related, and walking it would cost a scan.
MAX_BROADER_PAPERS = 300
#: An entity with more papers than this brings relatedPapers no candidates of its own; it only
#: scores the others (see its Cypher).
MAX_EXPANDED_PAPERS = 100
#: An entity with more papers than this adds nothing to relatedPapers' scores.
MAX_SHARED_PAPERS = 2000
#: Papers whose mean cosine to a paper is its "typical" similarity (see related_papers.cypher).
TYPICAL_SAMPLE = 100
#: What a shared reference or a paper citing both counts for, times its ln(N / df): as much
#: as a concept both papers mention at score 0.5, a middling extractor score.
CITATION_WEIGHT = 0.5
#: Of a paper's citers, relatedPapers reads the references of only this many, those citing the
#: fewest works (the most specific evidence of co-citation).
MAX_CITERS = 200


async def papers_by_ids(reader: GraphReader, *, ids: Sequence[str]) -> dict[str, PaperView]:
    """The papers named by ``ids`` (any of each paper's ids, a DOI, arXiv, OpenAlex or S2 id
    in any common spelling), keyed by the id asked for."""
    forms = {asked: lookup_forms(asked) for asked in dict.fromkeys(ids)}
    wanted = list(dict.fromkeys(form for group in forms.values() for form in group))
    found = {
        r["id"]: to_paper(r["paper"]) for r in await fetch(reader, "papers_by_ids", ids=wanted)
    }
    return {
        asked: next(found[f] for f in group if f in found)
        for asked, group in forms.items()
        if any(f in found for f in group)
    }


async def find_papers(
    reader: GraphReader,
    *,
    search: str | None = None,
    concept: str | None = None,
    method: str | None = None,
    year: int | None = None,
    venue: str | None = None,
    order: PaperOrder = PaperOrder.RELEVANCE,
    offset: int = 0,
    first: int = 20,
    include_narrower: bool = False,
    dataset: str | None = None,
    author: str | None = None,
    embed: Embed | None = None,
) -> Page[PaperView]:
    """One page of papers matching every given filter.

    ``search`` is a query in the search syntax (``graph.queries._search_syntax``: words,
    quoted phrases, AND/OR/NOT, ``title:``/``abstract:``/``author:`` fields, ``year:`` and
    ``venue:`` filters). In ``RELEVANCE`` order it is ranked by words and meaning together
    (``graph.queries.search``; ``embed`` turns the query's text into a vector: without it,
    words alone rank), and each item of the
    page has its :class:`~graph.models.SearchMatch`; in another order the papers its words
    match are listed in that order.

    ``concept`` and ``method`` are each a key, else a name or an alias (ignoring case; of
    several, the one with the most papers), as ``get_concept``/``get_method`` find them. Keys
    cost one statement; a name or alias costs a lookup of it and the statement once more. A
    ``concept`` that names no concept but a method (the graph keeps one node per idea, and a
    concept that is a method's name or expansion becomes the Method) matches that method's
    papers; likewise a ``method`` that names no method but a concept (an acronym naming a field,
    ``RL``, is folded into the concept ``reinforcement learning``) matches that concept's papers.
    A filter that names nothing matches no paper.

    The statement starts from the most selective filter: the full-text index for ``search``,
    else the author, else the concept, else the method, else the venue's papers or all papers,
    read in the order asked off an index, so such a page costs the same in any size of graph.
    ``RELEVANCE`` is the search score, the mention score or the method edge score; with no such
    score it falls back to newest first.
    ``include_narrower`` also matches the papers of every concept under ``concept`` (BROADER);
    with ``search`` it is ignored.

    ``dataset`` is a method filter that matches only a dataset or a benchmark (key, name or
    alias); it cannot be combined with ``method``.

    ``author`` is an author's key, else their name (as ``get_author`` finds them: case and
    accents ignored); it costs one lookup first, and without a search the statement starts from
    the author's papers.
    """
    author_key = None
    if author is not None:
        found = await get_author(reader, key=author, name=author)
        if found is None:
            return to_page(None, to_paper, offset=offset)
        author_key = found.key
    if dataset is not None:
        method = await _dataset_key(reader, dataset, method)
        if method is None:
            return to_page(None, to_paper, offset=offset)
    parsed = parse_search(search) if search and search.strip() else None
    if parsed is not None and order is PaperOrder.RELEVANCE:
        return await _searched(
            reader,
            parsed,
            embed=embed,
            year=year,
            venue=venue,
            concept=concept,
            method=method,
            author=author_key,
            offset=offset,
            first=first,
        )
    terms = parsed.lucene if parsed is not None else None
    if parsed is not None and terms is None:  # filters alone (year:, venue:): words match all
        terms = MATCH_ALL
    name = (
        "search_papers"
        if terms
        else "find_papers_by_concept_tree"
        if concept and include_narrower
        else "find_papers_by_author"  # an author's papers are few, a concept's may be many
        if author_key
        else "find_papers_by_concept"
        if concept
        else "find_papers_by_method"
        if method
        else "find_papers_in_venue"
        if venue is not None
        else "find_papers"
    )
    params: dict[str, object] = {"search": terms, "year": year, "venue": venue}
    params |= {"orderBy": order.value} | _syntax_filters(parsed)
    params |= {"author": author_key}
    params |= {"skip": offset, "first": first}
    filters = {"concept": concept, "method": method}
    row = await fetch_one(reader, name, **filters, **params)
    if row is None:
        return to_page(None, to_paper, offset=offset)
    not_keys = {
        kind: value
        for kind, value in filters.items()
        if value is not None and not row[f"{kind}Found"]
    }
    for kind, value in not_keys.items():  # names or aliases, or nothing
        key = await _key_named(reader, kind, value)
        other = None if key is not None else await _other_node(reader, kind, value, filters)
        if other is not None:
            return await find_papers(
                reader,
                search=search,
                concept=other[0],
                method=other[1],
                year=year,
                venue=venue,
                order=order,
                offset=offset,
                first=first,
                author=author,
            )
        if key is None:
            return to_page(None, to_paper, offset=offset)
        filters[kind] = key
    if not_keys:
        row = await fetch_one(reader, name, **filters, **params)
    return to_page(row, to_paper, offset=offset)


def _syntax_filters(parsed: SearchQuery | None) -> dict[str, object]:
    """The filters a search query itself sets (``year:``, ``venue:``), as Cypher parameters."""
    if parsed is None:
        return {"yearFrom": None, "yearTo": None, "venueText": None}
    return {"yearFrom": parsed.year_from, "yearTo": parsed.year_to, "venueText": parsed.venue}


async def _searched(
    reader: GraphReader,
    parsed: SearchQuery,
    *,
    embed: Embed | None,
    year: int | None,
    venue: str | None,
    concept: str | None,
    method: str | None,
    author: str | None,
    offset: int,
    first: int,
) -> Page[PaperView]:
    """A search in relevance order; ``concept`` and ``method`` are keys, names or aliases (a
    filter that names nothing matches no paper)."""
    keys = {}
    for kind, value in (("concept", concept), ("method", method)):
        if value is not None:
            keys[kind] = await _key_of(reader, kind, value)
            if keys[kind] is None:
                return to_page(None, to_paper, offset=offset)
    year_from, year_to = _year_range(year, parsed)
    filters = SearchFilters(
        concept=keys.get("concept"),
        method=keys.get("method"),
        author=author,
        venue=venue,
        venue_text=parsed.venue,
        year_from=year_from,
        year_to=year_to,
    )
    text = parsed.text.strip()
    return await search_papers(
        reader,
        query=parsed,
        embedding=await embed(text) if embed is not None and text else None,
        filters=filters,
        exact=parsed.exact,
        offset=offset,
        first=first,
    )


def _year_range(year: int | None, parsed: SearchQuery) -> tuple[int | None, int | None]:
    """The years a search keeps: the ``year`` argument within the query's own ``year:``."""
    low, high = parsed.year_from, parsed.year_to
    if year is None:
        return low, high
    inside = (low is None or year >= low) and (high is None or year <= high)
    return (year, year) if inside else (year, year - 1)  # an empty range: nothing matches


async def _key_of(reader: GraphReader, kind: str, value: str) -> str | None:
    """The key of the concept or method (``kind``) keyed, named or aliased ``value``."""
    lookup = get_concept if kind == "concept" else get_method
    found = await lookup(reader, key=value) or await lookup(reader, name=value)
    return found.key if found else None


async def _other_node(
    reader: GraphReader, kind: str, value: str, filters: dict[str, str | None]
) -> tuple[str | None, str | None] | None:
    """The (concept, method) filters naming the node of the other kind that holds the idea a
    ``kind`` filter names when no node of its own kind does (one node per idea): a concept that
    names a method (``LoRA``, ``low-rank adaptation``) lives on the Method, an acronym method
    naming a field (``RL``) on the Concept it was folded into. None when both filters are given
    or neither kind has the name."""
    if kind == "concept" and filters["method"] is None:
        found = await _key_named(reader, "method", value) or await _spelled_out_by(reader, value)
        return (None, found) if found else None
    if kind == "method" and filters["concept"] is None:
        found = await _key_named(reader, "concept", value)
        return (found, None) if found else None
    return None


async def _dataset_key(reader: GraphReader, dataset: str, method: str | None) -> str | None:
    """The key of the dataset or benchmark ``dataset`` names, or None when it names none."""
    if method is not None:
        raise InvalidInputError("Give `method` or `dataset`, not both: each filters by one name.")
    found = await get_method(reader, key=dataset) or await get_method(reader, name=dataset)
    return found.key if found and found.kind in _DATA_KINDS else None


async def paper_with_concepts(
    reader: GraphReader, *, id: str, first: int
) -> tuple[PaperView, tuple[ConceptMention, ...]] | None:
    """The paper named by ``id`` (as :func:`papers_by_ids`) and its ``first`` best concept
    mentions (as :func:`paper_concepts`), in one statement; ``None`` when no paper has the id."""
    forms = lookup_forms(id)
    rows = {r["id"]: r for r in await fetch(reader, "paper_with_concepts", ids=forms, first=first)}
    row = next((rows[f] for f in forms if f in rows), None)
    if row is None:
        return None
    return to_paper(row["paper"]), tuple(to_mention(m) for m in row["mentions"])


async def _key_named(reader: GraphReader, kind: str, name: str) -> str | None:
    """The key of the concept or method (``kind``) named or aliased ``name``, if any."""
    lookup = get_concept if kind == "concept" else get_method
    found = await lookup(reader, name=name)
    return found.key if found else None


async def _spelled_out_by(reader: GraphReader, concept_key: str) -> str | None:
    """The key of the method a concept under ``concept_key`` was merged into, if any (its key
    is no name or alias of the method when no paper wrote it spelled out: ``AUC`` for ``area
    under the roc curve``)."""
    key = concept_key.strip().lower()
    if not key:
        return None
    row = await fetch_one(reader, "method_by_expansion_key", key=key, phrase=lucene_phrase(key))
    return str(row["method"]["key"]) if row else None


async def paper_concepts(
    reader: GraphReader, *, ids: Sequence[str], first: int
) -> dict[str, tuple[ConceptMention, ...]]:
    """The ``first`` best concept mentions of each paper (canonical ids), keyed by id."""
    rows = await fetch(reader, "paper_concepts", ids=list(ids), first=first)
    return {r["id"]: tuple(to_mention(m) for m in r["mentions"]) for r in rows}


async def paper_methods(reader: GraphReader, *, ids: Sequence[str]) -> dict[str, PaperMethods]:
    """The methods each paper (canonical ids) proposes and uses, keyed by id."""
    rows = await fetch(reader, "paper_methods", ids=list(ids))
    return {
        r["id"]: PaperMethods(
            proposes=tuple(to_method(m) for m in r["proposes"]),
            uses=tuple(to_method(m) for m in r["uses"]),
        )
        for r in rows
    }


async def related_papers(
    reader: GraphReader, *, ids: Sequence[str], first: int
) -> dict[str, tuple[RelatedPaper, ...]]:
    """The ``first`` papers most related to each paper (any of its ids), keyed by the id asked;
    an id that names no paper has no entry.

    ``score(p, q) = Σ_x min(s(p,x), s(q,x)) · ln(N / df(x))`` over every concept and method
    ``x`` linked to both papers, where ``s`` is the extractor's edge score, ``N`` the number of
    papers and ``df(x)`` the number of papers linked to ``x``: sharing a rare concept counts more
    than sharing a common one, and a concept every paper mentions counts nothing. Each result
    lists the shared concepts and methods, so it always says why. An entity with more than
    ``MAX_EXPANDED_PAPERS`` papers scores the candidates the other terms find but brings none of
    its own, and one with more than ``MAX_SHARED_PAPERS`` counts nothing, so a call costs the
    same in a graph of any size.

    Two more terms (see ``cypher/related_papers.cypher``): a broader concept the two papers
    reach through different concepts of theirs counts at half weight (``shared_broader``), and
    how much more alike their abstracts' embeddings are than the paper's typical cosine is
    added (``similarity`` is the cosine, when above typical), so a paper sharing no concept can
    still be related, saying so in ``reason``.

    Citations count too: each work both papers cite (a paper or a ``CitedWork``) adds
    ``CITATION_WEIGHT · ln(N / papers citing it)`` (bibliographic coupling), and each paper
    citing both adds ``CITATION_WEIGHT · ln(N / loaded papers it cites)`` (co-citation). A work
    cited by more than ``MAX_SHARED_PAPERS`` papers, or a paper citing more works than that,
    is not expanded, and of the paper's citers the ``MAX_CITERS`` citing fewest works are.
    """
    rows = await fetch(reader, "related_papers", **related_params(ids, first))
    return {r["id"]: tuple(related_paper(x) for x in r["related"]) for r in rows}


def related_params(ids: Sequence[str], first: int) -> dict[str, Any]:
    """The parameters of ``cypher/related_papers.cypher`` for ``ids``: its bounds and weights."""
    return {
        "ids": list(ids),
        "first": first,
        "maxBroaderPapers": MAX_BROADER_PAPERS,
        "maxExpandedPapers": MAX_EXPANDED_PAPERS,
        "maxSharedPapers": MAX_SHARED_PAPERS,
        "typicalSample": TYPICAL_SAMPLE,
        "citationWeight": CITATION_WEIGHT,
        "maxCiters": MAX_CITERS,
    }


def related_paper(row: Row) -> RelatedPaper:
    """A ``related_papers``-shaped row as a view (``draft_related`` rows too)."""
    concepts = tuple(to_concept(c) for c in row["concepts"])
    methods = tuple(to_method(m) for m in row["methods"])
    broader = tuple(
        SharedBroader(concept=to_concept(b["concept"]), via=(b["via"][0], b["via"][1]))
        for b in row.get("broader") or ()
    )
    similarity = row.get("similarity")
    references = shared_references(row.get("references") or ())
    co_cited_by = co_citing_papers(row.get("coCitedBy") or ())
    return RelatedPaper(
        paper=to_paper(row["paper"]),
        score=float(row["score"]),
        shared_concepts=concepts,
        shared_methods=methods,
        shared_broader=broader,
        similarity=similarity,
        reason=related_reason(
            concepts=concepts,
            methods=methods,
            broader=broader,
            similarity=similarity,
            typical=float(row.get("typical") or 0.0),
            references=references,
            co_cited_by=co_cited_by,
        ),
        shared_references=references,
        co_cited_by=co_cited_by,
    )


async def shared_concepts(
    reader: GraphReader, *, paper_a: str, paper_b: str
) -> tuple[ConceptView, ...]:
    """The concepts both papers mention, by key; :class:`NotFoundError` names a missing paper."""
    row = await fetch_one(reader, "shared_concepts", paperA=paper_a, paperB=paper_b) or {}
    _require(row.get("foundA", False), paper_a)
    _require(row.get("foundB", False), paper_b)
    return tuple(to_concept(c) for c in row["concepts"])


def _require(found: bool, paper_id: str) -> None:
    if not found:
        raise NotFoundError(f"No paper has the id {paper_id!r}; check the id (see `papers`).")
