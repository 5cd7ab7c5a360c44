"""What the API refuses at the HTTP level, before GraphQL sees a request, and after it answers.

* :class:`BodyLimit` reads a POST body at most ``max_bytes`` long (a larger ``Content-Length``
  is refused without reading it, a body that grows past the limit as soon as it does: 413) and,
  for a JSON body, checks it is a JSON object (400 otherwise: not JSON, not UTF-8, nested too
  deep, a number too long). Strawberry's view then gets the body it read.
  A JSON-like media type other than ``application/json`` (``application/json5``,
  ``application/json-patch+json``) is refused with 415 before the view parses it; a body that
  stops arriving for :data:`READ_SECONDS` gets 408, and one whose client leaves before it is
  complete is dropped unrun.
* :data:`MAX_HEAD_BYTES` bounds a request's line and headers together, and
  :data:`KEEP_ALIVE_SECONDS` an idle connection: both are given to the server
  (``papergraph serve``), which answers a longer head with 400 before the app sees it.
* :func:`encode_response` is the second guard behind the query cost limit: an answer longer
  than ``max_bytes`` is replaced by a ``RESPONSE_TOO_LARGE`` error.

Refusals are JSON with the GraphQL error shape (:func:`api.errors.error_body`) and one log line.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import error_body

__all__ = ["KEEP_ALIVE_SECONDS", "MAX_HEAD_BYTES", "READ_SECONDS", "BodyLimit", "encode_response"]

#: Most bytes of a request's line (method, URL) and headers together; a browser sends a few KB.
MAX_HEAD_BYTES = 32 * 1024
#: Longest wait for the next piece of a request body.
READ_SECONDS = 10.0
#: How long an idle keep-alive connection stays open.
KEEP_ALIVE_SECONDS = 5

logger = logging.getLogger("papergraph.api")

# How much more of a refused body is read (and dropped) before the 413, so that a client still
# sending it reads the answer rather than a reset connection; a longer body gets the reset.
_DISCARD_BYTES = 64 * 1024 * 1024


class _Gone(Exception):
    """The client left before its body was complete: nothing runs, nobody reads an answer."""


class _Refused(Exception):
    def __init__(self, status: int, code: str, message: str, *, body_left: bool = False) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        #: whether the client is still sending a body nobody will read (dropped before the
        #: answer, so that the client gets to read it)
        self.body_left = body_left


def encode_response(data: object, *, max_bytes: int) -> bytes:
    """``data`` as JSON, or a ``RESPONSE_TOO_LARGE`` error when that is over ``max_bytes``."""
    body = orjson.dumps(data)
    if len(body) <= max_bytes:
        return body
    logger.warning("Refused an answer of %d bytes (limit %d).", len(body), max_bytes)
    return error_body(
        "RESPONSE_TOO_LARGE",
        f"The answer is {len(body):,} bytes, over the limit of {max_bytes:,} "
        "(PAPERGRAPH_MAX_RESPONSE_BYTES). Ask for fewer items or fields and page with `after`.",
    )


class BodyLimit:
    """ASGI middleware: bounded, well-formed request bodies (see the module docstring)."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self._app, self._max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self._app(scope, receive, send)
            return
        try:
            _check_media_type(scope)
            body = await self._read(scope, receive)
            if _is_json(scope):
                _check_json(body)
        except _Gone:
            logger.warning("Dropped a request to %s: the client left mid-body.", scope["path"])
            return
        except _Refused as refused:
            logger.warning("Refused a request to %s: %s", scope["path"], refused.message)
            if refused.body_left and not _waits_to_send(scope):
                await _discard(receive, _DISCARD_BYTES)
            await _send_refusal(send, refused)
            return
        await self._app(scope, _replay(body, receive), send)

    async def _read(self, scope: Scope, receive: Receive) -> bytes:
        declared = _content_length(scope)
        if declared is not None and declared > self._max_bytes:
            raise self._too_large(f"{declared:,} bytes declared", body_left=True)
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await _next(receive)
            if message["type"] == "http.disconnect":
                raise _Gone
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self._max_bytes:
                # a body that arrived whole has nothing left to drop: waiting for more would
                # wait for ever, the server having nothing more to give
                left = bool(message.get("more_body", False))
                raise self._too_large(f"over {size:,} bytes sent", body_left=left)
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    def _too_large(self, what: str, *, body_left: bool) -> _Refused:
        return _Refused(
            413,
            "PAYLOAD_TOO_LARGE",
            f"The request body is too large ({what}); the limit is {self._max_bytes:,} bytes "
            "(PAPERGRAPH_MAX_BODY_BYTES). Send fewer papers per `ingestPapers` call.",
            body_left=body_left,
        )


async def _next(receive: Receive) -> Message:
    try:
        return await asyncio.wait_for(receive(), READ_SECONDS)
    except TimeoutError:
        raise _Refused(
            408,
            "REQUEST_TIMEOUT",
            f"The request body stopped arriving for {READ_SECONDS:g} s; send it whole.",
        ) from None


def _check_media_type(scope: Scope) -> None:
    """Refuse a JSON-like media type other than ``application/json``: the view would parse it
    as JSON and fail on what it is not (a body of ``5``) with a 500."""
    media = _media_type(scope)
    if b"json" in media and media != b"application/json":
        raise _Refused(
            415,
            "UNSUPPORTED_MEDIA_TYPE",
            f"Content-Type {media.decode('latin-1')!r} is not supported: send "
            "Content-Type: application/json.",
        )


def _media_type(scope: Scope) -> bytes:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return bytes(value).split(b";")[0].strip().lower()
    return b""


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                raise _Refused(400, "BAD_REQUEST", "Content-Length is not a number.") from None
    return None


def _waits_to_send(scope: Scope) -> bool:
    """Whether the client waits for ``100 Continue`` before sending the body (it reads the 413
    at once, with nothing to drop)."""
    return any(
        name == b"expect" and bytes(value).lower() == b"100-continue"
        for name, value in scope["headers"]
    )


def _is_json(scope: Scope) -> bool:
    return _media_type(scope) == b"application/json"


def _check_json(body: bytes) -> None:
    """Refuse what Strawberry's ``json.loads`` would fail on with a 500 (or accept wrongly)."""
    try:
        data: Any = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        raise _Refused(
            400, "BAD_REQUEST", f"The request body is not valid JSON in UTF-8 ({exc})."
        ) from None
    if not isinstance(data, dict):
        raise _Refused(
            400,
            "BAD_REQUEST",
            'The request body must be a JSON object such as {"query": "{ stats { papers } }"}, '
            f"not a JSON {type(data).__name__}.",
        )


async def _send_refusal(send: Send, refused: _Refused) -> None:
    body = error_body(refused.code, refused.message)
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    if refused.status in (408, 413):
        headers.append((b"connection", b"close"))  # the rest of the body is never read
    await send({"type": "http.response.start", "status": refused.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _discard(receive: Receive, budget: int) -> None:
    """Read and drop the rest of a body, at most ``budget`` bytes of it."""
    while budget > 0:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            return
        budget -= len(message.get("body", b""))


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` once, then what ``receive`` gives (the disconnect)."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> Message:
        return pending.pop() if pending else await receive()

    return replayed
