"""Compounds English has no closed word for, read apart when a paper writes them closed
(``batchsize`` is ``batch size``, ``redteaming`` ``red teaming``).

Which closed spellings are two words is a statistic of a domain corpus, not a word list:
``compounds.json`` is built by ``scripts/build_compound_table.py``, whose docstring gives the
measure (the corpus writes the two words apart or hyphenated, and English has no closed word).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

__all__ = ["COMPOUND_TABLE", "compound_parts"]

COMPOUND_TABLE = Path(__file__).with_name("compounds.json")


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, str]]:
    data = json.loads(COMPOUND_TABLE.read_text(encoding="utf-8"))
    split = (apart.split(" ") for apart in data["apart"])
    return {first + second: (first, second) for first, second in split}


def compound_parts(word: str) -> tuple[str, ...]:
    """The two words of the lowercase ``word`` if it is a compound written closed (a plural in
    ``s`` of one too: ``halfspaces`` is ``half spaces``), else itself."""
    table = _table()
    if word in table:
        return table[word]
    if word.endswith("s") and word[:-1] in table:
        first, second = table[word[:-1]]
        return first, second + "s"
    return (word,)
