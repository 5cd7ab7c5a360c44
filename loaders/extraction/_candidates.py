"""Noun-phrase candidates from POS-tagged units, with their normalised keys.

A chunk is a maximal run of modifiers (adjectives, nouns, participles) ending in a noun. Its
candidate is the whole noun phrase as the paper writes it, less any leading word that cannot
start a keyphrase (a stopword, a verb form, an evaluative adjective such as ``novel``): the
most specific name the paper gives the idea. A shorter phrase inside it (``graph neural
networks`` in ``dynamic graph neural networks``) is a candidate only where it is established
as a phrase of its own: this paper writes it whole somewhere, or at least two of the papers
the extractor has read do (:class:`KnownPhrases`); it then ranks a little below a phrase the
paper writes whole. A phrase the paper only writes before another word (``reinforcement`` in
``reinforcement learning``, ``large language`` in ``large language models``) is none, however
many papers write it alone. Coordinated modifiers share their head: ``supervised and
unsupervised learning`` holds ``supervised learning`` (once other papers write it), never the
fragment ``supervised``. Nested variants of one paper's own wording do not fill its top
ten, and the general term a field shares stays reachable.

A single word is a candidate unless it is a vague head (``method``, ``performance``) or a
quantity (``128K``); how common it is in everyday English counts against it when ranking
(:func:`commonness`), so ``data`` or ``image`` alone rarely outrank a phrase.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ._acronyms import lowercase_led
from ._modifiers import loose_start, loose_word, term_participle
from ._normalise import (
    GENERIC_HEADS,
    GENERIC_MODIFIERS,
    NAMING_VERBS,
    STOPWORDS,
    concept_forms,
    is_acronym,
    singular,
)
from ._tagging import PARTICIPLE_TAGS, Unit, cut_at_bracket

__all__ = [
    "Candidate",
    "Expander",
    "KnownPhrases",
    "attributive_participle",
    "collect_candidates",
    "commonness",
    "expand_words",
    "surface",
]

_HEADS = frozenset({"NOUN", "PROPN"})
_MODIFIERS = frozenset({"NOUN", "PROPN", "ADJ"})
_PARTICIPLES = frozenset({"VBN", "VBG"})
_PLURAL_TAGS = frozenset({"NNS", "NNPS"})
_PAST_PARTICIPLES = PARTICIPLE_TAGS - {"VBG"}
#: What an attributive participle follows: a determiner, preposition, conjunction, adjective,
#: punctuation, or a verb taking the phrase as its object (see :func:`attributive_participle`).
_ATTRIBUTIVE_BEFORE = frozenset({"DET", "ADP", "CCONJ", "ADJ", "PUNCT", "VERB"})
#: Words after which a participle is a verb: forms of be, have and get, relative pronouns, and
#: the adverbs between a subject and its verb (``we also trained``, ``is not learned``).
_VERB_BEFORE = frozenset(
    {"be", "is", "are", "was", "were", "been", "being", "has", "have", "had", "having"}
    | {"get", "gets", "got", "gotten", "which", "that", "who", "whose", "also", "not"}
)
_MAX_CHUNK = 8
#: A number, or a number with a unit (``2024``, ``128k``, ``1.3b``, ``10x``).
_QUANTITY = re.compile(r"^\d[\d.,]*[a-z]{0,2}$")
#: ``al`` of ``et al`` as the tokeniser leaves it
_AL = frozenset({"al", "al."})
#: A possessive the tokeniser splits off its word (``'s``, or ``'`` after a plural).
_POSSESSIVE = re.compile(r"^['\u2019]s?$")

#: Resolves an acronym to the words of its expansion, or None.
Expander = Callable[[str], "list[str] | None"]


@dataclass
class Candidate:
    """A candidate keyphrase of one document and how it occurs there."""

    key: str
    surfaces: list[str] = field(default_factory=list)
    count: int = 0
    in_title: bool = False
    #: the paper writes it as a whole noun phrase somewhere, not only inside a longer one
    whole: bool = False
    #: somewhere it ends its phrase, or is an acronym: not only a modifier of the next word
    headed: bool = False
    #: what the ranker embeds: the key's open form (see :func:`concept_forms`), else the key
    phrase: str = ""

    def __post_init__(self) -> None:
        self.phrase = self.phrase or self.key

    @property
    def name(self) -> str:
        """Display form: the first surface seen, in its least capitalised spelling (the text's
        ``graph neural networks`` over the title's ``Graph Neural Networks``, or a sentence's
        ``Diffusion models``). The name is the author's wording, number and spelling included
        (``language modelling``, ``textual corpora``); only the key is made singular and
        American, so that every wording of the idea meets in one node."""
        first = self.surfaces[0].lower()
        return min((s for s in self.surfaces if s.lower() == first), key=_capitals)


def _capitals(text: str) -> int:
    """How many capital letters ``text`` has."""
    return sum(c.isupper() for c in text)


def collect_candidates(
    units: Sequence[Unit],
    *,
    title_end: int,
    expand: Expander,
    symbols: frozenset[str] = frozenset(),
    long_forms: Sequence[tuple[int, int]] = (),
) -> dict[str, Candidate]:
    """Return every phrase of one document by key, in order of first occurrence: each chunk's
    whole phrase (``whole``) and the well-formed phrases inside it. ``symbols`` are words the
    document's markup left for variables (``epsilon`` from ``$\\epsilon$``); no phrase holds one.
    ``long_forms`` are the unit spans the document defines acronyms by (``Capture the Flag``
    before ``(CTF)``): a chunk that runs into one and stops inside it ends where it starts."""
    found: dict[str, Candidate] = {}
    chunks = _chunks(units, symbols, long_forms)
    shared = _shared_heads(units, chunks)
    # modifiers that are no phrase alone; a noun is one (``image`` of ``image and text
    # classification``)
    conjuncts = {
        i
        for phrases in shared.values()
        for i, _ in phrases
        if units[i].pos != "NOUN" or "-" in units[i].text
    }
    bridges = _bridges(units, chunks, long_forms)
    for start, end in chunks:
        bridged = start in bridges
        if bridged:  # its phrases across the brackets first: they name the idea
            after, after_end = bridges[start]
            _add_bridged(found, units, expand, start, after, after_end, title_end=title_end)
        for i, span in shared.get(start, ()):
            # a phrase the text elides counts where other papers write it (``KnownPhrases``)
            if _well_formed(span, 0, len(span)):
                _add(found, span, expand, in_title=i < title_end, whole=False, headed=True)
        if end - start == 1 and start in conjuncts:
            continue  # ``character-level`` of ``character-level and word-level processing``
        first = next((i for i in range(start, end) if _well_formed(units, i, end)), None)
        if first is None:
            continue
        for i in range(first, end):
            for j in range(i + 1, end + 1):
                if _well_formed(units, i, j):
                    # before a bridge, the compound modifies the head after the brackets:
                    # ``large vision-language`` of ``large vision-language (VL) model``
                    fragment = j == end and bridged
                    whole = i == first and j == end and not fragment
                    # an acronym names its concept even before a noun (``RL`` in ``RL agents``)
                    headed = (j == end and not fragment) or is_acronym(units[j - 1].text)
                    _add(
                        found,
                        units[i:j],
                        expand,
                        in_title=i < title_end,
                        whole=whole,
                        headed=headed,
                    )
    return found


def _bridges(
    units: Sequence[Unit], chunks: Sequence[tuple[int, int]], long_forms: Sequence[tuple[int, int]]
) -> dict[int, tuple[int, int]]:
    """The chunks a defined acronym in brackets interrupts, by the start of the chunk before
    it: a chunk ending in a long form that is one hyphenated compound, ``(ACRONYM)``, then a
    chunk going on (``large vision-language (VL) model``, ``out-of-distribution (OOD)
    detection``, ``key-value (KV) cache``); each with the span of the chunk after the
    brackets. Such a compound modifies what follows; a long form of several words names its
    own idea (``graph neural network (GNN) layers``, ``Long Question Coreference Adaptation
    (LQCA) method``), and the word after it starts a phrase anew."""
    starts = {start: end for start, end in chunks}
    found: dict[int, tuple[int, int]] = {}
    for start, end in chunks:
        after = end + 3
        if (
            after in starts
            and units[end].text == "("
            and units[end + 2].text == ")"
            and is_acronym(units[end + 1].text)
        ):
            compound = end - 1
            if (compound, end) in long_forms and "-" in units[compound].text.strip("-"):
                found[start] = (after, starts[after])
    return found


def _add_bridged(
    found: dict[str, Candidate],
    units: Sequence[Unit],
    expand: Expander,
    start: int,
    after: int,
    end: int,
    *,
    title_end: int,
) -> None:
    """The phrases running across a bridge's brackets (``large vision-language model``,
    ``vision-language model``), as if the acronym were not there; the whole bridged phrase
    is written whole."""
    cut = after - 3  # where the brackets start
    joined = [*units[:cut], *units[after:]]
    last = end - 3
    first = next((i for i in range(start, cut) if _well_formed(joined, i, last)), None)
    if first is None:
        return
    for i in range(first, cut):
        for j in range(cut + 1, last + 1):
            if _well_formed(joined, i, j):
                headed = j == last or is_acronym(joined[j - 1].text)
                whole = i == first and j == last
                _add(found, joined[i:j], expand, in_title=i < title_end, whole=whole, headed=headed)


def _shared_heads(
    units: Sequence[Unit], chunks: Sequence[tuple[int, int]]
) -> dict[int, list[tuple[int, list[Unit]]]]:
    """The phrases coordinated modifiers make with the head they share, by the start of the
    chunk holding the head, each with the index of its modifier: ``supervised learning`` of
    ``supervised and unsupervised learning``, ``convolutional neural networks`` of
    ``convolutional and recurrent neural networks``, ``short-term forecasting`` of ``short-
    and long-term forecasting``, and of a list (``supervised, semi-supervised, and
    unsupervised learning``). A modifier before the conjunction must be of the kind of the one
    after it (:func:`_parallel`): ``robustness and computational cost`` are two phrases."""
    shared: dict[int, list[tuple[int, list[Unit]]]] = {}
    for start, end in chunks:
        if end - start < 2 or start < 2 or units[start - 1].text.lower() not in ("and", "or"):
            continue
        head, rest = units[start], list(units[start + 1 : end])
        lefts = _left_conjuncts(units, start - 1, head)
        if lefts:
            shared[start] = [(i, [_joined(units[i], head), *rest]) for i in lefts]
    return shared


def _left_conjuncts(units: Sequence[Unit], conjunction: int, right: Unit) -> list[int]:
    """The one-unit modifiers coordinated with ``right`` before ``units[conjunction]``, in
    order, each starting a phrase (:func:`_continues`): not ``supervised`` of ``deep
    supervised and unsupervised learning``, nor ``trained`` of ``we trained and evaluated
    models``."""
    i = conjunction - 1 - (units[conjunction - 1].text == ",")  # an Oxford comma
    found: list[int] = []
    while i >= 0 and _parallel(units[i], right):
        found.insert(0, i)
        if i < 2 or units[i - 1].text != ",":
            break
        i -= 2
    while found and found[0] > 0 and _continues(units[found[0] - 1]):
        found.pop(0)  # a list ends where a phrase starts: ``training efficiency, time and``
    return found


def _continues(before: Unit) -> bool:
    """Whether a modifier after ``before`` continues a phrase or clause rather than starting
    one: after another modifier it ends a longer phrase, after a subject it is a verb."""
    return _modifier(before, frozenset()) or before.pos == "PRON"


def _parallel(left: Unit, right: Unit) -> bool:
    """Whether ``left`` and ``right`` can modify one head together: a suspended hyphen
    (``short-`` of ``long-term``), two compounds ending alike (``character-level`` and
    ``word-level``, not ``fine-tuning`` and ``in-context``), a singular noun and a noun
    (``image`` and ``text``; ``accuracy and training time`` would make ``accuracy time``, but
    no paper writes that whole, so it never counts), or two adjectives or participles
    (``semi-supervised`` and ``unsupervised``)."""
    if left.text.endswith("-"):
        return "-" in right.text[1:]
    if "-" in left.text and "-" in right.text:
        return left.text.lower().rsplit("-", 1)[1] == right.text.lower().rsplit("-", 1)[1]
    if left.tag == "NN" and right.pos == "NOUN":
        return True
    return _adjectival(left) and _adjectival(right)


def _adjectival(unit: Unit) -> bool:
    return unit.pos == "ADJ" or unit.tag in ("VBN", "VBD")


def _joined(left: Unit, right: Unit) -> Unit:
    """``left`` as it stands before the shared head; a suspended hyphen takes the right
    compound's ending (``short-`` of ``long-term`` is ``short-term``)."""
    if left.text.endswith("-"):
        return left._replace(text=left.text + right.text.split("-", 1)[1], pos=right.pos)
    return left


