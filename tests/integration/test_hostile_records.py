"""A record whose values Neo4j cannot index never blocks a load: it is refused on reading, naming
its line and field, and the other records of its batch are written (real Neo4j)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from neo4j import AsyncDriver
from pydantic import SecretStr

from api import create_app
from graph.connection import database_errors
from graph.writes import PaperRow, graph_counts, upsert_papers
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from papergraph.errors import InvalidInputError
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

TOKEN = "hostile-token"
INGEST = "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) { written ids } }"


def abstract(n: int) -> str:
    return (
        f"We study graph transformer variant number {n} and evaluate its sparse attention on "
        f"node classification benchmarks, where variant {n} matches dense attention at lower cost."
    )


# Each value is past Neo4j's index key size once stored or normalised as its key.
HOSTILE: list[tuple[str, dict[str, Any]]] = [
    ("doi", {"doi": "10.1234/" + "x" * 10_000}),
    ("openalexId", {"openalexId": "W" + "1" * 10_000}),
    ("authors", {"authors": [{"name": "Ada Lovelace", "ids": ["openalex:A" + "9" * 10_000]}]}),
    ("authors", {"authors": ["\ufdfa" * 300]}),  # one character, 18 once normalised
    ("title", {"title": "\u6f22" * 2_000}),  # CJK: three bytes a character
    ("id", {"id": "\u6f22" * 512}),
    ("keywords", {"keywords": ["\ufdfa" * 200]}),
]


def corpus(path: Path) -> Path:
    rows = [{"abstract": abstract(0), "title": "A good paper"}]
    rows += [{"abstract": abstract(i), **fields} for i, (_, fields) in enumerate(HOSTILE, 1)]
    rows.append({"abstract": abstract(99) + " " + "q" * 9_000})  # a word no index can hold
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


async def test_oversized_index_values_are_refused_per_record_and_the_rest_loads(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    read = read_corpora([corpus(tmp_path / "papers.jsonl")])
    assert [(e.line, e.field) for e in read.errors] == [
        (line, field) for line, (field, _) in enumerate(HOSTILE, start=2)
    ]
    assert all("bytes" in e.reason for e in read.errors)
    report = await extract_and_write(
        read.records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(),
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    assert report.written == 2
    assert (await graph_counts(driver, database=neo4j_settings.neo4j_database)).papers == 2


@pytest.mark.parametrize(("field", "fields"), HOSTILE[:4])
async def test_ingest_papers_answers_bad_user_input_naming_the_field(
    driver: AsyncDriver, neo4j_settings: Settings, field: str, fields: dict[str, Any]
) -> None:
    if "authors" in fields:
        names = fields["authors"]
        fields = {"writtenBy": [n if isinstance(n, dict) else {"name": n} for n in names]}
    paper = {"abstract": abstract(1), **fields}
    settings = neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    app = create_app(settings, extractor_factory=SimpleExtractor)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            response = await http.post(
                "/graphql",
                json={"query": INGEST, "variables": {"p": [paper]}},
                headers={"Authorization": f"Bearer {TOKEN}"},
            )
    (error,) = response.json()["errors"]
    assert error["extensions"]["code"] == "BAD_USER_INPUT", error
    assert field in error["message"] or "writtenBy" in error["message"], error
    assert (await graph_counts(driver, database=neo4j_settings.neo4j_database)).papers == 0


async def test_a_value_past_the_index_limit_is_bad_input_not_an_unreachable_database(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    row = PaperRow(
        id="p1",
        source_id=True,
        match_key="mk-p1",
        content_hash="h",
        label="One",
        abstract="An abstract.",
        source="test",
        extractor="hand",
        venue="v" * 9_000,
    )
    too_long = pytest.raises(InvalidInputError, match="too long for Neo4j to index")
    with too_long, database_errors(neo4j_settings):
        await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=[row])
