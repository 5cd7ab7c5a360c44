"""Corpora the tests build for themselves, in the format of the ICLR corpora papergraph loads.

The ICLR corpora themselves are third-party benchmark data: the repository may not ship them,
not even a few records, and a fresh clone has nothing beside it to read them from. The tests
therefore write their own files in exactly that format (gzip JSON Lines, UTF-8, one paper a line,
sorted by ``id``, every line with the keys ``FIELDS``) from two sources only:

- **synthetic abstracts**, written here from templates and word lists (``synthetic_abstract``):
  machine-learning prose with acronyms (``graph neural networks (GNNs)``), proposed and used
  method names, inline LaTeX, ``**bold**``, numbers and URLs, about as long as the real abstracts
  (median 1,200 characters), so the real extractor has the same kind of work to do;
- **the bundled seed** ``examples/iclr2025-seed.txt`` (19 abstracts): 12 of its paragraphs go into
  the ICLR 2025-style corpus the way that corpus's source prints them (``glimpse_style``: no final
  full stop, ``’`` flattened to ``'``), as the real 2025 file holds 12 of the seed's papers.

Everything is deterministic (fixed random seeds, gzip without a timestamp): the same call writes
the same bytes on every machine.
"""

from __future__ import annotations

import gzip
import json
import random
import string
from collections.abc import Iterable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEED = REPO / "examples" / "iclr2025-seed.txt"
FIELDS = ("id", "title", "abstract", "keywords", "authors", "year", "venue", "status")

# Paragraphs of the seed (0-based) that the ICLR 2025-style corpus holds; 4 and 16 contain ’.
SEED_IN_ICLR2025 = (1, 3, 4, 6, 7, 8, 9, 13, 15, 16, 17, 18)
ICLR2025_PAPERS = 2104
ICLR2021_PAPERS = 300

