# Strawberry's field decorators are untyped without its mypy plugin (not configured here).
# mypy: disable-error-code="untyped-decorator"
"""GraphQL object types: thin views over :mod:`graph.models`; nested fields go through the
request's DataLoaders (one batched statement per field, whatever the number of parents).

The values of these types are the query layer's views themselves, not copies: every
view has each plain field of the type it answers, under the same name (a test holds them to
it), Strawberry reads fields as attributes, and it hands the value to a resolver as ``self``,
which only uses those fields. A ``relatedPapers`` answer used to copy some sixty views, a
``neighborhood`` over a hundred.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Generic, Self, TypeVar, cast

import strawberry
from strawberry import Info as _Info

from api._paging import cursor, offset_after, page_size
from api.context import Context
from graph import models
from graph.paper_ids import IdKind, paper_url
from loaders.extraction import RULES

if TYPE_CHECKING:
    from api._authors import Author
    from api._themes import Topic

__all__ = [
    "CitedWork",
    "Concept",
    "ConceptCooccurrence",
    "ConceptMention",
    "Connection",
    "Evidence",
    "EvidenceField",
    "GraphPath",
    "KindReason",
    "KindVote",
    "Method",
    "MethodKind",
    "MethodMention",
    "NodeKind",
    "Paper",
    "PaperOrder",
    "RecommendedPaper",
    "RelatedPaper",
    "SearchMatch",
    "SharedBroader",
    "SharedConcept",
    "SimilarPaper",
    "Stats",
    "Subgraph",
    "TrendPoint",
    "VariantLink",
]

T = TypeVar("T")
V = TypeVar("V")
Info = _Info[Context, None]
First = Annotated[int, strawberry.argument(description="How many items (1..100).")]

PaperOrder = strawberry.enum(models.PaperOrder, description="How papers are sorted.")
NodeKind = strawberry.enum(models.NodeKind, description="What a graph node is.")
EvidenceField = strawberry.enum(
    models.EvidenceField, description="The stored paper field an evidence span indexes."
)


MethodKind = strawberry.enum(
    models.MethodKind,
    description=(
        "What a method node names: a METHOD (technique, algorithm, framework), a MODEL (an "
        "architecture or trained model), a DATASET, a BENCHMARK, a METRIC or a TOOL."
    ),
)


def _as_is(graphql_type: type[V], view: object) -> V:
    """``view`` as the value of ``graphql_type`` (see the module docstring)."""
    return cast("V", view)


class FromView:
    """Gives a GraphQL type ``Type.of(view)``: the query layer's view itself as its value (see
    the module docstring)."""

    @classmethod
    def of(cls, view: object) -> Self:
        return cast("Self", view)


@strawberry.type(description="Where a page is in its list.")
class PageInfo:
    has_next_page: bool
    has_previous_page: bool
    start_cursor: str | None
    end_cursor: str | None


@strawberry.type(
    description=(
        "Why a paper ranks where it does in a search: by words (full-text, BM25) and by "
        "meaning (the cosine of the query's and the abstract's vectors), fused by reciprocal rank."
    )
)
class SearchMatch(FromView):
    score: float = strawberry.field(description="The fused score (higher ranks first).")
    lexical_rank: int | None = strawberry.field(
        description="Its place by words among the candidates (1 the best); null: no word matched."
    )
    semantic_rank: int | None = strawberry.field(
        description="Its place by meaning among the candidates (1 the best); null: not read."
    )
    similarity: float | None = strawberry.field(
        description="Cosine of the query's vector and its abstract's (-1..1), when compared."
    )
    terms: list[str] = strawberry.field(
        description="The query's words and phrases its title or abstract contains."
    )
    reason: str = strawberry.field(description="Why it matched, in a sentence.")


@strawberry.type(description="An item and its cursor.")
class Edge(Generic[T]):
    cursor: str
    node: T
    match: SearchMatch | None = strawberry.field(
        default=None,
        description="Why it matched, for `papers(search:)` in relevance order; else null.",
    )


@strawberry.type(description="One page of a list; `totalCount` counts the whole list.")
class Connection(Generic[T]):
    edges: list[Edge[T]]
    page_info: PageInfo
    total_count: int

    @classmethod
    def of(cls, page: models.Page[Any], node: type) -> Connection[T]:
        matches = page.matches or (None,) * len(page.items)
        edges = [
            Edge(
                cursor=cursor(page.offset + i),
                node=node.of(item),  # type: ignore[attr-defined]
                match=SearchMatch.of(match) if match is not None else None,
            )
            for i, (item, match) in enumerate(zip(page.items, matches))
        ]
        info = PageInfo(
            has_next_page=page.has_next,
            has_previous_page=page.has_previous,
            start_cursor=edges[0].cursor if edges else None,
            end_cursor=edges[-1].cursor if edges else None,
        )
        return cls(edges=edges, page_info=info, total_count=page.total)


@strawberry.type(description="A research paper.")
class Paper:
    id: strawberry.ID
    title: str | None
    label: str = strawberry.field(description="A short label (the title, or a phrase from it).")
    abstract: str
    year: int | None
    venue: str | None
    authors: list[str]
    keywords: list[str]
    status: str | None
    doi: str | None = strawberry.field(description="Its DOI (bare, lower case), when known.")
    arxiv_id: str | None = strawberry.field(description="Its arXiv id, without version.")
    openalex_id: str | None = strawberry.field(description="Its OpenAlex work id (`W…`).")
    s2_id: str | None = strawberry.field(description="Its Semantic Scholar paper id.")

    @classmethod
    def of(cls, view: models.PaperView) -> Paper:
        return _as_is(cls, view)

    @strawberry.field(
        description=(
            "Where to read it: the address its source gave, else its DOI, arXiv, OpenAlex or "
            "Semantic Scholar page; null when the graph knows none."
        )
    )
    def url(self) -> str | None:
        view = cast("models.PaperView", self)
        ids = {
            IdKind.DOI: view.doi,
            IdKind.ARXIV: view.arxiv_id,
            IdKind.OPENALEX: view.openalex_id,
            IdKind.S2: view.s2_id,
        }
        return paper_url(url=view.url, ids=ids)

    @strawberry.field(description="The concepts it mentions, best score first.")
    async def concepts(self, info: Info, first: First = 20) -> list[ConceptMention]:
        found = await info.context.loaders.paper_concepts.load((self.id, page_size(first)))
        return [ConceptMention.of(m) for m in found]

    @strawberry.field(description="The methods it proposes, its main method first.")
    async def proposes(self, info: Info) -> list[Method]:
        found = await info.context.loaders.paper_methods.load((self.id,))
        return [Method.of(m) for m in found.proposes]

    @strawberry.field(description="The methods it uses.")
    async def uses(self, info: Info) -> list[Method]:
        found = await info.context.loaders.paper_methods.load((self.id,))
        return [Method.of(m) for m in found.uses]

    @strawberry.field(description="Its authors as people, in byline order (`authors`: names).")
    async def written_by(
        self, info: Info
    ) -> list[Annotated[Author, strawberry.lazy("api._authors")]]:
        found = await info.context.loaders.paper_authors.load((self.id,))
        return cast("list[Author]", list(found))

    @strawberry.field(
        description="The papers in the graph it cites, newest first.",
        deprecation_reason="Use `referencesConnection`: it pages and counts them.",
    )
    async def references(self, info: Info, first: First = 20) -> list[Paper]:
        found = await info.context.loaders.paper_references.load((self.id, 0, page_size(first)))
        return [Paper.of(p) for p in found.items]

    @strawberry.field(
        description="The papers in the graph citing it, newest first.",
        deprecation_reason="Use `citedByConnection`: it pages and counts them.",
    )
    async def cited_by(self, info: Info, first: First = 20) -> list[Paper]:
        found = await info.context.loaders.paper_cited_by.load((self.id, 0, page_size(first)))
        return [Paper.of(p) for p in found.items]

    @strawberry.field(
        description="The papers in the graph it cites, newest first (works not loaded yet "
        "are not among them)."
    )
    async def references_connection(
        self, info: Info, first: First = 20, after: str | None = None
    ) -> Connection[Paper]:
        key = (self.id, offset_after(after), page_size(first))
        return Connection.of(await info.context.loaders.paper_references.load(key), Paper)

    @strawberry.field(description="The papers in the graph citing it, newest first.")
    async def cited_by_connection(
        self, info: Info, first: First = 20, after: str | None = None
    ) -> Connection[Paper]:
        key = (self.id, offset_after(after), page_size(first))
        return Connection.of(await info.context.loaders.paper_cited_by.load(key), Paper)

    @strawberry.field(
        description="The methods it proposes and uses, with each link's score and evidence: "
        "proposed first, its main method first, then best score first."
    )
    async def method_mentions(self, info: Info) -> list[MethodMention]:
        found = await info.context.loaders.paper_method_mentions.load((self.id,))
        return [MethodMention.of(m) for m in found]

    @strawberry.field(description="The datasets it proposes or uses (proposed first).")
    async def datasets(self, info: Info) -> list[Method]:
        return await _of_kind(info, self.id, models.MethodKind.DATASET)

    @strawberry.field(description="The benchmarks it proposes or uses (proposed first).")
    async def benchmarks(self, info: Info) -> list[Method]:
        return await _of_kind(info, self.id, models.MethodKind.BENCHMARK)

    @strawberry.field(description="Related papers, best first (see `relatedPapers`).")
    async def related(self, info: Info, first: First = 10) -> list[RelatedPaper]:
        found = await info.context.loaders.related_papers.load((self.id, page_size(first)))
        return [RelatedPaper.of(r) for r in found or ()]

    @strawberry.field(
        description="Its topics, strongest first (summed mention score of their concepts)."
    )
    async def topics(
        self, info: Info, first: First = 3
    ) -> list[Annotated[Topic, strawberry.lazy("api._themes")]]:
        found = await info.context.loaders.paper_topics.load((self.id, page_size(first)))
        return cast("list[Topic]", list(found))


async def _of_kind(info: Info, paper_id: str, kind: models.MethodKind) -> list[Method]:
    found = await info.context.loaders.paper_methods.load((paper_id,))
    return [Method.of(m) for m in (*found.proposes, *found.uses) if m.kind is kind]


@strawberry.type(description="A concept papers are about (a normalised keyphrase).")
class Concept:
    key: str
    name: str
    aliases: list[str]
    paper_count: int

    @classmethod
    def of(cls, view: models.ConceptView) -> Concept:
        return _as_is(cls, view)

    @strawberry.field(
        description=(
            "The papers mentioning it, best mention score first; with `includeNarrower`, also "
            "those mentioning any concept under it (see `narrower`)."
        )
    )
    async def papers(
        self,
        info: Info,
        first: First = 20,
        after: str | None = None,
        include_narrower: bool = False,
    ) -> Connection[Paper]:
        key = (self.key, offset_after(after), page_size(first))
        loaders = info.context.loaders
        loader = loaders.concept_tree_papers if include_narrower else loaders.concept_papers
        return Connection.of(await loader.load(key), Paper)

    @strawberry.field(
        description=(
            "Its broader concepts, nearest first: the chain of heads its key ends with "
            "(`graph neural network` → `neural network` → `network`); never a cycle."
        )
    )
    async def broader(self, info: Info) -> list[Concept]:
        found = await info.context.loaders.concept_broader.load((self.key,))
        return [Concept.of(c) for c in found]

    @strawberry.field(description="The concepts directly under it, most papers first.")
    async def narrower(self, info: Info, first: First = 10) -> list[Concept]:
        found = await info.context.loaders.concept_narrower.load((self.key, page_size(first)))
        return [Concept.of(c) for c in found]

    @strawberry.field(
        description="Papers mentioning it and their share of the year's papers, every year."
    )
    async def trend(self, info: Info) -> list[TrendPoint]:
        found = await info.context.loaders.concept_trend.load((self.key,))
        return [TrendPoint.of(t) for t in found]

    @strawberry.field(
        description=(
            "Concepts mentioned by the same papers, most shared first (for a concept in more "
            "than 500 papers, shared papers are counted among 500 of them)."
        )
    )
    async def related(self, info: Info, first: First = 10) -> list[ConceptCooccurrence]:
        found = await info.context.loaders.concept_related.load((self.key, page_size(first)))
        return [ConceptCooccurrence.of(c) for c in found]

    @strawberry.field(description="Methods of the papers mentioning it, most papers first.")
    async def methods(self, info: Info, first: First = 10) -> list[Method]:
        found = await info.context.loaders.concept_methods.load((self.key, page_size(first)))
        return [Method.of(m) for m in found]


@strawberry.type(description="A kind papers give a method, and how many papers give it.")
class KindVote:
    kind: MethodKind  # type: ignore[valid-type]
    papers: int


@strawberry.type(
    description="Why a method has its kind: the kind most of its papers give, read from the "
    "cue most of those papers' text gives (`cue`, described in `rule`)."
)
class KindReason:
    cue: str | None = strawberry.field(
        description="The id of the cue (kind.noun-beside: `the X dataset`; kind.reported-on: "
        "`accuracy on X` …); null on a graph loaded before cues were kept."
    )
    papers: int = strawberry.field(description="The papers giving the method its kind.")
    typed: int = strawberry.field(description="The papers saying what the name is at all.")
    votes: list[KindVote] = strawberry.field(
        description="Each kind its papers give, most papers first."
    )

    @strawberry.field(description="What the cue means, in words.")
    def rule(self) -> str | None:
        return RULES.get(self.cue) if self.cue else None

    @classmethod
    def of(cls, view: models.KindReason) -> KindReason:
        return _as_is(cls, view)


@strawberry.type(
    description="A named method, model, dataset, benchmark, metric or tool (see `kind`)."
)
class Method:
    key: str
    name: str
    aliases: list[str]
    paper_count: int
    kind: MethodKind  # type: ignore[valid-type]

    @classmethod
    def of(cls, view: models.MethodView) -> Method:
        return _as_is(cls, view)

    @strawberry.field(
        description="Why it has its kind: the deciding cue and every kind its papers give "
        "(null when no paper says what it is)."
    )
    async def kind_reason(self, info: Info) -> KindReason | None:
        found = await info.context.loaders.method_kind_reasons.load((self.key,))
        return KindReason.of(found) if found is not None and found.typed else None

    @strawberry.field(description="The papers proposing it.")
    async def proposed_by(self, info: Info) -> list[Paper]:
        found = await info.context.loaders.method_proposed_by.load((self.key,))
        return [Paper.of(p) for p in found]

    @strawberry.field(description="The papers using it, best edge score first.")
    async def used_by(
        self, info: Info, first: First = 20, after: str | None = None
    ) -> Connection[Paper]:
        key = (self.key, offset_after(after), page_size(first))
        return Connection.of(await info.context.loaders.method_used_by.load(key), Paper)

    @strawberry.field(description="The method it is a named variant of (SD-LoRA: LoRA), if any.")
    async def variant_of(self, info: Info) -> Method | None:
        found = await info.context.loaders.method_variants.load((self.key,))
        return Method.of(found.variant_of) if found.variant_of else None

    @strawberry.field(description="Its named variants, most papers first.")
    async def variants(self, info: Info) -> list[Method]:
        found = await info.context.loaders.method_variants.load((self.key,))
        return [Method.of(v) for v in found.variants]

    @strawberry.field(
        description="Its VARIANT_OF links (what it varies), each with the paper saying so and "
        "where; variantOf is the first."
    )
    async def variant_links(self, info: Info) -> list[VariantLink]:
        found = await info.context.loaders.method_variants.load((self.key,))
        return [VariantLink.of(link) for link in found.links]

    @strawberry.field(description="Concepts of the papers proposing or using it.")
    async def concepts(self, info: Info, first: First = 10) -> list[Concept]:
        found = await info.context.loaders.method_concepts.load((self.key, page_size(first)))
        return [Concept.of(c) for c in found]

    @strawberry.field(
        description="Papers proposing or using it and their share of the year's papers, every year."
    )
    async def trend(self, info: Info) -> list[TrendPoint]:
        found = await info.context.loaders.method_trend.load((self.key,))
        return [TrendPoint.of(t) for t in found]


@strawberry.type(description="A paper's mention of a concept.")
class ConceptMention:
    concept: Concept
    score: float
    rank: int
    source: str = strawberry.field(description='"keybert" or "author" (a keyword).')
    evidence: Evidence | None = strawberry.field(
        description="Where the paper writes it; null for an author keyword its title and "
        "abstract never use."
    )

    @classmethod
    def of(cls, view: models.ConceptMention) -> ConceptMention:
        return _as_is(cls, view)


@strawberry.type(
    description="Where a paper writes an extracted phrase. Offsets are indices (Unicode code "
    "points) into the stored field: `text` is `field[start:end]`, `sentence` is "
    "`field[sentenceStart:sentenceEnd]` and holds it (a title is one sentence)."
)
class Evidence:
    field: EvidenceField  # type: ignore[valid-type]
    start: int
    end: int
    text: str = strawberry.field(description="The phrase as the paper writes it.")
    sentence: str
    sentence_start: int
    sentence_end: int


@strawberry.type(
    description="A VARIANT_OF link: `variant` varies `base`. Of the papers saying so, `paper` "
    "is the one with the smallest id, and `evidence` where it says so: the base named after "
    'a cue ("extends X", "builds on X", "a variant of X"), else the variant\'s own name '
    "or long form (OPT-13B, Conservative Offline GFlowNet)."
)
class VariantLink:
    variant: Method
    base: Method
    paper: Paper | None
    evidence: Evidence | None

    @classmethod
    def of(cls, view: models.VariantLink) -> VariantLink:
        return _as_is(cls, view)


@strawberry.type(description="A paper's link to a method it proposes or uses.")
class MethodMention:
    method: Method
    relation: str = strawberry.field(description='"PROPOSES" or "USES".')
    score: float
    evidence: Evidence | None = strawberry.field(description="Where the paper writes its name.")
    kind_said: MethodKind | None = strawberry.field(  # type: ignore[valid-type]
        description=(
            "The kind this paper gives the name (null: it does not say); the method's `kind` "
            "is the one most of its papers give."
        )
    )
    kind_cue: str | None = strawberry.field(
        description="The id of the cue in this paper's text that gave `kindSaid` (see "
        "`Method.kindReason`)."
    )

    @classmethod
    def of(cls, view: models.MethodMention) -> MethodMention:
        return _as_is(cls, view)


@strawberry.type(
    description=(
        "A concept co-mentioned with another, in `papers` papers (of at most 500 of the "
        "other's: see `Concept.related`)."
    )
)
class ConceptCooccurrence:
    concept: Concept
    papers: int

    @classmethod
    def of(cls, view: models.ConceptCooccurrence) -> ConceptCooccurrence:
        return _as_is(cls, view)


@strawberry.type(
    description=(
        "A related paper and why: score = Σ over shared concepts and methods x of "
        "min(edge score of each paper to x) × ln(N / papers linked to x), + 0.5 × the same "
        "over shared broader concepts, + (cos − typical) / (1 − typical) when the abstracts' "
        "cosine is above the paper's typical one (its mean over 100 papers), + 0.5 × ln(N / "
        "papers citing w) for each work w both cite, + 0.5 × ln(N / papers c cites) for each "
        "paper c citing both."
    )
)
class RelatedPaper:
    paper: Paper
    score: float
    shared_concepts: list[Concept]
    shared_methods: list[Method]
    shared_broader: list[SharedBroader] = strawberry.field(
        description="Broader concepts both reach through different concepts (half weight)."
    )
    similarity: float | None = strawberry.field(
        description=(
            "Cosine similarity of the two abstracts' embeddings, when above the paper's typical."
        )
    )
    reason: str = strawberry.field(description="Why, in a sentence: the parts above that apply.")
    shared_references: list[CitedWork] = strawberry.field(
        description="Works both papers cite (bibliographic coupling), least cited first."
    )
    co_cited_by: list[Paper] = strawberry.field(
        description="Papers citing both (co-citation), those citing fewest works first."
    )

    @classmethod
    def of(cls, view: models.RelatedPaper) -> RelatedPaper:
        return _as_is(cls, view)


@strawberry.type(
    description="A work a paper cites: `paper` when it is in the graph, else null (only its id "
    "is known until that paper is loaded)."
)
class CitedWork:
    id: str
    paper: Paper | None


@strawberry.type(
    description=(
        "A broader concept two papers reach through different concepts: `via` is the first "
        "paper's concept, then the other's (one may be the broader concept itself)."
    )
)
class SharedBroader:
    concept: Concept
    via: list[str]

    @classmethod
    def of(cls, view: models.SharedBroader) -> SharedBroader:
        return _as_is(cls, view)


@strawberry.type(
    description="One year of a trend: papers, the year's papers (`total`) and their ratio."
)
class TrendPoint:
    year: int
    papers: int
    total: int
    share: float

    @classmethod
    def of(cls, view: models.TrendPoint) -> TrendPoint:
        return _as_is(cls, view)


@strawberry.type(
    description="A paper found for a text, ranked as `papers(search:)` ranks: by words and meaning."
)
class SimilarPaper:
    paper: Paper
    score: float = strawberry.field(description="The fused score (see `SearchMatch`).")
    match: SearchMatch


@strawberry.type(description="A paper recommended from papers liked and disliked.")
class RecommendedPaper(FromView):
    paper: Paper
    score: float = strawberry.field(
        description="Closeness to the liked papers, away from the disliked (0..1)."
    )
    nearest: Paper = strawberry.field(description="The liked paper it is nearest to.")
    similarity: float = strawberry.field(description="Its cosine with `nearest` (-1..1).")
    shared_concepts: list[str] = strawberry.field(
        description="Concepts it shares with the liked papers, the most specific first (names)."
    )
    reason: str = strawberry.field(description="Why it is recommended, in a sentence.")


@strawberry.type(description="A node of a graph view; `id` is `kind:key`.")
class GraphNode:
    id: strawberry.ID
    kind: NodeKind  # type: ignore[valid-type]
    key: str
    label: str


@strawberry.type(description="A relationship between two `GraphNode` ids, as stored.")
class GraphEdge:
    source: strawberry.ID
    target: strawberry.ID
    type: str
    weight: float | None


@strawberry.type(description="Nodes and the relationships among them.")
class Subgraph:
    nodes: list[GraphNode]
    edges: list[GraphEdge]

    @classmethod
    def of(cls, view: models.Subgraph) -> Subgraph:
        return _as_is(cls, view)


@strawberry.type(description="A chain of nodes; `edges[i]` links `nodes[i]` and `nodes[i+1]`.")
class GraphPath:
    nodes: list[GraphNode]
    edges: list[GraphEdge]
    length: int

    @classmethod
    def of(cls, view: models.GraphPath) -> GraphPath:
        return _as_is(cls, view)


@strawberry.type(description="Node counts by label and relationship counts by type.")
class Stats:
    papers: int
    concepts: int
    methods: int
    mentions: int
    proposes: int
    uses: int
    related_to: int

    @classmethod
    def of(cls, view: models.Stats) -> Stats:
        return _as_is(cls, view)


@strawberry.type(
    description=(
        "A concept two papers share: both mention it (`broader` false), or each reaches it "
        "through a different concept of its own, itself or directly under it (`broader` true; "
        "`via`: the first paper's concept, then the other's). `weight` is what it adds to "
        "`relatedPapers`' score: min(the two edge scores) × ln(N / papers with it), halved for "
        "a broader concept; `reason` says which in a sentence."
    )
)
class SharedConcept:
    concept: Concept
    broader: bool
    weight: float
    via: list[str] | None
    reason: str

    @classmethod
    def of(cls, view: models.SharedConcept) -> SharedConcept:
        return _as_is(cls, view)
