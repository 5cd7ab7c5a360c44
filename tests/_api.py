"""A GraphQL client over the app served in-process (no socket), for the integration tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx

from api import create_app
from papergraph.settings import Settings


@asynccontextmanager
async def api_client(settings: Settings, **options: Any) -> AsyncIterator[httpx.AsyncClient]:
    """The app on ``settings`` (``options`` as for ``create_app``), started (its lifespan run)
    and served to an httpx client."""
    app = create_app(settings, **options)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            yield http


async def data(client: httpx.AsyncClient, query: str) -> Any:
    """The ``data`` of a GraphQL answer that has no errors."""
    body = (await client.post("/graphql", json={"query": query})).json()
    assert "errors" not in body, body
    return body["data"]
