"""What each method name names (its *kind*) and which name it varies (its *lineage*).

Kinds are ``method``, ``model``, ``dataset``, ``benchmark``, ``metric`` and ``tool``. The text
says which, strongest cue first:

1. the name's shape: ``Cybench``, ``MMLU-Bench``, ``NAS-Bench-101``, ``HumanEval`` are
   benchmarks; a used name of a well-known model family (``GPT-4``, ``Llama-2``) is a model
   whatever its neighbours say (``LLM-based (GPT-4) modules``);
2. the noun the paper puts beside it: ``Mirage, a synthetic dataset``, ``a practical method,
   Tok-RAG``, ``the DyDiT architecture``, ``Diffusion Transformer (DiT), an emerging diffusion
   model``, the head of its spelled-out form (``generative flow networks``); a framework *for
   evaluating* something is a benchmark;
3. the list it stands in: ``LLMs such as OPT, LLaMA-2``, ``8 models: GPT-4o, ...``;
   the words before it: ``as measured by ROUGE-L``, ``in terms of FID`` (a metric);
4. a size suffix (``OPT-13B``, ``DiT-XL``) or a well-known model family (``GPT-4``);
5. where results are reported: ``a FID of 2.07 on ImageNet``, ``trained on X``.

A name the paper introduces is a ``method`` unless a cue says otherwise. A used name no cue
types has no kind (``None``): the store links it only to a method the graph already knows.
A name beside ``task``, ``team``, ``company`` … names no method and is dropped.

Lineage (``VARIANT_OF``) comes from name structure (``SD-LoRA`` → ``LoRA``, ``OPT-13B`` →
``OPT``, ``DiT-XL`` → ``DiT``, ``Conservative Offline GFlowNet (COFlowNet)`` → ``GFlowNet``,
``Dynamic Diffusion Transformer (DyDiT)`` → ``Diffusion Transformer (DiT)``) and from the text
(``X extends Y``, ``builds on Y``, ``a variant of Y``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ._methods import MethodCandidate, spelling_key
from ._normalise import method_key, singular
from ._not_methods import is_not_method
from ._tagging import Unit

__all__ = ["KINDS", "assign_kinds", "evaluated_on", "kind_cue", "link_variants", "occurrences"]

KINDS = ("method", "model", "dataset", "benchmark", "metric", "tool")
#: The noun beside a name says what it names.
_HEAD_KINDS = {
    **dict.fromkeys(["dataset", "corpus", "database"], "dataset"),
    **dict.fromkeys(["benchmark", "suite", "leaderboard", "testbed"], "benchmark"),
    **dict.fromkeys(["metric", "score", "measure"], "metric"),
    **dict.fromkeys(
        ["library", "toolkit", "toolbox", "package", "tool", "platform", "simulator", "software"],
        "tool",
    ),
    **dict.fromkeys(
        [
            "model",
            "llm",
            "lm",
            "vlm",
            "network",
            "architecture",
            "transformer",
            "encoder",
            "decoder",
            "backbone",
            "checkpoint",
        ],
        "model",
    ),
    **dict.fromkeys(
        [
            "method",
            "algorithm",
            "approach",
            "technique",
            "framework",
            "strategy",
            "loss",
            "optimizer",
            "pipeline",
            "procedure",
            "scheme",
            "mechanism",
            "module",
            "regularizer",
            "sampler",
            "sampling",
            "attack",
            "defense",
            "assumption",
            "compression",
            "solution",
            "paradigm",
            "objective",
            "layer",
            "estimator",
        ],
        "method",
    ),
}
#: Heads that say what the compound measures, not what the name is: ``FID score`` names a
#: metric, but ``GPT-4 scores`` are scores a model gives and ``MMLU score`` one on a benchmark,
#: so this cue counts only when no other cue types the name.
_SCORED_HEADS = frozenset(["score"])
#: Nouns beside a name that make it something other than a method: ``VQA tasks``.
_NOT_A_METHOD = frozenset(
    [
        "task",
        "problem",
        "setting",
        "community",
        "team",
        "company",
        "lab",
        "competition",
        "chip",
        "gpu",
        "hardware",
    ]
)
_DROP = ""  # the kind of a name that names no method
_BENCH = re.compile(r"bench(?:-?\d+)?$", re.IGNORECASE)  # Cybench, NAS-Bench-101
#: A name ending in an evaluation (``HumanEval``, ``AlpacaEval``, ``VideoEval-2``) names what
#: models are evaluated on; written with its capital, as ``Retrieval`` ends in no Eval.
_EVAL = re.compile(r"Eval(?:-?\d+)?$")
#: A sized variant of a name (``OPT-13B``, ``DiT-XL``, ``GPT-4-128K``, ``ImageNet-1K``): its base
#: is what it varies.
_SIZE = re.compile(
    r"^(?P<base>[A-Za-z][\w.]*?(?:-\d+(?:\.\d+)?)?)-(?:\d+x)?"
    r"(?P<size>\d+(?:\.\d+)?[BMKT]|XX?L|XS|[SBLMH]|Base|Large|Small|Tiny|Huge|Giant|Mini)$"
)
#: Thousands count a data set's classes or examples (``ImageNet-1K``) or a model's context
#: (``GPT-4-128K``): such a suffix says nothing of the kind; the other sizes say model.
_THOUSANDS = re.compile(r"^\d+(?:\.\d+)?K$")
_PREFIXED = re.compile(r"^[A-Za-z]{1,5}-(?P<base>[A-Za-z][A-Za-z0-9]*)$")
#: Model families whose members papers name without saying they are models.
_MODEL_FAMILY = re.compile(
    r"^(?:GPT|LLaMA|Llama|Claude|Gemini|Mistral|Mixtral|Qwen|BERT|RoBERTa|T5|OPT|CLIP|ViT|PaLM"
    r"|Vicuna|Falcon|Phi|DeepSeek|BLOOM|Pythia|DALL-E|ResNet|VGG|DenseNet|EfficientNet"
    r"|MobileNet|ConvNeXt)(?:\d[\w.]*)?(?:-[\w.]+)*$"
)
_LIST_MARKERS = frozenset({":", "(", "including", "like", "e.g.", "namely"})
_LIST_STOPS = frozenset({".", ";", "?", "!"})
_REPORTING = (
    "evaluat",
    "experiment",
    "result",
    "test",
    "accuracy",
    "score",
    "perform",
    "achiev",
    "outperform",
    "beat",
    "surpass",
    "validat",
)
_TRAINING = frozenset({"trained", "pretrained", "pre-trained", "fine-tuned", "finetuned"})
#: The words before a metric: ``measured by X``, ``in terms of X``.
_MEASURED = frozenset({("measured", "by"), ("measured", "in"), ("in", "terms", "of")})
_EVALUATED = ("evaluat", "benchmark", "assess", "measur")
_EXTENDS = frozenset({"extends", "extend", "extending", "generalizes", "generalises"})
_VARIANT_NOUNS = frozenset({"variant", "extension", "generalization", "generalisation"})
_BUILDS = frozenset({"builds", "built", "build", "building"})
_LOOK_AHEAD = 8
_LIST_REACH = 30
_CONTEXT_REACH = 10

Span = tuple[int, int]


def occurrences(units: Sequence[Unit], method: MethodCandidate) -> list[Span]:
    """Unit spans ``[start, end)`` where the paper writes ``method`` or one of its aliases."""
    keys = {method.key, *(spelling_key(a) for a in method.aliases)}
    sizes = sorted({len(n.split(" ")) for n in [method.name, *method.aliases]})
    spans = []
    for i in range(len(units)):
        for size in sizes:
            text = " ".join(u.text.rstrip(".") for u in units[i : i + size])
            if spelling_key(text) in keys or spelling_key(singular(text)) in keys:
                spans.append((i, i + size))
                break
    return spans


def assign_kinds(units: Sequence[Unit], methods: list[MethodCandidate]) -> list[MethodCandidate]:
    """Set each method's kind from the text; drop names that name no method."""
    kept = []
    for method in methods:
        method.kind, cue = kind_cue(units, method, occurrences(units, method))
        method.kind_cue = cue if method.kind is not None else None
        if method.kind is None and method.proposed:
            method.kind, method.kind_cue = "method", "kind.proposed-default"  # it introduces it
        if method.kind != _DROP:
            kept.append(method)
    return kept


