"""graphql-core execution with a shortcut for objects made only of plain fields.

graphql-core completes every field the general way: a resolve-info tuple, the resolver, an
awaitable check, then non-null, list, leaf and object dispatch, about 4 µs a field. Most of
this API's answers are lists of small objects whose selected fields are all plain attributes
(a ``neighborhood`` of 50 nodes and 70 edges: ~120 objects, ~480 such fields, ~2 ms of the
request). For such an object the shortcut reads each attribute through Strawberry's own
resolver and completes it as graphql-core would, without the rest: a scalar or enum with the
type's own ``coerce_output_value`` (for Int, Float and enums, a shorter route to the same value
for the values they usually get), a list of non-null scalars or enums (``aliases``,
``authors``) item by item the same way, a nested object or a list of non-null objects made only
of plain fields by the same shortcut.

A field is plain when Strawberry resolves it as a basic attribute read (no resolver of ours,
no arguments, no field extensions, no permission classes) and its type is one of those. With
Strawberry's default resolver (``getattr``) the shortcut reads the attribute itself with an
``operator.attrgetter`` (what that resolver does, without its three Python calls a field), and
a ``str`` for a ``String`` or ``ID`` field is already its own serialisation. The
shortcut is taken only when no middleware (a ``resolve`` hook of a schema extension) would
have to see the field, and not for deferred or streamed selections or types with
``is_type_of``. Whenever it meets anything it does not handle (a null for a non-null field, an
attribute or serialisation error, a list that is not a list), it gives the object back to
graphql-core, which resolves it again the normal way (reading attributes twice is harmless),
so data and errors are exactly graphql-core's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from operator import attrgetter
from typing import Any, cast

from graphql import (
    GRAPHQL_MAX_INT,
    GRAPHQL_MIN_INT,
    GraphQLEnumType,
    GraphQLField,
    GraphQLFloat,
    GraphQLID,
    GraphQLInt,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLResolveInfo,
    GraphQLString,
    is_leaf_type,
)
from graphql.execution.collect_fields import FieldDetailsList, GroupedFieldSet
from graphql.pyutils import AwaitableOrValue, Path, Undefined
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

__all__ = ["PlainFieldsExecutionContext"]

# (response name, how to read the value from its source, how to complete a non-null value,
# non-null, the type a value needs no completion in: ``str`` for String and ID, else None)
Reader = tuple[str, Callable[[Any], Any], Callable[[Any], Any], bool, type | None]
Plan = tuple[Reader, ...]


class _Fallback(Exception):
    """The shortcut cannot complete this value; graphql-core does it instead."""


class PlainFieldsExecutionContext(StrawberryGraphQLCoreExecutionContext):
    """Strawberry's execution context, completing plain-field objects directly (see above)."""

    def __init__(self, *args: Any, plans: dict[Any, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        middleware = self.middleware_manager
        self._shortcut = middleware is None or not middleware.middlewares
        strawberry_schema = getattr(self.schema, "_strawberry_schema", None)
        config = getattr(strawberry_schema, "config", None)
        self._default_resolver = getattr(config, "default_resolver", None)
        # (what, id(type), ids of the field nodes) -> plan or completer. Made per request, or
        # ``plans`` shared by every request of one document whose field collection cannot
        # depend on variables (api/_document_cache.py). The nodes are the document's, which
        # outlives the memo, so their ids stay their own.
        self._memo: dict[Any, Any] = plans if plans is not None and self._shortcut else {}

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
        complete = self._completer(return_type, field_details_list)
        if complete is not None and position_context is None:
            try:
                return cast("list[Any]", complete(result))
            except Exception:  # graphql-core redoes it and reports any error
                pass
        return super().complete_list_value(
            return_type, field_details_list, info, path, result, position_context
        )

    def _plan(self, parent_type: GraphQLObjectType, fields: GroupedFieldSet) -> Plan | None:
        if not self._shortcut:
            return None
        key = ("plan", id(parent_type), *(id(d.node) for ds in fields.values() for d in ds))
        try:
            return cast("Plan | None", self._memo[key])
        except KeyError:
            pass
        readers = [self._reader(parent_type, name, details) for name, details in fields.items()]
        plan = None if None in readers else cast("Plan", tuple(readers))
        self._memo[key] = plan
        return plan

    def _reader(
        self, parent_type: GraphQLObjectType, name: str, details: FieldDetailsList
    ) -> Reader | None:
        node = details[0].node
        field = self.schema.get_field(parent_type, node.name.value)
        if (
            field is None
            or field.resolve is None
            or field.args
            or node.arguments
            or details[0].defer_usage is not None
            or not getattr(field.resolve, "_is_default", False)  # Strawberry's attribute read
        ):
            return None
        non_null = isinstance(field.type, GraphQLNonNull)
        value_type = field.type.of_type if isinstance(field.type, GraphQLNonNull) else field.type
        complete = self._completer(value_type, details)
        if complete is None:
            return None
        as_is = _serialised_as_is(value_type)
        return (name, self._getter(field, field.resolve), complete, non_null, as_is)

    def _getter(self, field: GraphQLField, resolve: Callable[..., Any]) -> Callable[[Any], Any]:
        """Strawberry's read of a basic field: ``default_resolver(source, python_name)``."""
        definition = field.extensions.get("strawberry-definition")
        if definition is not None and self._default_resolver is getattr:
            return attrgetter(definition.python_name)
        return partial(_resolve_basic, resolve)

    def _completer(
        self, graphql_type: GraphQLOutputType, details: FieldDetailsList
    ) -> Callable[[Any], Any] | None:
        """How to complete a non-null value of ``graphql_type``: a scalar or enum, an object of
        qualifying fields, or a list of such non-null objects; ``None`` when none of these."""
        key = ("completer", id(graphql_type), *(id(d.node) for d in details))
        try:
            return cast("Callable[[Any], Any] | None", self._memo[key])
        except KeyError:
            pass
        complete = self._memo[key] = self._new_completer(graphql_type, details)
        return complete

    def _new_completer(
        self, graphql_type: GraphQLOutputType, details: FieldDetailsList
    ) -> Callable[[Any], Any] | None:
        if is_leaf_type(graphql_type):
            return _leaf_completer(graphql_type)
        if isinstance(graphql_type, GraphQLList):
            items = graphql_type.of_type
            if not isinstance(items, GraphQLNonNull) or details[0].node.directives:  # @stream
                return None
            if is_leaf_type(items.of_type):
                leaf = items.of_type
                return partial(_complete_all, _leaf_completer(leaf), _serialised_as_is(leaf))
            plan = self._object_plan(items.of_type, details)
            return None if plan is None else partial(_read_all, plan)
        plan = self._object_plan(graphql_type, details)
        return None if plan is None else partial(_read, plan)

    def _object_plan(
        self, graphql_type: GraphQLOutputType, details: FieldDetailsList
    ) -> Plan | None:
        if not isinstance(graphql_type, GraphQLObjectType) or graphql_type.is_type_of is not None:
            return None
        collected = self.collect_subfields(graphql_type, details)
        if collected.new_defer_usages or collected.forbidden_directive_instances:
            return None
        return self._plan(graphql_type, collected.grouped_field_set)


def _serialised_as_is(graphql_type: Any) -> type | None:
    """The Python type whose values are their own serialisation in ``graphql_type``."""
    return str if graphql_type in (GraphQLString, GraphQLID) else None


def _leaf_completer(graphql_type: Any) -> Callable[[Any], Any]:
    """The type's ``coerce_output_value``, after a check that answers its commonest values as it
    would: an ``int`` in Int's range or a finite ``float`` is itself; an enum member is the name
    Strawberry's enum type gives it. Any other value goes to ``coerce_output_value``."""
    coerce: Callable[[Any], Any] = graphql_type.coerce_output_value
    if graphql_type is GraphQLInt:
        return partial(_int, coerce)
    if graphql_type is GraphQLFloat:
        return partial(_float, coerce)
    members = getattr(graphql_type, "wrapped_cls", None)  # Strawberry's enum types
    if isinstance(graphql_type, GraphQLEnumType) and members is not None:
        names = {member: coerce(member) for member in members}
        return partial(_enum, members, names, coerce)
    return coerce


def _int(coerce: Callable[[Any], Any], value: Any) -> Any:
    if value.__class__ is int and GRAPHQL_MIN_INT <= value <= GRAPHQL_MAX_INT:
        return value
    return coerce(value)


def _float(coerce: Callable[[Any], Any], value: Any) -> Any:
    if value.__class__ is float and value - value == 0.0:  # not inf, -inf or nan
        return value
    return coerce(value)


def _enum(members: type, names: dict[Any, str], coerce: Callable[[Any], Any], value: Any) -> Any:
    if value.__class__ is members:
        return names[value]
    return coerce(value)


def _read(plan: Plan, source: Any) -> dict[str, Any]:
    """The completed object, or :class:`_Fallback` (or the resolver's error) to hand it back."""
    if source is None:  # an item of a list of non-null objects
        raise _Fallback("item")
    completed: dict[str, Any] = {}
    for name, read, complete, non_null, as_is in plan:
        value = read(source)
        if value is None or value is Undefined:
            if non_null:
                raise _Fallback(name)
            completed[name] = None
            continue
        if value.__class__ is not as_is:
            value = complete(value)
            if value is None or value is Undefined:
                raise _Fallback(name)
        completed[name] = value
    return completed


def _resolve_basic(resolve: Callable[..., Any], source: Any) -> Any:
    return resolve(source, None)


def _complete_all(complete: Callable[[Any], Any], as_is: type | None, items: Any) -> list[Any]:
    """The completed list of non-null scalars, or :class:`_Fallback` to hand it back."""
    if not isinstance(items, list | tuple):
        raise _Fallback("items")
    completed = []
    for value in items:
        if value.__class__ is not as_is:
            if value is None or value is Undefined:
                raise _Fallback("item")
            value = complete(value)
            if value is None or value is Undefined:
                raise _Fallback("item")
        completed.append(value)
    return completed


def _read_all(plan: Plan, items: Any) -> list[dict[str, Any]]:
    """The completed list of non-null objects, or :class:`_Fallback` to hand it back."""
    if not isinstance(items, list | tuple):
        raise _Fallback("items")
    return [_read(plan, item) for item in items]
