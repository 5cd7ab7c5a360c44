"""Method names that are methods.

Each test runs the production extractor (real tagger and model) on a small abstract written
like the ICLR ones that showed the problem.
"""

from __future__ import annotations

import pytest

from loaders.extraction import (
    AcronymRegistry,
    Document,
    Extraction,
    KeyphraseExtractor,
    keybert_extractor,
)
from loaders.extraction._acronyms import Definition
from loaders.extraction._analysis import Analysis, Definitions
from loaders.extraction._keybert import _expansion_keys
from loaders.extraction._methods import MethodCandidate


@pytest.fixture(scope="module")
def extractor() -> KeyphraseExtractor:
    return keybert_extractor(top_n=20)


def _extract(extractor: KeyphraseExtractor, text: str, title: str | None = None) -> Extraction:
    [result] = extractor.extract([Document(text=text, title=title)])
    return result


def _names(result: Extraction) -> set[str]:
    return {m.name for m in (*result.proposes, *result.uses)}


def test_english_words_of_a_title_in_capitals_are_not_methods(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="EMO: EARTH MOVER DISTANCE OPTIMIZATION FOR AUTO-REGRESSIVE LANGUAGE MODELING",
        text=(
            "Neural language models are trained with maximum likelihood estimation. We propose "
            "EMO, which trains them with the earth mover distance, and fine-tune LLaMA with it."
        ),
    )
    assert "EMO" in {m.name for m in result.proposes}  # the name heading the title
    assert "LLaMA" in _names(result)
    title_words = {"EARTH", "MOVER", "DISTANCE", "OPTIMIZATION", "FOR", "AUTO-REGRESSIVE"}
    assert not (title_words | {"LANGUAGE", "MODELING"}) & _names(result)


def test_a_word_of_a_title_in_capitals_that_is_no_english_word_is_still_a_name(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="SIMULTANEOUS GENERATION AND IMPROVEMENT: A UNIFIED RL PARADIGM FOR FJSP OPTIMIZATION",
        text="We learn dispatching rules that generate and improve schedules at once.",
    )
    assert "FJSP" in _names(result)
    assert not {"SIMULTANEOUS", "GENERATION", "AND", "FOR", "OPTIMIZATION"} & _names(result)


def test_a_stopword_in_odd_case_is_not_a_method(extractor: KeyphraseExtractor) -> None:
    result = _extract(
        extractor,
        title="Learning Neural Models FoR Sparse Graphs wIth Message Passing",
        text="We train GraphSAGE on sparse graphs and compare it with GCN baselines.",
    )
    assert "GraphSAGE" in _names(result)
    assert not {"FoR", "wIth"} & _names(result)


def test_capitals_slipped_into_words_spell_an_acronym_not_methods(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "We propose an imPlicit self-ImprovemenT (PIT) framework that learns from preference "
            "data, weighted by Stationary DIstribution Correction Estimation (DICE). Unlike "
            "DAgger, PIT needs no expert, and it beats GloVe features."
        ),
    )
    names = _names(result)
    assert {"PIT", "DAgger", "GloVe"} <= names  # coinages that spell words stay
    assert not {"imPlicit", "self-ImprovemenT", "DIstribution"} & names


def test_units_after_numbers_are_not_methods(extractor: KeyphraseExtractor) -> None:
    result = _extract(
        extractor,
        text=(
            "Our kernel fits one 80 GB GPU, stores 2 TB of activations and takes 12 ms per step "
            "at 2.4 GHz; the detector reads 3.5 kT. It beats 3 PPO agents trained with SGD."
        ),
    )
    names = _names(result)
    assert {"PPO", "SGD"} <= names  # "3 PPO agents" counts agents
    assert not {"GB", "TB", "ms", "GHz", "kT"} & names


