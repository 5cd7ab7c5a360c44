"""Citations in the real Neo4j: relatedPapers counts shared references and co-citations as plain
Cypher computes them, references and citedBy page like the other connections, and a CitedWork no
paper cites any more is deleted.

The fixture (tests/data/sources/openalex-citations.jsonl, hand-made OpenAlex works) has six
papers: A and B cite the same two works not in the graph (X, Y), A, E and F cite C, B, E and F
cite D, F cites X too, so C and D are cited together by E and F.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from neo4j import AsyncDriver

from api import create_app
from graph.queries import GraphReader, related_papers
from graph.queries.papers import CITATION_WEIGHT
from graph.schema import ensure_schema
from graph.writes import _write_batch, delete_paper
from loaders.assemble import build_row, candidates
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write, read_corpora
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

FIXTURE = Path(__file__).parents[1] / "data" / "sources" / "openalex-citations.jsonl"
A, B, C, D, E, F = (f"W430000000{i}" for i in range(1, 7))
X, Y = "W4399000001", "W4399000002"


async def load_fixture(driver: AsyncDriver, settings: Settings, path: Path = FIXTURE) -> None:
    await ensure_schema(driver, database=settings.neo4j_database)
    await extract_and_write(
        read_corpora([path]).records,
        driver=driver,
        database=settings.neo4j_database,
        extractor=SimpleExtractor(dimensions=384),  # the vector index's dimensions
    )
    await settle_graph(driver, database=settings.neo4j_database)


async def cypher(driver: AsyncDriver, settings: Settings, text: str, **params: Any) -> list[dict]:
    records, _, _ = await driver.execute_query(text, params, database_=settings.neo4j_database)
    return [r.data() for r in records]


COUPLING = """
WITH COUNT { (:Paper) } AS n
MATCH (p:Paper)-[:CITES]->(w)<-[:CITES]-(q:Paper) WHERE p <> q
WITH n, p, q, w, COUNT { (:Paper)-[:CITES]->(w) } AS citers
RETURN p.id AS p, q.id AS q, collect(w.id) AS ids, sum($weight * log(toFloat(n) / citers)) AS weight
"""
CO_CITATION = """
WITH COUNT { (:Paper) } AS n
MATCH (p:Paper)<-[:CITES]-(c:Paper)-[:CITES]->(q:Paper) WHERE p <> q
WITH n, p, q, c, COUNT { (c)-[:CITES]->(:Paper) } AS cited
RETURN p.id AS p, q.id AS q, collect(c.id) AS ids, sum($weight * log(toFloat(n) / cited)) AS weight
"""


async def citation_terms(
    driver: AsyncDriver, settings: Settings, statement: str
) -> dict[tuple[str, str], tuple[set[str], float]]:
    rows = await cypher(driver, settings, statement, weight=CITATION_WEIGHT)
    return {(r["p"], r["q"]): (set(r["ids"]), r["weight"]) for r in rows}


async def test_related_papers_add_coupling_and_co_citation_as_cypher_computes_them(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load_fixture(driver, neo4j_settings)
    reader = GraphReader(driver, neo4j_settings)
    ids = [A, B, C, D, E, F]
    coupling = await citation_terms(driver, neo4j_settings, COUPLING)
    co_citation = await citation_terms(driver, neo4j_settings, CO_CITATION)
    assert coupling[(A, B)][0] == {X, Y} and co_citation[(C, D)][0] == {E, F}  # the fixture

    cited = await related_papers(reader, ids=ids, first=10)
    await cypher(driver, neo4j_settings, "MATCH ()-[r:CITES]->() DELETE r")
    uncited = await related_papers(reader, ids=ids, first=10)

    for p in ids:
        found = {r.paper.id: r for r in cited[p]}
        base = {r.paper.id: r.score for r in uncited[p]}
        pairs = {qid for (pid, qid) in {**coupling, **co_citation} if pid == p}
        assert pairs <= set(found), p  # every coupled or co-cited paper is a candidate
        for qid, related in found.items():
            refs, ref_weight = coupling.get((p, qid), (set(), 0.0))
            citers, citer_weight = co_citation.get((p, qid), (set(), 0.0))
            assert {w.id for w in related.shared_references} == refs
            assert {c.id for c in related.co_cited_by} == citers
            assert related.score - base.get(qid, 0.0) == pytest.approx(ref_weight + citer_weight)

    a_to_b = next(r for r in cited[A] if r.paper.id == B)
    assert [w.paper for w in a_to_b.shared_references] == [None, None]  # not loaded: ids only
    assert a_to_b.shared_references[0].id == Y  # cited by two papers, X by three: Y weighs more
    assert f"both cite {Y}, {X}" in a_to_b.reason
    c_to_d = next(r for r in cited[C] if r.paper.id == D)
    assert "cited together by" in c_to_d.reason
    assert {"A Survey of Learned Scientific Annotations"} <= {c.label for c in c_to_d.co_cited_by}
    e_to_f = next(r for r in cited[E] if r.paper.id == F)
    assert {w.paper.label for w in e_to_f.shared_references if w.paper} == {
        "Protein Contact Maps from Sequence Alone",
        "Galaxy Morphology Labels from Citizen Scientists",
    }  # works in the graph are named by their label


async def test_works_cited_by_more_than_the_bound_are_not_expanded(
    driver: AsyncDriver, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    await load_fixture(driver, neo4j_settings)
    monkeypatch.setattr("graph.queries.papers.MAX_SHARED_PAPERS", 2)  # X, C and D have three citers
    related = await related_papers(GraphReader(driver, neo4j_settings), ids=[A, C], first=10)

    a_to_b = next(r for r in related[A] if r.paper.id == B)
    assert [w.id for w in a_to_b.shared_references] == [Y]
    # E and F cite three works each, more than the bound: no co-citation through them
    assert all(not r.co_cited_by for r in related[C])


async def test_only_the_most_specific_citers_count_for_co_citation(
    driver: AsyncDriver, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    await load_fixture(driver, neo4j_settings)
    # C's citers A, E and F cite three works each: the first two by id are read, A and E
    monkeypatch.setattr("graph.queries.papers.MAX_CITERS", 2)
    related = await related_papers(GraphReader(driver, neo4j_settings), ids=[C], first=10)
    c_to_d = next(r for r in related[C] if r.paper.id == D)
    assert [c.id for c in c_to_d.co_cited_by] == [E]  # F, the third, is not read


CITED_WORKS = "MATCH (w:CitedWork) RETURN w.id AS id, COUNT { (w)<-[:CITES]-() } AS citers"


async def cited_works(driver: AsyncDriver, settings: Settings) -> dict[str, int]:
    return {r["id"]: r["citers"] for r in await cypher(driver, settings, CITED_WORKS)}


async def test_deleting_papers_deletes_the_cited_works_no_paper_cites_any_more(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load_fixture(driver, neo4j_settings)
    assert await cited_works(driver, neo4j_settings) == {X: 3, Y: 2, "W4399000003": 1}
    database = neo4j_settings.neo4j_database
    await delete_paper(driver, database=database, paper_id=A)
    assert await cited_works(driver, neo4j_settings) == {X: 2, Y: 1, "W4399000003": 1}
    await delete_paper(driver, database=database, paper_id=B)
    assert await cited_works(driver, neo4j_settings) == {X: 1, "W4399000003": 1}
    await delete_paper(driver, database=database, paper_id=E)
    assert await cited_works(driver, neo4j_settings) == {X: 1}


def without_references(path: Path, *dropped: str) -> Path:
    """The fixture written to ``path`` with the works ``dropped`` citing nothing (the same
    source when ``path`` has the fixture's file name)."""
    works = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]
    for work in works:
        if work["id"].endswith(dropped):
            work["referenced_works"] = []
    path.write_text("".join(json.dumps(w) + "\n" for w in works), encoding="utf-8")
    return path