def kind_cue(
    units: Sequence[Unit], method: MethodCandidate, spans: list[Span]
) -> tuple[str | None, str]:
    """The kind the text gives ``method`` (``""``: it names no method; None: no cue says)
    and the id of the cue that gives it, strongest cue first."""
    if _BENCH.search(method.name):
        return "benchmark", "kind.bench-name"
    if _EVAL.search(method.name):
        return "benchmark", "kind.eval-name"
    if not method.proposed and _MODEL_FAMILY.match(method.name):
        return "model", "kind.model-family"  # GPT-4 in "LLM-based (GPT-4) modules"
    cues: list[tuple[str, Callable[[Sequence[Unit], Span], str | None]]] = [
        ("kind.noun-beside", _beside),
        ("kind.list-head", _list_head),
        ("kind.measured-by", _measured_by),
        ("kind.size-or-family", lambda _u, _s: _shape(method.name)),
        ("kind.reported-on", _reported_on),
        ("kind.score-head", _scored),
    ]
    for cue_id, cue in cues:
        for span in spans:
            kind = cue(units, span)
            if kind is not None:
                return kind, cue_id
    long_forms = [a for a in method.aliases if " " in a]
    kind = next((k for a in long_forms if (k := _head_kind(a.split(" ")[-1]))), None)
    return kind, "kind.long-form-head" if kind is not None else "kind.no-cue"