@pytest.mark.parametrize(
    ("text", "methods", "not_methods"),
    [
        pytest.param(
            "Our detector achieves SoTA results on RGB and LiDAR inputs, beating prior SoTA "
            "methods with DyAug augmentations under Non-IID splits, as in DP-SGD.",
            {"DyAug", "DP-SGD"},
            {"SoTA", "RGB", "LiDAR", "Non-IID"},
            id="a field or format in any case",
        ),
        pytest.param(
            "We evaluate OpenAI's GPT-4 and DeepMind's Chinchilla against open models such as "
            "LLaMA, trained on NVIDIA hardware. Models released by OpenAI lead the benchmark.",
            {"GPT-4", "LLaMA"},
            {"OpenAI", "DeepMind", "NVIDIA"},
            id="organisations",
        ),
        pytest.param(
            "We track astroturfing in U.S. political elections and in E.U. law debates with "
            "BERT, and compare with GPT-4 on the U.K. subset.",
            {"BERT", "GPT-4"},
            {"U.S", "U.S.", "E.U", "E.U.", "U.K", "U.K."},
            id="initials with periods",
        ),
    ],
)
def test_name_shaped_words_that_name_no_method(
    extractor: KeyphraseExtractor, text: str, methods: set[str], not_methods: set[str]
) -> None:
    names = _names(_extract(extractor, text))
    assert methods <= names
    assert not not_methods & names


@pytest.mark.parametrize(
    ("hyphenated", "plain"),
    [
        (  # a hyphen before digits
            "We evaluate on CIFAR-10 and ImageNet-1k and compare with GPT-4.",
            "We evaluate on CIFAR10 and ImageNet1K and compare with GPT4.",
        ),
        (  # a hyphen between letters
            "We compare with k-NN on MS-COCO and on ImageNet-UA.",
            "We compare with kNN on MSCOCO and on ImageNetUA.",
        ),
    ],
)
def test_spellings_with_and_without_a_hyphen_are_one_method(
    extractor: KeyphraseExtractor, hyphenated: str, plain: str
) -> None:
    with_hyphens, without = extractor.extract([Document(text=hyphenated), Document(text=plain)])
    keys = {m.key for m in with_hyphens.uses}
    assert keys == {m.key for m in without.uses}
    assert len(keys) == 3


def test_one_paper_writing_both_spellings_has_one_method_and_no_such_concept(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "We train on CIFAR10 and test on the CIFAR-10 test set. CIFAR-10 images are small, "
            "and the CIFAR-10 benchmark is saturated."
        ),
    )
    [cifar] = [m for m in result.uses if m.key == "cifar10"]
    assert "CIFAR-10" in {cifar.name, *cifar.aliases}
    assert not any(c.key.replace(" ", "") == "cifar10" for c in result.concepts)


def test_a_phrase_holding_a_method_name_is_a_concept_unless_it_restates_the_method() -> None:
    text = (
        "We propose SPath, a path language for XML schema. XML is increasingly used as a data "
        "format, and the SPath framework answers SPARQL queries over XML schema documents "
        "faster than the query language XQuery. SPath handles every schema."
    )
    [result] = keybert_extractor(top_n=30).extract([Document(text=text)])
    keys = {c.key for c in result.concepts}
    assert {m.name for m in result.uses} >= {"XML", "SPARQL", "XQuery"}
    assert {"xml schema", "sparql query"} <= keys
    # the name alone, before a vague head, after a description, or the paper's own in a clause
    restated = {"spath framework", "spath", "xml", "sparql", "query language xquery"}
    assert not restated & keys
    assert not any(key.startswith("spath") for key in keys)


def test_an_acronym_is_defined_only_by_the_initials_of_its_long_form(
    extractor: KeyphraseExtractor,
) -> None:
    registry = AcronymRegistry()
    text = (
        "Hyperparameter optimization (OPT) is costly and domain adaptation (ADA) is brittle. "
        "We study graph neural networks (GNNs), large language models (LLMs), reinforcement "
        "learning (RL) and Kolmogorov-Arnold Networks (KANs), fine-tuned with low-rank "
        "adaptation (LoRA) and chain-of-thought (CoT) prompts on a vision transformer (ViT)."
    )
    [result] = keybert_extractor(acronyms=registry).extract([Document(text=text)])
    assert registry.resolve("OPT") is None
    assert registry.resolve("ADA") is None
    assert registry.resolve("GNNs") == "graph neural network"
    assert registry.resolve("LLMs") == "large language model"
    assert registry.resolve("RL") == "reinforcement learning"
    assert registry.resolve("KANs") == "kolmogorov arnold network"
    aliases = {m.name: m.aliases for m in (*result.proposes, *result.uses)}
    assert "low-rank adaptation" in aliases["LoRA"]
    assert "chain-of-thought" in aliases["CoT"]
    assert "vision transformer" in aliases["ViT"]


