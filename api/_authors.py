# Strawberry's field decorators are untyped without its mypy plugin (not configured here).
# mypy: disable-error-code="untyped-decorator"
"""GraphQL types and root fields about authors: thin over :mod:`graph.queries.authors`.

Values are the query layer's views themselves (see :mod:`api._types`).
"""

from __future__ import annotations

import strawberry

from api._paging import page_size
from api._types import ConceptCooccurrence, First, Info, Paper, _as_is
from graph.author_views import AuthorView
from graph.author_views import Coauthor as CoauthorView
from graph.queries.authors import find_authors, get_author
from papergraph.errors import InvalidInputError

__all__ = ["Author", "AuthorQuery", "Coauthor"]


@strawberry.type(description="A person who wrote papers in the graph.")
class Author:
    key: str = strawberry.field(
        description="`orcid:…`, a source id (`openalex:A…`, `s2:…`) or `name:` and the name."
    )
    name: str
    orcid: str | None
    ids: list[str] = strawberry.field(description="Source ids, each prefixed by its source.")
    paper_count: int

    @classmethod
    def of(cls, view: AuthorView) -> Author:
        return _as_is(cls, view)

    @strawberry.field(description="Their papers, newest first.")
    async def papers(self, info: Info, first: First = 20) -> list[Paper]:
        found = await info.context.loaders.author_papers.load((self.key, page_size(first)))
        return [Paper.of(p) for p in found]

    @strawberry.field(description="The people they wrote with, most papers together first.")
    async def coauthors(self, info: Info, first: First = 20) -> list[Coauthor]:
        found = await info.context.loaders.author_coauthors.load((self.key, page_size(first)))
        return [Coauthor.of(c) for c in found]

    @strawberry.field(description="What they write about: concepts by number of their papers.")
    async def concepts(self, info: Info, first: First = 20) -> list[ConceptCooccurrence]:
        found = await info.context.loaders.author_concepts.load((self.key, page_size(first)))
        return [ConceptCooccurrence.of(c) for c in found]


@strawberry.type(description="A co-author and the number of papers written together.")
class Coauthor:
    author: Author
    papers: int

    @classmethod
    def of(cls, view: CoauthorView) -> Coauthor:
        return _as_is(cls, view)


@strawberry.type
class AuthorQuery:
    """Root fields about authors, mixed into ``Query``."""

    @strawberry.field(description="An author by key, else by name (case and accents ignored).")
    async def author(
        self, info: Info, key: str | None = None, name: str | None = None
    ) -> Author | None:
        if (key is None) == (name is None):
            raise InvalidInputError("Give exactly one of `key` and `name`.")
        found = await get_author(info.context.reader, key=key, name=name)
        return Author.of(found) if found else None

    @strawberry.field(description="Authors whose name holds every word of `search`.")
    async def authors(self, info: Info, search: str, first: First = 20) -> list[Author]:
        found = await find_authors(info.context.reader, search=search, first=page_size(first))
        return [Author.of(a) for a in found]
