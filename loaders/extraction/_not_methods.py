"""Tokens shaped like method names that name something else.

A coined token (``DyAug``) or an acronym (``SGD``) is read as a method name unless one of these
says otherwise:

- It abbreviates a field, hardware, a metric or a format (``NLP``, ``GPU``, ``FID``): a list.
- It is an English word whose case says nothing. In a title set in capitals every word is an
  acronym by its shape, so there ``LEARNING`` and ``FOR`` are words (wordfreq lists them) unless
  they head the title (``EMO: ...``). A stopword in odd case (``FoR``, ``wIth``) is a word. So is
  an ordinary word with a capital or two slipped in (``imPlicit``, ``LEarning``) when those
  capitals spell part of an acronym in the same sentence (``imPlicit self-ImprovemenT (PIT)``):
  the authors mark the letters the acronym borrows. Coinages that spell a word are mostly
  capitals (``PoSE``, ``DRaFT``) or stand alone (``such as DAgger``); camel-case compounds
  (``PageRank``) are words joined at their capitals.
- It is a unit: it follows a number wherever the paper writes it (``80 GB``, ``3.5 kT``), and
  not as what the number counts (``3 PPO agents``).
- It names an organisation (``OpenAI``, ``DeepMind``): a short list, see ``_ORGANISATIONS``.
- It is initials with periods (``U.S.``, ``E.U.``): an abbreviation of ordinary words.

A name the paper defines (``Instructive Decoding (ID)``), typesets or introduces with ``called``
is taken at the paper's word.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from ._normalise import STOPWORDS
from ._registry import acronym_form
from ._tagging import Unit

__all__ = [
    "borrowed_letters",
    "capitals_title",
    "is_field_or_metric",
    "is_not_method",
    "is_organisation",
    "subsequence",
    "units_of_measure",
]

#: Abbreviations of fields, hardware, units and metrics: name-like but never a method.
_NOT_METHODS = frozenset(
    [
        "AI",
        "XAI",
        "ML",
        "NLP",
        "CV",
        "GPU",
        "GPUs",
        "CPU",
        "CPUs",
        "TPU",
        "API",
        "SOTA",
        "IID",
        "OOD",
        "ID",
        "2D",
        "3D",
        "4D",
        "RGB",
        "LiDAR",
        "MRI",
        "fMRI",
        "T2I",
        "US",
        "USA",
        "UK",
        "EU",
        "FLOPs",
        "FPS",
        "AUC",
        "ROC",
        "FID",
        "IS",
        "MSE",
        "RMSE",
        "PSNR",
        "SSIM",
        "LPIPS",
        "BLEU",
        "PDE",
        "PDEs",
        "ODE",
        "ODEs",
        "SDE",
        "SDEs",
        "KL",
        "DNA",
        "RNA",
        "TL",
        "DR",
        "QA",
        "URL",
        "HTML",
        "JSON",
        "SQL",
        "LaTeX",
        "GitHub",
        "Python",
        "PyTorch",
        "TensorFlow",
        "JAX",
        "IoU",
        "mAP",
        "mIoU",
        "PhD",
    ]
)
#: Companies, labs, venues and publishers that abstracts name as if they were models. A list,
#: because their mentions carry no mark of their own: "by OpenAI" reads like "by GPT-4", and
#: "OpenAI's GPT-4" like "GPT-4's CoT result" (in ICLR 2024 abstracts, 2 of the 7 names before
#: "'s NAME" are models). Only spellings shaped like names are listed: a Title-case word
#: (``Google``, ``Meta``, ``Anthropic``) is never read as a name.
_ORGANISATIONS = frozenset(
    [
        "OpenAI",
        "DeepMind",
        "MetaAI",
        "NVIDIA",
        "IBM",
        "AMD",
        "HuggingFace",
        "EleutherAI",
        "StabilityAI",
        "NeurIPS",
        "ICML",
        "ICLR",
        "CVPR",
        "ICCV",
        "ECCV",
        "EMNLP",
        "AAAI",
        "IJCAI",
        "IEEE",
        "ACM",
        "arXiv",
        "OpenReview",
    ]
)
#: Initials with periods, the last one perhaps lost to the sentence's end: ``U.S.``, ``E.U``.
_INITIALS = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]?\.?$")
#: A bare number or range before a unit: ``80``, ``3.5``, ``1,024``, ``120-130``.
_NUMBER = re.compile(r"^\d[\d.,]*(?:[-\u2013]\d[\d.,]*)?$")
_PLURAL_TAGS = frozenset({"NNS", "NNPS"})
_NOUNS = frozenset({"NOUN", "PROPN"})
#: Zipf frequency (log10 of uses per billion words) of an ordinary English word: ``adapt`` 4.0,
#: ``temporal`` 3.6, ``modal`` 3.1; not ``encoder`` 2.7 or ``musique`` 2.4.
_ORDINARY_ZIPF = 3.0
_CAMEL_PIECE = re.compile(r"(?<=[a-z])(?=[A-Z])")
_SENTENCE_ENDS = frozenset({".", "?", "!"})
_TITLE_WORDS = 3  # capital words a title needs before its case counts as shouting


def is_organisation(word: str) -> bool:
    """Whether ``word`` is a lab, company or venue spelled like a name (``OpenAI``, ``ICML``)."""
    return word in _ORGANISATIONS


def is_field_or_metric(name: str) -> bool:
    """Whether a one-token name abbreviates a field, hardware, a unit or a metric (``NLP``,
    ``GPU``, ``SOTA``, ``FID``): never a method, even where a paper seems to define it as one.
    Case does not make another name of one (``SoTA``), nor a word hyphened before it
    (``Non-IID``, ``human-AI``, ``text-to-3D``: a setting or a task)."""
    forms = (name, acronym_form(name), name.upper(), name.rsplit("-", 1)[-1])
    return any(form in _NOT_METHODS for form in forms)


@lru_cache(maxsize=65_536)  # asked of every name-like word of every paper
def is_not_method(name: str) -> bool:
    """Whether a one-token name names a field, metric or organisation, or is a stopword or
    initials."""
    return (
        is_field_or_metric(name)
        or name in _ORGANISATIONS
        or bool(_INITIALS.match(name))
        or any(_odd_case(p) and p.lower() in STOPWORDS for p in name.split("-"))
    )


def borrowed_letters(units: Sequence[Unit]) -> set[int]:
    """Positions of ordinary words in odd case whose odd capitals spell part of an acronym in
    the same sentence (``COnfounder REmoval`` beside ``InfoCORE``)."""
    found: set[int] = set()
    for start, end in _sentences(units):
        marks = {i: m for i in range(start, end) if (m := _marks(units[i].text))}
        if not marks:
            continue
        names = [
            u.text.casefold()
            for i, u in enumerate(units[start:end], start)
            if i not in marks and sum(c.isupper() for c in u.text) >= 2
        ]
        found.update(i for i, m in marks.items() if any(subsequence(m, n) for n in names))
    return found


def _sentences(units: Sequence[Unit]) -> list[tuple[int, int]]:
    ends = [i + 1 for i, u in enumerate(units) if u.text in _SENTENCE_ENDS]
    return list(zip([0, *ends], [*ends, len(units)]))


@lru_cache(maxsize=65_536)
def _marks(text: str) -> str:
    """The capitals slipped into the ordinary words of ``text`` (``self-ImprovemenT``: ``t``),
    lowercased; empty when it has none."""
    return "".join(
        "".join(c for c in part[1:] if c.isupper()).lower()
        for part in text.split("-")
        if _slipped(part)
    )


def _slipped(part: str) -> bool:
    """``imPlicit``, ``LEarning``: an ordinary word, mostly lowercase, in odd case."""
    if not _odd_case(part):
        return False
    mostly_lower = 2 * sum(c.isupper() for c in part) < len(part)
    return mostly_lower and _ordinary(part.lower()) and not _camel_compound(part)


def _odd_case(part: str) -> bool:
    return part.isalpha() and not (part.islower() or part.isupper() or part.istitle())


def _camel_compound(part: str) -> bool:
    """``PageRank``, ``DropOut``: ordinary words joined at their capitals."""
    pieces = _CAMEL_PIECE.split(part)
    return len(pieces) > 1 and all(len(p) > 1 and _ordinary(p.lower()) for p in pieces)


def subsequence(letters: str, text: str) -> bool:
    """Whether ``letters`` occur in ``text`` in order."""
    rest = iter(text)
    return all(letter in rest for letter in letters)


def capitals_title(units: Sequence[Unit]) -> set[int]:
    """Positions of the English words of a title set in capitals (``LEARNING``, ``FOR``).

    The text starts with the title; in capitals, it runs until the first lowercase letter.
    """
    end = next((i for i, u in enumerate(units) if any(c.islower() for c in u.text)), len(units))
    words = [i for i in range(end) if sum(c.isalpha() for c in units[i].text) >= 2]
    if len(words) < _TITLE_WORDS:
        return set()
    return {i for i in words if _english(units[i].text)}


def _english(text: str) -> bool:
    """Every part of ``text`` is a word wordfreq lists (``GRAPH-BASED``; not ``FJSP``)."""
    parts = [p.lower() for p in re.split(r"[^A-Za-z]+", text) if p]
    return bool(parts) and all(_zipf(p) > 0 for p in parts)


def units_of_measure(units: Sequence[Unit]) -> set[str]:
    """Words that measure: wherever the paper writes them, they follow a number."""
    measuring: set[str] = set()
    elsewhere: set[str] = set()
    for i, unit in enumerate(units):
        (measuring if i and _measures(units, i) else elsewhere).add(unit.text.rstrip("."))
    return measuring - elsewhere


def _measures(units: Sequence[Unit], i: int) -> bool:
    """``3.5 kT`` and ``an 80 GB GPU`` measure; ``7 LLMs``, ``3600 RNN models`` and ``85 UCR TSC
    datasets`` count things, named in the plural (the tagger reads ``GHz`` as a plural too, so
    the word itself counts only by its shape)."""
    number, text = units[i - 1].text, units[i].text.rstrip(".")
    if not number[:1].isdigit() or not _NUMBER.match(number) or not text.isalpha():
        return False
    if acronym_form(text) != text:
        return False
    head = i
    while head + 1 < len(units) and units[head + 1].pos in _NOUNS:
        head += 1
    return head == i or units[head].tag not in _PLURAL_TAGS


def _ordinary(word: str) -> bool:
    return _zipf(word) >= _ORDINARY_ZIPF


@lru_cache(maxsize=65_536)
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))
