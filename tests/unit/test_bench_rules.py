"""The rules bench's checks, each on a tiny graph with one offender and one look-alike that is
fine (the checks must flag what the issue names and nothing a researcher would keep)."""

from __future__ import annotations

from bench.graph_rules import RULES, Snapshot


def _snapshot(
    concepts: dict[str, list[str]] | None = None,
    methods: dict[str, list[str]] | None = None,
    papers: dict[str, list[str]] | None = None,
    texts: dict[str, tuple[str, str]] | None = None,
    uses: dict[str, list[str]] | None = None,
) -> Snapshot:
    snap = Snapshot()
    for name, aliases in (concepts or {}).items():
        snap.concepts[name.lower()] = {"name": name, "aliases": aliases}
    for name, aliases in (methods or {}).items():
        snap.methods[name.lower()] = {"name": name, "aliases": aliases}
    for paper, keys in (papers or {}).items():
        snap.paper_concepts[paper] = keys
    for paper, (title, abstract) in (texts or {}).items():
        snap.papers[paper] = {"id": paper, "title": title, "abstract": abstract}
    for key, ids in (uses or {}).items():
        snap.method_papers[key] = ids
    return snap


def _offenders(rule: str, snap: Snapshot) -> list[str]:
    return RULES[rule][1](snap)


def test_evaluative_starts_are_flagged_but_terms_of_art_are_not() -> None:
    snap = _snapshot({"popular graph-structured data": [], "negative sampling": [], "graph": []})
    assert _offenders("evaluative_modifier", snap) == ["popular graph-structured data"]


def test_broken_tokens_are_latex_words_stray_letters_periods_and_non_word_singulars() -> None:
    bad = ["varepsilon greedy", "j U.", "LLaMA-7B.", "modus ponen"]
    snap = _snapshot({name: [] for name in [*bad, "modus ponens", "k-sparse autoencoder"]})
    assert len(_offenders("broken_tokens", snap)) == len(bad)


def test_a_single_word_beside_a_longer_concept_of_the_same_paper_is_counted() -> None:
    snap = _snapshot(papers={"p1": ["graph", "dynamic graph"], "p2": ["graph", "token"]})
    assert _offenders("vague_single_word", snap) == ["graph beside dynamic graph (p1)"]


def test_of_those_a_word_the_graphs_authors_list_as_a_topic_is_not_vague() -> None:
    concepts = {"fairness": ["counterfactual fairness"], "graph": ["dynamic graph"]}
    snap = _snapshot(
        papers={f"p{i}": [k, longer] for i, (k, [longer]) in enumerate(concepts.items())}
    )
    for i in range(20):  # both words written by 20 papers; fairness listed by 2, graph by 0
        snap.papers[f"w{i}"] = {
            "title": "Fairness of graphs",
            "abstract": "",
            "keywords": ["Fairness"] if i < 2 else ["graphs of things"],
        }
    assert _offenders("vague_single_word_by_keywords", snap) == ["graph beside dynamic graph (p1)"]
    assert len(_offenders("vague_single_word", snap)) == 2


def test_three_nested_variants_in_one_paper_are_flagged_two_are_not() -> None:
    chain = [
        "stochastic game",
        "observable stochastic game",
        "partially observable stochastic game",
    ]
    snap = _snapshot(papers={"p1": chain, "p2": chain[:2]})
    [offender] = _offenders("nested_variants", snap)
    assert offender.endswith("(p1)")


def test_duplicates_by_number_spelling_and_hyphens_and_split_names() -> None:
    snap = _snapshot(
        {
            "self-supervised learning": [],
            "Self Supervised Learnings": [],
            "generalisation bound": [],
            "generalization bounds": [],
            "Self- Supervised Model": [],
            "graph transformer": [],
        }
    )
    assert len(_offenders("duplicate_ideas", snap)) == 3


def test_a_method_whose_long_form_is_a_concept_is_one_idea_twice() -> None:
    snap = _snapshot(
        concepts={"low-rank adaptation": [], "chain of thought": ["CoT"]},
        methods={"LoRA": ["Low-Rank Adaptation"], "CoT": [], "DyAug": []},
    )
    assert len(_offenders("concept_and_method", snap)) == 2


def test_of_those_an_acronym_two_ideas_share_is_not_one_idea() -> None:
    snap = _snapshot(
        concepts={
            "low-rank adaptation": [],
            "behavioral cloning": ["BC"],
            "chain of thought": ["CoT"],
        },
        methods={"LoRA": ["Low-Rank Adaptation"], "BC": ["Batch Calibration"], "CoT": []},
    )
    assert len(_offenders("concept_and_method", snap)) == 3
    assert _offenders("concept_and_method_same_idea", snap) == [
        "CoT (method) / chain of thought (concept)",
        "LoRA (method) / low-rank adaptation (concept)",
    ]


def test_words_units_organisations_variants_and_wrong_acronyms_are_not_methods() -> None:
    snap = _snapshot(
        methods={
            "FoR": [],
            "LEARNING": [],
            "CLIP": [],
            "GB": [],
            "OpenAI": [],
            "CIFAR-10": [],
            "CIFAR10": [],
            "OPT": ["optimization"],
            "LoRA": ["low-rank adaptation"],
        },
        concepts={"detection transformer": ["DETR"], "adaptation": ["ADA"]},
        texts={"p1": ("DEEP LEARNING FOR X", "We use CLIP."), "p2": ("CLIP", "CLIP is used.")},
        uses={"learning": ["p1"], "clip": ["p1", "p2"]},
    )
    flagged = {o.split(" ")[0] for o in _offenders("not_methods", snap)}
    assert flagged == {"FoR", "LEARNING", "GB", "OpenAI", "CIFAR-10", "OPT", "ADA"}


def test_of_those_a_name_its_paper_gives_its_own_method_is_a_method() -> None:
    snap = _snapshot(
        methods={"TANGO": [], "ACL": [], "LEARNING": []},
        texts={
            "p1": ("TANGO: Time-Reversal Latent GraphODE", "We study dynamics."),
            "p2": ("Automating It", "We propose Automated Continual Learning (ACL)."),
            "p3": ("DEEP LEARNING FOR X", "We study learning."),
        },
        uses={"tango": ["p1"], "acl": ["p2"], "learning": ["p3"]},
    )
    assert {o.split(" ")[0] for o in _offenders("not_methods", snap)} == {
        "TANGO",
        "ACL",
        "LEARNING",
    }
    assert [o.split(" ")[0] for o in _offenders("not_methods_unnamed", snap)] == ["LEARNING"]
