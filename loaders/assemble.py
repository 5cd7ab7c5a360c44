"""Pure steps between reading and writing: merge duplicates, fingerprint, label, build rows."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from graph.paper_ids import name_key
from graph.writes import AuthorRow, Evidence, MentionRow, MethodRow, PaperRow
from loaders.evidence import PaperText
from loaders.extraction import ConceptHit, Document, Extraction, MethodHit
from loaders.identity import content_id, match_key, normalise_abstract, titled_key
from loaders.markup import strip_markup
from loaders.records import AuthorRef, CorpusWarning, PaperRecord

__all__ = [
    "Candidate",
    "build_row",
    "candidates",
    "label_for",
    "rekeyed",
    "same_title",
    "unique_ids",
]

_LABEL_CHARS = 80
#: Most UTF-8 bytes of an extracted concept's or method's key and name (a name may label the
#: paper and so become its sort key): a longer phrase is a run of characters no one searches
#: for, and Neo4j could not index it (see ``loaders._validate.BYTE_LIMITS``).
_KEY_BYTES = 600
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
        payload: list[object] = [
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
        if r.external_ids() or r.author_refs or r.references:  # absent: old hashes stay valid
            payload += [list(r.external_ids()), _refs_payload(r), list(r.references)]
        return hashlib.sha1(json.dumps(payload).encode()).hexdigest()


def _refs_payload(record: PaperRecord) -> list[object]:
    return [[a.name, a.orcid, list(a.ids)] for a in record.author_refs]


def candidates(records: Iterable[PaperRecord]) -> list[Candidate]:
    """One candidate per paper. Records are one paper when they share a DOI, arXiv, OpenAlex
    or S2 id, or the normalised abstract unless their titles differ (two papers in one corpus
    can carry the same abstract)."""
    merged: dict[str, Candidate] = {}
    by_external: dict[str, str] = {}
    for record in records:
        fresh = _candidate(record, match_key(record.abstract))
        key = _same_paper(fresh, merged, by_external)
        if key is None and fresh.match_key in merged:  # same abstract, another title
            fresh = rekeyed(fresh)
        key = key or fresh.match_key
        merged[key] = _merge(merged[key], fresh) if key in merged else fresh
        by_external.update(dict.fromkeys(record.external_ids(), key))
    return list(merged.values())


def _same_paper(
    fresh: Candidate, merged: dict[str, Candidate], by_external: dict[str, str]
) -> str | None:
    """The key of the candidate ``fresh`` is the same paper as, if any."""
    for external in fresh.record.external_ids():
        if external in by_external:
            return by_external[external]
    for key in (fresh.match_key, titled_key(fresh.record.abstract, fresh.record.title)):
        earlier = merged.get(key)
        if earlier is not None and same_title(earlier.record.title, fresh.record.title):
            return key
    return None


def same_title(a: str | None, b: str | None) -> bool:
    """Whether two titles can name one paper: either is missing, or one starts the other once
    case, accents in markup and punctuation are set aside (a subtitle may be dropped)."""
    if not a or not b:
        return True
    x, y = normalise_abstract(a), normalise_abstract(b)
    return x.startswith(y) or y.startswith(x)


def rekeyed(candidate: Candidate) -> Candidate:
    """``candidate`` under a key made from its abstract and title, for a paper whose abstract
    another paper with a different title already has."""
    r = candidate.record
    key = titled_key(r.abstract, r.title)
    given = r.id or next(iter(r.external_ids()), None)
    paper_id = given or content_id(r.abstract + " " + (r.title or ""))
    return replace(candidate, match_key=key, id=paper_id, alt_ids=(paper_id, *r.external_ids()))


def unique_ids(items: Iterable[Candidate]) -> tuple[list[Candidate], list[CorpusWarning]]:
    """One candidate per id: when two papers with different abstracts share an id, the later
    record wins and the earlier one comes back as a warning naming both places."""
    kept: dict[str, Candidate] = {}
    dropped: list[CorpusWarning] = []
    for item in items:
        earlier = kept.pop(item.id, None)
        if earlier is not None:
            dropped.append(_duplicate(earlier.record, item.record, item.id))
        kept[item.id] = item
    return list(kept.values()), dropped


def _duplicate(earlier: PaperRecord, later: PaperRecord, paper_id: str) -> CorpusWarning:
    return CorpusWarning(
        "id given twice",
        f"the id {paper_id!r} is given again in {later.source}, line {later.line}, "
        "with a different abstract; the later record is loaded",
        path=earlier.source,
        line=earlier.line,
        field="id",
    )


def _candidate(record: PaperRecord, key: str) -> Candidate:
    given = record.id or next(iter(record.external_ids()), None)  # a DOI names it as well
    paper_id = given or content_id(record.abstract)
    return Candidate(
        record=record,
        id=paper_id,
        source_id=given is not None,
        match_key=key,
        alt_ids=(paper_id, *record.external_ids()),
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
        author_refs=_merged_byline(a, b),
        doi=a.doi or b.doi,
        arxiv_id=a.arxiv_id or b.arxiv_id,
        openalex_id=a.openalex_id or b.openalex_id,
        s2_id=a.s2_id or b.s2_id,
        url=a.url or b.url,
        references=tuple(dict.fromkeys(a.references + b.references)),
    )
    winner = old if old.source_id or not new.source_id else new
    alt_ids = tuple(dict.fromkeys(old.alt_ids + new.alt_ids))
    return replace(old, record=record, id=winner.id, source_id=winner.source_id, alt_ids=alt_ids)


def _merged_byline(a: PaperRecord, b: PaperRecord) -> tuple[AuthorRef, ...]:
    """The first record's byline (else the second's), each author with the ORCID and ids the
    other record gives a person of the same name."""
    base, other = (a, b) if a.authors else (b, a)
    extra = {name_key(r.name): r for r in _refs(other)}
    merged = []
    for ref in _refs(base):
        found = extra.get(name_key(ref.name))
        if found is not None:
            ids = tuple(dict.fromkeys(ref.ids + found.ids))
            ref = AuthorRef(ref.name, ref.orcid or found.orcid, ids)
        merged.append(ref)
    return tuple(merged) if any(r.orcid or r.ids for r in merged) else ()


def _refs(record: PaperRecord) -> tuple[AuthorRef, ...]:
    return record.author_refs or tuple(AuthorRef(name) for name in record.authors)


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
    extraction = _indexable(extraction)
    text = PaperText(abstract=r.abstract, title=r.title)
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
        doi=r.doi,
        arxiv_id=r.arxiv_id,
        openalex_id=r.openalex_id,
        s2_id=r.s2_id,
        url=r.url,
        author_rows=tuple(AuthorRow(a.name, a.orcid, a.ids) for a in r.author_refs),
        references=r.references,
        embedding=extraction.embedding or None,
        acronyms=extraction.definitions,
        mentions=_mentions(extraction, text),
        methods=_methods(extraction, text),
    )


def _indexable(extraction: Extraction) -> Extraction:
    """``extraction`` without the hits and definitions too long to index."""
    return replace(
        extraction,
        concepts=tuple(h for h in extraction.concepts if _short(h.key, h.name)),
        proposes=tuple(h for h in extraction.proposes if _short_method(h)),
        uses=tuple(h for h in extraction.uses if _short_method(h)),
        definitions=tuple(d for d in extraction.definitions if _short(*d)),
    )


def _short_method(hit: MethodHit) -> bool:
    return _short(hit.key, hit.name, hit.variant_of or "")


def _short(*texts: str) -> bool:
    return all(len(text.encode("utf-8", "surrogatepass")) <= _KEY_BYTES for text in texts)


def _concept_phrases(hit: ConceptHit) -> tuple[str, ...]:
    """How the paper may write a concept: its surfaces as written, then its display name."""
    return (*hit.aliases, hit.name, hit.key)


def _method_phrases(hit: MethodHit) -> tuple[str, ...]:
    """How the paper may write a method: its name, then its other spellings and long form."""
    return (hit.name, *hit.aliases)


def _mentions(extraction: Extraction, text: PaperText) -> tuple[MentionRow, ...]:
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
                evidence=text.evidence(_concept_phrases(hit)),
            )
        )
    return tuple(rows)


def _methods(extraction: Extraction, text: PaperText) -> tuple[MethodRow, ...]:
    rows: dict[str, MethodRow] = {}
    for kind, hits in (("PROPOSES", extraction.proposes), ("USES", extraction.uses)):
        for rank, hit in enumerate(hits, start=1):
            rows.setdefault(
                hit.key,
                MethodRow(
                    key=hit.key,
                    rank=rank,
                    name=hit.name,
                    aliases=hit.aliases,
                    score=round(hit.score, 4),
                    kind=kind,
                    evidence=text.evidence(_method_phrases(hit)),
                    method_kind=hit.kind,
                    kind_cue=hit.kind_cue,
                    variant_of=hit.variant_of,
                    variant_evidence=_variant_evidence(hit, text),
                    expansion_keys=hit.expansion_keys,
                ),
            )
    return tuple(rows.values())


def _variant_evidence(hit: MethodHit, text: PaperText) -> Evidence | None:
    """Where the paper says ``hit`` varies another method: the base named after the text cue,
    else the variant's own name or long form (the first place it is written)."""
    if hit.variant_of is None:
        return None
    if hit.variant_cue and hit.variant_phrase:
        found = text.evidence_at(hit.variant_cue, hit.variant_phrase)
        if found is not None:
            return found
        return text.evidence([hit.variant_phrase])
    return text.evidence(
        [*([hit.variant_phrase] if hit.variant_phrase else []), *_method_phrases(hit)]
    )


def chunks(items: Sequence[Candidate], size: int) -> list[Sequence[Candidate]]:
    """``items`` cut into consecutive batches of at most ``size``."""
    return [items[i : i + size] for i in range(0, len(items), size)]
