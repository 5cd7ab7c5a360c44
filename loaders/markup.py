"""Remove LaTeX, Markdown and HTML markup from abstracts, keeping the words inside.

Abstracts scraped from OpenReview carry inline maths (``$\\texttt{DyAug}$``), macros
(``\\textbf{(I)}``, ``\\ie``), Markdown emphasis (``**Query Localization**``), HTML entities
(``&mdash;``), PDF ligatures (``ﬁ``) and URLs. :func:`strip_markup` turns them into plain prose
so that a tagger and an embedding model see words, not markup.

Text copied from a PDF also keeps its line breaks as a hyphen and a space. A word broken in
two (``net- works``, ``at- tention``) is joined when the two halves make an English word;
a compound broken at its own hyphen keeps it (``Self- Supervised``, ``large- scale``); a
hyphen left hanging before ``and`` or ``or`` is the author's (``pre- and post-training``).

Every pattern here is free of nested quantifiers, so cleaning runs in linear time even on
megabyte-long inputs, and no input string makes it raise.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

__all__ = ["WORD_MACROS", "maths_symbols", "strip_markup"]

# Control words replaced by a word (Greek letters keep names such as "$\alpha$-divergence").
WORD_MACROS = {
    "ie": "i.e.",
    "eg": "e.g.",
    "etal": "et al.",
    "etc": "etc.",
    "vs": "vs.",
    "wrt": "w.r.t.",
    "times": "x",
    **{
        name: name
        for name in [
            "alpha",
            "beta",
            "gamma",
            "delta",
            "epsilon",
            "varepsilon",
            "zeta",
            "eta",
            "theta",
            "vartheta",
            "iota",
            "kappa",
            "lambda",
            "mu",
            "nu",
            "xi",
            "pi",
            "rho",
            "sigma",
            "tau",
            "upsilon",
            "phi",
            "varphi",
            "chi",
            "psi",
            "omega",
            "Gamma",
            "Delta",
            "Theta",
            "Lambda",
            "Xi",
            "Pi",
            "Sigma",
            "Phi",
            "Psi",
            "Omega",
            "ell",
            "infty",
        ]
    },
}

#: LaTeX's font commands: they change how letters look, so they never separate two words.
_FONT_COMMANDS = frozenset(
    [
        "text",
        "textnormal",
        "textbf",
        "textit",
        "texttt",
        "textsc",
        "textsf",
        "textrm",
        "textup",
        "textmd",
        "textsl",
        "emph",
        "mathbf",
        "mathrm",
        "mathit",
        "mathsf",
        "mathtt",
        "boldsymbol",
        "bm",
        "underline",
    ]
)
_GREEK = frozenset(name for name, word in WORD_MACROS.items() if name == word)
_URL = re.compile(r"(?:https?://|ftp://|www\.)\S*", re.IGNORECASE)
_MD_LINK = re.compile(r"\[([^\[\]\n]{0,300})\]\([^()\s]{0,1000}\)")
# A doubled backslash before a symbol is how some scrapers escaped "\%".
_ESCAPED_SYMBOL = re.compile(r"\\{1,2}([%&#$_{}~^])")
_CONTROL_WORD = re.compile(r"\\([A-Za-z]+)\*?")
_BACKSLASH = re.compile(r"\\")
_MARKDOWN = re.compile(r"[*`]+|(?<!\w)_{1,2}|_{1,2}(?!\w)|^#{1,6}\s", re.MULTILINE)
_MATH_OPERATORS = re.compile(r"[$^{}]+")
_TILDE = re.compile(r"~")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)\]])")
_SPACE_AFTER_OPEN = re.compile(r"([(\[])\s+")
_WHITESPACE = re.compile(r"\s+")
# A hyphen, a space, a word: a line break. The hyphens around it say whether it is inside a
# longer compound ("state-of- the-art"); \b keeps the scan linear on long runs of letters.
_BROKEN = re.compile(r"(-?)\b(\w+)- +(\w+)(-?)")
#: Words after a hyphen the author left hanging: "pre- and post-training", "low- to high-".
_SUSPENDED = frozenset({"and", "or", "nor", "to", "vs", "versus"})
#: Zipf frequency of a word common enough to have been broken at a line end, whatever its parts.
_COMMON_ZIPF = 3.0


def strip_markup(text: str) -> str:
    """Return ``text`` as plain prose: markup removed, the words inside kept.

    >>> strip_markup(r"termed $\\texttt{DyAug}$, which \\textbf{(I)} is **fast**")
    'termed DyAug, which (I) is fast'
    """
    if not text:
        return ""
    text = _normalise_characters(text)
    text = _MD_LINK.sub(r"\1", text)
    text = _URL.sub(" ", text)
    text = _ESCAPED_SYMBOL.sub(_escaped_symbol, text)
    text = _CONTROL_WORD.sub(_control_word, text)
    text = _BACKSLASH.sub(" ", text)
    text = _MARKDOWN.sub("", text)
    text = _MATH_OPERATORS.sub("", text)
    text = _TILDE.sub(" ", text)
    return _BROKEN.sub(_rejoin, _tidy_spaces(text))


def maths_symbols(text: str) -> frozenset[str]:
    """The Greek letters ``text`` writes only as LaTeX (``$\\epsilon$``), never as a word: in
    its plain prose each is a variable, as a lone letter is (``total privacy budget
    epsilon``), where a paper that writes ``beta distribution`` means the word."""
    written = {m.group(1) for m in _CONTROL_WORD.finditer(text) if m.group(1) in _GREEK}
    return frozenset(w for w in written if not re.search(rf"(?<![\\\w]){w}\b", text))


def _normalise_characters(text: str) -> str:
    """Decode HTML entities and fold compatibility characters (ligatures, full-width forms)."""
    text = html.unescape(text)
    text = text.replace("\x97", "\u2014")  # cp1252 em dash left by some scrapers
    return unicodedata.normalize("NFKC", text)


def _escaped_symbol(match: re.Match[str]) -> str:
    """Keep a literal ``%`` or ``&``; drop escaped maths delimiters and braces."""
    symbol = match.group(1)
    return symbol if symbol in "%&#" else " "


def _control_word(match: re.Match[str]) -> str:
    """Replace a LaTeX control word by its word (``\\alpha``), or drop it (``\\textbf``). A
    font command leaves no space: it may set letters inside a word (``\\textbf{L}ossless``)."""
    name = match.group(1)
    return WORD_MACROS.get(name, "" if name in _FONT_COMMANDS else " ")


def _tidy_spaces(text: str) -> str:
    """Collapse whitespace and remove spaces that markup removal left before punctuation."""
    text = _WHITESPACE.sub(" ", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = _SPACE_AFTER_OPEN.sub(r"\1", text)
    return text.strip()


def _rejoin(match: re.Match[str]) -> str:
    """Mend a line break after a hyphen: the word it broke, or the compound with its hyphen."""
    before, first, second, after = match.groups()
    if second.lower() in _SUSPENDED:
        return match.group(0)
    if not (before or after) and second[0].islower() and _broken_word(first, second):
        return f"{first}{second}"
    return f"{before}{first}-{second}{after}"


@lru_cache(maxsize=4096)
def _broken_word(first: str, second: str) -> bool:
    """Whether ``first`` and ``second`` are the halves of one word. wordfreq's English list
    says: the whole is a common word (``net works``), or a listed word while a half is not
    (``expres sivity``). ``large scale`` and ``self improvement`` are listed, run together, but
    their halves are common words, so they stay a hyphenated compound."""
    from wordfreq import get_frequency_dict, zipf_frequency

    whole = (first + second).lower()
    if not whole.isalpha() or whole not in get_frequency_dict("en"):
        return False
    if zipf_frequency(whole, "en") >= _COMMON_ZIPF:
        return True
    return min(zipf_frequency(first.lower(), "en"), zipf_frequency(second, "en")) < _COMMON_ZIPF
