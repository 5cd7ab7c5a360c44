"""External ids of a paper (DOI, arXiv, OpenAlex, Semantic Scholar), in one canonical form.

Sources write the same id many ways: ``https://doi.org/10.1/X``, ``doi:10.1/x``, ``10.1/X``;
``arXiv:2101.00001v2``, ``https://arxiv.org/abs/2101.00001``; ``https://openalex.org/W123``.
:func:`canonical` reduces each to one bare form (DOIs lower-cased, arXiv ids without their
version, OpenAlex ids as ``W…``), so the loaders match papers on them and ``paper(id:)`` finds a
paper by whichever form a user pastes (:func:`lookup_forms`).
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum

__all__ = ["IdKind", "canonical", "lookup_forms", "name_key", "paper_url"]


class IdKind(Enum):
    """The kinds of external id a paper can carry; the value is its Paper property."""

    DOI = "doi"
    ARXIV = "arxivId"
    OPENALEX = "openalexId"
    S2 = "s2Id"


_DOI = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)?(10\.\d{4,9}/\S+)$", re.IGNORECASE)
_ARXIV = re.compile(
    r"^(?:https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/|arxiv:\s*)?"
    r"(\d{4}\.\d{4,5}|[a-z][a-z.-]*/\d{7})(?:v\d+)?(?:\.pdf)?$",
    re.IGNORECASE,
)
_OPENALEX = re.compile(r"^(?:https?://openalex\.org/)?(W\d+)$", re.IGNORECASE)
_S2 = re.compile(
    r"^(?:https?://(?:www\.)?semanticscholar\.org/paper/(?:[^/]*/)?)?([0-9a-f]{40})$", re.IGNORECASE
)
_PATTERNS = {IdKind.DOI: _DOI, IdKind.ARXIV: _ARXIV, IdKind.OPENALEX: _OPENALEX, IdKind.S2: _S2}


def canonical(kind: IdKind, value: object) -> str | None:
    """``value`` as a bare id of ``kind``, or ``None`` when it is not one."""
    if not isinstance(value, str | int) or isinstance(value, bool):
        return None
    match = _PATTERNS[kind].match(str(value).strip())
    if match is None:
        return None
    bare = match.group(1)
    if kind is IdKind.DOI:
        return bare.lower().rstrip(".")
    if kind is IdKind.OPENALEX:
        return bare.upper()
    return bare.lower() if kind is IdKind.S2 else bare


def lookup_forms(paper_id: str) -> list[str]:
    """The id as given, then its bare form if it is a DOI, arXiv, OpenAlex or S2 id."""
    forms = [paper_id]
    for kind in IdKind:
        bare = canonical(kind, paper_id)
        if bare is not None and bare not in forms:
            forms.append(bare)
    return forms


_NOT_ALPHANUMERIC = re.compile(r"[\W_]+")


def name_key(name: str) -> str:
    """An author's name for matching: ``"Jörg Müller"`` and ``"jorg  MULLER"`` both give
    ``"jorg muller"`` (accents, case and punctuation set aside)."""
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch)
    )
    return " ".join(_NOT_ALPHANUMERIC.sub(" ", plain.casefold()).split())


#: Where each kind of id leads, in the order a reader would rather go: the publisher's record,
#: then the open preprint, then the catalogues.
_ADDRESSES = (
    (IdKind.DOI, "https://doi.org/{}"),
    (IdKind.ARXIV, "https://arxiv.org/abs/{}"),
    (IdKind.OPENALEX, "https://openalex.org/{}"),
    (IdKind.S2, "https://www.semanticscholar.org/paper/{}"),
)


def paper_url(*, url: str | None, ids: dict[IdKind, str | None]) -> str | None:
    """Where to read a paper: the address its source gave, else one made from its first
    external id in :data:`_ADDRESSES` order, else ``None``."""
    if url:
        return url
    return next((form.format(ids[k]) for k, form in _ADDRESSES if ids.get(k)), None)
