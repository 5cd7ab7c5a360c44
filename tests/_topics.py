"""What the topic tests share: three themes of four concepts, and a GraphQL client over a graph
of given papers with its topics computed (three of them, one a theme)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import httpx
from neo4j import AsyncDriver

from api import create_app
from graph.config import Settings
from graph.topics import refresh_topics
from graph.writes import PaperRow, upsert_papers

THEMES = {
    "graph": ["graph neural network", "message passing", "node classification", "graph pooling"],
    "text": ["language model", "tokenization", "instruction tuning", "in context learning"],
    "vision": ["image generation", "diffusion model", "text to image", "image editing"],
}


@asynccontextmanager
async def topic_client(
    driver: AsyncDriver, settings: Settings, papers: Sequence[PaperRow]
) -> AsyncIterator[httpx.AsyncClient]:
    """Write ``papers``, compute topics (asserting one per theme), serve the API to a client."""
    database = settings.neo4j_database
    await upsert_papers(driver, database=database, papers=list(papers))
    assert await refresh_topics(driver, database=database) == len(THEMES)
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            yield http


async def data(client: httpx.AsyncClient, query: str) -> Any:
    """The ``data`` of a GraphQL answer that has no errors."""
    body = (await client.post("/graphql", json={"query": query})).json()
    assert "errors" not in body, body
    return body["data"]
