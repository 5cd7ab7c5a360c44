"""The read query layer against a small hand-built graph with known answers (real Neo4j)."""

from __future__ import annotations

import dataclasses
import math

import pytest
from neo4j import AsyncDriver

from graph.models import NodeKind, PaperOrder
from graph.queries import (
    GraphReader,
    concept_methods,
    concept_papers,
    concept_related,
    find_concepts,
    find_methods,
    find_papers,
    get_concept,
    get_method,
    graph_stats,
    method_concepts,
    method_proposed_by,
    method_used_by,
    neighborhood,
    paper_concepts,
    paper_methods,
    papers_by_ids,
    related_papers,
    shared_concepts,
    shortest_path,
)
from graph.writes import MentionRow, MethodRow, PaperRow, upsert_papers
from papergraph.errors import InvalidInputError, NotFoundError
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j
DIMS = 384


def _unit(*axes: int) -> tuple[float, ...]:
    vector = [0.0] * DIMS
    for axis in axes:
        vector[axis] = 1.0
    norm = math.sqrt(len(axes))
    return tuple(v / norm for v in vector)


def _mention(key: str, score: float, *aliases: str) -> MentionRow:
    return MentionRow(
        key=key, name=key.title(), aliases=aliases, score=score, rank=1, source="keybert"
    )


def _method(key: str, score: float, kind: str) -> MethodRow:
    return MethodRow(key=key, name=key.upper(), aliases=(key.upper(),), score=score, kind=kind)


def _paper(
    pid: str,
    year: int,
    venue: str | None,
    mentions: list[MentionRow],
    methods: list[MethodRow],
    axes: tuple[int, ...],
    **extra: object,
) -> PaperRow:
    return PaperRow(
        id=pid,
        source_id=True,
        match_key=f"mk-{pid}",
        content_hash=f"h-{pid}",
        abstract=f"Abstract of {pid} about graphs.",
        label=f"Paper {pid}",
        source="test",
        extractor="hand",
        title=f"Title {pid}",
        year=year,
        venue=venue,
        embedding=_unit(*axes),
        mentions=tuple(mentions),
        methods=tuple(methods),
        **extra,
    )


PAPERS = [
    _paper(
        "p1",
        2024,
        "ICLR",
        [_mention("alpha", 0.9, "ALP"), _mention("beta", 0.8), _mention("gamma", 0.5)],
        [_method("m1", 0.9, "PROPOSES"), _method("m2", 0.7, "USES")],
        (0,),
        alt_ids=("alt-p1",),
    ),
    _paper(
        "p2",
        2023,
        "ICLR",
        [_mention("alpha", 0.7), _mention("beta", 0.6), _mention("delta", 0.4)],
        [_method("m1", 0.8, "USES")],
        (0, 1),
    ),
    _paper(
        "p3",
        2024,
        "NeurIPS",
        [_mention("delta", 0.9), _mention("epsilon", 0.5)],
        [_method("m2", 0.6, "USES")],
        (2,),
    ),
    _paper("p4", 2022, None, [_mention("zeta", 0.9)], [], (3,)),
]


@pytest.fixture
async def reader(driver: AsyncDriver, neo4j_settings: Settings) -> GraphReader:
    await upsert_papers(driver, database=neo4j_settings.neo4j_database, papers=PAPERS)
    return GraphReader(driver=driver, settings=neo4j_settings)


async def test_papers_by_any_id(reader: GraphReader) -> None:
    found = await papers_by_ids(reader, ids=["p2", "alt-p1", "nope"])
    assert {k: v.id for k, v in found.items()} == {"p2": "p2", "alt-p1": "p1"}
    assert found["p2"].year == 2023 and found["p2"].venue == "ICLR"


async def test_find_papers_filters_and_orders(reader: GraphReader) -> None:
    by_concept = await find_papers(reader, concept="alpha")
    assert [p.id for p in by_concept.items] == ["p1", "p2"] and by_concept.total == 2
    assert [p.id for p in (await find_papers(reader, concept="alpha", year=2024)).items] == ["p1"]
    assert [
        p.id for p in (await find_papers(reader, venue="ICLR", order=PaperOrder.YEAR_ASC)).items
    ] == ["p2", "p1"]
    assert [p.id for p in (await find_papers(reader, method="m2")).items] == ["p1", "p3"]
    everything = await find_papers(reader, order=PaperOrder.YEAR_DESC)
    assert [p.id for p in everything.items] == ["p1", "p3", "p2", "p4"]
    assert (await find_papers(reader, concept="no such concept")).total == 0


async def test_a_concept_filter_naming_a_method_gives_the_methods_papers(
    reader: GraphReader,
) -> None:
    by_method = await find_papers(reader, method="M2")
    assert [p.id for p in by_method.items] == ["p1", "p3"]
    for name in ("M2", "m2"):  # by the method's name, or by its key, as a concept
        by_concept = await find_papers(reader, concept=name)
        assert [p.id for p in by_concept.items] == ["p1", "p3"] and by_concept.total == 2
    assert (await find_papers(reader, concept="M2", year=2024)).total == 2
    assert (await find_papers(reader, concept="M2", method="m1")).total == 0


