"""The layering rules of STYLE.md, checked on the source: api -> graph -> cypher, loaders -> graph."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def imports_of(package: str) -> dict[Path, set[str]]:
    found: dict[Path, set[str]] = {}
    for path in (REPO / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module.split(".")[0])
        found[path] = names
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("api", {"neo4j"}),
        ("graph", {"strawberry", "starlette", "api", "loaders", "uvicorn"}),
        ("loaders", {"api", "strawberry", "starlette"}),
    ],
)
def test_dependencies_point_one_way(package: str, forbidden: set[str]) -> None:
    offenders = {
        str(p.relative_to(REPO)): sorted(names & forbidden)
        for p, names in imports_of(package).items()
        if names & forbidden
    }
    assert offenders == {}


def test_only_the_settings_module_reads_the_environment() -> None:
    readers = [
        str(p.relative_to(REPO))
        for pkg in ("graph", "api", "loaders", "papergraph")
        for p in (REPO / pkg).rglob("*.py")
        if re.search(r"os\.environ(\.get\b|\[)|os\.getenv", p.read_text(encoding="utf-8"))
    ]
    assert readers == ["graph/local_neo4j.py"]  # passes JAVA_HOME/PATH through to java only


def test_api_holds_no_cypher() -> None:
    cypher = re.compile(r"\b(MATCH|MERGE)\s*\(")
    offenders = [str(p) for p in (REPO / "api").rglob("*.py") if cypher.search(p.read_text())]
    assert offenders == []
