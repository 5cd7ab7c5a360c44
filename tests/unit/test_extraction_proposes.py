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


def _explained_rule(text: str, title: str, name: str) -> str:
    """The rule ``--explain`` gives for typing ``name`` as proposed or used."""
    from loaders.extraction import KeyBertExtractor

    [(_, decisions)] = KeyBertExtractor(top_n=20).explain([Document(text=text, title=title)])
    [rule] = [
        d.rule
        for d in decisions
        if d.stage == "methods" and d.action == "typed" and d.text.lower() == name.lower()
    ]
    return rule


NEUROQUANT_TITLE = "On Quantizing Neural Representation for Variable-Rate Video Coding"
NEUROQUANT = (
    "This work introduces NeuroQuant, a novel post-training quantization (PTQ) approach "
    "tailored to non-generalized Implicit Neural Representations for variable-rate Video "
    "Coding (INR-VC). Unlike existing methods that require extensive weight retraining for "
    "each target bitrate, we hypothesize that variable-rate coding can be achieved by "
    "adjusting quantization parameters (QPs) of pre-trained weights. Our study reveals that "
    "traditional quantization methods, which assume inter-layer independence, are "
    "ineffective for non-generalized INR-VC models due to significant dependencies across "
    "layers. To address this, we redefine variable-rate INR-VC as a mixed-precision "
    "quantization problem and establish a theoretical framework for sensitivity criteria "
    "aimed at simplified, fine-grained rate control. Additionally, we propose network-wise "
    "calibration and channel-wise quantization strategies to minimize quantization-induced "
    "errors, arriving at a unified formula for representation-oriented PTQ calibration. Our "
    "experimental evaluations demonstrate that NeuroQuant significantly outperforms existing "
    "techniques in varying bitwidth quantization and compression efficiency, accelerating "
    "encoding by up to eight times and enabling quantization down to INT2 with minimal "
    "reconstruction loss. This work introduces variable-rate INR-VC for the first time and "
    "lays a theoretical foundation for future research in rate-distortion optimization, "
    "advancing the field of video coding technology. The materials will be available at "
    "https://github.com/Eric-qi/NeuroQuant"
)


def test_acronyms_in_the_appositive_describing_the_proposed_name_are_used(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(extractor, NEUROQUANT, NEUROQUANT_TITLE)
    assert _proposed(result) == {"NeuroQuant"}
    assert {"PTQ", "INR-VC"} <= _used(result)
    assert _explained_rule(NEUROQUANT, NEUROQUANT_TITLE, "PTQ") == "proposed.appositive-setting"


def test_the_acronym_of_a_proposed_long_form_is_the_name_not_a_coined_part_of_it(
    extractor: KeyphraseExtractor,
) -> None:
    title = "Image2Sentence based Asymmetrical Zero-shot Composed Image Retrieval"
    text = (
        "The task of composed image retrieval (CIR) aims to retrieve images based on the query "
        "image and the text describing the users' intent. Existing methods have made great "
        "progress with the advanced large vision-language (VL) model in CIR task, however, "
        "they generally suffer from two main issues: lack of labeled triplets for model "
        "training and difficulty of deployment on resource-restricted environments when "
        "deploying the large vision-language model. To tackle the above problems, we propose "
        "Image2Sentence based Asymmetric zero-shot composed image retrieval (ISA), which takes "
        "advantage of the VL model and only relies on unlabeled images for composition "
        "learning. In the framework, we propose a new adaptive token learner that maps an "
        "image to a sentence in the word embedding space of VL model. The sentence adaptively "
        "captures discriminative visual information and is further integrated with the text "
        "modifier. An asymmetric structure is devised for flexible deployment, in which the "
        "lightweight model is adopted for the query side while the large VL model is deployed "
        "on the gallery side. The global contrastive distillation and the local alignment "
        "regularization are adopted for the alignment between the light model and the VL model "
        "for CIR task. Our experiments demonstrate that the proposed ISA could better cope with "
        "the real retrieval scenarios and further improve retrieval accuracy and efficiency"
    )
    result = _extract(extractor, text, title)
    assert _proposed(result) == {"ISA"}
    assert "Image2Sentence" not in _used(result)
    [isa] = result.proposes
    assert "Image2Sentence" in isa.aliases
    assert _explained_rule(text, title, "ISA") == "proposed.long-form-acronym"


def test_an_emphasised_so_called_term_of_the_opening_is_not_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    title = "Ask, and it shall be given: On the Turing completeness of prompting"
    text = (
        "Since the success of GPT, large language models (LLMs) have revolutionized machine "
        "learning and have initiated the so-called *LLM prompting* paradigm. In the era of "
        "LLMs, people train a single general-purpose LLM and provide the LLM with different "
        "*prompts* to perform different tasks. However, such empirical success largely lacks "
        "theoretical understanding. Here, we present the first theoretical study on the LLM "
        "prompting paradigm to the best of our knowledge. In this work, we show that prompting "
        "is in fact Turing-complete: there exists a finite-size Transformer such that for any "
        "computable function, there exists a corresponding prompt following which the "
        "Transformer computes the function. Furthermore, we show that even though we use only "
        "a single finite-size Transformer, it can still achieve nearly the same complexity "
        "bounds as that of the class of all unbounded-size Transformers. Overall, our result "
        "reveals that prompting can enable a single finite-size Transformer to be efficiently "
        "universal, which establishes a theoretical underpinning for prompt engineering in "
        "practice"
    )
    result = _extract(extractor, text, title)
    assert _proposed(result) == set()
    assert _explained_rule(text, title, "LLM prompting") == "proposed.existing-term"


def test_a_model_listed_among_the_compared_ones_is_not_proposed_by_a_later_variant(
    extractor: KeyphraseExtractor,
) -> None:
    title = "Unified Long-Term Time-Series Forecasting Benchmark"
    text = (
        "In order to support the advancement of machine learning methods for predicting "
        "time-series data, we present a comprehensive dataset designed explicitly for "
        "long-term time-series forecasting. We incorporate a collection of datasets obtained "
        "from diverse, dynamic systems and real-life records. Each dataset is standardized by "
        "dividing it into training and test trajectories with predetermined lookback lengths. "
        "We include trajectories of length up to $2000$ to ensure a reliable evaluation of "
        "long-term forecasting capabilities. To determine the most effective model in diverse "
        "scenarios, we conduct an extensive benchmarking analysis using classical and "
        "state-of-the-art models, namely LSTM, DeepAR, NLinear, N-Hits, PatchTST, and "
        "LatentODE. Our findings reveal intriguing performance comparisons among these "
        "models, highlighting the dataset-dependent nature of model effectiveness. Notably, we "
        "introduce a custom latent NLinear model and enhance DeepAR with a curriculum learning "
        "phase. Both consistently outperform their vanilla counterparts."
    )
    result = _extract(extractor, text, title)
    assert not {"DeepAR", "NLinear"} & _proposed(result)
    assert {"DeepAR", "NLinear"} <= _used(result)
    assert _explained_rule(text, title, "DeepAR") == "proposed.listed-before"


def test_an_acronym_describing_a_new_thing_of_an_english_name_is_not_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="Ferret: Refer and Ground Anything Anywhere at Any Granularity",
        text=(
            "We introduce Ferret, a new Multimodal Large Language Model (MLLM) capable of "
            "understanding spatial referring of any shape or granularity within an image and "
            "accurately grounding open-vocabulary descriptions. Ferret outperforms existing "
            "MLLMs in region-based multimodal chatting."
        ),
    )
    assert "MLLM" not in _proposed(result)