def test_acronyms_from_parts_of_words_or_from_acronyms_are_still_defined() -> None:
    registry = AcronymRegistry()
    text = (
        "We decode electroencephalography (EEG) signals with networks trained by "
        "backpropagation (BP) and deep RL (DRL), then extend their context with Positional "
        "Skip-wisE training (PoSE)."
    )
    [result] = keybert_extractor(acronyms=registry).extract([Document(text=text)])
    assert registry.resolve("EEG") == "electroencephalography"
    assert registry.resolve("BP") == "backpropagation"
    assert registry.resolve("DRL") == "deep rl"
    [pose] = [m for m in (*result.proposes, *result.uses) if m.name == "PoSE"]
    assert "Positional Skip-wisE training" in pose.aliases
    assert "Skip-wisE" not in _names(result)


def test_organisations_are_not_concepts_either() -> None:
    text = (
        "We compare OpenAI models with DeepMind agents on NVIDIA hardware, and evaluate "
        "protein structure prediction on a new benchmark."
    )
    [result] = keybert_extractor(top_n=30).extract([Document(text=text)])
    words = {w for c in result.concepts for w in c.key.split()}
    assert not {"openai", "deepmind", "nvidia"} & words
    assert "protein structure prediction" in {c.key for c in result.concepts}


def test_the_long_form_of_a_method_is_not_also_its_concept(
    extractor: KeyphraseExtractor,
) -> None:
    # the paper writes the long form again in another number or case: still the method's
    nerf, pew, vit = extractor.extract(
        [
            Document(
                title="Neural Radiance Fields for Relighting",
                text=(
                    "Neural Radiance Fields (NeRF) model a scene as a field. We study how "
                    "neural radiance fields relight scenes, and why NeRF fails on glossy surfaces."
                ),
            ),
            Document(
                text=(
                    "We propose Per-Edge Weights (PEW), a method that learns per-edge weights "
                    "for flow networks. Per-Edge Weights outperform uniform weights on traffic."
                )
            ),
            Document(
                text=(
                    "We use Vision Transformers (ViTs) for segmentation. Vision transformers "
                    "trained with masks beat convolutional networks."
                )
            ),
        ]
    )
    for result, method, concept in (
        (nerf, "nerf", "neural radiance field"),
        (pew, "pew", "per edge weight"),
        (vit, "vit", "vision transformer"),
    ):
        assert method in {m.key for m in (*result.proposes, *result.uses)}
        assert concept not in {c.key for c in result.concepts}


def _spelled_out(name: str, *aliases: str, known: dict[str, str] | None = None) -> set[str]:
    registry = AcronymRegistry((known or {}).items())
    analysis = Analysis(candidates={}, methods=[], acronyms={}, length=0)
    return set(_expansion_keys(MethodCandidate(name, list(aliases)), analysis, registry))


def test_a_method_carries_the_concept_keys_of_its_long_forms() -> None:
    # keyed as a concept's words are: hyphens as spaces, head singular, acronyms expanded
    assert _spelled_out("BC", "behavioral cloning") == {"behavioral cloning"}
    assert _spelled_out("BaB", "Branch-and-Bound") == {"branch and bound"}
    assert _spelled_out("BwK", "bandits with knapsacks") == {"bandit with knapsack"}
    assert _spelled_out("BlowUp", "blow-up") == set()  # `blowup`: the method's own key
    lstm = {"LSTM": "long shortterm memory"}
    assert _spelled_out("Boosted LSTM", known=lstm) == {"boosted long shortterm memory"}
    assert _spelled_out("DyAug") == set()  # nothing spells it out


def test_an_acronym_the_paper_names_a_method_by_is_not_another_papers_concept() -> None:
    # the paper's "All-Seeing (AS) project" releases AS-1B; another paper's "abstractive
    # summarization (AS)" is no part of it
    registry = AcronymRegistry([("AS", "abstractive summarization")])
    defined = Definitions({}, set(), methods=[Definition("AS", 3, 4)])
    analysis = Analysis(candidates={}, methods=[], acronyms={}, length=0, defined=defined)
    spelled = set(_expansion_keys(MethodCandidate("AS-1B"), analysis, registry))
    assert spelled and not any("summarization" in key for key in spelled)


