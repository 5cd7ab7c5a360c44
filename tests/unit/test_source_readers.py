"""Readers of what researchers already have: BibTeX, RIS, CSL-JSON, OpenAlex, S2, arXiv.

The fixtures under tests/data/sources are hand-made from each format's public documentation;
they describe one paper ("Sparse GNNs…") from every source, plus entries without abstracts.
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from graph.paper_ids import IdKind, canonical, lookup_forms
from loaders.pipeline import read_corpora
from loaders.readers import detect_format, read_corpus
from loaders.records import AuthorRef, CorpusWarning, PaperRecord
from papergraph.errors import CorpusError

SOURCES = Path(__file__).parents[1] / "data" / "sources"
SPARSE_TITLE = "Sparse GNNs for Grün's Graph Benchmarks"
SPARSE_DOI = "10.1234/jgl.2021.001"


def read(name: str, fmt: str = "auto") -> tuple[list[PaperRecord], list[CorpusWarning]]:
    items = list(read_corpus(SOURCES / name, fmt=fmt))
    assert not [i for i in items if isinstance(i, CorpusError)]
    return (
        [i for i in items if isinstance(i, PaperRecord)],
        [i for i in items if isinstance(i, CorpusWarning)],
    )


FILES = {
    "zotero.bib": "bibtex",
    "mendeley.ris": "ris",
    "zotero-csl.json": "csl",
    "openalex-works.jsonl": "openalex",
    "openalex-page.json": "openalex",
    "s2-papers.json": "s2",
    "s2-papers.jsonl": "s2",
    "arxiv-snapshot.jsonl": "arxiv",
}


@pytest.mark.parametrize(("name", "fmt"), FILES.items())
def test_each_source_is_detected_from_its_content(name: str, fmt: str, tmp_path: Path) -> None:
    assert detect_format(SOURCES / name) == fmt
    # the content decides, not the name: the same bytes under a neutral name, gzip-compressed
    packed = tmp_path / "download.gz"
    with (SOURCES / name).open("rb") as raw, gzip.open(packed, "wb") as out:
        shutil.copyfileobj(raw, out)
    assert detect_format(packed) == fmt
    unpacked = [(r.id, r.abstract) for r in read(name)[0]]
    assert [
        (r.id, r.abstract) for r in read_corpus(packed) if isinstance(r, PaperRecord)
    ] == unpacked


@pytest.mark.parametrize(("name", "fmt"), FILES.items())
def test_each_source_has_its_own_format_name(name: str, fmt: str) -> None:
    (named, named_skips), (auto, auto_skips) = read(name, fmt), read(name)
    assert named == auto
    assert [str(e) for e in named_skips] == [str(e) for e in auto_skips]


def test_bibtex_fields_with_latex_decoded() -> None:
    papers, skipped = read("zotero.bib")
    sparse, routing = papers
    assert sparse.title == SPARSE_TITLE  # {GNN}s and {\"u} decoded
    assert sparse.authors == ("Jörg Müller", "Jane Smith", "Anna van der Berg")
    assert (sparse.year, sparse.venue, sparse.doi) == (
        2021,
        "Journal of Graph Learning",
        SPARSE_DOI,
    )
    assert sparse.keywords == ("graph neural networks", "sparsity")
    assert "(GNNs)" in sparse.abstract and "Grün's benchmarks" in sparse.abstract
    assert (routing.arxiv_id, routing.venue) == (
        "2003.01234",
        "Proceedings of the Conference on Text Models",
    )
    assert (sparse.line, routing.line) == (4, 15)
    assert [s.line for s in skipped] == [25]


def test_ris_fields() -> None:
    (sparse, protein), _ = read("mendeley.ris")
    assert (sparse.title, sparse.authors) == (SPARSE_TITLE, ("Jörg Müller", "Jane Smith"))
    assert (sparse.year, sparse.venue, sparse.doi) == (
        2021,
        "Journal of Graph Learning",
        SPARSE_DOI,
    )
    assert sparse.keywords == ("graph neural networks", "sparsity")
    assert (protein.year, protein.arxiv_id, protein.line) == (2022, "2205.04321", 13)


def test_csl_json_fields() -> None:
    (sparse,), _ = read("zotero-csl.json")
    assert sparse.authors == ("Jörg Müller", "Jane Smith", "Anna van der Berg")
    assert (sparse.year, sparse.venue, sparse.doi) == (
        2021,
        "Journal of Graph Learning",
        SPARSE_DOI,
    )
    assert sparse.keywords == ("graph neural networks", "sparsity")


def test_openalex_rebuilds_the_abstract_and_keeps_authors_and_references() -> None:
    (work,), _ = read("openalex-works.jsonl")
    (bib,), _ = read("zotero-csl.json")
    assert work.abstract == bib.abstract  # rebuilt from abstract_inverted_index
    assert (work.id, work.openalex_id, work.doi) == ("W4200000001", "W4200000001", SPARSE_DOI)
    assert work.author_refs == (
        AuthorRef("Jörg Müller", "0000-0002-1825-0097", ("openalex:A5000000001",)),
        AuthorRef("Jane Smith", None, ("openalex:A5000000002",)),
    )
    assert (work.year, work.venue, work.references) == (
        2021,
        "Journal of Graph Learning",
        ("W4200000003",),
    )


def test_openalex_api_page() -> None:
    (work,), skipped = read("openalex-page.json")
    assert (work.id, work.title, work.year) == (
        "W4200000003",
        "Sparse Attention for Graph Transformers",
        2020,
    )
    assert not skipped


@pytest.mark.parametrize("name", ["s2-papers.json", "s2-papers.jsonl"])
def test_semantic_scholar_fields(name: str) -> None:
    (paper,), _ = read(name)
    assert paper.s2_id == paper.id == "0123456789abcdef0123456789abcdef01234567"
    assert (paper.doi, paper.arxiv_id) == (SPARSE_DOI, "2104.00001")
    assert [a.ids for a in paper.author_refs] == [("s2:1741101",), ("s2:1741102",)]
    assert paper.references == ("89abcdef0123456789abcdef0123456789abcdef",)  # null ids dropped


def test_arxiv_snapshot_fields() -> None:
    (paper,), skipped = read("arxiv-snapshot.jsonl")
    assert (paper.id, paper.arxiv_id, paper.doi) == ("2104.00001", "2104.00001", SPARSE_DOI)
    assert paper.title == SPARSE_TITLE  # TeX accent decoded, line break squashed
    assert paper.authors == ("Jörg Müller", "Jane Smith")
    assert (paper.year, paper.keywords) == (
        2021,
        (),
    )  # first version's year; categories aren't keywords
    assert [s.line for s in skipped] == [2]


@pytest.mark.parametrize("name", [n for n in FILES if n != "openalex-page.json"])
def test_records_without_an_abstract_are_skipped_with_a_named_warning(name: str) -> None:
    _, skipped = read(name)
    assert skipped and all(s.kind in ("no abstract", "abstract too short") for s in skipped)
    assert all(s.field == "abstract" and s.line for s in skipped)
    assert all(f"line {s.line}: field 'abstract': skipped: " in str(s) for s in skipped)


def test_the_summary_counts_skipped_records_by_reason() -> None:
    corpus = read_corpora(
        [SOURCES / "zotero.bib", SOURCES / "mendeley.ris", SOURCES / "arxiv-snapshot.jsonl"]
    )
    assert corpus.skipped_by_reason() == {"no abstract": 2, "abstract too short": 1}
    assert not corpus.errors and len(corpus.records) == 5


def test_a_broken_bibtex_entry_is_an_error_on_its_line_and_the_rest_is_read(tmp_path: Path) -> None:
    text = (SOURCES / "zotero.bib").read_text(
        encoding="utf-8"
    ) + "\n@article{broken,\n  title = {Oops\n"
    path = tmp_path / "library.bib"
    path.write_text(text, encoding="utf-8")
    items = list(read_corpus(path))
    broken = [i for i in items if isinstance(i, CorpusError)]
    assert len([i for i in items if isinstance(i, PaperRecord)]) == 2
    assert [b.line for b in broken] == [text.count("\n", 0, text.index("@article{broken")) + 1]


@pytest.mark.parametrize(
    ("kind", "value", "bare"),
    [
        (IdKind.DOI, "https://doi.org/10.1234/JGL.2021.001", SPARSE_DOI),
        (IdKind.DOI, "doi:10.1234/jgl.2021.001", SPARSE_DOI),
        (IdKind.ARXIV, "arXiv:2104.00001v3", "2104.00001"),
        (IdKind.ARXIV, "https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001"),
        (IdKind.OPENALEX, "https://openalex.org/w4200000001", "W4200000001"),
        (
            IdKind.S2,
            "0123456789ABCDEF0123456789abcdef01234567",
            "0123456789abcdef0123456789abcdef01234567",
        ),
        (IdKind.DOI, "not a doi", None),
    ],
)
def test_external_ids_have_one_canonical_form(kind: IdKind, value: str, bare: str | None) -> None:
    assert canonical(kind, value) == bare


def test_a_pasted_id_is_looked_up_in_its_bare_form_too() -> None:
    assert lookup_forms("https://doi.org/10.1234/JGL.2021.001") == [
        "https://doi.org/10.1234/JGL.2021.001",
        SPARSE_DOI,
    ]
    assert lookup_forms("GgEAdqYPNA") == ["GgEAdqYPNA"]


#: A web address each source gives one of its papers (arXiv's snapshot gives none).
SPARSE_URLS = {
    "zotero.bib": "https://doi.org/10.1234/JGL.2021.001",
    "mendeley.ris": "https://arxiv.org/abs/2205.04321",
    "zotero-csl.json": "https://jgl.example.org/2021/001",
    "openalex-works.jsonl": "https://jgl.example.org/2021/001",
    "s2-papers.jsonl": "https://www.semanticscholar.org/paper/0123456789abcdef0123456789abcdef01234567",
    "arxiv-snapshot.jsonl": None,
}


@pytest.mark.parametrize(("name", "url"), SPARSE_URLS.items())
def test_each_source_keeps_the_papers_web_address(name: str, url: str | None) -> None:
    urls = {r.url for r in read(name)[0]}
    assert url in urls and (url is not None or urls == {None})


def test_a_paper_url_falls_back_on_its_ids_in_a_readers_order() -> None:
    from graph.paper_ids import paper_url

    ids: dict[IdKind, str | None] = {IdKind.ARXIV: "2101.00001", IdKind.S2: "ab" * 20}
    assert paper_url(url=None, ids=ids) == "https://arxiv.org/abs/2101.00001"
    assert paper_url(url=None, ids={**ids, IdKind.DOI: "10.1/x"}) == "https://doi.org/10.1/x"
    assert paper_url(url="https://x.org/p", ids=ids) == "https://x.org/p"
    assert paper_url(url=None, ids={}) is None
