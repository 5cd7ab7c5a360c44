"""The production extractor: spaCy POS chunks ranked by KeyBERT over all-MiniLM-L6-v2 (or, in
fast mode, over a static model distilled from it)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from loaders.markup import WORD_MACROS, strip_markup
from papergraph.errors import ExtractionError

from ._analysis import Analysis, Definitions, Prepared
from ._candidates import Candidate, Expander, KnownPhrases, expand_words
from ._capitals import lowercase_acronym
from ._embedding import EncoderBackend, PhraseCache
from ._methods import MethodCandidate
from ._models import (
    MINILM_DIMENSIONS,
    load_minilm,
    load_static_model,
    load_tagger,
    models_home,
    prepare_models,
)
from ._modifiers import loose_start
from ._normalise import (
    GENERIC_HEADS,
    STOPWORDS,
    combining_prefix,
    concept_key,
    is_acronym,
    singular,
)
from ._ranking import PhraseEmbedder, Signals, Weights
from ._registry import AcronymRegistry, acronym_form
from ._senses import sense_key
from ._stages import Context, Paper, run_stages
from ._tagging import Unit, units_from_doc
from ._trace import NO_RECORDER, Decision, Recorder, TraceRecorder
from ._types import ConceptHit, Document, Extraction, MethodHit

__all__ = ["KeyBertExtractor", "Tagged", "extractor_version"]

_TAG_BATCH = 64
#: What introducing a method adds to its score: a paper's own method outranks one it uses.
_PROPOSED_BONUS = 0.1


_DEFAULT_WEIGHTS = Weights()
#: Where a sentence ends.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
#: Where an author's keyword runs two together: a sentence or list break after a word.
_KEYWORD_BREAK = re.compile(r"(?<=[a-z]{2})[.;,]\s+")
#: Where a compound may be written apart or hyphenated.
_SEAMS = re.compile(r"[\s-]+")
#: A keyword's closing parenthesis, the acronym the authors gave it (``Large Language Models
#: (LLMs)``, ``Vision Question Answering Natural Language Explanation (VQA-NLE)``).
_KEYWORD_ACRONYM = re.compile(r"\s*\(([^()\s]+)\)\s*$")
#: A keyword holding LaTeX maths.
_MATHS = re.compile(r"[$\\]")
#: Greek letters, which the markup spells as words (``$\epsilon$`` is ``epsilon``).
_GREEK = frozenset(name.lower() for name, word in WORD_MACROS.items() if name == word)


def extractor_version(*, fast: bool) -> str:
    """Stored on every edge: a load with another version or mode re-extracts the paper."""
    return "kb-np-42-fast" if fast else "kb-np-42"


class Rankers(NamedTuple):
    """The loaded ranking models: ``documents`` embeds each paper for ranking its phrases in
    the fast mode (the static model), ``phrases`` ranks candidates against ``ranking``-space
    document vectors, and ``papers`` embeds each paper for storage and search (MiniLM in both
    modes, so papers loaded in either mode share one vector space with the search queries)."""

    documents: PhraseEmbedder
    phrases: PhraseEmbedder
    keybert: Any
    papers: PhraseEmbedder


class Tagged(NamedTuple):
    """A document after the first stage (:meth:`KeyBertExtractor.tag`)."""

    prepared: Prepared
    units: list[Unit]
    defined: Definitions


class KeyBertExtractor:
    """Concepts and methods from abstracts; see the package docstring for the pipeline.

    Models load on first use, not in the constructor. Not safe to call from several threads
    at once; use one instance per worker.
    """

    dimensions = MINILM_DIMENSIONS

    def __init__(
        self,
        *,
        top_n: int = 10,
        model_dir: Path | None = None,
        acronyms: AcronymRegistry | None = None,
        fast: bool = False,
        device: str = "auto",
        threads: int = 0,
        weights: Weights = _DEFAULT_WEIGHTS,
    ) -> None:
        self.top_n = top_n
        self.acronyms = acronyms if acronyms is not None else AcronymRegistry()
        #: whole phrases of the papers read so far; see :mod:`._candidates`
        self.phrases = KnownPhrases()
        #: set by :meth:`forget`: what the input teaches is learnt ahead, not batch by batch
        self._ahead = False
        self.model_dir = model_dir
        self.fast = fast
        #: where the MiniLM passes run: ``auto``, ``cpu`` or ``cuda`` (see :mod:`._device`)
        self.device = device
        #: the CPU threads of each MiniLM pass (0: one per core)
        self.threads = threads
        self.version = extractor_version(fast=fast)
        self._weights = weights
        self._tagger: Any = None
        self._rankers: Rankers | None = None
        self._papers: PhraseEmbedder | None = None

    def extract(self, docs: Sequence[Document]) -> list[Extraction]:
        """Extract concepts, proposed and used methods and an embedding for each document."""
        return self.rank(docs, self.tag(docs))

    def explain(self, docs: Sequence[Document]) -> list[tuple[Extraction, tuple[Decision, ...]]]:
        """Extract as :meth:`extract` does (the very same output) and return, with each
        document's extraction, every decision the stages made about its candidates."""
        recorder = TraceRecorder()
        found = self.rank(docs, self.tag(docs, recorder=recorder), recorder=recorder)
        return [(f, recorder.for_paper(i)) for i, f in enumerate(found)]

    def tag(self, docs: Sequence[Document], *, recorder: Recorder = NO_RECORDER) -> list[Tagged]:
        """First stages: clean, POS-tag and find what each document defines (no registry, no
        embedding model needed)."""
        from ._pipeline import TAG  # here: the score stages import this module's helpers

        papers = [Paper(i, d) for i, d in enumerate(docs)]
        run_stages(TAG, papers, self._context(recorder))
        return [Tagged(p.prepared, p.units, p.defined) for p in papers]

    def rank(
        self,
        docs: Sequence[Document],
        tagged: Sequence[Tagged],
        *,
        recorder: Recorder = NO_RECORDER,
    ) -> list[Extraction]:
        """Later stages: resolve acronyms, collect candidates and rank them with KeyBERT.

        Every definition of the batch is learnt before any document is analysed, so an
        acronym defined anywhere in the batch resolves everywhere in it; likewise every whole
        phrase of the batch is learnt before any paper's inner phrases are kept or dropped.
        """
        if not docs:
            return []
        analyses = self.analyse(tagged, recorder=recorder)
        return self.score(docs, tagged, analyses, recorder=recorder)

    def analyse(
        self, tagged: Sequence[Tagged], *, recorder: Recorder = NO_RECORDER
    ) -> list[Analysis]:
        """Between the model stages, model-free and in batch order: learn the batch's
        definitions and whole phrases, then collect each document's candidates and methods.
        The only stages that read or change what earlier batches taught (acronyms,
        established phrases). After :meth:`forget`, they read what :meth:`learn` taught and
        learn nothing."""
        from ._pipeline import analyse_stages

        papers = _papers(tagged)
        run_stages(
            analyse_stages(fast=self.fast),
            papers,
            self._context(recorder, learning=not self._ahead),
        )
        return [p.analysis for p in papers]

    def forget(self) -> None:
        """Start learning a new input ahead of extracting it: forget every acronym and phrase
        learnt so far, and stop learning from the batches extracted from now on."""
        self.acronyms.clear()
        self.phrases = KnownPhrases()
        self._ahead = True

    def learn(self, tagged: Sequence[Tagged]) -> None:
        """Learn, one document after the other, what these tagged documents of the input
        define and write whole; any cut of the input into batches teaches the same."""
        from ._pipeline import learn_stages

        context = self._context(NO_RECORDER, learning=True)
        for paper in _papers(tagged):
            run_stages(learn_stages(fast=self.fast), [paper], context)

    def learn_ahead(
        self, batches: Iterable[Sequence[Document]], *, known: Sequence[tuple[str, str]] = ()
    ) -> None:
        """Learn a whole input before extracting any of it (see :class:`LearnsAhead`)."""
        self.forget()
        for docs in batches:
            self.learn(self.tag(docs))
        for acronym, key in known:
            self.acronyms.learn(acronym, key)

    def score(
        self,
        docs: Sequence[Document],
        tagged: Sequence[Tagged],
        analyses: Sequence[Analysis],
        *,
        recorder: Recorder = NO_RECORDER,
    ) -> list[Extraction]:
        """Last stages: embed and rank the analysed candidates (the models' work; they read
        the registry, for author keywords and aliases, but change nothing)."""
        from ._pipeline import score_stages

        if not docs:
            return []
        papers = _papers(tagged, docs)
        for paper, analysis in zip(papers, analyses):
            paper.analysis = analysis
        run_stages(score_stages(fast=self.fast), papers, self._context(recorder))
        return [p.extraction for p in papers]

    def _context(self, recorder: Recorder, *, learning: bool = False) -> Context:
        return Context(
            acronyms=self.acronyms,
            phrases=self.phrases,
            learning=learning,
            top_n=self.top_n,
            weights=self._weights,
            tag=self._tag_texts,
            rankers=self._load_rankers,
            recorder=recorder,
        )

    def load(self, *, tagger: bool = True, rankers: bool = True) -> None:
        """Load the models now rather than on the first call."""
        if tagger:
            self._load_tagger()
        if rankers:
            self._load_rankers()

    def embed(self, texts: Sequence[str]) -> list[tuple[float, ...]]:
        """Embed query texts in the space of the papers' stored vectors (MiniLM alone: no
        KeyBERT, tagger or static model is loaded for it)."""
        if self._papers is None:
            self._papers = PhraseEmbedder(
                load_minilm(self.model_dir, device=self.device, threads=self.threads)
            )
        vectors = self._papers.documents([strip_markup(t) for t in texts])
        return [tuple(v.tolist()) for v in vectors]

    def _load_tagger(self) -> Any:
        if self._tagger is None:
            self._tagger = load_tagger()
        return self._tagger

    def _load_rankers(self) -> Rankers:
        if self._rankers is None:
            try:
                from keybert import KeyBERT
            except ImportError as e:
                raise ExtractionError(
                    "KeyBERT is missing. Install it with: pip install keybert"
                ) from e
            prepare_models(self.model_dir, fast=self.fast)  # a first run exports MiniLM
            static = load_static_model()
            documents = PhraseEmbedder(static)
            minilm = load_minilm(self.model_dir, device=self.device, threads=self.threads)
            if self.fast:
                papers = self._papers or PhraseEmbedder(minilm)
                self._rankers = Rankers(documents, documents, KeyBERT(model=static), papers)
            else:
                cache = PhraseCache(
                    models_home(self.model_dir) / f"phrases-{minilm.name}.sqlite", dim=minilm.dim
                )
                phrases = PhraseEmbedder(minilm, disk=cache)
                keybert = KeyBERT(model=EncoderBackend(minilm))
                self._rankers = Rankers(documents, phrases, keybert, phrases)
            self._papers = self._rankers.papers
        return self._rankers

    def _tag_texts(self, texts: list[str]) -> list[list[Unit]]:
        nlp = self._load_tagger()
        try:
            return [units_from_doc(d) for d in nlp.pipe(texts, batch_size=_TAG_BATCH)]
        except Exception as e:  # spaCy raises many types
            raise ExtractionError(
                f"POS tagging failed ({e}); check that spaCy and its model are intact."
            ) from e


