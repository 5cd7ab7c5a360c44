"""``ingestPapers`` tells the caller when a paper it sent was written into a stored paper with
another id, and ``deletePaper`` by that id says which paper it removed (real Neo4j)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from neo4j import AsyncDriver
from pydantic import SecretStr

from api import create_app
from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from loaders.extraction.simple import SimpleExtractor
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

TOKEN = "merge-token"
ABSTRACT = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)
INGEST = (
    "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) "
    "{ written ids merged { given id } warnings } }"
)


def extractor() -> SimpleExtractor:
    return SimpleExtractor(dimensions=DEFAULT_EMBEDDING_DIMENSIONS)


async def test_a_paper_merged_into_a_stored_one_is_reported_and_its_delete_names_it(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    settings = neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    app = create_app(settings, extractor_factory=extractor)
    headers = {"Authorization": f"Bearer {TOKEN}"}

    async def send(query: str, variables: dict[str, Any] | None = None) -> Any:
        body = {"query": query, "variables": variables or {}}
        answer = await http.post("/graphql", json=body, headers=headers)
        result = answer.json()
        assert "errors" not in result, result
        return result["data"]

    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            first = await send(INGEST, {"p": [{"id": "older-1", "abstract": ABSTRACT}]})
            second = await send(INGEST, {"p": [{"id": "newer-2", "abstract": ABSTRACT}]})
            deleted = await send('mutation { deletePaper(id: "newer-2") }')
    assert first["ingestPapers"]["merged"] == []
    assert second["ingestPapers"]["merged"] == [{"given": "newer-2", "id": "older-1"}]
    assert deleted == {"deletePaper": "older-1"}
