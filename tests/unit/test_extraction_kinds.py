"""What each paper introduces, typed, and what its names vary.

The seed test checks the production extractor against ``tests/data/seed-contributions.json``:
what each of the 19 seed papers introduces, read by hand. The small abstracts after it are
written like the ICLR ones that showed each problem.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from loaders.extraction import Document, Extraction, KeyphraseExtractor, keybert_extractor

REPO = Path(__file__).resolve().parents[2]
SEED = REPO / "examples" / "iclr2025-seed.txt"
LABELS: dict[str, Any] = json.loads(
    (REPO / "tests" / "data" / "seed-contributions.json").read_text(encoding="utf-8")
)


@pytest.fixture(scope="module")
def extractor() -> KeyphraseExtractor:
    return keybert_extractor()


@pytest.fixture(scope="module")
def seed(extractor: KeyphraseExtractor) -> list[tuple[str, Extraction]]:
    paragraphs = [p.strip() for p in SEED.read_text(encoding="utf-8").split("\n\n")[1:]]
    texts = [p for p in paragraphs if p]
    return list(zip(texts, extractor.extract([Document(text=t) for t in texts])))


def _for(seed: list[tuple[str, Extraction]], starts: str) -> Extraction:
    return next(result for text, result in seed if text.startswith(starts))


def _one(extractor: KeyphraseExtractor, text: str) -> Extraction:
    [result] = extractor.extract([Document(text=text)])
    return result


def _kinds(hits: tuple[Any, ...]) -> dict[str, str | None]:
    return {h.name: h.kind for h in hits}


def test_every_seed_contribution_is_proposed_by_its_paper_with_its_kind_and_nothing_else(
    seed: list[tuple[str, Extraction]],
) -> None:
    assert sum(len(p["proposes"]) for p in LABELS["papers"]) == 20
    for paper in LABELS["papers"]:
        result = _for(seed, paper["starts"])
        assert _kinds(result.proposes) == paper["proposes"], paper["starts"]


def test_established_names_in_the_seed_are_used_with_their_kind(
    seed: list[tuple[str, Extraction]],
) -> None:
    for paper in LABELS["papers"]:
        used = _kinds(_for(seed, paper["starts"]).uses)
        for name, kind in paper.get("uses", {}).items():
            assert used.get(name) == kind, (paper["starts"], name)


def test_seed_variants_point_to_what_they_vary(seed: list[tuple[str, Extraction]]) -> None:
    hits = {h.name: h for _, r in seed for h in (*r.proposes, *r.uses)}
    for variant, base in LABELS["variants"].items():
        assert hits[variant].variant_of == hits[base].key


def test_proposing_to_use_an_existing_technique_uses_it(extractor: KeyphraseExtractor) -> None:
    result = _one(
        extractor,
        "Fine-tuning large models is costly. We propose using LoRA to adapt them cheaply, and "
        "show that LoRA adapters trained on GSM8K transfer across tasks.",
    )
    assert "LoRA" in {h.name for h in result.uses}
    assert not result.proposes
    assert _kinds(result.uses).get("GSM8K") == "dataset"  # trained on X


def test_a_named_variant_does_not_propose_its_base(extractor: KeyphraseExtractor) -> None:
    result = _one(
        extractor,
        "Continual learning with adapters forgets old tasks. We propose SD-LoRA, a low-rank "
        "method for class-incremental learning, and evaluate it with OPT-13B.",
    )
    proposes, uses = {h.key: h for h in result.proposes}, {h.key: h for h in result.uses}
    assert set(proposes) == {"sdlora"}
    assert proposes["sdlora"].variant_of == "lora" and "lora" in uses
    assert uses["opt13b"].variant_of == "opt" and uses["opt"].kind == "model"


def test_a_name_prefixed_to_an_organisation_does_not_make_it_a_method(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "Graph models drift as graphs evolve. We propose Smart, an estimator of generalization "
        "on evolving graphs; on the OGB-arXiv dataset its error stays low.",
    )
    names = {h.name for h in (*result.proposes, *result.uses)}
    assert "OGB-arXiv" in names and "arXiv" not in names


def test_text_lineage_extends_builds_on_variant_of(extractor: KeyphraseExtractor) -> None:
    result = _one(
        extractor,
        "Graph transformers are slow on large graphs. We introduce FastGT, a model that "
        "extends GraphGPS with sparse attention, and compare it with SAN baselines.",
    )
    [fast] = result.proposes
    assert fast.name == "FastGT" and fast.kind == "model" and fast.variant_of == "graphgps"


def test_a_benchmark_introduced_as_a_framework_for_evaluating_is_a_benchmark(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "Agents are hard to compare. We introduce Webarenix, a framework for building web "
        "tasks and evaluating agents on them, and find that agents fail on MiniWoB tasks.",
    )
    assert _kinds(result.proposes) == {"Webarenix": "benchmark"}
    assert "MiniWoB" not in {h.name for h in result.uses}  # a task suite named as tasks


def test_a_proposed_name_stays_proposed_beside_its_own_sizes(
    extractor: KeyphraseExtractor,
) -> None:
    # the paper's sizes of its own model vary it; a named variant of another's does not
    result = _one(
        extractor,
        "Judging LLM outputs is costly. We introduce a judge large language model, named "
        "Pandora, trained to pick the better of two responses. Pandora-7B matches GPT-4 "
        "and Pandora-70B surpasses it.",
    )
    assert "Pandora" in {h.name for h in result.proposes}
    variant = _one(
        extractor,
        "Fine-tuning is expensive. We propose SD-LoRA, which scales LoRA to many tasks.",
    )
    assert {h.name for h in variant.proposes} == {"SD-LoRA"}


def test_small_caps_names_are_proposed(extractor: KeyphraseExtractor) -> None:
    result = _one(
        extractor,
        "Reasoning over tables is understudied. We present {\\scshape Tabula}, a synthetic "
        "dataset of table questions, and evaluate LLMs on it.",
    )
    assert _kinds(result.proposes) == {"Tabula": "dataset"}


def test_a_long_name_and_its_acronym_are_one_method(extractor: KeyphraseExtractor) -> None:
    result = _one(
        extractor,
        "Erasing concepts from diffusion models harms others. We propose the Adaptive Guided "
        "Erasure (AGE) method, which picks targets per concept; AGE beats ESD on CIFAR-10.",
    )
    [age] = result.proposes
    assert age.name == "AGE" and "Adaptive Guided Erasure" in age.aliases
    assert _kinds(result.uses).get("CIFAR-10") == "dataset"


def test_used_names_without_a_cue_have_no_kind_and_organisations_are_not_names(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "We study how OpenAI and DeepMind report results. Following XYZNet, we compare "
        "three prompting styles.",
    )
    assert _kinds(result.uses) == {"XYZNet": None}
    assert not result.proposes


def test_names_listed_before_their_kind_share_it(extractor: KeyphraseExtractor) -> None:
    result = _one(
        extractor,
        "Self-supervised features transfer poorly. We study FroSSL when used to train a model "
        "on the CIFAR-10, CIFAR-100, STL-10, and ImageNet datasets, and on the GTA and GAIA "
        "benchmarks; we also run it on the Intel NNP-I chip. A ResNet18 searched on "
        "NAS-Bench-101 is the baseline.",
    )
    kinds = _kinds(result.uses)
    assert {kinds.get(n) for n in ("CIFAR-100", "STL-10", "ImageNet")} == {"dataset"}
    assert kinds.get("GTA") == "benchmark" and kinds.get("GAIA") == "benchmark"
    assert "NNP-I" not in kinds  # hardware is no method
    assert kinds.get("ResNet18") == "model" and kinds.get("NAS-Bench-101") == "benchmark"


def test_a_name_after_a_clause_ending_in_a_comma_keeps_its_kind(
    extractor: KeyphraseExtractor,
) -> None:
    # "tasks, L-MAP" is no appositive (that is "a benchmark, X"): the clause ends at the comma
    result = _one(
        extractor,
        "We present \\textit{Latent Macro Action Planner} (L-MAP), which learns macro-actions. "
        "In offline RL settings, including stochastic continuous control tasks, L-MAP "
        "efficiently searches over discrete latent actions.",
    )
    assert "L-MAP" in [m.name for m in result.proposes]


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        pytest.param(
            "We propose RankAlign, a preference optimization method. We rate summaries with "
            "GPT-4 scores and BERT scores, and RankAlign raises both.",
            {"GPT-4": "model", "BERT": "model"},  # the scores they give do not make metrics
            id="a model that gives scores stays a model",
        ),
        pytest.param(
            "We propose GuidedCheck, a contamination test. The overlap with the reference "
            "instances (as measured by ROUGE-L or BLEURT) is significantly higher.",
            {"ROUGE-L": "metric", "BLEURT": "metric"},
            id="a name measured by is a metric",
        ),
    ],
)
def test_the_words_around_a_used_name_type_it(
    extractor: KeyphraseExtractor, text: str, kinds: dict[str, str]
) -> None:
    used = _kinds(_one(extractor, text).uses)
    assert {name: used.get(name) for name in kinds} == kinds


def test_the_head_of_the_nouns_after_a_list_types_its_names(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "We propose SlimTune, a fine-tuning method. Lower learning rates improve results on "
        "MMLU, MTBench, and Open LLM Leaderboard across model sizes.",
    )
    assert _kinds(result.uses).get("MMLU") == "benchmark"  # a leaderboard, not an LLM


def test_a_thousands_suffix_is_a_data_sets_size_not_a_models(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "We propose PatchMix, a data augmentation method. PatchMix improves the top-1 "
        "accuracy of ResNet-50 on ImageNet-1K.",
    )
    used = _kinds(result.uses)
    assert used.get("ImageNet-1K") == "dataset" and used.get("ResNet-50") == "model"
    [subset] = [h for h in result.uses if h.name == "ImageNet-1K"]
    assert subset.variant_of == "imagenet"  # still a sized variant of what it varies


def test_a_used_model_of_a_known_family_is_a_model_whatever_noun_follows(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "Agents need planning. We propose ViT-Lens, a method for routing vision features, and "
        "a black box architecture with multiple LLM-based (GPT-4) modules.",
    )
    assert _kinds(result.uses).get("GPT-4") == "model"  # not a method for its "modules"
    assert _kinds(result.proposes) == {"ViT-Lens": "method"}  # the paper says what it made


def test_a_verb_tagged_as_a_noun_after_the_kind_noun_keeps_the_kind(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "We propose TextFilter, a data filtering approach. The creators of the LAION-5B dataset "
        "chose to retain only pairs whose CLIP similarity exceeded a threshold.",
    )
    assert _kinds(result.uses).get("LAION-5B") == "dataset"  # not a model for its 5B


def test_a_name_ending_in_eval_is_a_benchmark_where_results_are_reported(
    extractor: KeyphraseExtractor,
) -> None:
    result = _one(
        extractor,
        "We propose SlimCoder, a small code model. SlimCoder achieves 61% pass@1 on HumanEval "
        "and a 30% win rate on AlpacaEval, and improves DenseRetrieval recall on MS-MARCO.",
    )
    used = _kinds(result.uses)
    assert (used.get("HumanEval"), used.get("AlpacaEval")) == ("benchmark", "benchmark")
    assert used.get("DenseRetrieval") != "benchmark"


def test_each_typed_name_says_which_cue_typed_it(extractor: KeyphraseExtractor) -> None:
    result = _one(
        extractor,
        "We propose RankAlign, a preference optimization method. We fine-tune on the WikiQA "
        "dataset and report an accuracy of 81.2% on GSM8K, as measured by ROUGE-L.",
    )
    cues = {h.name: (h.kind, h.kind_cue) for h in (*result.proposes, *result.uses)}
    assert cues["RankAlign"] == ("method", "kind.noun-beside")
    assert cues["WikiQA"] == ("dataset", "kind.noun-beside")
    assert cues["GSM8K"] == ("dataset", "kind.reported-on")
    assert cues["ROUGE-L"] == ("metric", "kind.measured-by")
