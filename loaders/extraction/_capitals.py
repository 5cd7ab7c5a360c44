"""English words the domain writes as acronyms (``AI``, ``RAG``, ``ODE``): in a keyword written
all in lowercase, ``ai safety`` or ``neural odes``, such a word is the acronym, as an unknown
word (``kl``, ``nlp``) is; any other English word stays a word (``feature map``, ``us``).

Which words those are is a statistic of a domain corpus, not a word list: ``capitals.json`` is
built by ``scripts/build_capitals_table.py``, whose docstring gives the measure (how often the
corpus's abstracts write the word in capitals).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ._wordforms import in_lexicon

__all__ = ["CAPITALS_TABLE", "lowercase_acronym"]

CAPITALS_TABLE = Path(__file__).with_name("capitals.json")


@lru_cache(maxsize=1)
def _table() -> frozenset[str]:
    return frozenset(json.loads(CAPITALS_TABLE.read_text(encoding="utf-8"))["acronyms"])


def lowercase_acronym(word: str) -> bool:
    """Whether the lowercase ``word`` may be an acronym written in lowercase: it is no English
    word (``kl``, ``nlp``), or one this domain writes in capitals (``ai``)."""
    return not in_lexicon(word) or word in _table()
