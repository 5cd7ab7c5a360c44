"""The heavy fields are bounded over real HTTP (uvicorn): ``analyzeText`` by a text cap, a cost
per alias, one analysis at a time with a time bound, other clients' queries answered meanwhile;
introspection by its cost, so a flood of aliased ``__schema`` is refused before it runs."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

import httpx
import pytest
from _uvicorn import serving
from neo4j import AsyncDriver

from api import _extractor, create_app
from api._extractor import TEXT_LIMIT
from graph.schema import DEFAULT_EMBEDDING_DIMENSIONS
from loaders.extraction import Document, Extraction
from loaders.extraction.simple import SimpleExtractor
from papergraph.settings import Settings

pytestmark = pytest.mark.neo4j

DRAFT = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)
ANALYZE = "{ a: analyzeText(text: $t) { concepts { key } } }"


class SlowExtractor(SimpleExtractor):
    """The small extractor, taking ``seconds`` per extraction (a long text on a busy CPU)."""

    built = 0

    def __init__(self, seconds: float = 0.0) -> None:
        super().__init__(dimensions=DEFAULT_EMBEDDING_DIMENSIONS)
        self.seconds = seconds
        SlowExtractor.built += 1

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        time.sleep(self.seconds)
        return super().extract(docs)


async def post(url: str, query: str, text: str = DRAFT) -> dict[str, object]:
    variables = {"t": text} if "$t" in query else {}
    document = f"query($t: String!) {query}" if "$t" in query else query
    async with httpx.AsyncClient(timeout=60) as http:
        response = await http.post(url, json={"query": document, "variables": variables})
    body: dict[str, object] = response.json()
    return body


def code(body: dict[str, object]) -> str:
    errors = body.get("errors")
    assert isinstance(errors, list) and errors, body
    return str(errors[0]["extensions"]["code"])


async def test_a_text_over_the_cap_is_refused_without_running_the_models(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    SlowExtractor.built = 0
    app = create_app(neo4j_settings, extractor_factory=SlowExtractor)
    async with serving(app) as url:
        long = await post(url, ANALYZE, text="graph " * (TEXT_LIMIT // 6 + 1))
        similar = await post(url, "{ similarPapers(text: $t) { score } }", text="x" * 10_001)
        fine = await post(url, ANALYZE)
    assert code(long) == "BAD_USER_INPUT" and str(TEXT_LIMIT)[:2] in str(long["errors"])
    assert code(similar) == "BAD_USER_INPUT"
    assert "errors" not in fine and SlowExtractor.built == 1


async def test_aliases_of_analyze_text_count_in_the_query_cost(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    SlowExtractor.built = 0
    app = create_app(neo4j_settings, extractor_factory=SlowExtractor)
    aliases = " ".join(f"a{i}: analyzeText(text: $t) {{ concepts {{ key }} }}" for i in range(10))
    async with serving(app) as url:
        started = time.perf_counter()
        body = await post(url, f"{{ {aliases} }}")
        took = time.perf_counter() - started
    assert code(body) == "QUERY_TOO_COSTLY" and took < 2 and SlowExtractor.built == 0


async def test_one_analysis_at_a_time_bounded_in_time_while_other_queries_answer(
    driver: AsyncDriver, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_extractor, "ANALYSIS_SECONDS", 1.0)
    monkeypatch.setattr(_extractor, "ANALYSIS_WAIT_SECONDS", 0.5)
    app = create_app(neo4j_settings, extractor_factory=lambda: SlowExtractor(seconds=3.0))
    async with serving(app) as url:
        started = time.perf_counter()
        first = asyncio.create_task(post(url, ANALYZE))
        await asyncio.sleep(0.3)
        second = asyncio.create_task(post(url, ANALYZE))
        stats_started = time.perf_counter()
        stats = await post(url, "{ stats { papers } }")
        stats_took = time.perf_counter() - stats_started
        answers = await asyncio.gather(first, second)
        took = time.perf_counter() - started
    assert "errors" not in stats and stats_took < 1.0
    assert [code(a) for a in answers] == ["TIMEOUT", "TIMEOUT"]
    assert took < 2.5  # answered at the bound, not after the 3 s extraction


INTROSPECTION = "__schema { types { name fields { name args { name } type { name } } } }"


async def test_aliased_introspection_is_refused_at_once_and_one_still_answers(
    driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    app = create_app(neo4j_settings, extractor_factory=SlowExtractor)
    flood = " ".join(f"s{i}: {INTROSPECTION}" for i in range(20))
    async with serving(app) as url:
        started = time.perf_counter()
        refused = await post(url, f"{{ {flood} }}")
        took = time.perf_counter() - started
        one = await post(url, f"{{ {INTROSPECTION} }}")
    assert code(refused) == "QUERY_TOO_COSTLY" and took < 1.0
    assert "errors" not in one
