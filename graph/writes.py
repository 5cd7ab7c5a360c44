"""The write side of the query layer: batched, idempotent upserts in managed transactions.

A batch of papers is written in ONE transaction (``execute_write``, which the driver retries on
transient errors), so a paper is written whole or not at all. Every statement is an ``UNWIND``
over the batch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from neo4j import AsyncDriver, AsyncManagedTransaction, Record, unit_of_work
from neo4j.exceptions import DriverError, IncompleteCommit, Neo4jError

from graph._acronyms import known_acronyms, write_acronym_definitions
from graph._authors import AuthorInput, author_rows
from graph._resolution import (
    count_method_kinds,
    refresh_aliases,
    resolve_graph,
    store_untyped_uses,
)
from graph.cypher import query
from graph.hierarchy import refresh_hierarchy
from graph.models import Stats, stats_from_row
from graph.trend_counts import count_in_transaction, move_topics_in_transaction
from papergraph.errors import UnconfirmedWriteError

__all__ = [
    "AuthorRow",
    "Evidence",
    "IdentityClash",
    "IdentityRow",
    "MentionRow",
    "MethodRow",
    "PaperRow",
    "StoredPaper",
    "WriteResult",
    "author_inputs",
    "clear_graph",
    "delete_paper",
    "edge_row",
    "graph_counts",
    "identity_clashes",
    "known_acronyms",
    "method_edge_row",
    "paper_properties",
    "refresh_related",
    "resolve_graph",
    "stored_fingerprints",
    "stored_papers",
    "upsert_papers",
]

#: Server-side bound on one write transaction (a batch of a few hundred papers takes ~1 s);
#: a stuck write fails with a clear error instead of holding locks for ever.
WRITE_TIMEOUT_SECONDS = 300.0

_FINGERPRINTS = query("paper_fingerprints")
_STORED_TITLES = query("stored_title_keys")
_CLASHES = query("identity_clashes")
_UPSERT = query("upsert_papers")
_CLEAR_EDGES = query("clear_extracted_edges")
_MENTIONS = query("merge_mentions")
_METHODS = query("merge_methods")
_KNOWN_METHODS = query("link_known_methods")
_KIND_LABELS = query("label_method_kinds")
_VARIANTS = query("refresh_variants")
_STAMP = query("stamp_edge_counts")
_REFRESH = query("refresh_method_concepts")
_MARK_STALE = query("mark_methods_stale")
_LINK_RELATED = query("link_related")
_LOCK_NODES = query("lock_batch_nodes")
_MOVE_TRENDS = query("move_trend_counts")
_MOVE_YEARS = query("move_year_totals")
_UNLINK_RELATED = query("unlink_related")
_STALE = query("stale_methods")
_ORPHANS = query("delete_orphans")
_DELETE_PAPER = query("delete_paper")
_COUNTS = query("graph_counts")
_CLEAR_RELATIONSHIPS = query("clear_relationships")
_CLEAR_GRAPH = query("clear_graph")
_CLEAR_WROTE = query("clear_wrote")
_AUTHORS = query("merge_authors")
_WROTE = query("merge_wrote")
_ORPHAN_AUTHORS = query("delete_orphan_authors")
_LINK_CITED = query("link_cited_papers")
_PAPER_AUTHORS = query("paper_author_keys")
_CITATIONS = query("merge_citations")
_CLEAR_CITES = query("clear_cites")
_CITED_WORKS = query("paper_cited_work_ids")
_ORPHAN_CITED = query("delete_orphan_cited_works")
_KEEP_CITATIONS = query("keep_citations_of_paper")
_PAPER_TOPICS = query("refresh_paper_topics")


@dataclass(frozen=True)
class AuthorRow:
    """An author of a paper: the name as printed, the ORCID and source-prefixed ids."""

    name: str
    orcid: str | None = None
    ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Evidence:
    """Where an extracted edge's phrase is written in the paper's stored text.

    ``field`` is ``"abstract"`` or ``"title"``; ``start``/``end`` and ``sentence_start``/
    ``sentence_end`` are string indices into that stored field, so ``field[start:end]`` is
    ``text`` (the phrase as written) and ``field[sentence_start:sentence_end]`` is ``sentence``.
    """

    field: str
    start: int
    end: int
    text: str
    sentence_start: int
    sentence_end: int
    sentence: str

    def properties(self) -> dict[str, Any]:
        """The edge properties it is stored as."""
        return {
            "evidenceField": self.field,
            "evidenceStart": self.start,
            "evidenceEnd": self.end,
            "evidenceText": self.text,
            "sentenceStart": self.sentence_start,
            "sentenceEnd": self.sentence_end,
            "sentence": self.sentence,
        }


@dataclass(frozen=True)
class MentionRow:
    """A paper's mention of a concept."""

    key: str
    name: str
    aliases: tuple[str, ...]
    score: float
    rank: int
    source: str
    evidence: Evidence | None = None


