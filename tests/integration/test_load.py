"""The load pipeline against the real Neo4j, with the small deterministic extractor."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from _profile import db_hits
from neo4j import AsyncDriver

from graph.cypher import query
from graph.schema import ensure_schema
from graph.writes import MentionRow, PaperRow, graph_counts, upsert_papers
from loaders.extraction.simple import SimpleExtractor
from loaders.identity import match_key
from loaders.pipeline import extract_and_write, read_corpora
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j


async def load(
    records: list[PaperRecord], driver: AsyncDriver, settings: Settings, batch_size: int = 8
) -> None:
    await extract_and_write(
        records,
        driver=driver,
        database=settings.neo4j_database,
        extractor=SimpleExtractor(),
        batch_size=batch_size,
    )
    await settle_graph(driver, database=settings.neo4j_database)


async def rows(
    driver: AsyncDriver, settings: Settings, cypher: str, **params: object
) -> list[dict]:
    records, _, _ = await driver.execute_query(cypher, params, database_=settings.neo4j_database)
    return [r.data() for r in records]


async def test_seed_loads_19_papers_and_a_reload_changes_nothing(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    records = read_corpora([seed_file]).records
    await load(records, driver, neo4j_settings)
    first = await graph_counts(driver, database=neo4j_settings.neo4j_database)
    assert first.papers == 19 and first.concepts > 0 and first.mentions > 0

    report = await extract_and_write(
        records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(),
        batch_size=5,
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    assert (report.unchanged, report.written) == (19, 0)
    assert await graph_counts(driver, database=neo4j_settings.neo4j_database) == first


async def test_a_rerun_rewrites_a_paper_that_lost_edges(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    records = read_corpora([seed_file]).records
    await load(records, driver, neo4j_settings)
    before = await graph_counts(driver, database=neo4j_settings.neo4j_database)
    # Whatever removed them (an old clean-up race, a hand-written query), two edges are gone.
    await rows(driver, neo4j_settings, "MATCH (:Paper)-[r:MENTIONS]->() WITH r LIMIT 2 DELETE r")

    report = await extract_and_write(
        records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(),
        batch_size=8,
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    assert 1 <= report.written <= 2 and report.unchanged == 19 - report.written
    assert await graph_counts(driver, database=neo4j_settings.neo4j_database) == before


async def test_one_id_with_two_abstracts_in_a_batch_loads_the_later_and_warns(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    seed = read_corpora([seed_file]).records
    first, second = replace(seed[0], id="twice", line=3), replace(seed[1], id="twice", line=9)
    report = await extract_and_write(
        [first, *seed[2:6], second],
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(),
        batch_size=8,
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    assert report.written == 5
    stored = await rows(
        driver, neo4j_settings, "MATCH (p:Paper {id: 'twice'}) RETURN p.abstract AS abstract"
    )
    assert stored == [{"abstract": second.abstract}]
    (warning,) = report.warnings
    assert (warning.field, warning.line) == ("id", 3) and "line 9" in warning.reason


async def test_skip_drops_only_the_bad_records_of_a_batch(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    abstract = (
        "We study {} for graph neural networks and show that sparse attention improves node "
        "classification on citation benchmarks."
    )
    good = [{"id": f"ok-{i}", "abstract": abstract.format(f"topic {i}")} for i in range(4)]
    bad = [
        {"id": "x" * 9_000, "abstract": abstract.format("a long id")},
        {"id": "kw", "abstract": abstract.format("a long keyword"), "keywords": ["k" * 9_000]},
        {"id": "title", "abstract": abstract.format("a long title"), "title": "t" * 1_000_000},
    ]
    path = tmp_path / "papers.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [*good[:2], *bad, *good[2:]]))
    read = read_corpora([path])
    assert [(e.line, e.field) for e in read.errors] == [(3, "id"), (4, "keywords"), (5, "title")]
    await load(read.records, driver, neo4j_settings, batch_size=16)
    stored = await rows(driver, neo4j_settings, "MATCH (p:Paper) RETURN p.id AS id ORDER BY id")
    assert [r["id"] for r in stored] == [f"ok-{i}" for i in range(4)]


async def test_a_reload_that_empties_title_and_keywords_empties_them(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    paper = replace(
        read_corpora([seed_file]).records[0], id="p1", title="Old title", keywords=("old kw",)
    )
    await load([paper], driver, neo4j_settings)
    await load([replace(paper, title=None, keywords=())], driver, neo4j_settings)
    stored = await rows(
        driver,
        neo4j_settings,
        "MATCH (p:Paper {id: 'p1'}) OPTIONAL MATCH (p)-[:MENTIONS]->(c {key: 'old kw'}) "
        "RETURN p.title AS title, p.keywords AS keywords, count(c) AS linked",
    )
    assert stored == [{"title": None, "keywords": [], "linked": 0}]


async def test_untitled_papers_get_a_readable_label_and_null_title(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    await load(read_corpora([seed_file]).records, driver, neo4j_settings)
    papers = await rows(
        driver, neo4j_settings, "MATCH (p:Paper) RETURN p.title AS title, p.label AS label"
    )
    assert all(p["title"] is None for p in papers)
    assert all(p["label"] and len(p["label"]) <= 81 for p in papers)


async def test_same_paper_from_two_sources_is_one_node_with_every_id(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path, iclr2025_corpus: Path
) -> None:
    seed = read_corpora([seed_file]).records
    seed_keys = {match_key(r.abstract) for r in seed}
    # The 12 seed papers the ICLR 2025-style corpus holds, without final full stop and ’.
    iclr = [
        r for r in read_corpora([iclr2025_corpus]).records if match_key(r.abstract) in seed_keys
    ]
    assert len(iclr) == 12
    await load(seed, driver, neo4j_settings)
    await load(iclr, driver, neo4j_settings)

    papers = await rows(
        driver,
        neo4j_settings,
        "MATCH (p:Paper) RETURN p.id AS id, p.altIds AS altIds, p.title AS title",
    )
    assert len(papers) == 19
    by_id = {p["id"]: p for p in papers}
    for record in iclr:
        paper = by_id[record.id]  # the real source id won over the content hash
        assert paper["title"] == record.title
        assert (
            any(alt.startswith("pg-") for alt in paper["altIds"]) and record.id in paper["altIds"]
        )


async def test_a_changed_paper_keeps_no_stale_edges(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    original = read_corpora([seed_file]).records[0]
    first = replace(original, id="paper-1")
    await load([first], driver, neo4j_settings)
    edited = replace(
        first,
        abstract="We introduce HoloNet, a spectral transformer for protein "
        "folding with sparse attention and curriculum learning on molecular graphs.",
    )
    await load([edited], driver, neo4j_settings)

    expected = SimpleExtractor().extract([_document(edited)])[0]
    linked = await rows(
        driver,
        neo4j_settings,
        "MATCH (:Paper {id: 'paper-1'})-[:MENTIONS]->(c) RETURN c.key AS key",
    )
    assert {r["key"] for r in linked} == {c.key for c in expected.concepts}
    orphans = await rows(
        driver,
        neo4j_settings,
        "MATCH (n) WHERE (n:Concept OR n:Method) AND NOT (n)<--(:Paper) RETURN count(n) AS n",
    )
    assert orphans[0]["n"] == 0


async def test_methods_are_linked_and_related_to_concepts(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    await load(read_corpora([seed_file]).records, driver, neo4j_settings)
    related = await rows(
        driver,
        neo4j_settings,
        "MATCH (m:Method)-[r:RELATED_TO]->(c:Concept) "
        "OPTIONAL MATCH (m)<-[:PROPOSES|USES]-(p:Paper)-[:MENTIONS]->(c) "
        "RETURN elementId(r) AS edge, r.weight AS weight, count(DISTINCT p) AS papers",
    )
    assert related and all(r["weight"] == r["papers"] > 0 for r in related)
    clash = await rows(
        driver,
        neo4j_settings,
        "MATCH (c:Concept), (m:Method) WHERE c.key = m.key RETURN count(*) AS n",
    )
    assert clash[0]["n"] == 0


async def test_related_weights_follow_loads_and_reloads_batch_by_batch(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    # the seed in batches of 5 (they share methods), then two papers using HoloNet for protein
    # folding in batches of one, then one of them reloaded about something else: the weights
    # each batch adds and takes away must equal a recount, with an edge for every pair and
    # (HoloNet, protein folding) down to the one paper left behind it
    seed = read_corpora([seed_file]).records
    await load(seed, driver, neo4j_settings, batch_size=5)

    def paper(pid: str, abstract: str) -> PaperRecord:
        return replace(seed[0], id=pid, title=pid, abstract=abstract)

    first = paper("holo-1", "We propose HoloNet for protein folding with sparse attention.")
    second = paper("holo-2", "We use HoloNet for protein folding on molecular graphs.")
    await load([first, second], driver, neo4j_settings, batch_size=1)
    moved = paper("holo-1", "We propose HoloNet for curriculum learning with sparse attention.")
    await load([moved], driver, neo4j_settings, batch_size=1)

    stored = await rows(
        driver,
        neo4j_settings,
        "MATCH (m:Method)-[r:RELATED_TO]->(c:Concept) RETURN m.key AS m, c.key AS c, "
        "r.weight AS weight",
    )
    recount = await rows(
        driver,
        neo4j_settings,
        "MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper)-[:MENTIONS]->(c:Concept) "
        "RETURN m.key AS m, c.key AS c, count(DISTINCT p) AS weight",
    )
    assert {"m": "holonet", "c": "protein folding", "weight": 1} in recount
    assert sorted(map(str, stored)) == sorted(map(str, recount))


POPULAR = (
    "CREATE (m:Method {key: 'hot-m', name: 'HOT'}), (c:Concept {key: 'hot-c', name: 'hot c'}), "
    "(p:Paper {id: 'p', matchKey: 'mk-p'}) "
    "CREATE (p)-[:USES]->(m), (p)-[:MENTIONS]->(c), "
    "(m)-[:RELATED_TO {weight: 1, pair: id(m) * 4294967296 + id(c)}]->(c) "
    "WITH m, c "
    "UNWIND range(1, $many) AS i "
    "CREATE (x:Concept {key: 'x' + i}), (y:Method {key: 'y' + i}) "
    "CREATE (m)-[:RELATED_TO {weight: 1, pair: id(m) * 4294967296 + id(x)}]->(x), "
    "(y)-[:RELATED_TO {weight: 1, pair: id(y) * 4294967296 + id(c)}]->(c)"
)


async def test_a_batch_finds_the_edge_of_two_popular_nodes_without_walking_their_edges(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    # a method and a concept each related to 2,000 others: a MERGE between them walked the
    # edges of one, so each batch of a big load cost more than the one before
    database = neo4j_settings.neo4j_database
    await driver.execute_query(POPULAR, many=2000, database_=database)
    async with driver.session(database=database) as session:
        tx = await session.begin_transaction()
        try:
            result = await tx.run("PROFILE " + query("link_related"), matchKeys=["mk-p"])
            summary = await result.consume()
        finally:
            await tx.rollback()
    assert summary.profile is not None and db_hits(summary.profile) < 200
    await driver.execute_query(query("link_related"), matchKeys=["mk-p"], database_=database)
    edges = await rows(
        driver,
        neo4j_settings,
        "MATCH (:Method {key: 'hot-m'})-[r:RELATED_TO]->(:Concept {key: 'hot-c'}) "
        "RETURN r.weight AS weight",
    )
    assert edges == [{"weight": 2}]  # the one edge, found and added to


async def test_related_edges_of_an_older_graph_get_their_key_and_are_not_written_twice(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> None:
    database = neo4j_settings.neo4j_database
    seed = read_corpora([seed_file]).records
    first = replace(
        seed[0], id="holo-1", title="holo-1", abstract="We propose HoloNet for protein folding."
    )
    second = replace(
        first, id="holo-2", title="holo-2", abstract="We use HoloNet for protein folding."
    )
    await load([first], driver, neo4j_settings)
    # as an earlier version left it: no keys on the edges, no index
    await driver.execute_query("MATCH ()-[r:RELATED_TO]->() REMOVE r.pair", database_=database)
    await driver.execute_query("DROP INDEX related_pair", database_=database)
    await ensure_schema(driver, database=database)
    await load([second], driver, neo4j_settings)
    edges = await rows(
        driver,
        neo4j_settings,
        "MATCH (:Method {key: 'holonet'})-[r:RELATED_TO]->(:Concept {key: 'protein folding'}) "
        "RETURN r.weight AS weight",
    )
    assert edges == [{"weight": 2}]


async def test_a_concept_takes_the_least_capitalised_spelling_any_paper_gives(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    def paper(pid: str, name: str) -> PaperRow:
        mention = MentionRow(
            key="large language model", name=name, aliases=(), score=0.9, rank=1, source="keybert"
        )
        return PaperRow(
            id=pid,
            source_id=True,
            match_key=f"mk-{pid}",
            content_hash=f"h-{pid}",
            abstract="An abstract.",
            label=pid,
            source="test",
            extractor="hand",
            mentions=(mention,),
        )

    database = neo4j_settings.neo4j_database
    names = []
    for pid, name in [
        ("p1", "Large Language Model"),  # a title-cased title
        ("p2", "Large language model"),  # a sentence start
        ("p3", "LARGE LANGUAGE MODEL"),  # more capitals: kept out
        ("p4", "large language model"),
        ("p5", "Large language model"),
    ]:
        await upsert_papers(driver, database=database, papers=[paper(pid, name)])
        found = await rows(
            driver, neo4j_settings, "MATCH (c:Concept) RETURN c.name AS name, c.key AS key"
        )
        assert len(found) == 1 and found[0]["key"] == "large language model"
        names.append(found[0]["name"])
    assert names == [
        "Large Language Model",
        "Large language model",
        "Large language model",
        "large language model",
        "large language model",
    ]


def _document(record: PaperRecord):  # type: ignore[no-untyped-def]
    from loaders.extraction import Document

    return Document(text=record.abstract, title=record.title, keywords=record.keywords)
