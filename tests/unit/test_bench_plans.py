"""The benchmarks send the API's own Cypher directly beside each query: every statement they
send must get every parameter its file uses, or the side-by-side run fails when a statement
grows a parameter (as `$author` and `$maxCiters` did)."""

from __future__ import annotations

import re

import pytest

from bench import api, themes
from graph.cypher import query

SAMPLES = api.Samples(
    papers=("p1", "p2"),
    concepts=("c1", "c2"),
    pairs=(("p1", "p2"),),
    texts=(("t1", (1.0, 0.0)),),
    methods=("m1", "m2"),
)
THEMES = themes.Params(samples=SAMPLES, topics=("t1",), rising=("c1",))
PARAMETER = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")


def _used(name: str) -> set[str]:
    text = "\n".join(
        line.split("//", 1)[0] for line in query(name).splitlines()
    )  # comments name parameters in prose
    return set(PARAMETER.findall(text))


def _plans() -> list[tuple[str, str, dict[str, object]]]:
    plans = []
    for case in api.CASES:
        for name, params in case.plan(case.variables(SAMPLES, 0), SAMPLES):
            plans.append((case.name, name, params))
    for theme in themes.CASES:
        for name, params in theme.plan(THEMES, 0):
            plans.append((theme.name, name, params))
    return plans


@pytest.mark.parametrize(("case", "statement", "params"), _plans())
def test_every_direct_statement_gets_every_parameter_it_uses(
    case: str, statement: str, params: dict[str, object]
) -> None:
    assert _used(statement) <= set(params), f"{case}: {statement} misses parameters"
