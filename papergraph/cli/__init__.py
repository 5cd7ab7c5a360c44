"""The command line (``papergraph …``) and the local Neo4j it can start: the top floor.

It reads the settings once, calls the use cases (:mod:`papergraph.usecases`) and the API's app,
and prints; nothing below imports it.
"""

from __future__ import annotations

from papergraph.cli.typer_app import main

__all__ = ["main"]
