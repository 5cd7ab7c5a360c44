"""What a load decides once its input is written, through ``extract_and_write`` and
``settle_graph`` (the steps of the ingest behind ``papergraph load`` and ``ingestPapers``) and
``delete_paper`` (behind ``deletePaper``) on the real Neo4j: a key is never both a Concept and a
Method, whichever came first, and the aliases and names of concepts and methods follow what the
remaining papers write."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from _rows import abstract_record
from neo4j import AsyncDriver

from graph.queries import GraphReader, find_papers
from graph.writes import delete_paper
from loaders.extraction import ConceptHit, Document, Extraction, MethodHit
from loaders.pipeline import extract_and_write
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

CLIP_CONCEPT = "We align images and captions with CLIP embeddings for zero-shot retrieval."
CLIP_METHOD = "We propose CLIP, contrastive pretraining of an image and a text encoder."


class Scripted:
    """An extractor that finds, in each abstract, the concepts and methods listed for it:
    ``{abstract: (concepts as (key, surface), proposed methods as (key, name))}``."""

    version = "scripted-1"
    dimensions = 256

    def __init__(self, script: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]]):
        self.script = script

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        return [self._one(doc.text) for doc in docs]

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        return [(1.0,) + (0.0,) * 255 for _ in texts]

    def _one(self, text: str) -> Extraction:
        concepts, methods = self.script[text]
        return Extraction(
            concepts=tuple(ConceptHit(k, s, 0.5, (s,), "keybert") for k, s in concepts),
            proposes=tuple(MethodHit(k, n, 0.6, (), kind="model") for k, n in methods),
            uses=(),
            embedding=(1.0,) + (0.0,) * 255,
        )


SCRIPT = {
    CLIP_CONCEPT: ([("clip", "CLIP"), ("zero shot retrieval", "zero-shot retrieval")], []),
    CLIP_METHOD: ([("contrastive pretraining", "contrastive pretraining")], [("clip", "CLIP")]),
}


async def load(
    driver: AsyncDriver, settings: Settings, *papers: PaperRecord, script: Any = SCRIPT
) -> None:
    await extract_and_write(
        list(papers), driver=driver, database=settings.neo4j_database, extractor=Scripted(script)
    )
    await settle_graph(driver, database=settings.neo4j_database)


async def cypher(driver: AsyncDriver, settings: Settings, statement: Any) -> list[Any]:
    records, _, _ = await driver.execute_query(statement, database_=settings.neo4j_database)
    return [r.data() for r in records]


async def clip_state(driver: AsyncDriver, settings: Settings) -> list[Any]:
    return await cypher(
        driver,
        settings,
        "MATCH (p:Paper)-[r]->(n {key: 'clip'}) "
        "RETURN p.id AS paper, type(r) AS edge, labels(n) AS labels, r.evidenceText AS text, "
        "r.rank AS rank ORDER BY paper",
    )


#: A use not listed under its method as merge_methods lists one (papers(method:)), or still
#: listed under the concept its mention was (papers(concept:), see merge_mentions).
MISLISTED_USES = """
MATCH (p:Paper)-[u:USES]->(m:Method)
WHERE u.conceptKey IS NOT NULL
   OR NOT coalesce(u.methodKey = m.key AND u.sortScore = -u.score
                   AND u.sortNewest = p.sortNewest AND u.sortOldest = p.sortOldest
                   AND u.sortTitle = p.sortTitle AND u.paperId = p.id, false)