@dataclass(frozen=True)
class MethodRow:
    """A method a paper proposes (``kind="PROPOSES"``) or uses (``kind="USES"``).

    ``method_kind`` is what the name names (``method``, ``model``, ``dataset``, ``benchmark``,
    ``metric``, ``tool``); None when the paper does not say, and then the edge is written once
    the graph knows the method (by the end of the load that types it); ``kind_cue`` the id of
    the cue in the text that gave it (``kind.noun-beside`` …). ``variant_of`` is the key of the
    method it varies, and ``variant_evidence`` where this paper says so.
    """

    key: str
    name: str
    aliases: tuple[str, ...]
    score: float
    kind: str
    evidence: Evidence | None = None
    method_kind: str | None = "method"
    kind_cue: str | None = None
    variant_of: str | None = None
    variant_evidence: Evidence | None = None
    #: concept keys of the phrases spelling the method out (see merge_concepts_into_methods)
    expansion_keys: tuple[str, ...] = ()
    #: its place among the paper's methods of the same ``kind``, from 1: a paper's main method
    #: is the first it proposes, which its score (closeness to the abstract) does not tell
    rank: int = 1


@dataclass(frozen=True)
class PaperRow:
    """Everything written for one paper: its properties and its extracted edges."""

    id: str
    source_id: bool
    match_key: str
    content_hash: str
    abstract: str
    label: str
    source: str
    extractor: str
    title: str | None = None
    year: int | None = None
    venue: str | None = None
    authors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    status: str | None = None
    embedding: tuple[float, ...] | None = None
    alt_ids: tuple[str, ...] = ()
    doi: str | None = None
    arxiv_id: str | None = None
    openalex_id: str | None = None
    s2_id: str | None = None
    url: str | None = None
    author_rows: tuple[AuthorRow, ...] = ()  # in byline order; empty: from ``authors``
    references: tuple[str, ...] = ()  # ids of the works it cites
    acronyms: tuple[tuple[str, str], ...] = ()  # (acronym, concept key) defined by this paper
    mentions: tuple[MentionRow, ...] = ()
    methods: tuple[MethodRow, ...] = ()


@dataclass(frozen=True)
class WriteResult:
    """What one batch wrote."""

    papers: int
    mentions: int
    methods: int
    ids: dict[str, str] = field(default_factory=dict)  # matchKey -> stored id


async def _load_read(
    driver: AsyncDriver, database: str, statement: Any, **params: Any
) -> list[Record]:
    """A read a load makes between its batches, sent once more when Neo4j went away as it
    finished (``IncompleteCommit``, which the driver does not retry): a read is safe to repeat,
    and the second goes through the driver's retries, so a load waits for Neo4j as long as a
    write would instead of failing at once."""
    try:
        records, _, _ = await driver.execute_query(
            statement, params, database_=database, routing_="r"
        )
    except IncompleteCommit:
        records, _, _ = await driver.execute_query(
            statement, params, database_=database, routing_="r"
        )
    return records


async def stored_fingerprints(
    driver: AsyncDriver, *, database: str, papers: Sequence[tuple[str, str]]
) -> dict[str, str]:
    """``{matchKey: contentHash}`` for the ``(id, matchKey)`` pairs already stored."""
    rows = [{"id": paper_id, "matchKey": key} for paper_id, key in papers]
    records = await _load_read(driver, database, _FINGERPRINTS, papers=rows)
    return {r["matchKey"]: r["contentHash"] for r in records if r["contentHash"] is not None}


