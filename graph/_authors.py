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
    groups: list[AuthorGroup] = []
    wrote: list[dict[str, Any]] = []
    for item in inputs:
        group = _find(groups, item)
        if group is None:
            group = _new(item)
            groups.append(group)
        else:
            group.absorb(item)
        wrote.append({"matchKey": item.match_key, "key": group.key, "position": item.position})
    return groups, wrote


def _find(groups: Sequence[AuthorGroup], item: AuthorInput) -> AuthorGroup | None:
    for group in groups:
        if (item.orcid and group.orcid == item.orcid) or set(item.ids) & set(group.ids):
            return group
    key = name_key(item.name)
    return next((g for g in groups if key in g.spellings and g.admits(item)), None)


def _new(item: AuthorInput) -> AuthorGroup:
    key = name_key(item.name)
    ident = f"orcid:{item.orcid}" if item.orcid else item.ids[0] if item.ids else f"name:{key}"
    return AuthorGroup(ident, item.name, key, item.orcid, list(item.ids), {key})
