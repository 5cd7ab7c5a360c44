"""CLI conventions: options that stand for a setting name its environment variable in --help and
win over it; the shell hint names where papergraph is installed when it is not on PATH."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from typer.testing import CliRunner

from papergraph.cli.commands import shell_hint
from papergraph.cli.typer_app import QUIET_LIBRARIES, app, settings

SCRIPTS = Path(sysconfig.get_path("scripts"))


def help_of(*verb: str) -> str:
    result = CliRunner().invoke(app, [*verb, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("verb", "variables"),
    [
        ("serve", ["PAPERGRAPH_API_HOST", "PAPERGRAPH_API_PORT"]),
        ("up", ["PAPERGRAPH_API_HOST", "PAPERGRAPH_API_PORT", "PAPERGRAPH_FAST_EXTRACTION"]),
        ("load", ["PAPERGRAPH_BATCH_SIZE", "PAPERGRAPH_FAST_EXTRACTION"]),
        ("extract", ["PAPERGRAPH_FAST_EXTRACTION"]),
    ],
)
def test_help_names_the_environment_variable_of_each_option(
    verb: str, variables: list[str]
) -> None:
    text = help_of(verb)
    for variable in variables:
        assert f"env var: {variable}" in text


def test_options_override_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERGRAPH_API_PORT", "9001")
    monkeypatch.setenv("PAPERGRAPH_API_HOST", "127.0.0.2")
    assert settings(api_port=None).api_port == 9001
    chosen = settings(api_host="192.0.2.1", api_port=8123)
    assert (chosen.api_host, chosen.api_port) == ("192.0.2.1", 8123)


def test_shell_hint_names_the_command_when_it_is_not_on_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    hint = shell_hint()
    assert str(SCRIPTS / "papergraph") in hint


def test_shell_hint_says_when_it_is_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    if not (SCRIPTS / "papergraph").is_file():
        pytest.fail(f"papergraph is not installed in {SCRIPTS}: run make setup")
    monkeypatch.setenv("PATH", str(SCRIPTS))
    assert "on your PATH" in shell_hint()


@pytest.mark.model
def test_model_preparation_prints_no_third_party_banner() -> None:
    # What preparing the static model does first: transformers loads MiniLM's BertModel, whose
    # checkpoint holds a key it does not use, and logs a LOAD REPORT table and a loading bar.
    script = (
        "from papergraph.cli.typer_app import quiet_libraries; quiet_libraries()\n"
        "from transformers import AutoModel\n"
        "from loaders.extraction._models import minilm_path\n"
        "AutoModel.from_pretrained(str(minilm_path()))\n"
        "print('loaded')\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in QUIET_LIBRARIES}
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "loaded"
    assert "LOAD REPORT" not in ran.stderr and "Loading weights" not in ran.stderr
    assert ran.stderr.strip() == ""
