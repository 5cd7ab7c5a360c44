"""The read side of the query layer: small typed async functions returning the views of
:mod:`graph.models`.

Every function takes a :class:`GraphReader` first and keyword arguments after it, runs one named
statement from ``cypher/`` (through :func:`graph.queries._run.fetch`, in a read transaction with
the server-side timeout) and returns models from :mod:`graph.models`. Functions named after a
plural key (``paper_concepts(ids=...)``) are batched: one statement for many parents, for the
API's DataLoaders.
"""

from __future__ import annotations

from graph.queries._lucene import lucene_terms
from graph.queries._run import GraphReader, StatementCounter, server_version
from graph.queries.drafts import draft_related, entity_paper_counts, existing_concepts
from graph.queries.entities import (
    concept_methods,
    concept_papers,
    concept_related,
    find_concepts,
    find_methods,
    get_concept,
    get_method,
    method_concepts,
    method_kind_reasons,
    method_proposed_by,
    method_used_by,
)
from graph.queries.evidence import paper_method_mentions
from graph.queries.hierarchy import concept_broader, concept_narrower, concept_tree_papers
from graph.queries.lineage import method_lineage, method_variants
from graph.queries.papers import (
    find_papers,
    paper_concepts,
    paper_methods,
    paper_with_concepts,
    papers_by_ids,
    related_papers,
    shared_concepts,
)
from graph.queries.search import (
    recommend_papers,
    similar_to_text,
)
from graph.queries.shared import shared_concepts_explained
from graph.queries.topics import (
    find_topics,
    paper_topics,
    topic_concepts,
    topic_papers,
    topic_trend,
    topics_by_ids,
)
from graph.queries.traversals import (
    MAX_HOPS,
    MAX_NEIGHBORHOOD_HOPS,
    graph_stats,
    neighborhood,
    shortest_path,
)
from graph.queries.trends import concept_trend, method_trend, share_changes, year_totals

__all__ = [
    "MAX_HOPS",
    "MAX_NEIGHBORHOOD_HOPS",
    "GraphReader",
    "StatementCounter",
    "concept_broader",
    "concept_methods",
    "concept_narrower",
    "concept_papers",
    "concept_related",
    "concept_tree_papers",
    "concept_trend",
    "draft_related",
    "entity_paper_counts",
    "existing_concepts",
    "find_concepts",
    "find_methods",
    "find_papers",
    "find_topics",
    "get_concept",
    "get_method",
    "graph_stats",
    "lucene_terms",
    "method_concepts",
    "method_kind_reasons",
    "method_lineage",
    "method_proposed_by",
    "method_trend",
    "method_used_by",
    "method_variants",
    "neighborhood",
    "paper_concepts",
    "paper_method_mentions",
    "paper_methods",
    "paper_topics",
    "paper_with_concepts",
    "papers_by_ids",
    "recommend_papers",
    "related_papers",
    "server_version",
    "share_changes",
    "shared_concepts",
    "shared_concepts_explained",
    "shortest_path",
    "similar_to_text",
    "topic_concepts",
    "topic_papers",
    "topic_trend",
    "topics_by_ids",
    "year_totals",
]