def test_components_the_appositive_names_with_called_stay_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="TopoFR: A Closer Look at Topology Alignment on Face Recognition",
        text=(
            "Directly aligning the structure information between the input and latent spaces "
            "suffers from an overfitting problem. To address this problem, we propose TopoFR, "
            "a novel FR model that leverages a topological structure alignment strategy called "
            "PTSA and a hard sample mining strategy named SDE. Concretely, PTSA uses persistent "
            "homology to align the topological structures of the input and latent spaces."
        ),
    )
    assert {"TopoFR", "PTSA", "SDE"} <= _proposed(result)


@pytest.mark.parametrize(
    ("title", "text", "name"),
    [
        (  # an English word, capitalised: no coined shape says it is a name
            "Ferret: Refer and Ground Anything at Any Granularity",
            "We introduce Ferret, a new multimodal large language model that grounds "
            "open-vocabulary descriptions in images.",
            "Ferret",
        ),
        (  # two English words
            "Beam Enumeration: Explainability for Molecular Design",
            "Here, we propose Beam Enumeration to enumerate the most probable sub-sequences "
            "of molecular generative models.",
            "Beam Enumeration",
        ),
        (  # shaped like a capitalised adjective (``Consistency-Aware``)
            "R-Sparse: Rank-Aware Activation Sparsity for Efficient Inference",
            "In this paper, we introduce R-Sparse, a training-free activation sparsity "
            "approach for large language models.",
            "R-Sparse",
        ),
    ],
)
def test_the_title_head_the_body_introduces_is_proposed_whatever_its_shape(
    extractor: KeyphraseExtractor, title: str, text: str, name: str
) -> None:
    result = _extract(extractor, title=title, text=text)
    assert name in _proposed(result)
    assert name.lower() not in {c.name.lower() for c in result.concepts}


def test_a_title_head_the_body_only_mentions_is_not_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        title="Attention: Where Transformers Look",
        text=(
            "Attention is the core of transformers. We propose a probe that measures where "
            "the heads of a transformer look, and find that Attention concentrates on few tokens."
        ),
    )
    assert "Attention" not in _proposed(result)


def test_a_dataset_the_authors_curate_is_proposed(extractor: KeyphraseExtractor) -> None:
    result = _extract(
        extractor,
        text=(
            "Multimodal models ground phrases poorly. To improve grounding, we curate GRIT, "
            "a refer-and-ground instruction tuning dataset of 1.1M samples."
        ),
    )
    assert "GRIT" in _proposed(result)


def test_a_base_the_paper_introduces_before_its_variant_stays_proposed(
    extractor: KeyphraseExtractor,
) -> None:
    result = _extract(
        extractor,
        text=(
            "Symbolic regression is hard. In this paper, we present our new approach ParFam "
            "that uses parametric families of symbolic functions. Moreover, we present an "
            "extension incorporating a pre-trained transformer network (DL-ParFam) to guide "
            "ParFam."
        ),
    )
    assert {"ParFam", "DL-ParFam"} <= _proposed(result)


def test_a_base_its_variant_builds_on_is_not_proposed(extractor: KeyphraseExtractor) -> None:
    result = _extract(
        extractor,
        text=(
            "Low-rank adaptation (LoRA) tunes large models cheaply. We propose SD-LoRA, which "
            "decouples the magnitude and direction of LoRA updates for continual learning."
        ),
    )
    assert "SD-LoRA" in _proposed(result)
    assert "LoRA" not in _proposed(result)
