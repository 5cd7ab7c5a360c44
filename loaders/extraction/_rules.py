"""The ids of the rules a decision record cites, each with what it means (see :mod:`._trace`).

A test checks that every id a stage records is here and that every id here is cited by a stage.
"""

from __future__ import annotations

__all__ = ["RULES"]

RULES: dict[str, str] = {
    # define, known-acronyms
    "acronym.defined-concept": "the paper defines this acronym as a concept's long form",
    "acronym.defined-method-name": "the paper defines this acronym as a method's name",
    "acronym.registry-expansion": "an acronym in the long form expanded as other papers define it",
    # candidates
    "chunk.whole-phrase": "the paper writes this as a whole noun phrase",
    "chunk.inner-phrase": "a well-formed phrase inside a longer noun phrase",
    "key.merged-wordings": "several wordings normalise to one key",
    "key.normalised": "keyed singular, American, lowercase, hyphens as spaces",
    "acronym.expanded": "an acronym in the phrase replaced by its expansion",
    # not-concepts
    "concept.filler": "an evaluative modifier on a vague head (slow inference, hidden cost)",
    "concept.report": "reports on the research, naming no subject (generalization capabilities)",
    "concept.verb-form": "holds a word English writes only as a verb (mitigates numerical issues)",
    "concept.beside-verb": "a noun phrase the paper writes whole beside a verb read as a noun",
    # methods
    "method.defined-acronym": "an acronym the paper defines as a method name",
    "method.emphasised": "typeset for emphasis (\\texttt, **bold**)",
    "method.named-after-trigger": "written after termed, dubbed, called, we call",
    "method.title-named": "heads the title and the body introduces it, word for word",
    "method.capitals-run": "words in capitals ending in an English word",
    "method.capitalised-name": "capitalised words the paper introduces, before what they are",
    "method.name-shape": "a coined token (inner capital, digits) or an acronym",
    "method.aliases": "spellings and long forms of the same name merged",
    "method.homonym-sense": "a coined name that spells an English word keyed with its long form",
    "method.used": "no cue says the paper introduces it",
    "proposed.title-head": "heads the title before its colon",
    "proposed.after-our": "follows our",
    "proposed.proposing-clause": "in the object of we propose, introduce, present",
    "proposed.emphasised": "typeset for emphasis by the authors",
    "proposed.named-after-trigger": "named by the authors (termed, we call)",
    "proposed.naming-cue": "another naming cue of the paper",
    "proposed.long-form-acronym": "the acronym the long form in a proposing clause defines",
    "proposed.appositive-setting": "first named in the appositive describing another proposed "
    "name: its setting or technique, used",
    "proposed.listed-before": "first listed among other names the paper compares, used",
    "proposed.existing-term": "emphasised as a term in use (so-called, or in the opening "
    "before the paper speaks of itself), used",
    # kinds
    "kind.bench-name": "the name ends in bench",
    "kind.eval-name": "the name ends in Eval (HumanEval): a benchmark",
    "kind.model-family": "a used name of a well-known model family (GPT-4): a model",
    "kind.noun-beside": "the noun beside the name says what it is (X dataset, a method, X)",
    "kind.list-head": "the list it stands in says (LLMs such as X)",
    "kind.measured-by": "the words before it say a metric (measured by X, in terms of X)",
    "kind.size-or-family": "a size suffix (OPT-13B) or a well-known model family",
    "kind.reported-on": "results are reported on it (a FID of 2.07 on X)",
    "kind.score-head": "followed by score: a metric",
    "kind.long-form-head": "the head noun of its long form",
    "kind.no-cue": "no cue in the text says what it is",
    "kind.proposed-default": "introduced by the paper and no cue says otherwise: a method",
    "kind.from-variant": "takes the kind of its named variant or base",
    # variants
    "variant.base-of-named-variant": "named only inside its variant (OPT in OPT-13B)",
    "variant.base-not-proposed": "the base a variant varies is not the paper's own",
    "variant.text-cue": "the text says so (extends X, builds on X, a variant of X)",
    "variant.name-structure": "its name is the base's with a prefix or size",
    "variant.long-form": "its long form ends with the base's name",
    # not-methods
    "concept.not-a-method": "the phrase neither names nor restates a method of the paper",
    "concept.is-method-name": "the phrase is one of the paper's method names",
    "concept.holds-organisation": "the phrase holds an organisation's name",
    "concept.restates-method": "the phrase restates a method (ends in it, or a vague head after it)",
    # established
    "phrase.written-whole": "the paper writes it whole",
    "phrase.established": "an inner phrase enough papers read so far write whole",
    "phrase.not-established": "an inner phrase too few papers write whole",
    "phrase.modifier-only": "the paper only writes it before another word",
    # scoring
    "score": "KeyBERT similarity to the paper, plus a bonus when the paper introduces it",
    "rank.top-n": "among the top n by relevance, diverse by MMR",
    "rank.mmr-diversity": "relevant enough, but too close to or nested in a concept picked before",
    "rank.below-top-n": "less relevant than the lowest concept kept",
    # author keywords
    "keyword.author": "an author's keyword",
    "keyword.no-clean-phrase": "nothing is left once markup and lone letters go",
    "keyword.vague": "a vague word once the loose first word goes",
    "keyword.key-present": "its key is already a concept or method of the paper",
    # crowded-out, assemble
    "nested.crowded-out": "nested variants of one idea take one slot",
    "output.concept": "a concept of the paper",
    "output.proposes": "a method the paper proposes",
    "output.uses": "a method the paper uses",
}
