"""The work behind the CLI verbs that span packages (load, extract, serve, up)."""

from __future__ import annotations

import asyncio
import json
import shutil
import sysconfig
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from graph._home import require_writable
from graph.config import Settings
from graph.connection import async_driver, database_errors
from graph.errors import CorpusError, GraphUnavailableError, InvalidInputError
from graph.models import Stats
from graph.schema import ensure_schema
from graph.writes import graph_counts
from loaders.extraction import (
    AcronymRegistry,
    KeyphraseExtractor,
    keybert_extractor,
    process_extractor,
)
from loaders.pipeline import CorpusRead, LoadReport, load_papers, read_corpora, seed_acronyms

__all__ = ["SEED", "run_extract", "run_load", "run_serve", "run_up", "shell_hint"]

SEED = Path(__file__).resolve().parent.parent / "examples" / "iclr2025-seed.txt"
EXIT_BAD_RECORDS = 2


def run_load(
    settings: Settings,
    files: Sequence[Path],
    *,
    fmt: str,
    limit: int | None,
    batch_size: int,
    on_error: str,
    console: Console,
    errors: Console,
) -> int:
    """Read, check, extract and write; return the exit code (2 when records were skipped)."""
    if on_error not in {"skip", "abort"}:
        raise InvalidInputError(f"--on-error must be 'skip' or 'abort', not {on_error!r}.")
    read = read_corpora(files, fmt=fmt, limit=limit)
    _report_problems(read, errors)
    if read.errors and on_error == "abort":
        errors.print(
            f"[red]{len(read.errors)} malformed record(s): nothing was written "
            "(--on-error abort).[/]"
        )
        return EXIT_BAD_RECORDS
    if not read.records:  # nothing to write: no model to load, no database to reach
        errors.print("[red]No paper with a usable abstract was read: nothing was written.[/]")
        return EXIT_BAD_RECORDS if read.errors else 0
    require_writable(settings.home / "models")
    report, counts = asyncio.run(_load(settings, read, batch_size=batch_size, console=console))
    for warning in report.warnings:
        errors.print(f"[yellow]warning:[/] {warning}", highlight=False)
    _print_summary(report, counts, console)
    if read.errors:
        errors.print(
            f"[yellow]{len(read.errors)} malformed record(s) were skipped; the rest is loaded.[/]"
        )
        return EXIT_BAD_RECORDS
    return 0


def _report_problems(read: CorpusRead, errors: Console) -> None:
    for warning in read.warnings:
        errors.print(f"[yellow]warning:[/] {warning}", highlight=False)
    for error in read.errors:
        errors.print(f"[red]error:[/] {error}", highlight=False)


async def _load(
    settings: Settings, read: CorpusRead, *, batch_size: int, console: Console
) -> tuple[LoadReport, Stats]:
    database = settings.neo4j_database
    registry = AcronymRegistry()
    extractor = process_extractor(
        acronyms=registry, model_dir=settings.home / "models", fast=settings.fast_extraction
    )
    report = LoadReport()
    with extractor:  # the extraction process loads its models meanwhile
        async with async_driver(settings) as driver:
            with database_errors(settings):
                await ensure_schema(driver, database=database, dimensions=extractor.dimensions)
                await seed_acronyms(driver, database=database, registry=registry)
            with _interrupted(report), database_errors(settings), _progress(console) as progress:
                task = progress.add_task("papers", total=len(read.records))
                await load_papers(
                    read.records,
                    driver=driver,
                    database=database,
                    extractor=extractor,
                    batch_size=batch_size,
                    on_progress=lambda n: progress.advance(task, n),
                    report=report,
                )
            with database_errors(settings):
                return report, await graph_counts(driver, database=database)


@contextmanager
def _interrupted(report: LoadReport) -> Iterator[None]:
    """Say how far a load got when the database fails mid-load, and that a re-run resumes."""
    try:
        yield
    except GraphUnavailableError as exc:
        raise GraphUnavailableError(
            f"{exc} The load stopped after writing {report.written} of {report.read} papers "
            f"({report.unchanged} were already up to date); each batch is one transaction, so no "
            "paper is half-written. When Neo4j is back, run the same command again: it skips "
            "the papers already written and loads the rest."
        ) from exc


