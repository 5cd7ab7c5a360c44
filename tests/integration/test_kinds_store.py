"""Kinds and lineage in the store (real Neo4j), from hand-built rows: a method has the kind most
of its papers give, whatever their order; untyped names make no node."""

from __future__ import annotations

from typing import Any

import pytest
from _api import api_client, data
from _rows import paper_mentioning
from neo4j import AsyncDriver

from graph.models import MethodKind
from graph.queries import GraphReader, get_method, method_variants
from graph.writes import (
    Evidence,
    MethodRow,
    PaperRow,
    delete_paper,
    resolve_graph,
    upsert_papers,
)
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j


def _method(
    key: str,
    edge: str,
    kind: str | None,
    variant_of: str | None = None,
    variant_evidence: Evidence | None = None,
    cue: str | None = None,
) -> MethodRow:
    return MethodRow(
        key=key,
        name=key.upper(),
        aliases=(key.upper(),),
        score=0.5,
        kind=edge,
        method_kind=kind,
        kind_cue=cue,
        variant_of=variant_of,
        variant_evidence=variant_evidence,
    )


def _paper(pid: str, *methods: MethodRow) -> PaperRow:
    return paper_mentioning(pid, methods=methods)


async def _write(driver: AsyncDriver, settings: Settings, *papers: PaperRow) -> None:
    await upsert_papers(driver, database=settings.neo4j_database, papers=list(papers))


async def _kind(driver: AsyncDriver, settings: Settings, key: str) -> MethodKind | None:
    found = await get_method(GraphReader(driver=driver, settings=settings), key=key)
    return found.kind if found else None


async def _cypher(driver: AsyncDriver, settings: Settings, statement: Any) -> list[Any]:
    records, _, _ = await driver.execute_query(statement, database_=settings.neo4j_database)
    return [r.data() for r in records]


async def _settled_kind(
    driver: AsyncDriver, settings: Settings, key: str, *papers: PaperRow
) -> MethodKind | None:
    """Write ``papers`` a batch each, settle the load, read the method's kind."""
    for paper in papers:
        await _write(driver, settings, paper)
    await resolve_graph(driver, database=settings.neo4j_database)
    return await _kind(driver, settings, key)


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 1, 0), (1, 2, 0)])
async def test_a_method_has_the_kind_most_papers_give_in_any_order(
    driver: AsyncDriver, neo4j_settings: Settings, order: tuple[int, ...]
) -> None:
    # one paper proposing MIRAGE calls it a dataset, two using it call it a model: the two
    # decide, whichever paper came first (the rule it replaced kept the proposing paper's)
    papers = [
        _paper("a", _method("mirage", "USES", "model")),
        _paper("b", _method("mirage", "PROPOSES", "dataset")),
        _paper("c", _method("mirage", "USES", "model")),
    ]
    kind = await _settled_kind(driver, neo4j_settings, "mirage", *(papers[i] for i in order))
    assert kind is MethodKind.MODEL
    rows = await _cypher(driver, neo4j_settings, "MATCH (m:Method:Model) RETURN m.key AS key")
    assert rows == [{"key": "mirage"}]  # the label Browser's style colours
    # the proposing paper's own word stays on its edge
    query = '{ paper(id: "b") { methodMentions { kindSaid method { kind } } } }'
    async with api_client(neo4j_settings) as client:
        found = await data(client, query)
    assert found["paper"]["methodMentions"] == [
        {"kindSaid": "DATASET", "method": {"kind": "MODEL"}}
    ]


