# Strawberry's field decorators are untyped without its mypy plugin (not configured here).
# mypy: disable-error-code="untyped-decorator"
"""The GraphQL schema: ``Query`` and ``Mutation`` over the query layer, with the protections.

Resolvers are thin: check the arguments, make one query-layer call (or DataLoader load), map the
result. ``print_schema()`` gives the SDL committed as ``schema.graphql``.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Iterator
from typing import Any, cast

import strawberry
from graphql import GraphQLError, NoSchemaIntrospectionCustomRule
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    SchemaExtension,
    ValidationCache,
)
from strawberry.schema.config import StrawberryConfig
from strawberry.schema.name_converter import NameConverter
from strawberry.types import ExecutionContext
from strawberry.types.nodes import SelectedField

from api import _mutations
from api._authors import AuthorQuery
from api._cost import CostLimit, QueryCostLimit
from api._extractor import checked_text
from api._lineage import Lineage
from api._paging import offset_after, page_size
from api._themes import ThemesQuery
from api._types import (
    Concept,
    Connection,
    GraphPath,
    Info,
    Method,
    MethodKind,
    Paper,
    PaperOrder,
    RecommendedPaper,
    RelatedPaper,
    SearchMatch,
    SharedConcept,
    SimilarPaper,
    Stats,
    Subgraph,
)
from api.context import Context
from api.errors import ErrorCodes, log_unexpected
from graph import models
from graph.queries import (
    find_concepts,
    find_methods,
    find_papers,
    get_concept,
    get_method,
    graph_stats,
    method_lineage,
    neighborhood,
    recommend_papers,
    shared_concepts,
    shared_concepts_explained,
    shortest_path,
    similar_to_text,
)
from papergraph.errors import InvalidInputError, NotFoundError, UnauthenticatedError

__all__ = [
    "DEFAULT_MAX_COST",
    "MAX_ALIASES",
    "MAX_DEPTH",
    "MAX_TOKENS",
    "make_schema",
    "print_schema",
    "schema",
]

DEFAULT_MAX_COST = 50_000  # objects a query may return (PAPERGRAPH_MAX_QUERY_COST)
MAX_DEPTH = 10
MAX_ALIASES = 20
MAX_TOKENS = 2000
DOCUMENTS_CACHED = 128  # distinct query texts whose parse and validation are kept
logger = logging.getLogger("papergraph.api")


def _missing(paper_id: str) -> NotFoundError:
    return NotFoundError(f"No paper has the id {paper_id!r}; check the id (see `papers`).")


def _concepts_first(info: Info) -> int | None:
    """The page size of the one ``concepts`` field asked for directly under this ``paper`` (no
    fragment, alias twin or directive), so that the paper and its concepts come in one
    statement; ``None`` when there is none, or more, or its ``first`` is out of range (the field
    then loads, or fails, on its own)."""
    wanted = [
        s
        for s in info.selected_fields[0].selections
        if isinstance(s, SelectedField) and s.name == "concepts"
    ]
    if len(wanted) != 1 or wanted[0].directives:
        return None
    first = wanted[0].arguments.get("first")  # a literal comes as its text, already validated
    try:
        return page_size(None if first is None else int(first))
    except InvalidInputError:
        return None


@strawberry.type(description="Read the paper graph.")
class Query(AuthorQuery, ThemesQuery):
    @strawberry.field(description="A paper by any of its ids; null when there is none.")
    async def paper(self, info: Info, id: strawberry.ID) -> Paper | None:
        first = _concepts_first(info)
        if first is None:
            found = await info.context.loaders.paper.load((str(id),))
        else:
            found = await info.context.loaders.paper_with_concepts(str(id), first)
        return Paper.of(found) if found else None

    @strawberry.field(
        description=(
            "Papers matching every given filter; `concept`, `method` and `dataset` (a dataset "
            "or benchmark) each take a key, a name or an alias; `author` an author's key or "
            "name (as `author` finds them); `includeNarrower` also matches the concepts under "
            "`concept`. The graph keeps one node per idea: a `concept` that names a method "
            "(`LoRA`) matches the method's papers, a `method` that names a concept (`RL`, "
            "folded into `reinforcement learning`) the concept's."
        )
    )
    async def papers(
        self,
        info: Info,
        search: str | None = None,
        concept: str | None = None,
        method: str | None = None,
        year: int | None = None,
        venue: str | None = None,
        first: int = 20,
        after: str | None = None,
        order_by: PaperOrder = models.PaperOrder.RELEVANCE,  # type: ignore[valid-type]
        include_narrower: bool = False,
        dataset: str | None = None,
        author: str | None = None,
    ) -> Connection[Paper]:
        page = await find_papers(
            info.context.reader,
            search=search,
            concept=concept,
            method=method,
            year=year,
            venue=venue,
            order=order_by,
            offset=offset_after(after),
            first=page_size(first),
            include_narrower=include_narrower,
            dataset=dataset,
            author=author,
            embed=info.context.extractor.embed,
        )
        return Connection.of(page, Paper)

    @strawberry.field(description="A concept by key, or by name (aliases match too).")
    async def concept(
        self, info: Info, key: str | None = None, name: str | None = None
    ) -> Concept | None:
        _one_of(key=key, name=name)
        found = await get_concept(info.context.reader, key=key, name=name)
        return Concept.of(found) if found else None

    @strawberry.field(description="Concepts: best full-text match first, else most papers first.")
    async def concepts(
        self, info: Info, search: str | None = None, first: int = 20, after: str | None = None
    ) -> Connection[Concept]:
        page = await find_concepts(
            info.context.reader, search=search, offset=offset_after(after), first=page_size(first)
        )
        return Connection.of(page, Concept)

    @strawberry.field(description="A method by key, or by name (aliases match too).")
    async def method(
        self, info: Info, key: str | None = None, name: str | None = None
    ) -> Method | None:
        _one_of(key=key, name=name)
        found = await get_method(info.context.reader, key=key, name=name)
        return Method.of(found) if found else None

    @strawberry.field(
        description=(
            "Methods, of one `kind` when given: best full-text match first, else most papers first."
        )
    )
    async def methods(
        self,
        info: Info,
        search: str | None = None,
        first: int = 20,
        after: str | None = None,
        kind: MethodKind | None = None,  # type: ignore[valid-type]
    ) -> Connection[Method]:
        page = await find_methods(
            info.context.reader,
            search=search,
            kind=kind,
            offset=offset_after(after),
            first=page_size(first),
        )
        return Connection.of(page, Method)

    @strawberry.field(
        description=(
            "A method's lineage (key, name or alias): what it varies, who introduced it and "
            "each named variant, and which papers use each, oldest first; null when none."
        )
    )
    async def lineage(self, info: Info, method: str, first: int = 20) -> Lineage | None:
        found = await get_method(info.context.reader, key=method) or await get_method(
            info.context.reader, name=method
        )
        if found is None:
            return None
        view = await method_lineage(info.context.reader, key=found.key, first=page_size(first))
        return Lineage.of(view) if view else None

    @strawberry.field(description="Concepts both papers mention.")
    async def shared_concepts(
        self, info: Info, paper_a: strawberry.ID, paper_b: strawberry.ID
    ) -> list[Concept]:
        found = await shared_concepts(
            info.context.reader, paper_a=str(paper_a), paper_b=str(paper_b)
        )
        return [Concept.of(c) for c in found]

    @strawberry.field(
        description=(
            "Concepts two papers share, each saying how: those both mention (by key), then, "
            "with `includeBroader`, the broader concepts each reaches through a concept of its "
            "own, at the half weight `relatedPapers` gives them (by key)."
        )
    )
    async def shared_concepts_explained(
        self,
        info: Info,
        paper_a: strawberry.ID,
        paper_b: strawberry.ID,
        include_broader: bool = True,
    ) -> list[SharedConcept]:
        found = await shared_concepts_explained(
            info.context.reader,
            paper_a=str(paper_a),
            paper_b=str(paper_b),
            include_broader=include_broader,
        )
        return [SharedConcept.of(s) for s in found]

    @strawberry.field(
        description=(
            "Papers related to a paper, best first, each with the shared concepts and methods "
            "that explain it (ranking: see `RelatedPaper`)."
        )
    )
    async def related_papers(
        self, info: Info, id: strawberry.ID, first: int = 10
    ) -> list[RelatedPaper]:
        found = await info.context.loaders.related_papers.load((str(id), page_size(first)))
        if found is None:
            raise _missing(str(id))
        return [RelatedPaper.of(r) for r in found]

    @strawberry.field(
        description=(
            "The shortest chain between two papers through concepts and methods (maxHops 1..6); "
            "null when none is that short."
        )
    )
    async def path(
        self, info: Info, from_paper: strawberry.ID, to_paper: strawberry.ID, max_hops: int = 4
    ) -> GraphPath | None:
        found = await shortest_path(
            info.context.reader,
            from_paper=str(from_paper),
            to_paper=str(to_paper),
            max_hops=max_hops,
        )
        return GraphPath.of(found) if found else None

    @strawberry.field(
        description=(
            "The graph around a paper (hops 1..3, at most `limit` nodes, 1..500), for a graph view."
        )
    )
    async def neighborhood(
        self, info: Info, id: strawberry.ID, hops: int = 1, limit: int = 50
    ) -> Subgraph:
        found = await neighborhood(info.context.reader, id=str(id), hops=hops, limit=limit)
        return Subgraph.of(found)

    @strawberry.field(
        description=(
            "Papers closest to a text (a sentence, a paragraph, a draft), ranked as "
            "`papers(search:)` ranks, by words and meaning; the text is plain words, no syntax."
        )
    )
    async def similar_papers(self, info: Info, text: str, first: int = 10) -> list[SimilarPaper]:
        size = page_size(first)
        if not text.strip():
            raise InvalidInputError("`text` is empty: give a sentence or a few keywords.")
        found = await similar_to_text(
            info.context.reader,
            text=checked_text(text),
            embed=info.context.extractor.embed,
            first=size,
        )
        return [
            SimilarPaper(paper=Paper.of(p), score=m.score, match=SearchMatch.of(m))
            for p, m in zip(found.items, found.matches)
        ]

    @strawberry.field(
        description=(
            "Papers like the `positive` ones and unlike the `negative` ones (any of their ids; "
            "at most 50 in all), best first, each saying why."
        )
    )
    async def recommend_papers(
        self,
        info: Info,
        positive: list[strawberry.ID],
        negative: list[strawberry.ID] | None = None,
        first: int = 10,
    ) -> list[RecommendedPaper]:
        found = await recommend_papers(
            info.context.reader,
            positive=[str(i) for i in positive],
            negative=[str(i) for i in negative or ()],
            first=page_size(first),
        )
        return [RecommendedPaper.of(r) for r in found]

    @strawberry.field(description="Node counts by label and relationship counts by type.")
    async def stats(self, info: Info) -> Stats:
        found = await graph_stats(info.context.reader)
        return Stats.of(found)


def _one_of(**arguments: str | None) -> None:
    if sum(value is not None for value in arguments.values()) != 1:
        names = " or ".join(f"`{name}`" for name in arguments)
        raise InvalidInputError(f"Give exactly one of {names}.")


def require_token(context: Context) -> None:
    """Refuse the mutation unless the request carries ``Authorization: Bearer <api token>``."""
    token = context.settings.api_token
    if token is None:
        raise UnauthenticatedError(
            "Mutations are disabled on this server: set PAPERGRAPH_API_TOKEN to enable them."
        )
    scheme, _, given = (context.authorization or "").strip().partition(" ")
    given = given.strip() if scheme.lower() == "bearer" else ""  # schemes ignore case (RFC 9110)
    if not given or not hmac.compare_digest(given.encode(), token.get_secret_value().encode()):
        raise UnauthenticatedError(
            "Mutations need the header `Authorization: Bearer <PAPERGRAPH_API_TOKEN>`."
        )


@strawberry.type(description="Change the paper graph (needs the API token).")
class Mutation:
    @strawberry.mutation(description="Add or update papers through the loader pipeline.")
    async def ingest_papers(
        self, info: Info, papers: list[_mutations.PaperInput]
    ) -> _mutations.IngestResult:
        require_token(info.context)
        return await _mutations.ingest(info.context, papers)

    @strawberry.mutation(
        description=(
            "Delete a paper (by any of its ids) and any concept or method left without papers; "
            "papers citing it keep the citation by its id; returns the deleted paper's id."
        )
    )
    async def delete_paper(self, info: Info, id: strawberry.ID) -> strawberry.ID:
        require_token(info.context)
        return strawberry.ID(await _mutations.delete(info.context, str(id)))


def result_extensions(context: object) -> dict[str, Any]:
    """The response's ``extensions``: how many statements the request sent to Neo4j."""
    if isinstance(context, Context):
        return {"cypherStatements": context.reader.counter.statements}
    return {}