@dataclass(frozen=True)
class StoredPaper:
    """A stored paper's ids and title, as a load compares them with a record's."""

    id: str
    alt_ids: tuple[str, ...]
    title: str | None


async def stored_papers(
    driver: AsyncDriver, *, database: str, match_keys: Sequence[str]
) -> dict[str, StoredPaper]:
    """``{matchKey: StoredPaper}`` for the match keys already stored."""
    records = await _load_read(driver, database, _STORED_TITLES, matchKeys=list(match_keys))
    return {
        r["matchKey"]: StoredPaper(r["id"], tuple(r["altIds"] or ()), r["title"]) for r in records
    }


# A record naming two stored papers (its identifiers one, its abstract another) is written into
# the paper its strongest identifier names (its own id, then DOI, arXiv, OpenAlex, S2 id); the
# paper holding its abstract is kept apart and the load warns. Merging them would take a
# person's judgement: a reference manager's copy of an abstract may be another paper's.


@dataclass(frozen=True)
class IdentityRow:
    """A record's match key and identifiers, as a batch is about to write it."""

    match_key: str
    id: str
    doi: str | None = None
    arxiv_id: str | None = None
    openalex_id: str | None = None
    s2_id: str | None = None


@dataclass(frozen=True)
class IdentityClash:
    """The paper a record's identifiers name (``id``, keyed ``stored_key``) and the other paper
    holding the record's match key (``holder``)."""

    id: str
    stored_key: str
    holder: str


async def identity_clashes(
    driver: AsyncDriver, *, database: str, rows: Sequence[IdentityRow]
) -> dict[str, IdentityClash]:
    """``{matchKey: IdentityClash}`` for the rows that name two stored papers."""
    params = [
        {
            "matchKey": r.match_key,
            "id": r.id,
            "doi": r.doi,
            "arxivId": r.arxiv_id,
            "openalexId": r.openalex_id,
            "s2Id": r.s2_id,
        }
        for r in rows
    ]
    records = await _load_read(driver, database, _CLASHES, rows=params)
    return {r["matchKey"]: IdentityClash(r["id"], r["storedKey"], r["holder"]) for r in records}


async def upsert_papers(
    driver: AsyncDriver, *, database: str, papers: Sequence[PaperRow]
) -> WriteResult:
    """Write a batch of papers with their concepts and methods in one transaction.

    The methods' RELATED_TO weights change with the batch's own papers, in the same
    transaction (``link_related``/``unlink_related``); only a paper's deletion flags methods for
    :func:`refresh_related`.

    The driver retries a transaction that failed on a transient error or a lost connection for
    the driver's ``max_transaction_retry_time`` (``PAPERGRAPH_WRITE_RETRY_SECONDS``), but not
    one whose commit was sent when the connection broke (``IncompleteCommit``): it may have
    been stored. Writing a batch again gives the graph it gave (a re-run of a load equals a
    clean load), so such a batch is written once more, with the driver's retries; when that
    fails too, :class:`~papergraph.errors.UnconfirmedWriteError` says the batch may be stored.
    """
    if not papers:
        return WriteResult(papers=0, mentions=0, methods=0)
    async with driver.session(database=database) as session:
        try:
            return await session.execute_write(_write_batch, list(papers))
        except IncompleteCommit:
            try:
                return await session.execute_write(_write_batch, list(papers))
            except (Neo4jError, DriverError) as exc:
                raise UnconfirmedWriteError(
                    f"Neo4j went away while {len(papers)} papers were being committed and did "
                    f"not come back in time to write them again ({exc}); if it is down, run "
                    "`papergraph neo4j start` or set NEO4J_URI to a running server.",
                    papers=len(papers),
                ) from exc


