"""The work behind the CLI verbs that span packages (load, extract, serve, up)."""

from __future__ import annotations

import asyncio
import json
import shutil
import sysconfig
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

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

from graph.bulk import require_empty
from graph.connection import async_driver, check_reachable
from graph.models import Stats
from loaders import FORMATS, detect_format
from loaders.extraction import KeyphraseExtractor
from loaders.pipeline import CorpusRead, LoadReport, read_corpora
from papergraph.cli._home import require_writable
from papergraph.cli._imports import import_extraction_libraries
from papergraph.cli.bulk_load import bulk_ingest_papers
from papergraph.cli.local_neo4j import ServerStatus
from papergraph.errors import CorpusError, InvalidInputError
from papergraph.settings import Settings
from papergraph.usecases.ingest import (
    Ingested,
    build_extractor,
    build_pipelined_extractor,
    build_ray_extractor,
    explain,
    extract,
    ingest_papers,
    preparation_notice,
)

if TYPE_CHECKING:
    from loaders.extraction import ProcessExtractor, RayExtractor

__all__ = [
    "SEED",
    "Engine",
    "announce_password",
    "lean_extractor",
    "run_extract",
    "run_load",
    "run_serve",
    "run_up",
    "shell_hint",
]

SEED = Path(__file__).resolve().parent.parent / "examples" / "iclr2025-seed.txt"
EXIT_BAD_RECORDS = 2
#: The files held no paper with a usable abstract: a wrong --format, or an export without them.
EXIT_NOTHING_READ = 1


def run_load(
    settings: Settings,
    files: Sequence[Path],
    *,
    fmt: str,
    limit: int | None,
    on_error: str,
    console: Console,
    errors: Console,
    engine: Engine | None = None,
    bulk: bool = False,
) -> int:
    """Read, check, extract and write (``settings.batch_size`` papers per batch); return the
    exit code (2 when records were skipped). ``engine`` says where extraction runs (default:
    two local child processes, or this process for an input of one batch). An unreachable
    Neo4j is reported before any model loads. ``bulk`` writes through the offline importer
    into an empty local graph (see papergraph.cli.bulk_load)."""
    if on_error not in {"skip", "abort"}:
        raise InvalidInputError(f"--on-error must be 'skip' or 'abort', not {on_error!r}.")
    read = read_corpora(files, fmt=fmt, limit=limit)
    _report_problems(read, errors)
    _print_skipped(read, errors)
    if read.errors and on_error == "abort":
        errors.print(
            f"[red]{len(read.errors)} malformed record(s): nothing was written "
            "(--on-error abort).[/]"
        )
        return EXIT_BAD_RECORDS
    if not read.records:  # nothing to write: no model to load, no database to reach
        errors.print(f"[red]{_nothing_read(read, files, fmt)}[/]", highlight=False)
        return EXIT_BAD_RECORDS if read.errors else EXIT_NOTHING_READ
    require_writable(settings.home / "models")
    _announce_preparation(settings, console)
    done = asyncio.run(_load(settings, read, console=console, engine=engine or Engine(), bulk=bulk))
    for warning in done.report.warnings:
        errors.print(f"[yellow]warning:[/] {warning}", highlight=False)
    _print_summary(done.report, done.counts, console)
    if read.errors:
        errors.print(
            f"[yellow]{len(read.errors)} malformed record(s) were skipped; the rest is loaded.[/]"
        )
        return EXIT_BAD_RECORDS
    return 0


def _nothing_read(read: CorpusRead, files: Sequence[Path], fmt: str) -> str:
    """Why no paper was read, and what to do: the likely mistake, not just the outcome."""
    done = "No paper with a usable abstract was read: nothing was written."
    if read.errors:
        return done
    if read.warnings:
        return (
            f"{done} Each of the {len(read.warnings)} record(s) lacks a usable abstract, and "
            "papergraph builds its graph from abstracts: export the records with their "
            "abstracts (BibTeX's or RIS's abstract field), or fetch them from OpenAlex or "
            "Semantic Scholar."
        )
    return f"{done} No record was found in {_as_read(files, fmt)}."


