"""The quality bench reads keyphrase sets in LIAAD's layout, the check on text no rule was
written against."""

from __future__ import annotations

from pathlib import Path

from bench.extraction_quality import headline, unseen


def _write(root: Path, stem: str, text: str, keys: str | None) -> None:
    (root / "docsutf8").mkdir(parents=True, exist_ok=True)
    (root / "keys").mkdir(parents=True, exist_ok=True)
    (root / "docsutf8" / f"{stem}.txt").write_text(text, encoding="utf-8")
    if keys is not None:
        (root / "keys" / f"{stem}.key").write_text(keys, encoding="utf-8")


def test_each_directory_is_a_corpus_of_its_documents_with_their_keyphrases(tmp_path: Path) -> None:
    kdd = tmp_path / "kdd"
    _write(kdd, "1", "Feature bagging for outlier detection.", "outlier detection\n\nbagging\n")
    _write(kdd, "2", "Mining data streams.\n", "data stream\n")
    _write(kdd, "3", "A document whose keys are missing.", None)
    _write(kdd, "4", "   ", "empty text\n")

    [corpus] = unseen([kdd], limit=None)

    assert corpus.name == "kdd" and headline(corpus) == "partial"
    assert corpus.fields == ["keyphrases"] and corpus.predicts == "concepts"
    by_id = {d["id"]: d for d in corpus.docs}
    assert set(by_id) == {"1", "2"}
    assert by_id["1"]["keyphrases"] == ["outlier detection", "bagging"]
    assert by_id["2"]["text"] == "Mining data streams."


def test_the_limit_takes_the_same_documents_every_run(tmp_path: Path) -> None:
    www = tmp_path / "www"
    for i in range(20):
        _write(www, str(i), f"Paper {i} on web search.", "web search\n")
    first = [d["id"] for d in unseen([www], limit=5)[0].docs]
    assert len(first) == 5
    assert first == [d["id"] for d in unseen([www], limit=5)[0].docs]
