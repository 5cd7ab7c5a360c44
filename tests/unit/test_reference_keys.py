"""BibTeX keys of exported papers: surname, year and first title word, in ASCII."""

from __future__ import annotations

from typing import Any

import pytest

from graph.export._references import bibtex_key


@pytest.mark.parametrize(
    ("paper", "key"),
    [
        (
            {"authors": ["Ashish Vaswani"], "year": 2017, "title": "Attention Is All You Need"},
            "vaswani2017attention",
        ),
        ({"authors": ["Jörg Müller"], "year": 2021, "title": "The Grün graphs"}, "muller2021grun"),
        ({"authors": ["Müller, Jörg"], "year": 2021, "title": "A study"}, "muller2021study"),
        (
            {"authors": ["Martin Luther King, Jr."], "year": 1963, "title": "On dreams"},
            "king1963dreams",
        ),
        ({"authors": [], "year": None, "title": "GPT-4 technical report"}, "anongpt4"),
        ({"authors": ["张伟"], "year": 2024, "label": "Graph transformers"}, "anon2024graph"),
    ],
)
def test_a_key_is_surname_year_and_first_title_word(paper: dict[str, Any], key: str) -> None:
    assert bibtex_key({"id": "p1", **paper}) == key
