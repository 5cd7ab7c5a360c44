"""Reads that walk the graph: shortest paths, neighbourhoods, and the overall counts."""

from __future__ import annotations

from graph.models import GraphPath, Stats, Subgraph, stats_from_row
from graph.queries._convert import to_edges, to_nodes
from graph.queries._run import GraphReader, fetch_one
from papergraph.errors import InvalidInputError, NotFoundError

__all__ = ["MAX_HOPS", "MAX_NEIGHBORHOOD_HOPS", "graph_stats", "neighborhood", "shortest_path"]

#: Longest path searched (the literal bound in ``cypher/shortest_path.cypher``).
MAX_HOPS = 6
#: Widest neighbourhood (rings around the paper, see ``cypher/neighborhood.cypher``).
MAX_NEIGHBORHOOD_HOPS = 3
#: Papers a neighbourhood's second ring reads from the paper's most specific concepts and
#: methods; the broader ones only score the papers found (see ``cypher/neighborhood.cypher``).
#: Enough to pick the ring's papers from; a budget a big graph fills makes the query's time grow
#: with the graph (against 5,000: the same ring at 10k papers, 79 % of it at 100k, in 0.7 of the
#: time; bench/results/scale.md has the query's latency at each size).
NEIGHBORHOOD_PAPERS = 2000


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise InvalidInputError(f"`{name}` must be between {low} and {high}, got {value}.")


def _missing(paper_id: str) -> NotFoundError:
    return NotFoundError(f"No paper has the id {paper_id!r}; check the id (see `papers`).")


async def shortest_path(
    reader: GraphReader, *, from_paper: str, to_paper: str, max_hops: int = 4
) -> GraphPath | None:
    """The shortest chain of papers, concepts and methods between two papers, or ``None``.

    ``None`` when no chain of at most ``max_hops`` relationships (1..6) links them.
    """
    _check_range("maxHops", max_hops, 1, MAX_HOPS)
    row = (
        await fetch_one(
            reader, "shortest_path", fromPaper=from_paper, toPaper=to_paper, maxHops=max_hops
        )
        or {}
    )
    if not row.get("foundFrom"):
        raise _missing(from_paper)
    if not row.get("foundTo"):
        raise _missing(to_paper)
    if row["nodes"] is None:
        return None
    by_element, nodes = to_nodes(row["nodes"])
    return GraphPath(nodes=nodes, edges=to_edges(row["edges"], by_element))


async def neighborhood(reader: GraphReader, *, id: str, hops: int = 1, limit: int = 50) -> Subgraph:
    """The paper, the nodes within ``hops`` (1..3) rings of it (at most ``limit``), their edges."""
    _check_range("hops", hops, 1, MAX_NEIGHBORHOOD_HOPS)
    _check_range("limit", limit, 1, 500)
    row = await fetch_one(
        reader, "neighborhood", id=id, hops=hops, limit=limit, maxPapers=NEIGHBORHOOD_PAPERS
    )
    if row is None:
        raise _missing(id)
    by_element, nodes = to_nodes(row["nodes"])
    return Subgraph(nodes=nodes, edges=to_edges(row["edges"], by_element))


async def graph_stats(reader: GraphReader) -> Stats:
    """Node counts by label and relationship counts by type (from Neo4j's count store)."""
    return stats_from_row(await fetch_one(reader, "graph_counts") or {})