class KnownPhrases:
    """How many papers an extractor has read write each key as a whole phrase, up to a bound
    (past it, no new key is learnt: the common ones are in by then)."""

    def __init__(self, *, papers: int = 2, capacity: int = 2_000_000) -> None:
        self._papers: dict[str, int] = {}
        self._needed = papers
        self._capacity = capacity

    def learn(self, candidates: dict[str, Candidate]) -> None:
        """Count the whole phrases among one paper's ``candidates``."""
        counts = self._papers
        for key, candidate in candidates.items():
            if candidate.whole and (key in counts or len(counts) < self._capacity):
                counts[key] = counts.get(key, 0) + 1

    @property
    def needed(self) -> int:
        """How many papers must write a phrase whole for it to be established."""
        return self._needed

    def papers_writing(self, key: str) -> int:
        """How many papers read so far write ``key`` whole (up to the bound's cut-off)."""
        return self._papers.get(key, 0)

    def established(self, candidates: dict[str, Candidate]) -> dict[str, Candidate]:
        """The candidates this paper writes whole, or that ``papers`` papers read wrote whole,
        less any the paper only writes before another word (see :func:`_modifies_only`)."""
        counts, needed = self._papers, self._needed
        return {
            k: c
            for k, c in candidates.items()
            if c.whole or (counts.get(k, 0) >= needed and not _modifies_only(c))
        }


