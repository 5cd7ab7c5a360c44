"""The write side of the API: input types, their validation, and the glue to the ingest use case
(``papergraph.usecases.ingest``, the one ``papergraph load`` runs) and graph.writes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import strawberry

from graph.connection import database_errors
from graph.queries import papers_by_ids
from graph.writes import delete_paper
from loaders import to_record
from loaders.records import CorpusWarning, PaperRecord
from papergraph.errors import CorpusError, InvalidInputError, NotFoundError
from papergraph.usecases.ingest import ingest_papers

if TYPE_CHECKING:
    from api.context import Context

__all__ = [
    "MAX_INGEST",
    "AuthorInput",
    "IngestResult",
    "MergedPaper",
    "PaperInput",
    "delete",
    "ingest",
]

#: Most papers one ``ingestPapers`` call may carry (larger loads: ``papergraph load``).
MAX_INGEST = 100


@strawberry.input(description="An author of a paper to ingest.")
class AuthorInput:
    name: str
    orcid: str | None = None
    ids: list[str] = strawberry.field(
        default_factory=list, description="Source ids, each prefixed: `openalex:A…`, `s2:…`."
    )


@strawberry.input(description="A paper to add or update; the abstract is required.")
class PaperInput:
    abstract: str
    id: str | None = None
    title: str | None = None
    keywords: list[str] = strawberry.field(default_factory=list)
    authors: list[str] = strawberry.field(default_factory=list)
    year: int | None = None
    venue: str | None = None
    status: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None
    openalex_id: str | None = None
    s2_id: str | None = None
    written_by: list[AuthorInput] = strawberry.field(
        default_factory=list, description="The authors with ids; when given, `authors` is unused."
    )
    references: list[str] = strawberry.field(
        default_factory=list, description="Ids (DOI, arXiv, OpenAlex, S2) of the works it cites."
    )


@strawberry.type(description="A paper sent under one id and stored under another.")
class MergedPaper:
    given: str = strawberry.field(description="The id the paper was sent with.")
    id: str = strawberry.field(
        description="The stored paper it was written into (the same abstract or identifier); "
        "`deletePaper` with either id deletes this paper."
    )


@strawberry.type(description="What an ingest did.")
class IngestResult:
    read: int
    written: int
    unchanged: int
    ids: list[str] = strawberry.field(description="Ids of the papers written.")
    merged: list[MergedPaper] = strawberry.field(
        description="The papers sent whose id names a stored paper with another id: they were "
        "written into it, not beside it."
    )
    warnings: list[str] = strawberry.field(
        description="Papers written other than as sent, e.g. one whose identifiers name one "
        "stored paper and whose abstract another (see the README's identity rule)."
    )


def _record(paper: PaperInput, line: int) -> PaperRecord:
    fields = {
        "abstract": paper.abstract,
        "id": paper.id,
        "title": paper.title,
        "keywords": paper.keywords,
        "authors": _authors(paper),
        "year": paper.year,
        "venue": paper.venue,
        "status": paper.status,
        "doi": paper.doi,
        "arxivId": paper.arxiv_id,
        "openalexId": paper.openalex_id,
        "s2Id": paper.s2_id,
        "references": paper.references,
    }
    record = to_record(fields, path="papers", line=line)
    if isinstance(record, CorpusError | CorpusWarning):
        where = f"papers[{line - 1}]" + (f".{record.field}" if record.field else "")
        raise InvalidInputError(f"{where}: {record.reason}")
    return record


def _authors(paper: PaperInput) -> list[object]:
    if not paper.written_by:
        return list(paper.authors)
    return [{"name": a.name, "orcid": a.orcid, "ids": a.ids} for a in paper.written_by]


def _refuse_duplicate_ids(records: list[PaperRecord]) -> None:
    """One call names each paper once: which of two versions should win is the caller's call."""
    first_seen: dict[str, int] = {}
    for index, record in enumerate(records):
        if record.id is None:
            continue
        if record.id in first_seen:
            raise InvalidInputError(
                f"papers[{index}].id: {record.id!r} is also the id of "
                f"papers[{first_seen[record.id]}]; send each paper once per call."
            )
        first_seen[record.id] = index


async def ingest(context: Context, papers: list[PaperInput]) -> IngestResult:
    """Validate every paper, then ingest them as ``papergraph load`` would."""
    if not 1 <= len(papers) <= MAX_INGEST:
        raise InvalidInputError(
            f"Send 1 to {MAX_INGEST} papers per call (got {len(papers)}); use `papergraph load` "
            "for bulk loads."
        )
    records = [_record(p, i + 1) for i, p in enumerate(papers)]
    _refuse_duplicate_ids(records)
    async with context.extractor.exclusive():
        extractor = await context.extractor.get()
        done = await ingest_papers(
            records, driver=context.reader.driver, settings=context.settings, extractor=extractor
        )
    report = done.report
    return IngestResult(
        read=report.read,
        written=report.written,
        unchanged=report.unchanged,
        ids=sorted(report.ids.values()),
        merged=await _merged(context, records),
        warnings=[w.reason for w in report.warnings],
    )


async def _merged(context: Context, records: list[PaperRecord]) -> list[MergedPaper]:
    """The given ids that now name a stored paper with another id."""
    given = sorted({r.id for r in records if r.id})
    with database_errors(context.settings):
        found = await papers_by_ids(context.reader, ids=given)
    return [MergedPaper(given=g, id=found[g].id) for g in given if g in found and found[g].id != g]


async def delete(context: Context, paper_id: str) -> str:
    """Delete a paper and its orphaned concepts and methods; its canonical id."""
    with database_errors(context.settings):
        deleted = await delete_paper(
            context.reader.driver, database=context.reader.database, paper_id=paper_id
        )
    if deleted is None:
        raise NotFoundError(f"No paper has the id {paper_id!r}; nothing was deleted.")
    return deleted
