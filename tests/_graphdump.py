"""The whole graph as plain values, for tests that compare two loads of the same input."""

from __future__ import annotations

from neo4j import AsyncDriver

from papergraph.settings import Settings

#: Properties that record when or how a graph was written, not what it says (a RELATED_TO
#: pair key is made of the node ids the store happened to give its ends).
VOLATILE = frozenset({"computedAt", "relatedStale", "orphanCheck", "pair"})

_NODES = """
MATCH (n)
RETURN labels(n) AS labels, properties(n) AS props, elementId(n) AS element
"""
_EDGES = """
MATCH (a)-[r]->(b)
RETURN elementId(a) AS a, type(r) AS type, properties(r) AS props, elementId(b) AS b
"""


def _identity(labels: list[str], props: dict[str, object]) -> str:
    """A node's name in a dump: its label and key (papers by id, topics by id)."""
    key = props.get("key", props.get("id"))
    return f"{min(labels)}:{key}"


def _frozen(props: dict[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, repr(v)) for k, v in props.items() if k not in VOLATILE))


async def dump_graph(driver: AsyncDriver, settings: Settings) -> dict[str, set[object]]:
    """Every node (labels and properties) and every relationship (endpoints, type and
    properties), each named by keys rather than Neo4j's element ids."""
    database = settings.neo4j_database
    nodes, _, _ = await driver.execute_query(_NODES, database_=database)
    names = {r["element"]: _identity(r["labels"], r["props"]) for r in nodes}
    edges, _, _ = await driver.execute_query(_EDGES, database_=database)
    return {
        "nodes": {(tuple(sorted(r["labels"])), _frozen(r["props"])) for r in nodes},
        "edges": {(names[r["a"]], r["type"], names[r["b"]], _frozen(r["props"])) for r in edges},
    }


def difference(a: dict[str, set[object]], b: dict[str, set[object]]) -> dict[str, list[object]]:
    """What one dump has and the other lacks, a few items of each kind (for a readable failure)."""
    return {
        kind: sorted(map(repr, a[kind] ^ b[kind]))[:8]
        for kind in ("nodes", "edges")
        if a[kind] ^ b[kind]
    }


async def concept_keys(driver: AsyncDriver, settings: Settings, paper_id: str) -> set[str]:
    """The keys of the concepts a paper mentions."""
    records, _, _ = await driver.execute_query(
        "MATCH (:Paper {id: $id})-[:MENTIONS]->(c:Concept) RETURN c.key AS key",
        id=paper_id,
        database_=settings.neo4j_database,
    )
    return {r["key"] for r in records}
