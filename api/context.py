"""The per-request GraphQL context: a graph reader with its own statement counter, the DataLoaders
(each backed by one batched statement) and what mutations need (token, extractor)."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, TypeVar

from starlette.requests import HTTPConnection
from strawberry.dataloader import DataLoader

from api._extractor import ExtractorProvider
from graph.author_views import AuthorView, Coauthor
from graph.models import (
    ConceptCooccurrence,
    ConceptMention,
    ConceptView,
    KindReason,
    MethodMention,
    MethodVariants,
    MethodView,
    Page,
    PaperMethods,
    PaperView,
    RelatedPaper,
    TopicView,
    TrendPoint,
)
from graph.queries import (
    GraphReader,
    concept_broader,
    concept_methods,
    concept_narrower,
    concept_papers,
    concept_related,
    concept_tree_papers,
    concept_trend,
    method_concepts,
    method_kind_reasons,
    method_proposed_by,
    method_trend,
    method_used_by,
    method_variants,
    paper_concepts,
    paper_method_mentions,
    paper_methods,
    paper_topics,
    paper_with_concepts,
    papers_by_ids,
    related_papers,
    topic_concepts,
    topic_papers,
    topic_trend,
    topics_by_ids,
)
from graph.queries.authors import author_coauthors, author_concepts, author_papers, paper_authors
from graph.queries.citations import paper_cited_by, paper_references
from papergraph.settings import Settings

__all__ = ["Context", "Loaders", "make_context", "request_context"]

V = TypeVar("V")
Args = tuple[Any, ...]
Fetch = Callable[..., Awaitable[Mapping[str, V]]]


class _Grouped(Generic[V]):
    """Batch function for keys ``(id, *args)``: one statement per distinct ``args`` (siblings in a
    list share their arguments, so that is one statement per field in practice)."""

    def __init__(self, fetch: Fetch[V], arg_names: Sequence[str], default: V) -> None:
        self._fetch, self._arg_names, self._default = fetch, tuple(arg_names), default

    async def __call__(self, keys: list[tuple[Any, ...]]) -> list[V]:
        groups: dict[Args, list[str]] = defaultdict(list)
        for key in keys:
            groups[key[1:]].append(key[0])
        loads = [self._load(ids, args) for args, ids in groups.items()]
        # Almost always one group; gather would wrap it in a task for nothing.
        found = [await loads[0]] if len(loads) == 1 else await asyncio.gather(*loads)
        merged = {k: v for part in found for k, v in part.items()}
        return [merged.get(key, self._default) for key in keys]

    async def _load(self, ids: list[str], args: Args) -> dict[Hashable, V]:
        result = await self._fetch(ids, **dict(zip(self._arg_names, args, strict=True)))
        return {(i, *args): v for i, v in result.items()}


def _loader(
    reader: GraphReader, fetch: Fetch[V], key: str, default: V, *arg_names: str
) -> DataLoader[tuple[Any, ...], V]:
    async def call(ids: list[str], **kwargs: Any) -> Mapping[str, V]:
        return await fetch(reader, **{key: ids}, **kwargs)

    return DataLoader(load_fn=_Grouped(call, arg_names, default))


def _empty_page(offset: int = 0) -> Page[PaperView]:
    return Page(items=(), offset=offset, total=0)


class Loaders:
    """One DataLoader per batched read, made on first use (a request needs one or two of the
    ten); keys are ``(id or key, *arguments)``. Nothing is shared between requests."""

    def __init__(self, reader: GraphReader) -> None:
        self._reader = reader

    @cached_property
    def paper(self) -> DataLoader[tuple[Any, ...], PaperView | None]:
        return _loader(self._reader, papers_by_ids, "ids", None)

    @cached_property
    def paper_concepts(self) -> DataLoader[tuple[Any, ...], tuple[ConceptMention, ...]]:
        return _loader(self._reader, paper_concepts, "ids", (), "first")

    async def paper_with_concepts(self, id: str, first: int) -> PaperView | None:
        """The paper and its ``first`` concept mentions in one statement, primed into the
        ``paper`` and ``paper_concepts`` loaders, where its fields then find them."""
        found = await paper_with_concepts(self._reader, id=id, first=first)
        if found is None:
            self.paper.prime((id,), None)
            return None
        paper, mentions = found
        self.paper.prime((id,), paper)
        self.paper_concepts.prime((paper.id, first), mentions)
        return paper

    @cached_property
    def paper_methods(self) -> DataLoader[tuple[Any, ...], PaperMethods]:
        return _loader(self._reader, paper_methods, "ids", PaperMethods())

    @cached_property
    def paper_method_mentions(self) -> DataLoader[tuple[Any, ...], tuple[MethodMention, ...]]:
        return _loader(self._reader, paper_method_mentions, "ids", ())

    @cached_property
    def related_papers(self) -> DataLoader[tuple[Any, ...], tuple[RelatedPaper, ...] | None]:
        return _loader(self._reader, related_papers, "ids", None, "first")

    @cached_property
    def concept_papers(self) -> DataLoader[tuple[Any, ...], Page[PaperView]]:
        return _loader(self._reader, concept_papers, "keys", _empty_page(), "offset", "first")

    @cached_property
    def concept_related(self) -> DataLoader[tuple[Any, ...], tuple[ConceptCooccurrence, ...]]:
        return _loader(self._reader, concept_related, "keys", (), "first")

    @cached_property
    def concept_methods(self) -> DataLoader[tuple[Any, ...], tuple[MethodView, ...]]:
        return _loader(self._reader, concept_methods, "keys", (), "first")

    @cached_property
    def method_proposed_by(self) -> DataLoader[tuple[Any, ...], tuple[PaperView, ...]]:
        return _loader(self._reader, method_proposed_by, "keys", ())

    @cached_property
    def method_kind_reasons(self) -> DataLoader[tuple[Any, ...], KindReason | None]:
        return _loader(self._reader, method_kind_reasons, "keys", None)

    @cached_property
    def method_used_by(self) -> DataLoader[tuple[Any, ...], Page[PaperView]]:
        return _loader(self._reader, method_used_by, "keys", _empty_page(), "offset", "first")

    @cached_property
    def concept_broader(self) -> DataLoader[tuple[Any, ...], tuple[ConceptView, ...]]:
        return _loader(self._reader, concept_broader, "keys", ())

    @cached_property
    def concept_narrower(self) -> DataLoader[tuple[Any, ...], tuple[ConceptView, ...]]:
        return _loader(self._reader, concept_narrower, "keys", (), "first")

    @cached_property
    def concept_tree_papers(self) -> DataLoader[tuple[Any, ...], Page[PaperView]]:
        fetch = concept_tree_papers
        return _loader(self._reader, fetch, "keys", _empty_page(), "offset", "first")

    @cached_property
    def concept_trend(self) -> DataLoader[tuple[Any, ...], tuple[TrendPoint, ...]]:
        return _loader(self._reader, concept_trend, "keys", ())

    @cached_property
    def method_trend(self) -> DataLoader[tuple[Any, ...], tuple[TrendPoint, ...]]:
        return _loader(self._reader, method_trend, "keys", ())

    @cached_property
    def topic(self) -> DataLoader[tuple[Any, ...], TopicView | None]:
        return _loader(self._reader, topics_by_ids, "ids", None)

    @cached_property
    def topic_concepts(self) -> DataLoader[tuple[Any, ...], tuple[ConceptView, ...]]:
        return _loader(self._reader, topic_concepts, "ids", (), "first")

    @cached_property
    def topic_papers(self) -> DataLoader[tuple[Any, ...], Page[PaperView]]:
        return _loader(self._reader, topic_papers, "ids", _empty_page(), "offset", "first")

    @cached_property
    def topic_trend(self) -> DataLoader[tuple[Any, ...], tuple[TrendPoint, ...]]:
        return _loader(self._reader, topic_trend, "ids", ())

    @cached_property
    def paper_topics(self) -> DataLoader[tuple[Any, ...], tuple[TopicView, ...]]:
        return _loader(self._reader, paper_topics, "ids", (), "first")

    @cached_property
    def method_variants(self) -> DataLoader[tuple[Any, ...], MethodVariants]:
        return _loader(self._reader, method_variants, "keys", MethodVariants())

    @cached_property
    def method_concepts(self) -> DataLoader[tuple[Any, ...], tuple[ConceptView, ...]]:
        return _loader(self._reader, method_concepts, "keys", (), "first")

    @cached_property
    def paper_authors(self) -> DataLoader[tuple[Any, ...], tuple[AuthorView, ...]]:
        return _loader(self._reader, paper_authors, "ids", ())

    @cached_property
    def paper_references(self) -> DataLoader[tuple[Any, ...], Page[PaperView]]:
        fetch = paper_references
        return _loader(self._reader, fetch, "ids", _empty_page(), "offset", "first")

    @cached_property
    def paper_cited_by(self) -> DataLoader[tuple[Any, ...], Page[PaperView]]:
        fetch = paper_cited_by
        return _loader(self._reader, fetch, "ids", _empty_page(), "offset", "first")

    @cached_property
    def author_papers(self) -> DataLoader[tuple[Any, ...], tuple[PaperView, ...]]:
        return _loader(self._reader, author_papers, "keys", (), "first")

    @cached_property
    def author_coauthors(self) -> DataLoader[tuple[Any, ...], tuple[Coauthor, ...]]:
        return _loader(self._reader, author_coauthors, "keys", (), "first")

    @cached_property
    def author_concepts(self) -> DataLoader[tuple[Any, ...], tuple[ConceptCooccurrence, ...]]:
        return _loader(self._reader, author_concepts, "keys", (), "first")


@dataclass
class Context:
    """What every resolver gets as ``info.context``."""

    reader: GraphReader
    extractor: ExtractorProvider
    authorization: str | None = None
    loaders: Loaders = field(init=False)

    def __post_init__(self) -> None:
        self.loaders = Loaders(self.reader)

    @property
    def settings(self) -> Settings:
        """The app's settings."""
        return self.reader.settings


def make_context(
    reader: GraphReader, extractor: ExtractorProvider, *, authorization: str | None
) -> Context:
    """A context for one request, with its own statement counter and loaders."""
    return Context(reader=reader.fork(), extractor=extractor, authorization=authorization)


def request_context(request: HTTPConnection) -> Context:
    """The context for a request to the app: the app's reader and extractor (its state, set in
    the lifespan) and the request's ``Authorization`` header."""
    state = request.app.state
    return make_context(
        state.reader, state.extractor, authorization=request.headers.get("authorization")
    )