def _papers(tagged: Sequence[Tagged], docs: Sequence[Document] | None = None) -> list[Paper]:
    """Paper states picking up where the tagging stages left them."""
    papers = []
    for i, t in enumerate(tagged):
        paper = Paper(i, docs[i] if docs is not None else None)
        paper.prepared, paper.units, paper.defined = t
        papers.append(paper)
    return papers


def _signals(candidate: Candidate) -> Signals:
    return Signals(candidate.in_title, candidate.count, candidate.whole)


def _concept_hit(
    candidate: Candidate, score: float, acronyms: dict[str, str], names: dict[str, str]
) -> ConceptHit:
    """A KeyBERT concept; acronym-only surfaces (``GNNs``) show the expansion as the name, as
    the paper writes it where it defines the acronym, else as its key; an acronym nobody
    spells out shows in the case the paper writes it (``ILfO``, ``GNN``), while its key is
    case-folded."""
    spelled = [s for s in candidate.surfaces if not is_acronym(s)]
    name = Candidate(candidate.key, spelled).name if spelled else names.get(candidate.key)
    if name is None:
        cased = [*map(acronym_form, candidate.surfaces), *candidate.surfaces]
        name = next((s for s in cased if s.lower() == candidate.key), None)
    extra = [a for a, k in acronyms.items() if k == candidate.key]
    aliases = tuple(dict.fromkeys([*candidate.surfaces, *extra]))
    return ConceptHit(candidate.key, name or candidate.key, round(score, 4), aliases, "keybert")


