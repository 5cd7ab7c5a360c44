"""Acronym registry: remembers which concept an acronym stands for, across papers and runs."""

from __future__ import annotations

import threading
from collections.abc import Iterable

__all__ = ["AcronymRegistry", "acronym_form"]


def acronym_form(token: str) -> str:
    """Return the canonical form of an acronym: plural ``s`` removed (``GNNs`` → ``GNN``)."""
    token = token.strip()
    if len(token) > 2 and token.endswith("s") and token[-2].isupper():
        return token[:-1]
    return token


class AcronymRegistry:
    """Maps acronyms (``GNN``) to concept keys (``graph neural network``).

    The first definition seen wins, so a key stays stable once papers link to it. Seed it
    from a previous run with ``AcronymRegistry(saved.items())`` to resolve acronyms that a
    later paper uses without spelling them out.
    """

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()) -> None:
        self._keys: dict[str, str] = {}
        self._lock = threading.Lock()
        for acronym, key in pairs:
            self.learn(acronym, key)

    def learn(self, acronym: str, key: str) -> None:
        """Record that ``acronym`` stands for the concept ``key`` unless it is already known."""
        form = acronym_form(acronym)
        if form and key:
            with self._lock:
                self._keys.setdefault(form, key)

    def clear(self) -> None:
        """Forget every acronym."""
        with self._lock:
            self._keys.clear()

    def resolve(self, acronym: str) -> str | None:
        """Return the concept key ``acronym`` (or its plural) stands for, or ``None``."""
        return self._keys.get(acronym_form(acronym))

    def items(self) -> list[tuple[str, str]]:
        """Return every ``(acronym, key)`` pair, sorted by acronym."""
        with self._lock:
            return sorted(self._keys.items())

    def __len__(self) -> int:
        return len(self._keys)
