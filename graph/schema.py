"""Create papergraph's constraints and indexes, idempotently (``papergraph init-db``), and bring
a graph written by an earlier version up to them: the listing's sort keys on every paper and
every mention, and the acronym definitions it stores unindexed (see :mod:`graph._acronyms`)."""

from __future__ import annotations

from neo4j import AsyncDriver

from graph._acronyms import index_acronym_definitions
from graph.cypher import query
from graph.hierarchy import flag_unplaced_concepts

__all__ = ["DEFAULT_EMBEDDING_DIMENSIONS", "SCHEMA_STATEMENTS", "ensure_schema"]

#: Size of the paper embeddings written by the default extractor.
DEFAULT_EMBEDDING_DIMENSIONS = 256

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
    "schema_paper_sort_newest",
    "schema_paper_sort_oldest",
    "schema_paper_sort_title",
    "schema_paper_sort_year_title",
    "schema_paper_venue_newest",
    "schema_paper_venue_oldest",
    "schema_paper_venue_title",
    "schema_paper_venue_year_title",
    "schema_paper_fulltext",
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
    "schema_concept_trend_total",
    "schema_has_topic_rank",
)

#: Created once every mention has its sort keys (fill_mention_sort_keys), so created last.
_MENTION_INDEXES = (
    "schema_mention_relevance",
    "schema_mention_newest",
    "schema_mention_oldest",
    "schema_mention_title",
)


async def ensure_schema(
    driver: AsyncDriver, *, database: str, dimensions: int = DEFAULT_EMBEDDING_DIMENSIONS
) -> None:
    """Create every constraint and index that is missing, give every paper and every mention
    the sort keys the ``papers`` listing reads its indexes by (a graph written before they were
    kept has none: its papers would be missing from the listing), index the acronym definitions
    such a graph stores unindexed, flag its concepts waiting to be placed under a broader one,
    then wait until all indexes are online."""
    async with driver.session(database=database) as session:
        for name in SCHEMA_STATEMENTS:
            result = await session.run(query(name), dimensions=dimensions)
            await result.consume()
        # batched in its own transactions (CALL … IN TRANSACTIONS), hence a plain session.run
        await (await session.run(query("fill_paper_sort_keys"))).consume()
    await _index_mention_order(driver, database=database)
    await index_acronym_definitions(driver, database=database)
    await flag_unplaced_concepts(driver, database=database)
    async with driver.session(database=database) as session:
        await (await session.run(query("schema_await"))).consume()


async def _index_mention_order(driver: AsyncDriver, *, database: str) -> None:
    """Give an older graph's mentions the keys papers(concept:) is ordered by, then create the
    indexes over them, whose existence says it is done: once they exist this is one schema
    query. Needs the papers' own sort keys (copied onto each mention)."""
    records, _, _ = await driver.execute_query(
        query("schema_mention_indexes_exist"), database_=database, routing_="r"
    )
    if records and records[0]["indexed"]:
        return
    async with driver.session(database=database) as session:
        # batched in its own transactions (CALL … IN TRANSACTIONS), hence a plain session.run
        await (await session.run(query("fill_mention_sort_keys"))).consume()
        for name in _MENTION_INDEXES:
            await (await session.run(query(name))).consume()