def _as_read(files: Sequence[Path], fmt: str) -> str:
    """The files, each with the format it looks like when that is not the one it was read as."""
    parts = []
    for path in files:
        try:
            looks = detect_format(path)
        except CorpusError:
            looks = None
        if fmt in FORMATS and looks is not None and looks != fmt:
            parts.append(
                f"{path} (read as {fmt}, but it looks like {looks}: pass --format {looks} "
                "or leave --format out)"
            )
        else:
            parts.append(f"{path} (read as {looks or fmt})")
    return ", ".join(parts)


def _announce_preparation(settings: Settings, console: Console) -> None:
    notice = preparation_notice(settings)
    if notice:
        console.print(f"[bold]{notice}[/]", highlight=False)


def _print_skipped(read: CorpusRead, errors: Console) -> None:
    counts = read.skipped_by_reason()
    if counts:
        parts = ", ".join(f"{n} {reason}" for reason, n in counts.items())
        errors.print(f"[yellow]Skipped {sum(counts.values())} record(s): {parts}.[/]")


def _report_problems(read: CorpusRead, errors: Console) -> None:
    for warning in read.warnings:
        errors.print(f"[yellow]warning:[/] {warning}", highlight=False)
    for error in read.errors:
        errors.print(f"[red]error:[/] {error}", highlight=False)


@dataclass(frozen=True)
class Engine:
    """Where a load extracts: ``local`` (``PAPERGRAPH_EXTRACT_WORKERS`` child processes) or ``ray`` (a Ray cluster at
    ``ray_address``, or a local Ray; ``ray_workers`` actors, default one per CPU)."""

    name: str = "local"
    ray_address: str | None = None
    ray_workers: int | None = None


def _extractor(
    settings: Settings, engine: Engine, *, papers: int
) -> KeyphraseExtractor | ProcessExtractor | RayExtractor:
    """The extractor of a load of ``papers`` papers: in this process when they fit in one batch
    (with a single batch the worker processes have nothing to overlap, and starting them and
    importing the libraries in each costs more than the extraction), else ``engine``'s."""
    if engine.name == "ray":
        return build_ray_extractor(settings, address=engine.ray_address, workers=engine.ray_workers)
    if engine.name != "local":
        raise InvalidInputError(f"--engine must be 'local' or 'ray', not {engine.name!r}.")
    if papers <= settings.batch_size:
        import_extraction_libraries()
        return build_extractor(settings)
    return build_pipelined_extractor(settings)


@contextmanager
def _started(
    extractor: KeyphraseExtractor | ProcessExtractor | RayExtractor,
) -> Iterator[Callable[[], None] | None]:
    """Start ``extractor``'s workers, if it has any, for the block; yield what stops them (the
    load calls it once every paper is written), or None for an in-process extractor."""
    if not isinstance(extractor, AbstractContextManager):
        yield None
        return
    with extractor:  # the extraction processes load their models meanwhile
        yield extractor.close