def _author_concepts(
    keywords: Sequence[str], analysis: Analysis, registry: AcronymRegistry, taken: set[str]
) -> list[ConceptHit]:
    """Author keywords as concepts with source ``author``, skipping keys already present. Each
    is cleaned first (:func:`_keyword_phrases`); its acronyms are expanded as the text's are
    (``AI alignment``, ``Conditional GANs``, ``Embodied-AI``), so a keyword and the text's
    phrase for it are one concept. A keyword the text writes takes the text's key: read alone,
    its last word's number is a guess (``Kmeans``, ``lpips`` are no plurals). So does one the
    text writes apart or hyphenated (``spacegroup`` where the text has ``space group``,
    ``Rematerialization`` where it has ``re-materialization``): a closed spelling English does
    not have would otherwise be a second concept."""
    written: dict[str, str] = {}
    apart: dict[str, str] = {}
    for key, candidate in analysis.candidates.items():
        for surface in candidate.surfaces:
            written.setdefault(surface.lower(), key)
            apart.setdefault(_closed(surface), key)
    hits = []
    for phrase in (w for keyword in keywords for w in _keyword_phrases(keyword)):
        words = _without_loose_start(phrase)
        if not words:
            continue
        cased = [_acronym_cased(w, analysis, registry) for w in words]
        text = " ".join(words)
        key = (
            written.get(text.lower())
            or apart.get(_closed(text))
            or concept_key(expand_words(cased, _resolver(analysis, registry)), plural_head=True)
        )
        if key and key not in taken:
            taken.add(key)
            name = _keyword_name(cased, key)
            hits.append(ConceptHit(key, name, 1.0, (" ".join(phrase),), "author"))
    return hits