async def test_search_is_escaped(reader: GraphReader) -> None:
    page = await find_papers(reader, search="Title p3")
    assert page.items[0].id == "p3"
    weird = await find_papers(reader, search="graphs [ ] { } ~ ^ * ? \\ / : !")  # all literal
    assert sorted(p.id for p in weird.items) == ["p1", "p2", "p3", "p4"]
    with pytest.raises(InvalidInputError, match="character"):  # a mistake says where
        await find_papers(reader, search='graphs AND (" OR [')


async def test_pages_walk_without_gaps(reader: GraphReader) -> None:
    seen, offset = [], 0
    while True:
        page = await find_papers(reader, offset=offset, first=1)
        seen += [p.id for p in page.items]
        if not page.has_next:
            break
        offset += 1
    assert sorted(seen) == ["p1", "p2", "p3", "p4"] and len(set(seen)) == 4


async def test_paper_concepts_and_methods(reader: GraphReader) -> None:
    concepts = await paper_concepts(reader, ids=["p1", "p2"], first=2)
    assert [m.concept.key for m in concepts["p1"]] == ["alpha", "beta"]
    assert concepts["p1"][0].concept.paper_count == 2
    methods = await paper_methods(reader, ids=["p1", "p4"])
    assert [m.key for m in methods["p1"].proposes] == ["m1"]
    assert [m.key for m in methods["p1"].uses] == ["m2"]
    assert methods["p4"].proposes == () and methods["p4"].uses == ()


async def test_related_papers_ranking(reader: GraphReader) -> None:
    related = (await related_papers(reader, ids=["p1"], first=10))["p1"]
    assert [r.paper.id for r in related] == ["p2", "p3"]
    cosine = 1 / math.sqrt(2)  # p1 lies on axis 0, p2 on axes 0 and 1; p3 and p4 on others
    typical = cosine / 3  # p1's mean cosine to the other three papers
    alike = (cosine - typical) / (1 - typical)
    assert related[0].score == pytest.approx((0.7 + 0.6 + 0.8) * math.log(4 / 2) + alike)
    assert related[0].similarity == pytest.approx(cosine)
    assert related[1].similarity is None and "shares method M2" in related[1].reason
    assert {c.key for c in related[0].shared_concepts} == {"alpha", "beta"}
    assert [m.key for m in related[0].shared_methods] == ["m1"]
    assert related[1].score == pytest.approx(0.6 * math.log(2))