def _head_kind(word: str) -> str | None:
    head = singular(word.lower())
    return _DROP if head in _NOT_A_METHOD else _HEAD_KINDS.get(head)


def _beside(units: Sequence[Unit], span: Span) -> str | None:
    """``X dataset``, ``X, a benchmark for``, ``a method, X``, ``X (ACRO), an architecture``."""
    start, end = span
    if end < len(units) and units[end].text == ")":
        end += 1
    after = _noun_after(units, end)
    if after is not None:
        return after
    if (
        end < len(units) - 1
        and units[end].text == ","
        and units[end + 1].text.lower()
        in (
            "a",
            "an",
            "the",
        )
    ):
        return _appositive(units, end + 2)
    if start >= 2 and units[start - 1].text == "," and _determined(units, start - 2):
        return _head_kind(units[start - 2].text)
    return None


def _determined(units: Sequence[Unit], head: int) -> bool:
    """Whether the noun at ``head`` ends a phrase opened by a determiner (``a new method, X``),
    as an appositive's is; ``in control tasks, X searches`` ends a clause before X."""
    i = head
    while i >= 0 and head - i < _LOOK_AHEAD and units[i].pos in ("NOUN", "PROPN", "ADJ"):
        i -= 1
    return i >= 0 and (units[i].pos == "DET" or units[i].tag == "PRP$")


def _noun_after(units: Sequence[Unit], i: int) -> str | None:
    """The kind named by the head of the nouns right after a name (``X modification method``),
    or after the list it ends or stands in (``the CIFAR-10, STL-10 and ImageNet datasets``).
    The head decides, not the first noun with a kind: ``MMLU, MTBench and Open LLM
    Leaderboard`` ends in a leaderboard, not an LLM; a score is :func:`_scored`'s cue."""
    head = _head_after(units, i)
    if head is None or singular(head.lower()) in _SCORED_HEADS:
        return None
    return _head_kind(head)


