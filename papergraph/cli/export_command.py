"""``papergraph export``: write the graph (or a filtered part) to a file for networkx, Gephi or
spreadsheets (the full export streams in bounded memory; see ``graph.export``)."""

from __future__ import annotations

import time
from pathlib import Path

from rich.console import Console

from graph.export import (
    FORMATS,
    PROJECTIONS,
    REFERENCE_FORMATS,
    ExportFormat,
    Projection,
    export_file,
)
from papergraph.errors import InvalidInputError
from papergraph.settings import Settings

__all__ = ["default_output", "run_export"]

_SUFFIXES = {"graphml": ".graphml", "gexf": ".gexf", "json": ".json", "csv": "", "ris": ".ris"}


def default_output(fmt: str, projection: str) -> Path:
    """``papergraph-<projection>.<ext>`` in the working folder (a folder for csv);
    ``papergraph.bib`` and ``papergraph.ris`` for the references."""
    if fmt == "bibtex":
        return Path("papergraph.bib")
    if fmt == "ris":
        return Path("papergraph.ris")
    return Path(f"papergraph-{projection}{_SUFFIXES.get(fmt, '')}")


def _checked(fmt: str, projection: str) -> tuple[ExportFormat, Projection]:
    problems = []
    if fmt not in FORMATS + REFERENCE_FORMATS:
        known = ", ".join(FORMATS + REFERENCE_FORMATS)
        problems.append(f"--format must be one of {known}, not {fmt!r}")
    if projection not in PROJECTIONS:
        problems.append(f"--projection must be one of {', '.join(PROJECTIONS)}, not {projection!r}")
    elif fmt in REFERENCE_FORMATS and projection != "full":
        problems.append(f"--format {fmt} lists papers: leave out --projection")
    if problems:
        raise InvalidInputError("; ".join(problems) + ".")
    return fmt, projection  # type: ignore[return-value]


def run_export(
    settings: Settings,
    *,
    fmt: str,
    projection: str,
    output: Path | None,
    concept: str | None,
    method: str | None,
    year: int | None,
    venue: str | None,
    paper: str | None,
    hops: int,
    console: Console,
) -> Path:
    """Export, write ``output`` and print what was written; return the path written."""
    chosen_fmt, chosen_projection = _checked(fmt, projection)
    target = output or default_output(fmt, projection)
    started = time.perf_counter()
    written = export_file(
        settings,
        target,
        chosen_fmt,
        projection=chosen_projection,
        concept=concept,
        method=method,
        year=year,
        venue=venue,
        seed_paper=paper,
        hops=hops,
    )
    seconds = time.perf_counter() - started
    if written.nodes == 0:
        console.print("[yellow]No papers matched the filters: the export is empty.[/]")
    what = (
        f"{written.nodes:,} papers ({fmt})"
        if fmt in REFERENCE_FORMATS
        else f"{written.nodes:,} nodes and {written.edges:,} edges ({projection}, {fmt})"
    )
    console.print(f"Wrote {what} to {target} in {seconds:.1f} s.", highlight=False)
    return target
