"""Messy corpora through the real `papergraph load`: each a located error and the right exit code.

Exit 1: the file as a whole is unusable (nothing read). Exit 2: some records are malformed (the
rest loads; here every record is bad, or ``--on-error abort`` is given, so nothing is written).
None of these reaches Neo4j: NEO4J_URI points at a closed port, so a test that tried would fail
with "not reachable". The cases of ``test_load_cli.py`` (a bad JSONL line, abort, Latin-1 text,
a directory) are not repeated.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from loaders._validate import ABSTRACT_LIMIT

GOOD = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)
MEGABYTE = ("graph " * ((1 << 20) // 6 + 1))[: 1 << 20]


def load(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NEO4J_URI": "bolt://127.0.0.1:9", "HF_HUB_OFFLINE": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "papergraph", "load", str(path), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr and "not reachable" not in result.stderr
    return result


def jsonl(path: Path, *rows: object) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_a_truncated_json_array_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "papers.json"
    text = json.dumps([{"abstract": GOOD}, {"abstract": GOOD + " Again."}], indent=1)
    path.write_text(text[: len(text) // 2 + 10])
    result = load(path)
    assert result.returncode == 1
    assert f"{path}, line " in result.stderr and "not valid JSON" in result.stderr


def test_a_jsonl_file_cut_mid_record_names_the_last_line(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl"
    text = json.dumps({"abstract": GOOD}) + "\n" + json.dumps({"abstract": GOOD + " More."})
    path.write_text(text[:-25])
    result = load(path, "--on-error", "abort")
    assert result.returncode == 2
    assert f"{path}, line 2" in result.stderr and "nothing was written" in result.stderr


def test_a_truncated_gzip_is_refused_before_anything_is_read(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl.gz"
    data = gzip.compress(json.dumps({"abstract": GOOD}).encode() * 50)
    path.write_bytes(data[: len(data) // 2])
    result = load(path)
    assert result.returncode == 1 and str(path) in result.stderr and "gzip" in result.stderr


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"abstract": 42}, "abstract"),
        ({"abstract": GOOD, "year": "twenty twenty"}, "year"),
        ({"abstract": GOOD, "year": 20250}, "year"),
        ({"abstract": GOOD, "authors": 5}, "authors"),
        ({"abstract": GOOD, "keywords": ["ok", 7]}, "keywords"),
        ({"abstract": GOOD, "title": ["a", "list"]}, "title"),
        ({"title": "No abstract at all"}, "abstract"),
        (["not", "an", "object"], None),
    ],
)
def test_wrong_types_and_missing_fields_name_line_and_field(
    tmp_path: Path, record: object, field: str | None
) -> None:
    path = jsonl(tmp_path / "papers.jsonl", {"abstract": GOOD}, record)
    result = load(path, "--on-error", "abort")
    assert result.returncode == 2
    where = f"{path}, line 2: " + (f"field '{field}'" if field else "expected a JSON object")
    assert where in result.stderr, result.stderr


def test_every_record_bad_writes_nothing_and_exits_2(tmp_path: Path) -> None:
    path = jsonl(tmp_path / "papers.jsonl", {"abstract": 1}, {"title": "x"})
    result = load(path)  # default --on-error skip: nothing is left to load
    assert result.returncode == 2
    assert f"{path}, line 1" in result.stderr and f"{path}, line 2" in result.stderr


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "text"])
def test_a_one_megabyte_abstract_is_refused_with_its_line(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"papers.{ {'jsonl': 'jsonl', 'csv': 'csv', 'text': 'txt'}[fmt] }"
    if fmt == "jsonl":
        jsonl(path, {"abstract": GOOD}, {"abstract": MEGABYTE})
    elif fmt == "csv":
        path.write_text(f'abstract\n"{GOOD}"\n"{MEGABYTE}"\n')
    else:
        path.write_text(f"Papers\n\n{GOOD}\n\n{MEGABYTE}\n")
    result = load(path, "--on-error", "abort")
    assert result.returncode == 2
    line = {"jsonl": 2, "csv": 3, "text": 5}[fmt]
    assert f"{path}, line {line}" in result.stderr
    assert f"{ABSTRACT_LIMIT:,}" in result.stderr or "100,000" in result.stderr


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty"),
        (b"\n \n\t\n", "empty"),
        (bytes(range(256)) * 64, "not UTF-8"),
        (b"\xff\xfe" + "{}".encode("utf-16-le"), "UTF-16"),
    ],
)
def test_unusable_files_exit_1_naming_the_file(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "papers.jsonl"
    path.write_bytes(content)
    result = load(path)
    assert result.returncode == 1
    assert str(path) in result.stderr and reason in result.stderr


def test_missing_file_and_unknown_format(tmp_path: Path) -> None:
    missing = load(tmp_path / "nope.jsonl")
    assert missing.returncode == 1 and "no such file" in missing.stderr
    path = jsonl(tmp_path / "papers.jsonl", {"abstract": GOOD})
    unknown = load(path, "--format", "xml")
    assert unknown.returncode == 1 and "xml" in unknown.stderr


def test_a_json_object_instead_of_an_array(tmp_path: Path) -> None:
    path = tmp_path / "papers.json"
    path.write_text(json.dumps({"papers": [{"abstract": GOOD}]}, indent=2))
    result = load(path, "--format", "json")
    assert result.returncode == 1 and str(path) in result.stderr and "array" in result.stderr


@pytest.mark.parametrize("verb", ["load", "neo4j-start"])
def test_an_unwritable_home_is_named_not_blamed_on_neo4j(tmp_path: Path, verb: str) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where PAPERGRAPH_HOME should be a folder")
    home = blocker / "home"
    args = ["load", str(jsonl(tmp_path / "p.jsonl", {"abstract": GOOD}))]
    if verb == "neo4j-start":
        args = ["neo4j", "start"]
    env = {
        **os.environ,
        "NEO4J_URI": "bolt://127.0.0.1:9",
        "PAPERGRAPH_NEO4J_HTTP_PORT": "10",
        "PAPERGRAPH_HOME": str(home),
        "HF_HUB_OFFLINE": "1",
    }
    result = subprocess.run(
        [sys.executable, "-m", "papergraph", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert "PAPERGRAPH_HOME" in result.stderr and str(home) in result.stderr
    assert "Traceback" not in result.stderr and "not reachable" not in result.stderr
    assert not home.exists()
