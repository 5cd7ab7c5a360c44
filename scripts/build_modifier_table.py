"""Rebuild ``loaders/extraction/modifiers.json``: which words are loose modifiers in research
abstracts, and the names that start with one.

A *loose modifier* is an adjective (as the shipped tagger reads the corpus), and an everyday
English word (wordfreq Zipf ≥ :data:`MIN_ZIPF`) that the
domain corpus uses without repeating it inside a paper: across the papers that use it, it
occurs at most :data:`MAX_BURST` times per paper on average (``state-of-the-art`` 1.11,
``popular`` 1.08, ``comparable`` 1.06), where a word that carries a paper's topic comes back
(``convolutional`` 1.46, ``adversarial`` 2.76, ``large`` 1.36). This is Church and Gale's
burstiness: a topic word clusters in the documents about it, an evaluative or filler word is
spread evenly, once here and once there. The rate is trusted only for a word that at least
:data:`MIN_PAPERS` papers use: a word this domain seldom writes may be another field's topic
word (``embedded``, ``remote``), and the extractor is also used on other fields' abstracts.

A word the domain writes more seldom (in :data:`MIN_SEEN` papers or more, fewer than
:data:`MIN_PAPERS`) is judged by what it says as well: it is loose when it does not come back in
a paper either and a subjectivity lexicon rates it an opinion (TextBlob's, from Pattern:
subjectivity at least :data:`MIN_SUBJECTIVITY`: ``huge`` 0.9, ``exceptional`` 1.0,
``unprecedented`` 0.9). A lexicon alone would take topic words (``fair`` 0.9, ``safe``); the
domain's own rate keeps a rare topic word out, and the lexicon keeps out a rare word that merely
was written once a paper (``embedded``, not an opinion).

A word a paper repeats can still be loose in the phrases it starts: a theory paper writes
``theoretical`` often, yet ``theoretical analysis``, ``theoretical guarantees`` and ``theoretical
insights`` are each written once in a paper, where a term of art comes back (``deep learning``
1.38 times a paper that writes it, ``negative samples`` 1.35). So the same measure is taken of
the phrases too: a common adjective is also loose when the two-word phrases it starts (with a
content word second, each phrase written by at least :data:`MIN_PHRASE_PAPERS` papers) occur
at most :data:`MAX_PHRASE_BURST` times per paper on average (``theoretical`` 1.03,
``efficient`` 1.03, against ``deep`` 1.32 and ``robust`` 1.23). A word is judged so only when
it starts at least :data:`MIN_PHRASES` such phrases: a filler modifies whatever the paper is
about, while an adjective that classifies (``self-attention mechanism``, ``scientific
applications``, ``hybrid approach``) starts a few phrases of its own field.

A *name* is a phrase that starts with a loose modifier yet is one idea: the modifier belongs to
it (``maximum likelihood estimation``, ``standard deviation``, ``common sense``). It is a
phrase the corpus writes at least :data:`MIN_COUNT` times whose rest (the phrase less its first
word) is seldom written without the modifier: at least :data:`MIN_SHARE` of the rest's
:data:`MIN_REST` or more occurrences have the modifier before it. A phrase with a stopword is
no name. A two-word phrase that the papers writing it repeat (at least
:data:`MIN_NAME_PAPERS` papers, :data:`MIN_NAME_BURST` times a paper or more:
``efficient exploration``) is a name by the burstiness measure itself, and so is a phrase
the corpus writes hyphenated (``first-order``, ``few-shot``, ``real-time``), as the text's
hyphenated word keeps its first part.

A *term participle* is a past participle that opens a term (``federated learning``,
``masked autoencoders``, ``distributed training``) rather than saying what was done to a thing
(``extracted features``, ``presented model``, ``required evaluations``): the tagger reads it as a
participle modifying a noun (after a determiner, preposition or verb, not after a subject or
an auxiliary) at least :data:`MIN_SEEN` times, and a paper writing it comes back to it by the
measure above (``federated`` and ``masked`` do; ``extracted`` and ``desired`` are written once
here and once there), or, where fewer than :data:`MIN_PAPERS` papers write it, it is no
everyday English word (a word of the field, ``rectified``).

The corpus is the ICLR 2021 and 2025 titles and abstracts in ``../shared/data`` (never ICLR
2024, which the quality benchmark scores). Only counts leave it: the file lists words and
phrases, no text. Run from the project root: ``PYTHONPATH=. python scripts/build_modifier_table.py``
(``--check`` compares instead of writing).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from domain_corpus import build_table, texts

from loaders.extraction import (
    MODIFIER_TABLE,
    STOPWORDS,
    Document,
    KeyBertExtractor,
    attributive_participle,
)

MIN_ZIPF = 3.8
MAX_BURST = 1.2
MIN_PAPERS = 50
MIN_SEEN = 10
MIN_SUBJECTIVITY = 0.8
MIN_COUNT = 3
MIN_SHARE = 0.25
MIN_REST = 8
MAX_WORDS = 4
MIN_PHRASE_PAPERS = 5
MIN_PHRASES = 5
MAX_PHRASE_BURST = 1.1
MIN_NAME_PAPERS = 10
MIN_NAME_BURST = 1.2
_TOKEN = re.compile(r"[a-z][a-z0-9\-]*|[^\sa-z0-9\-]")


def adjectives(data: Path) -> tuple[set[str], set[str]]:
    """Words the shipped tagger tags as adjectives in at least half of their occurrences in
    the corpus, or in at least half of those before a noun (``potential`` is mostly a noun,
    ``the potential of``, but an adjective where it modifies: ``potential risks``), and
    hyphenated compounds (``state-of-the-art``, tagged by their last part); and, apart, the
    past participles it reads modifying a noun at least :data:`MIN_SEEN` times (``for
    federated learning``: see ``attributive_participle``)."""
    tagged: Counter[str] = Counter()
    adjective: Counter[str] = Counter()
    modifying: Counter[str] = Counter()
    modifying_adjective: Counter[str] = Counter()
    attributive: Counter[str] = Counter()
    extractor = KeyBertExtractor()
    documents = [Document(text=text) for text in texts(data)]
    for start in range(0, len(documents), 256):
        for paper in extractor.tag(documents[start : start + 256]):
            units = paper.units
            for i, (unit, after) in enumerate(zip(units, [*units[1:], None])):
                tagged[unit.text] += 1
                adjective[unit.text] += unit.pos == "ADJ"
                if after is not None and after.pos in ("NOUN", "PROPN"):
                    modifying[unit.text] += 1
                    modifying_adjective[unit.text] += unit.pos == "ADJ"
                    attributive[unit.text] += attributive_participle(units, i)
    participles = {w for w in tagged if attributive[w] >= MIN_SEEN}
    modifiers = {
        w
        for w, n in tagged.items()
        if "-" in w or adjective[w] >= n / 2 or modifying_adjective[w] > modifying[w] / 2
    }
    return modifiers, participles


def subjective_words() -> set[str]:
    """Adjectives TextBlob's lexicon rates at least :data:`MIN_SUBJECTIVITY` subjective."""
    from textblob.en import sentiment

    sentiment.load()
    return {
        word
        for word, senses in sentiment.items()
        if "JJ" in senses and senses["JJ"][1] >= MIN_SUBJECTIVITY
    }


