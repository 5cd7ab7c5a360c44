"""The direct query path answers exactly what Strawberry's view answers, and only what it should.

Each request is sent three times to the real app over the seed graph: the first time its text
is new, so Strawberry's view answers (and caches the parsed document); then the direct path
answers when the request is a plain JSON query with a valid, known document (the third time with
what the second worked out about the document). All answers must be the same bytes, status and
content type, errors and ``extensions`` included.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from neo4j import AsyncDriver

from api import create_app
from api._fast_path import QueryPath
from graph.config import Settings
from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import load_papers, read_corpora

pytestmark = pytest.mark.neo4j

PAPER = (
    "query($id: ID!) { paper(id: $id) { id title year "
    "concepts(first: 5) { score concept { key name paperCount } } proposes { key name } } }"
)
NEIGHBORHOOD = (
    "query($id: ID!) { neighborhood(id: $id, hops: 2, limit: 30) "
    "{ nodes { id kind key label } edges { source target type weight } } }"
)
PAGE = (
    "query($first: Int!, $after: String) { papers(first: $first, after: $after) "
    "{ totalCount edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }"
)
TWO_OPERATIONS = "query A { stats { papers } } query B { stats { concepts methods } }"


@pytest.fixture
async def seeded_app(
    driver: AsyncDriver, neo4j_settings: Settings, seed_file: Path
) -> AsyncIterator[tuple[httpx.AsyncClient, list[bool]]]:
    """A client of the app over the seed graph, and the list of what the direct path decided
    for each request it saw (True: it answered; False: it handed the request on)."""
    await load_papers(
        read_corpora([seed_file]).records,
        driver=driver,
        database=neo4j_settings.neo4j_database,
        extractor=SimpleExtractor(dimensions=256),
    )
    decisions: list[bool] = []
    answer = QueryPath._answer

    async def observed(self: QueryPath, *args: Any) -> bytes | None:
        body = await answer(self, *args)
        decisions.append(body is not None)
        return body

    app = create_app(neo4j_settings)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(QueryPath, "_answer", observed)
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://api") as http:
                yield http, decisions


async def first_paper(http: httpx.AsyncClient) -> str:
    body = (
        await http.post(
            "/graphql", json={"query": "{ papers(first: 1) { edges { node { id } } } }"}
        )
    ).json()
    return str(body["data"]["papers"]["edges"][0]["node"]["id"])


def same(a: httpx.Response, b: httpx.Response) -> None:
    assert (a.status_code, a.headers["content-type"], a.content) == (
        b.status_code,
        b.headers["content-type"],
        b.content,
    )


async def thrice(http: httpx.AsyncClient, **request: Any) -> httpx.Response:
    """The last of three answers to ``request``, once all three are found the same."""
    first, *others = [await http.post("/graphql", **request) for _ in range(3)]
    for other in others:
        same(first, other)
    return others[-1]


async def test_known_queries_are_answered_directly_and_identically(
    seeded_app: tuple[httpx.AsyncClient, list[bool]],
) -> None:
    http, decisions = seeded_app
    paper = await first_paper(http)
    requests = [
        {"query": PAPER, "variables": {"id": paper}},
        {"query": NEIGHBORHOOD, "variables": {"id": paper}},
        {"query": PAGE, "variables": {"first": 7, "after": None}},
        {"query": TWO_OPERATIONS, "operationName": "B"},
        {"query": "{ stats { papers concepts } }"},
    ]
    for request in requests:
        decisions.clear()
        body = (await thrice(http, json=request)).json()
        assert decisions == [False, True, True], request
        assert "errors" not in body and body["data"]
        assert body["extensions"]["cypherStatements"] >= 1


async def test_errors_are_the_same_on_the_direct_path(
    seeded_app: tuple[httpx.AsyncClient, list[bool]],
) -> None:
    http, decisions = seeded_app
    failing = [
        # a resolver's error (not found), with its code
        ({"query": NEIGHBORHOOD, "variables": {"id": "no-such-paper"}}, "NOT_FOUND"),
        # over the `first` cap
        ({"query": PAGE, "variables": {"first": 500}}, "BAD_USER_INPUT"),
        # a variable of the wrong type, and a missing one: graphql-core's coercion errors
        ({"query": PAGE, "variables": {"first": "many"}}, "BAD_USER_INPUT"),
        ({"query": PAPER, "variables": {}}, "BAD_USER_INPUT"),
    ]
    for request, code in failing:
        decisions.clear()
        last = await thrice(http, json=request)
        assert decisions[1:] == [True, True], request  # the text may have been seen before
        assert [e["extensions"]["code"] for e in last.json()["errors"]] == [code]


async def test_everything_else_goes_to_strawberry(
    seeded_app: tuple[httpx.AsyncClient, list[bool]],
) -> None:
    http, decisions = seeded_app
    handed_on = [
        # invalid: Strawberry reports it every time
        ({"query": "{ paper(id: 1) { nope } }"}, "BAD_USER_INPUT"),
        # mutations (refused here: no token configured)
        ({"query": 'mutation { deletePaper(id: "x") }'}, "UNAUTHENTICATED"),
        # which of two operations is Strawberry's call, as are request extensions
        ({"query": TWO_OPERATIONS}, None),
        ({"query": "{ stats { papers } }", "extensions": {"persistedQuery": {}}}, None),
    ]
    for request, code in handed_on:
        await http.post("/graphql", json=request)  # seen once: cached if it parsed
        decisions.clear()
        last = await thrice(http, json=request)
        assert decisions == [False, False, False], request
        codes = [e["extensions"]["code"] for e in last.json().get("errors", [])]
        assert codes == ([code] if code else []), request

    # Not JSON, or not a POST: never looked at.
    decisions.clear()
    form = await http.post("/graphql", content=b"query=x", headers={"content-type": "text/plain"})
    assert form.status_code == 400
    get = await http.get("/graphql", params={"query": "{ stats { papers } }"})
    assert get.status_code == 200 and get.json()["data"]["stats"]["papers"] > 0
    assert decisions == []


async def test_variables_that_pick_fields_are_honoured_on_the_direct_path(
    seeded_app: tuple[httpx.AsyncClient, list[bool]],
) -> None:
    http, decisions = seeded_app
    paper = await first_paper(http)
    # `nodes` is completed by the shortcut; which of its fields it has depends on $more.
    query = (
        "query($id: ID!, $more: Boolean!) { neighborhood(id: $id, limit: 5) "
        "{ nodes { id label @include(if: $more) } edges @skip(if: $more) { type } } }"
    )
    answers, decisions[:] = {}, []
    for more in (True, False, True, False):
        body = await thrice(http, json={"query": query, "variables": {"id": paper, "more": more}})
        answers.setdefault(more, body.json()["data"]["neighborhood"])
        assert body.json()["data"]["neighborhood"] == answers[more]
    assert set(answers[True]) == {"nodes"}
    assert {key for node in answers[True]["nodes"] for key in node} == {"id", "label"}
    assert set(answers[False]) == {"nodes", "edges"}
    assert {key for node in answers[False]["nodes"] for key in node} == {"id"}
    assert decisions.count(True) == len(decisions) - 1  # all but the very first


async def test_a_request_without_a_query_is_strawberrys_to_refuse(
    seeded_app: tuple[httpx.AsyncClient, list[bool]], caplog: pytest.LogCaptureFixture
) -> None:
    http, decisions = seeded_app
    response = await http.post("/graphql", json={"variables": {}})
    assert response.status_code == 400  # Strawberry's answer to a missing query
    assert decisions == [False]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]  # not a bug of ours
