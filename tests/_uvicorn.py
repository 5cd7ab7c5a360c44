"""A real uvicorn serving an app on a free loopback port, for tests over real HTTP."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette

from api.app import server_config


@asynccontextmanager
async def serving(
    app: Starlette, *, production: bool = False, **options: Any
) -> AsyncIterator[str]:
    """Serve ``app`` until the block ends; yields its GraphQL URL. ``production``: with the
    server settings of ``papergraph serve`` (``api.app.server_config``, given ``options``)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    if production:
        config = server_config(app, host="127.0.0.1", port=port, log_level="warning", **options)
    else:
        config = uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"
        )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:  # noqa: ASYNC110 - uvicorn.Server offers no event to await
        await asyncio.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/graphql"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
