"""Which author names in one batch are one person (pure; the graph side is in integration)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from graph._authors import AuthorGroup, AuthorInput, author_rows
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


def _matched_by_scanning(inputs: list[AuthorInput]) -> list[tuple[str, list[str]]]:
    """The rules read straight off the module docstring, every group scanned in order."""
    groups: list[AuthorGroup] = []
    for item in inputs:
        key = name_key(item.name)
        found = next(
            (
                g
                for g in groups
                if (item.orcid and g.orcid == item.orcid) or set(item.ids) & set(g.ids)
            ),
            None,
        ) or next((g for g in groups if key in g.spellings and g.admits(item)), None)
        if found is None:
            ident = (
                f"orcid:{item.orcid}" if item.orcid else item.ids[0] if item.ids else f"name:{key}"
            )
            groups.append(AuthorGroup(ident, item.name, key, item.orcid, list(item.ids), {key}))
        else:
            found.absorb(item)
    return [(g.key, g.ids) for g in groups]


_AUTHORS = st.builds(
    lambda paper, name, ids, orcid: AuthorInput(paper, 1, name, orcid, tuple(ids)),
    st.sampled_from(["p1", "p2", "p3"]),
    st.sampled_from(["Jane Smith", "jane smith", "J. Smith", "Li Wei", "Wei Li"]),
    st.lists(
        st.sampled_from(["openalex:A1", "openalex:A2", "s2:7", "s2:8"]), max_size=2, unique=True
    ),
    st.sampled_from([None, None, "0000-0001", "0000-0002"]),
)


@given(st.lists(_AUTHORS, max_size=12))
def test_the_indexed_matching_finds_the_groups_a_scan_in_order_finds(
    inputs: list[AuthorInput],
) -> None:
    groups, wrote = author_rows(inputs)
    assert [(g.key, g.ids) for g in groups] == _matched_by_scanning(inputs)
    assert len(wrote) == len(inputs)
