"""The layering rules of STYLE.md, checked on the source.

Which of our packages imports which (``MAY_IMPORT``, the whole graph as it is)::

    papergraph (the CLI) ──► api ──► graph ──► cypher/*.cypher (read by graph.cypher)
    papergraph ──► loaders ──► graph          api ──► loaders (record checks, extractor types)
    api ──► papergraph.usecases.ingest, papergraph.usecases.analyze (the use cases, nothing else of papergraph)
    bench ──► api, graph, loaders             scripts ──► loaders

Each reaches another only through its public names (no ``_private`` module of another
package), by name (no module aliases), and library code leaves the process's state alone.
"""

from __future__ import annotations

import ast
import importlib.util
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


#: The packages each package may import: every edge of the graph above, and no other.
MAY_IMPORT = {
    "graph": {"papergraph"},  # the store: neo4j; papergraph: the settings, the error tree
    "loaders": {"graph", "papergraph"},  # readers and extraction, writing through graph.writes
    "api": {"graph", "loaders", "papergraph"},  # papergraph: the use cases only (below)
    "papergraph": {"api", "graph", "loaders"},  # the CLI and the use cases, on top
    "bench": {"api", "graph", "loaders", "papergraph"},  # papergraph: the CLI's quiet settings
    "scripts": {"loaders"},
}
OURS = set(MAY_IMPORT)


def our_imports(package: str) -> dict[Path, set[str]]:
    """Full names of the modules of our other packages that each file of ``package`` imports."""
    return {
        path: {name for name in modules_imported_by(path) if name.split(".")[0] in OURS - {package}}
        for path in (REPO / package).rglob("*.py")
    }


def test_the_packages_import_each_other_as_stated() -> None:
    graph = {
        package: {name.split(".")[0] for names in our_imports(package).values() for name in names}
        for package in MAY_IMPORT
    }
    assert graph == MAY_IMPORT


def test_other_packages_are_reached_through_their_public_names() -> None:
    private = {
        f"{path.relative_to(REPO)}: {name}"
        for package in MAY_IMPORT
        for path, names in our_imports(package).items()
        for name in names
        if any(part.startswith("_") for part in name.split("."))
    }
    assert private == set()


