"""papergraph's command line: the one layer that ties ``graph``, ``loaders`` and ``api`` together."""

from __future__ import annotations

__all__: list[str] = []
