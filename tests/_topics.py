"""What the topic tests share: three themes of four concepts, a corpus whose papers borrow
concepts of other themes, and a GraphQL client over a graph of given papers with its topics
computed (three of them, one a theme)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterable, Sequence
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

#: Four themes of six concepts (``graph 0`` … ``speech 5``) for :func:`borrowing_papers`.
BORROWING = ("graph", "text", "vision", "speech")


def borrowing_papers() -> list[tuple[list[str], int]]:
    """Eighty papers, each of one theme (its index in :data:`BORROWING`), mentioning three of
    its theme's concepts and one concept of another theme: counted by shared papers alone,
    some topic mixes themes."""
    rng = random.Random(2)
    papers = []
    for n in range(80):
        own = n % 4
        keys = [f"{BORROWING[own]} {i}" for i in rng.sample(range(6), 3)]
        other = rng.choice([t for t in range(4) if t != own])
        keys.append(f"{BORROWING[other]} {rng.choice(range(6))}")
        papers.append((keys, own))
    return papers


def themes_of(members: Iterable[tuple[str, float]]) -> set[str]:
    """The themes a topic's members (key, centrality) come from."""
    return {key.split()[0] for key, _ in members}


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
