"""A request head (request line and headers) that is not whole within a bound gets 408 and the
connection is closed: uvicorn times out idle keep-alive connections and h11 bounds a head's
size, but neither bounds the time a client takes to send one, so thousands of clients each
sending a header line a minute would hold their connections for ever.

uvicorn takes the class of its HTTP protocol as the public ``http=`` option of its ``Config``;
:func:`head_timeout_protocol` subclasses uvicorn's h11 protocol for it (the one place that
depends on uvicorn's protocol class). The timer starts when a connection opens and again when
a response ends (the next request's head), and stops when h11 has parsed a whole head.
"""

from __future__ import annotations

import asyncio
import logging

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from api.errors import error_body

__all__ = ["HEAD_SECONDS", "head_timeout_protocol"]

#: Longest a client may take to send a request's line and headers.
HEAD_SECONDS = 10.0

logger = logging.getLogger("papergraph.api")


class _HeadTimeout(H11Protocol):
    head_seconds = HEAD_SECONDS
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is whole: the app has it now
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # for the next request's head on this connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.head_seconds, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        logger.warning("Closed a connection whose request head took over %g s.", self.head_seconds)
        body = error_body(
            "REQUEST_TIMEOUT",
            f"The request line and headers took over {self.head_seconds:g} s to arrive; send "
            "them whole.",
        )
        head = (
            b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            b"connection: close\r\ncontent-length: %d\r\n\r\n" % len(body)
        )
        self.transport.write(head + body)
        self.transport.close()


def head_timeout_protocol(seconds: float = HEAD_SECONDS) -> type[H11Protocol]:
    """uvicorn's h11 protocol, answering 408 to a head not whole within ``seconds``."""
    return type("HeadTimeoutProtocol", (_HeadTimeout,), {"head_seconds": seconds})
