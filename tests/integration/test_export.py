"""networkx exports: the seed graph exported in every format, read back with networkx's own
readers and with ``read_graph``, and checked against Cypher; filters; projections; list encoding."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from _exports import edge_list, plain_read, projection_graph
from neo4j import AsyncDriver

from graph.export import (
    FORMATS,
    PROJECTIONS,
    export_file,
    read_graph,
    to_networkx,
    write_graph,
)
from papergraph.errors import InvalidInputError, NotFoundError
from papergraph.settings import Settings

LIST_PROPERTIES = ("labels", "aliases", "authors", "altIds", "keywords")


async def cypher(
    driver: AsyncDriver, settings: Settings, statement: Any, **params: Any
) -> list[Any]:
    records, _, _ = await driver.execute_query(statement, params, database_=settings.neo4j_database)
    return [r.data() for r in records]


async def counts(driver: AsyncDriver, settings: Settings) -> tuple[int, Counter[str]]:
    """Every node and relationship the export holds: all but the loader's acronym index and
    the papers-per-year totals the writes keep for trends."""
    nodes = await cypher(
        driver,
        settings,
        "MATCH (n) WHERE NOT (n:AcronymDefinition OR n:YearTotal) RETURN count(n) AS n",
    )
    rels = await cypher(
        driver,
        settings,
        "MATCH ()-[r]->() WHERE type(r) <> 'DEFINES_ACRONYM' RETURN type(r) AS t, count(*) AS n",
    )
    return nodes[0]["n"], Counter({row["t"]: row["n"] for row in rels})


def edge_types(graph: nx.Graph) -> Counter[str]:
    return Counter(data["relationshipType"] for *_, data in graph.edges(data=True))


# -- against the real graph ---------------------------------------------------------------------


@pytest.mark.neo4j
async def test_full_export_matches_cypher(seeded: Settings, driver: AsyncDriver) -> None:
    graph = to_networkx(seeded, page_size=4)  # small pages: several pages per label
    n_nodes, rels = await counts(driver, seeded)
    assert isinstance(graph, nx.MultiDiGraph)
    assert graph.number_of_nodes() == n_nodes
    assert edge_types(graph) == rels
    paper = (await cypher(driver, seeded, "MATCH (p:Paper) RETURN p ORDER BY p.id LIMIT 1"))[0]["p"]
    attrs = graph.nodes[f"Paper:{paper['id']}"]
    assert attrs["labels"] == ["Paper"] and attrs["label"] == paper["label"]
    assert attrs["altIds"] == paper["altIds"] and "embedding" not in attrs
    # the listing's sort keys are stored on the paper, not part of it
    assert "sortTitle" in paper and not {"sortTitle", "sortNewest", "sortOldest"} & set(attrs)
    # nor are the copies a mention carries for papers(concept:) part of the mention
    mentions = [d for *_, d in graph.edges(data=True) if d["relationshipType"] == "MENTIONS"]
    copies = {"conceptKey", "sortScore", "sortNewest", "sortOldest", "sortTitle", "paperId"}
    assert mentions and all("score" in d and not copies & set(d) for d in mentions)


@pytest.mark.neo4j
async def test_embeddings_only_on_request(seeded: Settings) -> None:
    graph = to_networkx(seeded, include_embeddings=True)
    papers = [d for _, d in graph.nodes(data=True) if d["labels"] == ["Paper"]]
    assert papers and all(isinstance(d["embedding"], list) for d in papers)


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", FORMATS)
async def test_every_format_round_trips(seeded: Settings, fmt: str, tmp_path: Path) -> None:
    graph = to_networkx(seeded)
    path = write_graph(graph, tmp_path / f"graph.{fmt}", fmt)  # type: ignore[arg-type]
    back = read_graph(path, fmt)  # type: ignore[arg-type]
    assert isinstance(back, nx.MultiDiGraph)
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert edge_list(back) == edge_list(graph)


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
async def test_networkx_own_readers_see_counts_and_properties(
    seeded: Settings, driver: AsyncDriver, fmt: str, tmp_path: Path
) -> None:
    path = write_graph(to_networkx(seeded), tmp_path / f"graph.{fmt}", fmt)  # type: ignore[arg-type]
    graph = plain_read(path, fmt)
    n_nodes, rels = await counts(driver, seeded)
    assert graph.number_of_nodes() == n_nodes
    assert edge_types(graph) == rels
    concept = await cypher(driver, seeded, "MATCH (c:Concept) RETURN c ORDER BY c.key LIMIT 1")
    attrs = graph.nodes[f"Concept:{concept[0]['c']['key']}"]
    aliases = attrs["aliases"] if fmt == "json" else json.loads(attrs["aliases"])
    assert aliases == concept[0]["c"]["aliases"]


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
async def test_control_characters_and_lists_open_in_plain_networkx(
    seeded: Settings, driver: AsyncDriver, fmt: str, tmp_path: Path
) -> None:
    # Abstracts copied from PDFs hold control characters XML 1.0 forbids (U+0002 for a hyphen).
    await cypher(
        driver,
        seeded,
        """
        MATCH (p:Paper) WITH p ORDER BY p.id LIMIT 1
        SET p.abstract = 'Mo' + $ctl + 'tivated by ' + p.abstract, p.keywords = ['a' + $ctl + 'b']
        """,
        ctl="\x02",
    )
    paper = (await cypher(driver, seeded, "MATCH (p:Paper) RETURN p ORDER BY p.id LIMIT 1"))[0]["p"]
    path = write_graph(to_networkx(seeded), str(tmp_path / f"graph.{fmt}"), fmt)  # type: ignore[arg-type]
    attrs = plain_read(path, fmt).nodes[f"Paper:{paper['id']}"]
    if fmt == "json":
        assert attrs["abstract"] == paper["abstract"] and attrs["_id"] == paper["id"]
        assert attrs["keywords"] == ["a\x02b"]
    else:
        assert attrs["abstract"].startswith("Mo\ufffdtivated by ")  # replaced, offsets kept
        assert json.loads(attrs["keywords"]) == ["a\x02b"]  # JSON escapes it: nothing is lost
    back = read_graph(str(path), fmt)  # type: ignore[arg-type]
    assert back.nodes[f"Paper:{paper['id']}"]["keywords"] == ["a\x02b"]
    assert back.nodes[f"Paper:{paper['id']}"]["id"] == paper["id"]


@pytest.mark.neo4j
async def test_csv_layout(seeded: Settings, driver: AsyncDriver, tmp_path: Path) -> None:
    folder = write_graph(to_networkx(seeded), tmp_path / "csv", "csv")
    header = (folder / "nodes.csv").read_text().splitlines()[0].split(",")
    assert header[0] == ":ID" and "aliases:json" in header and "labels:json" in header
    edges = (folder / "edges.csv").read_text().splitlines()
    _, rels = await counts(driver, seeded)
    assert edges[0].startswith(":START_ID,:END_ID,:KEY,") and len(edges) - 1 == sum(rels.values())


@pytest.mark.neo4j
async def test_filters_select_papers_and_their_neighbours(
    seeded: Settings, driver: AsyncDriver
) -> None:
    top = (
        await cypher(
            driver,
            seeded,
            """
        MATCH (c:Concept)<-[:MENTIONS]-(p:Paper) WITH c, count(p) AS n ORDER BY n DESC, c.key
        LIMIT 1 RETURN c.key AS key, c.name AS name, n""",
        )
    )[0]
    graph = to_networkx(seeded, concept=top["name"].upper())
    papers = [n for n, d in graph.nodes(data=True) if d["labels"] == ["Paper"]]
    assert len(papers) == top["n"]
    assert all(graph.has_edge(p, f"Concept:{top['key']}") for p in papers)
    assert all(u in graph and v in graph for u, v in graph.edges())


@pytest.mark.neo4j
async def test_seed_paper_hops(seeded: Settings, driver: AsyncDriver) -> None:
    paper = await cypher(driver, seeded, "MATCH (p:Paper) RETURN p.id AS id ORDER BY id LIMIT 1")
    seed = paper[0]["id"]
    alone = to_networkx(seeded, seed_paper=seed, hops=0)
    near = to_networkx(seeded, seed_paper=seed, hops=1)
    assert [n for n, d in alone.nodes(data=True) if d["labels"] == ["Paper"]] == [f"Paper:{seed}"]
    assert set(alone) <= set(near)
    with pytest.raises(NotFoundError):
        to_networkx(seeded, seed_paper="no-such-paper")
    with pytest.raises(InvalidInputError):
        to_networkx(seeded, seed_paper=seed, hops=99)


@pytest.mark.neo4j
async def test_projections_are_weighted_simple_graphs(
    seeded: Settings, driver: AsyncDriver
) -> None:
    for projection in PROJECTIONS[1:]:
        graph = to_networkx(seeded, projection=projection)  # type: ignore[call-overload]
        assert type(graph) is nx.Graph and graph.graph["projection"] == projection
        assert all(
            isinstance(d["weight"], int) and d["weight"] > 0 for *_, d in graph.edges(data=True)
        )
    methods = to_networkx(seeded, projection="methods")
    related = await cypher(
        driver,
        seeded,
        """
        MATCH (m:Method)-[r:RELATED_TO]->(c:Concept)
        RETURN m.key AS m, c.key AS c, r.weight AS w""",
    )
    assert methods.number_of_edges() == len(related)
    assert all(
        methods[f"Method:{r['m']}"][f"Concept:{r['c']}"]["weight"] == r["w"] for r in related
    )
    papers = to_networkx(seeded, projection="papers")
    shared = await cypher(
        driver,
        seeded,
        """
        MATCH (a:Paper)-[:MENTIONS]->(c:Concept)<-[:MENTIONS]-(b:Paper) WHERE a.id < b.id
        RETURN count(DISTINCT [a, b]) AS pairs""",
    )
    assert papers.number_of_edges() == shared[0]["pairs"]


# -- topics and the concept hierarchy ------------------------------------------------------------

STRUCTURE = ("BROADER", "IN_TOPIC", "HAS_TOPIC")


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", FORMATS)
async def test_topics_and_the_hierarchy_are_exported_in_every_format(
    structured: Settings, driver: AsyncDriver, fmt: str, tmp_path: Path
) -> None:
    n_nodes, rels = await counts(driver, structured)
    assert all(rels[kind] > 0 for kind in STRUCTURE)  # the ingest placed them
    path = export_file(structured, tmp_path / f"g.{fmt}", fmt, page_size=4).path  # type: ignore[arg-type]
    graph = read_graph(path, "csv") if fmt == "csv" else plain_read(path, fmt)
    assert graph.number_of_nodes() == n_nodes and edge_types(graph) == rels
    topic = (await cypher(driver, structured, "MATCH (t:Topic) RETURN t ORDER BY t.id LIMIT 1"))[0]
    attrs = graph.nodes[f"Topic:{topic['t']['id']}"]
    assert attrs["name"] == topic["t"]["name"]
    labels = attrs["labels"] if fmt in {"json", "csv"} else json.loads(attrs["labels"])
    assert labels == ["Topic"]


@pytest.mark.neo4j
async def test_exported_topic_and_broader_edges_are_the_graphs(
    structured: Settings, driver: AsyncDriver
) -> None:
    graph = to_networkx(structured, page_size=3)
    found = await cypher(
        driver,
        structured,
        """
        MATCH (a)-[r:BROADER|IN_TOPIC|HAS_TOPIC]->(b)
        RETURN type(r) AS type, coalesce(a.key, a.id) AS a, labels(b)[0] AS label,
               coalesce(b.key, b.id) AS b, r.weight AS weight, r.centrality AS centrality""",
    )
    wanted = {
        (r["type"], r["a"], f"{r['label']}:{r['b']}", r["weight"], r["centrality"]) for r in found
    }
    exported = {
        (d["relationshipType"], u.partition(":")[2], v, d.get("weight"), d.get("centrality"))
        for u, v, d in graph.edges(data=True)
        if d["relationshipType"] in STRUCTURE
    }
    assert exported == wanted
    # a paper's link to its topic is its weight, not the store's copies of the ends' data
    assert all(
        set(d) == {"relationshipType", "weight"}
        for *_, d in graph.edges(data=True)
        if d["relationshipType"] == "HAS_TOPIC"
    )


@pytest.mark.neo4j
async def test_a_filtered_export_keeps_its_papers_topics(
    structured: Settings, driver: AsyncDriver
) -> None:
    paper = (
        await cypher(
            driver,
            structured,
            "MATCH (p:Paper)-[:HAS_TOPIC]->(t:Topic) RETURN p.id AS id, collect(t.id) AS topics "
            "ORDER BY id LIMIT 1",
        )
    )[0]
    graph = to_networkx(structured, seed_paper=paper["id"], hops=0)
    topics = {n for n, d in graph.nodes(data=True) if d["labels"] == ["Topic"]}
    assert topics == {f"Topic:{t}" for t in paper["topics"]}
    assert all(u in graph and v in graph for u, v in graph.edges())
    in_topic = [v for _, v, d in graph.edges(data=True) if d["relationshipType"] == "IN_TOPIC"]
    assert in_topic and set(in_topic) <= topics


# -- pure encoding (no server) ------------------------------------------------------------------


def sample_graph() -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph(name="papergraph", projection="full")
    graph.add_node(
        "Paper:p1",
        labels=["Paper"],
        id="p1",
        label="[Re] GNN",
        year=2025,
        authors=["Ada; Lovelace", "Émile"],
        altIds=["p1", "pg-1"],
        keywords=[],
    )
    graph.add_node(
        "Concept:gnn",
        labels=["Concept"],
        key="gnn",
        name="graph neural networks",
        aliases=["GNN", "GNNs"],
    )
    graph.add_node("Method:m", labels=["Method"], key="m", name="M", aliases=[])
    graph.add_edge(
        "Paper:p1", "Concept:gnn", relationshipType="MENTIONS", score=0.5, rank=1, source="keybert"
    )
    graph.add_edge(
        "Paper:p1", "Concept:gnn", relationshipType="MENTIONS", score=0.25, rank=2, source="author"
    )
    graph.add_edge("Method:m", "Concept:gnn", relationshipType="RELATED_TO", weight=3)
    return graph


@pytest.mark.parametrize("fmt", FORMATS)
def test_lists_and_reserved_names_survive(fmt: str, tmp_path: Path) -> None:
    graph = sample_graph()
    back = read_graph(write_graph(graph, tmp_path / "g", fmt), fmt)  # type: ignore[arg-type]
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert edge_list(back) == edge_list(graph)
    for prop in LIST_PROPERTIES:
        assert all(isinstance(d[prop], list) for _, d in back.nodes(data=True) if prop in d)


@pytest.mark.parametrize("fmt", FORMATS)
def test_projection_round_trips_as_undirected_graph(fmt: str, tmp_path: Path) -> None:
    graph = projection_graph()
    back = read_graph(write_graph(graph, tmp_path / "g", fmt), fmt)  # type: ignore[arg-type]
    assert type(back) is nx.Graph
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert back["Concept:a"]["Concept:b"] == {"weight": 1}


def test_unknown_format_is_invalid_input(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError):
        write_graph(sample_graph(), tmp_path / "g.xml", "xml")  # type: ignore[arg-type]


def test_unreadable_xml_is_invalid_input(tmp_path: Path) -> None:
    broken = tmp_path / "broken.graphml"
    broken.write_text("<graphml><graph>\x02</graph></graphml>", encoding="utf-8")
    with pytest.raises(InvalidInputError, match=r"broken\.graphml"):
        read_graph(broken, "graphml")


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_xml_formats_replace_only_forbidden_characters(fmt: str, tmp_path: Path) -> None:
    graph = nx.MultiDiGraph()
    graph.add_node("Paper:a\x0cb", labels=["Paper"], title="tab\there \x00\x1f\ufffeok é")
    path = write_graph(graph, tmp_path / f"g.{fmt}", fmt)  # type: ignore[arg-type]
    back = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
    title = dict(back.nodes(data=True))["Paper:a\ufffdb"]["title"]
    assert title == "tab\there \ufffd\ufffd\ufffdok é"  # one for one: offsets into it hold


# -- authors and citations ------------------------------------------------------------------------


def cypher_edges(rows: list[dict[str, Any]]) -> set[tuple[str, str, Any]]:
    return {(r["source"], r["target"], r.get("position")) for r in rows}


WROTE = """
MATCH (a:Author)-[w:WROTE]->(p:Paper)
RETURN 'Author:' + a.key AS source, 'Paper:' + p.id AS target, w.position AS position
"""
CITES = """
MATCH (p:Paper)-[:CITES]->(w)
RETURN 'Paper:' + p.id AS source,
       CASE WHEN w:Paper THEN 'Paper:' ELSE 'CitedWork:' END + w.id AS target