def _head_after(units: Sequence[Unit], i: int) -> str | None:
    """The last noun that names a kind among the (at most three) nouns right after ``i``, past
    the list the name stands in (a verb the tagger took for a noun, ``the X dataset chose``,
    is no head); else the last of them; None when no noun follows."""
    while i < len(units) and i - 1 >= 0 and _continues_list(units, i):
        i += 1
    nouns = []
    for unit in units[i : i + 3]:
        if unit.pos not in ("NOUN", "PROPN"):
            break
        nouns.append(unit.text)
    kinded = [n for n in nouns if _head_kind(n) is not None or singular(n.lower()) in _SCORED_HEADS]
    heads = kinded or nouns
    return heads[-1] if heads else None


def _scored(units: Sequence[Unit], span: Span) -> str | None:
    """``the FID score``: a metric, when nothing else says what the name is."""
    end = span[1] + (1 if span[1] < len(units) and units[span[1]].text == ")" else 0)
    head = _head_after(units, end)
    return "metric" if head is not None and singular(head.lower()) in _SCORED_HEADS else None


def _appositive(units: Sequence[Unit], i: int) -> str | None:
    """The head of ``a [modifiers] HEAD`` from ``i``; a framework for evaluating is a benchmark."""
    for j in range(i, min(i + _LOOK_AHEAD, len(units))):
        if units[j].text in (",", ".", ";") or units[j].text.lower() in ("which", "that"):
            return None
        kind = _head_kind(units[j].text)
        if kind is not None:
            if kind in ("method", "tool") and _evaluates(units, j + 1):
                return "benchmark"
            return kind
    return None


def _evaluates(units: Sequence[Unit], i: int) -> bool:
    """``a framework for specifying tasks and evaluating agents``."""
    if i >= len(units) or units[i].text.lower() != "for":
        return False
    window = units[i + 1 : i + 1 + _LOOK_AHEAD]
    return any(u.text.lower().startswith(_EVALUATED) for u in window)


def _list_head(units: Sequence[Unit], span: Span) -> str | None:
    """``LLMs such as OPT, LLaMA-2``, ``8 models: GPT-4o, Claude 3 Opus``."""
    for j in range(span[0] - 1, max(span[0] - _LIST_REACH, 0) - 1, -1):
        text = units[j].text.lower()
        if text in _LIST_STOPS or units[j].pos == "VERB":
            return None
        if text in _LIST_MARKERS and j > 0:
            return _head_kind(units[j - 1].text)
        if text == "as" and j > 1 and units[j - 1].text.lower() == "such":
            return _head_kind(units[j - 2].text)
    return None


def _shape(name: str) -> str | None:
    size = _SIZE.match(name)
    sized = size is not None and not _THOUSANDS.match(size.group("size"))
    return "model" if sized or _MODEL_FAMILY.match(name) else None


def _reported_on(units: Sequence[Unit], span: Span) -> str | None:
    """``a FID of 2.07 on ImageNet``, ``trained on X``: results are reported on datasets."""
    i = span[0] - 1
    while i > 0 and span[0] - i < _LOOK_AHEAD and _in_list(units[i]):
        i -= 1  # "on CIFAR-10, CIFAR-100 and ImageNet"
    if i < 1 or units[i].text.lower() not in ("on", "across"):
        return None
    if units[i - 1].text.lower() in _TRAINING:
        return "dataset"
    start = _sentence_start(units, i)
    window = units[max(start, i - _CONTEXT_REACH) : i]
    return "dataset" if any(u.text.lower().startswith(_REPORTING) for u in window) else None


def _measured_by(units: Sequence[Unit], span: Span) -> str | None:
    """``as measured by ROUGE-L or BLEURT``, ``in terms of FID and IS``: a metric."""
    i = span[0] - 1
    while i > 0 and span[0] - i < _LOOK_AHEAD and _in_list(units[i]):
        i -= 1  # "in terms of FID, IS and"
    before = tuple(u.text.lower() for u in units[max(i - 2, 0) : i + 1])
    return "metric" if before[-2:] in _MEASURED or before[-3:] in _MEASURED else None