async def test_entities_over_the_expansion_cap_still_score_the_papers_found_otherwise(
    reader: GraphReader, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every shared entity here has two papers: capped at one, none brings candidates, the
    # embedding neighbours do, and each still gets the terms and the explanations it shares
    expanded = (await related_papers(reader, ids=["p1"], first=10))["p1"]
    monkeypatch.setattr("graph.queries.papers.MAX_EXPANDED_PAPERS", 1)
    capped = (await related_papers(reader, ids=["p1"], first=10))["p1"]
    assert [(r.paper.id, r.score) for r in capped] == [(r.paper.id, r.score) for r in expanded]
    assert [{c.key for c in r.shared_concepts} for r in capped] == [{"alpha", "beta"}, set()]
    assert [[m.key for m in r.shared_methods] for r in capped] == [["m1"], ["m2"]]


async def test_a_paper_with_nothing_to_embed_is_stored_without_an_embedding(
    reader: GraphReader, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    # a zero vector has no direction: a cosine of it fails the whole relatedPapers call
    database = neo4j_settings.neo4j_database
    blank = _paper("p5", 2024, None, [_mention("alpha", 0.5)], [], (0,))
    await upsert_papers(
        driver, database=database, papers=[dataclasses.replace(blank, embedding=(0.0,) * DIMS)]
    )
    records, _, _ = await driver.execute_query(
        "MATCH (p:Paper {id: 'p5'}) RETURN p.embedding AS embedding", database_=database
    )
    assert records[0]["embedding"] is None
    found = await related_papers(reader, ids=["p5", "p1"], first=10)
    assert [r.paper.id for r in found["p5"]] == ["p1", "p2"]  # by alpha, which both mention
    assert "p5" in {r.paper.id for r in found["p1"]}


async def test_related_papers_by_an_alt_id_and_none_for_a_missing_one(reader: GraphReader) -> None:
    found = await related_papers(reader, ids=["alt-p1", "missing"], first=10)
    assert set(found) == {"alt-p1"}  # keyed by the id asked; no entry for an unknown id
    assert [r.paper.id for r in found["alt-p1"]] == ["p2", "p3"]


async def test_shared_concepts(reader: GraphReader) -> None:
    shared = await shared_concepts(reader, paper_a="alt-p1", paper_b="p2")
    assert [c.key for c in shared] == ["alpha", "beta"]
    assert await shared_concepts(reader, paper_a="p1", paper_b="p4") == ()
    with pytest.raises(NotFoundError):
        await shared_concepts(reader, paper_a="p1", paper_b="missing")


async def test_a_paper_shares_all_its_concepts_with_itself(reader: GraphReader) -> None:
    # two ids of one paper: the intersection of its mentions with themselves
    shared = await shared_concepts(reader, paper_a="p1", paper_b="alt-p1")
    assert [c.key for c in shared] == ["alpha", "beta", "gamma"]


async def test_concepts_and_methods(reader: GraphReader) -> None:
    assert (await get_concept(reader, key="alpha")).paper_count == 2  # type: ignore[union-attr]
    assert (await get_concept(reader, name="alp")).key == "alpha"  # type: ignore[union-attr]
    assert await get_concept(reader, name="nothing like it") is None
    assert (await get_method(reader, name="M1")).key == "m1"  # type: ignore[union-attr]
    top = await find_concepts(reader, first=2)
    assert top.total == 6 and [c.key for c in top.items] == ["alpha", "beta"]
    assert (await find_methods(reader, search="m2")).items[0].key == "m2"
    related = (await concept_related(reader, keys=["alpha"], first=10))["alpha"]
    assert related[0].concept.key == "beta" and related[0].papers == 2
    papers = (await concept_papers(reader, keys=["delta"], offset=0, first=1))["delta"]
    assert [p.id for p in papers.items] == ["p3"] and papers.total == 2 and papers.has_next
    assert [p.id for p in (await method_proposed_by(reader, keys=["m1"]))["m1"]] == ["p1"]
    used = (await method_used_by(reader, keys=["m2"], offset=0, first=5))["m2"]
    assert [p.id for p in used.items] == ["p1", "p3"]
    concepts = (await method_concepts(reader, keys=["m1"], first=10))["m1"]
    assert {c.key for c in concepts} == {"alpha", "beta", "gamma", "delta"}
    assert concepts[0].key in {"alpha", "beta"}  # weight 2 before weight 1
    assert {m.key for m in (await concept_methods(reader, keys=["delta"], first=10))["delta"]} == {
        "m1",
        "m2",
    }


async def test_shortest_path(reader: GraphReader) -> None:
    path = await shortest_path(reader, from_paper="p1", to_paper="p3", max_hops=4)
    assert path is not None and path.length == 2
    assert [n.kind for n in path.nodes] == [NodeKind.PAPER, NodeKind.METHOD, NodeKind.PAPER]
    assert path.nodes[1].id == "method:m2"
    assert {path.edges[0].source, path.edges[0].target} == {"paper:p1", "method:m2"}
    assert await shortest_path(reader, from_paper="p1", to_paper="p3", max_hops=1) is None
    assert await shortest_path(reader, from_paper="p1", to_paper="p4") is None
    same = await shortest_path(reader, from_paper="p1", to_paper="alt-p1")
    assert same is not None and same.length == 0
    with pytest.raises(InvalidInputError):
        await shortest_path(reader, from_paper="p1", to_paper="p3", max_hops=7)
    with pytest.raises(NotFoundError):
        await shortest_path(reader, from_paper="p1", to_paper="missing")


async def test_neighborhood(reader: GraphReader) -> None:
    one = await neighborhood(reader, id="p1", hops=1)
    assert {n.id for n in one.nodes} == {
        "paper:p1",
        "concept:alpha",
        "concept:beta",
        "concept:gamma",
        "method:m1",
        "method:m2",
    }
    ids = {n.id for n in one.nodes}
    assert all(e.source in ids and e.target in ids for e in one.edges)
    assert sum(e.type == "MENTIONS" for e in one.edges) == 3
    two = await neighborhood(reader, id="alt-p1", hops=2)
    assert {"paper:p2", "paper:p3"} <= {n.id for n in two.nodes}
    assert "paper:p4" not in {n.id for n in two.nodes}
    assert len((await neighborhood(reader, id="p1", hops=3, limit=3)).nodes) == 3
    with pytest.raises(NotFoundError):
        await neighborhood(reader, id="missing")


async def test_stats(reader: GraphReader) -> None:
    stats = await graph_stats(reader)
    assert (stats.papers, stats.concepts, stats.methods) == (4, 6, 2)
    assert (stats.mentions, stats.proposes, stats.uses) == (9, 1, 3)


async def test_every_read_is_counted(reader: GraphReader) -> None:
    fresh = reader.fork()
    await papers_by_ids(fresh, ids=["p1"])
    await graph_stats(fresh)
    assert fresh.counter.statements == 2 and reader.counter.statements != fresh.counter.statements
