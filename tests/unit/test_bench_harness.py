"""The benchmark harness's pure helpers: percentiles, summaries and the bounded load loop."""

from __future__ import annotations

import asyncio

import pytest

from bench.api import CASES, Load, Samples, Timing, drive, percentile, summarise


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


def test_every_case_plans_statements_that_exist() -> None:
    from graph.cypher import names

    samples = Samples(papers=("p1",), concepts=("c1",), pairs=(("p1", "p2"),))
    for case in CASES:
        planned = [name for name, _ in case.plan(case.variables(samples, 0))]
        assert planned and set(planned) <= set(names())