async def _load(
    settings: Settings, read: CorpusRead, *, console: Console, engine: Engine, bulk: bool
) -> Ingested:
    async with async_driver(settings) as driver:
        await check_reachable(driver, settings)  # before any model or process starts
        if bulk:  # refused before any model loads
            await require_empty(driver, database=settings.neo4j_database)
        extractor = _extractor(settings, engine, papers=len(read.records))
        with _started(extractor) as stop, _progress(console) as progress:
            task = progress.add_task("papers", total=len(read.records))
            return await (bulk_ingest_papers if bulk else ingest_papers)(
                read.records,
                driver=driver,
                settings=settings,
                extractor=extractor,
                on_progress=lambda n: progress.advance(task, n),
                on_extracted=stop,
            )


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
    settings: Settings,
    files: Sequence[Path],
    *,
    fmt: str,
    limit: int | None,
    errors: Console,
    why: bool = False,
    as_json: bool = False,
) -> int:
    """Print one JSON object per paper: id, label, concepts (best first), proposes, uses.
    With ``why``, print instead why each candidate phrase of each paper was kept, dropped,
    merged, renamed, typed or scored: as text, or one JSON object per paper (``as_json``)."""
    read = read_corpora(files, fmt=fmt, limit=limit)
    _report_problems(read, errors)
    require_writable(settings.home / "models")
    _announce_preparation(settings, errors)  # stdout is the JSON Lines output
    import_extraction_libraries()
    if why:
        _print_explanations(read, settings, as_json=as_json)
    else:
        _print_extractions(read, settings)
    return EXIT_BAD_RECORDS if read.errors else 0


def _print_extractions(read: CorpusRead, settings: Settings) -> None:
    from loaders.assemble import label_for

    for candidate, found in extract(read.records, extractor=build_extractor(settings)):
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


def _print_explanations(read: CorpusRead, settings: Settings, *, as_json: bool) -> None:
    from loaders.extraction import explanation_json, explanation_text

    for candidate, found, trace in explain(read.records, settings=settings):
        title = candidate.record.title or ""
        if as_json:
            row = explanation_json(candidate.id, title, found, trace)
            print(json.dumps(row, ensure_ascii=False))
        else:
            print(explanation_text(candidate.id, title, found, trace), end="\n\n")


def lean_extractor(settings: Settings) -> KeyphraseExtractor:
    """The one-process extractor, its libraries imported without the deep-learning stacks
    papergraph never uses (some 700 MB of torch): for the API's extraction process."""
    import_extraction_libraries()
    return build_extractor(settings)


def run_serve(settings: Settings, *, console: Console, footer: str | None = None) -> None:
    """Print where everything is (and ``footer``), then serve the API until interrupted."""
    import uvicorn

    from api.app import create_app, server_config

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
    # now, not on a first query that singularises a word (lemminflect imports spaCy, which
    # would import torch): the API's memory is the same from the start
    import_extraction_libraries()
    app = create_app(
        settings,
        extractor_factory=partial(lean_extractor, settings),
        isolate_extraction=True,
        load_models_at_start=True,
    )
    uvicorn.Server(
        server_config(
            app,
            host=settings.api_host,
            port=settings.api_port,
            head_seconds=settings.head_timeout,
        )
    ).run()


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


def announce_password(status: ServerStatus, settings: Settings, console: Console) -> None:
    """Show a password the local server just generated, once (papergraph reads it from its file
    later; a person needs it for Neo4j Browser)."""
    if status.generated_password is None:
        return
    user, password = settings.neo4j_auth()
    console.print(
        f"[bold]Neo4j password[/] (user {user}, for Neo4j Browser): {password}\n"
        f"  generated for this server and kept in {status.generated_password}; papergraph reads "
        "it from there. Set NEO4J_PASSWORD before a server's first start to choose your own.",
        highlight=False,
    )


def run_up(settings: Settings, files: Sequence[Path], *, console: Console, errors: Console) -> None:
    """The main job: local Neo4j (unless NEO4J_URI points elsewhere), schema, load, serve."""
    from papergraph.cli import local_neo4j

    if settings.bolt_host in {"127.0.0.1", "localhost", "::1"}:
        announce_password(local_neo4j.start(settings), settings, console)
        console.print(f"Neo4j is up at {settings.neo4j_uri}", highlight=False)
    corpora = list(files) or [SEED]
    if not corpora[0].exists():
        raise CorpusError("the bundled seed corpus is missing; pass corpus files", path=str(SEED))
    run_load(
        settings,
        corpora,
        fmt="auto",
        limit=None,
        on_error="skip",
        console=console,
        errors=errors,
    )
    run_serve(settings, console=console, footer=shell_hint())
