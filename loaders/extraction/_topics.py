"""Topic words: single words a paper's authors name as its topic (``transformer``,
``fairness``, ``pruning``), which keep their place beside a longer concept ending in them,
where a vague word (``graph`` beside ``knowledge graph``) gives it up.

Which words are topics is a statistic of a domain corpus, not a word list: ``topics.json`` is
built by ``scripts/build_topic_table.py``, whose docstring gives the measure (how often authors
list the word as a keyword of the papers that write it).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

__all__ = ["TOPIC_TABLE", "topic_word"]

TOPIC_TABLE = Path(__file__).with_name("topics.json")


@lru_cache(maxsize=1)
def _table() -> frozenset[str]:
    return frozenset(json.loads(TOPIC_TABLE.read_text(encoding="utf-8"))["topics"])


def topic_word(key: str) -> bool:
    """Whether the one-word concept ``key`` names a topic in this domain."""
    return key in _table()
