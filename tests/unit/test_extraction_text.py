"""Model-free parts of extraction: normal forms, acronyms, the registry, the tagger glue."""

from __future__ import annotations

import subprocess
import sys

from loaders.extraction import AcronymRegistry
from loaders.extraction._analysis import Prepared, define
from loaders.extraction._candidates import Candidate, collect_candidates, surface
from loaders.extraction._normalise import concept_key, method_key, singular
from loaders.extraction._tagging import Unit, cut_at_bracket, truecase_title, units_from_pairs


def test_importing_the_package_loads_no_heavy_library() -> None:
    code = "import sys, loaders.extraction; print(sorted({'torch','spacy','keybert','model2vec'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_singular_handles_regular_irregular_and_invariant_nouns() -> None:
    assert singular("networks") == "network"
    assert singular("GNNs") == "GNN"
    assert singular("strategies") == "strategy"
    for word in ("analysis", "dynamics", "loss", "data", "series"):
        assert singular(word) == word


def test_singular_keeps_the_e_of_sizes_and_caches() -> None:
    plurals = {
        "sizes": "size",
        "caches": "cache",
        "KV-caches": "KV-cache",
        "approaches": "approach",
        "patches": "patch",
        "boxes": "box",
        "buzzes": "buzz",
        "meshes": "mesh",
    }
    assert {word: singular(word) for word in plurals} == plurals


def test_concept_keys_unify_case_number_and_hyphens() -> None:
    assert concept_key(["Graph", "Neural", "Networks"], plural_head=True) == "graph neural network"
    assert concept_key(["k-sparse", "autoencoders"], plural_head=True) == concept_key(
        ["k", "sparse", "autoencoder"], plural_head=False
    )
    assert method_key("PC-Winter") == method_key("pc winter")


def test_registry_resolves_plural_acronyms_and_keeps_first_definition() -> None:
    registry = AcronymRegistry()
    registry.learn("GNNs", "graph neural network")
    registry.learn("GNN", "something else")
    assert registry.resolve("GNNs") == registry.resolve("GNN") == "graph neural network"
    assert registry.resolve("CNN") is None
    assert AcronymRegistry(registry.items()).items() == registry.items()


def test_hyphenated_compounds_become_one_unit() -> None:
    tokens = [
        ("PC", "PROPN", "NNP", False, 0),
        ("-", "PUNCT", "HYPH", False, 2),
        ("Winter", "PROPN", "NNP", True, 3),
        ("and", "CCONJ", "CC", True, 10),
        ("k", "NOUN", "NN", False, 14),
        ("-", "PUNCT", "HYPH", False, 15),
        ("sparse", "ADJ", "JJ", True, 16),
    ]
    assert [u.text for u in units_from_pairs(tokens)] == ["PC-Winter", "and", "k-sparse"]


def test_a_unit_split_off_a_number_is_joined_back() -> None:
    tokens = [
        ("GSM8", "PROPN", "NNP", False, 0),
        ("K", "PROPN", "NNP", True, 4),
        ("and", "CCONJ", "CC", True, 6),
        ("8", "NUM", "CD", False, 10),
        ("K", "PROPN", "NNP", True, 11),
        ("tokens", "NOUN", "NNS", True, 13),
        ("2", "NUM", "CD", True, 20),
        ("K", "PROPN", "NNP", True, 22),
    ]
    assert [u.text for u in units_from_pairs(tokens)] == ["GSM8K", "and", "8K", "tokens", "2", "K"]


def test_a_name_never_keeps_the_period_that_ends_its_sentence() -> None:
    tokens = [
        ("with", "ADP", "IN", True, 0),
        ("FreeDyG.", "PROPN", "NNP", True, 5),
        ("GSM8", "PROPN", "NNP", False, 14),
        ("K.", "PROPN", "NNP", True, 18),
        ("e.g.", "ADV", "FW", True, 21),
    ]
    texts = [u.text for u in units_from_pairs(tokens)]
    assert texts == ["with", "FreeDyG", ".", "GSM8K", ".", "e.g."]


