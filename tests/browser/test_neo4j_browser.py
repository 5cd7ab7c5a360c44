"""Neo4j Browser as a person uses it: headless Chromium opens the Browser served by the local
Neo4j, connects with the configured credentials, loads the shipped style with ``:style <url>``,
runs a shipped query and sees papers. Also: every ``cypher/browser/*.cypher`` compiles.

Needs Debian's ``chromium`` and ``chromium-driver`` (``scripts/install-browser.sh``).
"""

from __future__ import annotations

import asyncio
import functools
import http.server
import re
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from neo4j import AsyncDriver

from loaders.extraction.simple import SimpleExtractor
from loaders.pipeline import extract_and_write
from loaders.readers import read_corpus
from loaders.records import PaperRecord
from papergraph.settings import Settings
from papergraph.usecases.ingest import settle_graph

REPO = Path(__file__).resolve().parents[2]
BROWSER_DIR = REPO / "cypher" / "browser"
ARTIFACTS = REPO / "test-artifacts"
PAPER_BLUE = "rgb(76, 142, 218)"  # node.Paper colour in style.grass (#4C8EDA)
TOPIC_SAND = "rgb(217, 200, 174)"  # node.Topic colour in style.grass (#D9C8AE)
BROADER_ORANGE = "rgb(243, 105, 36)"  # relationship.BROADER colour in style.grass (#F36924)

# Example parameters for every shipped Browser query (a new query needs an entry here).
EXAMPLES: dict[str, dict[str, Any]] = {
    "paper_and_concepts": {"paperId": "pg-0"},
    "paper_evidence": {"paperId": "pg-0"},
    "shared_concepts_of_two_papers": {"paperA": "pg-0", "paperB": "pg-1"},
    "method_lineage": {"method": "lora", "maxConcepts": 15},
    "top_concepts": {"limit": 25},
    "top_concepts_graph": {"limit": 5},
}
QUERIES = sorted(BROWSER_DIR.glob("*.cypher"))


def statement(path: Path) -> str:
    """The query without its ``//`` header, on one line (as a person pastes it)."""
    lines = [
        line.strip()
        for line in path.read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("//")
    ]
    return " ".join(lines)


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.stem)
def test_each_browser_query_is_documented(path: Path) -> None:
    header = " ".join(line for line in path.read_text().splitlines() if line.startswith("//"))
    assert "params:" in header and "returns:" in header
    assert set(re.findall(r"\$([A-Za-z_]\w*)", statement(path))) == set(EXAMPLES[path.stem])


@pytest.mark.neo4j
@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.stem)
async def test_each_browser_query_compiles(
    path: Path, driver: AsyncDriver, neo4j_settings: Settings
) -> None:
    async with driver.session(database=neo4j_settings.neo4j_database) as session:
        result = await session.run("EXPLAIN " + statement(path), EXAMPLES[path.stem])
        assert (await result.consume()).plan is not None


#: what the store keeps for its own bookkeeping, never drawn: the acronym index, the per-year
#: totals, the lock one topic recomputation holds
INTERNAL = {"AcronymDefinition", "YearTotal", "TopicLock", "DEFINES_ACRONYM"}


def styles() -> dict[str, str]:
    """The shipped style's rules, ``node.<Label>`` or ``relationship.<TYPE>`` → its body."""
    text = (BROWSER_DIR / "style.grass").read_text()
    return dict(re.findall(r"^((?:node|relationship)\.\w+) \{(.*?)^\}", text, flags=re.M | re.S))


