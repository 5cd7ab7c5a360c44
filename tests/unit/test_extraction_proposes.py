"""What a paper proposes: its own names, never prior work it opens with, the data it evaluates
on, or a fragment of its long name.

Each test runs the production extractor (real tagger and model) on a short synthetic abstract
shaped like the ICLR ones that showed the problem.
"""

from __future__ import annotations

import pytest

from loaders.extraction import Document, Extraction, KeyphraseExtractor, keybert_extractor


@pytest.fixture(scope="module")
def extractor() -> KeyphraseExtractor:
    return keybert_extractor(top_n=20)


def _extract(extractor: KeyphraseExtractor, text: str, title: str | None = None) -> Extraction:
    [result] = extractor.extract([Document(text=text, title=title)])
    return result


def _proposed(result: Extraction) -> set[str]:
    return {m.name for m in result.proposes}


def _used(result: Extraction) -> set[str]:
    return {m.name for m in result.uses}


def test_prior_work_the_abstract_opens_with_is_used_not_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="QuRN: Longer Context Windows for Language Models",
        text=(
            "Rotary Position Embeddings (RoPE) have been shown to encode positions in "
            "transformer language models. However, these models fail past their training "
            "length. We present QuRN (Quite another RoPE extensioN method), a compute-efficient "
            "method to extend the context window of such models."
        ),
    )
    assert "QuRN" in _proposed(result)
    assert "RoPE" in _used(result)
    assert "RoPE" not in _proposed(result)


def test_a_name_first_written_where_the_paper_proposes_it_stays_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "Long context is costly for language models. We present QuRN (Quite another "
            "Rotary extensioN method) and show that QuRN extends the context window cheaply."
        ),
    )
    assert "QuRN" in _proposed(result)


def test_typeset_data_the_paper_reports_results_on_is_used(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "Sparse mixtures of experts scale machine translation. We propose "
            "$\\textbf{\\texttt{Lingo-SMoE}}$, which routes tokens by language. For instance, "
            "$\\texttt{Lingo-SMoE}$ outperforms its dense counterpart by over $5%$ BLEU scores "
            "on $\\texttt{OPUS-100}$ dataset."
        ),
    )
    assert "Lingo-SMoE" in _proposed(result)
    assert "OPUS-100" in _used(result)
    assert "OPUS-100" not in _proposed(result)


def test_a_typeset_dataset_the_paper_introduces_stays_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "We introduce \\texttt{OPUS-900}, a dataset of parallel sentences in 900 languages, "
            "and report that models trained on it translate rare languages better."
        ),
    )
    assert "OPUS-900" in _proposed(result)


def test_a_name_read_after_termed_up_to_and_is_no_method_of_its_own(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "This paper introduces an approach termed Federated Local and Generic Model "
            "Training in Fed-LT (FedLoGe), which enhances both local and generic model "
            "performance."
        ),
    )
    assert "FedLoGe" in _proposed(result)
    assert not {"Federated Local", "Federated Local and Generic"} & _proposed(result)
    [fedloge] = [m for m in result.proposes if m.name == "FedLoGe"]
    assert "Federated Local and Generic Model Training in Fed-LT" in fedloge.aliases


def test_a_mixed_case_acronym_of_a_way_of_learning_is_a_concept_not_a_method(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "Robotic agents must imitate experts from video alone, a challenge known as "
            "Imitation Learning from Observation (ILfO). A common approach to ILfO converts "
            "it into inverse reinforcement learning."
        ),
    )
    assert "ILfO" not in _proposed(result) | _used(result)
    assert ("ILfO", "imitation learning from observation") in result.definitions
    concepts = {c.key: c for c in result.concepts}
    assert "ilfo" not in concepts
    assert "ILfO" in concepts["imitation learning from observation"].aliases


def test_an_acronym_led_by_a_lowercase_letter_is_defined_too(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "In contrast, conventional Personalized Federated Learning (pFL) techniques "
            "optimize local models. We propose FedLoGe, which trains local and generic models "
            "together and outperforms pFL baselines."
        ),
    )
    assert ("pFL", "personalized federated learning") in result.definitions
    assert "pFL" not in _proposed(result) | _used(result)