def _keyword_name(words: list[str], key: str) -> str:
    """A keyword's display name: as the authors write it, unless it is an acronym alone that
    the paper or the load spells out (``RL``): then the spelled-out key, as a text concept
    written only as its acronym is named. The first paper's name stays the concept's."""
    if len(words) == 1 and is_acronym(words[0]) and " " in key:
        return key
    return " ".join(words)


def _closed(text: str) -> str:
    """``text`` in lowercase with no spaces or hyphens: ``space group`` meets ``spacegroup``."""
    return _SEAMS.sub("", text.lower())


def _without_loose_start(words: list[str]) -> list[str]:
    """A keyword's words less a loose first word (``Comprehensive urban-scale dataset``), as
    the text's phrases lose theirs; nothing when what is left is a vague lone word."""
    if not loose_start([w.lower() for w in words]):
        return words
    rest = words[1:]
    return [] if len(rest) == 1 and singular(rest[0]).lower() in GENERIC_HEADS else rest


def _keyword_phrases(keyword: str) -> list[list[str]]:
    """The words of the clean phrases in an author keyword. Markup is removed; a sentence
    break splits two keywords run together (``optimization. fishleg optimization``); the
    acronym a keyword closes with goes (``Large Language Models (LLMs)``); in a
    keyword holding maths a Greek letter standing alone is a variable and is dropped
    (``privacy budget $\\epsilon$``); a phrase with a letter standing alone is skipped, as a
    text phrase is (``double Q``, ``Shalom H Schwartz``)."""
    maths = bool(_MATHS.search(keyword))
    phrases = [_without_acronym(p).split() for p in _KEYWORD_BREAK.split(strip_markup(keyword))]
    phrases = [[w for w in p if not (maths and w.lower() in _GREEK)] for p in phrases]
    return [p for p in phrases if p and not any(_lone_letter(w) for w in p)]


def _without_acronym(phrase: str) -> str:
    """``phrase`` less a closing ``(ACRONYM)``: the keyword names the long form's idea, which
    the text's phrase and other papers' keywords name without it."""
    found = _KEYWORD_ACRONYM.search(phrase)
    if found and all(is_acronym(part) for part in found.group(1).split("-")):
        return phrase[: found.start()]
    return phrase


def _lone_letter(word: str) -> bool:
    return len(word) == 1 and word.isalpha() and word != "a"


def _acronym_cased(word: str, analysis: Analysis, registry: AcronymRegistry) -> str:
    """A keyword written all in lowercase loses its acronyms' capitals (``ai safety``, ``kl
    divergence``); a word that is, in capitals, an acronym this paper's text uses is that
    acronym, and so is one the load knows (``registry``) when the word is no English word
    (``kl``, ``nlp``, ``rl``) or one the domain writes in capitals (``ai``). Else it stays a
    word: ``us``, ``map`` or ``art`` elsewhere, and so does a combining prefix (the ``re`` of
    ``re-weighting``). Each part of a hyphenated word is read so (``human-ai``)."""
    if not word.islower() or word in STOPWORDS or combining_prefix(word):
        return word
    if "-" in word:
        return "-".join(_acronym_cased(part, analysis, registry) for part in word.split("-"))
    forms = {a.lower(): a for a in analysis.acronyms}
    single = word[:-1] if word.endswith("s") else ""
    if word in forms:
        return forms[word]
    if single in forms:
        return forms[single] + "s"
    if not word.isalpha() or not lowercase_acronym(word):
        return word
    if registry.resolve(word.upper()):
        return word.upper()
    return single.upper() + "s" if single and registry.resolve(single.upper()) else word