def test_a_lone_acronym_is_expanded_only_without_a_long_form_of_its_own() -> None:
    auc = {"AUC": "area under the roc curve"}
    assert _spelled_out("AUC", known=auc) == {"area under the roc curve"}
    tam = {"TAM": "task level attention module"}
    own = "Temporal correlation Aware Modeling"
    assert _spelled_out("TAM", own, known=tam) == {"temporal correlation aware modeling"}


def test_the_extractor_gives_a_defined_methods_long_form_key(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor, "We propose Low-Rank Adaptation (LoRA), which freezes the pretrained weights."
    )
    [lora] = [m for m in result.proposes if m.name == "LoRA"]
    assert "low rank adaptation" in lora.expansion_keys


def test_a_field_or_metric_defined_in_a_proposing_sentence_is_no_method(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "Our proposed method boosts vanilla ViT-Tiny on vision tasks to new state-of-the-art "
        "(SOTA) results.",
    )
    assert "SOTA" not in _names(result)


def test_a_long_form_does_not_start_with_a_function_word(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "This data; Overtaking on Simulated HighwAys (OSHA) dataset is released to tackle it.",
    )
    forms = {f for h in (*result.proposes, *result.uses) for f in (h.name, *h.aliases)}
    forms |= {f for c in result.concepts for f in (c.name, *c.aliases)}
    assert "on Simulated HighwAys" not in forms
    assert "on simulated highway" not in {c.key for c in result.concepts}


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # an organisation's acronym the paper spells out as its own
        ("ACM", "We propose the attention with connection module (ACM) to link the two branches."),
        # a stopword in odd case the paper defines as its name
        (
            "MosT",
            "We introduce Multi-objective multi-solution Transport (MosT), a novel solution for "
            "optimizing multiple objectives.",
        ),
    ],
)
def test_a_name_the_paper_defines_as_its_own_is_its_method(
    name: str, text: str, extractor: KeyphraseExtractor
) -> None:
    assert name in {m.name for m in _extract(extractor, text).proposes}


def test_a_title_head_of_english_words_in_capitals_is_one_name(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="POPULATION DESCENT: A NATURAL-SELECTION BASED HYPER-PARAMETER TUNING FRAMEWORK",
        text="We tune hyperparameters with a population of models and local search.",
    )
    assert "POPULATION DESCENT" in {m.name for m in result.proposes}
    assert not {"POPULATION", "DESCENT"} & _names(result)


def test_a_name_written_solid_and_spaced_in_one_paper_is_one_method(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="Eye Fairness: A Large-Scale 3D Imaging Dataset for Equitable Eye Diseases",
        text=(
            "We introduce our Eye Fairness dataset with 30,000 subjects. Our EyeFairness "
            "dataset includes 2D fundus photos."
        ),
    )
    names = _names(result)
    assert not {"Eye Fairness", "EyeFairness"} <= names
    assert {"Eye Fairness", "EyeFairness"} & names


def test_an_emphasised_run_in_heading_is_no_method(extractor: KeyphraseExtractor) -> None:
    result = _extract(
        extractor,
        "Current routers neglect two structures of translation: ($a$) "
        "$\\textit{Linguistics Hierarchy.}$ Languages are grouped by family; ($b$) "
        "$\\textit{Language Complexity:}$ languages differ in difficulty. We propose "
        "$\\texttt{Lingual-SMoE}$, a router guided by language.",
    )
    names = _names(result)
    assert "Lingual-SMoE" in names
    assert not {n for n in names if n.startswith(("Linguistics", "Language"))}