async def test_citations_of_a_deleted_paper_are_kept_and_relinked_when_it_returns(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load_fixture(driver, neo4j_settings)
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id=C)
    assert (await cited_works(driver, neo4j_settings))[C] == 3  # A, E and F still cite it
    await load_fixture(driver, neo4j_settings)  # C is loaded again
    assert C not in await cited_works(driver, neo4j_settings)
    citing = await cypher(
        driver,
        neo4j_settings,
        "MATCH (q:Paper)-[:CITES]->(:Paper {id: $c}) RETURN q.id AS id ORDER BY id",
        c=C,
    )
    assert [r["id"] for r in citing] == [A, E, F]


async def test_a_reload_that_drops_references_drops_their_edges_and_orphaned_works(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    await load_fixture(driver, neo4j_settings)
    await load_fixture(driver, neo4j_settings, without_references(tmp_path / FIXTURE.name, A, E))
    cites = await cypher(
        driver, neo4j_settings, "MATCH (p:Paper)-[:CITES]->(w) RETURN DISTINCT p.id AS id"
    )
    assert {r["id"] for r in cites} == {B, F}
    assert await cited_works(driver, neo4j_settings) == {X: 2, Y: 1}  # W4399000003 went with E's

    other = without_references(tmp_path / "other-source.jsonl", A, B, C, D, E, F)
    await load_fixture(driver, neo4j_settings, other)
    # another source citing nothing drops nothing
    assert await cited_works(driver, neo4j_settings) == {X: 2, Y: 1}


async def test_a_cited_work_a_load_is_linking_survives_a_concurrent_delete(
    driver: AsyncDriver, neo4j_settings: Settings, tmp_path: Path
) -> None:
    """B is the last paper citing Y; a loader writes a new paper citing Y in a transaction still
    open while B is deleted: Y and the new edge must both survive the delete's clean-up."""
    await load_fixture(driver, neo4j_settings)
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id=A)
    newcomer = PaperRecord(
        id="W4300000099",
        title="Late Citer",
        abstract="A paper citing the same speech work late, while another is being deleted.",
        keywords=(),
        authors=(),
        year=2025,
        venue=None,
        status=None,
        source="late.jsonl",
        line=1,
        references=(Y,),
    )
    extractor = SimpleExtractor(dimensions=384)
    (todo,) = candidates([newcomer])
    (found,) = extractor.extract([todo.document()])
    row = build_row(todo, found, extractor_version=extractor.version)
    async with driver.session(database=neo4j_settings.neo4j_database) as session:
        tx = await session.begin_transaction()
        await _write_batch(tx, [row])  # type: ignore[arg-type]  # the loader's batch, held open
        deleting = asyncio.create_task(
            delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id=B)
        )
        await asyncio.sleep(0.5)  # the delete reaches Y's lock, held by the open write
        assert not deleting.done()
        await tx.commit()
        await deleting

    assert (await cited_works(driver, neo4j_settings))[Y] == 1
    citers = await cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper)-[:CITES]->(:CitedWork {id: $y}) RETURN p.id AS id",
        y=Y,
    )
    assert citers == [{"id": "W4300000099"}]


