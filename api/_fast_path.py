"""``/graphql`` for the common request, without Strawberry's per-request machinery.

Almost every request a notebook or a frontend sends is a POSTed JSON query whose text the
server has seen before. Strawberry's HTTP view and ``Schema.execute`` still run their whole
machinery for it (request adapters, a sub-response, an execution context object, four
extension hooks, each a context manager, the result processing), which cost more than
graphql-core's execution itself for the small answers and, with HTTP, most of what the API
added to the Neo4j statement (see bench/results/api-speed.md).

:class:`QueryPath` answers such a request directly: a POST with a JSON object of ``query`` and
optionally ``variables`` and ``operationName``, whose text the schema's document cache holds as
parsed and valid, naming a query operation. It runs graphql-core's ``execute`` with the schema's
execution context, rewrites and logs errors with the same functions as the schema's extensions
and writes the same JSON body (``data``, ``errors`` when there are any, ``extensions``).

Anything else goes to Strawberry's view with the body as it came: GET and GraphiQL, other
content types, batches, ``extensions`` in the request, streaming ``Accept`` headers, mutations,
a text seen for the first time or one that did not validate. If the direct path itself fails
(a bug; queries only read, so answering again is safe), the failure is logged and Strawberry's
view answers too.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeGuard, cast

import orjson
from graphql import ExecutionResult, OperationType, execute, get_operation_ast
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.execution import optimized_is_awaitable

from api._limits import encode_response
from api.context import Context, request_context
from api.errors import client_errors, log_unexpected
from api.schema import PapergraphSchema, result_extensions

__all__ = ["QueryPath"]

logger = logging.getLogger("papergraph.api")

_REQUEST_KEYS = frozenset({"query", "variables", "operationName"})
# What Strawberry passes graphql-core: common non-awaitables are recognised first.
_is_awaitable = cast("Callable[[Any], TypeGuard[Awaitable[Any]]]", optimized_is_awaitable)


class QueryPath:
    """ASGI app for ``/graphql``: known queries directly, everything else by ``fallback``."""

    def __init__(
        self, schema: PapergraphSchema, fallback: ASGIApp, *, max_response_bytes: int
    ) -> None:
        self._schema = schema
        self._fallback = fallback
        self._max_response_bytes = max_response_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self._fallback(scope, receive, send)
            return
        request = Request(scope, receive)
        if not _plain_json(request):
            await self._fallback(scope, receive, send)
            return
        body = await request.body()
        try:
            answer = await self._answer(request, body)
        except Exception:  # a bug here: log it, and let Strawberry answer
            logger.exception("The direct query path failed; Strawberry's view answers instead.")
            answer = None
        if answer is None:
            await self._fallback(scope, _replay(body, receive), send)
            return
        await Response(answer, media_type="application/json")(scope, receive, send)

    async def _answer(self, request: Request, body: bytes) -> bytes | None:
        """The response body, or ``None`` when this request is not for the direct path."""
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError:
            return None  # Strawberry's view says what is wrong with it
        if not isinstance(data, dict) or not data.keys() <= _REQUEST_KEYS:
            return None
        text, variables, operation = (
            data.get("query"),
            data.get("variables"),
            data.get("operationName"),
        )
        if (
            not isinstance(text, str)
            or not isinstance(variables, dict | None)
            or not isinstance(operation, str | None)
        ):
            return None
        cached = self._schema.documents.get(text)
        if cached is None or cached.errors:  # not seen yet, or invalid: Strawberry says why
            return None
        document = cached.document
        definition = get_operation_ast(document, operation)
        if definition is None or definition.operation is not OperationType.QUERY:
            return None
        costly = self._schema.cost.refusal(
            self._schema._schema, document, text=text, operation_name=operation, variables=variables
        )
        if costly is not None:  # Strawberry's road refuses it (api/_cost.py)
            return None
        context = request_context(request)
        result = execute(
            self._schema._schema,
            document,
            context_value=context,
            variable_values=variables,
            operation_name=operation,
            executor_class=self._schema.execution_context_class,
            is_awaitable=_is_awaitable,
            plans=cached.plans,
        )
        if not isinstance(result, ExecutionResult):
            result = await result
        return encode_response(self._response(result, context), max_bytes=self._max_response_bytes)

    def _response(self, result: ExecutionResult, context: Context) -> dict[str, Any]:
        response: dict[str, Any] = {"data": result.data}
        if result.errors:
            log_unexpected(result.errors)
            errors = client_errors(result.errors, suggestions=self._schema.suggestions)
            response["errors"] = [error.formatted for error in errors]
        extensions = result_extensions(context)
        if extensions:
            response["extensions"] = extensions
        return response


def _plain_json(request: Request) -> bool:
    """A JSON body, and no streaming response asked for."""
    headers = request.headers
    accept = headers.get("accept", "")
    return headers.get("content-type", "").startswith("application/json") and not (
        "multipart/mixed" in accept or "text/event-stream" in accept
    )


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` once more, then what ``receive`` gives."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> Message:
        return pending.pop() if pending else await receive()

    return replayed
