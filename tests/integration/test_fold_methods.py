"""One node per idea, the other way (``fold_methods_into_concepts``): an acronym method naming a
field more papers discuss than name it (``RL`` beside ``reinforcement learning``) ends as the
Concept, reachable by both names through ``find_papers`` and ``papers``, whatever loads the
input came in, with the counts a graph keeps as if its papers had mentioned the concept."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from _api import api_client, data
from _graphdump import difference, dump_graph
from _rows import abstract_record
from neo4j import AsyncDriver
from test_resolution import SpelledOut, cypher

from graph.queries import GraphReader, find_papers
from graph.writes import clear_graph
from loaders.pipeline import extract_and_write
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

pytestmark = pytest.mark.neo4j

#: What a mention carries for papers(concept:) (see merge_mentions).
MENTION_LISTING_KEYS = {
    "conceptKey",
    "sortScore",
    "sortNewest",
    "sortOldest",
    "sortTitle",
    "paperId",
}

RL_FIELD = "Agents trained by reinforcement learning explore."
RL_FIELD_TOO = "Reinforcement learning needs rewards."
RL_METHOD = "We fine-tune with RL on the reward model."
RL_AND_PPO = "We fine-tune with RL, here PPO, on the reward model."
RL_SPELLED_AND_PPO = "We fine-tune by reinforcement learning, here PPO, on the reward model."
COT_THOUGHT = "Chain-of-thought (CoT) prompting elicits reasoning."
COT_TABLE = "Chain-of-table (CoT) reasoning walks tables."
THOUGHT_FIELD = "Prompting with a chain of thought helps."
THOUGHT_FIELD_TOO = "A chain of thought makes answers longer."
THOUGHT_FIELD_THREE = "Models write a chain of thought before answering."
RL_PROPOSED = "We propose RL, a reward learner."
RL_AND_DEEP = "We fine-tune with RL, a deep reinforcement learning agent."
COT_PROMPTING = "Chain-of-thought prompting (CoT) spells out steps."

RL = ("rl", "RL", ("RL",), ("reinforcement learning",))
PPO = ("ppo", "PPO", ("PPO",), ())
FIELD = [("reinforcement learning", "reinforcement learning")]
THOUGHT = [("chain of thought", "chain of thought")]
SCRIPT: dict[str, Any] = {
    RL_FIELD: (FIELD, []),
    RL_FIELD_TOO: ([("reinforcement learning", "Reinforcement learning")], []),
    RL_METHOD: ([], [RL]),
    RL_AND_PPO: ([], [RL, PPO]),
    RL_SPELLED_AND_PPO: (FIELD, [PPO]),
    COT_THOUGHT: ([], [("cot", "CoT", ("CoT",), ("chain of thought",))]),
    COT_TABLE: ([], [("cot", "CoT", ("CoT",), ("chain of table",))]),
    THOUGHT_FIELD: (THOUGHT, []),
    THOUGHT_FIELD_TOO: (THOUGHT, []),
    THOUGHT_FIELD_THREE: (THOUGHT, []),
    RL_AND_DEEP: ([("deep reinforcement learning", "deep reinforcement learning")], [RL]),
    COT_PROMPTING: ([], [("cot", "CoT", ("CoT",), ("chain of thought prompting",))]),
}


class Proposing(SpelledOut):
    """As :class:`SpelledOut`, with the abstract ``RL_PROPOSED`` proposing RL."""

    def _one(self, text: str) -> Any:
        if text != RL_PROPOSED:
            return super()._one(text)
        used = super()._one(RL_METHOD)
        return replace(used, proposes=used.uses, uses=())


async def load(
    driver: AsyncDriver, settings: Settings, *papers: PaperRecord, batch_size: int = 256
) -> None:
    await extract_and_write(
        list(papers),
        driver=driver,
        database=settings.neo4j_database,
        extractor=Proposing(SCRIPT),
        batch_size=batch_size,
    )
    await settle_graph(driver, database=settings.neo4j_database)


def rl_papers() -> list[PaperRecord]:
    return [
        abstract_record("field", RL_FIELD),
        abstract_record("field-too", RL_FIELD_TOO),
        abstract_record("rl", RL_METHOD),
    ]


def thought_papers() -> list[PaperRecord]:
    """Three papers discussing `chain of thought`, none naming CoT."""
    return [
        abstract_record("thought", THOUGHT_FIELD),
        abstract_record("thought-too", THOUGHT_FIELD_TOO),
        abstract_record("thought-three", THOUGHT_FIELD_THREE),
    ]


async def method_keys(driver: AsyncDriver, settings: Settings) -> list[Any]:
    return await cypher(driver, settings, "MATCH (m:Method) RETURN m.key AS key")


#: The same three papers cut in ways the rule settles alike: (batch size, the papers of each
#: load as indexes into rl_papers).
CUTS: dict[str, tuple[int, list[list[int]]]] = {
    "one load": (256, [[0, 1, 2]]),
    "one load, a paper a batch": (1, [[2, 0, 1]]),
    "concepts first": (256, [[0, 1], [2]]),
    "method first": (256, [[2], [0, 1]]),
    "one paper a load": (256, [[0], [1], [2]]),
}


async def load_cut(
    driver: AsyncDriver, settings: Settings, cut: tuple[int, list[list[int]]]
) -> None:
    papers = rl_papers()
    batch_size, loads = cut
    for load_of in loads:
        await load(driver, settings, *(papers[i] for i in load_of), batch_size=batch_size)


@pytest.mark.parametrize("cut", list(CUTS))
async def test_an_acronym_naming_a_field_is_folded_into_the_concept(
    cut: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load_cut(driver, neo4j_settings, CUTS[cut])
    assert await method_keys(driver, neo4j_settings) == []
    concepts = await cypher(
        driver, neo4j_settings, "MATCH (c:Concept) RETURN c.key AS key, c.aliases AS aliases"
    )
    assert [c["key"] for c in concepts] == ["reinforcement learning"]
    assert "RL" in concepts[0]["aliases"]
    # the paper that named RL now mentions the concept, listed as any mention is
    mention = await cypher(
        driver,
        neo4j_settings,
        "MATCH (:Paper {id: 'rl'})-[r:MENTIONS]->(c:Concept) "
        "RETURN keys(r) AS keys, r.conceptKey AS conceptKey, r.evidenceText AS text",
    )
    assert len(mention) == 1 and set(mention[0]["keys"]) >= MENTION_LISTING_KEYS
    assert "methodKey" not in mention[0]["keys"]  # the use's listing under the method goes
    assert "rank" not in mention[0]["keys"]  # its place among methods is no place among concepts
    assert mention[0]["conceptKey"] == "reinforcement learning" and mention[0]["text"] == "RL"
    stamped = await cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper) RETURN p.edgeCount = COUNT { (p)-[:MENTIONS|PROPOSES|USES]->() } AS ok",
    )
    assert all(row["ok"] for row in stamped)  # a rerun finds nothing missing
    reader = GraphReader(driver, neo4j_settings)
    pages = [
        await find_papers(reader, concept="reinforcement learning"),
        await find_papers(reader, concept="RL"),
        await find_papers(reader, method="RL"),
        await find_papers(reader, method="rl"),  # the method's former key
    ]
    assert [sorted(p.id for p in page.items) for page in pages] == [
        ["field", "field-too", "rl"]
    ] * 4
    assert all(page.total == 3 for page in pages)
    # a dataset filter names only a dataset or a benchmark: a field is neither
    assert (await find_papers(reader, dataset="RL")).total == 0


async def test_the_graph_does_not_depend_on_the_cut(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    dumps = {}
    for name, cut in CUTS.items():
        await clear_graph(driver, database=neo4j_settings.neo4j_database)
        await load_cut(driver, neo4j_settings, cut)
        dumps[name] = await dump_graph(driver, neo4j_settings)
    for name, dump in dumps.items():
        assert difference(dumps["one load"], dump) == {}, name
    assert not any("Method" in labels for labels, _ in dumps["one load"]["nodes"])  # folded


async def counts(driver: AsyncDriver, settings: Settings) -> list[Any]:
    """Papers per year of every node, and every RELATED_TO weight."""
    return await cypher(
        driver,
        settings,
        "MATCH (n) WHERE n:Concept OR n:Method "
        "OPTIONAL MATCH (n)-[r:RELATED_TO]->(c:Concept) "
        "RETURN n.key AS key, n.trendYears AS years, n.trendPapers AS papers, "
        "n.trendTotal AS total, c.key AS related, r.weight AS weight ORDER BY key, related",
    )


@pytest.mark.parametrize("order", ["one load", "method first", "concepts first"])
async def test_a_fold_counts_as_if_the_papers_had_mentioned_the_concept(
    order: str, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    def dated(pid: str, text: str, year: int) -> PaperRecord:
        return replace(abstract_record(pid, text), year=year)

    fields = [dated("field", RL_FIELD, 2023), dated("field-too", RL_FIELD_TOO, 2024)]
    folded = [*fields, dated("rl", RL_AND_PPO, 2024)]
    loads = {
        "one load": [folded],
        "method first": [folded[2:], fields],
        "concepts first": [fields, folded[2:]],
    }[order]
    for papers in loads:
        await load(driver, neo4j_settings, *papers)
    after_fold = await counts(driver, neo4j_settings)
    await clear_graph(driver, database=neo4j_settings.neo4j_database)
    await load(driver, neo4j_settings, *fields, dated("rl", RL_SPELLED_AND_PPO, 2024))
    assert after_fold == await counts(driver, neo4j_settings)
    assert after_fold == [
        {"key": "ppo", "years": [2024], "papers": [1], "total": 1}
        | {"related": "reinforcement learning", "weight": 1},
        {"key": "reinforcement learning", "years": [2023, 2024], "papers": [1, 2], "total": 3}
        | {"related": None, "weight": None},
    ]


async def test_only_an_acronym_spelled_out_as_one_idea_is_folded_even_when_proposed(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load(
        driver,
        neo4j_settings,
        *rl_papers(),
        abstract_record("cot-thought", COT_THOUGHT),
        abstract_record("cot-table", COT_TABLE),
        *thought_papers(),
    )
    # CoT spells out two ideas: it stays a method beside the concept chain of thought
    methods = await method_keys(driver, neo4j_settings)
    assert methods == [{"key": "cot"}]
    concepts = await cypher(
        driver, neo4j_settings, "MATCH (c:Concept) RETURN c.key AS key ORDER BY key"
    )
    assert concepts == [{"key": "chain of thought"}, {"key": "reinforcement learning"}]
    # a paper "proposing" a field's acronym read a definition as a contribution: it folds too
    await load(driver, neo4j_settings, abstract_record("rl-proposed", RL_PROPOSED))
    await load(driver, neo4j_settings, abstract_record("rl-again", RL_AND_PPO))
    linked = await cypher(
        driver,
        neo4j_settings,
        "MATCH (p:Paper)-[r:MENTIONS|PROPOSES|USES]->(n) WHERE p.id STARTS WITH 'rl-' "
        "RETURN p.id AS id, type(r) AS edge, n.key AS key ORDER BY id, edge, key",
    )
    assert linked == [
        {"id": "rl-again", "edge": "MENTIONS", "key": "reinforcement learning"},
        {"id": "rl-again", "edge": "USES", "key": "ppo"},
        {"id": "rl-proposed", "edge": "MENTIONS", "key": "reinforcement learning"},
    ]


async def test_papers_by_method_answers_with_the_concept_it_was_folded_into(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    await load(driver, neo4j_settings, *rl_papers())
    query = (
        '{ byMethod: papers(method: "RL") { totalCount edges { node { id } } } '
        ' byConcept: papers(concept: "reinforcement learning") '
        "{ totalCount edges { node { id } } } }"
    )
    async with api_client(neo4j_settings) as http:
        found = await data(http, query)
    assert found["byMethod"] == found["byConcept"]
    assert found["byMethod"]["totalCount"] == 3


async def test_a_paper_naming_a_narrower_variant_does_not_gain_the_folded_concept(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    # nested variants share one slot: the paper stays under `deep reinforcement learning`
    spelled = abstract_record("spelled", RL_SPELLED_AND_PPO)
    await load(driver, neo4j_settings, *rl_papers(), spelled, abstract_record("deep", RL_AND_DEEP))
    methods = await method_keys(driver, neo4j_settings)
    assert methods == [{"key": "ppo"}]
    mentioned = await cypher(
        driver,
        neo4j_settings,
        "MATCH (:Paper {id: 'deep'})-[:MENTIONS]->(c:Concept) RETURN c.key AS key",
    )
    assert mentioned == [{"key": "deep reinforcement learning"}]


async def test_an_acronym_spelled_out_as_narrower_variants_of_one_idea_is_folded(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    # `chain of thought prompting` is `chain of thought` made narrower: one idea, still
    await load(
        driver,
        neo4j_settings,
        abstract_record("cot-thought", COT_THOUGHT),
        abstract_record("cot-prompting", COT_PROMPTING),
        *thought_papers(),
    )
    assert await method_keys(driver, neo4j_settings) == []
    reader = GraphReader(driver, neo4j_settings)
    page = await find_papers(reader, method="CoT")
    assert sorted(p.id for p in page.items) == [
        "cot-prompting",
        "cot-thought",
        "thought",
        "thought-three",
        "thought-too",
    ]
