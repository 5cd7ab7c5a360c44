"""Parse and validate each distinct query text once, with the schema's limits.

Clients (frontends, notebooks) send the same few documents over and over with different
variables; parsing and validating them (with the depth, alias and token limits) was about half
of a request's CPU. The result depends only on the text and the schema's rules, so it is kept in
a small LRU per schema. Only documents that parsed are cached, so rejected floods of unique
texts cost what they always did and cannot grow the cache past its bound.

The limits are applied here, on a miss, rather than by one Strawberry extension each: those
extensions ran on every request (two of them defining a new rule class per request) only to
configure a parse and a validation that a cache hit skips.

An entry also keeps the execution's memo of how to complete the document's objects
(``api/_execution.py``), shared by its requests, when the document has no ``@skip``,
``@include``, ``@defer`` or ``@stream``: then which fields a selection has cannot depend on
the variables.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from graphql import ASTValidationRule, DirectiveNode, DocumentNode, Visitor, visit
from strawberry.extensions import SchemaExtension

__all__ = ["CachedDocument", "DocumentCache", "DocumentCacheExtension"]

_MAX_CACHED_TEXT = 20_000  # characters; longer documents are rare and not worth keeping
_SELECTING = frozenset({"skip", "include", "defer", "stream"})  # directives that pick fields


@dataclass(frozen=True)
class CachedDocument:
    """A parsed document, its validation errors, and the execution memo its requests share
    (``None`` when the variables can change which fields it selects)."""

    document: DocumentNode
    errors: list[Any] | None
    plans: dict[Any, Any] | None


class _FindSelecting(Visitor):
    found = False

    def enter_directive(self, node: DirectiveNode, *_: Any) -> Any:
        if node.name.value in _SELECTING:
            self.found = True
            return self.BREAK
        return None


def _selects_by_variables(document: DocumentNode) -> bool:
    finder = _FindSelecting()
    visit(document, finder)
    return finder.found


class DocumentCache:
    """Query text -> :class:`CachedDocument`, least recently used evicted."""

    def __init__(self, maxsize: int = 512) -> None:
        self._entries: OrderedDict[str, CachedDocument] = OrderedDict()
        self._maxsize = maxsize

    def get(self, text: str) -> CachedDocument | None:
        entry = self._entries.get(text)
        if entry is not None:
            self._entries.move_to_end(text)
        return entry

    def put(self, text: str, document: DocumentNode, errors: list[Any] | None) -> None:
        if len(text) > _MAX_CACHED_TEXT:
            return
        plans: dict[Any, Any] | None = {}
        if errors or _selects_by_variables(document):
            plans = None
        self._entries[text] = CachedDocument(document, errors, plans)
        self._entries.move_to_end(text)
        while len(self._entries) > self._maxsize:
            self._entries.popitem(last=False)


class DocumentCacheExtension(SchemaExtension):
    """Serve parse and validation results from a :class:`DocumentCache` shared by requests; on a
    miss, parse with at most ``max_tokens`` tokens and validate with the extra ``rules`` too."""

    def __init__(
        self,
        cache: DocumentCache,
        *,
        rules: Sequence[type[ASTValidationRule]] = (),
        max_tokens: int | None = None,
    ) -> None:
        super().__init__()
        self._cache, self._rules, self._max_tokens = cache, tuple(rules), max_tokens
        self._hit: CachedDocument | None = None

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        self._hit = self._cache.get(context.query) if context.query else None
        if self._hit is not None:
            context.graphql_document = self._hit.document
        elif self._max_tokens is not None:
            context.parse_options["max_tokens"] = self._max_tokens
        yield

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        if self._hit is not None:
            context.pre_execution_errors = list(self._hit.errors or [])
        else:
            context.validation_rules = (*context.validation_rules, *self._rules)
        yield
        if self._hit is None and context.query and context.graphql_document is not None:
            self._cache.put(context.query, context.graphql_document, context.pre_execution_errors)
