"""What the topic tests share: three themes of four concepts, and a GraphQL client over a graph
of given papers with its topics computed (three of them, one a theme)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

import httpx
from _api import api_client
from neo4j import AsyncDriver

from graph.topics import refresh_topics
from graph.writes import PaperRow, upsert_papers
from papergraph.settings import Settings

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
    async with api_client(settings) as http:
        yield http