def test_a_unit_cut_inside_a_bracket_is_told_from_a_name_holding_one() -> None:
    assert cut_at_bracket("maps(e.g") and cut_at_bracket("inner-model(s")
    assert cut_at_bracket("Syndrome)(i.e")  # closed before it opens
    assert not cut_at_bracket("SE(3)-equivariant") and not cut_at_bracket("GNN")


def test_a_lone_letter_makes_no_phrase() -> None:
    units = [
        Unit("top", "ADJ", "JJ"),
        Unit("K", "PROPN", "NNP"),
        Unit("batch", "NOUN", "NN"),
        Unit("sizes", "NOUN", "NNS"),
    ]
    keys = set(collect_candidates(units, title_end=0, expand=lambda _: None))
    assert "batch size" in keys
    assert not any(" k " in f" {key} " for key in keys)


def test_a_candidate_is_ranked_by_its_words_apart() -> None:
    # the key is an identity; the model that ranks the phrase reads it as English writes it
    units = [Unit("k-means", "NOUN", "NN"), Unit("fine-tuning", "NOUN", "NN")]
    candidates = collect_candidates(units, title_end=0, expand=lambda _: None)
    assert candidates["kmeans finetuning"].phrase == "k means fine tuning"


def test_title_case_is_lowered_but_coined_names_kept() -> None:
    assert truecase_title("DyAug: Dynamic Graph Augmentation with PC-Winter") == (
        "DyAug: dynamic graph augmentation with PC-Winter"
    )


def _keys(*words: tuple[str, str, str]) -> set[str]:
    units = [Unit(text, pos, tag) for text, pos, tag in words]
    return set(collect_candidates(units, title_end=0, expand=lambda _: None))


def test_a_loose_modifier_does_not_start_a_phrase() -> None:
    # ``conventional`` and ``state-of-the-art`` are everyday words a paper does not repeat
    keys = _keys(
        ("conventional", "ADJ", "JJ"),
        ("collaborative", "ADJ", "JJ"),
        ("filtering", "NOUN", "NN"),
        ("techniques", "NOUN", "NNS"),
    )
    assert "collaborative filtering technique" in keys
    assert not any(key.startswith("conventional") for key in keys)
    sota = _keys(("state-of-the-art", "NOUN", "NN"), ("solvers", "NOUN", "NNS"))
    assert sota == {"solver"}


def test_an_acronym_or_a_noun_standing_for_a_loose_modifier_names_nothing() -> None:
    def expand(word: str) -> list[str] | None:
        return ["state", "of", "the", "art"] if word == "SOTA" else None

    units = [Unit("SOTA", "PROPN", "NNP")]
    assert set(collect_candidates(units, title_end=0, expand=expand)) == set()
    # ``improvements over state-of-the-arts``: the compound used as a noun
    assert _keys(("state-of-the-arts", "NOUN", "NNS")) == set()
    # a defined acronym of a term keeps its concept
    gnn = collect_candidates(
        [Unit("GNN", "PROPN", "NNP")], title_end=0, expand=lambda w: ["graph", "neural", "network"]
    )
    assert set(gnn) == {"graph neural network"}


def test_a_rare_modifier_is_loose_when_it_is_an_opinion_the_domain_does_not_repeat() -> None:
    from loaders.extraction._modifiers import loose_start

    # too seldom written in the domain to judge by its rate alone, yet an opinion
    assert loose_start(["huge", "datasets"])
    assert loose_start(["unprecedented", "advancements"])
    assert loose_start(["exceptional", "coding", "performance"])
    # rare topic words a subjectivity lexicon does not call opinions stay
    assert not loose_start(["embedded", "systems"])
    assert not loose_start(["remote", "sensing"])