class _RateColumn(ProgressColumn):
    """Papers per second, once there is a rate to show."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("  -   papers/s" if speed is None else f"{speed:6.1f} papers/s")


def _progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[bold]loading"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        _RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    )


def _print_summary(report: LoadReport, counts: Stats, console: Console) -> None:
    console.print(
        f"Loaded {report.read} papers in {report.seconds:.1f} s "
        f"({report.papers_per_second:.1f} papers/s): {report.written} written, "
        f"{report.unchanged} unchanged.",
        highlight=False,
    )
    console.print(
        f"Graph: {counts.papers} papers, {counts.concepts} concepts, {counts.methods} methods; "
        f"{counts.mentions} MENTIONS, {counts.proposes} PROPOSES, {counts.uses} USES, "
        f"{counts.related_to} RELATED_TO.",
        highlight=False,
    )


def run_extract(
    settings: Settings, files: Sequence[Path], *, fmt: str, limit: int | None, errors: Console
) -> int:
    """Print one JSON object per paper: id, label, concepts (best first), proposes, uses."""
    from loaders.assemble import candidates, label_for

    read = read_corpora(files, fmt=fmt, limit=limit)
    _report_problems(read, errors)
    require_writable(settings.home / "models")
    extractor: KeyphraseExtractor = keybert_extractor(
        model_dir=settings.home / "models", fast=settings.fast_extraction
    )
    todo = candidates(read.records)
    found_all = extractor.extract([c.document() for c in todo])
    for candidate, found in zip(todo, found_all, strict=True):
        print(
            json.dumps(
                {
                    "id": candidate.id,
                    "label": label_for(candidate.record.title, found, candidate.record.abstract),
                    "concepts": [
                        {"name": c.name, "score": round(c.score, 4)} for c in found.concepts
                    ],
                    "proposes": [m.name for m in found.proposes],
                    "uses": [m.name for m in found.uses],
                },
                ensure_ascii=False,
            )
        )
    return EXIT_BAD_RECORDS if read.errors else 0


def run_serve(settings: Settings, *, console: Console, footer: str | None = None) -> None:
    """Print where everything is (and ``footer``), then serve the API until interrupted."""
    import uvicorn

    from api.app import create_app

    base = f"http://{settings.api_host}:{settings.api_port}"
    console.print(f"Home:          {base}/", highlight=False)
    console.print(f"GraphQL API:   {base}/graphql", highlight=False)
    console.print(f"Health:        {base}/health", highlight=False)
    console.print(
        f"Neo4j Browser: {settings.browser_url}  (user {settings.neo4j_user}, "
        f"{settings.neo4j_uri})",
        highlight=False,
    )
    if footer:
        console.print(footer, highlight=False)
    uvicorn.run(
        create_app(settings), host=settings.api_host, port=settings.api_port, log_level="info"
    )


def shell_hint() -> str:
    """How to run ``papergraph`` from a shell: say it is on PATH, or name the folder it is in
    (``make up`` installs it into a virtualenv the shell does not know about)."""
    scripts = Path(sysconfig.get_path("scripts"))
    command = scripts / "papergraph"
    found = shutil.which("papergraph")
    if found is not None and Path(found).resolve() == command.resolve():
        return "papergraph is on your PATH: try papergraph --help"
    activate = scripts / "activate"
    way = f"source {activate}" if activate.is_file() else f'export PATH="{scripts}:$PATH"'
    return f"To run papergraph from your shell: {command} --help, or first {way}"


def run_up(settings: Settings, files: Sequence[Path], *, console: Console, errors: Console) -> None:
    """The main job: local Neo4j (unless NEO4J_URI points elsewhere), schema, load, serve."""
    from graph import local_neo4j

    if settings.bolt_host in {"127.0.0.1", "localhost", "::1"}:
        local_neo4j.start(settings)
        console.print(f"Neo4j is up at {settings.neo4j_uri}", highlight=False)
    corpora = list(files) or [SEED]
    if not corpora[0].exists():
        raise CorpusError("the bundled seed corpus is missing; pass corpus files", path=str(SEED))
    run_load(
        settings,
        corpora,
        fmt="auto",
        limit=None,
        batch_size=settings.batch_size,
        on_error="skip",
        console=console,
        errors=errors,
    )
    run_serve(settings, console=console, footer=shell_hint())
