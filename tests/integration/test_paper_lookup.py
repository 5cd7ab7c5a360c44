"""A paper asked for by its own id is found by index: no statement reads the other papers.

Every statement that takes "any of a paper's ids" looks among the papers' ``altIds`` (ids of
merged duplicates, unindexed lists) only when no paper has the id as its own; a lookup that
scanned them anyway would cost every API call on a paper the graph's size.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from _profile import db_hits
from neo4j import AsyncDriver

from graph.cypher import query
from papergraph.settings import Settings

MANY = 2000
# no zero vectors (1 + ...): papergraph never stores one, and a cosine of one is an error
CREATE_MANY = (
    "UNWIND range(1, $many) AS i "
    "CREATE (:Paper {id: 'w' + i, altIds: ['w' + i], "
    "                embedding: [d IN range(1, 384) | toFloat(1 + (d * i) % 7)]})"
)
BY_ANY_ID = [
    "delete_paper",
    "export_seed_paper",
    "keep_citations_of_paper",
    "neighborhood",
    "paper_author_keys",
    "paper_cited_work_ids",
    "paper_with_concepts",
    "papers_by_ids",
    "related_papers",
    "shared_concepts",
    "shared_concepts_explained",
    "shortest_path",
]
_PARAM = re.compile(r"\$(\w+)")


def _params(statement: str) -> dict[str, Any]:
    """Every parameter the statement reads: ids name the paper ``w1``, switches are on, the
    rest are small numbers."""
    names = set(_PARAM.findall("\n".join(line for line in statement.splitlines()
                                          if not line.lstrip().startswith("//"))))  # fmt: skip
    ids = {"id", "paperA", "paperB", "fromPaper", "toPaper"}
    return {
        n: ["w1"] if n == "ids" else "w1" if n in ids else True if n.startswith("include") else 3
        for n in names
    }


@pytest.mark.parametrize("name", BY_ANY_ID)
async def test_a_paper_found_by_its_id_reads_no_other_paper(
    name: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    await driver.execute_query(CREATE_MANY, many=MANY, database_=database)
    statement = query(name)
    async with driver.session(database=database) as session:
        tx = await session.begin_transaction()  # rolled back: some of them write
        try:
            result = await tx.run("PROFILE " + statement, _params(statement))
            summary = await result.consume()
        finally:
            await tx.rollback()
    assert summary.profile is not None
    assert db_hits(summary.profile) < MANY, name
