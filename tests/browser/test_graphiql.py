"""GraphiQL as a person uses it: headless Chromium opens /graphql, runs sharedConcepts, reads
the answer on the page. GraphiQL's files are served locally (works without internet)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from neo4j import AsyncDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from papergraph.settings import Settings

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PAIR_SHARING_MOST = """
MATCH (a:Paper)-[:MENTIONS]->(c:Concept)<-[:MENTIONS]-(b:Paper) WHERE a.id < b.id
RETURN a.id AS a, b.id AS b, collect(c.name) AS shared ORDER BY size(shared) DESC, a, b LIMIT 1
"""
pytestmark = pytest.mark.neo4j


async def test_graphiql_runs_shared_concepts_and_shows_the_answer(
    seeded_api: str, driver: AsyncDriver, neo4j_settings: Settings, chrome: Any
) -> None:
    records, _, _ = await driver.execute_query(
        PAIR_SHARING_MOST, database_=neo4j_settings.neo4j_database
    )
    pair = records[0]
    query = f"{{ sharedConcepts(paperA: {json.dumps(pair['a'])}, paperB: {json.dumps(pair['b'])}) {{ name }} }}"
    try:
        chrome.get(f"{seeded_api}#query={quote(query)}")
        wait = WebDriverWait(chrome, 30)
        run = wait.until(lambda c: c.find_element(By.CSS_SELECTOR, ".graphiql-execute-button"))
        run.click()
        wait.until(
            lambda c: "sharedConcepts" in c.find_element(By.CSS_SELECTOR, ".graphiql-response").text
        )
        answer = chrome.find_element(By.CSS_SELECTOR, ".graphiql-response").text
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        chrome.save_screenshot(str(ARTIFACTS / "graphiql-shared-concepts.png"))
    assert all(f'"{name}"' in answer for name in pair["shared"])
    assert "errors" not in answer