FAMILIES = (
    ("graph neural networks", "GNNs"),
    ("large language models", "LLMs"),
    ("vision transformers", "ViTs"),
    ("diffusion models", None),
    ("reinforcement learning agents", None),
    ("federated learning systems", None),
    ("neural radiance fields", "NeRFs"),
    ("variational autoencoders", "VAEs"),
    ("spiking neural networks", "SNNs"),
    ("recurrent neural networks", "RNNs"),
    ("convolutional neural networks", "CNNs"),
    ("state space models", "SSMs"),
    ("mixture-of-experts models", "MoEs"),
    ("retrieval-augmented generators", None),
    ("physics-informed neural networks", "PINNs"),
    ("normalizing flows", None),
    ("generative adversarial networks", "GANs"),
    ("vision-language models", "VLMs"),
    ("neural operators", None),
    ("energy-based models", "EBMs"),
)
PROBLEMS = (
    "catastrophic forgetting",
    "distribution shift",
    "over-smoothing",
    "reward hacking",
    "hallucination",
    "label noise",
    "privacy leakage",
    "adversarial vulnerability",
    "slow sampling",
    "poor calibration",
    "spurious correlations",
    "long-range dependencies",
    "high memory cost",
    "mode collapse",
    "sample inefficiency",
    "class imbalance",
    "noisy supervision",
    "exposure bias",
)
APPLICATIONS = (
    "molecular property prediction",
    "protein structure design",
    "autonomous driving",
    "medical image segmentation",
    "code generation",
    "weather forecasting",
    "recommendation systems",
    "robotic manipulation",
    "speech recognition",
    "machine translation",
    "traffic prediction",
    "materials discovery",
    "text-to-image synthesis",
    "open-domain question answering",
    "anomaly detection",
    "point cloud registration",
    "video understanding",
    "symbolic regression",
)
TECHNIQUES = (
    "contrastive learning",
    "knowledge distillation",
    "low-rank adaptation",
    "optimal transport",
    "meta-learning",
    "curriculum learning",
    "score matching",
    "policy optimization",
    "spectral clustering",
    "attention pruning",
    "data augmentation",
    "active learning",
    "Bayesian inference",
    "test-time adaptation",
    "prompt tuning",
    "graph rewiring",
    "sparse coding",
    "causal inference",
    "weight quantization",
    "mutual information maximization",
)
CAUSES = (
    "the geometry of the loss landscape",
    "an implicit bias of gradient descent",
    "the mismatch between training and test distributions",
    "redundant attention heads",
    "the scale of the learning rate",
    "poorly conditioned representations",
    "a shortcut in the training objective",
    "the lack of temporal consistency",
)
COMPONENTS = (
    "low-dimensional latent space",
    "set of learnable prompts",
    "sparse routing policy",
    "hierarchical memory",
    "kernel-based similarity measure",
    "lightweight adapter module",
    "calibrated uncertainty estimate",
    "multi-scale feature pyramid",
)
QUANTITIES = (
    "the spectral gap of the graph",
    "the number of experts",
    "the effective rank of the features",
    "the smoothness of the score function",
    "the covering number of the hypothesis class",
    "the mixing time of the Markov chain",
)
ADJECTIVES = (
    "simple",
    "scalable",
    "principled",
    "lightweight",
    "modular",
    "theoretically grounded",
    "training-free",
    "plug-and-play",
)
BENCHMARKS = (
    "ImageNet",
    "CIFAR-100",
    "OGB",
    "GLUE",
    "MMLU",
    "Atari",
    "MuJoCo",
    "COCO",
    "ZINC",
    "WMT",
    "LibriSpeech",
    "D4RL",
    "HumanEval",
    "ShapeNet",
    "nuScenes",
)
BASELINES = (
    "Adam",
    "SGD",
    "BERT",
    "ResNet-50",
    "CLIP",
    "PPO",
    "LoRA",
    "U-Net",
    "GraphSAGE",
    "DDPM",
    "T5",
    "PointNet",
    "XGBoost",
)
NAME_HEADS = (
    "Holo",
    "Spec",
    "Flux",
    "Meta",
    "Tempo",
    "Quanta",
    "Neuro",
    "Astra",
    "Veri",
    "Lumen",
    "Cogni",
    "Proto",
    "Dyna",
    "Opti",
    "Krono",
    "Sigma",
)
NAME_TAILS = ("Net", "Former", "Flow", "Mix", "Align", "Prune", "Diff", "Gen", "Guard", "Tune")
NAME_MARKS = ("", "", "", "++", "-XL", "-Lite", "2", "-S")
FIRST_NAMES = (
    "Ada",
    "Bruno",
    "Chen",
    "Dana",
    "Emeka",
    "Fatima",
    "Goran",
    "Hana",
    "Ines",
    "Jonas",
    "Kaito",
    "Lena",
    "Mateo",
    "Nadia",
    "Oskar",
    "Priya",
)
LAST_NAMES = (
    "Abara",
    "Berg",
    "Castellano",
    "Dubois",
    "Eriksen",
    "Fujita",
    "Grünwald",
    "Haddad",
    "Iyer",
    "Jovanović",
    "Kowalski",
    "Lindqvist",
    "Moreau",
    "Nakamura",
    "Okafor",
    "Petrov",
)
ID_CHARACTERS = string.ascii_letters + string.digits + "_-"


def seed_paragraphs() -> list[str]:
    """The 19 abstracts of the bundled seed, as written (the heading line is not one)."""
    blocks = SEED.read_text(encoding="utf-8").split("\n\n")
    return [" ".join(b.split()) for b in blocks[1:] if b.strip()]


def glimpse_style(abstract: str) -> str:
    """An abstract as the ICLR 2025 corpus's source prints it: no final full stop, ’ as '."""
    return abstract.removesuffix(".").replace("\u2019", "'")


def synthetic_method(rng: random.Random) -> str:
    return rng.choice(NAME_HEADS) + rng.choice(NAME_TAILS) + rng.choice(NAME_MARKS)


