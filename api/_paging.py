"""Page sizes and opaque cursors for Relay-style connections."""

from __future__ import annotations

import base64
import binascii

from papergraph.errors import InvalidInputError

__all__ = ["DEFAULT_FIRST", "MAX_FIRST", "MAX_OFFSET", "cursor", "offset_after", "page_size"]

DEFAULT_FIRST = 20
MAX_FIRST = 100
#: The furthest a cursor may point; Neo4j's SKIP takes a 64-bit integer and no list here is
#: anywhere near this long, so a cursor beyond it was not given out by this API.
MAX_OFFSET = 2**31 - 1
_PREFIX = "offset:"


def page_size(first: int | None, *, cap: int = MAX_FIRST) -> int:
    """``first`` checked against the cap (default when ``None``)."""
    size = DEFAULT_FIRST if first is None else first
    if not 1 <= size <= cap:
        raise InvalidInputError(
            f"`first` must be between 1 and {cap}, got {size}: ask for fewer items and page "
            "on with `after`."
        )
    return size


def cursor(offset: int) -> str:
    """The opaque cursor of the item at ``offset``."""
    return base64.urlsafe_b64encode(f"{_PREFIX}{offset}".encode()).decode()


def offset_after(after: str | None) -> int:
    """The offset of the item following the one ``after`` points at (0 without a cursor)."""
    if after is None:
        return 0
    try:
        text = base64.urlsafe_b64decode(after.encode()).decode()
        if not text.startswith(_PREFIX):
            raise ValueError(text)
        offset = int(text.removeprefix(_PREFIX))
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise InvalidInputError(
            f"`after` is not a cursor this API gave out ({after!r}): pass an `endCursor` "
            "or an edge's `cursor` from a previous page."
        ) from None
    if offset < 0:
        raise InvalidInputError(f"`after` points before the first item ({after!r}).")
    if offset >= MAX_OFFSET:
        raise InvalidInputError(
            f"`after` points past item {MAX_OFFSET:,}, further than any list goes ({after!r}): "
            "pass an `endCursor` or an edge's `cursor` from a previous page."
        )
    return offset + 1
