"""The researcher's page as a person uses it: headless Chromium on a real uvicorn over the seed
graph. Search, open a paper and find its proposed method marked where the paper writes it; walk
the graph view; open a concept, a deep link, a map of several seeds and a draft. Screenshots of
each page land in test-artifacts/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DYAUG_PAPER = """{ papers(method: "DyAug", first: 1) { edges { node { id abstract
  methodMentions { relation method { key name } evidence { field start end text } } } } } }"""
pytestmark = pytest.mark.neo4j


def ask(graphql: str, query: str, **variables: Any) -> dict[str, Any]:
    answer = httpx.post(graphql, json={"query": query, "variables": variables}, timeout=30)
    body: dict[str, Any] = answer.json()
    assert "errors" not in body, body
    return body["data"]


def dyaug_paper(graphql: str) -> dict[str, Any]:
    node: dict[str, Any] = ask(graphql, DYAUG_PAPER)["papers"]["edges"][0]["node"]
    return node


def until(chrome: Any, check: Callable[[Any], Any], timeout: float = 30) -> Any:
    return WebDriverWait(chrome, timeout).until(check)


def shot(chrome: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    chrome.save_screenshot(str(ARTIFACTS / f"page-{name}.png"))


def ready(chrome: Any) -> Any:
    """Wait until the page has rendered the current address (the app marks it on #app)."""
    return until(chrome, lambda c: c.execute_script(
        "const app = document.getElementById('app');"
        "return app.dataset.ready === location.pathname + location.search && app.childElementCount > 0"
    ))  # fmt: skip


# The abstract's text at each mark's offsets, counted in code points as the API counts them.
MARKS_AT_OFFSETS = """
const points = Array.from(arguments[0]);
return [...document.querySelectorAll('#abstract mark.hl')].map((m) => [
  m.textContent, points.slice(+m.dataset.start, +m.dataset.end).join(''),
  +m.dataset.start, +m.dataset.end, m.dataset.names, m.className]);
"""


def test_search_then_the_paper_marks_its_proposed_method_at_its_evidence(
    seeded_api: str, chrome: Any
) -> None:
    base = seeded_api.removesuffix("/graphql")
    paper = dyaug_paper(seeded_api)
    proposed = next(m for m in paper["methodMentions"] if m["method"]["name"] == "DyAug")
    try:
        chrome.get(f"{base}/")
        ready(chrome)
        box = chrome.find_element(By.CSS_SELECTOR, "input[name=q]")
        box.send_keys("DyAug", Keys.ENTER)  # the keyboard alone searches
        hit = until(
            chrome,
            lambda c: c.find_element(By.CSS_SELECTOR, f"#results a[href='/paper/{paper['id']}']"),
        )
        why = hit.find_element(By.XPATH, "ancestor::li").find_element(By.CSS_SELECTOR, ".why").text
        shot(chrome, "search")
        hit.click()
        until(chrome, lambda c: c.current_url.endswith(f"/paper/{paper['id']}"))
        ready(chrome)
        marks = chrome.execute_script(MARKS_AT_OFFSETS, paper["abstract"])
        dyaug = chrome.find_element(By.CSS_SELECTOR, "#abstract mark.hl.proposes")
        ActionChains(chrome).move_to_element(dyaug).perform()
        note = chrome.find_element(By.CSS_SELECTOR, ".evidence-note").text
        shot(chrome, "paper")
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
    assert "DyAug" in why
    evidence = proposed["evidence"]
    assert [evidence["start"], evidence["end"]] in [
        [m[2], m[3]] for m in marks if "DyAug" in m[4].split("|")
    ]
    assert dyaug.text == evidence["text"] == "DyAug" and "proposes" in dyaug.get_attribute("class")
    # Every mark shows exactly the abstract's text at its offsets.
    assert marks and all(shown == at_offsets for shown, at_offsets, *_ in marks)
    assert "DyAug" in note and "proposed" in note


def test_the_graph_view_draws_nodes_and_a_click_opens_the_node(
    seeded_api: str, chrome: Any
) -> None:
    base = seeded_api.removesuffix("/graphql")
    paper = dyaug_paper(seeded_api)
    chrome.get(f"{base}/paper/{quote(paper['id'])}")
    ready(chrome)
    until(
        chrome, lambda c: int(c.find_element(By.ID, "graph").get_attribute("data-nodes") or 0) > 5
    )
    canvas = chrome.find_element(By.CSS_SELECTOR, "#graph .graph-canvas")
    chrome.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
    shot(chrome, "paper-graph")
    kinds = chrome.execute_script(
        "return window.papergraph.graph.nodes().map((n) => n.data('kind'))"
    )
    drawn = len(kinds)
    # Right-click a related paper: its own concepts and methods join the view.
    x, y = chrome.execute_script(
        "const p = window.papergraph.graph.nodes('[kind = \"PAPER\"][!seed]')[0].renderedPosition();"
        "return [p.x, p.y]"
    )
    at = (int(x - canvas.size["width"] / 2), int(y - canvas.size["height"] / 2))
    ActionChains(chrome).move_to_element_with_offset(canvas, *at).context_click().perform()
    until(chrome, lambda c: int(c.find_element(By.ID, "graph").get_attribute("data-nodes")) > drawn)
    shot(chrome, "paper-graph-expanded")
    x, y = chrome.execute_script(
        "const p = window.papergraph.graph.getElementById('method:dyaug').renderedPosition();"
        "return [p.x, p.y]"
    )
    ActionChains(chrome).move_to_element_with_offset(
        canvas, int(x - canvas.size["width"] / 2), int(y - canvas.size["height"] / 2)
    ).click().perform()
    until(chrome, lambda c: c.current_url.endswith("/method/dyaug"))
    ready(chrome)
    heading = chrome.find_element(By.TAG_NAME, "h1").text
    proposers = [
        a.get_attribute("href") for a in chrome.find_elements(By.CSS_SELECTOR, "#papers a")
    ]
    shot(chrome, "method")
    assert {"PAPER", "CONCEPT", "METHOD"} <= set(kinds)
    assert heading == "DyAug" and proposers == [f"{base}/paper/{paper['id']}"]


METHOD_KIND = """{ method(name: "DyAug") { key kind kindReason { rule papers typed } } }"""


def test_a_method_page_says_why_it_has_its_kind(seeded_api: str, chrome: Any) -> None:
    base = seeded_api.removesuffix("/graphql")
    method = ask(seeded_api, METHOD_KIND)["method"]
    chrome.get(f"{base}/method/{quote(method['key'])}")
    ready(chrome)
    said = chrome.find_element(By.ID, "kind-reason").text
    reason = method["kindReason"]
    assert said.startswith(f"A {method['kind'].lower()} by {reason['papers']} of the")
    assert f"{reason['typed']} papers saying what it is" in said and reason["rule"] in said


CONCEPT_WITH_MOST_PAPERS = """{ concepts(first: 1) { edges { node { key name paperCount
  papers(first: 30) { edges { node { id } } } } } } }"""


def test_a_concept_deep_link_loads_its_papers(seeded_api: str, chrome: Any) -> None:
    base = seeded_api.removesuffix("/graphql")
    concept = ask(seeded_api, CONCEPT_WITH_MOST_PAPERS)["concepts"]["edges"][0]["node"]
    chrome.get(f"{base}/concept/{quote(concept['key'])}")  # straight in, not from another page
    ready(chrome)
    hrefs = [a.get_attribute("href") for a in chrome.find_elements(By.CSS_SELECTOR, "#papers a")]
    heading = chrome.find_element(By.TAG_NAME, "h1").text
    chart = chrome.find_elements(By.CSS_SELECTOR, "svg.trend rect.bar")
    shot(chrome, "concept")
    assert heading == concept["name"] and concept["paperCount"] >= 2
    assert sorted(hrefs) == sorted(
        f"{base}/paper/{e['node']['id']}" for e in concept["papers"]["edges"]
    )
    assert chart, "the trend by year is drawn"


def test_a_search_deep_link_fills_the_form_and_lists_hits(seeded_api: str, chrome: Any) -> None:
    base = seeded_api.removesuffix("/graphql")
    expected = ask(
        seeded_api, '{ papers(search: "graph", venue: "ICLR", first: 100) { totalCount } }'
    )
    chrome.get(f"{base}/search?q=graph&venue=ICLR&from=2025&to=2025")
    ready(chrome)
    hits = chrome.find_elements(By.CSS_SELECTOR, "#results .hit")
    query = chrome.find_element(By.CSS_SELECTOR, "input[name=q]").get_attribute("value")
    assert query == "graph" and len(hits) == expected["papers"]["totalCount"] > 0


def test_a_map_grows_from_several_pinned_seeds(seeded_api: str, chrome: Any) -> None:
    base = seeded_api.removesuffix("/graphql")
    ids = [
        e["node"]["id"]
        for e in ask(seeded_api, "{ papers(first: 3) { edges { node { id } } } }")["papers"][
            "edges"
        ]
    ]
    chrome.get(f"{base}/graph?" + "&".join(f"seed={quote(i)}" for i in ids))
    ready(chrome)
    until(
        chrome,
        lambda c: int(c.find_element(By.ID, "graph").get_attribute("data-nodes") or 0) > len(ids),
    )
    seeds = chrome.execute_script(
        "return window.papergraph.graph.nodes('[?seed]').map((n) => n.data('key'))"
    )
    shot(chrome, "map")
    assert sorted(seeds) == sorted(ids)


def test_a_pasted_draft_lists_its_nearest_papers(seeded_api: str, chrome: Any) -> None:
    base = seeded_api.removesuffix("/graphql")
    paper = dyaug_paper(seeded_api)
    chrome.get(f"{base}/draft")
    ready(chrome)
    chrome.find_element(By.ID, "draft-text").send_keys(paper["abstract"])
    chrome.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    until(chrome, lambda c: c.find_elements(By.CSS_SELECTOR, "#nearest li a"))
    nearest = [
        a.get_attribute("href") for a in chrome.find_elements(By.CSS_SELECTOR, "#nearest li a")
    ]
    reasons = [p.text for p in chrome.find_elements(By.CSS_SELECTOR, "#nearest .why")]
    shot(chrome, "draft")
    expected = ask(
        seeded_api,
        "query($t: String!) { analyzeText(text: $t) { related { paper { id } } } }",
        t=paper["abstract"],
    )
    assert nearest == [
        f"{base}/paper/{r['paper']['id']}" for r in expected["analyzeText"]["related"]
    ]
    assert all(reasons)


def test_themes_list_the_topics_and_lead_to_their_concepts(seeded_api: str, chrome: Any) -> None:
    base = seeded_api.removesuffix("/graphql")
    topics = ask(
        seeded_api,
        "{ topics(first: 30) { edges { node { name concepts(first: 8) { key name } } } } }",
    )
    first = topics["topics"]["edges"][0]["node"]
    chrome.get(f"{base}/themes")
    ready(chrome)
    names = [h.text for h in chrome.find_elements(By.CSS_SELECTOR, ".topic h3")]
    shot(chrome, "themes")
    chrome.find_element(By.CSS_SELECTOR, ".topic a.concept").send_keys(Keys.ENTER)  # by keyboard
    until(
        chrome, lambda c: c.current_url.endswith(f"/concept/{quote(first['concepts'][0]['key'])}")
    )
    ready(chrome)
    assert names == [e["node"]["name"] for e in topics["topics"]["edges"]]
    assert chrome.find_element(By.TAG_NAME, "h1").text == first["concepts"][0]["name"]