def synthetic_abstract(rng: random.Random, method: str) -> str:
    """A made-up abstract of a paper that proposes ``method``, ending with a full stop."""
    family, acronym = rng.choice(FAMILIES)
    short = acronym or family
    problem, other_problem = rng.sample(PROBLEMS, 2)
    application, other_application = rng.sample(APPLICATIONS, 2)
    technique, other_technique = rng.sample(TECHNIQUES, 2)
    named = rng.choice((method, method, f"\\texttt{{{method}}}", f"**{method}**"))
    benchmarks = rng.sample(BENCHMARKS, 2)
    baselines = rng.sample(BASELINES, 2)
    defined = f"{family} ({acronym})" if acronym else family
    sentences = [
        rng.choice(
            (
                f"{defined[0].upper()}{defined[1:]} have achieved remarkable success in "
                f"{application}, but they remain vulnerable to {problem}.",
                f"{application[0].upper()}{application[1:]} is a central problem in machine "
                f"learning, yet existing {defined} struggle with {problem}.",
                f"Recent work on {defined} has made {technique} a standard tool for "
                f"{application}, although its behaviour under {problem} is poorly understood.",
            )
        ),
        rng.choice(
            (
                f"However, current approaches rely on {other_technique}, which limits their "
                f"applicability to {other_application}.",
                f"Despite recent progress, little is known about how {other_problem} affects "
                f"{short} trained with {other_technique}.",
                f"Existing remedies either ignore {other_problem} or require expensive "
                f"retraining of {short} from scratch.",
            )
        ),
        f"In this paper, we show that {problem} in {short} can be traced to {rng.choice(CAUSES)}.",
        rng.choice(
            (
                f"We propose {named}, a {rng.choice(ADJECTIVES)} framework that combines "
                f"{technique} with {other_technique} to mitigate {problem}.",
                f"To address this, we introduce a {rng.choice(ADJECTIVES)} method, termed "
                f"{named}, that couples {technique} and {other_technique}.",
            )
        ),
        f"Specifically, {method} learns a {rng.choice(COMPONENTS)} that is updated jointly with "
        f"the backbone and adds only {rng.randint(2, 40)}% parameters.",
        rng.choice(
            (
                f"We prove that {method} converges at a rate of $O(1/\\sqrt{{T}})$ under mild "
                "assumptions.",
                f"Theoretically, we establish a generalization bound for {method} that depends "
                f"on {rng.choice(QUANTITIES)}.",
                f"Our analysis shows that the error of {method} decays as "
                f"$\\mathcal{{O}}(n^{{-{rng.randint(2, 5)}/{rng.randint(6, 9)}}})$ with the "
                "sample size $n$.",
            )
        ),
        f"Extensive experiments on {rng.randint(3, 12)} benchmarks, including {benchmarks[0]} "
        f"and {benchmarks[1]}, show that {method} outperforms strong baselines such as "
        f"{baselines[0]} and {baselines[1]} by {rng.randint(1, 9)}.{rng.randint(0, 99):02d}% "
        "on average.",
    ]
    extras = [
        f"We further show that {method} reduces memory usage by {rng.randint(2, 9)}x and "
        f"training time by {rng.randint(10, 70)}% on {other_application}.",
        "Ablation studies confirm the contribution of each component.",
        f"Code is available at https://github.com/anonymous/{method.lower().strip('+-')}.",
        f"These results suggest that {technique} is a promising direction for trustworthy "
        f"{application}.",
        f"We also release a benchmark of {rng.randint(2, 90)}k {application} instances to "
        "foster future research.",
        f"Compared with {baselines[0]}, {method} is far less sensitive to hyperparameters and "
        f"to {other_problem}.",
    ]
    sentences += rng.sample(extras, rng.randint(2, 4))
    return " ".join(sentences)


def synthetic_title(rng: random.Random, method: str) -> str:
    technique = rng.choice(TECHNIQUES)
    application = rng.choice(APPLICATIONS)
    return rng.choice(
        (
            f"{method}: {technique.capitalize()} for {application.title()}",
            f"{technique.capitalize()} Under {rng.choice(PROBLEMS).title()} with {method}",
            f"Towards Robust {application.title()} via {technique.title()}",
        )
    )


