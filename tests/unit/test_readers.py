"""Corpus readers: every format on the seed or a handmade file, and every kind of bad input."""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path
from typing import Any

import pytest

import loaders.identity
import loaders.readers
import loaders.records
from loaders.readers import FORMATS, detect_format, read_corpus
from loaders.records import CorpusWarning, PaperRecord
from papergraph.errors import CorpusError, InvalidInputError

DATA = Path(__file__).parents[1] / "data"
SEED = Path(__file__).parents[2] / "examples" / "iclr2025-seed.txt"

ABSTRACT = (
    "We propose a method for learning sparse representations of graphs and show that it "
    "improves accuracy on several node classification benchmarks."
)


def records(path: Path, fmt: str = "auto") -> list[PaperRecord]:
    items = list(read_corpus(path, fmt=fmt))
    assert all(isinstance(item, PaperRecord) for item in items), items
    return [item for item in items if isinstance(item, PaperRecord)]


def errors(path: Path, fmt: str = "auto") -> list[CorpusError]:
    return [item for item in read_corpus(path, fmt=fmt) if isinstance(item, CorpusError)]


def write_jsonl(path: Path, *rows: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def only_error(path: Path) -> CorpusError:
    items = list(read_corpus(path))
    assert len(items) == 1 and isinstance(items[0], CorpusError), items
    return items[0]


# --- public surface -----------------------------------------------------------------------


def test_public_names_are_pinned() -> None:
    assert loaders.readers.__all__ == ["FORMATS", "detect_format", "read_corpus"]
    assert loaders.records.__all__ == ["AuthorRef", "CorpusWarning", "PaperRecord", "SkipKind"]
    assert loaders.identity.__all__ == [
        "content_id",
        "match_key",
        "normalise_abstract",
        "titled_key",
    ]
    assert FORMATS[:4] == ("jsonl", "json", "csv", "text")
    assert set(FORMATS[4:]) == {"bibtex", "ris", "csl", "openalex", "s2", "arxiv"}


def test_records_are_frozen() -> None:
    record = records(DATA / "abstracts.md")[0]
    with pytest.raises(AttributeError):
        record.abstract = "changed"  # type: ignore[misc]


# --- the seed and files in the ICLR corpora's format ---------------------------------------


def raw_lines(path: Path) -> list[dict[str, Any]]:
    """The records of a gzip JSON Lines file as plain JSON, read without papergraph."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def fields(paper: PaperRecord) -> tuple[object, ...]:
    return (
        paper.id,
        paper.title,
        paper.abstract,
        paper.keywords,
        paper.authors,
        paper.year,
        paper.venue,
        paper.status,
    )


def test_seed_text_file_gives_19_abstracts_with_paragraph_lines() -> None:
    seed = records(SEED)
    assert len(seed) == 19  # the heading "ICLR 2025 Papers" is not a paper
    assert [r.line for r in seed] == list(range(3, 40, 2))
    assert all(r.id is None and r.title is None and r.keywords == () for r in seed)
    assert {r.source for r in seed} == {SEED.name}
    # The heading "ICLR 2025 Papers" dates the papers, as the ICLR corpora spell venue and year.
    assert {(r.venue, r.year) for r in seed} == {("ICLR", 2025)}
    assert seed[0].abstract.startswith("Graph data augmentation (GDA)")


def test_iclr2025_jsonl_gz_reads_every_paper_with_its_fields(iclr2025_corpus: Path) -> None:
    raw = raw_lines(iclr2025_corpus)
    papers = records(iclr2025_corpus)
    assert len(raw) == len(papers) == 2104
    assert len({p.id for p in papers}) == 2104
    assert {p.year for p in papers} == {2025} and {p.venue for p in papers} == {"ICLR"}
    assert {p.status for p in papers} == {"Oral", "Spotlight", "Poster"}
    assert [p.line for p in papers] == list(range(1, 2105))  # in file order, sorted by id
    assert [fields(p) for p in papers] == [
        (r["id"], r["title"], r["abstract"], (), (), 2025, "ICLR", r["status"]) for r in raw
    ]


def test_iclr2021_keeps_authors_and_keywords_as_tuples(iclr2021_corpus: Path) -> None:
    raw = raw_lines(iclr2021_corpus)
    papers = records(iclr2021_corpus)
    assert len(papers) == len(raw) == 300
    assert all(p.authors for p in papers)
    assert all(isinstance(p.authors, tuple) and isinstance(p.keywords, tuple) for p in papers)
    assert 0 < sum(bool(p.keywords) for p in papers) == sum(bool(r["keywords"]) for r in raw) < 300
    assert [(p.authors, p.keywords) for p in papers] == [
        (tuple(r["authors"]), tuple(r["keywords"])) for r in raw
    ]
    assert {"Reject", "Withdrawn", "Desk Rejected"} <= {p.status for p in papers}


def test_detect_format_on_the_seed_and_a_corpus(iclr2025_corpus: Path) -> None:
    assert detect_format(SEED) == "text"
    assert detect_format(iclr2025_corpus) == "jsonl"


# --- handmade files per format -------------------------------------------------------------


def test_csv_reads_rows_splits_lists_and_reports_bad_rows_by_line() -> None:
    items = list(read_corpus(DATA / "papers.csv"))
    good = [i for i in items if isinstance(i, PaperRecord)]
    bad = [i for i in items if not isinstance(i, PaperRecord)]
    assert [r.id for r in good] == ["csv-1", "csv-2"]
    first, second = good
    assert first.keywords == ("federated learning", "gossip")  # de-duplicated ignoring case
    assert first.authors == ("Doe, Jane", "Roe, Richard")  # split on ';' only
    assert (first.year, first.venue, first.status, first.line) == (2024, "ICLR", "Poster", 2)
    assert second.line == 3 and "student. We propose" in second.abstract  # quoted line break
    assert (second.authors, second.venue, second.status) == ((), None, None)
    assert [(e.line, e.field) for e in bad] == [(5, "year"), (6, "abstract")]
    assert isinstance(bad[0], CorpusError) and isinstance(bad[1], CorpusWarning)


def test_json_array_gives_each_element_its_line() -> None:
    items = list(read_corpus(DATA / "papers.json"))
    assert [type(i) for i in items] == [PaperRecord, CorpusError, PaperRecord]
    first, missing, last = items
    assert isinstance(first, PaperRecord) and isinstance(last, PaperRecord)
    assert first.keywords == ("diffusion models", "molecule generation")  # string split on ','
    assert first.year == 2025 and first.line == 2  # numeric string accepted
    assert isinstance(missing, CorpusError)
    assert (missing.line, missing.field) == (12, "abstract")
    assert last.id == "17" and last.line == 17  # integer id becomes a string


def test_jsonl_reports_malformed_lines_and_keeps_going() -> None:
    items = list(read_corpus(DATA / "papers.jsonl"))
    assert isinstance(items[0], PaperRecord) and items[0].keywords == ("speech", "robustness")
    bad = [i for i in items if isinstance(i, CorpusError)]
    assert [(e.line, e.field) for e in bad] == [(2, None), (4, "keywords"), (5, None), (6, "year")]
    assert "not valid JSON" in bad[0].reason and "delimiter" in bad[0].reason
    assert "line 2" in str(bad[0])


def test_markdown_text_skips_headings_and_joins_wrapped_lines() -> None:
    papers = records(DATA / "abstracts.md")
    assert [p.line for p in papers] == [3, 9]
    assert papers[0].abstract.startswith(
        "Self-supervised pretraining on unlabelled satellite images improves"
    )


def test_a_title_on_its_own_line_heads_its_abstract(tmp_path: Path) -> None:
    corpus = tmp_path / "reading.txt"
    wrapped = "We propose a method for learning sparse representations of graphs, which we call\n"
    wrapped += "GraphSparse, and show that it improves accuracy on node classification.\n"
    corpus.write_text(
        f"Sparse Graph Representations\n{ABSTRACT}\n\n## Sparse Texts\n{ABSTRACT}\n\n{wrapped}"
    )
    titled, marked, untitled = records(corpus)
    assert (titled.title, titled.abstract) == ("Sparse Graph Representations", ABSTRACT)
    assert marked.title == "Sparse Texts"  # a Markdown heading over its abstract
    # a hard-wrapped line is as wide as the next: it starts the abstract, whatever follows
    assert untitled.title is None and untitled.abstract.startswith("We propose")


@pytest.mark.parametrize(
    ("heading", "venue", "year"),
    [
        ("# NeurIPS 2023 accepted papers", "NeurIPS", 2023),
        ("2019", None, 2019),
        ("Reading list", None, None),
    ],
)
def test_a_heading_with_a_year_dates_the_papers_below_it(
    tmp_path: Path, heading: str, venue: str | None, year: int | None
) -> None:
    corpus = tmp_path / "list.txt"
    corpus.write_text(f"{heading}\n\n{ABSTRACT}\n\n{ABSTRACT.replace('graphs', 'texts')}\n")
    assert [(p.venue, p.year) for p in records(corpus)] == [(venue, year)] * 2


def outline(path: Path) -> list[tuple[str, int | None, str | None]]:
    """Kind, line and id (or failing field) of every item read from ``path``."""
    return [
        (type(i).__name__, i.line, i.id if isinstance(i, PaperRecord) else i.field)
        for i in read_corpus(path)
    ]


@pytest.mark.parametrize("name", ["papers.csv", "papers.json", "papers.jsonl", "abstracts.md"])
def test_gzip_reads_like_the_plain_file(tmp_path: Path, name: str) -> None:
    expected = outline(DATA / name)
    for packed in (tmp_path / f"{name}.gz", tmp_path / name):  # with or without .gz in the name
        packed.write_bytes(gzip.compress((DATA / name).read_bytes()))
        assert outline(packed) == expected


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("corpus", '[{"abstract": "x"}]', "json"),
        ("corpus.data", '  \n{"abstract": "x"}\n', "jsonl"),
        ("export", "title,abstract\nT,x\n", "csv"),
        ("lines.json", '{"abstract": "x"}\n{"abstract": "y"}\n', "jsonl"),
        ("notes.txt", "[not json]\n", "text"),
        ("papers.ndjson", '{"abstract": "x"}', "jsonl"),
    ],
)
def test_detect_format_by_extension_then_content(
    tmp_path: Path, name: str, content: str, expected: str
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert detect_format(path) == expected


def test_explicit_format_overrides_detection(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "papers.txt", {"abstract": ABSTRACT, "id": "a"})
    assert [r.id for r in records(path, fmt="jsonl")] == ["a"]


# --- file-level problems raise ------------------------------------------------------------


def test_missing_file_raises(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no such file"):
        read_corpus(tmp_path / "nope.jsonl")


def test_directory_raises(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="directory"):
        read_corpus(tmp_path)


@pytest.mark.parametrize("content", [b"", b"  \n\n\t\n"])
def test_empty_file_raises(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(content)
    with pytest.raises(CorpusError, match="empty"):
        read_corpus(path)


def test_empty_gzip_raises(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl.gz"
    path.write_bytes(gzip.compress(b""))
    with pytest.raises(CorpusError, match="empty"):
        read_corpus(path)


def test_truncated_gzip_raises_before_any_record(tmp_path: Path, iclr2025_corpus: Path) -> None:
    whole = iclr2025_corpus.read_bytes()
    assert len(whole) > 100_000  # the cut leaves hundreds of whole lines in front of it
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(whole[:50_000])
    with pytest.raises(CorpusError, match="truncated or damaged") as caught:
        read_corpus(path)
    assert caught.value.path == str(path)


def test_undetectable_format_raises(tmp_path: Path) -> None:
    path = tmp_path / "corpus.dat"
    path.write_text("just some words\nwithout any structure\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="--format"):
        read_corpus(path)


def test_unknown_format_name_raises(tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="xml"):
        read_corpus(DATA / "papers.csv", fmt="xml")


@pytest.mark.parametrize(
    "content",
    [bytes(range(256)) * 50, "\ufeff".encode("utf-16-le") + ABSTRACT.encode("utf-16-le")],
    ids=["binary", "utf16"],
)
def test_file_that_is_not_utf8_text_raises(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "papers.jsonl"
    path.write_bytes(content)
    with pytest.raises(CorpusError, match="UTF"):
        read_corpus(path)


def test_invalid_json_array_raises_with_line(tmp_path: Path) -> None:
    path = tmp_path / "papers.json"
    path.write_text('[\n  {"abstract": "a"},\n  {"abstract": }\n]\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="not valid JSON") as caught:
        read_corpus(path)
    assert caught.value.line == 3


def test_json_object_instead_of_array_raises(tmp_path: Path) -> None:
    path = tmp_path / "papers.json"
    path.write_text('{\n  "abstract": "one pretty-printed paper"\n}\n', encoding="utf-8")
    with pytest.raises(CorpusError):
        list(read_corpus(path, fmt="json"))


def test_csv_without_abstract_column_raises(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text("title,summary\nT,S\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="'abstract' column"):
        read_corpus(path)


# --- bad bytes and bad records inside a readable file -------------------------------------


def test_stray_non_utf8_bytes_are_replaced_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(
        b"Heading\n\nWe study caf\xe9 " + ABSTRACT.encode() + b"\n\n" + ABSTRACT.encode()
    )
    papers = records(path)
    assert len(papers) == 2
    assert papers[0].abstract.startswith("We study caf\ufffd We propose")


def test_utf8_bom_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_bytes(b"\xef\xbb\xbfid,abstract\np1," + ABSTRACT.encode() + b"\n")
    assert [r.id for r in records(path)] == ["p1"]


@pytest.mark.parametrize(
    "abstract",
    ["", "   ", "N/A", "TBD", "Abstract:", "No abstract available.", "A short abstract."],
)
def test_empty_or_placeholder_abstract_is_skipped_with_warning(
    tmp_path: Path, abstract: str
) -> None:
    (warning,) = read_corpus(write_jsonl(tmp_path / "p.jsonl", {"id": "p", "abstract": abstract}))
    assert isinstance(warning, CorpusWarning)
    assert warning.kind != "id given twice" and (warning.field, warning.line) == ("abstract", 1)


@pytest.mark.parametrize("abstract", [None, 42, ["a", "list"]])
def test_abstract_missing_or_not_text_names_the_field(tmp_path: Path, abstract: object) -> None:
    error = only_error(write_jsonl(tmp_path / "p.jsonl", {"id": "p", "abstract": abstract}))
    assert error.field == "abstract"


def test_huge_abstract_is_rejected_quickly(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "p.jsonl", {"abstract": "word " * 1_000_000}, {"abstract": ABSTRACT}
    )
    started = time.monotonic()
    items = list(read_corpus(path))
    assert time.monotonic() - started < 5
    assert isinstance(items[0], CorpusError) and isinstance(items[1], PaperRecord)
    assert items[0].reason == "abstract is 5,000,000 characters; the limit is 100,000"


def test_huge_csv_cell_is_one_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "p.csv"
    path.write_text(f"id,abstract\nbig,{'x' * 200_000}\nok,{ABSTRACT}\n", encoding="utf-8")
    items = list(read_corpus(path))
    assert isinstance(items[0], CorpusError) and items[0].line == 2
    assert isinstance(items[1], PaperRecord) and items[1].id == "ok" and items[1].line == 3


@pytest.mark.parametrize(
    ("value", "expected"),
    [(2024, 2024), ("1999", 1999), (" 2100 ", 2100), (None, None), ("", None)],
)
def test_year_accepts_ints_and_numeric_strings(
    tmp_path: Path, value: object, expected: int | None
) -> None:
    path = write_jsonl(tmp_path / "p.jsonl", {"abstract": ABSTRACT, "year": value})
    assert records(path)[0].year == expected


@pytest.mark.parametrize("value", [1899, 2101, "20x4", 2024.5, True, [2024]])
def test_bad_year_names_the_field(tmp_path: Path, value: object) -> None:
    error = only_error(write_jsonl(tmp_path / "p.jsonl", {"abstract": ABSTRACT, "year": value}))
    assert error.field == "year" and error.line == 1


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("a, b ,c", ("a", "b", "c")),
        ("x, y; z", ("x, y", "z")),
        ("p\uff1bq", ("p", "q")),
        (["m", " n ", ""], ("m", "n")),
        (None, ()),
    ],
)
def test_list_fields_accept_lists_or_separated_strings(
    tmp_path: Path, value: object, expected: tuple[str, ...]
) -> None:
    path = write_jsonl(tmp_path / "p.jsonl", {"abstract": ABSTRACT, "authors": value})
    assert records(path)[0].authors == expected


@pytest.mark.parametrize(("field", "value"), [("keywords", 3), ("authors", {"a": 1}), ("title", 5)])
def test_wrong_types_name_the_field(tmp_path: Path, field: str, value: object) -> None:
    error = only_error(write_jsonl(tmp_path / "p.jsonl", {"abstract": ABSTRACT, field: value}))
    assert error.field == field and error.path == str(tmp_path / "p.jsonl")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("id", "x" * 9_000),  # over Neo4j's index key limit
        ("id", 10**1_000),
        ("keywords", ["graph learning", "k" * 9_000]),
        ("title", "t " * 600_000),  # a million characters for the tagger
        ("authors", ["a" * 301]),
        ("venue", "v" * 201),
        ("keywords", [f"keyword {i}" for i in range(51)]),
        ("authors", ";".join(f"Author {i}" for i in range(101))),
    ],
    ids=[
        "long-id",
        "huge-int-id",
        "long-keyword",
        "long-title",
        "long-author",
        "long-venue",
        "many-keywords",
        "many-authors",
    ],
)
def test_oversized_fields_name_the_field_and_the_limit(
    tmp_path: Path, field: str, value: object
) -> None:
    row = {"abstract": ABSTRACT, field: value}
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    error = only_error(path)
    assert error.field == field and "limit" in error.reason


def test_fields_at_their_limits_are_kept(tmp_path: Path) -> None:
    row = {
        "abstract": ABSTRACT,
        "id": "i" * 512,
        "title": "t" * 2_000,
        "keywords": [f"k{i}" for i in range(50)],
        "authors": [f"a{i}" for i in range(100)],
    }
    (record,) = records(write_jsonl(tmp_path / "p.jsonl", row))
    assert (len(record.keywords), len(record.authors), len(record.id or "")) == (50, 100, 512)


@pytest.mark.parametrize(
    "line",
    ["[" * 100_000, '{"abstract": ' + "[" * 100_000 + "]", '{"year": ' + "9" * 5000 + "}"],
    ids=["deep-array", "deep-value", "huge-int"],
)
def test_pathological_json_lines_are_bad_records_not_crashes(tmp_path: Path, line: str) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(line + "\n" + json.dumps({"abstract": ABSTRACT}) + "\n", encoding="utf-8")
    items = list(read_corpus(path))
    assert isinstance(items[0], CorpusError) and items[0].line == 1
    assert isinstance(items[1], PaperRecord) and items[1].line == 2


def test_pathological_json_array_raises_corpus_error(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text("[\n" + "[" * 100_000 + "\n]", encoding="utf-8")
    with pytest.raises(CorpusError) as caught:
        read_corpus(path)
    assert caught.value.line == 2
