"""BibTeX and RIS exports of the real graph: read back with bibtexparser and rispy (and with
papergraph's own readers), every paper with its title, authors, year and ids; the same filters
as the graph exports; the CLI's formats."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import bibtexparser
import pytest
import rispy
from bibtexparser import middlewares
from neo4j import AsyncDriver
from rich.console import Console
from typer.testing import CliRunner

from graph.export import REFERENCE_FORMATS, export_file, to_networkx
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.cli.export_command import run_export
from papergraph.cli.typer_app import app
from papergraph.errors import InvalidInputError
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j
ABSTRACT = "We study how sparse message passing keeps the accuracy of graph networks at half cost."
PAPERS: list[dict[str, Any]] = [
    {
        "title": "Sparse GNNs & 50% {faster} training on Grün's graphs",
        "authors": ["Jörg Müller", "Jane Smith"],
        "year": 2021,
        "venue": "Journal of Graph Learning",
        "keywords": ["graph neural networks", "sparsity"],
        "doi": "10.1234/jgl.2021.001",
    },
    {
        "title": "Attention routing for long documents",
        "authors": ["Min-Ji Lee", "Chidi Okafor"],
        "year": 2020,
        "venue": "ICLR",
        "arxivId": "2003.01234",
    },
    {
        "title": "Attention routing, revisited",
        "authors": ["Min-Ji Lee"],
        "year": 2020,
        "venue": "ICLR",
        "doi": "10.5555/ar.2020_2",
    },
    {"title": "A note on $x_1$ bounds \\ with ~ tildes", "year": 2019},
]


@pytest.fixture
async def library(driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path) -> Settings:
    """The papers above loaded with the quick extractor."""
    corpus = tmp_path / "library.jsonl"
    lines = [{**paper, "abstract": f"{ABSTRACT} ({n})"} for n, paper in enumerate(PAPERS)]
    corpus.write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    records = [r for r in read_corpus(corpus) if isinstance(r, PaperRecord)]
    await extract_and_write(
        records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(),
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    return neo4j_settings


async def stored(driver: AsyncDriver, settings: Settings) -> dict[str, dict[str, Any]]:
    """Each paper as Neo4j holds it, by id."""
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper) RETURN p {.id, .title, .label, .authors, .year, .venue, .doi, "
        ".arxivId, .abstract, .keywords} AS p",
        database_=settings.neo4j_database,
    )
    return {r["p"]["id"]: r["p"] for r in records}


def read_bibtex(path: Path) -> dict[str, dict[str, Any]]:
    library = bibtexparser.parse_file(
        str(path),
        append_middleware=[middlewares.LatexDecodingMiddleware(), middlewares.SeparateCoAuthors()],
    )
    assert not library.failed_blocks
    keys = [entry.key for entry in library.entries]
    assert len(keys) == len(set(keys)), "BibTeX keys must be unique"
    return {e["papergraphid"]: {**e.fields_dict, "key": e.key} for e in library.entries}


def read_ris(path: Path) -> dict[str, dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        return {entry["id"]: entry for entry in rispy.load(handle)}


def value(entry: dict[str, Any], name: str) -> Any:
    field = entry.get(name)
    return None if field is None else field.value


async def test_bibtex_holds_every_paper_as_stored(
    library: Settings, driver: AsyncDriver, tmp_path: Path
) -> None:
    papers = await stored(driver, library)
    written = export_file(library, tmp_path / "refs.bib", "bibtex")
    entries = read_bibtex(written.path)
    assert written.nodes == len(papers) == len(entries) == len(PAPERS)
    for paper_id, paper in papers.items():
        entry = entries[paper_id]
        assert value(entry, "title") == paper["title"]
        assert (value(entry, "author") or []) == (paper["authors"] or [])
        assert value(entry, "year") == str(paper["year"])
        assert value(entry, "doi") == paper["doi"]
        assert value(entry, "eprint") == paper["arxivId"]
        assert value(entry, "abstract") == paper["abstract"]
    by_title = {value(e, "title"): e for e in entries.values()}
    sparse = by_title[PAPERS[0]["title"]]
    assert sparse["key"] == "muller2021sparse"
    assert value(sparse, "journal") == "Journal of Graph Learning"
    assert value(sparse, "keywords") == "graph neural networks, sparsity"
    routing = by_title[PAPERS[1]["title"]]
    assert value(routing, "booktitle") == "ICLR"
    assert value(routing, "archiveprefix") == "arXiv"
    assert {routing["key"], by_title[PAPERS[2]["title"]]["key"]} == {
        "lee2020attention",
        "lee2020attentiona",
    }


async def test_ris_holds_every_paper_as_stored(
    library: Settings, driver: AsyncDriver, tmp_path: Path
) -> None:
    papers = await stored(driver, library)
    entries = read_ris(export_file(library, tmp_path / "refs.ris", "ris").path)
    assert entries.keys() == papers.keys()
    for paper_id, paper in papers.items():
        entry = entries[paper_id]
        assert entry["title"] == paper["title"]
        assert entry.get("authors", []) == (paper["authors"] or [])
        assert entry["year"] == str(paper["year"])
        assert entry.get("doi") == paper["doi"]
        assert entry.get("secondary_title") == paper["venue"]
        assert entry["abstract"] == paper["abstract"]
    routing = next(e for e in entries.values() if e["title"] == PAPERS[1]["title"])
    assert "https://arxiv.org/abs/2003.01234" in routing["urls"]
    assert routing["type_of_reference"] == "CPAPER"


@pytest.mark.parametrize("fmt", REFERENCE_FORMATS)
async def test_papergraph_reads_its_own_references_back(
    library: Settings, fmt: str, tmp_path: Path
) -> None:
    """A search that ends in Zotero can come back: the export loads as a corpus again."""
    path = export_file(library, tmp_path / f"refs.{fmt}", fmt).path  # type: ignore[arg-type]
    records = [r for r in read_corpus(path) if isinstance(r, PaperRecord)]
    got = {(r.title, r.authors, r.year, r.doi, r.arxiv_id) for r in records}
    expected = {
        (
            p["title"],
            tuple(p.get("authors", ())),
            p["year"],
            p.get("doi"),
            p.get("arxivId"),
        )
        for p in PAPERS
    }
    assert got == expected


@pytest.mark.parametrize("fmt", REFERENCE_FORMATS)
@pytest.mark.parametrize(
    "filters", [{"year": 2020}, {"venue": "iclr"}, {"year": 2021, "venue": "ICLR"}]
)
async def test_filters_select_the_papers_the_graph_export_selects(
    library: Settings, fmt: str, filters: dict[str, Any], tmp_path: Path
) -> None:
    graph = to_networkx(library, **filters)
    expected = {data["id"] for _, data in graph.nodes(data=True) if data["labels"] == ["Paper"]}
    path = export_file(library, tmp_path / f"refs.{fmt}", fmt, **filters).path  # type: ignore[arg-type]
    found = read_bibtex(path) if fmt == "bibtex" else read_ris(path)
    assert set(found) == expected


async def test_the_seed_exports_every_paper_with_a_unique_key(
    seeded: Settings, driver: AsyncDriver, tmp_path: Path
) -> None:
    papers = await stored(driver, seeded)
    assert set(read_bibtex(export_file(seeded, tmp_path / "s.bib", "bibtex").path)) == set(papers)
    assert set(read_ris(export_file(seeded, tmp_path / "s.ris", "ris").path)) == set(papers)


async def test_the_cli_writes_references_and_refuses_a_projection(
    library: Settings, tmp_path: Path
) -> None:
    printed = io.StringIO()
    options: dict[str, Any] = dict.fromkeys(("concept", "method", "year", "venue", "paper"))
    path = run_export(
        library,
        fmt="ris",
        projection="full",
        output=tmp_path / "out.ris",
        hops=1,
        console=Console(file=printed, width=200),
        **options,
    )
    assert len(read_ris(path)) == len(PAPERS)
    assert f"Wrote {len(PAPERS)} papers (ris)" in printed.getvalue()
    with pytest.raises(InvalidInputError, match="projection"):
        run_export(
            library,
            fmt="bibtex",
            projection="papers",
            output=tmp_path / "out.bib",
            hops=1,
            console=Console(file=printed),
            **options,
        )


def test_the_cli_help_lists_every_format() -> None:
    result = CliRunner().invoke(app, ["export", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for fmt in ("graphml", "gexf", "json", "csv", "bibtex", "ris"):
        assert fmt in result.output
