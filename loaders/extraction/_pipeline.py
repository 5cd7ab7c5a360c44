"""The default and fast extractors as ordered lists of named stages (see :mod:`._stages`).

The lists are cut where the work may move between processes: :data:`TAG` needs only the
tagger; :data:`ANALYSE` reads and teaches what earlier batches taught (acronyms, established
phrases) and runs in batch order; :func:`score_stages` needs the ranking models.
"""

from __future__ import annotations

from ._analysis_stages import (
    Analysed,
    Candidates,
    Established,
    Kinds,
    LearnPhrases,
    Methods,
    NotConcepts,
    NotMethods,
    Variants,
)
from ._score_stages import (
    Assemble,
    AuthorKeywords,
    CrowdedOut,
    EmbedOnce,
    EmbedTwice,
    MethodScores,
    SelectConcepts,
    Similarities,
)
from ._stages import Stage
from ._text_stages import Clean, Define, KnownAcronyms, LearnDefinitions, Tag

__all__ = ["ANALYSE", "LEARN", "TAG", "pipeline", "score_stages"]

TAG: tuple[Stage, ...] = (Clean(), Tag(), Define())
#: One paper's analysis, from its definitions to its packed candidates and methods.
_ONE_PAPER: tuple[Stage, ...] = (
    KnownAcronyms(),
    Candidates(),
    NotConcepts(),
    Methods(),
    Kinds(),
    Variants(),
    NotMethods(),
    Analysed(),
)
ANALYSE: tuple[Stage, ...] = (LearnDefinitions(), *_ONE_PAPER, LearnPhrases(), Established())
#: Learning an input ahead, one paper at a time: what it defines and writes whole.
LEARN: tuple[Stage, ...] = (LearnDefinitions(), *_ONE_PAPER, LearnPhrases())
_SCORE: tuple[Stage, ...] = (
    Similarities(),
    MethodScores(),
    SelectConcepts(),
    AuthorKeywords(),
    CrowdedOut(),
    Assemble(),
)


def score_stages(*, fast: bool) -> tuple[Stage, ...]:
    """The model stages; the fast mode ranks with the static model's vectors."""
    return ((EmbedTwice() if fast else EmbedOnce()), *_SCORE)


def pipeline(*, fast: bool = False) -> tuple[Stage, ...]:
    """Every stage of one extraction, in order."""
    return (*TAG, *ANALYSE, *score_stages(fast=fast))
