"""Model-free parts of extraction: normal forms, acronyms, the registry, the tagger glue."""

from __future__ import annotations

import subprocess
import sys

from loaders.extraction import AcronymRegistry
from loaders.extraction._candidates import collect_candidates
from loaders.extraction._normalise import concept_key, method_key, singular
from loaders.extraction._tagging import Unit, truecase_title, units_from_pairs


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


def test_a_topic_modifier_or_a_name_keeps_its_first_word() -> None:
    # ``convolutional`` carries a paper's topic; ``direct preference optimization`` is a name
    assert "convolutional layer" in _keys(("convolutional", "ADJ", "JJ"), ("layers", "NOUN", "NNS"))
    assert "direct preference optimization" in _keys(
        ("direct", "ADJ", "JJ"), ("preference", "NOUN", "NN"), ("optimization", "NOUN", "NN")
    )


def test_the_modifier_table_is_a_statistic_of_the_domain() -> None:
    from loaders.extraction._modifiers import loose_start, loose_word

    assert loose_word("popular") and loose_word("state-of-the-art")
    assert not loose_word("adversarial") and not loose_word("convolutional")
    assert loose_start(["standard", "benchmarks"])
    assert not loose_start(["standard", "deviation"])
