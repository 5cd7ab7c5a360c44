"""Every GraphQL query of the researcher's page is valid against the committed schema, as the
page sends it: with its feature lists (LINK_FIELDS, MATCH_FIELDS) as they are set in the module,
so switching a feature on is checked too. The page keeps all its query texts in one module,
api/page/src/queries.js; this reads that module's constants and templates."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from graphql import build_schema, parse, validate

REPO = Path(__file__).resolve().parents[2]
MODULE = (REPO / "api" / "page" / "src" / "queries.js").read_text()
SCHEMA = build_schema((REPO / "schema.graphql").read_text())
TEMPLATE = re.compile(r"^(?:export )?const (\w+) = (?:\(\) => )?`(.*?)`;", re.S | re.M)
STRING = re.compile(r'^const (\w+) = "([^"]*)";', re.M)
LIST = re.compile(r"^export const (\w+_FIELDS) = (\[.*?\]);", re.M)
SWITCH = re.compile(r"^export const ([A-Z_]+) = (true|false);", re.M)
#: Queries the page sends only when their switch is on (the field is still to come).
SWITCHED = {"recommendPapers": "RECOMMEND"}


def feature(name: str) -> list[str]:
    found = dict(LIST.findall(MODULE))
    fields: list[str] = json.loads(found[name])
    return fields


def switched_on(name: str) -> bool:
    return dict(SWITCH.findall(MODULE))[name] == "true"


def pieces() -> dict[str, str]:
    """What each `${…}` in a query becomes, as the module computes it."""
    match = feature("MATCH_FIELDS")
    known = {f"{name}": text for name, text in STRING.findall(MODULE)}
    known |= {"links()": " ".join(feature("LINK_FIELDS"))}
    known |= {"match()": f"match {{ {' '.join(match)} }}" if match else ""}
    for name, text in TEMPLATE.findall(MODULE):
        if "query " not in text:
            known[name] = text
    return known


def queries() -> dict[str, str]:
    known = pieces()
    expand = lambda text: re.sub(r"\$\{([\w()]+)\}", lambda m: known[m.group(1)], text)  # noqa: E731
    return {
        name: expand(text)
        for name, text in TEMPLATE.findall(MODULE)
        if "query " in text and (name not in SWITCHED or switched_on(SWITCHED[name]))
    }


def test_the_module_holds_every_view_query() -> None:
    assert {"searchPapers", "paper", "concept", "method", "neighborhood", "themes", "draft"} <= set(
        queries()
    )


@pytest.mark.parametrize("name", sorted(queries()))
def test_each_query_is_valid_against_the_schema(name: str) -> None:
    text = queries()[name]
    assert "${" not in text
    assert validate(SCHEMA, parse(text)) == [], text
