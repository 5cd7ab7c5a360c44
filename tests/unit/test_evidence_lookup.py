"""Finding an extracted phrase again in the stored (uncleaned) text of a paper."""

from __future__ import annotations

import pytest

from loaders.evidence import PaperText, sentence_bounds


def phrase_in(abstract: str, phrase: str, title: str | None = None) -> str | None:
    found = PaperText(abstract=abstract, title=title).evidence([phrase])
    if found is None:
        return None
    stored = abstract if found.field == "abstract" else title
    assert stored is not None
    assert stored[found.start : found.end] == found.text
    assert stored[found.sentence_start : found.sentence_end] == found.sentence
    return found.text


@pytest.mark.parametrize(
    ("abstract", "phrase", "written"),
    [
        ("We study graph neural networks here.", "graph neural networks", "graph neural networks"),
        ("We study Graph-Neural Networks here.", "graph neural networks", "Graph-Neural Networks"),
        ("termed $\\texttt{DyAug}$, which", "DyAug", "DyAug"),
        ("an ideal \\emph{prompt} for", "ideal prompt", "ideal \\emph{prompt"),
        ("The \\textbf{L}ossless codec.", "lossless codec", "L}ossless codec"),
        ("graph neural net- works are", "graph neural networks", "graph neural net- works"),
        ("a 70$\\times$ reduction", "70x reduction", "70$\\times$ reduction"),
        ("uses \\alpha-divergence here", "alpha-divergence", "\\alpha-divergence"),
        ('Schr\\"odinger bridges', "Schrödinger bridge", 'Schr\\"odinger bridges'),
        ("we train CNNs on", "CNN", "CNNs"),
        ("\ufb01ne-tuning helps", "fine-tuning", "\ufb01ne-tuning"),
        ("Mo\x02tivated by sparse attention", "sparse attention", "sparse attention"),
    ],
)
def test_a_phrase_is_found_as_the_stored_text_writes_it(
    abstract: str, phrase: str, written: str
) -> None:
    assert phrase_in(abstract, phrase) == written


def test_words_match_whole_never_inside_another_word() -> None:
    assert phrase_in("a metagraph learner", "graph") is None
    assert phrase_in("state-of-the-art results", "art") == "art"


def test_the_abstract_comes_before_the_title_and_the_title_is_its_own_sentence() -> None:
    text = PaperText(abstract="We propose DyAug. It is fast.", title="DyAug: augmentation")
    found = text.evidence(["DyAug"])
    assert found is not None and (found.field, found.sentence) == ("abstract", "We propose DyAug.")
    only_title = text.evidence(["augmentation"])
    assert only_title is not None and only_title.field == "title"
    assert (only_title.sentence_start, only_title.sentence) == (0, "DyAug: augmentation")


def test_the_first_phrase_written_wins_and_none_written_is_none() -> None:
    text = PaperText(abstract="Graph neural networks (GNNs) and more GNNs.", title=None)
    found = text.evidence(["GNNs", "graph neural networks"])
    assert found is not None and (found.start, found.text) == (23, "GNNs")
    assert text.evidence(["an author keyword", " "]) is None


def test_sentences_end_at_a_full_stop_before_a_capital_not_after_an_abbreviation() -> None:
    text = "We use e.g. the GPU. Then we stop! Finally, results."
    start = text.index("GPU")
    assert text[slice(*sentence_bounds(text, start, start + 3))] == "We use e.g. the GPU."
    start = text.index("results")
    assert text[slice(*sentence_bounds(text, start, start + 7))] == "Finally, results."