def build(data: Path) -> dict[str, object]:
    from wordfreq import zipf_frequency

    papers: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    grams: Counter[str] = Counter()
    gram_papers: Counter[str] = Counter()
    modifiers, participles = adjectives(data)
    total = 0
    for text in texts(data):
        total += 1
        tokens = _TOKEN.findall(text)
        words = Counter(t for t in tokens if t[0].isalpha())
        counts.update(words)
        papers.update(words.keys())
        paper_grams: Counter[str] = Counter()
        for n in range(1, MAX_WORDS + 1):
            for i in range(len(tokens) - n + 1):
                gram = tokens[i : i + n]
                if all(t[0].isalpha() for t in gram):
                    paper_grams[" ".join(gram)] += 1
        grams.update(paper_grams)
        gram_papers.update(g for g in paper_grams if g.count(" ") == 1)
    everyday = {w for w in modifiers if zipf_frequency(w, "en") >= MIN_ZIPF}
    common = {w for w in everyday if papers[w] >= MIN_PAPERS}
    phrases = _two_word_phrases(gram_papers, common | participles)
    rare = {w for w in everyday & subjective_words() if MIN_SEEN <= papers[w] < MIN_PAPERS}

    def spread(word: str) -> bool:  # used without coming back (see the module docstring)
        bursts = _burst(phrases.get(word, []), grams, gram_papers)
        return counts[word] / papers[word] <= MAX_BURST or bursts <= MAX_PHRASE_BURST

    loose = sorted(
        {w for w in common if spread(w)} | {w for w in rare if counts[w] / papers[w] <= MAX_BURST}
    )
    loose_set = set(loose)
    names = sorted(
        {
            gram
            for gram, count in grams.items()
            if _is_name(gram, count, loose_set, grams, gram_papers)
        }
        | set(_hyphenated_names(counts, loose_set))
    )
    return {
        "about": "generated by scripts/build_modifier_table.py from "
        f"{total} ICLR 2021 and 2025 abstracts; do not edit",
        "loose": loose,
        "names": names,
        "terms": sorted(
            w
            for w in participles
            if w.isalpha()
            and (not spread(w) if papers[w] >= MIN_PAPERS else zipf_frequency(w, "en") < MIN_ZIPF)
        ),
    }