@unit_of_work(timeout=WRITE_TIMEOUT_SECONDS)
async def _write_batch(tx: AsyncManagedTransaction, papers: list[PaperRow]) -> WriteResult:
    keys = [p.match_key for p in papers]
    sources = [{"matchKey": p.match_key, "source": p.source} for p in papers]
    unwritten = await _single(tx, _CLEAR_WROTE, papers=sources)
    uncited = await _single(tx, _CLEAR_CITES, papers=sources)
    ids = await _rows(tx, _UPSERT, papers=[paper_properties(p) for p in papers])
    await write_acronym_definitions(tx, match_keys=keys)
    mention_rows = [edge_row(p, m) for p in papers for m in p.mentions]
    method_rows = [method_edge_row(p, m) for p in papers for m in p.methods]
    await _single(
        tx,
        _LOCK_NODES,
        matchKeys=keys,
        conceptKeys=sorted({r["key"] for r in mention_rows}),
        methodKeys=sorted({r["key"] for r in method_rows}),
    )
    await _single(tx, _UNLINK_RELATED, matchKeys=keys)
    await _move_trends(tx, [(r["matchKey"], r["storedYear"]) for r in ids], change=-1)
    cleared = await _single(tx, _CLEAR_EDGES, matchKeys=keys)
    mentions = await _single(tx, _MENTIONS, rows=mention_rows)
    linked = await _single(tx, _PAPER_TOPICS, matchKeys=keys)
    methods = await _write_methods(tx, method_rows)
    await _single(tx, _LINK_RELATED, matchKeys=keys)
    await _move_trends(tx, [(r["matchKey"], r["year"]) for r in ids], change=1)
    variants = [r["key"] for r in method_rows if r["variantOf"] is not None]
    await _refresh_variants(tx, [*cleared.get("variantKeys", []), *variants])
    await store_untyped_uses(tx, keys, [r for r in method_rows if r["methodKind"] is None])
    await _write_authors(tx, papers, unwritten.get("authorKeys", []))
    await _write_citations(tx, papers)
    await _single(tx, _ORPHAN_CITED, ids=uncited.get("ids", []))
    await _single(tx, _STAMP, matchKeys=keys)
    await _single(
        tx,
        _ORPHANS,
        conceptKeys=cleared.get("conceptKeys", []),
        methodKeys=cleared.get("methodKeys", []),
    )
    await move_topics_in_transaction(tx, moves=linked.get("moves", []))
    await refresh_aliases(
        tx,
        concept_keys=cleared.get("conceptKeys", []),
        method_keys=cleared.get("methodKeys", []),
    )
    # last: every batch locks these few nodes, so they are held for the shortest time
    await _move_years(tx, out=[r["storedYear"] for r in ids], into=[r["year"] for r in ids])
    return WriteResult(
        papers=len(papers),
        mentions=int(mentions.get("count", 0)),
        methods=methods,
        ids={r["matchKey"]: r["id"] for r in ids},
    )


async def _move_trends(
    tx: AsyncManagedTransaction, papers: list[tuple[str, int | None]], *, change: int
) -> None:
    """Move the papers-per-year counts of the nodes these papers (match key, year) link to."""
    rows = [{"matchKey": key, "year": year} for key, year in papers if year is not None]
    if rows:
        await _single(tx, _MOVE_TRENDS, papers=rows, change=change)


async def _move_years(
    tx: AsyncManagedTransaction, *, out: list[int | None], into: list[int | None]
) -> None:
    """Move the papers per year (``YearTotal``): one out of each year in ``out``, one into each
    in ``into`` (``None``: a paper without a year, not counted)."""
    change = Counter(y for y in into if y is not None)
    change.subtract(y for y in out if y is not None)
    moves = [{"year": year, "change": n} for year, n in sorted(change.items()) if n]
    if moves:
        await _single(tx, _MOVE_YEARS, moves=moves)


async def _write_authors(
    tx: AsyncManagedTransaction, papers: list[PaperRow], unwritten: list[str]
) -> None:
    """Link the batch's papers to their authors; ``unwritten`` authors (whose edges the batch
    removed) are deleted if they wrote nothing else."""
    groups, wrote = author_rows([a for p in papers for a in author_inputs(p)])
    stored = await _rows(tx, _AUTHORS, authors=[g.row() for g in groups])
    keys = {r["key"]: r["stored"] for r in stored}
    await _single(tx, _WROTE, rows=[{**w, "key": keys[w["key"]]} for w in wrote])
    await _single(tx, _ORPHAN_AUTHORS, keys=unwritten)


async def _write_citations(tx: AsyncManagedTransaction, papers: list[PaperRow]) -> None:
    """Resolve earlier papers' references to this batch, then link its own references."""
    arrived = [{"matchKey": p.match_key, "ids": list({p.id, *p.alt_ids})} for p in papers]
    await _single(tx, _LINK_CITED, rows=arrived)
    cites = [{"matchKey": p.match_key, "references": list(p.references)} for p in papers]
    await _single(tx, _CITATIONS, rows=[c for c in cites if c["references"]])


