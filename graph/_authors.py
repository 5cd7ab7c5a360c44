"""Which author names in one batch are one person, and the rows that write them.

Matching, in order: the ORCID; a source id (``openalex:A…``, ``s2:…``); the normalised name
(case, accents and punctuation set aside), unless ids of one source or two ORCIDs tell the
two apart. Two people who share a name and have no id are one node: the documented limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from graph.paper_ids import name_key

__all__ = ["AuthorGroup", "AuthorInput", "author_rows", "name_key"]


@dataclass(frozen=True)
class AuthorInput:
    """One author of one paper (the paper's matchKey, the 1-based position, the names)."""

    match_key: str
    position: int
    name: str
    orcid: str | None
    ids: tuple[str, ...]


@dataclass
class AuthorGroup:
    """One person among the batch's authors, with every id and ORCID seen for them."""

    key: str
    name: str
    name_key: str
    orcid: str | None
    ids: list[str] = field(default_factory=list)
    spellings: set[str] = field(default_factory=set)  # every name key seen for them

    def row(self) -> dict[str, Any]:
        """The ``merge_authors`` row."""
        sources = sorted({i.split(":", 1)[0] for i in self.ids})
        lookup = [*self.ids, *([f"orcid:{self.orcid}"] if self.orcid else [])]
        return {
            "key": self.key,
            "name": self.name,
            "nameKey": self.name_key,
            "orcid": self.orcid,
            "ids": self.ids,
            "sources": sources,
            "lookup": lookup,
        }

    def admits(self, other: AuthorInput) -> bool:
        """Whether ``other``, of the same name, can be this person: no two ORCIDs, no two ids
        of one source (ids they share would have matched already)."""
        if self.orcid and other.orcid and self.orcid != other.orcid:
            return False
        return not _sources(self.ids) & _sources(other.ids)

    def absorb(self, other: AuthorInput) -> None:
        self.orcid = self.orcid or other.orcid
        self.spellings.add(name_key(other.name))
        self.ids.extend(i for i in other.ids if i not in self.ids)


def _sources(ids: Sequence[str]) -> set[str]:
    return {i.split(":", 1)[0] for i in ids}


def author_rows(inputs: Sequence[AuthorInput]) -> tuple[list[AuthorGroup], list[dict[str, Any]]]:
    """The people among ``inputs`` and the ``{matchKey, key, position}`` rows of WROTE."""
    found = _Groups()
    wrote: list[dict[str, Any]] = []
    for item in inputs:
        group = found.find(item)
        if group is None:
            group = _new(item)
        else:
            group.absorb(item)
        found.index(group)
        wrote.append({"matchKey": item.match_key, "key": group.key, "position": item.position})
    return found.groups, wrote


class _Groups:
    """The groups in the order they were made, indexed by ORCID, id and name key, so finding
    an author's group costs the same with ten groups or a million (a bulk load matches every
    author of its input at once)."""

    def __init__(self) -> None:
        self.groups: list[AuthorGroup] = []
        self._at: dict[int, int] = {}  # id(group) → its place in ``groups``
        self._by: dict[tuple[str, str], list[int]] = {}  # ("orcid"|"id"|"name", value) → places

    def find(self, item: AuthorInput) -> AuthorGroup | None:
        """The first group sharing the ORCID or an id, else the first of the same name that
        admits ``item``."""
        keys = [("id", i) for i in item.ids] + ([("orcid", item.orcid)] if item.orcid else [])
        same = [at for key in keys for at in self._by.get(key, ())]
        if same:
            return self.groups[min(same)]
        named = sorted(self._by.get(("name", name_key(item.name)), ()))
        return next((self.groups[at] for at in named if self.groups[at].admits(item)), None)

    def index(self, group: AuthorGroup) -> None:
        """Add ``group`` (new, or grown by ``absorb``) under each of its ORCID, ids and names."""
        at = self._at.setdefault(id(group), len(self.groups))
        if at == len(self.groups):
            self.groups.append(group)
        keys = [("id", i) for i in group.ids] + [("name", n) for n in group.spellings]
        for key in keys + ([("orcid", group.orcid)] if group.orcid else []):
            places = self._by.setdefault(key, [])
            if at not in places:
                places.append(at)


def _new(item: AuthorInput) -> AuthorGroup:
    key = name_key(item.name)
    ident = f"orcid:{item.orcid}" if item.orcid else item.ids[0] if item.ids else f"name:{key}"
    return AuthorGroup(ident, item.name, key, item.orcid, list(item.ids), {key})
