"""Pure steps between reading and writing: merge duplicates, fingerprint, label, build rows."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from graph.errors import CorpusError
from graph.writes import MentionRow, MethodRow, PaperRow
from loaders.extraction import Document, Extraction
from loaders.identity import content_id, match_key
from loaders.markup import strip_markup
from loaders.records import PaperRecord

__all__ = ["Candidate", "build_row", "candidates", "label_for", "unique_ids"]

_LABEL_CHARS = 80
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")


@dataclass(frozen=True)
class Candidate:
    """A paper ready for extraction: its merged record, identity and content fingerprint."""

    record: PaperRecord
    id: str
    source_id: bool
    match_key: str
    alt_ids: tuple[str, ...]

    def document(self) -> Document:
        """What the extractor reads for this paper."""
        r = self.record
        return Document(text=r.abstract, title=r.title, keywords=r.keywords)

    def fingerprint(self, extractor_version: str) -> str:
        """Changes whenever anything written for this paper would change."""
        r = self.record
        payload = [
            extractor_version,
            self.id,
            r.title,
            r.abstract,
            list(r.keywords),
            list(r.authors),
            r.year,
            r.venue,
            r.status,
        ]
        return hashlib.sha1(json.dumps(payload).encode()).hexdigest()


def candidates(records: Iterable[PaperRecord]) -> list[Candidate]:
    """One candidate per paper: records with the same normalised abstract are merged."""
    merged: dict[str, Candidate] = {}
    for record in records:
        key = match_key(record.abstract)
        fresh = _candidate(record, key)
        merged[key] = _merge(merged[key], fresh) if key in merged else fresh
    return list(merged.values())


def unique_ids(items: Iterable[Candidate]) -> tuple[list[Candidate], list[CorpusError]]:
    """One candidate per id: when two papers with different abstracts share an id, the later
    record wins and the earlier one comes back as a warning naming both places."""
    kept: dict[str, Candidate] = {}
    dropped: list[CorpusError] = []
    for item in items:
        earlier = kept.pop(item.id, None)
        if earlier is not None:
            dropped.append(_duplicate(earlier.record, item.record, item.id))
        kept[item.id] = item
    return list(kept.values()), dropped


def _duplicate(earlier: PaperRecord, later: PaperRecord, paper_id: str) -> CorpusError:
    return CorpusError(
        f"skipped: the id {paper_id!r} is given again in {later.source}, line {later.line}, "
        "with a different abstract; the later record is loaded",
        path=earlier.source,
        line=earlier.line,
        field="id",
    )


def _candidate(record: PaperRecord, key: str) -> Candidate:
    paper_id = record.id or content_id(record.abstract)
    return Candidate(
        record=record,
        id=paper_id,
        source_id=record.id is not None,
        match_key=key,
        alt_ids=(paper_id,),
    )


def _merge(old: Candidate, new: Candidate) -> Candidate:
    """Keep the first record's text, fill its gaps from the second; a source id wins."""
    a, b = old.record, new.record
    record = replace(
        a,
        title=a.title or b.title,
        year=a.year or b.year,
        venue=a.venue or b.venue,
        status=a.status or b.status,
        keywords=a.keywords or b.keywords,
        authors=a.authors or b.authors,
    )
    winner = old if old.source_id or not new.source_id else new
    alt_ids = tuple(dict.fromkeys(old.alt_ids + new.alt_ids))
    return replace(old, record=record, id=winner.id, source_id=winner.source_id, alt_ids=alt_ids)


def label_for(title: str | None, extraction: Extraction, abstract: str) -> str:
    """A name a person can read: the title, else the proposed method, else the first words."""
    if title:
        return title
    if extraction.proposes:
        return extraction.proposes[0].name
    first = _SENTENCE_END.split(strip_markup(abstract).strip(), maxsplit=1)[0]
    if len(first) <= _LABEL_CHARS:
        return first.rstrip(".")
    return first[:_LABEL_CHARS].rsplit(" ", 1)[0] + "…"


def build_row(candidate: Candidate, extraction: Extraction, *, extractor_version: str) -> PaperRow:
    """The row :func:`graph.writes.upsert_papers` writes for one paper."""
    r = candidate.record
    return PaperRow(
        id=candidate.id,
        source_id=candidate.source_id,
        match_key=candidate.match_key,
        alt_ids=candidate.alt_ids,
        content_hash=candidate.fingerprint(extractor_version),
        abstract=r.abstract,
        label=label_for(r.title, extraction, r.abstract),
        source=r.source,
        extractor=extractor_version,
        title=r.title,
        year=r.year,
        venue=r.venue,
        authors=r.authors,
        keywords=r.keywords,
        status=r.status,
        embedding=extraction.embedding or None,
        acronyms=extraction.definitions,
        mentions=_mentions(extraction),
        methods=_methods(extraction),
    )


def _mentions(extraction: Extraction) -> tuple[MentionRow, ...]:
    seen: set[str] = set()
    rows = []
    for rank, hit in enumerate(extraction.concepts, start=1):
        if hit.key in seen:
            continue
        seen.add(hit.key)
        rows.append(
            MentionRow(
                key=hit.key,
                name=hit.name,
                aliases=hit.aliases,
                score=round(hit.score, 4),
                rank=rank,
                source=hit.source,
            )
        )
    return tuple(rows)


def _methods(extraction: Extraction) -> tuple[MethodRow, ...]:
    rows: dict[str, MethodRow] = {}
    for kind, hits in (("PROPOSES", extraction.proposes), ("USES", extraction.uses)):
        for hit in hits:
            rows.setdefault(
                hit.key,
                MethodRow(
                    key=hit.key,
                    name=hit.name,
                    aliases=hit.aliases,
                    score=round(hit.score, 4),
                    kind=kind,
                    method_kind=hit.kind,
                    variant_of=hit.variant_of,
                ),
            )
    return tuple(rows.values())


def chunks(items: Sequence[Candidate], size: int) -> list[Sequence[Candidate]]:
    """``items`` cut into consecutive batches of at most ``size``."""
    return [items[i : i + size] for i in range(0, len(items), size)]