@pytest.mark.parametrize(
    ("text", "title", "name", "long_form", "aliased"),
    [
        (  # the acronym takes two letters of one word, so no acronym definition is found
            "Language models write toxic text. We propose \\textit{Self-disciplined "
            "Autoregressive Sampling (SASA)}, a decoding algorithm. SASA lowers toxicity.",
            None,
            "SASA",
            "Self-disciplined Autoregressive Sampling",
            True,
        ),
        (  # the first words of the long form, read as a name before a proposal head
            "Edges can be fuzzy. We propose a general framework, called Continuous Edge "
            "Direction (CoED) GNN. We introduce the Continuous Edge framework's Laplacian, "
            "and CoED GNN learns on gene regulatory networks.",
            None,
            "CoED",
            "Continuous Edge",
            False,
        ),
        (  # the coined name is made of the starts of the phrase's words
            "We present RelCon, a novel self-supervised Relative Contrastive learning approach "
            "for wearable sensors. RelCon learns from accelerometry.",
            "RelCon: Relative Contrastive Learning for a Motion Foundation Model",
            "RelCon",
            "Relative Contrastive",
            True,
        ),
        (  # the phrase runs on to the bracket, whose whole is the alias
            "Our closed-form approach is fast; we name it Recursive Gradient Attack on Privacy "
            "(R-GAP). R-GAP recovers inputs from gradients.",
            "R-GAP: Recursive Gradient Attack on Privacy",
            "R-GAP",
            "Recursive Gradient Attack",
            False,
        ),
    ],
)
def test_a_proposed_phrase_spelling_out_the_papers_name_is_its_alias(
    extractor: KeyphraseExtractor,
    text: str,
    title: str | None,
    name: str,
    long_form: str,
    aliased: bool,
) -> None:
    result = _extract(extractor, text, title)
    [method] = [m for m in result.proposes if name == m.name]
    assert long_form not in _names(result)
    assert any(a.startswith(long_form) for a in method.aliases)
    # a part of a long form the name has already is no alias: it may name a field
    assert (long_form in method.aliases) == aliased


def test_a_field_inside_a_proposed_long_name_does_not_become_the_names_alias(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "To address the multi-domain problem in FL, we propose a novel method called Federated "
        "Learning Without Normalizations (FedWon). FedWon eliminates the normalization layers. "
        "We present a novel algorithm called Generalized Policy Iteration using Tensor Train "
        "(TTPI), and TTPI is fast.",
    )
    aliases = {a for m in (*result.proposes, *result.uses) for a in m.aliases}
    assert "FedWon" in {m.name for m in result.proposes}
    assert not {"Federated Learning", "Tensor Train"} & aliases


def test_a_phrase_ending_a_proposed_name_stays_the_broader_idea(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "*Visual reprogramming* (VR) reuses pre-trained vision models. We propose "
        "***Attr**ibute-based **V**isual **R**eprogramming* (AttrVR) for CLIP. AttrVR refines "
        "patterns per image.",
    )
    [attrvr] = [m for m in result.proposes if m.name == "AttrVR"]
    assert "Visual reprogramming" not in attrvr.aliases


def test_emphasis_on_letters_inside_a_word_marks_an_acronym_not_a_name(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "This paper proposes $\\textbf{AnalogGenie}$, a "
        "$\\underline{\\textbf{Gen}}$erat$\\underline{\\textbf{i}}$ve engine for circuits, and "
        "***Attr**ibute-based **V**isual **R**eprogramming* (AttrVR) for images.",
    )
    names = _names(result)
    assert {"AnalogGenie", "AttrVR"} <= names
    assert not {"Gen", "Attr"} & names


def test_words_in_capitals_ending_in_an_english_word_are_one_name(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "We present CREATIVITY INDEX to quantify creativity. To compute CREATIVITY INDEX, we "
        "introduce DJ SEARCH, a dynamic programming algorithm. We also test GPT-4 on MMLU GSM8K "
        "and on the LEGEND NLDBD experiment.",
    )
    assert {"CREATIVITY INDEX", "DJ SEARCH"} <= {m.name for m in result.proposes}
    names = _names(result)
    assert not {"CREATIVITY", "INDEX", "SEARCH", "DJ", "MMLU GSM8K", "LEGEND NLDBD"} & names
    assert {"MMLU", "GSM8K"} <= names