RETURN p.id AS id
"""

EXPECTED_CLIP = [
    # the mention became a use of the method, with its evidence and without the concept's rank
    # (its place among the paper's concepts)
    {
        "paper": "mention",
        "edge": "USES",
        "labels": ["Method", "Model"],
        "text": "CLIP",
        "rank": None,
    },
    {
        "paper": "propose",
        "edge": "PROPOSES",
        "labels": ["Method", "Model"],
        "text": "CLIP",
        "rank": 1,  # the paper's first (main) proposed method
    },
]


@pytest.mark.parametrize("order", ["concept first", "method first"])
async def test_a_key_naming_a_method_is_not_also_a_concept_across_loads(
    order: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    papers = [abstract_record("mention", CLIP_CONCEPT), abstract_record("propose", CLIP_METHOD)]
    if order == "method first":
        papers.reverse()
    for one in papers:  # two separate loads
        await load(driver, neo4j_settings, one)
    assert await clip_state(driver, neo4j_settings) == EXPECTED_CLIP
    concepts = await cypher(driver, neo4j_settings, "MATCH (c:Concept {key: 'clip'}) RETURN c")
    assert concepts == []
    # the use is listed under the method, no longer under the concept its mention was
    assert await cypher(driver, neo4j_settings, "MATCH ()-[u:USES]->() RETURN u")
    assert await cypher(driver, neo4j_settings, MISLISTED_USES) == []
    edge_counts = await cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper) RETURN p.id AS id, "
        "p.edgeCount = COUNT { (p)-[:MENTIONS|PROPOSES|USES]->() } AS stamped",
    )
    assert all(row["stamped"] for row in edge_counts)  # a rerun finds nothing missing


async def test_one_load_of_both_gives_the_same_graph(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load(
        driver,
        neo4j_settings,
        abstract_record("mention", CLIP_CONCEPT),
        abstract_record("propose", CLIP_METHOD),
    )
    assert await clip_state(driver, neo4j_settings) == EXPECTED_CLIP


async def test_a_mention_turned_into_a_use_is_counted_in_the_methods_trend(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    dated = [abstract_record("mention", CLIP_CONCEPT), abstract_record("propose", CLIP_METHOD)]
    dated = [replace(p, year=2024) for p in dated]
    for one in dated:  # the concept first: the pass moves its mention to the method
        await load(driver, neo4j_settings, one)
    clip = await cypher(
        driver,
        neo4j_settings,
        "MATCH (m:Method {key: 'clip'}) "
        "RETURN m.trendYears AS years, m.trendPapers AS papers, m.trendTotal AS total",
    )
    assert clip == [{"years": [2024], "papers": [2], "total": 2}]


async def test_a_concept_with_more_mentions_than_a_round_moves_is_merged_whole(
    driver: AsyncDriver, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a hot concept's mentions move over several rounds, each its own transaction
    monkeypatch.setattr("graph._resolution._MAX_MOVES", 2)
    texts = [f"{CLIP_CONCEPT} Study {i}." for i in range(5)]
    script = {**SCRIPT, **{t: SCRIPT[CLIP_CONCEPT] for t in texts}}
    # and a smaller concept in the same round, which goes first while clip waits
    bert = [f"We fine-tune BERT, study {i}." for i in range(2)]
    script |= {t: ([("bert", "BERT")], []) for t in bert}
    script["We propose BERT."] = ([], [("bert", "BERT")])
    # a paper naming both: its mention goes, its own edge stays
    script["We propose BERT, a bert."] = ([("bert", "BERT")], [("bert", "BERT")])
    texts += [*bert, "We propose BERT.", "We propose BERT, a bert."]
    papers = [replace(abstract_record(f"m{i}", t), year=2024) for i, t in enumerate(texts)]
    papers.append(replace(abstract_record("propose", CLIP_METHOD), year=2024))
    await extract_and_write(
        papers, driver=driver, database=neo4j_settings.neo4j_database, extractor=Scripted(script)
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    edges = await cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper)-[r]->(n) WHERE n.key IN ['clip', 'bert'] "
        "RETURN n.key AS key, type(r) AS edge, count(p) AS papers",
    )
    assert sorted((e["key"], e["edge"], e["papers"]) for e in edges) == [
        ("bert", "PROPOSES", 2),
        ("bert", "USES", 2),
        ("clip", "PROPOSES", 1),
        ("clip", "USES", 5),
    ]
    left = await cypher(
        driver,
        neo4j_settings,
        "MATCH (c:Concept) WHERE c.key IN ['clip', 'bert'] OR c.resolvePending RETURN c.key AS key",
    )
    assert left == []
    clip = await cypher(
        driver, neo4j_settings, "MATCH (m:Method {key: 'clip'}) RETURN m.trendPapers AS papers"
    )
    assert clip == [{"papers": [6]}]


COMMON_SCRIPT = {
    "Transformers model long sequences.": ([("transformer", "transformers")], []),
    "A transformer reads tokens.": ([("transformer", "transformer")], []),
    # one paper's odd casing of a common noun read as a method name
    "We propose transFormer.": ([], [("transformer", "transFormer")]),
    "We regularise with dropout.": ([("dropout", "dropout")], []),
    "We propose Dropout.": ([], [("dropout", "Dropout")]),
    "We propose Dropout again.": ([], [("dropout", "Dropout")]),
}


@pytest.mark.parametrize("order", ["concepts first", "methods first"])
async def test_a_common_noun_more_papers_discuss_than_name_stays_the_concept(
    order: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    papers = [abstract_record(f"p{i}", text) for i, text in enumerate(COMMON_SCRIPT)]
    if order == "methods first":
        papers.reverse()
    for one in papers:  # separate loads
        await load(driver, neo4j_settings, one, script=COMMON_SCRIPT)
    nodes = await cypher(
        driver,
        neo4j_settings,
        "MATCH (n) WHERE n.key IN ['transformer', 'dropout'] "
        "RETURN n.key AS key, labels(n)[0] AS label, n.aliases AS aliases, "
        "COUNT { (n)<-[:MENTIONS|PROPOSES|USES]-() } AS papers ORDER BY key",
    )
    assert [(n["key"], n["label"], n["papers"]) for n in nodes] == [
        ("dropout", "Method", 3),  # more papers name it than discuss it
        ("transformer", "Concept", 3),
    ]
    assert "transFormer" in nodes[1]["aliases"]  # found by the name the paper wrote


GNN_TEXT = "Graph Neural Networks pass messages along the edges of a graph."
GNN_PLURAL = "We study graph neural networks on molecules."
GNN_OTHER = "We study message passing on citation graphs."
ALIAS_SCRIPT = {
    GNN_TEXT: ([("graph neural network", "Graph Neural Networks")], []),
    GNN_PLURAL: ([("graph neural network", "graph neural networks")], []),
    GNN_OTHER: ([("message passing", "message passing")], []),
}


async def gnn(driver: AsyncDriver, settings: Settings) -> list[Any]:
    return await cypher(
        driver,
        settings,
        "MATCH (c:Concept {key: 'graph neural network'}) RETURN c.name AS name, c.aliases AS aliases",
    )


async def test_aliases_shrink_when_a_paper_changes_or_goes(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    extractor = Scripted(ALIAS_SCRIPT)
    database = neo4j_settings.neo4j_database

    async def load_these(*papers: PaperRecord) -> None:
        await extract_and_write(list(papers), driver=driver, database=database, extractor=extractor)
        await settle_graph(driver, database=database)

    await load_these(abstract_record("a", GNN_TEXT), abstract_record("b", GNN_PLURAL))
    both = ["Graph Neural Networks", "graph neural networks"]
    assert await gnn(driver, neo4j_settings) == [{"name": "graph neural networks", "aliases": both}]
    # the paper that wrote the lowercase form is reloaded with another abstract
    await load_these(abstract_record("b", GNN_OTHER))
    assert await gnn(driver, neo4j_settings) == [
        {"name": "Graph Neural Networks", "aliases": ["Graph Neural Networks"]}
    ]
    await load_these(abstract_record("b", GNN_PLURAL))
    await delete_paper(driver, database=database, paper_id="a")  # as deletePaper does
    assert await gnn(driver, neo4j_settings) == [
        {"name": "graph neural networks", "aliases": ["graph neural networks"]}
    ]


BC_CONCEPT = "Offline agents learn from demonstrations by behavioral cloning."
BC_METHOD = "We start from BC and add a value penalty."
AUC_CONCEPT = "Detectors are compared by the area under the ROC curve."
AUC_METHOD = "We maximise AUC directly."
BLOWUP_CONCEPT = "Solutions of Burgers' equation may blow up: a finite-time blow-up."
BLOWUP_METHOD = "Near Finite-Time BlowUp, PINNs fail."


class SpelledOut(Scripted):
    """Scripted methods that carry the concept keys of their long forms, as the extractor's
    do: ``{abstract: (concepts as (key, surface), used methods as (key, name, aliases,
    expansion keys))}``."""

    def __init__(self, script: dict[str, Any]) -> None:
        super().__init__({})
        self.spelled = script

    def _one(self, text: str) -> Extraction:
        concepts, methods = self.spelled[text]
        return Extraction(
            concepts=tuple(ConceptHit(k, s, 0.5, (s,), "keybert") for k, s in concepts),
            proposes=(),
            uses=tuple(
                MethodHit(k, n, 0.6, aliases, kind="method", expansion_keys=spelled)
                for k, n, aliases, spelled in methods
            ),
            embedding=(1.0,) + (0.0,) * 255,
        )


SPELLED_SCRIPT: dict[str, Any] = {
    BC_CONCEPT: ([("behavioral cloning", "behavioral cloning")], []),
    BC_METHOD: ([], [("bc", "BC", ("behavioral cloning",), ("behavioral cloning",))]),
    # no paper writes the method's long form: only its key says what it spells out
    AUC_CONCEPT: ([("area under the roc curve", "AUC")], []),
    AUC_METHOD: ([], [("auc", "AUC", (), ("area under the roc curve",))]),
    BLOWUP_CONCEPT: ([("blow up", "blow-up")], []),
    BLOWUP_METHOD: ([], [("blowup", "BlowUp", ("blow-up",), ("blow up",))]),
}


@pytest.mark.parametrize("order", ["concepts first", "methods first"])
async def test_a_concept_a_method_spells_out_is_the_method_across_loads(
    order: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    papers = [
        abstract_record("bc-concept", BC_CONCEPT),
        abstract_record("auc-concept", AUC_CONCEPT),
        abstract_record("blowup-concept", BLOWUP_CONCEPT),
        abstract_record("bc-method", BC_METHOD),
        abstract_record("auc-method", AUC_METHOD),
        abstract_record("blowup-method", BLOWUP_METHOD),
    ]
    if order == "methods first":
        papers.reverse()
    extractor = SpelledOut(SPELLED_SCRIPT)
    for one in papers[:3], papers[3:]:  # two loads
        await extract_and_write(
            one, driver=driver, database=neo4j_settings.neo4j_database, extractor=extractor
        )
        await settle_graph(driver, database=neo4j_settings.neo4j_database)
    concepts = await cypher(driver, neo4j_settings, "MATCH (c:Concept) RETURN c.key AS key")
    assert concepts == []
    reader = GraphReader(driver, neo4j_settings)
    for concept, method in [
        ("behavioral cloning", "BC"),
        ("area under the roc curve", "AUC"),  # the concept's key, no name of the method
        ("blow-up", "BlowUp"),
    ]:
        by_concept = await find_papers(reader, concept=concept)
        by_method = await find_papers(reader, method=method)
        assert [p.id for p in by_concept.items] == [p.id for p in by_method.items]
        assert by_concept.total == by_method.total == 2


TWO_SCRIPT: dict[str, Any] = {
    BC_CONCEPT: ([("behavioral cloning", "behavioral cloning")], []),
    BC_METHOD: ([], [("bc", "BC", ("behavioral cloning",), ("behavioral cloning",))]),
    AUC_METHOD: ([], [("bco", "BCO", ("behavioral cloning",), ("behavioral cloning",))]),
}


async def test_a_concept_two_methods_spell_out_goes_to_one(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await extract_and_write(
        [
            abstract_record("concept", BC_CONCEPT),
            abstract_record("bc", BC_METHOD),
            abstract_record("bco", AUC_METHOD),
        ],
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SpelledOut(TWO_SCRIPT),
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    uses = await cypher(
        driver,
        neo4j_settings,
        "MATCH (:Paper {id: 'concept'})-[:USES]->(m:Method) RETURN m.key AS key",
    )
    assert len(uses) == 1 and uses[0]["key"] in ("bc", "bco")
    assert await cypher(driver, neo4j_settings, "MATCH (c:Concept) RETURN c.key AS key") == []
