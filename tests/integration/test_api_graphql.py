"""Every query of the GraphQL API on the seed corpus, checked against Cypher run directly."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _api import api_client
from neo4j import AsyncDriver
from pydantic import SecretStr

from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from loaders.pipeline import extract_and_write
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j
TOKEN = "seed-token-456"


def simple_extractor() -> Any:
    from loaders.extraction.simple import SimpleExtractor

    return SimpleExtractor(dimensions=DEFAULT_EMBEDDING_DIMENSIONS)


@pytest.fixture
async def client(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> AsyncIterator[httpx.AsyncClient]:
    records = [r for r in read_corpus(seed_file) if isinstance(r, PaperRecord)]
    await extract_and_write(
        records, driver=driver, database=neo4j_settings.neo4j_database, extractor=simple_extractor()
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    settings = neo4j_settings.model_copy(update={"api_token": SecretStr(TOKEN)})
    async with api_client(settings, extractor_factory=simple_extractor) as http:
        yield http


@pytest.fixture
def cypher(driver: AsyncDriver, neo4j_settings: Settings) -> Any:
    async def run(statement: str, **params: Any) -> list[dict[str, Any]]:
        records, _, _ = await driver.execute_query(
            statement, params, database_=neo4j_settings.neo4j_database
        )  # type: ignore[arg-type]
        return [r.data() for r in records]

    return run


async def gql(
    client: httpx.AsyncClient, query: str, *, token: str | None = None, **variables: Any
) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = await client.post(
        "/graphql", json={"query": query, "variables": variables}, headers=headers
    )
    body: dict[str, Any] = response.json()
    assert "errors" not in body, body["errors"]
    return body


async def data(client: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    result: dict[str, Any] = (await gql(client, query, **variables))["data"]
    return result


async def two_linked_papers(cypher: Any) -> tuple[str, str]:
    rows = await cypher(
        "MATCH (a:Paper)-[:MENTIONS]->(:Concept)<-[:MENTIONS]-(b:Paper) "
        "WHERE a.id < b.id RETURN a.id AS a, b.id AS b ORDER BY a, b LIMIT 1"
    )
    return rows[0]["a"], rows[0]["b"]


async def test_paper_by_id_and_alt_id(client: httpx.AsyncClient, cypher: Any) -> None:
    row = (
        await cypher(
            "MATCH (p:Paper) RETURN p.id AS id, p.year AS year, p.label AS label, "
            "COUNT { (p)-[:MENTIONS]->() } AS n ORDER BY id LIMIT 1"
        )
    )[0]
    got = (
        await data(
            client,
            "query($id: ID!) { paper(id: $id) { id year label "
            "concepts(first: 100) { concept { key } score } } }",
            id=row["id"],
        )
    )["paper"]
    assert (got["id"], got["year"], got["label"]) == (row["id"], row["year"], row["label"])
    assert len(got["concepts"]) == row["n"]
    scores = [c["score"] for c in got["concepts"]]
    assert scores == sorted(scores, reverse=True)
    assert (await data(client, '{ paper(id: "no-such-id") { id } }'))["paper"] is None


async def test_papers_by_concept_walked_to_the_end(client: httpx.AsyncClient, cypher: Any) -> None:
    top = (
        await cypher(
            "MATCH (c:Concept)<-[:MENTIONS]-(p) RETURN c.key AS key, "
            "collect(p.id) AS ids ORDER BY size(ids) DESC, key LIMIT 1"
        )
    )[0]
    seen: list[str] = []
    after = None
    while True:
        page = (
            await data(
                client,
                "query($c: String, $after: String) { papers(concept: $c, "
                "first: 2, after: $after) { totalCount edges { cursor node { id } } "
                "pageInfo { hasNextPage endCursor } } }",
                c=top["key"],
                after=after,
            )
        )["papers"]
        assert page["totalCount"] == len(top["ids"])
        seen += [e["node"]["id"] for e in page["edges"]]
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    assert sorted(seen) == sorted(top["ids"]) and len(seen) == len(set(seen))


async def test_papers_filters_take_keys_names_and_aliases(
    client: httpx.AsyncClient, cypher: Any
) -> None:
    """`papers(method: "DyAug")` and `papers(concept: "GNN")` find what the key finds."""
    method = (
        await cypher(
            "MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper) WHERE m.name <> m.key "
            "RETURN m.key AS key, m.name AS name, collect(DISTINCT p.id) AS ids "
            "ORDER BY size(ids) DESC, key LIMIT 1"
        )
    )[0]
    concept = (
        await cypher(
            "MATCH (c:Concept)<-[:MENTIONS]-(p:Paper) WITH c, collect(p.id) AS ids "
            "ORDER BY size(ids) DESC, c.key LIMIT 1 "
            "SET c.aliases = coalesce(c.aliases, []) + 'ZQX' RETURN c.key AS key, ids"
        )
    )[0]
    document = (
        "query($c: String, $m: String) { papers(concept: $c, method: $m, first: 100) "
        "{ totalCount edges { node { id } } } }"
    )

    async def found(**filters: str | None) -> tuple[list[str], int]:
        body = await gql(client, document, **filters)
        page = body["data"]["papers"]
        assert page["totalCount"] == len(page["edges"])
        return sorted(e["node"]["id"] for e in page["edges"]), body["extensions"][
            "cypherStatements"
        ]

    by_key = await found(m=method["key"])
    assert by_key == (sorted(method["ids"]), 1)  # a key: one statement
    assert await found(m=method["name"]) == (by_key[0], 3)  # look the name up, ask again
    assert await found(m=method["name"].upper()) == (by_key[0], 3)
    assert await found(c=concept["key"]) == (sorted(concept["ids"]), 1)
    assert await found(c="zqx") == (sorted(concept["ids"]), 3)  # an alias, any case
    both = set(concept["ids"]) & set(method["ids"])
    assert (await found(c="ZQX", m=method["name"]))[0] == sorted(both)
    assert (await found(c=concept["key"], m=method["name"]))[0] == sorted(both)
    assert (await found(c="no such concept"))[0] == []
    assert (await found(c=concept["key"], m="no such method"))[0] == []


async def test_all_papers_walked(client: httpx.AsyncClient, cypher: Any) -> None:
    total = (await cypher("MATCH (p:Paper) RETURN count(p) AS n"))[0]["n"]
    seen, after = [], None
    while True:
        page = (
            await data(
                client,
                "query($after: String) { papers(first: 7, after: $after, "
                "orderBy: YEAR_DESC) { edges { node { id } } pageInfo "
                "{ hasNextPage endCursor } } }",
                after=after,
            )
        )["papers"]
        seen += [e["node"]["id"] for e in page["edges"]]
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    assert len(seen) == total == len(set(seen))


async def test_shared_concepts_is_the_intersection(client: httpx.AsyncClient, cypher: Any) -> None:
    a, b = await two_linked_papers(cypher)
    expected = await cypher(
        "MATCH (:Paper {id: $a})-[:MENTIONS]->(c)<-[:MENTIONS]-(:Paper {id: $b}) "
        "RETURN collect(DISTINCT c.key) AS keys",
        a=a,
        b=b,
    )
    got = (
        await data(
            client,
            "query($a: ID!, $b: ID!) { sharedConcepts(paperA: $a, paperB: $b) { key paperCount } }",
            a=a,
            b=b,
        )
    )["sharedConcepts"]
    assert sorted(c["key"] for c in got) == sorted(expected[0]["keys"])


async def test_related_papers_say_why(client: httpx.AsyncClient, cypher: Any) -> None:
    a, _ = await two_linked_papers(cypher)
    related = (
        await data(
            client,
            "query($id: ID!) { relatedPapers(id: $id, first: 5) { score "
            "paper { id } sharedConcepts { key } sharedMethods { key } "
            "sharedBroader { concept { key } } similarity reason } }",
            id=a,
        )
    )["relatedPapers"]
    assert related and [r["score"] for r in related] == sorted(
        (r["score"] for r in related), reverse=True
    )
    for r in related:
        expected = await cypher(
            "MATCH (:Paper {id: $a})-[:MENTIONS]->(c)<-[:MENTIONS]-(:Paper {id: $b}) "
            "RETURN collect(DISTINCT c.key) AS keys",
            a=a,
            b=r["paper"]["id"],
        )
        assert sorted(c["key"] for c in r["sharedConcepts"]) == sorted(expected[0]["keys"])
        assert r["reason"]
        assert r["sharedConcepts"] or r["sharedMethods"] or r["sharedBroader"] or r["similarity"]


async def test_concept_fields(client: httpx.AsyncClient, cypher: Any) -> None:
    top = (
        await cypher(
            "MATCH (c:Concept) RETURN c.key AS key, c.name AS name, "
            "COUNT { (c)<-[:MENTIONS]-() } AS n ORDER BY n DESC, key LIMIT 1"
        )
    )[0]
    got = (
        await data(
            client,
            "query($name: String) { concept(name: $name) { key paperCount "
            "papers(first: 100) { totalCount edges { node { id } } } "
            "related(first: 3) { papers concept { key } } "
            "methods(first: 3) { key } } }",
            name=top["name"].upper(),
        )
    )["concept"]
    assert got["key"] == top["key"] and got["paperCount"] == top["n"]
    assert got["papers"]["totalCount"] == top["n"] == len(got["papers"]["edges"])
    for r in got["related"]:
        n = await cypher(
            "MATCH (:Concept {key: $a})<-[:MENTIONS]-(p)-[:MENTIONS]->"
            "(:Concept {key: $b}) RETURN count(DISTINCT p) AS n",
            a=top["key"],
            b=r["concept"]["key"],
        )
        assert r["papers"] == n[0]["n"]
    listed = await data(client, "{ concepts(first: 1) { totalCount edges { node { key } } } }")
    count = await cypher("MATCH (c:Concept) RETURN count(c) AS n")
    assert listed["concepts"]["totalCount"] == count[0]["n"]


async def test_method_fields(client: httpx.AsyncClient, cypher: Any) -> None:
    rows = await cypher(
        "MATCH (m:Method) RETURN m.key AS key, "
        "[(m)<-[:PROPOSES]-(p) | p.id] AS proposers, "
        "[(m)<-[:USES]-(p) | p.id] AS users ORDER BY key LIMIT 1"
    )
    assert rows, "the seed graph has methods (SimpleExtractor finds coined names)"
    row = rows[0]
    got = (
        await data(
            client,
            "query($k: String) { method(key: $k) { key proposedBy { id } "
            "usedBy(first: 100) { totalCount edges { node { id } } } "
            "concepts(first: 5) { key } } }",
            k=row["key"],
        )
    )["method"]
    assert sorted(p["id"] for p in got["proposedBy"]) == sorted(row["proposers"])
    assert got["usedBy"]["totalCount"] == len(row["users"])
    listed = await data(client, "{ methods(first: 100) { totalCount } }")
    count = await cypher("MATCH (m:Method) RETURN count(m) AS n")
    assert listed["methods"]["totalCount"] == count[0]["n"]


async def test_path_and_neighborhood(client: httpx.AsyncClient, cypher: Any) -> None:
    a, b = await two_linked_papers(cypher)
    path = (
        await data(
            client,
            "query($a: ID!, $b: ID!) { path(fromPaper: $a, toPaper: $b, "
            "maxHops: 6) { length nodes { id kind } edges { source target "
            "type } } }",
            a=a,
            b=b,
        )
    )["path"]
    expected = await cypher(
        "MATCH (a:Paper {id: $a}), (b:Paper {id: $b}) MATCH p = shortestPath("
        "(a)-[:MENTIONS|PROPOSES|USES|RELATED_TO*..6]-(b)) "
        "RETURN length(p) AS n",
        a=a,
        b=b,
    )
    assert path["length"] == expected[0]["n"] == len(path["nodes"]) - 1
    assert path["nodes"][0]["id"] == f"paper:{a}" and path["nodes"][-1]["id"] == f"paper:{b}"
    for edge, (x, y) in zip(
        path["edges"], zip(path["nodes"], path["nodes"][1:], strict=False), strict=True
    ):
        assert {edge["source"], edge["target"]} == {x["id"], y["id"]}
    sub = (
        await data(
            client,
            "query($a: ID!) { neighborhood(id: $a, hops: 2, limit: 40) "
            "{ nodes { id kind } edges { source target type } } }",
            a=a,
        )
    )["neighborhood"]
    ids = {n["id"] for n in sub["nodes"]}
    assert f"paper:{a}" in ids and f"paper:{b}" in ids and len(ids) <= 40
    assert all(e["source"] in ids and e["target"] in ids for e in sub["edges"])
    mentions = await cypher("MATCH (:Paper {id: $a})-[r:MENTIONS]->() RETURN count(r) AS n", a=a)
    start = f"paper:{a}"
    from_start = [e for e in sub["edges"] if e["source"] == start and e["type"] == "MENTIONS"]
    assert len(from_start) == mentions[0]["n"]


async def test_similar_papers_and_stats(client: httpx.AsyncClient, cypher: Any) -> None:
    text = (await cypher("MATCH (p:Paper) RETURN p.abstract AS t, p.id AS id ORDER BY id LIMIT 1"))[
        0
    ]
    similar = (
        await data(
            client,
            "query($t: String!) { similarPapers(text: $t, first: 3) { score paper { id } } }",
            t=text["t"],
        )
    )["similarPapers"]
    assert len(similar) == 3 and similar[0]["score"] >= similar[-1]["score"]
    stats = (
        await data(client, "{ stats { papers concepts methods mentions proposes uses relatedTo } }")
    )["stats"]
    counts = await cypher(
        "RETURN COUNT { (:Paper) } AS papers, COUNT { (:Concept) } AS concepts,"
        " COUNT { ()-[:MENTIONS]->() } AS mentions"
    )
    assert {k: stats[k] for k in counts[0]} == counts[0]


def extra_records(n: int) -> list[PaperRecord]:
    text = (
        "Paper {i} studies Contrastive Pretraining of graph encoders with spectral "
        "augmentations and reports gains on node classification benchmarks number {i}."
    )
    return [
        PaperRecord(
            id=f"extra-{i}",
            title=None,
            abstract=text.format(i=i),
            keywords=(),
            authors=(),
            year=2020 + i % 5,
            venue="TEST",
            status=None,
            source="test",
            line=i,
        )
        for i in range(n)
    ]


async def test_a_page_of_twenty_papers_with_concepts_costs_few_statements(
    client: httpx.AsyncClient, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await extract_and_write(
        extra_records(5),
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=simple_extractor(),
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    body = await gql(
        client,
        "{ papers(first: 20) { edges { node { id concepts(first: 5) "
        "{ score concept { key paperCount } } proposes { key } uses { key } "
        "related(first: 2) { score } } } } }",
    )
    assert len(body["data"]["papers"]["edges"]) == 20
    # papers + paper_concepts + paper_methods + related_papers: one statement each, not 1 + 20.
    assert body["extensions"]["cypherStatements"] == 4


@pytest.mark.parametrize(
    ("papers", "field"),
    [
        ([{"id": "x" * 9_000}], "papers[0].id"),
        ([{"keywords": ["k" * 9_000]}], "papers[0].keywords"),
        ([{"title": "t" * 1_000_000}], "papers[0].title"),
        ([{"id": "twice"}, {"id": "twice", "year": 2024}], "papers[1].id"),
    ],
    ids=["long-id", "long-keyword", "long-title", "duplicate-id"],
)
async def test_ingest_refuses_bad_fields_naming_them(
    client: httpx.AsyncClient, cypher: Any, papers: list[dict[str, Any]], field: str
) -> None:
    abstract = (
        "We introduce a sparse attention mechanism for long documents and show that it "
        "improves summarisation quality on three benchmarks while halving memory use. {}"
    )
    sent = [{"abstract": abstract.format(i), **p} for i, p in enumerate(papers)]
    ingest = "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) { written } }"
    response = await client.post(
        "/graphql",
        json={"query": ingest, "variables": {"p": sent}},
        headers={"Authorization": f"Bearer {TOKEN}"},
    )
    (error,) = response.json()["errors"]
    assert error["extensions"]["code"] == "BAD_USER_INPUT"
    assert error["message"].startswith(field)
    assert (
        await cypher(
            "MATCH (p:Paper) WHERE p.abstract STARTS WITH 'We introduce a sparse' RETURN p"
        )
        == []
    )


async def test_ingest_and_delete(client: httpx.AsyncClient, cypher: Any) -> None:
    abstract = (
        "We introduce a sparse attention mechanism for long documents and show that it "
        "improves summarisation quality on three benchmarks while halving memory use."
    )
    ingest = "mutation($p: [PaperInput!]!) { ingestPapers(papers: $p) { read written ids } }"
    result = (
        await gql(
            client, ingest, token=TOKEN, p=[{"id": "api-1", "abstract": abstract, "year": 2025}]
        )
    )["data"]
    assert result["ingestPapers"] == {"read": 1, "written": 1, "ids": ["api-1"]}
    assert (await cypher("MATCH (p:Paper {id: 'api-1'}) RETURN p.year AS y"))[0]["y"] == 2025
    deleted = await gql(client, 'mutation { deletePaper(id: "api-1") }', token=TOKEN)
    assert deleted["data"]["deletePaper"] == "api-1"
    assert await cypher("MATCH (p:Paper {id: 'api-1'}) RETURN p") == []


async def test_a_paper_with_its_concepts_costs_one_statement_and_answers_as_two(
    client: httpx.AsyncClient, cypher: Any
) -> None:
    """`paper(id:) { concepts }` reads both in one statement; through a fragment (two
    statements) and by an alternative id the answer is the same."""
    row = (
        await cypher(
            "MATCH (p:Paper)-[m:MENTIONS]->() WITH p, count(m) AS n WHERE n >= 4 "
            "SET p.altIds = ['alt-' + p.id] RETURN p.id AS id ORDER BY id LIMIT 1"
        )
    )[0]
    fields = "id title concepts(first: 3) { score rank concept { key name paperCount } }"
    direct = await gql(client, f"query($id: ID!) {{ paper(id: $id) {{ {fields} }} }}", id=row["id"])
    assert direct["extensions"]["cypherStatements"] == 1
    by_fragment = await gql(
        client,
        f"query($id: ID!) {{ paper(id: $id) {{ ...P }} }} fragment P on Paper {{ {fields} }}",
        id=row["id"],
    )
    assert by_fragment["extensions"]["cypherStatements"] == 2
    by_alt = await gql(
        client, f"query($id: ID!) {{ paper(id: $id) {{ {fields} }} }}", id="alt-" + row["id"]
    )
    assert direct["data"] == by_fragment["data"] == by_alt["data"]
    expected = await cypher(
        "MATCH (:Paper {id: $id})-[m:MENTIONS]->(c:Concept) "
        "RETURN c.key AS key ORDER BY m.score DESC, c.key LIMIT 3",
        id=row["id"],
    )
    assert [m["concept"]["key"] for m in direct["data"]["paper"]["concepts"]] == [
        e["key"] for e in expected
    ]
    missing = await gql(client, '{ paper(id: "no-such-paper") { id concepts { score } } }')
    assert missing["data"] == {"paper": None}


async def test_search_hits_say_why_they_rank(client: httpx.AsyncClient) -> None:
    found = (
        await data(
            client,
            '{ papers(search: "dynamic graph augmentation", first: 5) { totalCount edges {'
            " node { id label } match { score lexicalRank semanticRank similarity terms reason }"
            " } } }",
        )
    )["papers"]
    edges = found["edges"]
    assert edges and found["totalCount"] >= len(edges)
    scores = [e["match"]["score"] for e in edges]
    assert scores == sorted(scores, reverse=True)
    top = edges[0]
    assert "DyAug" in top["node"]["label"] or "dynamic" in map(str.lower, top["match"]["terms"])
    assert top["match"]["reason"] and top["match"]["similarity"] is not None
    # only a relevance-ordered search has matches
    listing = (await data(client, "{ papers(first: 2) { edges { match { score } } } }"))["papers"]
    assert all(e["match"] is None for e in listing["edges"])


async def test_recommendations_over_the_api(client: httpx.AsyncClient, cypher: Any) -> None:
    a, _ = await two_linked_papers(cypher)
    query = (
        "query($p: [ID!]!, $n: [ID!]) { recommendPapers(positive: $p, negative: $n, first: 5)"
        " { score similarity reason sharedConcepts nearest { id } paper { id } } }"
    )
    found = (await data(client, query, p=[a], n=[]))["recommendPapers"]
    assert len(found) == 5 and all(r["nearest"]["id"] == a for r in found)
    assert a not in {r["paper"]["id"] for r in found} and all(r["reason"] for r in found)
    without = (await data(client, query, p=[a], n=[found[0]["paper"]["id"]]))["recommendPapers"]
    assert found[0]["paper"]["id"] not in {r["paper"]["id"] for r in without}
    missing = await client.post(
        "/graphql", json={"query": query, "variables": {"p": ["no-such-paper"], "n": []}}
    )
    assert missing.json()["errors"][0]["extensions"]["code"] == "NOT_FOUND"


async def test_papers_carry_their_links(client: httpx.AsyncClient, cypher: Any) -> None:
    await cypher(
        "MATCH (p:Paper) WITH p ORDER BY p.id LIMIT 1 "
        "SET p.doi = '10.1234/x.1', p.arxivId = '2101.00001'"
    )
    rows = (
        await data(
            client,
            "{ papers(first: 100, orderBy: TITLE) { edges { node {"
            " id doi arxivId openalexId s2Id url } } } }",
        )
    )["papers"]["edges"]
    linked = [e["node"] for e in rows if e["node"]["doi"]]
    assert len(linked) == 1
    assert linked[0]["url"] == "https://doi.org/10.1234/x.1"
    assert linked[0]["arxivId"] == "2101.00001"
    assert all(e["node"]["url"] is None for e in rows if not e["node"]["doi"])