def _modifies_only(candidate: Candidate) -> bool:
    """Whether a candidate only ever modifies the next word in the paper: ``reinforcement`` of
    ``reinforcement learning``, ``large language`` of ``large language models``. There it is a
    fragment of the paper's phrase, however often other papers write it alone (a tagger that
    reads ``models`` as a verb writes ``large language`` whole); an acronym is exempt."""
    return not candidate.headed


def _chunks(
    units: Sequence[Unit], symbols: frozenset[str], long_forms: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Spans ``[start, end)`` of maximal modifier runs that end in a noun. A variable (a
    Greek letter of the maths, ``Phi_k``) ends a run as a verb does. A run that enters a
    defined long form and stops inside it (at a function word the long form holds: ``40
    professional-level Capture`` of ``Capture the Flag (CTF)``, ``sparse Mixture`` of
    ``Mixture of Experts (MoE)``) ends where the long form starts: the definition, not the
    tagger, says where that name begins, and the long form is a candidate of its own."""
    spans: list[tuple[int, int]] = []
    start = None
    cited = _citation_words(units)
    for i, unit in enumerate([*units, Unit("", "X", "")]):
        if (
            _modifier(unit, symbols)
            and i not in cited
            and not (start is not None and _clause_start(units[i - 1], unit))
        ):
            start = i if start is None else start
            continue
        if start is not None:
            end = _trim_end(units, start, _before_long_form(start, i, long_forms))
            if end > start:
                spans.append((max(start, end - _MAX_CHUNK), end))
        start = None
    return spans


def _citation_words(units: Sequence[Unit]) -> set[int]:
    """The positions of ``et al`` (with or without its period, as maths markup such as
    ``$\\textit{et al.}$`` leaves it) and of the capitalised surname before it: a citation's
    words, which the tagger reads as names, so that no phrase runs into them (``dynamic scenes
    et al``) and the author is no concept (``Conrad`` of ``Conrad et al.``). ``Al`` alone is
    aluminium."""
    found: set[int] = set()
    for i in range(len(units) - 1):
        if units[i].text.lower() == "et" and units[i + 1].text.lower() in _AL:
            found.update((i, i + 1))
            if i > 0 and units[i - 1].text[:1].isupper():
                found.add(i - 1)
    return found


def _before_long_form(start: int, end: int, long_forms: Sequence[tuple[int, int]]) -> int:
    """``end``, or the start of a long form the run ``[start, end)`` enters but stops inside."""
    return min((s for s, e in long_forms if start < s < end < e), default=end)


def _clause_start(previous: Unit, unit: Unit) -> bool:
    """A participle right after a noun starts a clause (``methods using dropout``), not a modifier."""
    return unit.tag in _PARTICIPLES and unit.pos != "ADJ" and previous.pos in _HEADS


def _modifier(unit: Unit, symbols: frozenset[str]) -> bool:
    text = unit.text
    if not text[:1].isalnum() or text.lower() in STOPWORDS:
        return False
    if symbols and text.split("_")[0] in symbols:
        return False
    return unit.pos in _MODIFIERS or unit.tag in _PARTICIPLES


def _trim_end(units: Sequence[Unit], start: int, end: int) -> int:
    while end > start and units[end - 1].pos not in _HEADS:
        end -= 1
    return end


def _well_formed(units: Sequence[Unit], i: int, j: int) -> bool:
    """Whether ``units[i:j]`` makes a keyphrase: content word first, noun last, not vague."""
    first, last = units[i], units[j - 1]
    if last.pos not in _HEADS:
        return False
    if first.tag in _PARTICIPLES and first.pos != "ADJ" and not _term_start(units, i):
        return False
    if any(cut_at_bracket(u.text) for u in units[i:j]):
        return False
    if first.text.lower() in GENERIC_MODIFIERS or len(last.text) < 2:
        return False
    if last.text.endswith("."):  # an abbreviation (``the U.S.``): a name never ends in a period
        return False
    if _loose(units, i, j):
        return False
    if j - i == 1:
        return _good_single(first)
    # a lone letter inside a phrase is a variable the markup left behind (``K batch``)
    return not any(len(u.text) == 1 and u.text.isalpha() for u in units[i:j])


def attributive_participle(units: Sequence[Unit], i: int) -> bool:
    """Whether ``units[i]`` is a past participle modifying the noun after it (``for federated
    learning``, ``use distributed training``, ``the learned representations``) rather than a
    verb: after a subject (``we trained models``), an auxiliary (``are trained``, ``has
    learned``) or a relative pronoun, or one naming what follows (``a method, termed X``)."""
    unit = units[i]
    if unit.tag not in _PAST_PARTICIPLES or i + 1 >= len(units) or units[i + 1].pos not in _HEADS:
        return False
    if unit.text.lower() in NAMING_VERBS:
        return False
    if i == 0:
        return True
    before = units[i - 1]
    if before.text.lower() in _VERB_BEFORE or before.tag in _PARTICIPLES:
        return False
    return before.pos in _ATTRIBUTIVE_BEFORE


def _term_start(units: Sequence[Unit], i: int) -> bool:
    """Whether the participle at ``i`` opens a phrase as a term does: a word of terms
    (``federated learning``, ``masked autoencoders``; see ``modifiers.json``) that this paper
    comes back to, as it does to its topic (a paper about federated learning writes
    ``federated`` again; ``automated`` of one ``automated training and evaluation`` is said in
    passing). Not a participle saying what was done to the noun (``extracted features``), nor a
    gerund, which is a verb (``using dropout``)."""
    word = units[i].text.lower()
    if not (attributive_participle(units, i) and term_participle(word)):
        return False
    return sum(u.text.lower() == word for u in units) >= 2


def _loose(units: Sequence[Unit], i: int, j: int) -> bool:
    """Whether ``units[i:j]`` starts with a loose modifier (an adjective, or a hyphenated
    compound such as ``state-of-the-art``) that is not part of a name; alone, a loose modifier
    names nothing."""
    first = units[i]
    if first.pos != "ADJ" and "-" not in first.text:
        return False
    if j - i == 1:
        return loose_word(first.text.lower())
    return loose_start([u.text.lower() for u in units[i : min(j, i + 4)]])


def _good_single(unit: Unit) -> bool:
    """A one-word candidate must not be a vague head or a number or quantity (``128K``)."""
    word = singular(unit.text).lower()
    # a quantity is judged on the surface form: ``3DGS`` made singular would read ``3DG``
    return not (word in GENERIC_HEADS or len(word) <= 2 or _QUANTITY.match(unit.text.lower()))


@lru_cache(maxsize=65_536)
def commonness(key: str) -> float:
    """How everyday a one-word key is: its Zipf frequency in wordfreq's general English lists
    (``data`` 5.3, ``image`` 4.9, ``diffusion`` 3.4, ``tokenization`` 1.7, a coined name 0).
    Phrases are 0: a phrase of common words is still specific.

    Plain lowercase words are looked up in wordfreq's table directly; ``zipf_frequency`` first
    re-tokenises its input, which costs a quarter of a millisecond a word.
    """
    if " " in key:
        return 0.0
    if key.isascii() and key.isalpha() and key.islower():
        frequency = _english_frequencies().get(key, 0.0)
        return max(math.log10(frequency) + 9, 0.0) if frequency else 0.0
    from wordfreq import zipf_frequency

    return float(zipf_frequency(key, "en"))


@lru_cache(maxsize=1)
def _english_frequencies() -> dict[str, float]:
    from wordfreq import get_frequency_dict

    frequencies: dict[str, float] = get_frequency_dict("en")
    return frequencies


def _add(
    found: dict[str, Candidate],
    span: Sequence[Unit],
    expand: Expander,
    *,
    in_title: bool,
    whole: bool,
    headed: bool,
) -> None:
    """Record ``span`` under its key (nothing when it has none)."""
    key, phrase = concept_forms(_key_words(span, expand), plural_head=False)
    if not key or _loose_alone(span, key):
        return
    candidate = found.get(key)
    if candidate is None:
        candidate = found[key] = Candidate(key, phrase=phrase)
    candidate.count += 1
    candidate.in_title = candidate.in_title or in_title
    candidate.whole = candidate.whole or whole
    candidate.headed = candidate.headed or headed
    written = surface(span)
    if written not in candidate.surfaces:
        candidate.surfaces.append(written)


def _loose_alone(span: Sequence[Unit], key: str) -> bool:
    """Whether a one-word span stands for a loose modifier alone: an acronym of one (``SOTA``,
    state-of-the-art) or a compound the text makes a noun (``over state-of-the-arts``); the
    adjective itself is turned away before (:func:`_loose`). Alone, it names nothing."""
    text = span[0].text
    single = len(span) == 1 and ("-" in text or is_acronym(text))
    return single and loose_word(key.replace(" ", "-"))


def surface(span: Sequence[Unit]) -> str:
    """``span`` as written: words apart, a possessive the tokeniser split off joined back to
    its word (``Earth mover's distance``, not ``Earth mover 's distance``)."""
    text = ""
    for unit in span:
        clitic = _POSSESSIVE.match(unit.text) is not None
        text += unit.text if clitic or not text else " " + unit.text
    return text


def _key_words(span: Sequence[Unit], expand: Expander) -> list[str]:
    """Words of ``span`` with known acronyms expanded and its head made singular first: an
    expanded modifier may hold ``of`` (``MoE layers``: ``mixture of experts layer``)."""
    *modifiers, head = span
    words = expand_words([u.text for u in modifiers], expand)
    expansion = expand(head.text) if _acronym(head.text) else None
    if expansion:
        return [*words, *expansion]  # already a key: singular
    plural = head.tag in _PLURAL_TAGS or is_acronym(head.text)
    return [*words, *expand_words([singular(head.text) if plural else head.text], expand)]


def _acronym(word: str) -> bool:
    """``GNNs``, or one led by a lowercase letter (``pFL``)."""
    return is_acronym(word) or lowercase_led(word)


def expand_words(words: Sequence[str], expand: Expander) -> list[str]:
    """``words`` with every known acronym replaced by its expansion's words, one inside a
    hyphenated compound too (``Embodied-AI`` is ``embodied AI``, ``KL-divergence`` ``KL
    divergence``: the hyphen does not make another idea)."""
    return [w for word in words for w in _expanded(word, expand)]


def _expanded(word: str, expand: Expander) -> list[str]:
    if _acronym(word):
        return expand(word) or [word]
    parts = word.split("-")
    expansions = [expand(p) if len(parts) > 1 and is_acronym(p) else None for p in parts]
    if not any(expansions):
        return [word]
    return [w for p, e in zip(parts, expansions) for w in (e or [p])]