def _is_name(
    gram: str, count: int, loose: set[str], grams: Counter[str], gram_papers: Counter[str]
) -> bool:
    """Whether a phrase of the corpus starting with a loose word is a name (see the module
    docstring): its rest is seldom written without the word, or its papers repeat it."""
    if count < MIN_COUNT or " " not in gram or STOPWORDS.intersection(gram.split()):
        return False  # a name is a noun phrase
    first, rest = gram.split(" ", 1)
    if first not in loose:
        return False
    shared = grams[rest] >= MIN_REST and count / grams[rest] >= MIN_SHARE
    written = gram_papers[gram]
    repeated = written >= MIN_NAME_PAPERS and count / written >= MIN_NAME_BURST
    return shared or repeated


def _hyphenated_names(counts: Counter[str], loose: set[str]) -> Iterator[str]:
    """``first order`` from ``first-order``: a loose word the corpus joins to the next by a
    hyphen at least :data:`MIN_COUNT` times belongs to it, as the text's ``first-order`` unit
    keeps it, unless the hyphenated word is loose itself (``high-quality``)."""
    for token, count in counts.items():
        parts = token.split("-")
        if len(parts) != 2 or not all(p.isalpha() for p in parts):
            continue
        if parts[0] in loose and token not in loose and count >= MIN_COUNT:
            yield " ".join(parts)


def _two_word_phrases(gram_papers: Counter[str], starts: set[str]) -> dict[str, list[str]]:
    """The two-word phrases each word of ``starts`` begins, with a content word second, that at
    least :data:`MIN_PHRASE_PAPERS` papers write."""
    found: dict[str, list[str]] = {}
    for gram, df in gram_papers.items():
        first, second = gram.split(" ")
        if first in starts and df >= MIN_PHRASE_PAPERS and second not in STOPWORDS:
            found.setdefault(first, []).append(gram)
    return found


def _burst(phrases: list[str], grams: Counter[str], gram_papers: Counter[str]) -> float:
    """How many times a paper writing one of ``phrases`` writes it, on average; infinite for
    fewer than :data:`MIN_PHRASES` phrases, too few to judge the word by."""
    if len(phrases) < MIN_PHRASES:
        return float("inf")
    written = sum(gram_papers[g] for g in phrases)
    return sum(grams[g] for g in phrases) / written


def main() -> None:
    build_table(build, MODIFIER_TABLE, description=__doc__)


if __name__ == "__main__":
    main()
