"""Result types of the read side of the query layer.

Every read function in :mod:`graph.queries` returns these (never raw driver records), so the
API layer can map them onto GraphQL types without knowing anything about Neo4j. They are read
results, not records to edit: nothing changes them once made. They are slotted rather than
frozen dataclasses because one answer can hold hundreds of them (a ``relatedPapers`` answer
~150 views, a ``neighborhood`` ~90): a frozen dataclass sets each field through
``object.__setattr__``, 1.2 µs for a paper against 0.34 µs slotted (measured 2026-11-30).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from graph.citation_views import CitedWorkView

__all__ = [
    "ConceptCooccurrence",
    "ConceptMention",
    "ConceptView",
    "DraftAnalysis",
    "DraftTerm",
    "Evidence",
    "EvidenceField",
    "GraphEdge",
    "GraphNode",
    "GraphPath",
    "KindReason",
    "KindVote",
    "Lineage",
    "LineageEntry",
    "MethodKind",
    "MethodMention",
    "MethodVariants",
    "MethodView",
    "NodeKind",
    "Page",
    "PaperMethods",
    "PaperOrder",
    "PaperView",
    "Recommendation",
    "RelatedPaper",
    "ScoredPaper",
    "SearchMatch",
    "ShareChange",
    "SharedBroader",
    "SharedConcept",
    "Stats",
    "Subgraph",
    "TopicView",
    "TrendPoint",
    "VariantLink",
    "stats_from_row",
]

T = TypeVar("T")


class PaperOrder(Enum):
    """How a list of papers is sorted. ``RELEVANCE`` is the search or mention score."""

    RELEVANCE = "RELEVANCE"
    YEAR_DESC = "YEAR_DESC"
    YEAR_ASC = "YEAR_ASC"
    TITLE = "TITLE"


class NodeKind(Enum):
    """The label of a node in a subgraph or path."""

    PAPER = "PAPER"
    CONCEPT = "CONCEPT"
    METHOD = "METHOD"


@dataclass(slots=True)
class PaperView:
    """A paper's public properties (no embedding, no bookkeeping fields)."""

    id: str
    label: str
    abstract: str
    title: str | None = None
    year: int | None = None
    venue: str | None = None
    authors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    status: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None
    openalex_id: str | None = None
    s2_id: str | None = None
    #: the web address its source gave, if any (see ``graph.paper_ids.paper_url``)
    url: str | None = None


@dataclass(slots=True)
class ConceptView:
    """A concept with the number of papers mentioning it."""

    key: str
    name: str
    aliases: tuple[str, ...]
    paper_count: int


class MethodKind(Enum):
    """What a method node names (see ``loaders/extraction/_kinds.py``)."""

    METHOD = "method"
    MODEL = "model"
    DATASET = "dataset"
    BENCHMARK = "benchmark"
    METRIC = "metric"
    TOOL = "tool"


@dataclass(slots=True)
class MethodView:
    """A method with the number of papers proposing or using it."""

    key: str
    name: str
    aliases: tuple[str, ...]
    paper_count: int
    kind: MethodKind = MethodKind.METHOD


class EvidenceField(Enum):
    """The stored field an edge's evidence indexes."""

    ABSTRACT = "abstract"
    TITLE = "title"


@dataclass(slots=True)
class Evidence:
    """Where an extracted edge's phrase is written: ``text`` is ``field[start:end]`` of the
    stored paper, ``sentence`` is ``field[sentence_start:sentence_end]`` and holds it."""

    field: EvidenceField
    start: int
    end: int
    text: str
    sentence: str
    sentence_start: int
    sentence_end: int


@dataclass(slots=True)
class ConceptMention:
    """A paper's mention of a concept: the extractor's score and where it came from."""

    concept: ConceptView
    score: float
    rank: int
    source: str
    evidence: Evidence | None = None


@dataclass(slots=True)
class PaperMethods:
    """The methods a paper proposes and the ones it uses, best score first."""

    proposes: tuple[MethodView, ...] = ()
    uses: tuple[MethodView, ...] = ()


