"""Which author names in one batch are one person (pure; the graph side is in integration)."""

from __future__ import annotations

from graph._authors import AuthorInput, author_rows
from graph.paper_ids import name_key


def person(paper: str, name: str, *ids: str, orcid: str | None = None) -> AuthorInput:
    return AuthorInput(paper, 1, name, orcid, ids)


def test_names_match_across_case_accents_and_punctuation() -> None:
    assert name_key("Jörg  MÜLLER") == name_key("jorg muller") == "jorg muller"
    assert name_key("Min-Ji Lee") == "min ji lee"


def test_an_id_or_an_orcid_makes_one_person_and_their_ids_are_merged() -> None:
    groups, wrote = author_rows(
        [
            person("p1", "J. Müller", "openalex:A1", orcid="0000-0002-1825-0097"),
            person("p2", "Jörg Müller", "s2:9", orcid="0000-0002-1825-0097"),
            person("p3", "Jorg Muller"),
        ]
    )
    assert len(groups) == 1
    assert groups[0].ids == ["openalex:A1", "s2:9"]
    assert {w["key"] for w in wrote} == {"orcid:0000-0002-1825-0097"}


def test_one_name_with_two_ids_of_one_source_is_two_people() -> None:
    groups, _ = author_rows(
        [
            person("p1", "Jane Smith", "openalex:A1"),
            person("p2", "Jane Smith", "openalex:A2"),
            person("p3", "Jane Smith", "s2:7"),  # another source: may be either, joins the first
        ]
    )
    assert [g.key for g in groups] == ["openalex:A1", "openalex:A2"]
    assert groups[0].ids == ["openalex:A1", "s2:7"]


def test_two_orcids_tell_one_name_apart() -> None:
    groups, _ = author_rows(
        [
            person("p1", "Li Wei", orcid="0000-0001-0000-0001"),
            person("p2", "Li Wei", orcid="0000-0001-0000-0002"),
        ]
    )
    assert len(groups) == 2