async def test_a_tie_goes_to_the_proposing_papers_kind_and_untyped_uses_do_not_count(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    kind = await _settled_kind(
        driver,
        neo4j_settings,
        "mirage",
        _paper("a", _method("mirage", "USES", "model")),
        _paper("b", _method("mirage", "PROPOSES", "dataset")),
        _paper("c", _method("mirage", "USES", None)),
        _paper("d", _method("mirage", "USES", None)),
    )
    assert kind is MethodKind.DATASET


async def test_a_method_says_which_cue_decided_its_kind_and_each_paper_which_cue_it_read(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    # three papers call GSM8K a benchmark, two of them by the noun beside it; one reads a
    # dataset from where results are reported; one does not say
    papers = [
        _paper("a", _method("gsm8k", "USES", "benchmark", cue="kind.list-head")),
        _paper("b", _method("gsm8k", "USES", "dataset", cue="kind.reported-on")),
        _paper("c", _method("gsm8k", "USES", "benchmark", cue="kind.noun-beside")),
        _paper("d", _method("gsm8k", "USES", "benchmark", cue="kind.noun-beside")),
        _paper("e", _method("gsm8k", "USES", None)),
    ]
    assert await _settled_kind(driver, neo4j_settings, "gsm8k", *papers) is MethodKind.BENCHMARK
    query = """{
      method(name: "GSM8K") { kindReason { cue rule papers typed votes { kind papers } } }
      paper(id: "b") { methodMentions { kindSaid kindCue } }
    }"""
    async with api_client(neo4j_settings) as client:
        found = await data(client, query)
    assert found["method"]["kindReason"] == {
        "cue": "kind.noun-beside",
        "rule": "the noun beside the name says what it is (X dataset, a method, X)",
        "papers": 3,
        "typed": 4,
        "votes": [{"kind": "BENCHMARK", "papers": 3}, {"kind": "DATASET", "papers": 1}],
    }
    assert found["paper"]["methodMentions"] == [
        {"kindSaid": "DATASET", "kindCue": "kind.reported-on"}
    ]
    # the node keeps the reason where Browser and the exports read it; deleting a paper
    # counts it again
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id="c")
    rows = await _cypher(
        driver,
        neo4j_settings,
        "MATCH (m:Method {key: 'gsm8k'}) RETURN m.kindCue AS cue, m.kindPapers AS papers",
    )
    assert rows == [{"cue": "kind.list-head", "papers": 2}]


async def test_deleting_or_rewriting_a_paper_counts_the_kind_again(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    database = neo4j_settings.neo4j_database
    papers = [
        _paper("a", _method("mirage", "USES", "benchmark")),
        _paper("b", _method("mirage", "USES", "benchmark")),
        _paper("c", _method("mirage", "USES", "dataset")),
    ]
    assert await _settled_kind(driver, neo4j_settings, "mirage", *papers) is MethodKind.BENCHMARK
    await delete_paper(driver, database=database, paper_id="a")
    # one each: a tie between named kinds goes to the first alphabetically, benchmark
    assert await _kind(driver, neo4j_settings, "mirage") is MethodKind.BENCHMARK
    rewritten = _paper("b", _method("mirage", "USES", "dataset"))
    assert await _settled_kind(driver, neo4j_settings, "mirage", rewritten) is MethodKind.DATASET
    rows = await _cypher(driver, neo4j_settings, "MATCH (m:Method:Dataset) RETURN m.key AS key")
    assert rows == [{"key": "mirage"}]


async def test_a_papers_method_mentions_give_each_methods_stored_kind(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    kinds = {"mirage": "model", "orbit": "dataset", "gauge": "metric", "forge": "tool"}
    methods = [_method(key, "USES", kind) for key, kind in kinds.items()]
    await _write(driver, neo4j_settings, _paper("a", *methods))
    query = """{ paper(id: "a") { methodMentions { method { key kind } } }
      mirage: method(name: "MIRAGE") { kind } orbit: method(name: "ORBIT") { kind } }"""
    async with api_client(neo4j_settings) as client:
        found = await data(client, query)
    mentioned = {m["method"]["key"]: m["method"]["kind"] for m in found["paper"]["methodMentions"]}
    assert mentioned == {key: kind.upper() for key, kind in kinds.items()}
    assert (found["mirage"]["kind"], found["orbit"]["kind"]) == ("MODEL", "DATASET")


async def test_an_untyped_name_links_only_to_a_method_the_graph_knows(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await _write(driver, neo4j_settings, _paper("a", _method("xyznet", "USES", None)))
    assert await _kind(driver, neo4j_settings, "xyznet") is None  # no node
    await _write(driver, neo4j_settings, _paper("b", _method("xyznet", "PROPOSES", "model")))
    await _write(driver, neo4j_settings, _paper("c", _method("xyznet", "USES", None)))
    rows = await _cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper)-[:USES]->(:Method {key: 'xyznet'}) RETURN p.id AS id",
    )
    assert rows == [{"id": "c"}]


async def test_the_load_that_types_a_name_links_the_papers_waiting_for_it(
    driver: AsyncDriver, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the resolution after a load reads only what writes flagged, a node at a time here: a
    # paper waiting for xyznet (no node yet) is linked by the resolution after the write that
    # types it, papers using other names keep waiting, and the resolution leaves nothing flagged
    monkeypatch.setattr("graph._resolution._ROUND", 1)
    monkeypatch.setattr("graph._resolution._USES_ROUND", 1)
    folding = ["protein folding"]
    uses = paper_mentioning("a", folding, methods=(_method("xyznet", "USES", None),))
    await _write(driver, neo4j_settings, uses)
    await _write(driver, neo4j_settings, _paper("z", _method("zzznet", "USES", None)))
    await resolve_graph(driver, database=neo4j_settings.neo4j_database)
    proposes = paper_mentioning("b", folding, methods=(_method("xyznet", "PROPOSES", "model"),))
    await _write(driver, neo4j_settings, proposes)
    await resolve_graph(driver, database=neo4j_settings.neo4j_database)
    rows = await _cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper)-[r:PROPOSES|USES]->(m:Method) "
        "RETURN p.id AS id, type(r) AS edge, m.key AS key ORDER BY id",
    )
    assert rows == [
        {"id": "a", "edge": "USES", "key": "xyznet"},
        {"id": "b", "edge": "PROPOSES", "key": "xyznet"},
    ]
    waiting = await _cypher(
        driver, neo4j_settings, "MATCH (p:Paper) RETURN p.id AS id, p.untypedKeys AS keys"
    )
    assert sorted(waiting, key=str) == sorted(
        [{"id": "a", "keys": []}, {"id": "b", "keys": []}, {"id": "z", "keys": ["zzznet"]}],
        key=str,
    )
    flagged = await _cypher(
        driver, neo4j_settings, "MATCH (n) WHERE n.resolvePending RETURN count(n) AS n"
    )
    assert flagged == [{"n": 0}]
    # the use it linked counts in xyznet's RELATED_TO weights, as a batch's own uses do
    related = await _cypher(
        driver,
        neo4j_settings,
        "MATCH (m:Method)-[r:RELATED_TO]->(c:Concept) RETURN m.key AS m, c.key AS c, "
        "r.weight AS weight ORDER BY m, c",
    )
    recount = await _cypher(
        driver,
        neo4j_settings,
        "MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper)-[:MENTIONS]->(c:Concept) "
        "RETURN m.key AS m, c.key AS c, count(DISTINCT p) AS weight ORDER BY m, c",
    )
    assert related == recount and {r["weight"] for r in recount} == {2}


async def test_variants_link_to_their_base_and_reloads_change_nothing(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    paper = _paper(
        "a", _method("sdlora", "PROPOSES", "method", "lora"), _method("lora", "USES", "method")
    )
    for _ in range(2):
        await _write(driver, neo4j_settings, paper)
    reader = GraphReader(driver=driver, settings=neo4j_settings)
    found = await method_variants(reader, keys=["sdlora", "lora"])
    assert found["sdlora"].variant_of is not None and found["sdlora"].variant_of.key == "lora"
    assert [v.key for v in found["lora"].variants] == ["sdlora"]
    rows = await _cypher(driver, neo4j_settings, "MATCH ()-[r:VARIANT_OF]->() RETURN count(r) AS n")
    assert rows == [{"n": 1}]


async def test_deleting_the_only_paper_removes_variants_with_their_lineage_edge(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    paper = _paper(
        "a", _method("sdlora", "PROPOSES", "method", "lora"), _method("lora", "USES", "method")
    )
    await _write(driver, neo4j_settings, paper)
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id="a")
    rows = await _cypher(driver, neo4j_settings, "MATCH (m:Method) RETURN count(m) AS n")
    assert rows == [{"n": 0}]


def _says_sdlora_varies_lora(pid: str, *, claims: bool = True) -> PaperRow:
    """Paper ``pid`` using SD-LoRA and LoRA; ``claims``: it says SD-LoRA varies LoRA, in a
    sentence naming the paper."""
    sentence = f"Paper {pid} builds SD-LoRA on LoRA."
    where = Evidence("abstract", 8 + len(pid), 15 + len(pid), "SD-LoRA", 0, len(sentence), sentence)
    return _paper(
        pid,
        _method("sdlora", "USES", "method", "lora" if claims else None, where if claims else None),
        _method("lora", "USES", "method"),
    )


async def _lineage_sentences(driver: AsyncDriver, settings: Settings) -> list[tuple[str, ...]]:
    reader = GraphReader(driver=driver, settings=settings)
    links = (await method_variants(reader, keys=["sdlora"]))["sdlora"].links
    return [
        (link.base.key, link.paper.id if link.paper else "", link.evidence.sentence)
        for link in links
        if link.evidence is not None
    ]


async def test_a_lineage_edge_shows_the_claiming_paper_with_the_smallest_id_while_one_says_so(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    for pid in ("b", "a", "c"):  # not in id order: the edge shows paper a, whoever came last
        await _write(driver, neo4j_settings, _says_sdlora_varies_lora(pid))
    assert await _lineage_sentences(driver, neo4j_settings) == [
        ("lora", "a", "Paper a builds SD-LoRA on LoRA.")
    ]
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id="a")
    assert await _lineage_sentences(driver, neo4j_settings) == [
        ("lora", "b", "Paper b builds SD-LoRA on LoRA.")
    ]
    # b is reloaded no longer saying so, and c goes: SD-LoRA stays (b uses it), its edge goes
    await _write(driver, neo4j_settings, _says_sdlora_varies_lora("b", claims=False))
    await delete_paper(driver, database=neo4j_settings.neo4j_database, paper_id="c")
    assert await _lineage_sentences(driver, neo4j_settings) == []
    rows = await _cypher(
        driver, neo4j_settings, "MATCH (m:Method {key: 'sdlora'}) RETURN COUNT { (m)--() } AS n"
    )
    assert rows == [{"n": 1}]  # only b's USES; no VARIANT_OF left
