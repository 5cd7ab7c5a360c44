"""The layering rules of STYLE.md, checked on the source.

The rooms and which imports which (``MAY_IMPORT``, the whole graph as it is), top to bottom;
every arrow runs one way (``test_every_arrow_runs_one_way``)::

    bench ──► papergraph.cli, api, papergraph.usecases, graph, loaders     scripts ──► loaders
    papergraph.cli       the CLI and the local Neo4j launcher (and ``python -m papergraph``)
        ▼
    api                  the GraphQL layer
        ▼
    papergraph.usecases  one use case per job (ingest, draft analysis)
        ▼
    loaders ──► graph    reading and extraction; the store and its exports (graph ──► cypher/)
        ▼
    papergraph.settings ──► papergraph.errors   the base floor: the settings, the error tree

Each room reaches another only through its public names (no ``_private`` module of another
room), by name (no module aliases), and only the CLI changes the process's state.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
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


#: The rooms each room may import: every edge of the graph above, and no other.
MAY_IMPORT = {
    "papergraph.errors": set(),
    "papergraph.settings": {"papergraph.errors"},
    "papergraph": set(),  # its __init__ imports nothing, so the base floor pulls in no CLI
    "graph": {"papergraph.errors", "papergraph.settings"},  # the store and its exports
    # readers and extraction, writing through graph
    "loaders": {"graph", "papergraph.errors", "papergraph.settings"},
    "papergraph.usecases": {"graph", "loaders", "papergraph.errors", "papergraph.settings"},
    "api": {"graph", "loaders", "papergraph.errors", "papergraph.settings", "papergraph.usecases"},
    "papergraph.cli": {
        "api",
        "graph",
        "loaders",
        "papergraph.errors",
        "papergraph.settings",
        "papergraph.usecases",
    },
    "bench": {  # papergraph.cli: the CLI's quiet settings and the local Neo4j launcher
        "api",
        "graph",
        "loaders",
        "papergraph.cli",
        "papergraph.settings",
        "papergraph.usecases",
    },
    "scripts": {"loaders"},
}
#: The room of ``python -m papergraph`` is the CLI's.
ALSO_IN = {"papergraph.__main__": "papergraph.cli"}
OURS = {room.split(".")[0] for room in MAY_IMPORT}


def room_of(module: str) -> str | None:
    """The room of a full module name: the longest room name it starts with."""
    if module in ALSO_IN:
        return ALSO_IN[module]
    rooms = [room for room in MAY_IMPORT if module == room or module.startswith(f"{room}.")]
    return max(rooms, key=len) if rooms else None


def module_of(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module_file(name: str) -> bool:
    base = REPO.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def modules_reached(path: Path) -> set[str]:
    """Full names of our modules one file imports: ``from a import b`` reaches ``a.b`` when that
    is a module (a submodule may be in a room of its own), else ``a``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                names.add(full if _is_module_file(full) else node.module)
    return {name for name in names if name.split(".")[0] in OURS}


def room_files() -> dict[str, list[Path]]:
    files: dict[str, list[Path]] = {room: [] for room in MAY_IMPORT}
    for package in sorted(OURS):
        for path in sorted((REPO / package).rglob("*.py")):
            room = room_of(module_of(path))
            assert room is not None, path
            files[room].append(path)
    return files


def rooms_imported() -> dict[str, set[str]]:
    """Which rooms each room's files import (its own left out)."""
    graph: dict[str, set[str]] = {room: set() for room in MAY_IMPORT}
    for room, paths in room_files().items():
        for path in paths:
            reached = {room_of(name) for name in modules_reached(path)}
            graph[room] |= {other for other in reached if other is not None and other != room}
    return graph


def test_the_rooms_import_each_other_as_stated() -> None:
    assert rooms_imported() == MAY_IMPORT


def test_every_arrow_runs_one_way() -> None:
    """No two rooms import each other, directly or round a loop: the rooms stack as floors."""
    graph = rooms_imported()
    both_ways = {(a, b) for a, targets in graph.items() for b in targets if a in graph.get(b, ())}
    assert both_ways == set()
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:  # pragma: no cover - the failure message is the point
        pytest.fail(f"the rooms import each other round a loop: {exc.args[1]}")


def test_the_one_way_check_catches_a_loop() -> None:
    with pytest.raises(CycleError):
        tuple(
            TopologicalSorter(
                {"api": {"graph"}, "graph": {"papergraph"}, "papergraph": {"api"}}
            ).static_order()
        )


