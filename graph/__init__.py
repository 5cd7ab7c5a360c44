"""The graph layer: connection, schema, Cypher, the typed query functions and the exports.

Its settings and errors are papergraph's own (:mod:`papergraph.settings`,
:mod:`papergraph.errors`): one settings object and one error tree for every package.
"""

from __future__ import annotations

__all__: list[str] = []