@pytest.mark.neo4j
async def test_every_label_and_relationship_type_has_a_colour_and_caption(
    structured: Settings, driver: AsyncDriver
) -> None:
    records, _, _ = await driver.execute_query(
        "CALL db.labels() YIELD label RETURN 'node.' + label AS rule UNION "
        "CALL db.relationshipTypes() YIELD relationshipType AS type "
        "RETURN 'relationship.' + type AS rule",
        database_=structured.neo4j_database,
    )
    drawn = {r["rule"] for r in records} - {
        f"{kind}.{name}" for kind in ("node", "relationship") for name in INTERNAL
    }
    structure = {"node.Topic", *(f"relationship.{t}" for t in ("BROADER", "IN_TOPIC", "HAS_TOPIC"))}
    assert structure <= drawn
    rules = styles()
    for rule in sorted(drawn):
        assert "color:" in rules.get(rule, "") and "caption:" in rules[rule], rule


# -- the browser ------------------------------------------------------------------------------


@pytest.fixture
async def seeded(driver: AsyncDriver, neo4j_settings: Settings) -> Settings:
    records = [
        r
        for r in read_corpus(REPO / "examples" / "iclr2025-seed.txt")
        if isinstance(r, PaperRecord)
    ]
    await extract_and_write(
        records, driver=driver, database=neo4j_settings.neo4j_database, extractor=SimpleExtractor()
    )
    await settle_graph(driver, database=neo4j_settings.neo4j_database)
    return neo4j_settings


class _CorsHandler(http.server.SimpleHTTPRequestHandler):
    """Serves cypher/browser/ to the Browser page, which fetches ``:style`` URLs itself."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Headers", "*")
        self.send_header("Access-Control-Allow-Private-Network", "true")
        super().end_headers()

    def do_OPTIONS(self) -> None:  # the CORS preflight of the Browser's fetch
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # keep the test output clean
        pass


@pytest.fixture
def style_url() -> Iterator[str]:
    """``http://localhost:<port>/style.grass``: localhost is on Neo4j's remote-content allowlist."""
    handler = functools.partial(_CorsHandler, directory=str(BROWSER_DIR))
    with socketserver.TCPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"http://localhost:{server.server_address[1]}/style.grass"
        server.shutdown()


class BrowserPage:
    """The few Neo4j Browser interactions a person performs, by the app's data-testid hooks."""

    def __init__(self, chrome: Any) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        self.chrome = chrome
        self.wait = WebDriverWait(chrome, 30)

    def visible(self, testid: str) -> Any:
        from selenium.webdriver.common.by import By

        def find(chrome: Any) -> Any:
            found = chrome.find_elements(By.CSS_SELECTOR, f"[data-testid={testid}]")
            return next((e for e in found if e.is_displayed()), False)

        return self.wait.until(find)

    def connect(self, settings: Settings) -> None:
        from selenium.webdriver.common.keys import Keys

        address = self.visible("boltaddress")
        address.send_keys(Keys.CONTROL, "a", Keys.DELETE)
        address.send_keys(f"bolt://{settings.bolt_host}:{settings.bolt_port}")
        self.visible("username").send_keys(settings.neo4j_user)
        self.visible("password").send_keys(settings.neo4j_auth()[1])
        self.visible("connect").click()
        self.wait.until(lambda c: "neo4j$" in self.visible("activeEditor").text)  # connected

    def run(self, text: str) -> None:
        from selenium.webdriver.common.keys import Keys

        self.visible("activeEditor").click()
        editor = self.chrome.switch_to.active_element
        editor.send_keys(Keys.CONTROL, "a", Keys.DELETE)
        editor.send_keys(text)
        self.visible("editor-Run").click()
        self.wait.until(
            lambda c: any(
                e.text.strip()[:30] == text[:30]
                for e in c.find_elements("css selector", "[data-testid=frameCommand]")
            )
        )

    def label_chip(self, label: str) -> Any:
        return self.visible(f"property-details-overview-node-label-{label}")

    def type_chip(self, rel_type: str) -> Any:
        return self.visible(f"property-details-overview-relationship-type-{rel_type}")


def coloured(chip: Any, rgb: str) -> bool:
    """Whether a Browser chip's background is ``rgb`` (Chromium may write it as ``rgba``)."""
    colour = chip.value_of_css_property("background-color")
    return colour in {rgb, rgb.replace("rgb(", "rgba(").replace(")", ", 1)")}


