"""Search by words and meaning together, and recommendations from liked and disliked papers
(real Neo4j, hand-built papers whose vectors and words are known)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from neo4j import AsyncDriver

from graph.models import PaperOrder
from graph.queries import GraphReader, find_papers, recommend_papers, similar_to_text
from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from graph.writes import MentionRow, PaperRow, upsert_papers
from papergraph.errors import InvalidInputError, NotFoundError
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j


def _vector(*weights: float) -> tuple[float, ...]:
    """A unit vector with ``weights`` on the first axes."""
    full = [*weights, *[0.0] * (DEFAULT_EMBEDDING_DIMENSIONS - len(weights))]
    norm = math.sqrt(sum(w * w for w in full))
    return tuple(w / norm for w in full)


def _paper(
    pid: str, title: str, abstract: str, vector: tuple[float, ...], **extra: object
) -> PaperRow:
    return PaperRow(
        id=pid,
        source_id=True,
        match_key=f"mk-{pid}",
        content_hash=f"h-{pid}",
        abstract=abstract,
        label=title,
        source="test",
        extractor="hand",
        title=title,
        embedding=vector,
        **extra,
    )


def _mention(key: str) -> MentionRow:
    return MentionRow(key=key, name=key, aliases=(), score=0.5, rank=1, source="keybert")


PAPERS = [
    # "diffusion" in words; its meaning lies on axis 0
    _paper(
        "a",
        "Diffusion models for privacy",
        "We train diffusion models with differential privacy guarantees.",
        _vector(1, 0, 0),
        year=2023,
        venue="ICLR 2023",
        authors=("Ada Lovelace",),
        mentions=(_mention("differential privacy"), _mention("diffusion models")),
    ),
    # no query word at all, yet the closest in meaning to a query on axis 1
    _paper(
        "b",
        "Score-based generative modelling",
        "Denoising score matching learns to reverse a noising process.",
        _vector(0.1, 1, 0),
        year=2024,
        venue="ICLR 2024",
        authors=("Alan Turing",),
        mentions=(_mention("differential privacy"),),
    ),
    _paper(
        "c",
        "Diffusion of innovations in networks",
        "How ideas spread through social networks by diffusion.",
        _vector(0, 0, 1),
        year=2024,
        venue="NeurIPS",
    ),
    _paper(
        "d",
        "Privacy attacks on language models",
        "Membership inference against large language models.",
        _vector(1, 0, 0.5),
        year=2022,
        mentions=(_mention("differential privacy"),),
    ),
]


@pytest.fixture
async def reader(driver: AsyncDriver, neo4j_settings: Settings) -> GraphReader:
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=PAPERS)
    return GraphReader(driver=driver, settings=neo4j_settings)


def embedding_on(*weights: float):  # type: ignore[no-untyped-def]
    async def embed(text: str) -> Sequence[float]:
        return _vector(*weights)

    return embed


async def test_relevance_fuses_words_and_meaning(reader: GraphReader) -> None:
    page = await find_papers(reader, search="diffusion", embed=embedding_on(0.1, 1, 0))
    ids = [p.id for p in page.items]
    # a and c hold the word; b holds none but is nearest in meaning: all three are found
    assert set(ids[:3]) == {"a", "b", "c"}
    by_id = dict(zip(ids, page.matches))
    assert by_id["a"].terms == ("Diffusion",) and by_id["a"].lexical_rank is not None
    assert by_id["b"].lexical_rank is None and by_id["b"].semantic_rank == 1
    assert by_id["b"].similarity == pytest.approx(1.0)
    assert "close in meaning" in by_id["b"].reason and "Diffusion" in by_id["a"].reason
    # a word match that is also near in meaning beats either alone
    both = await find_papers(reader, search="diffusion", embed=embedding_on(1, 0, 0))
    assert both.items[0].id == "a" and both.matches[0].score > both.matches[1].score


async def test_words_alone_rank_when_no_vector_is_given(reader: GraphReader) -> None:
    page = await find_papers(reader, search="privacy")
    assert {p.id for p in page.items} == {"a", "d"} and page.total == 2
    assert all(m.semantic_rank is None and m.similarity is None for m in page.matches)


async def test_the_title_counts_once(reader: GraphReader) -> None:
    # d has "privacy" in its title only, a in title and abstract: a ranks first by words
    page = await find_papers(reader, search="privacy")
    assert [p.id for p in page.items] == ["a", "d"]


async def test_stemming_finds_other_forms(reader: GraphReader) -> None:
    page = await find_papers(reader, search="networking spreads")
    assert page.items[0].id == "c"


async def test_filters_hold_on_both_sides(reader: GraphReader) -> None:
    page = await find_papers(reader, search="diffusion", year=2024, embed=embedding_on(1, 0, 0))
    assert {p.id for p in page.items} == {"b", "c"}
    by_concept = await find_papers(
        reader, search="privacy", concept="differential privacy", embed=embedding_on(1, 0, 0)
    )
    assert {p.id for p in by_concept.items} == {"a", "b", "d"}
    by_author = await find_papers(reader, search="diffusion", author="Ada Lovelace")
    assert [p.id for p in by_author.items] == ["a"]


async def test_another_order_lists_the_word_matches(reader: GraphReader) -> None:
    page = await find_papers(reader, search="diffusion", order=PaperOrder.YEAR_ASC)
    assert [p.id for p in page.items] == ["a", "c"] and page.matches == ()


async def test_a_long_pasted_paragraph_is_a_query(reader: GraphReader) -> None:
    paragraph = " ".join(["We study how diffusion models can be trained privately."] * 9)
    assert len(paragraph.split()) > 32
    page = await find_papers(reader, search=paragraph, embed=embedding_on(1, 0, 0))
    assert page.items[0].id == "a"


async def test_similar_papers_rank_as_search_does(reader: GraphReader) -> None:
    found = await similar_to_text(
        reader,
        text="denoising score matching (a noising process)",
        embed=embedding_on(0, 0, 1),
        first=2,
    )
    assert [p.id for p in found.items] == ["b", "c"]
    assert found.matches[0].terms == ("Denoising", "Score", "matching", "noising", "process")


async def test_pages_of_a_search_do_not_overlap(reader: GraphReader) -> None:
    embed = embedding_on(0.1, 1, 0)
    whole = await find_papers(reader, search="diffusion privacy", embed=embed, first=4)
    first = await find_papers(reader, search="diffusion privacy", embed=embed, first=2)
    rest = await find_papers(reader, search="diffusion privacy", embed=embed, first=2, offset=2)
    assert [p.id for p in first.items + rest.items] == [p.id for p in whole.items]
    assert first.total == whole.total == 4 and first.has_next and not rest.has_next


async def test_recommendations_follow_the_liked_and_avoid_the_disliked(
    reader: GraphReader,
) -> None:
    liked = await recommend_papers(reader, positive=["a"], negative=[], first=3)
    assert [r.paper.id for r in liked][:2] == ["d", "b"]  # d is nearer to a than b
    assert liked[0].nearest.id == "a" and liked[0].similarity == pytest.approx(1 / math.sqrt(1.25))
    assert "differential privacy" in liked[0].shared_concepts
    assert "close to “Diffusion models for privacy”" in liked[0].reason
    # disliking c (axis 2) lowers d, which leans towards it, and not b, which does not
    unlike = await recommend_papers(reader, positive=["a"], negative=["c"], first=3)
    before = {r.paper.id: r.score for r in liked}
    after = {r.paper.id: r.score for r in unlike}
    assert after["d"] < before["d"] - 0.03 and after["b"] > before["b"] - 0.01
    assert {"a", "c"}.isdisjoint(after)


async def test_recommendations_refuse_what_they_cannot_use(reader: GraphReader) -> None:
    with pytest.raises(NotFoundError, match="nope"):
        await recommend_papers(reader, positive=["a", "nope"], negative=[], first=3)
    with pytest.raises(InvalidInputError, match="positive"):
        await recommend_papers(reader, positive=[], negative=["a"], first=3)
    with pytest.raises(InvalidInputError, match="at most"):
        await recommend_papers(reader, positive=["a"] * 51, negative=[], first=3)


async def test_an_exact_query_is_never_broken_by_meaning(reader: GraphReader) -> None:
    near_b = embedding_on(0.1, 1, 0)  # b is nearest in meaning, and holds none of the words
    phrase = await find_papers(reader, search='"differential privacy"', embed=near_b)
    assert [p.id for p in phrase.items] == ["a"]
    assert (await find_papers(reader, search="diffusion NOT privacy", embed=near_b)).total == 1
    fielded = await find_papers(reader, search="title:privacy", embed=near_b)
    assert {p.id for p in fielded.items} == {"a", "d"}
    years = await find_papers(reader, search="diffusion year:2024..2025", embed=near_b)
    assert {p.id for p in years.items} == {"b", "c"}  # plain words: b comes by meaning
    venue = await find_papers(reader, search="diffusion venue:iclr", embed=near_b)
    assert {p.id for p in venue.items} == {"a", "b"}
    filters_alone = await find_papers(reader, search="year:2024", embed=near_b)
    assert {p.id for p in filters_alone.items} == {"b", "c"}