def author_inputs(paper: PaperRow) -> list[AuthorInput]:
    """The paper's authors in byline order, as the author matching reads them (the online
    write and the bulk tables both)."""
    rows = paper.author_rows or tuple(AuthorRow(name) for name in paper.authors)
    return [
        AuthorInput(paper.match_key, position, a.name, a.orcid, a.ids)
        for position, a in enumerate(rows, start=1)
    ]


async def _write_methods(tx: AsyncManagedTransaction, rows: list[dict[str, Any]]) -> int:
    """Typed names first (creating methods), then untyped ones onto methods the graph knows,
    then each touched method's kind label."""
    typed = [r for r in rows if r["methodKind"] is not None]
    untyped = [r for r in rows if r["methodKind"] is None]
    written = await _single(tx, _METHODS, rows=typed)
    linked = await _single(tx, _KNOWN_METHODS, rows=untyped)
    await _single(tx, _KIND_LABELS, methodKeys=list({r["key"] for r in typed}))
    return int(written.get("count", 0)) + int(linked.get("count", 0))


async def _refresh_variants(tx: AsyncManagedTransaction, keys: Sequence[str]) -> None:
    """Recompute the VARIANT_OF edges from these methods from their papers' claims."""
    await _single(tx, _VARIANTS, keys=sorted(set(keys)))


def method_edge_row(paper: PaperRow, method: MethodRow) -> dict[str, Any]:
    """A PROPOSES/USES edge's row as ``merge_methods`` reads it (and the bulk tables)."""
    row = edge_row(paper, method)
    row["methodKind"], row["variantOf"] = row.pop("method_kind"), row.pop("variant_of")
    row["kindCue"] = row.pop("kind_cue")
    row["expansionKeys"] = list(row.pop("expansion_keys"))
    del row["variant_evidence"]
    row["claim"] = _claim(method)
    return row


def _claim(method: MethodRow) -> dict[str, Any]:
    """The properties of the paper's edge saying it calls the method a variant of another
    (``variantOf`` and, as ``variantField`` … ``variantSentenceEnd``, where it says so)."""
    if method.variant_of is None:
        return {}
    found = method.variant_evidence.properties() if method.variant_evidence else {}
    return {"variantOf": method.variant_of, **{_claimed(k): v for k, v in found.items()}}


def _claimed(prop: str) -> str:
    """An evidence property's name on a claim: ``evidenceStart`` → ``variantStart``,
    ``sentence`` → ``variantSentence``."""
    rest = prop.removeprefix("evidence")
    return "variant" + rest[0].upper() + rest[1:]


def paper_properties(paper: PaperRow) -> dict[str, Any]:
    """A paper's row as ``upsert_papers`` reads it (and the bulk tables)."""
    return {
        "id": paper.id,
        "altIds": list(dict.fromkeys((paper.id, *paper.alt_ids))),
        "sourceId": paper.source_id,
        "matchKey": paper.match_key,
        "contentHash": paper.content_hash,
        "title": paper.title,
        "label": paper.label,
        "abstract": paper.abstract,
        "year": paper.year,
        "venue": paper.venue,
        "authors": list(paper.authors),
        "keywords": list(paper.keywords),
        "status": paper.status,
        "source": paper.source,
        "extractor": paper.extractor,
        # a zero vector has no direction: Neo4j's cosine of it is an error, not a number
        "embedding": list(paper.embedding) if paper.embedding and any(paper.embedding) else None,
        "acronyms": [f"{acronym}={key}" for acronym, key in paper.acronyms],
        "doi": paper.doi,
        "arxivId": paper.arxiv_id,
        "openalexId": paper.openalex_id,
        "s2Id": paper.s2_id,
        "url": paper.url,
    }


def edge_row(paper: PaperRow, edge: MentionRow | MethodRow) -> dict[str, Any]:
    """An extracted edge's row as ``merge_mentions`` reads it (and the bulk tables)."""
    # a shallow copy: asdict deep-copies every field, and this runs inside the batch's
    # transaction while the server waits
    row = dict(vars(edge))
    row["aliases"] = list(row["aliases"])
    # no evidence: an empty map, so ``SET r += row.evidence`` leaves the edge without any
    row["evidence"] = edge.evidence.properties() if edge.evidence else {}
    return {**row, "matchKey": paper.match_key, "extractor": paper.extractor}