def evaluated_on(units: Sequence[Unit], spans: Sequence[Span]) -> bool:
    """Whether the paper reports results on the name at one of ``spans`` (``outperforms ... by
    5% BLEU on OPUS-100``): data it evaluates on."""
    return any(_reported_on(units, span) == "dataset" for span in spans)


def _continues_list(units: Sequence[Unit], i: int) -> bool:
    """Whether ``units[i]`` goes on a list of names: a comma or ``and`` before another name."""
    text = units[i].text.lower()
    if text in (",", "and", "or"):
        return i + 1 < len(units) and (_named(units[i + 1]) or units[i + 1].text == "and")
    return _named(units[i]) and units[i - 1].text.lower() in (",", "and", "or")


def _named(unit: Unit) -> bool:
    return any(c.isupper() for c in unit.text[1:]) or unit.pos == "PROPN"


def _in_list(unit: Unit) -> bool:
    return unit.text.lower() in (",", "and", "or", "the") or unit.pos == "PROPN"


def _sentence_start(units: Sequence[Unit], i: int) -> int:
    while i > 0 and units[i - 1].text not in _LIST_STOPS:
        i -= 1
    return i


def link_variants(
    units: Sequence[Unit],
    methods: list[MethodCandidate],
    *,
    is_concept: Callable[[str], bool],
    proposed_at: set[int],
) -> list[MethodCandidate]:
    """Point each named variant at the method it varies; a base named only inside its variant
    (``OPT-13B`` alone) is added as a used method. A variant's base is not proposed here
    (``SD-LoRA`` builds on LoRA), unless its only variants are sizes of it (a paper writes
    the sizes of its own model: ``PandaLM`` with ``PandaLM-7B`` and ``PandaLM-70B``) or the
    paper introduces the base (a position in ``proposed_at``) before it writes any variant:
    ``we present our new approach ParFam`` … ``an extension (DL-ParFam)``."""
    by_key = {m.key: m for m in methods}
    added: list[MethodCandidate] = []
    for method in methods:
        structural = _structural_base(method, by_key, is_concept)
        long_form = None if structural else _long_form_base(method, methods)
        base = structural or (long_form[0] if long_form else None)
        if base is None:
            continue
        if base not in by_key and base not in {m.key for m in added}:
            added.append(_base_candidate(method, base))
        method.variant_of = base
        # the name says so (OPT-13B), or the long form ending with the base's name
        method.variant_phrase = long_form[1] if long_form else method.name
    methods = [*methods, *added]
    _text_variants(units, methods)
    by_key = {m.key: m for m in methods}
    for method in methods:
        base_method = by_key.get(method.variant_of or "")
        if base_method is not None:
            if not _SIZE.match(method.name) and not _introduced_first(
                units, base_method, method, proposed_at
            ):
                base_method.proposed = False
            if method.kind is None and base_method.kind is not None:
                method.kind, method.kind_cue = base_method.kind, "kind.from-variant"
            if base_method.kind is None and method.kind is not None:
                base_method.kind, base_method.kind_cue = method.kind, "kind.from-variant"
    return methods


def _introduced_first(
    units: Sequence[Unit], base: MethodCandidate, variant: MethodCandidate, proposed_at: set[int]
) -> bool:
    """Whether the paper introduces ``base`` (writes it where it proposes) before it first
    writes ``variant``."""
    first_variant = min((s for s, _ in occurrences(units, variant)), default=len(units))
    return any(s in proposed_at and s < first_variant for s, _ in occurrences(units, base))


def _base_candidate(variant: MethodCandidate, key: str) -> MethodCandidate:
    name = _base_name(variant.name) or key
    cue = "kind.from-variant" if variant.kind is not None else None
    return MethodCandidate(name, kind=variant.kind, kind_cue=cue)


