"""One idea, one key: number, compounding and British or American spelling do not split a concept."""

from __future__ import annotations

import subprocess
import sys

import pytest

from loaders.extraction._candidates import Candidate
from loaders.extraction._normalise import concept_forms, concept_key, singular


def _key(phrase: str) -> str:
    return concept_key(phrase.split(" "), plural_head=True)


@pytest.mark.parametrize(
    ("plural", "single"),
    [
        ("biases", "bias"),
        ("matrices", "matrix"),
        ("hypotheses", "hypothesis"),
        ("vertices", "vertex"),
        ("analyses", "analysis"),
        ("indices", "index"),
        ("criteria", "criterion"),
        ("networks", "network"),
        ("GNNs", "GNN"),
        ("sizes", "size"),
        ("caches", "cache"),
        ("approaches", "approach"),
        ("hippocampi", "hippocampus"),
        ("sulci", "sulcus"),
    ],
)
def test_plurals_take_their_dictionary_singular(plural: str, single: str) -> None:
    assert singular(plural) == single


@pytest.mark.parametrize(
    "word",
    [
        "series",
        "species",
        "data",
        "news",
        "lens",
        "bias",
        "gas",
        "loss",
        "analysis",
        "dynamics",
        "physics",
        "mathematics",
        "robotics",
        "statistics",
        "genomics",
        "3DGS",
        "diffusion",
        "multi",
        "sora",
        "emoji",
    ],
)
def test_singular_and_uncountable_words_are_kept(word: str) -> None:
    assert singular(word) == word


def test_singular_keeps_the_case_of_its_input() -> None:
    assert [singular(w) for w in ("Matrices", "GFlowNets", "LoRAs", "Transformers")] == [
        "Matrix",
        "GFlowNet",
        "LoRA",
        "Transformer",
    ]


def test_a_plural_read_as_a_name_still_merges_but_an_unknown_name_keeps_its_s() -> None:
    # the tagger reads a title's "Force Fields" as a proper noun, not as a plural
    title = concept_key(["Machine", "Learning", "Force", "Fields"], plural_head=False)
    assert title == concept_key(["machine", "learning", "force", "field"], plural_head=False)
    assert concept_key(["asymmetric", "games"], plural_head=True) == _key("asymmetric game")
    assert concept_key(["Keras"], plural_head=False) == "keras"


def test_a_guessed_singular_that_is_no_word_of_a_word_keeps_its_s() -> None:
    # lemminflect's suffix rules would cut "ponens" to "ponen", which is no English word
    assert _key("modus ponens") == "modus ponens"
    assert _key("tokenizers") == "tokenizer"  # no word either way: the guess stands


def test_plural_words_before_and_after_the_head_are_singular_too() -> None:
    assert _key("language models reasoning") == _key("language model reasoning")
    assert _key("trend points detection") == _key("trend point detection")
    assert _key("equivariant graph neural networks force field") == _key(
        "equivariant graph neural network force field"
    )
    assert _key("GNNs architecture") == _key("GNN architecture")
    assert _key("Chain-of-Thoughts") == _key("chain of thought")
    assert _key("mixtures of experts") == _key("mixture of expert")


def test_a_plural_in_a_title_set_in_capitals_is_the_same_concept() -> None:
    assert concept_key(["AUGMENTED", "LANGUAGE", "MODELS"], plural_head=False) == _key(
        "augmented language model"
    )
    assert concept_key(["SPARSE", "TENSORS"], plural_head=True) == _key("sparse tensor")
    assert [singular(w) for w in ("MODELS", "3DGS", "TIES", "GNNS")] == [
        "MODEL",
        "3DGS",
        "TIES",
        "GNNS",
    ]


def test_in_x_of_y_the_word_before_of_is_the_head() -> None:
    # the tagger's plural guess goes to the head: "experts" is made singular by the lexicon
    assert concept_key(["mixtures", "of", "GFlowNets"], plural_head=True) == "mixture of gflownets"
    assert _key("mixtures of experts") == _key("mixture of experts")


@pytest.mark.parametrize(
    "variants",
    [
        ("fine tuning", "finetuning", "fine-tuning"),
        ("multi modal", "multimodal", "multi-modal"),
        ("pre training", "pretraining", "pre-training"),
        ("data set", "dataset", "data sets", "datasets", "data-sets"),
        ("hyper parameters", "hyperparameters", "hyper-parameter"),
        ("non pre-trained", "nonpretrained", "non-pre-trained"),
        ("over fitting", "overfitting", "over-fitting"),
        ("neuro symbolic AI", "neurosymbolic AI", "neuro-symbolic AI"),
        ("speed up", "speedup", "speed-up"),
        ("bias-variance trade-off", "bias variance tradeoff"),
        ("plug-in estimators", "plugin estimator"),
        ("chest X-rays", "chest xray"),
        ("k-means clustering", "kmeans clustering"),
        ("t-SNE", "tSNE"),
    ],
)
def test_closed_open_and_hyphenated_compounds_share_a_key(variants: tuple[str, ...]) -> None:
    assert len({_key(v) for v in variants}) == 1


