"""Mistakes that used to read as success or as the wrong problem, through the real
`papergraph load`: a wrong --format, an export without abstracts, a PDF, Zotero's CSV export,
and the help that lists what it reads. None reaches Neo4j (NEO4J_URI is a closed port)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from loaders import FORMATS
from loaders.pipeline import read_corpora

ABSTRACT = (
    "We propose SparGT, a sparse graph transformer that scales attention to large graphs by "
    "sampling neighbourhoods, and evaluate it on node classification benchmarks."
)
RIS = f"TY  - JOUR\nTI  - SparGT\nAB  - {ABSTRACT}\nER  - \n"


def load(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NEO4J_URI": "bolt://127.0.0.1:9", "HF_HUB_OFFLINE": "1", "COLUMNS": "200"}
    result = subprocess.run(
        [sys.executable, "-m", "papergraph", "load", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr and "not reachable" not in result.stderr
    return result


def test_a_ris_file_read_as_bibtex_fails_naming_the_format_it_has(tmp_path: Path) -> None:
    path = tmp_path / "library.txt"
    path.write_text(RIS, encoding="utf-8")
    result = load(str(path), "--format", "bibtex")
    assert result.returncode == 1
    message = " ".join(result.stderr.split())
    assert "looks like ris" in message and "--format ris" in message


def test_a_bibtex_export_without_abstracts_fails_saying_abstracts_are_needed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.bib"
    entries = "".join(
        f"@article{{key{i},\n  title = {{Paper {i}}},\n  year = {{2024}}\n}}\n" for i in range(3)
    )
    path.write_text(entries, encoding="utf-8")
    result = load(str(path))
    assert result.returncode == 1
    assert "abstract" in " ".join(result.stderr.split()).split("nothing was written")[1]


def test_a_pdf_is_told_what_papergraph_reads(tmp_path: Path) -> None:
    path = tmp_path / "paper.pdf"
    path.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
    result = load(str(path))
    message = " ".join(result.stderr.split())
    assert result.returncode == 1
    assert "PDF" in message and "abstracts" in message and "BibTeX" in message
    assert "UTF-8" not in message


def test_zotero_csv_export_is_read(tmp_path: Path) -> None:
    path = tmp_path / "zotero.csv"
    header = '"Key","Item Type","Publication Year","Author","Title","Publication Title","DOI",'
    header += '"Abstract Note","Manual Tags"\n'
    row = '"ABCD1234","journalArticle","2024","Smith, Jane; Doe, John","SparGT","JMLR",'
    row += f'"10.1234/spargt","{ABSTRACT}","graphs; attention"\n'
    path.write_text(header + row, encoding="utf-8")
    read = read_corpora([path])
    assert read.errors == [] and len(read.records) == 1
    record = read.records[0]
    assert (record.title, record.year, record.venue, record.doi) == (
        "SparGT",
        2024,
        "JMLR",
        "10.1234/spargt",
    )
    assert record.authors == ("Smith, Jane", "Doe, John")
    assert record.keywords == ("graphs", "attention")


def test_load_help_lists_every_format_and_the_ray_extra() -> None:
    result = load("--help")
    text = " ".join(result.stdout.split())
    assert result.returncode == 0
    assert "papergraph[ray]" in text
    for name in ("BibTeX", "RIS", "CSL-JSON", "OpenAlex", "Semantic Scholar", "arXiv"):
        assert name in text
    assert all(name in text for name in FORMATS)