def test_a_topic_modifier_or_a_name_keeps_its_first_word() -> None:
    # ``convolutional`` carries a paper's topic; ``maximum likelihood estimation`` is a name
    assert "convolutional layer" in _keys(("convolutional", "ADJ", "JJ"), ("layers", "NOUN", "NNS"))
    assert "maximum likelihood estimation" in _keys(
        ("maximum", "ADJ", "JJ"), ("likelihood", "NOUN", "NN"), ("estimation", "NOUN", "NN")
    )
    assert "likelihood ratio" in _keys(
        ("maximum", "ADJ", "JJ"), ("likelihood", "NOUN", "NN"), ("ratio", "NOUN", "NN")
    )


def test_the_modifier_table_is_a_statistic_of_the_domain() -> None:
    from loaders.extraction._modifiers import loose_start, loose_word

    assert loose_word("popular") and loose_word("state-of-the-art")
    assert not loose_word("adversarial") and not loose_word("convolutional")
    assert loose_start(["standard", "benchmarks"])
    assert not loose_start(["standard", "deviation"])
    # only adjectives: a keyword's ``us`` is no loose modifier
    assert not loose_start(["us", "elections"])
    # mostly a noun (``the potential of``), an adjective where it modifies (``potential risks``)
    assert loose_start(["potential", "risks"])


def test_a_modifier_whose_phrases_papers_do_not_repeat_is_loose() -> None:
    # a theory paper repeats ``theoretical``, but writes ``theoretical analysis`` once: the
    # phrases it starts are not terms; ``deep learning`` and ``robust optimization`` are
    keys = _keys(
        ("theoretical", "ADJ", "JJ"),
        ("convergence", "NOUN", "NN"),
        ("guarantees", "NOUN", "NNS"),
    )
    assert "convergence guarantee" in keys
    assert not any(key.startswith("theoretical") for key in keys)
    assert "inference" in _keys(("efficient", "ADJ", "JJ"), ("inference", "NOUN", "NN"))
    assert "deep learning" in _keys(("deep", "ADJ", "JJ"), ("learning", "NOUN", "NN"))
    assert "robust optimization" in _keys(("robust", "ADJ", "JJ"), ("optimization", "NOUN", "NN"))


def test_a_phrase_its_papers_repeat_keeps_a_loose_first_word() -> None:
    from loaders.extraction._modifiers import loose_start

    # papers on exploration write ``efficient exploration`` again and again: a name
    assert loose_start(["efficient", "training"])
    assert not loose_start(["efficient", "exploration"])
    # an adjective that classifies starts few phrases, each of its own field: not judged loose
    assert not loose_start(["self-attention", "mechanism"])
    assert not loose_start(["scientific", "discovery"])


def test_a_loose_word_the_domain_hyphenates_to_the_next_keeps_it_written_apart() -> None:
    from loaders.extraction._modifiers import loose_start

    # ``first-order`` is one word of the text: written apart, the phrase keeps ``first`` too
    assert loose_start(["first", "results"])
    assert not loose_start(["first", "order", "logic"])
    assert not loose_start(["few", "shot", "learning"])


def _sentence(spec: str) -> set[str]:
    """The candidate keys of a sentence given as ``word/POS/TAG`` items."""
    units = [Unit(*item.rsplit("/", 2)) for item in spec.split()]
    return set(collect_candidates(units, title_end=0, expand=lambda _: None))


FL = "federated/VERB/VBN learning/NOUN/NN"


def test_a_participle_of_terms_the_paper_comes_back_to_opens_its_phrase() -> None:
    # the tagger reads ``federated`` as a participle; a paper about it writes it again
    keys = _sentence(f"We/PRON/PRP study/VERB/VBP {FL} for/ADP/IN {FL} ./PUNCT/.")
    assert "federated learning" in keys and "learning" in keys
    masked = "the/DET/DT masked/VERB/VBN autoencoders/NOUN/NNS"
    assert "masked autoencoder" in _sentence(f"{masked} and/CCONJ/CC {masked}")


