# Strawberry's field decorators are untyped without its mypy plugin (not configured here).
# mypy: disable-error-code="untyped-decorator"
"""GraphQL types of a method's lineage: thin views over :class:`graph.models.Lineage`."""

from __future__ import annotations

import strawberry

from api._types import FromView, Method, Paper, VariantLink

__all__ = ["Lineage", "LineageEntry"]


@strawberry.type(
    description=(
        "A method of a lineage: how many VARIANT_OF steps it is from the method asked about, "
        "the papers introducing it and the papers using it, oldest first."
    )
)
class LineageEntry(FromView):
    method: Method
    depth: int
    introduced_by: list[Paper]
    used_by: list[Paper]
    use_count: int = strawberry.field(description="Every paper using it (usedBy is capped).")
    links: list[VariantLink] = strawberry.field(
        description="Its VARIANT_OF links (what it varies), each with the paper saying so and "
        "where."
    )


@strawberry.type(
    description=(
        "Where a method comes from and where it went: what it varies (nearest first), then the "
        "method itself (depth 0) and every named variant of it up to 3 steps away."
    )
)
class Lineage(FromView):
    method: Method
    variant_of: list[Method]
    entries: list[LineageEntry]