def test_plain_words_emphasised_after_a_list_marker_are_labels_not_names(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "We propose a spiking architecture, termed Meta-SpikeFormer, whose goals are: (1) "
        "*Lower-power*, sparse additions only; (2) *Versatility*, handles vision tasks; (3) "
        "**SpikeNorm**, a normalisation we design.",
    )
    names = _names(result)
    assert {"Meta-SpikeFormer", "SpikeNorm"} <= names
    assert not {"Lower-power", "Versatility"} & names


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "We learn discrete tokens for time series, which we call TOTEM: Tokenized Time Series "
            "Embeddings. TOTEM transfers across domains.",
            "TOTEM",
        ),
        (
            "Our approach, which we dub DrQ, regularizes the value function with image shifts "
            "and works with DQN.",
            "DrQ",
        ),
        ("We call this method Glimmer, and Glimmer prunes attention heads.", "Glimmer"),
        (
            "Our method, CARE: Contrastive Augmentation-induced Rotational Equivariance, "
            "learns rotations. We test CARE with SimCLR.",
            "CARE",
        ),
        (
            "This result informs our algorithm, WAKER, which selects environments for the "
            "world model. WAKER beats PPO.",
            "WAKER",
        ),
        (
            "Our proposed method, i.e., \\textbf{P}rompt \\textbf{L}earning with "
            "\\textbf{P}er\\textbf{P}lexity (PLPP), can be integrated in any CoOp-based method.",
            "PLPP",
        ),
    ],
    ids=["we call", "we dub", "we call this method", "our method,", "our algorithm,", "i.e."],
)
def test_a_name_the_authors_give_their_own_method_is_proposed(
    extractor: KeyphraseExtractor, text: str, name: str
) -> None:
    assert name in {m.name for m in _extract(extractor, text).proposes}


def test_what_the_authors_call_a_kind_or_an_owner_of_a_name_is_no_new_name(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "Graph neural networks (GNNs) learn state representations. We study a novel "
        "implicitly-defined GNN architecture, which we call an energy GNN. We call these "
        "networks Dale's ANNs, and they learn like ANNs.",
    )
    assert not {"GNN", "Dale"} & {m.name for m in result.proposes}


def test_a_name_given_to_earlier_work_is_used_not_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "A recent method, called Context Optimization (CoOp), improves CLIP with prompt "
        "learning. A previously proposed model named GraphMixer mixes tokens. We propose "
        "a unified framework to characterize prior research in this area termed GFI-Net.",
    )
    proposed = {m.name for m in result.proposes}
    assert {"CoOp", "GraphMixer"} <= {m.name for m in result.uses}
    assert not {"CoOp", "Context Optimization", "GraphMixer"} & proposed
    assert "GFI-Net" in proposed  # the earlier word belongs to another phrase


def test_a_long_form_written_after_the_name_and_a_colon_is_its_alias(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "In this work, we introduce LLaRA: Large Language and Robotics Assistant, a framework "
        "that turns robot policies into conversations. LLaRA is data efficient.",
    )
    [llara] = result.proposes
    assert llara.name == "LLaRA"
    assert "Large Language and Robotics Assistant" in llara.aliases
    assert "Robotics Assistant" not in _names(result)


def test_an_emphasised_word_the_paper_also_writes_in_lower_case_is_no_name(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "**Micromobility** enabled by AI serves urban spaces. We present **MetaUrban**, a "
        "simulation platform for urban micromobility research. This paper proposes "
        "$\\textbf{AnalogGenie}$, a generative engine for $\\underline{\\textbf{Analog}}$ "
        "circuit topologies, trained on analog circuits. We co-design an inference engine "
        "*Nunchaku*, available at https://github.com/mit-han-lab/nunchaku/.",
    )
    names = _names(result)
    # an address writing the name in lower case is no use of a word
    assert {"MetaUrban", "AnalogGenie", "Nunchaku"} <= {m.name for m in result.proposes}
    assert not {"Micromobility", "Analog"} & names


def test_a_long_form_running_on_to_its_bracket_drops_only_a_lowercase_generic_head(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        "We propose a Background Proposal method (BAP) that mines background boxes. This work "
        "unveils a new problem setting termed Meta-Continual Learning of Neural Fields "
        "(MCL-NF), and BAP is fast.",
        "Meta-Continual Learning of Neural Fields",
    )
    aliases = {a for m in result.proposes for a in m.aliases}
    assert "Background Proposal" in aliases and "Background Proposal method" not in aliases
    assert "Meta-Continual Learning of Neural" not in aliases


def test_a_proposed_name_opening_a_longer_proposed_name_is_that_name_unless_written_alone(
    extractor: KeyphraseExtractor,
) -> None:
    together = _extract(
        extractor,
        "Our framework, *ECI sampling*, alternates between extrapolation (E), correction (C) "
        "and interpolation (I) stages.",
    )
    assert [m.name for m in together.proposes] == ["ECI sampling"]
    apart = _extract(
        extractor, "We propose GraphAny and GraphAny Lite, two models. GraphAny is fast."
    )
    assert {m.name for m in apart.proposes} == {"GraphAny", "GraphAny Lite"}