@dataclass(slots=True)
class MethodMention:
    """A paper's link to a method: ``relation`` is ``PROPOSES`` or ``USES``."""

    method: MethodView
    relation: str
    score: float
    evidence: Evidence | None = None
    #: the kind this paper gives the name (None: it does not say); the method's ``kind`` is
    #: the one most of its papers give
    kind_said: MethodKind | None = None
    #: the id of the cue in this paper's text that gave ``kind_said`` (``kind.noun-beside`` …)
    kind_cue: str | None = None


@dataclass(slots=True)
class KindVote:
    """A kind papers give a method, and how many papers give it."""

    kind: MethodKind
    papers: int


@dataclass(slots=True)
class KindReason:
    """Why a method has its kind: ``cue`` is the cue most of the ``papers`` giving the kind read
    it from (None on a graph loaded before cues were kept), ``typed`` the papers typing the name
    at all, ``votes`` each kind they give, most papers first."""

    cue: str | None
    papers: int
    typed: int
    votes: tuple[KindVote, ...]


@dataclass(slots=True)
class ConceptCooccurrence:
    """A concept mentioned together with another one, in ``papers`` papers."""

    concept: ConceptView
    papers: int


@dataclass(slots=True)
class SharedBroader:
    """A broader concept two papers reach through different concepts of theirs (``via``: the
    first paper's concept, then the other's; one of them may be the broader concept itself)."""

    concept: ConceptView
    via: tuple[str, str]


@dataclass(slots=True)
class RelatedPaper:
    """A paper related to another one, with its score and the reasons for it."""

    paper: PaperView
    score: float
    shared_concepts: tuple[ConceptView, ...]
    shared_methods: tuple[MethodView, ...]
    shared_broader: tuple[SharedBroader, ...] = ()
    similarity: float | None = None  # cosine of the two abstracts' embeddings, when above 0
    reason: str = ""  # the above in a sentence
    shared_references: tuple[CitedWorkView, ...] = ()  # works both cite, strongest first
    co_cited_by: tuple[PaperView, ...] = ()  # papers citing both, strongest first


@dataclass(slots=True)
class ScoredPaper:
    """A paper found by semantic search, with its cosine similarity (0..1)."""

    paper: PaperView
    score: float


@dataclass(frozen=True, slots=True)
class SearchMatch:
    """Why a paper is where it is in a search's relevance order.

    ``score`` is the fused reciprocal rank (see ``graph.queries.search``); ``lexical_rank``
    and ``semantic_rank`` are its places by words (full-text) and by meaning (vectors) among
    the candidates, 1 the best, ``None`` where that side did not find it; ``similarity`` is
    the cosine of the query's vector and its abstract's; ``terms`` the query's words and
    phrases its title or abstract contains.
    """

    score: float
    lexical_rank: int | None
    semantic_rank: int | None
    similarity: float | None
    terms: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Recommendation:
    """A paper recommended from liked (``positive``) and disliked (``negative``) papers."""

    paper: PaperView
    score: float
    #: the liked paper it is nearest to and that cosine
    nearest: PaperView
    similarity: float
    #: concepts it shares with the liked papers, by name
    shared_concepts: tuple[str, ...]
    reason: str


@dataclass(slots=True)
class Page(Generic[T]):
    """One page of an ordered list: its items, their offsets and the size of the whole list."""

    items: tuple[T, ...]
    offset: int
    total: int
    #: why each item matched, for a search ranked by relevance (else empty)
    matches: tuple[SearchMatch, ...] = ()

    @property
    def has_next(self) -> bool:
        """Whether items follow this page."""
        return self.offset + len(self.items) < self.total

    @property
    def has_previous(self) -> bool:
        """Whether items precede this page."""
        return self.offset > 0


@dataclass(slots=True)
class GraphNode:
    """A node for a graph view: ``id`` is ``kind:key`` (e.g. ``concept:graph neural network``)."""

    id: str
    kind: NodeKind
    key: str
    label: str


@dataclass(slots=True)
class GraphEdge:
    """A relationship between two :class:`GraphNode` ids; ``weight`` is its score or weight."""

    source: str
    target: str
    type: str
    weight: float | None


@dataclass(slots=True)
class Subgraph:
    """Nodes and the relationships among them."""

    nodes: tuple[GraphNode, ...]
    edges: tuple[GraphEdge, ...]