@pytest.mark.neo4j
async def test_browser_shows_papers_of_a_shipped_query(
    seeded: Settings, driver: AsyncDriver, chrome: Any, style_url: str
) -> None:
    query = statement(BROWSER_DIR / "top_concepts_graph.cypher")
    records, _, _ = await driver.execute_query(
        f"CALL () {{ {query} }} RETURN count(DISTINCT p) AS papers",
        {"limit": 5},
        database_=seeded.neo4j_database,
    )
    papers = records[0]["papers"]
    assert papers > 0

    page = BrowserPage(chrome)
    try:
        chrome.get(seeded.browser_url)
        page.connect(seeded)
        page.run(f":style {style_url}")
        page.run(":param limit => 5")
        page.run(query)
        chip = page.label_chip("Paper")
        page.wait.until(lambda _: chip.text.strip() == f"Paper ({papers})")
        page.wait.until(lambda c: len(c.find_elements("css selector", "svg g.node")) > papers)
    finally:  # what a person would have seen, also when the test fails
        ARTIFACTS.mkdir(exist_ok=True)
        chrome.save_screenshot(str(ARTIFACTS / "neo4j-browser-top-concepts.png"))
    assert coloured(chip, PAPER_BLUE)


@pytest.mark.neo4j
async def test_browser_draws_topics_and_the_hierarchy_in_the_shipped_style(
    structured: Settings, chrome: Any, style_url: str
) -> None:
    query = (
        "MATCH (n:Concept)-[b:BROADER]->(c:Concept) OPTIONAL MATCH (c)-[i:IN_TOPIC]->(t:Topic) "
        "RETURN n, b, c, i, t LIMIT 10"
    )
    page = BrowserPage(chrome)
    try:
        chrome.get(structured.browser_url)
        page.connect(structured)
        page.run(f":style {style_url}")
        page.run(query)
        topic, broader = page.label_chip("Topic"), page.type_chip("BROADER")
        page.wait.until(lambda _: coloured(topic, TOPIC_SAND))
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        chrome.save_screenshot(str(ARTIFACTS / "neo4j-browser-topics.png"))
    assert coloured(broader, BROADER_ORANGE)


@pytest.mark.neo4j
async def test_paper_query_draws_only_the_papers_own_edges(
    seeded: Settings, driver: AsyncDriver, chrome: Any
) -> None:
    # The paper whose methods are RELATED_TO the most of its concepts: the edges to keep out.
    records, _, _ = await driver.execute_query(
        """
        MATCH (p:Paper)-[:PROPOSES|USES]->(m:Method)-[:RELATED_TO]->(c:Concept)<-[:MENTIONS]-(p)
        WITH p, count(*) AS derived ORDER BY derived DESC, p.id LIMIT 1
        MATCH (p)-[r:MENTIONS|PROPOSES|USES]->()
        RETURN p.id AS id, derived, count(r) AS own""",
        database_=seeded.neo4j_database,
    )
    paper = records[0]
    assert paper["derived"] > 0
    query = statement(BROWSER_DIR / "paper_and_concepts.cypher")
    page = BrowserPage(chrome)

    def drawn_edges() -> int:
        return len(chrome.find_elements("css selector", "svg g.relationship"))

    try:
        chrome.get(seeded.browser_url)
        page.connect(seeded)
        page.run(":config autoComplete: false")  # as the query's header and the README say
        page.run(f":param paperId => '{paper['id']}'")
        page.run(query)
        page.wait.until(lambda _: drawn_edges() >= paper["own"])
        await asyncio.sleep(
            2
        )  # connecting the result nodes is a second fetch; it would land by now
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        chrome.save_screenshot(str(ARTIFACTS / "neo4j-browser-paper-and-concepts.png"))
    assert drawn_edges() == paper["own"]
