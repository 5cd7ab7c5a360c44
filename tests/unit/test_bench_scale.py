"""The scale corpus generator: deterministic, positional recombination, a fifth on the hot concept;
the write run's rates by tenth, resumed or not."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bench import scale_runs
from bench.scale import HOT_SHARE, generate, hot_mention, read_pool


def _corpus(path: Path) -> Path:
    """A small corpus in the shared files' schema; sentence j of paper i says ``s{j} of p{i}``."""
    papers = [
        {
            "id": f"p{i}",
            "title": f"Title {i % 7}",
            "abstract": " ".join(f"Sentence s{j} of p{i}." for j in range(3 + i % 4))
            + (" Large language models (LLMs) help." if i % 5 == 0 else ""),
            "keywords": [f"k{i}"],
            "authors": [f"a{i}"],
            "year": 2021 + i % 3,
            "venue": "ICLR",
            "status": "Poster",
        }
        for i in range(40)
    ]
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.writelines(json.dumps(p) + "\n" for p in papers)
    return path


def test_the_same_seed_gives_the_same_corpus_and_another_seed_another(tmp_path: Path) -> None:
    pool = read_pool([_corpus(tmp_path / "c.jsonl.gz")])
    first = list(generate(pool, 200, seed=1))
    assert first == list(generate(pool, 200, seed=1))
    assert first != list(generate(pool, 200, seed=2))


def test_papers_are_unique_in_id_title_and_abstract_with_the_corpus_schema(
    tmp_path: Path,
) -> None:
    papers = list(generate(read_pool([_corpus(tmp_path / "c.jsonl.gz")]), 500))
    assert len({p["id"] for p in papers}) == len({p["title"] for p in papers}) == 500
    assert len({p["abstract"] for p in papers}) == 500
    assert all(
        set(p) == {"id", "title", "abstract", "keywords", "authors", "year", "venue", "status"}
        for p in papers
    )


def test_each_sentence_keeps_its_position_in_the_abstract(tmp_path: Path) -> None:
    for paper in generate(read_pool([_corpus(tmp_path / "c.jsonl.gz")]), 300):
        plain = [s for s in paper["abstract"].split(". ") if not hot_mention(s)]
        assert [s.split()[1] for s in plain] == [f"s{j}" for j in range(len(plain))]


def test_a_fifth_of_the_papers_mention_the_hot_concept(tmp_path: Path) -> None:
    papers = list(generate(read_pool([_corpus(tmp_path / "c.jsonl.gz")]), 4000))
    share = sum(hot_mention(p["abstract"]) for p in papers) / len(papers)
    assert abs(share - HOT_SHARE) < 0.02


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_write_run_gives_the_rate_of_each_tenth(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _Clock()
    monkeypatch.setattr(scale_runs.time, "perf_counter", clock)
    progress = scale_runs._Progress(total=1000)
    for seconds_per_batch in [1.0] * 4 + [2.0] * 4:  # batches of 50: 50 then 25 papers/s
        clock.now += seconds_per_batch
        progress.step(50)
    assert progress.tenths() == [50.0, 50.0, 25.0, 25.0]
    assert progress.partial()["seconds"] == 12.0


def test_a_resumed_write_run_keeps_the_finished_tenths_and_times_only_its_own_papers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = _Clock()
    monkeypatch.setattr(scale_runs.time, "perf_counter", clock)
    earlier = {"partial": True, "papers": 250, "seconds": 9.0, "by_tenth": [40.0, 30.0]}
    progress = scale_runs._Progress(total=1000, stored=250, earlier=earlier)
    for _ in range(5):  # the 250 papers the earlier sitting wrote, skipped in no time
        clock.now += 100.0  # however long the skipping took: not counted
        assert not progress.step(50)
    for _ in range(3):  # 150 more at 10 papers/s: the third tenth ends at 300, the fourth at 400
        clock.now += 5.0
        progress.step(50)
    assert progress.tenths() == [40.0, 30.0, 10.0, 10.0]
    partial = progress.partial()
    assert (partial["papers"], partial["seconds"], partial["sittings"]) == (400, 24.0, 2)