def _resolver(analysis: Analysis, registry: AcronymRegistry) -> Expander:
    """An acronym's expansion words: this paper's, else the registry's, never for one the paper
    defines as a method name (``All-Seeing (AS)`` makes its ``AS-1B`` no variant of another
    paper's ``abstractive summarization (AS)``)."""
    own = {d.acronym for d in analysis.defined.methods}

    def expand(word: str) -> list[str] | None:
        form = acronym_form(word)
        if form in own:
            return None
        expansion = analysis.acronyms.get(form) or registry.resolve(word)
        return expansion.split() if expansion else None

    return expand


def _phrase(method: MethodCandidate) -> str:
    """What KeyBERT embeds for a method: its name and, when known, its spelled-out form."""
    return f"{method.name} {method.aliases[0]}" if method.aliases else method.name


def _expansion_keys(
    method: MethodCandidate, analysis: Analysis, registry: AcronymRegistry
) -> tuple[str, ...]:
    """The concept keys of the forms that spell ``method`` out, keyed as a concept's words are
    (acronyms expanded: ``Boosted LSTM`` is ``boosted long shortterm memory``; hyphens as spaces:
    ``blow-up`` beside ``BlowUp``). A lone acronym is expanded only when the method has no long
    form of its own: ``TAM`` spelled out as ``Temporal correlation Aware Modeling`` is not the
    registry's ``Task-level Attention Module``."""
    forms = [method.name, *method.aliases]
    spelled = any(not is_acronym(acronym_form(f)) for f in forms)
    keys = [
        concept_key(words, plural_head=True)
        for form in forms
        if not (spelled and is_acronym(acronym_form(form)))
        for words in [expand_words(form.split(), _resolver(analysis, registry))]
        if words
    ]
    return tuple(k for k in dict.fromkeys(keys) if k and k != method.key)


def _method_hit(
    method: MethodCandidate, similarity: float, expansion_keys: tuple[str, ...] = ()
) -> MethodHit:
    """A method's score is its KeyBERT similarity, on the concepts' scale so that one paper's
    concepts and methods rank against each other (and weigh alike in related papers), plus
    :data:`_PROPOSED_BONUS` when the paper introduces it."""
    score = similarity + (_PROPOSED_BONUS if method.proposed else 0.0)
    return MethodHit(
        sense_key(method),
        method.name,
        round(min(max(score, 0.0), 1.0), 4),
        tuple(method.aliases),
        kind=method.kind,
        kind_cue=method.kind_cue,
        variant_of=method.variant_of,
        variant_phrase=method.variant_phrase,
        variant_cue=method.variant_cue,
        expansion_keys=expansion_keys,
    )


def _best_first(hits: list[MethodHit]) -> tuple[MethodHit, ...]:
    return tuple(sorted(hits, key=lambda h: -h.score))


def _main_first(hits: list[MethodHit], doc: Document) -> tuple[MethodHit, ...]:
    """A paper's own methods, its main contribution first (it labels an untitled paper): the
    one the most sentences name, by name or alias, then the one named first. Closeness to the
    abstract does not tell: a part (``Spatial-wise Dynamic Token (SDT) strategy``) can read
    closer to it than the architecture it belongs to (``DyDiT``), which the authors name again
    where they sum up."""
    sentences = _SENTENCE_END.split(doc.text)
    if doc.title:
        sentences.insert(0, doc.title)

    def naming(hit: MethodHit) -> tuple[int, int]:
        forms = "|".join(map(re.escape, {hit.name, *hit.aliases}))
        form = re.compile(rf"(?<![\w-])(?:{forms})s?(?![\w-])")
        found = [i for i, sentence in enumerate(sentences) if form.search(sentence)]
        return (-len(found), found[0] if found else len(sentences))

    return tuple(sorted(_best_first(hits), key=naming))