def _base_name(name: str) -> str | None:
    match = _SIZE.match(name) or _PREFIXED.match(name)
    return match.group("base") if match else None


def _structural_base(
    method: MethodCandidate, by_key: dict[str, MethodCandidate], is_concept: Callable[[str], bool]
) -> str | None:
    """``OPT-13B`` → ``OPT``; ``SD-LoRA`` → ``LoRA`` when the paper names LoRA or LoRA is a
    coinage (mixed case), never a concept acronym (``Tok-RAG`` does not vary ``RAG``) nor an
    organisation or field (``OGB-arXiv`` is a dataset, not a variant of a method ``arXiv``)."""
    size = _SIZE.match(method.name)
    if size:
        return spelling_key(size.group("base"))
    prefixed = _PREFIXED.match(method.name)
    if not prefixed:
        return None
    base = prefixed.group("base")
    coined = any(c.islower() for c in base[1:]) and any(c.isupper() for c in base[1:])
    known = spelling_key(base) in by_key
    if is_concept(base) or is_not_method(base) or not (known or coined):
        return None
    return spelling_key(base)


def _long_form_base(
    method: MethodCandidate, methods: list[MethodCandidate]
) -> tuple[str, str] | None:
    """``Conservative Offline GFlowNet (COFlowNet)`` varies ``GFlowNet``: its long form ends
    with another method's name or long form. Returns the base's key and that long form."""
    names = {
        spelling_key(n): m.key
        for m in methods
        if m is not method
        for n in [m.name, *m.aliases, *(method_key(a) for a in m.aliases)]
    }
    for long_form in (a for a in method.aliases if " " in a):
        words = long_form.split(" ")
        for i in range(1, len(words)):
            tail = " ".join(words[i:])
            base = names.get(spelling_key(tail)) or names.get(spelling_key(singular(tail)))
            if base is not None:
                return base, long_form
    return None


def _text_variants(units: Sequence[Unit], methods: list[MethodCandidate]) -> None:
    """``X extends Y``, ``we build on Y``, ``a variant of Y``: the paper's proposal varies Y."""
    proposed = [m for m in methods if m.proposed and m.variant_of is None]
    if not proposed:
        return
    spans = {m.key: occurrences(units, m) for m in methods}
    for base in methods:
        if base.proposed:
            continue
        for start, end in spans[base.key]:
            if _varies_before(units, start):
                variant = _proposal_near(units, start, proposed, spans) or proposed[0]
                if not variant.variant_of:
                    variant.variant_of = base.key
                    _note_cue(variant, units, start, end)
                break


def _note_cue(variant: MethodCandidate, units: Sequence[Unit], start: int, end: int) -> None:
    """Keep where the text says so: the base as written at the cue, and the cue's words (at
    most three, as :func:`_varies_before` reads) with it, for the evidence of the link."""
    variant.variant_phrase = " ".join(u.text for u in units[start:end])
    variant.variant_cue = " ".join(u.text for u in units[max(start - 3, 0) : end])


def _varies_before(units: Sequence[Unit], i: int) -> bool:
    previous = [u.text.lower() for u in units[max(i - 3, 0) : i]]
    if previous and previous[-1] in ("the", "a", "an"):
        previous = previous[:-1]
    last = previous[-1:] or [""]
    two = previous[-2:]
    return (
        last[0] in _EXTENDS
        or (len(two) == 2 and two[0] in _BUILDS and two[1] in ("on", "upon"))
        or (len(two) == 2 and two[0] in _VARIANT_NOUNS and two[1] == "of")
    )


def _proposal_near(
    units: Sequence[Unit],
    i: int,
    proposed: list[MethodCandidate],
    spans: dict[str, list[Span]],
) -> MethodCandidate | None:
    start = _sentence_start(units, i)
    return next((m for m in proposed if any(start <= s < i for s, _ in spans[m.key])), None)
