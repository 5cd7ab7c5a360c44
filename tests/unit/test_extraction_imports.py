"""spaCy and KeyBERT imported the CLI's way, without torch and transformers
(``papergraph.cli._imports``), extract exactly what they extract imported whole, and leave those
packages unimported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.model

SEED = Path(__file__).resolve().parents[2] / "examples" / "iclr2025-seed.txt"
#: Extract the seed's first papers; print the results and the deep-learning packages imported.
#: With ``whole``, spaCy and KeyBERT are imported first the ordinary way (torch and all).
SCRIPT = """
import json, sys
if sys.argv[2] == "whole":
    import spacy, keybert
else:
    from papergraph.cli._imports import import_extraction_libraries
    import_extraction_libraries()
from loaders.extraction import Document, keybert_extractor
paragraphs = open(sys.argv[1], encoding="utf-8").read().split("\\n\\n")[1:7]
docs = [Document(text=p.strip()) for p in paragraphs if p.strip()]
found = keybert_extractor().extract(docs)
heavy = sorted(m for m in ("torch", "transformers", "sentence_transformers") if m in sys.modules)
print(json.dumps({"found": [repr(f) for f in found], "heavy": heavy}))
"""


def extract(how: str) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(SEED), how],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_light_imports_extract_what_whole_imports_do_without_torch() -> None:
    light, whole = extract("light"), extract("whole")
    assert light["found"] == whole["found"]
    assert "torch" in whole["heavy"]  # the libraries do import it when nothing hides it
    assert light["heavy"] == []
