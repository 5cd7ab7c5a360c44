"""The default and fast extractors as ordered lists of named stages (see :mod:`._stages`).

The lists are cut where the work may move between processes: :data:`TAG` needs only the
tagger; :func:`analyse_stages` reads and teaches what earlier batches taught (acronyms,
established phrases) and runs in batch order; :func:`score_stages` needs the ranking models.
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

__all__ = ["TAG", "analyse_stages", "learn_stages", "pipeline", "score_stages"]

TAG: tuple[Stage, ...] = (Clean(), Tag(), Define())


def _one_paper(*, fast: bool) -> tuple[Stage, ...]:
    """One paper's analysis, from its definitions to its packed candidates and methods. The
    fast mode keeps the phrases ``not-concepts`` drops: ranked by the static model, the gold
    words inside them earned more than the shorter phrases left in their place (ICLR 2024
    partial recall 0.4972 with them, 0.4965 without; the default gains without them)."""
    dropping = () if fast else (NotConcepts(),)
    return (
        KnownAcronyms(),
        Candidates(),
        *dropping,
        Methods(),
        Kinds(),
        Variants(),
        NotMethods(),
        Analysed(),
    )


_ANALYSE = {
    fast: (LearnDefinitions(), *_one_paper(fast=fast), LearnPhrases(), Established())
    for fast in (False, True)
}
#: Learning an input ahead, one paper at a time: what it defines and writes whole.
_LEARN = {
    fast: (LearnDefinitions(), *_one_paper(fast=fast), LearnPhrases()) for fast in (False, True)
}


def analyse_stages(*, fast: bool) -> tuple[Stage, ...]:
    """The model-free stages between tagging and scoring, run in batch order."""
    return _ANALYSE[fast]


def learn_stages(*, fast: bool) -> tuple[Stage, ...]:
    """The stages that learn an input ahead, one paper at a time."""
    return _LEARN[fast]


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
    return (*TAG, *analyse_stages(fast=fast), *score_stages(fast=fast))