def test_a_participle_said_once_or_as_a_verb_or_of_what_was_done_opens_no_phrase() -> None:
    # said in passing, once
    assert "federated learning" not in _sentence(f"for/ADP/IN {FL} ./PUNCT/.")
    # after a subject or an auxiliary it is a verb, even of a word of terms
    verb = "we/PRON/PRP masked/VERB/VBD tokens/NOUN/NNS and/CCONJ/CC were/VERB/VBD masked/VERB/VBN"
    assert "masked token" not in _sentence(f"{verb} tokens/NOUN/NNS")
    # what was done to the noun, however often: ``extracted`` makes no terms
    extracted = "the/DET/DT extracted/VERB/VBN features/NOUN/NNS"
    assert "extracted feature" not in _sentence(f"{extracted} and/CCONJ/CC {extracted}")
    # a participle naming what follows
    named = ",/PUNCT/, termed/VERB/VBN DyAug/PROPN/NNP"
    assert not any(k.startswith("termed") for k in _sentence(f"{named} {named}"))


def test_the_term_participles_are_a_statistic_of_the_domain() -> None:
    from loaders.extraction._modifiers import term_participle

    assert term_participle("federated") and term_participle("masked")
    assert term_participle("distributed") and term_participle("rectified")
    assert not term_participle("extracted") and not term_participle("proposed")
    assert not term_participle("trained") and not term_participle("required")


def _tagged(spec: str) -> list[Unit]:
    """Units from ``word/POS/TAG`` items, at the offsets of the words joined by spaces."""
    units, offset = [], 0
    for item in spec.split():
        text, pos, tag = item.rsplit("/", 2)
        units.append(Unit(text, pos, tag, offset))
        offset += len(text) + 1
    return units


def test_a_greek_letter_written_only_in_maths_makes_no_phrase() -> None:
    units = _tagged("differential/ADJ/JJ privacy/NOUN/NN budget/NOUN/NN epsilon/NOUN/NN")
    keys = set(
        collect_candidates(
            units, title_end=0, expand=lambda _: None, symbols=frozenset({"epsilon"})
        )
    )
    assert "differential privacy budget" in keys
    assert not any("epsilon" in key for key in keys)
    # a paper that writes the word means it
    assert "differential privacy budget epsilon" in collect_candidates(
        units, title_end=0, expand=lambda _: None
    )


def test_an_abbreviation_with_its_period_is_no_phrase() -> None:
    units = _tagged("the/DET/DT U.S./PROPN/NNP")
    assert not collect_candidates(units, title_end=0, expand=lambda _: None)


def test_a_possessive_is_written_against_its_word() -> None:
    units = _tagged("Earth/PROPN/NNP mover/NOUN/NN 's/PART/POS distance/NOUN/NN")
    assert surface(units) == "Earth mover's distance"


def test_an_acronym_inside_a_hyphenated_compound_is_expanded() -> None:
    def expand(word: str) -> list[str] | None:
        return {"AI": ["artificial", "intelligence"], "KL": ["kullback", "leibler"]}.get(word)

    hyphenated = collect_candidates(_tagged("Embodied-AI/PROPN/NNP"), title_end=0, expand=expand)
    spaced = collect_candidates(_tagged("embodied/ADJ/JJ AI/PROPN/NNP"), title_end=0, expand=expand)
    assert set(hyphenated) & set(spaced) == {"embodied artificial intelligence"}
    assert "kullback leibler divergence" in collect_candidates(
        _tagged("KL-divergence/NOUN/NN"), title_end=0, expand=expand
    )


def test_an_acronym_in_a_long_form_is_expanded_and_the_long_form_names_it() -> None:
    units = _tagged(
        "mean/ADJ/JJ field/NOUN/NN games/NOUN/NNS (/PUNCT/-LRB- MFGs/PROPN/NNPS )/PUNCT/-RRB- "
        "and/CCONJ/CC graphon/NOUN/NN MFGs/PROPN/NNPS (/PUNCT/-LRB- GMFGs/PROPN/NNPS )/PUNCT/-RRB- "
        "by/ADP/IN Sarle/PROPN/NNP 's/PART/POS bimodality/NOUN/NN coefficient/NOUN/NN "
        "(/PUNCT/-LRB- SBC/PROPN/NNP )/PUNCT/-RRB-"
    )
    defined = define(units, Prepared(" ".join(u.text for u in units), 0, ()))
    assert defined.concepts["GMFG"] == "graphon mean field game"
    assert defined.names[defined.concepts["SBC"]] == "Sarle's bimodality coefficient"


