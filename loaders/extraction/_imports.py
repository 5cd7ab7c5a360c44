"""Importing spaCy and KeyBERT without the deep-learning stacks they would pull in and we never use.

spaCy's ``thinc`` imports torch whenever it is installed (for layers our CNN tagger does not
have), and KeyBERT imports sentence-transformers and transformers (for its default backend and
its LLM helpers; we hand it our own ONNX backend). Both libraries treat those packages as
optional and carry on without them; importing torch and transformers is most of a small load's
start-up (``bench/results/throughput.json``). While one of the two libraries is first imported,
:func:`without` marks the packages it need not load as absent, so the library takes its own road
for a machine without them; the marks go as soon as it is imported, so later imports (the MiniLM
export, a benchmark's naive KeyBERT) load the real packages.

The switch is the import order: a process that imported spaCy or KeyBERT before (as
``tests/unit/test_extraction_imports.py`` does) keeps them whole, and extracts the same.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["KEYBERT_SKIPS", "SPACY_SKIPS", "without"]

#: What thinc imports only for torch-backed layers (scipy reads an absent torch as None, so
#: torch is hidden from spaCy's import alone, never from KeyBERT's, which loads scipy).
SPACY_SKIPS = ("torch",)
#: What KeyBERT imports only for its own default backend and LLM helpers.
KEYBERT_SKIPS = ("sentence_transformers", "transformers")


@contextmanager
def without(names: tuple[str, ...]) -> Iterator[None]:
    """Have ``import`` find the ``names`` not yet imported missing inside the block (a
    ``ModuleNotFoundError``, what an optional import expects), and importable again after."""
    hidden = [name for name in names if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        for name in hidden:
            if sys.modules.get(name, ...) is None:
                del sys.modules[name]
