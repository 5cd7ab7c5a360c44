"""Create papergraph's constraints and indexes, idempotently (``papergraph init-db``), and bring
a graph written by an earlier version up to what the writes now keep (:data:`MIGRATIONS`).

A migration backfills first and creates its indexes after, so that its last index exists says
it is done: on an up-to-date graph each costs one schema query, not a scan of the graph, and a
backfill cut short runs again (each is idempotent).
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Protocol

from neo4j import AsyncDriver, Query

from graph import _acronyms
from graph._indexes import index_exists
from graph.cypher import query, run_batched
from graph.topics import recompute_uncounted_topics
from graph.trend_counts import refresh_pending_trend_counts

__all__ = ["DEFAULT_EMBEDDING_DIMENSIONS", "MIGRATIONS", "SCHEMA_STATEMENTS", "ensure_schema"]

#: Size of the paper embeddings written by the default extractor (MiniLM's).
DEFAULT_EMBEDDING_DIMENSIONS = 384

SCHEMA_STATEMENTS = (
    "schema_paper_id",
    "schema_paper_match_key",
    "schema_concept_key",
    "schema_method_key",
    "schema_method_stale",
    "schema_paper_resolve_pending",
    "schema_method_resolve_pending",
    "schema_concept_resolve_pending",
    "schema_paper_year",
    "schema_paper_venue",
    "schema_concept_fulltext",
    "schema_method_fulltext",
    "schema_method_expansion_fulltext",
    "schema_paper_untyped_fulltext",
    "schema_paper_embedding",
    "schema_paper_doi",
    "schema_paper_arxiv_id",
    "schema_paper_openalex_id",
    "schema_paper_s2_id",
    "schema_author_key",
    "schema_author_name_key",
    "schema_author_orcid",
    "schema_cited_work_id",
    "schema_concept_key_text",
    "schema_topic_id",
    "schema_topic_lock",
)


#: The statement around a backfill's batches lasts the whole backfill: on a graph of 100,000
#: papers, longer than the server's default transaction timeout (60 s for the local server).
_BACKFILL_TIMEOUT_SECONDS = 3600.0


class Backfill(Protocol):
    def __call__(self, driver: AsyncDriver, *, database: str) -> Awaitable[object]: ...


@dataclass(frozen=True)
class Migration:
    """A backfill, then the schema statements it must precede; the last creates ``done``."""

    backfill: Backfill
    statements: tuple[str, ...]
    done: str


def batched(name: str) -> Backfill:
    """A backfill that is the one statement ``name``, batched in its own transactions."""

    async def backfill(driver: AsyncDriver, *, database: str) -> None:
        await run_batched(driver, name, database=database, server_timeout=_BACKFILL_TIMEOUT_SECONDS)

    return backfill


MIGRATIONS = (
    # the listing reads its pages off these indexes: a paper without keys would be missing
    Migration(
        batched("fill_paper_sort_keys"),
        (
            "schema_paper_sort_newest",
            "schema_paper_sort_oldest",
            "schema_paper_sort_title",
            "schema_paper_sort_year_title",
            "schema_paper_venue_newest",
            "schema_paper_venue_oldest",
            "schema_paper_venue_title",
            "schema_paper_venue_year_title",
        ),
        "paper_venue_year_title",
    ),
    # papers(concept:) reads its pages off these; a mention's keys copy its paper's, so after
    Migration(
        batched("fill_mention_sort_keys"),
        (
            "schema_mention_relevance",
            "schema_mention_newest",
            "schema_mention_oldest",
            "schema_mention_title",
        ),
        "mention_title",
    ),
    # papers(method:) reads its pages off these, as papers(concept:) off the mention indexes
    Migration(
        batched("fill_method_sort_keys"),
        (
            "schema_use_relevance",
            "schema_use_newest",
            "schema_use_oldest",
            "schema_use_title",
            "schema_proposal_relevance",
            "schema_proposal_newest",
            "schema_proposal_oldest",
            "schema_proposal_title",
        ),
        "proposal_title",
    ),
    Migration(_acronyms.index_acronym_definitions, ("schema_acronym_definition",), _acronyms.INDEX),
    Migration(
        batched("flag_unplaced_concepts"),
        ("schema_concept_broader_pending",),
        "concept_broader_pending",
    ),
    Migration(refresh_pending_trend_counts, ("schema_concept_trend_total",), "concept_trend_total"),
    Migration(recompute_uncounted_topics, ("schema_has_topic_rank",), "has_topic_rank"),
    Migration(batched("fill_year_totals"), ("schema_year_total_year",), "year_total_year"),
    # link_related finds a pair's edge by its key: an edge without one would be written twice
    Migration(batched("fill_related_pairs"), ("schema_related_pair",), "related_pair"),
    # search reads each field once (paper_text also read the label, a copy of the title)
    Migration(
        batched("fill_paper_author_text"),
        ("schema_drop_paper_text", "schema_paper_search"),
        "paper_search",
    ),
)


async def _drop_vector_index_of_other_size(
    driver: AsyncDriver, *, database: str, dimensions: int
) -> None:
    """Drop the paper vector index when it takes vectors of another size (written by another
    embedding model); ``ensure_schema`` creates it again, and a load embeds the papers anew
    (see ``graph.writes.papers_to_embed``)."""
    records, _, _ = await driver.execute_query(
        query("schema_vector_dimensions"), database_=database, routing_="r"
    )
    if records and records[0]["dimensions"] != dimensions:
        await driver.execute_query(query("schema_drop_paper_embedding"), database_=database)


async def ensure_schema(
    driver: AsyncDriver,
    *,
    database: str,
    dimensions: int = DEFAULT_EMBEDDING_DIMENSIONS,
    backfill: bool = True,
) -> None:
    """Create every constraint and index that is missing, run the migrations not yet done,
    then wait until all indexes are online. ``backfill=False`` creates the migrations'
    indexes without their backfills, for a store written whole with what they fill (a bulk
    import, see graph.bulk)."""
    await _drop_vector_index_of_other_size(driver, database=database, dimensions=dimensions)
    async with driver.session(database=database) as session:
        for name in SCHEMA_STATEMENTS:
            await (await session.run(query(name), dimensions=dimensions)).consume()
    for migration in MIGRATIONS:
        if await index_exists(driver, database=database, name=migration.done):
            continue
        if backfill:
            await migration.backfill(driver, database=database)
        async with driver.session(database=database) as session:
            for name in migration.statements:
                await (await session.run(query(name))).consume()
    # as long as a backfill may take: the indexes a migration creates over a big graph fill in
    # the background for as long as its backfill ran, and the driver's default transaction
    # timeout would end the wait (and init-db) first
    wait = Query(query("schema_await"), timeout=_BACKFILL_TIMEOUT_SECONDS + 60)
    async with driver.session(database=database) as session:
        await (await session.run(wait, seconds=int(_BACKFILL_TIMEOUT_SECONDS))).consume()