def test_the_open_form_is_the_key_as_english_writes_it() -> None:
    # the ranker reads the open form: a model has seldom seen ``computervision`` run together
    assert concept_forms(["Computer", "Vision"], plural_head=False) == (
        "computervision",
        "computer vision",
    )
    assert concept_forms(["k-means", "clusters"], plural_head=True) == (
        "kmeans cluster",
        "k means cluster",
    )


def test_a_possessive_is_no_part_of_the_key() -> None:
    # the tokeniser splits "'s" off its word; authors also write the name without it
    assert _key("Earth mover's distance") == _key("earthmover 's distance")
    assert _key("Earth mover's distance") == _key("earth mover distance")
    assert _key("Bayes' theorem") == _key("Bayes theorem")


def test_capitalised_words_run_together_are_split_inside_a_phrase() -> None:
    assert _key("FewShot Learning") == _key("few-shot learning")
    assert _key("DualRandomized Smoothing") == _key("dual randomized smoothing")
    # a word alone is a name, keyed whole as its Method is; acronyms inside stay whole
    assert _key("HumanEval") == "humaneval"
    assert _key("GFlowNet training") == "gflownet training"
    assert _key("LoRA adapters") == "lora adapter"


def test_words_that_only_look_like_a_compound_stay_apart() -> None:
    assert _key("for mat") != _key("format")  # a stopword never closes
    assert _key("s core") != _key("score")  # the s of a split "'s"
    assert _key("k of n") == "k of n"  # a letter closes onto a word, never onto a stopword
    assert _key("out-of-distribution") == "out of distribution"  # "outof" is a hashtag's
    assert _key("in-context learning") == "in context learning"


def test_a_closed_word_english_does_not_have_is_not_read_apart() -> None:
    # the two common words a split would find are too often the wrong ones
    assert _key("explainability") == "explainability"
    assert _key("metalearning") == _key("meta-learning") == "metalearning"
    assert _key("ImageNet") == _key("imagenet") == "imagenet"


@pytest.mark.parametrize(
    "variants",
    [
        ("batch size", "batchsize", "batch-size"),
        ("adaptive step sizes", "adaptive stepsizes", "adaptive step-size"),
        ("half-spaces", "halfspaces", "halfspace"),
        ("red-teaming", "redteaming"),
        ("deep learning", "deeplearning"),
        ("low bit-width", "low-bitwidth"),
    ],
)
def test_a_closed_word_the_domain_writes_apart_is_read_apart(variants: tuple[str, ...]) -> None:
    # English has no ``batchsize``; papers write ``batch size``, and a closed spelling is the same
    assert len({_key(v) for v in variants}) == 1


def test_an_unknown_plural_ending_a_phrase_is_singular_whatever_the_tagger_read() -> None:
    # a title's "Variational Autoencoders" is tagged a name, a sentence's a plural
    title = concept_key(["Variational", "Autoencoders"], plural_head=False)
    assert title == concept_key(["variational", "autoencoders"], plural_head=True)
    assert title == _key("variational autoencoder")


@pytest.mark.parametrize(
    ("british", "american"),
    [
        ("domain generalisation", "domain generalization"),
        ("optimisation", "optimization"),
        ("language modelling", "language modeling"),
        ("agent behaviours", "agent behavior"),
        ("colour", "color"),
        ("tokenisation", "tokenization"),
        ("learned optimisers", "learned optimizer"),
    ],
)
def test_british_and_american_spellings_share_a_key(british: str, american: str) -> None:
    assert _key(british) == _key(american)


def test_words_ending_in_ise_are_not_all_british() -> None:
    assert [_key(w) for w in ("noise", "precise", "expertise")] == ["noise", "precise", "expertise"]


def test_a_name_keeps_the_authors_spelling_and_number() -> None:
    assert Candidate("language modeling", ["language modelling"]).name == "language modelling"
    # the key is singular so that wordings meet; the name is what the paper wrote
    assert Candidate(_key("textual corpora"), ["textual corpora"]).name == "textual corpora"
    assert _key("textual corpora") == _key("textual corpus")


def test_importing_the_normal_forms_loads_no_word_list() -> None:
    # lemminflect imports spaCy as it loads: it must wait for the first singular asked for
    code = (
        "import sys, loaders.extraction._candidates, loaders.markup;"
        "print(sorted({'lemminflect', 'breame', 'wordfreq', 'spacy'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