def test_a_long_form_with_a_lone_letter_defines_no_concept() -> None:
    units = _tagged(
        "LLMs/PROPN/NNPS A/DET/DT s/NOUN/NN Tool/PROPN/NNP Makers/PROPN/NNPS "
        "(/PUNCT/-LRB- LATM/PROPN/NNP )/PUNCT/-RRB-"
    )
    assert "LATM" not in define(units, Prepared("", 0, ())).concepts


def test_a_long_form_ending_in_a_gerund_read_as_a_verb_defines_its_acronym() -> None:
    # the tagger reads ``answering`` as a verb; the paper's ``open-domain QA`` is then expanded
    units = _tagged(
        "for/ADP/IN question/NOUN/NN answering/VERB/VBG (/PUNCT/-LRB- QA/PROPN/NNP )/PUNCT/-RRB- "
        "and/CCONJ/CC open-domain/ADJ/JJ QA/PROPN/NNP (/PUNCT/-LRB- ODQA/PROPN/NNP )/PUNCT/-RRB- "
        "by/ADP/IN using/VERB/VBG dropout/NOUN/NN (/PUNCT/-LRB- UD/PROPN/NNP )/PUNCT/-RRB-"
    )
    defined = define(units, Prepared(" ".join(u.text for u in units), 0, ()))
    assert defined.concepts["QA"] == "question answering"
    assert defined.concepts["ODQA"] == "open domain question answering"
    assert "UD" not in defined.concepts  # ``using`` is a function word: no long form starts so


def test_a_phrase_stops_where_a_defined_long_form_starts() -> None:
    # The tagger's run ends at "the" inside the long form: without the definition's boundary,
    # "professional-level Capture" would be a concept of this paper.
    units = _tagged(
        "40/NUM/CD professional-level/ADJ/JJ Capture/PROPN/NNP the/DET/DT Flag/PROPN/NNP "
        "(/PUNCT/-LRB- CTF/PROPN/NNP )/PUNCT/-RRB- tasks/NOUN/NNS and/CCONJ/CC "
        "sparse/ADJ/JJ Mixture/PROPN/NNP of/ADP/IN Experts/PROPN/NNPS "
        "(/PUNCT/-LRB- MoE/PROPN/NNP )/PUNCT/-RRB-"
    )
    defined = define(units, Prepared(" ".join(u.text for u in units), 0, ()))
    keys = set(
        collect_candidates(units, title_end=0, expand=lambda _: None, long_forms=defined.long_forms)
    )
    assert not keys & {"professional level capture", "capture", "sparse mixture", "mixture"}
    assert {"flag", "expert"} <= keys  # the rest of the text is read as before


def _phrases(spec: str) -> dict[str, tuple[bool, bool]]:
    """Each candidate of a ``word/POS/TAG`` text with whether it is whole and headed."""
    found = collect_candidates(_tagged(spec), title_end=0, expand=lambda _: None)
    return {key: (c.whole, c.headed) for key, c in found.items()}


def test_coordinated_modifiers_share_their_head() -> None:
    adjectives = _phrases(
        "study/VERB/VBP supervised/VERB/VBD and/CCONJ/CC unsupervised/ADJ/JJ learning/NOUN/NN"
    )
    # the shared head makes a phrase the text elides: it counts once other papers write it
    assert adjectives["supervised learning"] == (False, True)
    assert adjectives["unsupervised learning"] == (True, True)
    listed = _phrases(
        "in/ADP/IN supervised/ADJ/JJ ,/PUNCT/, semi-supervised/ADJ/JJ ,/PUNCT/, and/CCONJ/CC "
        "unsupervised/ADJ/JJ neural/ADJ/JJ networks/NOUN/NNS"
    )
    assert {"supervised neural network", "semisupervised neural network"} <= set(listed)
    suspended = _phrases(
        "for/ADP/IN short-/NOUN/NN and/CCONJ/CC long-term/NOUN/NN forecasting/NOUN/NN"
    )
    assert "shortterm forecasting" in suspended