class CypherStatements(SchemaExtension):
    """Report in ``extensions.cypherStatements`` how many statements the request sent to Neo4j."""

    def get_results(self) -> dict[str, Any]:
        return result_extensions(self.execution_context.context)


class _RememberedNames(NameConverter):
    """Strawberry's names, each converted once: it converts every argument's name again on
    every call of a resolver (8 names for each ``papers`` request)."""

    def __init__(self) -> None:
        super().__init__()
        self._names: dict[str, str] = {}

    def apply_naming_config(self, name: str) -> str:
        try:
            return self._names[name]
        except KeyError:
            converted = self._names[name] = super().apply_naming_config(name)
            return converted


class PapergraphSchema(strawberry.Schema):
    """The Strawberry schema, logging only the errors that are bugs (Strawberry logs them all)."""

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        log_unexpected(errors)  # expected errors (bad input, not found, down) are not bugs


class _ParserCache(ParserCache):
    """Strawberry's parser cache, leaving a text that does not parse to Strawberry's own parse.

    ``ParserCache`` parses inside its hook, so a syntax error (or one over the token limit)
    escapes the operation and its result skips the extensions, :class:`api.errors.ErrorCodes`
    among them; Strawberry's own parse reports it as a result of the operation. Such a text
    is parsed twice, and never cached.

    An empty selection set (``{ stats { } }``) is parsed as the syntax error the GraphQL
    specification makes it: graphql-core accepts it by default, and the depth limit's rule
    then fails on it with an error that is not the client's to read.
    """

    def on_parse(self) -> Iterator[None]:
        # Strawberry passes these options to graphql-core's parse; its TypedDict lists only
        # the ones Strawberry sets itself.
        options = cast(dict[str, Any], self.execution_context.parse_options)
        options["allow_empty_selection_sets"] = False
        try:
            yield from super().on_parse()
        except GraphQLError:
            self.execution_context.graphql_document = None
            yield