def test_each_module_is_in_the_room_its_name_says() -> None:
    assert room_of("papergraph.cli.local_neo4j") == "papergraph.cli"
    assert room_of("papergraph.__main__") == "papergraph.cli"
    assert room_of("papergraph.usecases.ingest") == "papergraph.usecases"
    assert room_of("papergraph.errors") == "papergraph.errors"
    assert room_of("papergraph") == "papergraph"
    assert room_of("graph.export._stream") == "graph"
    assert room_of("loaders.extraction") == "loaders"


def test_the_base_floor_imports_no_other_room() -> None:
    """``graph`` and ``loaders`` import the errors and the settings; importing them loads
    neither the CLI nor any other of our packages (nor Typer or Strawberry)."""
    code = (
        "import sys, papergraph.errors, papergraph.settings\n"
        "heavy = ('api', 'graph', 'loaders', 'typer', 'strawberry', 'rich', 'neo4j')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy\n"
        "    or m.startswith(('papergraph.cli', 'papergraph.usecases'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_extractor_imports_nothing_of_the_store() -> None:
    """``loaders.extraction`` reads text and models only: its error type is papergraph's."""
    reached = {
        f"{path.relative_to(REPO)}: {name}"
        for path in (REPO / "loaders" / "extraction").rglob("*.py")
        for name in modules_reached(path)
        if room_of(name) in {"graph", "api", "papergraph.usecases", "papergraph.cli"}
    }
    assert reached == set()


def test_other_rooms_are_reached_through_their_public_names() -> None:
    private = {
        f"{path.relative_to(REPO)}: {name}"
        for room, paths in room_files().items()
        for path in paths
        for name in modules_reached(path)
        if room_of(name) != room and any(part.startswith("_") for part in name.split("."))
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
    """Only the CLI (papergraph/cli/) may set environment variables, for its libraries'
    switches, and hide modules while it imports them; every room below it changes neither the
    environment nor ``sys.modules``."""
    offenders = [
        str(path.relative_to(REPO))
        for room, paths in room_files().items()
        if room not in {"papergraph.cli", "bench", "scripts"}
        for path in paths
        if _PROCESS_STATE.search(path.read_text(encoding="utf-8"))
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
        ("papergraph/usecases", {"api", "strawberry", "starlette", "uvicorn", "typer", "rich"}),
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


def test_the_api_reaches_papergraph_only_through_the_use_cases_and_the_base_floor() -> None:
    """``ingestPapers`` runs the ingest ``papergraph load`` runs and ``analyzeText`` the draft
    analysis ``papergraph analyze`` runs; the CLI sits above the API."""
    reached = {
        name
        for path in (REPO / "api").rglob("*.py")
        for name in modules_imported_by(path)
        if name.split(".")[0] == "papergraph"
    }
    assert reached == {
        "papergraph.errors",
        "papergraph.settings",
        "papergraph.usecases.analyze",
        "papergraph.usecases.ingest",
    }
    analyze_imports = modules_imported_by(REPO / "papergraph/usecases/analyze.py")
    assert {n for n in analyze_imports if n.startswith("papergraph.usecases")} == {
        "papergraph.usecases.ingest"
    }


def test_only_the_settings_module_reads_the_environment() -> None:
    readers = [
        str(p.relative_to(REPO))
        for pkg in ("graph", "api", "loaders", "papergraph")
        for p in (REPO / pkg).rglob("*.py")
        if re.search(r"os\.environ(\.get\b|\[)|os\.getenv", p.read_text(encoding="utf-8"))
    ]
    # the launcher passes JAVA_HOME/PATH through to java only
    assert readers == ["papergraph/cli/local_neo4j.py"]


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


#: The folders whose every module the README's architecture section names.
ROOM_FOLDERS = ("api", "graph", "graph/export", "loaders", "papergraph", "papergraph/cli")
ROOM_FOLDERS += ("papergraph/usecases",)


def test_the_readme_architecture_names_every_module_and_only_modules_that_exist() -> None:
    section = architecture_section()
    named = set(re.findall(r"`([\w/]+\.py)`", section))
    files = {p.name for p in REPO.rglob("*.py")} | {
        str(p.relative_to(REPO)) for p in REPO.rglob("*.py")
    }
    assert named - files == set()
    modules = {
        p.name
        for pkg in ROOM_FOLDERS
        for p in (REPO / pkg).glob("*.py")
        if p.stem not in ("__init__", "__main__")
    }
    assert modules - {Path(n).name for n in named} == set()