@dataclass(slots=True)
class GraphPath:
    """A chain of nodes and the relationships between consecutive ones, in order."""

    nodes: tuple[GraphNode, ...]
    edges: tuple[GraphEdge, ...]

    @property
    def length(self) -> int:
        """Number of relationships."""
        return len(self.edges)


@dataclass(slots=True)
class Stats:
    """Node counts by label and relationship counts by type."""

    papers: int
    concepts: int
    methods: int
    mentions: int
    proposes: int
    uses: int
    related_to: int


def stats_from_row(row: dict[str, int]) -> Stats:
    """The :class:`Stats` of a ``graph_counts`` row."""
    return Stats(
        papers=row["papers"],
        concepts=row["concepts"],
        methods=row["methods"],
        mentions=row["mentions"],
        proposes=row["proposes"],
        uses=row["uses"],
        related_to=row["relatedTo"],
    )


@dataclass(slots=True)
class TrendPoint:
    """One year of a concept's or method's trend: its papers and their share of the year's."""

    year: int
    papers: int
    total: int  # papers of that year
    share: float


@dataclass(slots=True)
class ShareChange:
    """How a concept's share of papers changed between two years, and how surely (z)."""

    concept: ConceptView
    papers_before: int
    papers_after: int
    share_before: float
    share_after: float
    change: float
    z: float


@dataclass(slots=True)
class TopicView:
    """A theme of the graph: a community of co-mentioned concepts, named by its central ones."""

    id: str
    name: str
    concept_count: int
    paper_count: int


@dataclass(slots=True)
class DraftTerm:
    """A concept or method extracted from a draft, and how the graph knows it."""

    key: str
    name: str
    kind: str  # "concept", "proposes" or "uses"
    score: float
    paper_count: int  # papers of the graph linked to it (0: new to the graph)
    broader: ConceptView | None = None  # for a concept: its broader concept in the graph


@dataclass(slots=True)
class DraftAnalysis:
    """What ``analyzeText`` found: the draft's terms, its nearest papers, what looks new."""

    concepts: tuple[DraftTerm, ...]
    methods: tuple[DraftTerm, ...]
    related: tuple[RelatedPaper, ...]
    new: tuple[DraftTerm, ...]  # terms no paper, or very few, has


@dataclass(slots=True)
class VariantLink:
    """One ``VARIANT_OF`` edge: the variant, the method it varies, the paper that says so (of
    the papers saying so, the one with the smallest id) and where it says so."""

    variant: MethodView
    base: MethodView
    paper: PaperView | None = None
    evidence: Evidence | None = None


@dataclass(slots=True)
class MethodVariants:
    """What a method varies (``SD-LoRA`` → ``LoRA``) and the named variants of it; ``links``
    are its ``VARIANT_OF`` edges, with their papers and evidence."""

    variant_of: MethodView | None = None
    variants: tuple[MethodView, ...] = ()
    links: tuple[VariantLink, ...] = ()


@dataclass(slots=True)
class LineageEntry:
    """A method in a lineage: how many ``VARIANT_OF`` steps from the root, the papers that
    introduce it and the papers that use it, oldest first."""

    method: MethodView
    depth: int
    introduced_by: tuple[PaperView, ...]
    used_by: tuple[PaperView, ...]
    use_count: int
    links: tuple[VariantLink, ...] = ()  # its VARIANT_OF edges (what it varies, and why)


@dataclass(slots=True)
class Lineage:
    """A method, what it varies, and every method varying it (transitively), each with who
    introduced it and who uses it."""

    method: MethodView
    variant_of: tuple[MethodView, ...]
    entries: tuple[LineageEntry, ...]


@dataclass(slots=True)
class SharedConcept:
    """A concept two papers share: both mention it (``broader`` false), or each reaches it
    through a different concept of its own (``broader`` true; ``via``: the first paper's
    concept, then the other's), with the weight ``relatedPapers`` gives it (half for a broader
    one) and a sentence saying which (``reason``)."""

    concept: ConceptView
    broader: bool
    weight: float
    via: tuple[str, str] | None
    reason: str
