"""papergraph's application: the app-wide pieces and the rooms that tie the others together.

- :mod:`papergraph.errors` (the one error tree) and :mod:`papergraph.settings` (the settings
  object): the base floor, which ``graph``, ``loaders`` and ``api`` import.
- :mod:`papergraph.usecases`: one use case per job (ingest, draft analysis), called by every
  entry point that does that job, below ``api``.
- :mod:`papergraph.cli`: the command line and the local Neo4j launcher, on top.

This module imports nothing, so importing the errors or the settings pulls in no command line.
"""

from __future__ import annotations

__all__: list[str] = []
