"""The Starlette app: ``/graphql`` (GraphiQL on GET when enabled), ``/health`` and the
researcher's page at ``/`` and its routes (api/_page.py), which link them (with the schema at
``/schema.graphql`` when introspection is allowed).

One Neo4j driver per app, opened and closed in the lifespan; every request gets a context with
its own statement counter and DataLoaders.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.websockets import WebSocket
from strawberry.asgi import GraphQL

from api._extractor import ExtractorFactory, ExtractorProvider, default_extractor
from api._graphiql import asset_routes, local_page
from api._limits import KEEP_ALIVE_SECONDS, MAX_HEAD_BYTES, BodyLimit, encode_response
from api._page import page_routes
from api._slow_heads import HEAD_SECONDS, head_timeout_protocol
from api.context import Context, request_context
from api.schema import make_schema
from graph.connection import async_driver
from graph.queries import GraphReader, server_version
from papergraph.errors import PapergraphError
from papergraph.settings import Settings

__all__ = ["create_app", "server_config"]


class _GraphQL(GraphQL[Context, None]):
    offline_ide: str | None = None  # GraphiQL from local files (api/_graphiql.py), when installed
    max_response_bytes = 16 * 1024 * 1024

    def encode_json(self, data: object) -> bytes:
        # A 15 kB neighborhood answer: ~0.1 ms with json.dumps, a tenth of that with orjson.
        return encode_response(data, max_bytes=self.max_response_bytes)

    def decode_json(self, data: str | bytes) -> object:
        # orjson's errors are json.JSONDecodeError, which Strawberry answers with a 400, also
        # for what json.loads raises something else on (a 5,000-digit number, deep nesting) in
        # a GET's `variables`; bodies were checked by api._limits.BodyLimit already.
        return orjson.loads(data)

    async def render_graphql_ide(self, request: Request) -> Response:
        if self.offline_ide is not None:
            return HTMLResponse(self.offline_ide)
        return await super().render_graphql_ide(request)

    async def get_context(self, request: Request | WebSocket, response: Any) -> Context:
        return request_context(request)


async def health(request: Request) -> Response:
    """200 with the Neo4j version when the database answers, else 503 with the reason."""
    try:
        version = await server_version(request.app.state.reader)
    except PapergraphError as exc:
        return JSONResponse({"status": "unavailable", "reason": str(exc)}, status_code=503)
    return JSONResponse({"status": "ok", "neo4j": version})


def create_app(
    settings: Settings,
    *,
    extractor_factory: ExtractorFactory | None = None,
    isolate_extraction: bool | None = None,
    load_models_at_start: bool = False,
) -> Starlette:
    """The papergraph API for ``settings``; the extractor is built on first use.
    ``isolate_extraction``: extract in a child process (api/_worker.py), the default for the
    production extractor; a given ``extractor_factory`` runs in this process unless asked.
    ``load_models_at_start``: that child starts and loads its models with the app, so the first
    draft analysis does not wait for them (``papergraph serve``)."""
    isolated = extractor_factory is None if isolate_extraction is None else isolate_extraction

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        driver = async_driver(settings)
        app.state.reader = GraphReader(driver=driver, settings=settings)
        app.state.extractor = ExtractorProvider(
            extractor_factory or default_extractor(settings), isolated=isolated
        )
        if load_models_at_start:
            app.state.extractor.start()
        try:
            yield
        finally:
            await app.state.extractor.close()
            await driver.close()

    schema = make_schema(
        introspection=settings.introspection,
        field_suggestions=settings.field_suggestions,
        max_cost=settings.max_query_cost,
    )
    graphql = _GraphQL(schema, graphql_ide="graphiql" if settings.graphiql else None)
    graphql.offline_ide = local_page() if settings.graphiql else None
    graphql.max_response_bytes = settings.max_response_bytes
    cors = Middleware(
        CORSMiddleware,
        allow_origins=list(settings.cors_origins),
        allow_methods=["GET", "POST"],
        allow_headers=["Authorization", "Content-Type"],
    )
    return Starlette(
        routes=[
            Route(
                "/graphql",
                BodyLimit(graphql, max_bytes=settings.max_body_bytes),
                methods=["GET", "POST"],
            ),
            Route("/health", health),
            *page_routes(settings, sdl=schema.as_str() + "\n"),
            *asset_routes(),
        ],
        middleware=[cors],
        lifespan=lifespan,
    )


def server_config(
    app: Starlette,
    *,
    host: str,
    port: int,
    log_level: str = "info",
    head_seconds: float = HEAD_SECONDS,
) -> uvicorn.Config:
    """How ``papergraph serve`` serves ``app``: with h11, whose parser bounds a request's line
    and headers (httptools, uvicorn's faster choice, bounds neither) to ``MAX_HEAD_BYTES`` and
    answers a longer head with 400, and a head not whole within ``head_seconds`` with 408
    (api/_slow_heads.py); idle connections closed after ``KEEP_ALIVE_SECONDS``. No bound on
    open connections (uvicorn's ``limit_concurrency`` counts connections whose head is still
    arriving, so clients holding that many would have every other request answered 503)."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=head_timeout_protocol(head_seconds),
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
    )
