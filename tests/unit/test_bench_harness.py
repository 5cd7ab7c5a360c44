"""The benchmark harness's pure helpers: percentiles, summaries, the bounded load loop and the
order in which the sides of a comparison are timed."""

from __future__ import annotations

import asyncio
import itertools
from types import SimpleNamespace

import pytest

from bench.api import CASES, Load, Samples, Timing, drive, percentile, summarise, timed_runs


def test_percentile_interpolates_between_closest_ranks() -> None:
    values = [4.0, 1.0, 3.0, 2.0]
    assert percentile(values, 0) == 1.0
    assert percentile(values, 100) == 4.0
    assert percentile(values, 50) == 2.5
    assert percentile([7.0], 99) == 7.0


def test_percentile_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError):
        percentile([], 50)


def test_timing_stats_and_their_summary_across_repetitions() -> None:
    runs = [
        Timing(tuple(float(x) for x in range(1, 101)), seconds=2.0).stats(),
        Timing((10.0,) * 50, seconds=1.0).stats(),
    ]
    assert runs[0]["rps"] == 50.0 and runs[0]["n"] == 100
    summary = summarise(runs)
    assert set(summary) == {"p50", "p95", "p99", "rps"}
    assert summary["p50"]["min"] == 10.0 and summary["p50"]["max"] == 50.5


def test_drive_stops_at_the_request_bound_and_calls_each_index_once() -> None:
    seen: list[int] = []

    async def call(i: int) -> None:
        seen.append(i)
        await asyncio.sleep(0)

    timing = asyncio.run(drive(call, concurrency=8, load=Load(requests=50, seconds=60)))
    assert len(timing.latencies_ms) == 50
    assert sorted(seen) == list(range(50))


def test_drive_stops_at_the_time_bound() -> None:
    async def call(i: int) -> None:
        await asyncio.sleep(0)

    timing = asyncio.run(drive(call, concurrency=2, load=Load(requests=10**9, seconds=0.05)))
    assert 0 < len(timing.latencies_ms) < 10**9


def test_drive_starts_at_the_index_it_is_given() -> None:
    seen: list[int] = []

    async def call(i: int) -> None:
        seen.append(i)

    asyncio.run(drive(call, concurrency=1, load=Load(requests=3, seconds=60), start=10))
    assert seen == [10, 11, 12]


def test_the_sides_take_turns_slice_by_slice_and_see_the_same_parameters() -> None:
    """A slow moment of the machine must fall on both sides of a comparison alike."""
    calls: list[tuple[str, int]] = []

    def side(name: str) -> object:
        def make(case: object) -> object:
            async def call(i: int) -> None:
                calls.append((name, i))

            return call

        return make

    result = asyncio.run(
        timed_runs(
            {"a": side("a"), "b": side("b")},  # type: ignore[dict-item]
            [SimpleNamespace(name="q")],
            reps=2,
            load=Load(requests=6, seconds=60),
            warmup=Load(requests=1, seconds=60),
            slices=3,
        )
    )
    timed = calls[2:]  # after one warm-up call per side
    runs = [timed[i : i + 12] for i in range(0, len(timed), 12)]  # (rep, concurrency) runs
    assert len(runs) == 4
    for n, run in enumerate(runs):
        first, second = ("a", "b") if n < 2 else ("b", "a")  # who starts alternates by rep
        assert [name for name, _ in run] == [first, first, second, second] * 3
        for name in "ab":
            assert sorted(i for who, i in run if who == name) == list(range(6))
    assert {key: value["p50"]["n"] for key, value in result.items()} == {
        f"q|c{c}|{s}": 2 for c, s in itertools.product((1, 8), "ab")
    }


def test_every_case_plans_statements_that_exist() -> None:
    from graph.cypher import names

    samples = Samples(
        papers=("p1",),
        concepts=("c1",),
        pairs=(("p1", "p2"),),
        texts=(("t1", (1.0, 0.0)),),
        methods=("m1",),
    )
    for case in CASES:
        planned = [name for name, _ in case.plan(case.variables(samples, 0), samples)]
        assert planned and set(planned) <= set(names())


def test_a_childs_peak_memory_is_its_own_not_its_parents() -> None:
    """Linux starts a forked child's ``ru_maxrss`` at its parent's size: a bench holding models
    reported a 130 MB export as 1.3 GB."""
    import os

    from bench.common import run_child

    held = bytearray(os.urandom(1 << 20)) * 600  # 600 MB resident in this process
    env = dict(os.environ)
    small = run_child(["-c", "pass"], env=env)
    # 300 MB touched page by page, held long enough for a sample to see it
    grow = "import time; b = bytearray(300 << 20); b[::4096] = b'x' * len(b[::4096]); time.sleep(1)"
    big = run_child(["-c", grow], env=env)
    assert len(held) == 600 << 20  # still held while the children ran
    assert small.returncode == 0 and small.peak_rss_mb < 200
    assert big.returncode == 0 and 300 <= big.peak_rss_mb < 500