"""


def graph_edges(graph: nx.Graph, kind: str) -> set[tuple[str, str, Any]]:
    return {
        (u, v, d.get("position"))
        for u, v, d in graph.edges(data=True)
        if d["relationshipType"] == kind
    }


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
async def test_authors_and_citations_open_in_plain_networkx(
    cited: Settings, driver: AsyncDriver, fmt: str, tmp_path: Path
) -> None:
    path = write_graph(to_networkx(cited, page_size=2), tmp_path / f"g.{fmt}", fmt)  # type: ignore[arg-type]
    graph = plain_read(path, fmt)
    n_nodes, rels = await counts(driver, cited)
    assert graph.number_of_nodes() == n_nodes and edge_types(graph) == rels
    assert rels["WROTE"] == 6 and rels["CITES"] == 12  # the fixture's bylines and references
    assert graph_edges(graph, "WROTE") == cypher_edges(await cypher(driver, cited, WROTE))
    assert graph_edges(graph, "CITES") == cypher_edges(await cypher(driver, cited, CITES))
    grace = graph.nodes["Author:orcid:0000-0001-5109-3700"]
    assert grace["name"] == "Grace Hopper"
    labels = grace["labels"] if fmt == "json" else json.loads(grace["labels"])
    assert labels == ["Author"]
    work = graph.nodes["CitedWork:W4399000001"]
    assert (work["_id"] if fmt != "graphml" else work["id"]) == "W4399000001"
    back = read_graph(path, fmt)  # type: ignore[arg-type]
    assert back.nodes["Author:orcid:0000-0001-5109-3700"]["labels"] == ["Author"]


@pytest.mark.neo4j
async def test_a_filtered_export_keeps_its_papers_authors_and_citations(
    cited: Settings, driver: AsyncDriver
) -> None:
    graph = to_networkx(cited, year=2024)  # E and F: they cite C, D (2018, 2019) and works
    papers = {n for n, d in graph.nodes(data=True) if d["labels"] == ["Paper"]}
    assert papers == {"Paper:W4300000005", "Paper:W4300000006"}
    assert all(u in graph and v in graph for u, v in graph.edges())
    kept = graph_edges(graph, "CITES")
    assert kept == {(u, v, None) for u, v, _ in kept if u in papers}
    assert {v for _, v, _ in kept} == {"CitedWork:W4399000001", "CitedWork:W4399000003"}
    assert {u for u, _, _ in graph_edges(graph, "WROTE")} == {"Author:orcid:0000-0001-5109-3700"}
