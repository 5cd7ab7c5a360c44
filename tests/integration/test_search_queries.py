"""The search language against the real Neo4j: what parse_search writes runs in a full-text
index over title, abstract and authorText and selects the papers a researcher means."""

from __future__ import annotations

import re

import pytest
from neo4j import AsyncDriver

from graph.queries._search_syntax import MAX_SEARCH_CHARS, parse_search
from papergraph.errors import InvalidInputError
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j
INDEX = "paper_search"  # the schema's full-text index of papers (graph/schema.py)
PAPERS = [
    {
        "id": "phrase",
        "title": "Graph neural network pruning",
        "abstract": "We prune message passing layers.",
        "authorText": "Ada Lovelace; Alan Turing",
    },
    {
        "id": "scattered",
        "title": "Neural fields on a graph",
        "abstract": "A network of implicit functions.",
        "authorText": "Grace Hopper",
    },
    {
        "id": "both",
        "title": "Private diffusion models",
        "abstract": "Diffusion models trained with differential privacy.",
        "authorText": "Alan Turing",
    },
    {
        "id": "diffusion",
        "title": "Diffusion for images",
        "abstract": "Score-based diffusion models generate images.",
        "authorText": "Edsger Dijkstra",
    },
    {
        "id": "privacy",
        "title": "Membership inference",
        "abstract": "Attacks on privacy of trained classifiers.",
        "authorText": "Barbara Liskov",
    },
]


@pytest.fixture
async def indexed(driver: AsyncDriver, neo4j_settings: Settings) -> AsyncDriver:
    """The papers above, in the full-text index paper search reads."""
    db = neo4j_settings.neo4j_database
    await driver.execute_query(
        "UNWIND $papers AS row CREATE (p:Paper) SET p = row", papers=PAPERS, database_=db
    )
    await driver.execute_query("CALL db.awaitIndexes(60)", database_=db)
    return driver


async def found(driver: AsyncDriver, settings: Settings, search: str) -> set[str]:
    lucene = parse_search(search).lucene
    assert lucene is not None
    records, _, _ = await driver.execute_query(
        "CALL db.index.fulltext.queryNodes($index, $query) YIELD node RETURN node.id AS id",
        index=INDEX,
        query=lucene,
        database_=settings.neo4j_database,
    )
    return {r["id"] for r in records}


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ('"graph neural network"', {"phrase"}),
        ("graph neural network", {"phrase", "scattered"}),
        ("diffusion AND privacy", {"both"}),
        ("diffusion privacy", {"both", "diffusion", "privacy"}),
        ("diffusion NOT privacy", {"diffusion"}),
        ("diffusion -privacy", {"diffusion"}),
        ('diffusion -"differential privacy"', {"diffusion"}),
        ("(membership OR images) AND NOT diffusion", {"privacy"}),
        ("title:diffusion", {"both", "diffusion"}),
        ("title:privacy", set()),
        ("abstract:privacy", {"both", "privacy"}),
        ('title:"graph neural"', {"phrase"}),
        ("title:(pruning OR images)", {"phrase", "diffusion"}),
        ("author:turing", {"phrase", "both"}),
        ('author:"Alan Turing" diffusion', {"phrase", "both", "diffusion"}),
        ('author:"Alan Turing" AND diffusion', {"both"}),
        ("score-based", {"diffusion"}),
        # stop words ("a", "of") find nothing: the index drops them (English analyzer)
        ("Transformers: a survey of graph pruning", {"phrase", "scattered"}),
        ("diffusion AND privacy year:2024 venue:ICLR", {"both"}),
    ],
)
async def test_a_search_selects_the_papers_it_means(
    indexed: AsyncDriver, neo4j_settings: Settings, search: str, expected: set[str]
) -> None:
    assert await found(indexed, neo4j_settings, search) == expected


@pytest.mark.parametrize(
    "search",
    [
        "graph *",
        "privacy~",
        "graph^3 neural",
        "a:b privacy",
        "diffusion \\ privacy",
        "/priv.*/ diffusion",
        "[a TO z] diffusion",
        "{a TO z} diffusion",
        "diffusion && privacy || graph ! membership",
        "diffusion AND +privacy",
        "title:diffusion:models",
        'author:"Alan \\" Turing"',
        "graph? ne*ral",
        "lowercase and or not to diffusion",
        "x " * 99 + "y",
        ("privacy " * 200)[:MAX_SEARCH_CHARS],
        ("diffusion, (privacy)! " * 60)[:MAX_SEARCH_CHARS],
    ],
)
async def test_a_hostile_search_runs_as_plain_words(
    indexed: AsyncDriver, neo4j_settings: Settings, search: str
) -> None:
    """No Neo4j error, and nothing found beyond what the words alone find (a range, wildcard,
    fuzzy or regex query would find more)."""
    try:
        parse_search(search)
    except InvalidInputError:
        return  # refused with a message is fine; a Neo4j error is not
    words = " ".join(re.findall(r"[^\W_]+", search)).lower()
    assert await found(indexed, neo4j_settings, search) <= await found(
        indexed, neo4j_settings, words
    )


async def test_operators_of_lucene_are_plain_text(
    indexed: AsyncDriver, neo4j_settings: Settings
) -> None:
    """A wildcard, a fuzzy mark or a boost is no pattern: only the word around it is searched."""
    assert await found(indexed, neo4j_settings, "diffus*") == set()
    assert await found(indexed, neo4j_settings, "privac?") == set()
    assert await found(indexed, neo4j_settings, "privacy~ images") == {
        "both",
        "privacy",
        "diffusion",
    }
    assert await found(indexed, neo4j_settings, "membership^") == {"privacy"}