def module_aliases(path: Path) -> set[str]:
    """``import a.b as c`` and ``from a import b as c`` where ``a.b`` is one of our modules."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {f"{a.name} as {a.asname}" for a in node.names if a.asname}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{a.name} as {a.asname}" for a in node.names if a.asname}
    return {name for name in found if _is_our_module(name.split(" ")[0])}


def _is_our_module(name: str) -> bool:
    if name.split(".")[0] not in OURS:
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.parametrize(
    "package", ["graph", "api", "papergraph", "loaders", "bench", "scripts", "tests"]
)
def test_no_module_alias_hides_calls_from_grep(package: str) -> None:
    """``from graph.queries import find_papers``, not ``q.find_papers``: grep finds callers."""
    aliases = {
        f"{path.relative_to(REPO)}: {alias}"
        for path in (REPO / package).rglob("*.py")
        for alias in module_aliases(path)
    }
    assert aliases == set()


_PROCESS_STATE = re.compile(
    r"sys\.modules\s*\[[^]]*\]\s*=(?!=)|sys\.modules\.(setdefault|update|pop)\b"
    r"|os\.environ\s*\[[^]]*\]\s*=(?!=)|os\.environ\.(setdefault|update|pop)\b|os\.putenv"
)


def test_library_code_leaves_the_process_state_alone() -> None:
    """Only the CLI (papergraph/cli/typer_app.py) may set environment variables, for its libraries'
    switches; graph, loaders and api change neither the environment nor ``sys.modules``."""
    offenders = [
        str(p.relative_to(REPO))
        for pkg in ("graph", "api", "loaders")
        for p in (REPO / pkg).rglob("*.py")
        if _PROCESS_STATE.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@pytest.mark.parametrize(
    "line",
    [
        "sys.modules['torch'] = None",
        "sys.modules.setdefault(module, None)",
        'os.environ["TQDM_DISABLE"] = "1"',
        "os.environ.setdefault(name, value)",
    ],
)
def test_the_process_state_pattern_catches_each_change(line: str) -> None:
    assert _PROCESS_STATE.search(line)


@pytest.mark.parametrize(
    "line",
    ["if sys.modules['torch'] == None:", "os.environ.get('JAVA_HOME')", "{**os.environ}"],
)
def test_the_process_state_pattern_lets_reads_through(line: str) -> None:
    assert not _PROCESS_STATE.search(line)


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


def modules_imported_by(path: Path) -> set[str]:
    """Full names of the absolute imports of one file (``from a.b import c`` gives ``a.b``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_api_reaches_papergraph_only_through_the_use_cases() -> None:
    """``ingestPapers`` runs the ingest ``papergraph load`` runs and ``analyzeText`` the draft
    analysis ``papergraph analyze`` runs; the rest of ``papergraph/`` is the CLI, which sits
    above the API."""
    reached = {
        name
        for path in (REPO / "api").rglob("*.py")
        for name in modules_imported_by(path)
        if name.split(".")[0] == "papergraph"
    }
    assert reached == {"papergraph.usecases.ingest", "papergraph.usecases.analyze"}
    ingest_imports = {
        n.split(".")[0] for n in modules_imported_by(REPO / "papergraph/usecases/ingest.py")
    }
    assert ingest_imports & {"api", "papergraph", "strawberry", "starlette", "typer"} == set()
    analyze_imports = modules_imported_by(REPO / "papergraph/usecases/analyze.py")
    assert {n for n in analyze_imports if n.startswith("papergraph")} == {
        "papergraph.usecases.ingest"
    }
    assert {n.split(".")[0] for n in analyze_imports} & {"api", "strawberry", "typer"} == set()


def test_only_the_settings_module_reads_the_environment() -> None:
    readers = [
        str(p.relative_to(REPO))
        for pkg in ("graph", "api", "loaders", "papergraph")
        for p in (REPO / pkg).rglob("*.py")
        if re.search(r"os\.environ(\.get\b|\[)|os\.getenv", p.read_text(encoding="utf-8"))
    ]
    assert readers == [
        "papergraph/cli/local_neo4j.py"
    ]  # passes JAVA_HOME/PATH through to java only


def test_api_holds_no_cypher() -> None:
    cypher = re.compile(r"\b(MATCH|MERGE)\s*\(")
    offenders = [str(p) for p in (REPO / "api").rglob("*.py") if cypher.search(p.read_text())]
    assert offenders == []


# Tests read only what the repository ships: a fresh clone has no shared folder beside it, and
# the ICLR corpora there are third-party data (tests build look-alikes, see tests/_corpora.py).
# Every file under tests/ is scanned but this one, whose examples below must match (they are
# split into pieces so that a plain grep for such paths does not flag this file).
OUTSIDE_DATA = re.compile(
    r"\.\./shared"
    r"|PAPERGRAPH_SHARED" + r"_DIR"
    r"|(?<![\w-])shared/"  # a path through a folder named shared, to its data or its seeds
    r"|/\s*[\"']shared[\"']|[\"']shared[\"']\s*/"  # Path(...) / "shared", "shared" / "data"
    r"|join\([^)]*[\"']shared[\"']"  # os.path.join(..., "shared")
    r"|000_b2d57e068ab17da3"  # the shared seed's file name (the repository's copy is examples/)
    r"|iclr20(21|24|25)\.jsonl"  # the shared corpora's file names
)


@pytest.mark.parametrize(
    "line",
    [
        'SHARED = Path(os.environ.get("PAPERGRAPH_SHARED' + '_DIR", "x"))',
        'Path(__file__).parents[3] / "shared"',
        "REPO.parent / 'shared' / 'data'",
        'os.path.join(REPO, "..", "shared", "data")',
        'read_corpus("../sha' + "red/see" + 'ds/x.txt")',
        'gzip.open("/work/sha' + "red/da" + 'ta/x.gz")',
        'SEED = SEEDS / "000_b2d57e068ab17da3.txt"',
        'ICLR2025 = DATA / "iclr2025.jsonl.gz"',
    ],
)
def test_the_outside_data_pattern_catches_each_way_in(line: str) -> None:
    assert OUTSIDE_DATA.search(line)


@pytest.mark.parametrize(
    "line",
    [
        "{ sharedConcepts(paperA: $a, paperB: $b) { key } }",
        'assert all(f\'"{name}"\' in answer for name in pair["shared"])',
        "shared = await q.shared_concepts(reader, paper_a='p1', paper_b='p2')",
        'ARTIFACTS / "graphiql-shared-concepts.png"',
        'tmp_path_factory.mktemp("corpora") / "iclr2025-style.jsonl.gz"',
    ],
)
def test_the_outside_data_pattern_lets_ordinary_words_through(line: str) -> None:
    assert not OUTSIDE_DATA.search(line)


def test_no_test_reads_data_from_outside_the_repository() -> None:
    files = [
        path
        for path in sorted((REPO / "tests").rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
        if path.resolve() != Path(__file__).resolve()
    ]
    assert REPO / "tests" / "conftest.py" in files and len(files) > 30
    offenders = [
        f"{path.relative_to(REPO)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(
            path.read_text(encoding="utf-8", errors="replace").splitlines(), 1
        )
        if OUTSIDE_DATA.search(line)
    ]
    assert offenders == []


def architecture_section() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme.split("\n## Architecture\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_architecture_names_every_module_and_only_modules_that_exist() -> None:
    section = architecture_section()
    named = set(re.findall(r"`([\w/]+\.py)`", section))
    files = {p.name for p in REPO.rglob("*.py")} | {
        str(p.relative_to(REPO)) for p in REPO.rglob("*.py")
    }
    assert named - files == set()
    modules = {
        p.name
        for pkg in ("api", "graph", "loaders", "papergraph")
        for p in (REPO / pkg).glob("*.py")
        if p.stem not in ("__init__", "__main__")
    }
    assert modules - {Path(n).name for n in named} == set()
