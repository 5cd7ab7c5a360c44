"""The streamed export (``export_file``, what ``papergraph export`` runs): every format reads back
as the graph ``to_networkx`` builds, and as networkx's own writers would have written it; the
file is written while the graph is still being read; an output path that cannot be written
fails before anything is read, and a failed export leaves no file behind."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, cast

import networkx as nx
import pytest
from _exports import edge_list, plain_read, projection_graph
from neo4j import Driver
from neo4j.exceptions import ServiceUnavailable
from rich.console import Console

from graph.connection import sync_driver
from graph.export import FORMATS, PROJECTIONS, export_file, read_graph, to_networkx, write_graph
from graph.export._build import BUILDERS
from graph.export._formats import gexf_item, graphml_item, node_link_item, xml_attrs
from graph.export._items import Spool, add_items, graph_items
from papergraph.cli.export_command import run_export
from papergraph.errors import ExportError
from papergraph.settings import Settings

XML_AND_JSON = ["graphml", "gexf", "json"]


def same_graph(back: nx.Graph, graph: nx.Graph) -> None:
    assert dict(back.nodes(data=True)) == dict(graph.nodes(data=True))
    assert edge_list(back) == edge_list(graph)


def networkx_written(graph: nx.Graph, path: Path, fmt: str) -> Path:
    """``graph`` written by networkx's own writer, with the export's encodings: the file the
    export wrote before it streamed."""
    encode = {"graphml": graphml_item, "gexf": gexf_item, "json": node_link_item}[fmt]
    encoded = add_items(graph.__class__(), map(encode, graph_items(graph)))
    if fmt == "json":
        encoded.graph = dict(graph.graph)
        data = nx.node_link_data(encoded)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return path
    encoded.graph = xml_attrs(graph.graph)
    (nx.write_graphml if fmt == "graphml" else nx.write_gexf)(encoded, path)
    return path


def read_plainly(path: Path, fmt: str) -> nx.Graph:
    """networkx's reading of the file, less GEXF's edge ids (a numbering of the edges, in the
    order each writer happens to list them)."""
    graph = plain_read(path, fmt)
    if fmt == "gexf":
        for *_, data in graph.edges(data=True):
            del data["id"]
    return graph


def as_networkx_reads(streamed: Path, graph: nx.Graph, fmt: str, tmp_path: Path) -> None:
    oracle = read_plainly(networkx_written(graph, tmp_path / f"networkx.{fmt}", fmt), fmt)
    back = read_plainly(streamed, fmt)
    same_graph(back, oracle)
    assert back.graph == oracle.graph and type(back) is type(oracle)


def files_in(folder: Path) -> list[Path]:
    """Every file under ``folder`` (a temporary file left behind too)."""
    return sorted(path for path in folder.rglob("*") if path.is_file())


# -- the same graph as in memory ------------------------------------------------------------------


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", FORMATS)
async def test_streamed_file_reads_back_as_the_graph_in_memory(
    seeded: Settings, fmt: str, tmp_path: Path
) -> None:
    written = export_file(seeded, tmp_path / f"g.{fmt}", fmt, page_size=3)  # type: ignore[arg-type]
    graph = to_networkx(seeded)
    back = read_graph(written.path, fmt)  # type: ignore[arg-type]
    assert isinstance(back, nx.MultiDiGraph)
    same_graph(back, graph)
    assert (written.nodes, written.edges) == (graph.number_of_nodes(), graph.number_of_edges())
    if fmt in ("graphml", "json"):
        assert graph.graph.items() <= back.graph.items()  # name and projection


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    "filters", [{}, {"year": 2024}, {"seed_paper": "W4300000005", "hops": 1}], ids=str
)
async def test_authors_citations_and_filters_stream_as_in_memory(
    cited: Settings, fmt: str, filters: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / f"g.{fmt}"
    written = export_file(cited, path, fmt, page_size=1, **filters)  # type: ignore[arg-type]
    graph = to_networkx(cited, **filters)
    same_graph(read_graph(written.path, fmt), graph)  # type: ignore[arg-type]
    assert written.edges == graph.number_of_edges()
    if fmt == "graphml":
        assert graph.graph.items() <= read_graph(path, fmt).graph.items()  # the filters too


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", XML_AND_JSON)
async def test_networkx_reads_the_streamed_file_as_its_own_writers_file(
    seeded: Settings, fmt: str, tmp_path: Path
) -> None:
    written = export_file(seeded, tmp_path / f"g.{fmt}", fmt)  # type: ignore[arg-type]
    as_networkx_reads(written.path, to_networkx(seeded), fmt, tmp_path)


@pytest.mark.neo4j
@pytest.mark.parametrize("projection", PROJECTIONS)
async def test_the_cli_writes_every_projection_as_in_memory(
    seeded: Settings, projection: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph = to_networkx(seeded, projection=projection)  # type: ignore[call-overload]
    if projection == "full":  # the full export streams: no networkx graph is built for it
        monkeypatch.setitem(BUILDERS, "full", lambda source: pytest.fail("built in memory"))
    printed = io.StringIO()
    console = Console(file=printed, width=200)
    options: dict[str, Any] = dict.fromkeys(("concept", "method", "year", "venue", "paper"))
    path = run_export(
        seeded,
        fmt="graphml",
        projection=projection,
        output=tmp_path / "g.graphml",
        hops=1,
        console=console,
        **options,
    )
    same_graph(read_graph(path, "graphml"), graph)
    nodes, edges = graph.number_of_nodes(), graph.number_of_edges()
    assert f"Wrote {nodes:,} nodes and {edges:,} edges" in printed.getvalue()


# -- streaming ------------------------------------------------------------------------------------


class NotingDriver:
    """A blocking driver that notes each read in ``log``, and fails the read after ``reads``."""

    def __init__(self, driver: Driver, log: list[str], reads: int | None = None) -> None:
        self.driver, self.log, self.reads = driver, log, reads

    def execute_query(self, *args: Any, **kwargs: Any) -> Any:
        if self.reads is not None and self.log.count("read") >= self.reads:
            raise ServiceUnavailable("the server went away")
        self.log.append("read")
        return self.driver.execute_query(*args, **kwargs)


def export_noted(
    settings: Settings, path: Path, fmt: str, log: list[str], reads: int | None = None
) -> None:
    with sync_driver(settings) as driver:
        noting = cast(Driver, NotingDriver(driver, log, reads))
        export_file(noting, path, fmt, database=settings.neo4j_database, page_size=2)  # type: ignore[arg-type]


@pytest.mark.neo4j
async def test_the_file_is_written_while_the_graph_is_read(
    seeded: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log: list[str] = []
    add = Spool.add

    def noted(spool: Spool[Any], item: Any) -> None:
        log.append("written")
        add(spool, item)

    monkeypatch.setattr(Spool, "add", noted)
    export_noted(seeded, tmp_path / "g.graphml", "graphml", log)
    last_read = len(log) - 1 - log[::-1].index("read")
    assert log.count("read") > 10  # small pages: many reads
    assert "written" in log[:last_read]  # a graph built whole first would read everything first


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", FORMATS)
async def test_an_unwritable_path_fails_before_anything_is_read(
    seeded: Settings, fmt: str, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    log: list[str] = []
    with pytest.raises(ExportError, match="Could not write") as caught:
        export_noted(seeded, blocker / f"g.{fmt}", fmt, log)
    assert str(blocker / f"g.{fmt}") in str(caught.value)
    assert log == [] and files_in(tmp_path) == [blocker]


@pytest.mark.neo4j
@pytest.mark.parametrize("fmt", FORMATS)
async def test_a_failed_export_leaves_no_file(seeded: Settings, fmt: str, tmp_path: Path) -> None:
    with pytest.raises(ServiceUnavailable):
        export_noted(seeded, tmp_path / f"g.{fmt}", fmt, [], reads=3)
    assert files_in(tmp_path) == []


# -- pure encoding (no server) ------------------------------------------------------------------


def tricky_graph() -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph(name="papergraph", projection="full", year=2024)
    graph.add_node(
        "Paper:p<&>'\"1",
        labels=["Paper"],
        id="p1",
        title="Quotes \"double\" & 'single' <tags>\n\ttabs, é, 🙂, \x02",
        year=2025,
        score=0.1,
        accepted=True,
        pages=[],
        label="[Re] GNN",
    )
    graph.add_node("Concept:gnn", labels=["Concept"], key="gnn", aliases=["GNN", "a\x02b"])
    graph.add_node("Method:m", labels=["Method"], key="m", type="model", weight=2.5)
    mentions = [{"relationshipType": "MENTIONS", "rank": 1, "source": "keybert"}, {"rank": 2}]
    graph.add_edges_from(("Paper:p<&>'\"1", "Concept:gnn", attrs) for attrs in mentions)
    related = {"relationshipType": "RELATED_TO", "weight": 3, "key": "a property named key"}
    graph.add_edges_from([("Method:m", "Concept:gnn", related)])
    graph.add_edge("Method:m", "Method:m", relationshipType="VARIANT_OF", label="self")
    return graph


@pytest.mark.parametrize("fmt", XML_AND_JSON)
def test_networkx_reads_the_file_as_its_own_writers_file(fmt: str, tmp_path: Path) -> None:
    graph = tricky_graph()
    path = write_graph(graph, tmp_path / f"g.{fmt}", fmt)  # type: ignore[arg-type]
    as_networkx_reads(path, graph, fmt, tmp_path)


@pytest.mark.parametrize("fmt", XML_AND_JSON)
def test_a_projection_reads_as_networkx_writes_it(fmt: str, tmp_path: Path) -> None:
    graph = projection_graph()
    path = write_graph(graph, tmp_path / f"g.{fmt}", fmt)  # type: ignore[arg-type]
    as_networkx_reads(path, graph, fmt, tmp_path)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_graph_read_back_can_be_written_again(fmt: str, tmp_path: Path) -> None:
    graph = tricky_graph()
    once = read_graph(write_graph(graph, tmp_path / f"1.{fmt}", fmt), fmt)  # type: ignore[arg-type]
    twice = read_graph(write_graph(once, tmp_path / f"2.{fmt}", fmt), fmt)  # type: ignore[arg-type]
    same_graph(twice, once)


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_an_attribute_of_mixed_types_reads_back(fmt: str, tmp_path: Path) -> None:
    graph = nx.MultiDiGraph()
    graph.add_node("a", score=1, note="x")
    graph.add_node("b", score=0.5, note=True)
    back = plain_read(write_graph(graph, tmp_path / f"g.{fmt}", fmt), fmt)  # type: ignore[arg-type]
    scores, notes = nx.get_node_attributes(back, "score"), nx.get_node_attributes(back, "note")
    if fmt == "graphml":  # a key per type: every value as it was
        assert (scores, notes) == ({"a": 1, "b": 0.5}, {"a": "x", "b": True})
    else:  # one type per attribute: the widest
        assert (scores, notes) == ({"a": 1.0, "b": 0.5}, {"a": "x", "b": "true"})


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_folder_in_place_of_the_file_is_an_export_error(fmt: str, tmp_path: Path) -> None:
    target = tmp_path / "taken"
    (target / "nodes.csv").mkdir(parents=True)  # a folder: no file; for csv, no nodes.csv
    with pytest.raises(ExportError, match="Could not write"):
        write_graph(tricky_graph(), target, fmt)  # type: ignore[arg-type]
    assert files_in(tmp_path) == []


async def test_methods_come_in_pages_bounded_by_their_relationships(
    seeded: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page of methods carries at most EDGE_BUDGET relationships (a method related to
    thousands of concepts is a page of its own), and the export is the same whatever the budget."""
    from graph.export import _stream

    whole = to_networkx(seeded)
    pages: list[tuple[int, int]] = []  # (methods, relationships) of each page read
    read = _stream._read

    def counted(driver: Driver, database: str, statement: Any, **params: Any) -> Any:
        rows = read(driver, database, statement, **params)
        if statement is _stream._METHODS:
            pages.append((len(rows), sum(len(row["edges"]) for row in rows)))
        return rows

    monkeypatch.setattr(_stream, "EDGE_BUDGET", 25)
    monkeypatch.setattr(_stream, "_read", counted)
    paged = to_networkx(seeded)
    assert len(pages) > 1
    assert all(edges <= 25 or methods == 1 for methods, edges in pages)
    assert any(methods > 1 for methods, _ in pages)  # methods with few edges share a page
    assert edge_list(paged) == edge_list(whole)
    assert dict(paged.nodes(data=True)) == dict(whole.nodes(data=True))
