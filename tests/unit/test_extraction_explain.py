"""The extractor's stages and decision records: the explanation covers every output, names
the rule behind each drop and each kind, and recording changes nothing extracted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from loaders.extraction import Decision, Document, Extraction, KeyBertExtractor
from loaders.extraction._pipeline import learn_stages, pipeline
from loaders.extraction._rules import RULES
from loaders.extraction._trace import ACTIONS

REPO = Path(__file__).resolve().parents[2]
SEED = REPO / "examples" / "iclr2025-seed.txt"
Explained = list[tuple[Extraction, tuple[Decision, ...]]]


def _seed_docs() -> list[Document]:
    paragraphs = SEED.read_text(encoding="utf-8").split("\n\n")[1:]
    return [Document(text=p.strip()) for p in paragraphs if p.strip()]


@pytest.mark.parametrize("fast", [False, True])
def test_each_stage_reads_only_what_an_earlier_stage_set(fast: bool) -> None:
    available = {"doc"}
    for stage in pipeline(fast=fast):
        assert set(stage.reads) <= available, stage.name
        available |= set(stage.sets)
    assert "extraction" in available


def test_stages_have_distinct_names_and_learning_ahead_uses_the_same_ones() -> None:
    names = [s.name for s in pipeline()]
    assert len(names) == len(set(names))
    assert {s.name for s in learn_stages(fast=False)} <= set(names)
    assert {s.name for s in learn_stages(fast=True)} <= {s.name for s in pipeline(fast=True)}
    assert [s.name for s in pipeline(fast=True)] != names  # the fast mode ranks differently


@pytest.fixture(scope="module")
def explained() -> Explained:
    return KeyBertExtractor().explain(_seed_docs())


@pytest.mark.model
def test_recording_changes_nothing_extracted(explained: Explained) -> None:
    plain = KeyBertExtractor().extract(_seed_docs())
    assert [found for found, _ in explained] == plain


@pytest.mark.model
def test_every_concept_and_method_is_explained_from_where_it_was_found(
    explained: Explained,
) -> None:
    for found, trace in explained:
        outputs = {("concept", c.key) for c in found.concepts}
        outputs |= {("method", m.key) for m in (*found.proposes, *found.uses)}
        assembled = {(d.role, d.subject) for d in trace if d.stage == "assemble"}
        found_at = {
            (d.role, d.subject)
            for d in trace
            if (d.action == "kept" and d.stage in ("candidates", "methods", "variants"))
            or d.rule == "keyword.author"
        }
        assert outputs == assembled
        assert outputs <= found_at


@pytest.mark.model
def test_every_decision_names_its_rule_and_action(explained: Explained) -> None:
    decisions = [d for _, trace in explained for d in trace]
    assert {d.action for d in decisions} <= set(ACTIONS)
    assert all(d.rule == "score" or "." in d.rule for d in decisions)
    assert all(d.score is not None for d in decisions if d.rule == "score")


@pytest.mark.model
def test_a_concept_that_names_a_method_is_dropped_by_that_rule(explained: Explained) -> None:
    dyaug = next(trace for found, trace in explained if "DyAug" in {m.name for m in found.proposes})
    dropped = [d for d in dyaug if d.subject == "dyaug" and d.action == "dropped"]
    assert [(d.stage, d.action, d.rule) for d in dropped] == [
        ("not-methods", "dropped", "concept.is-method-name")
    ]


@pytest.mark.model
def test_a_candidate_ranked_out_says_its_score_and_the_lowest_kept(
    explained: Explained,
) -> None:
    for found, trace in explained:
        ranked_out = [d for d in trace if d.stage == "select-concepts" and d.action == "dropped"]
        for d in ranked_out:
            assert d.score is not None and d.threshold is not None
            assert (d.rule == "rank.below-top-n") == (d.score < d.threshold)
        assert not {d.subject for d in ranked_out} & {c.key for c in found.concepts}


@pytest.mark.model
def test_every_typed_method_names_the_cue_of_its_kind(explained: Explained) -> None:
    cues = set()
    for found, trace in explained:
        for method in (*found.proposes, *found.uses):
            typed = [
                d
                for d in trace
                if d.subject == method.key and d.action == "typed" and d.rule.startswith("kind.")
            ]
            assert typed, method.name
            assert typed[-1].detail == str(method.kind)
            cues.add(typed[-1].rule)
    # the seed types methods from what the text says, not only by default
    assert cues - {"kind.proposed-default", "kind.no-cue"}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "papergraph", "extract", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
        check=False,
    )


@pytest.mark.model
def test_extract_explain_prints_each_paper_with_its_outputs_explained() -> None:
    result = _cli(str(SEED), "--limit", "2", "--explain")
    assert result.returncode == 0, result.stderr
    papers = [p for p in result.stdout.split("\n\n") if p.strip()]
    assert len(papers) == 2
    for paper in papers:
        lines = paper.splitlines()
        assert lines[0].startswith("== ")
        assert {"concepts:", "proposes:", "uses:"} <= set(lines)
        assert any(line.strip().startswith("candidates ") for line in lines)


@pytest.mark.model
def test_extract_explain_json_gives_one_object_per_paper_covering_its_outputs(
    tmp_path: Path,
) -> None:
    result = _cli(str(SEED), "--limit", "2", "--explain", "--json")
    assert result.returncode == 0, result.stderr
    papers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(papers) == 2
    for paper in papers:
        assert set(paper) == {"id", "title", "concepts", "proposes", "uses", "decisions"}
        subjects = {d["subject"] for d in paper["decisions"]}
        assert set(paper["concepts"]) | set(paper["proposes"]) | set(paper["uses"]) <= subjects


def test_extract_explain_of_a_missing_file_exits_1() -> None:
    result = _cli(str(REPO / "no-such-file.jsonl"), "--explain")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr


@pytest.mark.model
def test_every_rule_a_stage_cites_is_in_the_catalogue(explained: Explained) -> None:
    cited = {d.rule for _, trace in explained for d in trace}
    assert cited - set(RULES) == set()


def test_every_rule_in_the_catalogue_is_cited_by_the_code() -> None:
    code = "".join(
        p.read_text(encoding="utf-8")
        for p in (REPO / "loaders" / "extraction").glob("_*.py")
        if p.name != "_rules.py"
    )
    assert {rule for rule in RULES if f'"{rule}"' not in code} == set()
