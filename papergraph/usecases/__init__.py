"""The use cases: one per job, called by every entry point that does that job.

- :mod:`papergraph.usecases.ingest`: extract and write papers, then settle the graph
  (``papergraph load``/``up``, the API's ``ingestPapers``, the benchmarks); extract without
  writing (``papergraph extract``); build the extractors.
- :mod:`papergraph.usecases.analyze`: read a draft against the graph (``papergraph analyze``,
  the API's ``analyzeText``).

They sit below ``api`` and the CLI and above ``graph`` and ``loaders``: they tie those
together and import neither entry point.
"""

from __future__ import annotations

__all__: list[str] = []