def make_schema(
    *,
    introspection: bool = True,
    field_suggestions: bool = True,
    max_cost: int = DEFAULT_MAX_COST,
) -> PapergraphSchema:
    """The schema with its protections; ``introspection=False`` refuses ``__schema`` queries,
    ``field_suggestions=False`` drops the "Did you mean …?" hints from error messages and
    ``max_cost`` bounds the objects a query may return (see :mod:`api._cost`).

    Only Strawberry's own extensions guard and cache the documents: the token limit applies
    while parsing, the depth, alias and introspection rules while validating, and a text's
    parse and validation are each computed once (LRUs of ``DOCUMENTS_CACHED`` texts, so a
    flood of unique texts cannot grow them past that; a text that fails to parse is not kept).
    """
    rules = [
        *QueryDepthLimiter(max_depth=MAX_DEPTH).validation_rules,
        *MaxAliasesLimiter(max_alias_count=MAX_ALIASES).validation_rules,
    ]
    if not introspection:
        rules.append(NoSchemaIntrospectionCustomRule)
    # The rule classes are made once here, not by one limiter per request: the validation
    # cache is keyed by the rules, and a new class per request would miss it every time.
    cost = CostLimit(max_cost)
    extensions: list[Any] = [
        lambda: ErrorCodes(suggestions=field_suggestions),
        CypherStatements,
        lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
        lambda: AddValidationRules(rules),
        lambda: _ParserCache(maxsize=DOCUMENTS_CACHED),
        lambda: ValidationCache(maxsize=DOCUMENTS_CACHED),
        lambda: QueryCostLimit(cost),
    ]
    return PapergraphSchema(
        query=Query,
        mutation=Mutation,
        extensions=extensions,
        config=StrawberryConfig(name_converter=_RememberedNames()),
    )


schema = make_schema()


def print_schema() -> str:
    """The SDL of :data:`schema` (what ``papergraph schema`` prints)."""
    return schema.as_str() + "\n"