def test_a_lone_coordinated_modifier_is_no_phrase() -> None:
    levels = _phrases(
        "combines/VERB/VBZ character-level/NOUN/NN and/CCONJ/CC word-level/NOUN/NN "
        "processing/NOUN/NN"
    )
    assert "character level" not in levels
    assert "character level processing" in levels


def test_coordinated_noun_phrases_keep_their_own_heads() -> None:
    costs = _phrases("for/ADP/IN robustness/NOUN/NN and/CCONJ/CC computational/ADJ/JJ cost/NOUN/NN")
    assert "robustness cost" not in costs and "robustness" in costs
    verbs = _phrases("We/PRON/PRP trained/VERB/VBD and/CCONJ/CC evaluated/ADJ/JJ models/NOUN/NNS")
    assert "trained model" not in verbs
    compounds = _phrases(
        "compare/VERB/VBP fine-tuning/NOUN/NN and/CCONJ/CC in-context/NOUN/NN learning/NOUN/NN"
    )
    assert "finetuning learning" not in compounds and "finetuning" in compounds


def test_coordinated_nouns_share_their_head_and_keep_their_own_place() -> None:
    tasks = _phrases("on/ADP/IN image/NOUN/NN and/CCONJ/CC text/NOUN/NN classification/NOUN/NN")
    assert tasks["image classification"] == (False, True)
    assert tasks["image"] == (True, True)  # a noun also stands alone
    costs = _phrases(
        "of/ADP/IN training/NOUN/NN efficiency/NOUN/NN ,/PUNCT/, time/NOUN/NN and/CCONJ/CC "
        "memory/NOUN/NN complexity/NOUN/NN"
    )
    # the list starts after the comma: ``efficiency`` ends the phrase before it
    assert "time complexity" in costs and "efficiency complexity" not in costs


def _bridged(spec: str, long_form: tuple[int, int]) -> dict[str, Candidate]:
    units = [Unit(*item.rsplit("/", 2)) for item in spec.split()]
    return collect_candidates(units, title_end=0, expand=lambda _: None, long_forms=[long_form])


BRACKETS = "(/PUNCT/-LRB- VL/PROPN/NNP )/PUNCT/-RRB-"


def test_a_defined_acronym_in_brackets_does_not_cut_the_phrase_it_sits_in() -> None:
    # ``large vision-language (VL) model``: the phrase is the large vision-language model
    found = _bridged(
        f"a/DET/DT large/ADJ/JJ vision-language/NOUN/NN {BRACKETS} model/NOUN/NN", (2, 3)
    )
    assert found["large vision language model"].whole
    assert found["vision language model"].headed
    # the compound and ``large`` modify the model: the words before the brackets are
    # fragments (neither written whole nor ending a phrase), which the paper does not keep
    for fragment in (found["large vision language"], found["vision language"]):
        assert not (fragment.whole or fragment.headed)


def test_a_long_form_of_several_words_names_its_own_idea_before_the_brackets() -> None:
    spec = f"the/DET/DT graph/NOUN/NN network/NOUN/NN {BRACKETS} layers/NOUN/NNS"
    found = _bridged(spec, (1, 3))
    assert found["graph network"].whole and "graph network layer" not in found
    # nor does a compound the brackets define no acronym for bridge anything
    spec = f"a/DET/DT large/ADJ/JJ vision-language/NOUN/NN {BRACKETS} model/NOUN/NN"
    assert "vision language model" not in _bridged(spec, (1, 2))