CONNECTIONS = """
query ($id: ID!, $first: Int!, $after: String) {
  paper(id: $id) {
    references { id }
    citedBy { id }
    referencesConnection(first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id } }
    }
    citedByConnection(first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id } }
    }
  }
}
"""


async def graphql(settings: Settings, query: str, **variables: Any) -> dict[str, Any]:
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
            response = await http.post("/graphql", json={"query": query, "variables": variables})
    body = response.json()
    assert "errors" not in body, body
    return dict(body["data"])


def node_ids(connection: dict[str, Any]) -> list[str]:
    return [e["node"]["id"] for e in connection["edges"]]


async def test_references_and_cited_by_page_like_the_other_connections(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load_fixture(driver, neo4j_settings)
    citing_c = await cypher(
        driver,
        neo4j_settings,
        "MATCH (q:Paper)-[:CITES]->(:Paper {id: $c}) RETURN q.id AS id ORDER BY q.year DESC, q.id",
        c=C,
    )
    want = [r["id"] for r in citing_c]
    assert len(want) == 3  # A, E and F

    first = (await graphql(neo4j_settings, CONNECTIONS, id=C, first=2))["paper"]
    cited_by = first["citedByConnection"]
    assert cited_by["totalCount"] == 3 and cited_by["pageInfo"]["hasNextPage"]
    after = cited_by["pageInfo"]["endCursor"]
    rest = (await graphql(neo4j_settings, CONNECTIONS, id=C, first=2, after=after))["paper"]
    assert not rest["citedByConnection"]["pageInfo"]["hasNextPage"]
    assert node_ids(cited_by) + node_ids(rest["citedByConnection"]) == want
    assert [p["id"] for p in first["citedBy"]] == want  # the plain list still answers

    a = (await graphql(neo4j_settings, CONNECTIONS, id=A, first=10))["paper"]
    assert node_ids(a["referencesConnection"]) == [C]  # X and Y are not loaded: not papers
    assert a["referencesConnection"]["totalCount"] == 1 and a["references"] == [{"id": C}]


RELATED = """
query ($id: ID!) {
  relatedPapers(id: $id, first: 10) {
    paper { id } reason sharedReferences { id paper { id label } } coCitedBy { id }
  }
}
"""


async def test_related_papers_over_graphql_name_the_citations(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load_fixture(driver, neo4j_settings)
    related = (await graphql(neo4j_settings, RELATED, id=E))["relatedPapers"]
    f = next(r for r in related if r["paper"]["id"] == F)
    assert {w["id"] for w in f["sharedReferences"]} == {C, D}
    assert {w["paper"]["id"] for w in f["sharedReferences"]} == {C, D}  # both in the graph
    assert "both cite" in f["reason"]
    related_c = (await graphql(neo4j_settings, RELATED, id=C))["relatedPapers"]
    d = next(r for r in related_c if r["paper"]["id"] == D)
    assert {p["id"] for p in d["coCitedBy"]} == {E, F} and "cited together by" in d["reason"]
