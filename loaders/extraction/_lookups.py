"""Which acronyms the extraction of some documents can look up in the registry, found without
the tagger, so that a load asks the graph for the stored definitions of those acronyms only.

Every lookup the extractor makes (the analysis stages, the author keywords' and method
names' expansion in :mod:`._keybert`) is of a word with no space and no hyphen: a tagged unit or
a hyphen-separated part of one, a word of an author keyword, a method name's base. Such a word
resolves only when its :func:`acronym_form` is a defined acronym, which :func:`is_acronym`
accepts and which is made of ASCII letters and digits; so the word is an ASCII letter-and-digit
stretch written in the document's prepared text, its raw text or title, a keyword or an
emphasised name, or such a word made :func:`singular` (a phrase's head: ``STRATA`` is read as
``STRATum``). Taking every stretch of every run of letters and digits in those texts, and of
its singular, errs on the side of too many (``ConvNeXt`` offers ``ConvN`` and ``NeX``), never
too few, whatever the tagger splits off (``100GB`` gives ``GB``). A keyword's lowercase word
that is no English word is also looked up in capitals (``kl`` as ``KL``, ``gnns`` as ``GNNS`` and
``GNN``), as the keywords' expansion does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from loaders.markup import strip_markup

from ._analysis import prepare
from ._capitals import lowercase_acronym
from ._normalise import is_acronym, singular
from ._registry import acronym_form
from ._types import Document

__all__ = ["candidate_acronyms"]

_RUN = re.compile(r"[A-Za-z0-9]+")
_LOWER = re.compile(r"\b[a-z]+\b")
#: An acronym has two capitals (see :func:`is_acronym`): a run with fewer holds none.
_CAPITALS = 2


def candidate_acronyms(docs: Iterable[Document]) -> set[str]:
    """The acronym forms (``GNN`` for ``GNNs``) the extraction of ``docs`` may resolve through
    the registry: a superset of them, read from the texts alone."""
    return {
        form
        for doc in docs
        for forms in (
            *(_forms_in(text) for text in _texts(doc)),
            *(_shouted_forms(word) for word in _LOWER.findall(" ".join(doc.keywords))),
        )
        for form in forms
    }


def _texts(doc: Document) -> list[str]:
    """Every text the extractor reads words from: as given, and as it prepares them."""
    prepared = prepare(doc)
    keywords = [*doc.keywords, *(strip_markup(k) for k in doc.keywords)]
    return [doc.text, doc.title or "", prepared.text, *prepared.emphasised, *keywords]


@lru_cache(maxsize=65_536)
def _shouted_forms(word: str) -> frozenset[str]:
    """A lowercase keyword word in capitals, and its singular so, when it is no English word or
    one the domain writes in capitals (``ai``)."""
    if not lowercase_acronym(word):
        return frozenset()
    forms = {word.upper(), *([word[:-1].upper()] if word.endswith("s") else [])}
    return frozenset(acronym_form(f) for f in forms) | forms


def _forms_in(text: str) -> set[str]:
    return {form for run in _RUN.findall(text) for form in _run_forms(run)}


@lru_cache(maxsize=65_536)
def _run_forms(run: str) -> frozenset[str]:
    """The acronym forms of every stretch of one run of letters and digits, or of its singular
    (which has no more capitals than the run)."""
    if sum(c.isupper() for c in run) < _CAPITALS:
        return frozenset()
    words = {run, singular(run), singular(run, guess=False)}
    stretches = (w[i:j] for w in words for i in range(len(w)) for j in range(i + 2, len(w) + 1))
    return frozenset(form for s in stretches if is_acronym(form := acronym_form(s)))
