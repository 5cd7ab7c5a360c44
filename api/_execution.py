"""graphql-core execution with a shortcut for objects made only of plain scalar fields.

graphql-core completes every field the general way: a resolve-info tuple, the resolver, an
awaitable check, then non-null, list, leaf and object dispatch, about 4 µs a field. Most of
this API's answers are lists of small objects whose selected fields are all plain attributes
of scalar or enum type (a ``neighborhood`` of 50 nodes and 70 edges: ~120 objects, ~480 such
fields, ~2 ms of the request). For such an object the shortcut reads each attribute through
Strawberry's own resolver and serialises it with the field type's own ``coerce_output_value``,
as graphql-core would, without the rest.

A field qualifies when Strawberry resolves it as a basic attribute read (no resolver of ours,
no arguments, no field extensions, no permission classes) and its type is a scalar or enum,
possibly non-null. The shortcut is taken only when no middleware (a ``resolve`` hook of a
schema extension) would have to see the field, and not for deferred or streamed selections or
types with ``is_type_of``. Whenever it meets anything it does not handle (a null for a
non-null field, an attribute or serialisation error), it gives the object back to
graphql-core, which resolves it again the normal way (reading an attribute twice is harmless),
so data and errors are exactly graphql-core's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphql import (
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLResolveInfo,
    is_leaf_type,
)
from graphql.execution.collect_fields import FieldDetailsList, GroupedFieldSet
from graphql.pyutils import AwaitableOrValue, Path, Undefined
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

__all__ = ["PlainFieldsExecutionContext"]

# (response name, Strawberry's basic resolver, the type's coerce_output_value, non-null)
Reader = tuple[str, Callable[..., Any], Callable[[Any], Any], bool]
Plan = tuple[Reader, ...]


class _Fallback(Exception):
    """The shortcut cannot complete this value; graphql-core does it instead."""


class PlainFieldsExecutionContext(StrawberryGraphQLCoreExecutionContext):
    """Strawberry's execution context, completing plain-field objects directly (see above)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        middleware = self.middleware_manager
        self._shortcut = middleware is None or not middleware.middlewares
        # id(grouped field set) -> (the set, kept alive so the id stays its own; its plan)
        self._plans: dict[int, tuple[GroupedFieldSet, Plan | None]] = {}

    def execute_fields(
        self,
        parent_type: GraphQLObjectType,
        source_value: Any,
        path: Path | None,
        grouped_field_set: GroupedFieldSet,
        position_context: Any,
    ) -> AwaitableOrValue[dict[str, Any]]:
        plan = self._plan(parent_type, grouped_field_set) if position_context is None else None
        if plan is not None:
            try:
                return _read(plan, source_value)
            except Exception:  # graphql-core redoes it and reports any error
                pass
        return super().execute_fields(
            parent_type, source_value, path, grouped_field_set, position_context
        )

    def complete_list_value(
        self,
        return_type: GraphQLList[GraphQLOutputType],
        field_details_list: FieldDetailsList,
        info: GraphQLResolveInfo[Any],
        path: Path,
        result: Any,
        position_context: Any,
    ) -> AwaitableOrValue[list[Any]]:
        plan = self._item_plan(return_type, field_details_list)
        if plan is not None and isinstance(result, list | tuple):
            try:
                return [_read(plan, item) for item in result]
            except Exception:  # graphql-core redoes it and reports any error
                pass
        return super().complete_list_value(
            return_type, field_details_list, info, path, result, position_context
        )

    def _item_plan(
        self, return_type: GraphQLList[GraphQLOutputType], field_details_list: FieldDetailsList
    ) -> Plan | None:
        """The plan for the items of a list of non-null objects, when they qualify."""
        item_type = return_type.of_type
        if not isinstance(item_type, GraphQLNonNull):
            return None
        object_type = item_type.of_type
        first = field_details_list[0]
        if (
            not isinstance(object_type, GraphQLObjectType)
            or object_type.is_type_of is not None
            or first.node.directives  # @stream
            or first.defer_usage is not None
        ):
            return None
        collected = self.collect_subfields(object_type, field_details_list)
        if collected.new_defer_usages or collected.forbidden_directive_instances:
            return None
        return self._plan(object_type, collected.grouped_field_set)

    def _plan(self, parent_type: GraphQLObjectType, fields: GroupedFieldSet) -> Plan | None:
        if not self._shortcut:
            return None
        cached = self._plans.get(id(fields))
        if cached is not None and cached[0] is fields:
            return cached[1]
        readers = [self._reader(parent_type, name, details) for name, details in fields.items()]
        plan = None if None in readers else tuple(r for r in readers if r is not None)
        self._plans[id(fields)] = (fields, plan)
        return plan

    def _reader(
        self, parent_type: GraphQLObjectType, name: str, details: FieldDetailsList
    ) -> Reader | None:
        node = details[0].node
        field = self.schema.get_field(parent_type, node.name.value)
        if (
            field is None
            or field.args
            or node.arguments
            or details[0].defer_usage is not None
            or not getattr(field.resolve, "_is_default", False)  # Strawberry's attribute read
        ):
            return None
        non_null = isinstance(field.type, GraphQLNonNull)
        leaf = field.type.of_type if isinstance(field.type, GraphQLNonNull) else field.type
        if field.resolve is None or not is_leaf_type(leaf):
            return None
        return (name, field.resolve, leaf.coerce_output_value, non_null)


def _read(plan: Plan, source: Any) -> dict[str, Any]:
    """The completed object, or :class:`_Fallback` (or the resolver's error) to hand it back."""
    completed: dict[str, Any] = {}
    for name, resolve, coerce, non_null in plan:
        value = resolve(source, None)
        if value is None or value is Undefined:
            if non_null:
                raise _Fallback(name)
            completed[name] = None
            continue
        coerced = coerce(value)
        if coerced is None or coerced is Undefined:
            raise _Fallback(name)
        completed[name] = coerced
    return completed