def _ids(rng: random.Random) -> Iterator[str]:
    """OpenReview-like ten-character ids, never the same twice."""
    seen: set[str] = set()
    while True:
        candidate = "".join(rng.choice(ID_CHARACTERS) for _ in range(10))
        if candidate not in seen:
            seen.add(candidate)
            yield candidate


def _papers(rng: random.Random, count: int) -> Iterator[tuple[str, str]]:
    """``count`` (title, abstract) pairs of synthetic papers, no title or abstract twice."""
    titles: set[str] = set()
    abstracts: set[str] = set()
    while len(abstracts) < count:
        method = synthetic_method(rng)
        title, abstract = synthetic_title(rng, method), synthetic_abstract(rng, method)
        if title not in titles and abstract not in abstracts:
            titles.add(title)
            abstracts.add(abstract)
            yield title, abstract


def iclr2025_records(count: int = ICLR2025_PAPERS) -> list[dict[str, object]]:
    """An ICLR 2025-style corpus: accepted papers only, no keywords, no authors, abstracts
    without their final full stop; 12 seed papers among ``count - 12`` synthetic ones."""
    rng = random.Random(2025)
    ids = _ids(rng)
    seed = seed_paragraphs()
    abstracts = [glimpse_style(seed[i]) for i in SEED_IN_ICLR2025]
    papers = list(_papers(rng, count - len(abstracts)))
    titles = [title for title, _ in papers]
    seed_titles: list[str] = []
    while len(seed_titles) < len(abstracts):  # made-up titles: the seed has none
        title = synthetic_title(rng, synthetic_method(rng))
        if title not in titles and title not in seed_titles:
            seed_titles.append(title)
    titles = seed_titles + titles
    abstracts += [glimpse_style(abstract) for _, abstract in papers]
    records = [
        {
            "id": next(ids),
            "title": title,
            "abstract": abstract,
            "keywords": [],
            "authors": [],
            "year": 2025,
            "venue": "ICLR",
            "status": rng.choices(("Oral", "Spotlight", "Poster"), (10, 18, 72))[0],
        }
        for title, abstract in zip(titles, abstracts)
    ]
    return sorted(records, key=lambda r: str(r["id"]))


def iclr2021_records(count: int = ICLR2021_PAPERS) -> list[dict[str, object]]:
    """An ICLR 2021-style corpus: every paper has authors, about nine in ten have keywords,
    decisions include rejections; abstracts keep their final full stop."""
    rng = random.Random(2021)
    ids = _ids(rng)
    statuses = ("Oral", "Spotlight", "Poster", "Reject", "Withdrawn", "Desk Rejected")
    records = []
    for title, abstract in _papers(rng, count):
        keywords = rng.sample(TECHNIQUES + tuple(f for f, _ in FAMILIES), rng.randint(1, 5))
        records.append(
            {
                "id": next(ids),
                "title": title,
                "abstract": abstract,
                "keywords": keywords if rng.random() < 0.9 else [],
                "authors": [
                    f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
                    for _ in range(rng.randint(1, 7))
                ],
                "year": 2021,
                "venue": "ICLR",
                "status": rng.choices(statuses, (2, 4, 23, 59, 11, 1))[0],
            }
        )
    return sorted(records, key=lambda r: str(r["id"]))


def write_jsonl_gz(path: Path, records: Iterable[dict[str, object]]) -> Path:
    """``records`` as gzip JSON Lines with exactly the corpus keys, in their order."""
    lines = []
    for record in records:
        assert set(record) == set(FIELDS), sorted(record)
        lines.append(json.dumps({k: record[k] for k in FIELDS}, ensure_ascii=False) + "\n")
    path.write_bytes(gzip.compress("".join(lines).encode("utf-8"), mtime=0))
    return path
