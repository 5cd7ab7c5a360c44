"""Checks that every extracted edge's evidence indexes the stored paper text exactly: a
paper's MENTIONS, PROPOSES and USES, and each VARIANT_OF in the text of the paper it names."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from neo4j import AsyncDriver

from papergraph.settings import Settings

EVIDENCE = (
    "evidenceField",
    "evidenceStart",
    "evidenceEnd",
    "evidenceText",
    "sentence",
    "sentenceStart",
    "sentenceEnd",
)
_EDGES = """
MATCH (p:Paper)-[r:MENTIONS|PROPOSES|USES]->(n)
RETURN p.id AS paper, p.abstract AS abstract, p.title AS title, type(r) AS type,
       r.source AS source, n.key AS key, n.name AS name, n.aliases AS aliases,
       r {.evidenceField, .evidenceStart, .evidenceEnd, .evidenceText, .sentence,
          .sentenceStart, .sentenceEnd} AS evidence
UNION ALL
MATCH (v:Method)-[r:VARIANT_OF]->(b:Method)
OPTIONAL MATCH (p:Paper {id: r.paperId})
RETURN p.id AS paper, p.abstract AS abstract, p.title AS title, type(r) AS type,
       null AS source, v.key + '>' + b.key AS key, v.name AS name,
       v.aliases + [b.key, b.name] + b.aliases AS aliases,
       r {.evidenceField, .evidenceStart, .evidenceEnd, .evidenceText, .sentence,
          .sentenceStart, .sentenceEnd} AS evidence
"""


async def extracted_edges(driver: AsyncDriver, settings: Settings) -> list[dict[str, Any]]:
    records, _, _ = await driver.execute_query(_EDGES, database_=settings.neo4j_database)
    return [r.data() for r in records]


def letters(text: str) -> str:
    """Lowercase letters and digits only, accents and LaTeX control words removed."""
    text = re.sub(r"\\[A-Za-z]+", "", unicodedata.normalize("NFKD", text))
    return "".join(c for c in text.lower() if c.isalnum() and not unicodedata.combining(c))


def evidence_problem(edge: dict[str, Any]) -> str | None:
    """Why an edge's evidence does not check against its paper's stored text, or ``None``."""
    ev = edge["evidence"]
    if edge["paper"] is None:
        return "no paper says so"
    if ev["evidenceField"] is None:
        ok = edge["type"] == "MENTIONS" and edge["source"] == "author"
        return None if ok else "no evidence"
    stored = edge[ev["evidenceField"]]
    start, end = ev["evidenceStart"], ev["evidenceEnd"]
    first, last = ev["sentenceStart"], ev["sentenceEnd"]
    if not (0 <= first <= start < end <= last <= len(stored)):
        return f"offsets out of order: {first} {start} {end} {last}"
    if stored[start:end] != ev["evidenceText"] or stored[first:last] != ev["sentence"]:
        return "offsets do not index the stored text"
    found = letters(ev["evidenceText"])
    # a VARIANT_OF's phrase names the variant (OPT-13B, its long form) or its base ("extends X")
    names = {letters(n) for n in [edge["name"], *edge["key"].split(">"), *(edge["aliases"] or [])]}
    if not any(found == n or found in (n + "s", n + "es") for n in names):
        return f"{ev['evidenceText']!r} is none of {sorted(names)}"
    return None


async def evidence_problems(driver: AsyncDriver, settings: Settings) -> list[tuple[Any, ...]]:
    """Every extracted edge whose evidence does not check, with the reason."""
    edges = await extracted_edges(driver, settings)
    assert edges, "no extracted edges"
    return [
        (e["paper"], e["type"], e["key"], problem)
        for e in edges
        if (problem := evidence_problem(e)) is not None
    ]