async def _rows(tx: AsyncManagedTransaction, statement: Any, **params: Any) -> list[dict[str, Any]]:
    result = await tx.run(statement, **params)
    return [record.data() async for record in result]


async def _single(tx: AsyncManagedTransaction, statement: Any, **params: Any) -> dict[str, Any]:
    rows = await _rows(tx, statement, **params)
    return rows[0] if rows else {}


async def delete_paper(driver: AsyncDriver, *, database: str, paper_id: str) -> str | None:
    """Delete a paper (by any of its ids) and the concepts, methods, authors and cited works
    only it linked to; papers citing it keep the citation as a ``CitedWork`` with its id."""

    @unit_of_work(timeout=WRITE_TIMEOUT_SECONDS)
    async def work(tx: AsyncManagedTransaction) -> str | None:
        authors = await _single(tx, _PAPER_AUTHORS, id=paper_id)
        cited = await _single(tx, _CITED_WORKS, id=paper_id)
        await _single(tx, _KEEP_CITATIONS, id=paper_id)
        deleted = await _single(tx, _DELETE_PAPER, id=paper_id)
        if not deleted:
            return None
        await _single(tx, _ORPHAN_AUTHORS, keys=authors.get("keys", []))
        await _single(tx, _ORPHAN_CITED, ids=cited.get("ids", []))
        await _single(tx, _MARK_STALE, methodKeys=deleted["methodKeys"])
        await _refresh_variants(tx, deleted["variantKeys"])
        await _single(
            tx, _ORPHANS, conceptKeys=deleted["conceptKeys"], methodKeys=deleted["methodKeys"]
        )
        await count_method_kinds(tx, deleted["methodKeys"])
        await count_in_transaction(
            tx, concept_keys=deleted["conceptKeys"], method_keys=deleted["methodKeys"]
        )
        await move_topics_in_transaction(tx, moves=deleted["topicMoves"])
        await refresh_aliases(
            tx, concept_keys=deleted["conceptKeys"], method_keys=deleted["methodKeys"]
        )
        await _move_years(tx, out=[deleted["year"]], into=[])
        return str(deleted["id"])

    async with driver.session(database=database) as session:
        deleted_id = await session.execute_write(work)
    await refresh_related(driver, database=database)
    if deleted_id is not None:  # re-place the concepts under the deleted ones
        await refresh_hierarchy(driver, database=database)
    return deleted_id


async def refresh_related(driver: AsyncDriver, *, database: str, batch: int = 50) -> int:
    """Recompute RELATED_TO for every method flagged stale; return how many were refreshed.

    Flagged are the methods a deleted paper named (loads and resolutions move the weights by
    their own edges). A few methods a transaction: a method's recount reads every paper that
    names it.
    """
    refreshed = 0
    while True:
        records, _, _ = await driver.execute_query(_STALE, limit=batch, database_=database)
        keys = [r["key"] for r in records]
        if not keys:
            return refreshed
        async with driver.session(database=database) as session:
            await session.execute_write(_refresh_batch, keys)
        refreshed += len(keys)


@unit_of_work(timeout=WRITE_TIMEOUT_SECONDS)
async def _refresh_batch(tx: AsyncManagedTransaction, keys: list[str]) -> None:
    await _single(tx, _REFRESH, methodKeys=keys)


async def graph_counts(driver: AsyncDriver, *, database: str) -> Stats:
    """Counts of every label and relationship type papergraph writes (the API's ``stats``)."""
    records, _, _ = await driver.execute_query(_COUNTS, database_=database, routing_="r")
    return stats_from_row(records[0].data())


async def clear_graph(driver: AsyncDriver, *, database: str) -> None:
    """Delete every papergraph node and relationship (used by tests and benchmarks).

    Edges go first, in batches, so a dense node's edges never sit in one transaction.
    """
    async with driver.session(database=database) as session:
        await (await session.run(_CLEAR_RELATIONSHIPS)).consume()
        await (await session.run(_CLEAR_GRAPH)).consume()
