"""How much a query can return, estimated from its document before it runs.

Depth, aliases and ``first`` are each capped, but not their product: four nested
``related(first: 100)`` are 164 bytes and 10⁸ objects. The estimate is the number of objects
the document can return: every field whose type is an object counts once for each time it can
appear, which is the product of the list sizes above it and its own. A list's size is its
``first`` (or ``limit``) argument: the literal, the variable's value, the variable's default or
the argument's default. A connection's ``first`` sizes its ``edges``; a list without such an
argument (``proposes``, ``sharedConcepts``) counts as :data:`UNSIZED_LIST` items. Fragments
count where they are spread, aliases once each, ``@skip``/``@include`` as if the fields were
there. Introspection's size is the schema's, whatever is selected: each ``__schema`` counts
:data:`INTROSPECTION_COSTS` (the one GraphiQL sends fits the default limit; three aliased
ones do not), ``__type`` a little. A field
that runs the extractor on the client's text (``analyzeText``, ``similarPapers``) adds its
:data:`EXTRACTION_COSTS` each time it appears, so aliases multiply that work too.

:class:`QueryCostLimit` refuses a document whose estimate is over the limit with
``QUERY_TOO_COSTLY`` before anything runs.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    VariableNode,
    get_named_type,
    get_operation_ast,
    is_composite_type,
)
from graphql.pyutils import Undefined
from strawberry.extensions import SchemaExtension

from papergraph.errors import QueryTooCostlyError

__all__ = [
    "EXTRACTION_COSTS",
    "INTROSPECTION_COSTS",
    "UNSIZED_LIST",
    "CostLimit",
    "QueryCostLimit",
    "estimate",
]

#: What a field that reads the client's text with the models costs, in objects: a draft
#: analysis takes seconds of CPU, so two fit the default limit (50,000) and a third does not;
#: an embedding is some milliseconds.
EXTRACTION_COSTS = {"analyzeText": 20_000, "similarPapers": 1_000}
#: What an introspection field costs, in objects: a full ``__schema`` walks every type, field
#: and argument of the schema (some tenths of a second of CPU).
INTROSPECTION_COSTS = {"__schema": 20_000, "__type": 500}

#: How many items a list without a ``first``/``limit`` argument is taken to hold.
UNSIZED_LIST = 10
_SIZE_ARGUMENTS = ("first", "limit")
_LARGEST_SIZE = 500  # the largest size any argument accepts (neighborhood's limit)


class _Estimator:
    """One walk of one operation, memoised per selection set (fragments spread many times)."""

    def __init__(
        self,
        schema: GraphQLSchema,
        document: DocumentNode,
        operation: OperationDefinitionNode,
        variables: Mapping[str, Any],
    ) -> None:
        self._schema = schema
        self._fragments = {
            d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
        }
        self._variables = dict(variables)
        for definition in operation.variable_definitions or ():
            name = definition.variable.name.value
            if name not in self._variables and isinstance(definition.default_value, IntValueNode):
                self._variables[name] = int(definition.default_value.value)
        self._memo: dict[tuple[int, str, int | None], int] = {}
        self.read_variables = False  # whether a size came from a variable

    def selections(
        self, selection_set: SelectionSetNode, parent: GraphQLObjectType, pending: int | None
    ) -> int:
        """Objects one instance of ``parent`` returns through ``selection_set``."""
        key = (id(selection_set), parent.name, pending)
        if key not in self._memo:
            self._memo[key] = sum(
                self._fields(node, parent, pending) for node in selection_set.selections
            )
        return self._memo[key]

    def _fields(self, node: Any, parent: GraphQLObjectType, pending: int | None) -> int:
        if isinstance(node, FieldNode):
            return self._field(node, parent, pending)
        if isinstance(node, FragmentSpreadNode):
            fragment = self._fragments.get(node.name.value)
            if fragment is None:
                return 0
            return self.selections(fragment.selection_set, self._on(fragment, parent), pending)
        if isinstance(node, InlineFragmentNode):
            return self.selections(node.selection_set, self._on(node, parent), pending)
        return 0

    def _on(self, fragment: Any, parent: GraphQLObjectType) -> GraphQLObjectType:
        condition = fragment.type_condition
        named = self._schema.get_type(condition.name.value) if condition else None
        return named if isinstance(named, GraphQLObjectType) else parent

    def _field(self, node: FieldNode, parent: GraphQLObjectType, pending: int | None) -> int:
        if node.name.value in INTROSPECTION_COSTS:
            return INTROSPECTION_COSTS[node.name.value]
        definition = parent.fields.get(node.name.value)
        if definition is None or node.name.value.startswith("__"):
            return 0
        return EXTRACTION_COSTS.get(node.name.value, 0) + self._objects(node, definition, pending)

    def _objects(self, node: FieldNode, definition: GraphQLField, pending: int | None) -> int:
        size = self._size(node, definition)
        field_type = _nullable(definition.type)
        count = 1
        if isinstance(field_type, GraphQLList):
            count, size = size or pending or UNSIZED_LIST, None
        named = get_named_type(field_type)
        if not is_composite_type(named) or node.selection_set is None:
            return 0
        if not isinstance(named, GraphQLObjectType):
            return count
        return count * (1 + self.selections(node.selection_set, named, size))

    def _size(self, node: FieldNode, definition: GraphQLField) -> int | None:
        for name in _SIZE_ARGUMENTS:
            argument = definition.args.get(name)
            if argument is not None:
                given = next((a.value for a in node.arguments or () if a.name.value == name), None)
                return _clamp(self._value(given, argument.default_value))
        return None

    def _value(self, given: Any, default: Any) -> Any:
        if isinstance(given, IntValueNode):
            return int(given.value)
        if isinstance(given, VariableNode):
            self.read_variables = True
            return self._variables.get(given.name.value, default)
        return default


def _nullable(field_type: GraphQLOutputType) -> GraphQLOutputType:
    return field_type.of_type if isinstance(field_type, GraphQLNonNull) else field_type


def _clamp(value: Any) -> int:
    """A size the estimate can use: a non-integer (refused later) counts as the largest."""
    if not isinstance(value, int) or isinstance(value, bool) or value is Undefined:
        return _LARGEST_SIZE
    return max(1, min(value, _LARGEST_SIZE))


def estimate(
    schema: GraphQLSchema,
    document: DocumentNode,
    *,
    operation_name: str | None = None,
    variables: Mapping[str, Any] | None = None,
) -> int:
    """The number of objects the operation can return (0 when the document names none)."""
    return _estimate(schema, document, operation_name, variables or {})[0]


def _estimate(
    schema: GraphQLSchema,
    document: DocumentNode,
    operation_name: str | None,
    variables: Mapping[str, Any],
) -> tuple[int, bool]:
    """The estimate, and whether it depends on the variables."""
    operation = get_operation_ast(document, operation_name)
    root = schema.get_root_type(operation.operation) if operation is not None else None
    if operation is None or root is None:
        return 0, False
    walk = _Estimator(schema, document, operation, variables)
    return walk.selections(operation.selection_set, root, None), walk.read_variables


class CostLimit:
    """The limit, and the estimates that do not depend on variables, by query text (clients
    send the same few texts again and again; an estimate is some 50 µs)."""

    def __init__(self, limit: int, *, maxsize: int = 512) -> None:
        self.limit = limit
        self._known: OrderedDict[tuple[str, str | None], int] = OrderedDict()
        self._maxsize = maxsize

    def refusal(
        self,
        schema: GraphQLSchema,
        document: DocumentNode,
        *,
        text: str | None,
        operation_name: str | None = None,
        variables: Mapping[str, Any] | None = None,
    ) -> QueryTooCostlyError | None:
        """The error to refuse the operation with, or ``None`` when it is within the limit."""
        cost = self._cost(schema, document, text, operation_name, variables or {})
        return QueryTooCostlyError(estimate=cost, limit=self.limit) if cost > self.limit else None

    def _cost(
        self,
        schema: GraphQLSchema,
        document: DocumentNode,
        text: str | None,
        operation_name: str | None,
        variables: Mapping[str, Any],
    ) -> int:
        key = (text, operation_name) if text is not None else None
        if key is not None and key in self._known:
            self._known.move_to_end(key)
            return self._known[key]
        cost, read_variables = _estimate(schema, document, operation_name, variables)
        if key is not None and not read_variables:
            self._known[key] = cost
            if len(self._known) > self._maxsize:
                self._known.popitem(last=False)
        return cost


class QueryCostLimit(SchemaExtension):
    """Refuse, before execution, an operation that can return more than the limit's objects."""

    def __init__(self, limit: CostLimit) -> None:
        self.limit = limit

    def on_execute(self) -> Iterator[None]:
        context = self.execution_context
        document = context.graphql_document
        if document is not None and context.result is None:
            # Strawberry has no public name for its graphql-core schema.
            error = self.limit.refusal(
                context.schema._schema,
                document,
                text=context.query,
                operation_name=context.operation_name,
                variables=context.variables,
            )
            if error is not None:
                refusal = GraphQLError(
                    str(error),
                    original_error=error,
                    extensions={"estimate": error.estimate, "limit": error.limit},
                )
                context.result = ExecutionResult(data=None, errors=[refusal])
        yield
