"""Paper identity from abstracts: normalisation, stable ids, and matching across sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.identity import content_id, match_key, normalise_abstract
from loaders.readers import read_corpus
from loaders.records import PaperRecord

SEED = Path(__file__).parents[2] / "examples" / "iclr2025-seed.txt"


def papers(path: Path) -> list[PaperRecord]:
    items = list(read_corpus(path))
    assert all(isinstance(item, PaperRecord) for item in items), items
    return [item for item in items if isinstance(item, PaperRecord)]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("It is the model’s view.", "It is the model's view"),  # curly quote, final full stop
        ("“Quoted” text", '"quoted" TEXT'),
        ("We use $\\texttt{DyAug}$ and \\textbf{(I)}", "We use DyAug and (I)"),
        (
            "the **Knowledge Localization (KL)** assumption",
            "the Knowledge Localization (KL) assumption",
        ),
        ("ﬁne-tuning", "fine tuning"),  # PDF ligature, hyphen
        ("ＬＬＭ　agents", "LLM agents"),  # full-width letters and space
        ("fast &mdash; and cheap", "fast — and cheap"),
        ("line\nbreaks\t and   runs", "line breaks and runs"),
    ],
)
def test_variants_of_the_same_text_normalise_identically(a: str, b: str) -> None:
    assert normalise_abstract(a) == normalise_abstract(b)
    assert match_key(a) == match_key(b)


def test_normalised_text_is_casefolded_words() -> None:
    assert (
        normalise_abstract("  Straße, 3 Models; $\\alpha$-Divergence!  ")
        == "strasse 3 models divergence"
    )


def test_different_abstracts_get_different_keys() -> None:
    assert match_key("We study graphs.") != match_key("We study groups.")


def test_ids_have_a_fixed_format_and_value() -> None:
    # Golden values: if normalisation changes, every stored content id changes with it.
    key = match_key("Hello, world.")
    assert key == "2aae6c35c94fcfb4"  # sha1("hello world")[:16]
    assert content_id("Hello, world.") == "pg-" + key
    assert content_id("HELLO  WORLD") == content_id("Hello, world.")


def test_match_key_finds_the_12_seed_papers_in_iclr2025(iclr2025_corpus: Path) -> None:
    # The ICLR 2025-style corpus holds 12 seed abstracts as that file's source prints them
    # (final full stop dropped, ’ flattened to '), among 2,092 other papers.
    seed = papers(SEED)
    corpus = papers(iclr2025_corpus)
    by_key = {match_key(p.abstract): p for p in corpus}
    matched = [by_key[match_key(s.abstract)] for s in seed if match_key(s.abstract) in by_key]
    assert len(seed) == 19
    assert len(matched) == 12
    assert len({p.id for p in matched}) == 12
    # Compared as text, only the one seed abstract without a final full stop would be found.
    assert len({s.abstract for s in seed} & {p.abstract for p in corpus}) == 1
    curly = [s.abstract for s in seed if "’" in s.abstract and match_key(s.abstract) in by_key]
    assert len(curly) == 2
    for abstract in curly:  # these match only once ’ and ' are unified
        twin = by_key[match_key(abstract)].abstract
        assert twin != abstract.removesuffix(".") and "’" not in twin


def test_match_keys_are_unique_within_an_iclr_style_corpus(iclr2025_corpus: Path) -> None:
    corpus = papers(iclr2025_corpus)
    assert len({p.abstract for p in corpus}) == len(corpus) == 2104
    assert len({match_key(p.abstract) for p in corpus}) == len(corpus)
    assert len({content_id(p.abstract) for p in corpus}) == len(corpus)


def near_duplicates(abstract: str) -> list[str]:
    """Abstracts of other papers that share most of their text with ``abstract``."""
    sentences = abstract.split(". ")
    return [
        abstract,
        ". ".join(sentences[:-1]) + ".",  # the last sentence dropped
        ". ".join(sentences[1:]),  # the first sentence dropped
        ". ".join([sentences[1], sentences[0], *sentences[2:]]),  # two sentences swapped
        abstract[:200] + " We study a different problem entirely.",  # same opening only
        abstract.replace("e", "a", 1),  # one letter
        abstract + " 2",  # one digit more
    ]


def test_near_duplicate_abstracts_of_different_papers_keep_different_keys() -> None:
    texts = [variant for s in papers(SEED) for variant in near_duplicates(s.abstract)]
    assert len(set(texts)) == len(texts) == 19 * 7
    assert len({match_key(t) for t in texts}) == len(texts)
    assert len({content_id(t) for t in texts}) == len(texts)
