"""``papergraph``: every verb a user types. Heavy modules are imported inside the commands."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import warnings
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console

from papergraph.errors import PapergraphError
from papergraph.settings import Settings, env_var, load_settings

__all__ = ["app", "main"]

P = ParamSpec("P")
R = TypeVar("R")

app = typer.Typer(
    help="A knowledge graph of research papers, methods and concepts.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
neo4j_app = typer.Typer(
    help="Run a local Neo4j Community server (no Docker needed).", no_args_is_help=True
)
app.add_typer(neo4j_app, name="neo4j")
out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


def friendly(command: Callable[P, R]) -> Callable[P, R]:
    """Print papergraph errors as one actionable message and exit 1, never a traceback."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except PapergraphError as exc:
            err.print(f"[bold red]error:[/] {exc}", highlight=False, markup=True, soft_wrap=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            err.print("interrupted")
            raise typer.Exit(130) from None

    return wrapper


def settings(**options: object) -> Settings:
    """The settings from the environment, overridden by the options given (by field name; a
    ``None`` option was not given), validated like the environment."""
    return load_settings(**{env_var(name): v for name, v in options.items() if v is not None})


def setting_option(field: str, *flags: str, help: str, **extra: Any) -> Any:
    """An option standing for a setting: its environment variable also sets it, and --help
    shows that variable and the setting's default."""
    default = Settings.model_fields[field].get_default(call_default_factory=True)
    return typer.Option(
        *flags,
        envvar=env_var(field),
        show_envvar=True,
        help=f"{help} (default: {default})",
        **extra,
    )


@neo4j_app.command("start")
@friendly
def neo4j_start() -> None:
    """Provision (first time only) and start the local Neo4j; wait until Bolt answers."""
    from papergraph.cli import local_neo4j
    from papergraph.cli.commands import announce_password

    config = settings()
    status = local_neo4j.start(config)
    announce_password(status, config, out)
    _print_status(status)


@neo4j_app.command("provision")
@friendly
def neo4j_provision() -> None:
    """Download Neo4j's jars with Maven into PAPERGRAPH_HOME (once; later calls do nothing)."""
    from papergraph.cli import local_neo4j

    lib = local_neo4j.provision(settings())
    out.print(f"Neo4j {local_neo4j.NEO4J_VERSION} is ready in {lib}", highlight=False)


@neo4j_app.command("stop")
@friendly
def neo4j_stop() -> None:
    """Stop the local Neo4j gracefully (forcefully after 30 s)."""
    from papergraph.cli import local_neo4j

    stopped = local_neo4j.stop(settings())
    out.print("Neo4j stopped." if stopped else "Neo4j was not running.")


@neo4j_app.command("status")
@friendly
def neo4j_status() -> None:
    """Print URI, pid, version and Browser URL of the local Neo4j; exit 3 if it is not running."""
    from papergraph.cli import local_neo4j

    status = local_neo4j.status(settings())
    _print_status(status)
    if not status.running:
        raise typer.Exit(3)


@neo4j_app.command("logs")
@friendly
def neo4j_logs(lines: Annotated[int, typer.Option("--lines", "-n", min=1)] = 40) -> None:
    """Print the last lines of the local Neo4j's log."""
    from papergraph.cli import local_neo4j

    out.print(local_neo4j.log_tail(settings(), lines), highlight=False, markup=False)


def _print_status(status: object) -> None:
    from papergraph.cli.local_neo4j import ServerStatus

    assert isinstance(status, ServerStatus)
    state = "[green]running[/]" if status.running else "[yellow]not running[/]"
    out.print(f"Neo4j:    {state}")
    out.print(f"URI:      {status.uri}", highlight=False)
    out.print(f"pid:      {status.pid or '-'}")
    out.print(f"version:  {status.version or '-'}")
    out.print(f"Browser:  {status.browser_url}", highlight=False)
    out.print(f"instance: {status.instance}", highlight=False)


@app.command("init-db")
@friendly
def init_db() -> None:
    """Create constraints and indexes (idempotent)."""
    from graph.connection import async_driver, database_errors
    from graph.schema import ensure_schema

    config = settings()

    async def run() -> None:
        async with async_driver(config) as driver:
            with database_errors(config):
                await ensure_schema(driver, database=config.neo4j_database)

    asyncio.run(run())
    out.print("Schema ready: constraints and indexes are online.")


FilesArg = Annotated[
    list[Path],
    typer.Argument(
        help="Corpus files of abstracts: seed text, JSONL, JSON, CSV, BibTeX, RIS, CSL-JSON, "
        "OpenAlex, Semantic Scholar or arXiv (told apart by content; see --format)."
    ),
]
FormatOpt = Annotated[
    str,
    typer.Option(
        "--format",
        help="auto, jsonl, json, csv, text, bibtex, ris, csl, openalex, s2 or arxiv.",
    ),
]
LimitOpt = Annotated[int | None, typer.Option("--limit", min=1, help="Read at most N papers.")]
FastOpt = Annotated[
    bool | None,
    setting_option(
        "fast_extraction",
        "--fast",
        help="Rank with the static model: several times faster, less accurate concepts.",
    ),
]
HostOpt = Annotated[
    str | None,
    setting_option(
        "api_host", "--host", help="Address the API binds to; anything but loopback exposes it."
    ),
]
PortOpt = Annotated[
    int | None, setting_option("api_port", "--port", min=1, max=65535, help="Port of the API.")
]
BatchOpt = Annotated[
    int | None,
    setting_option("batch_size", "--batch-size", min=1, max=5000, help="Papers per batch."),
]
WorkersOpt = Annotated[
    int | None,
    setting_option(
        "extract_workers",
        "--workers",
        min=1,
        help="Extraction processes of a load, one per core by default.",
    ),
]


@app.command("load")
@friendly
def load(
    files: FilesArg,
    fmt: FormatOpt = "auto",
    limit: LimitOpt = None,
    batch_size: BatchOpt = None,
    workers: WorkersOpt = None,
    on_error: Annotated[
        str,
        typer.Option(
            "--on-error",
            help="skip: load the rest and exit 2; abort: write nothing if any record is bad.",
        ),
    ] = "skip",
    fast: FastOpt = None,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            help="local: --workers processes; ray: Ray actors (papergraph\\[ray]).",
        ),
    ] = "local",
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            help="Ray cluster to extract on (ray://HOST:10001, HOST:6379, auto); "
            "default: a local Ray.",
        ),
    ] = None,
    ray_workers: Annotated[
        int | None,
        typer.Option("--ray-workers", min=1, help="Ray actors (default: one per cluster CPU)."),
    ] = None,
    bulk: Annotated[
        bool,
        typer.Option(
            "--bulk",
            help="First load into an EMPTY local graph through neo4j-admin's offline importer: "
            "same graph, far faster for large corpora; stops and restarts the local Neo4j, "
            "refuses a graph that holds anything.",
        ),
    ] = False,
) -> None:
    """Extract concepts and methods from abstracts and write them to Neo4j."""
    from papergraph.cli.commands import Engine, run_load

    config = settings(fast_extraction=fast, batch_size=batch_size, extract_workers=workers)
    code = run_load(
        config,
        files,
        fmt=fmt,
        limit=limit,
        on_error=on_error,
        console=out,
        errors=err,
        engine=Engine(engine, ray_address, ray_workers),
        bulk=bulk,
    )
    raise typer.Exit(code)


@app.command("extract")
@friendly
def extract(
    files: FilesArg,
    fmt: FormatOpt = "auto",
    limit: LimitOpt = None,
    fast: FastOpt = None,
    why: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="Say why: for each paper and candidate phrase, the stages it passed and the "
            "rule or score that kept, dropped, merged, renamed or typed it.",
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="With --explain: one JSON object per paper.")
    ] = False,
) -> None:
    """Run the extraction without Neo4j; print one JSON object per paper, or with --explain
    why each phrase became, or did not become, a concept or method."""
    from papergraph.cli.commands import run_extract

    config = settings(fast_extraction=fast)
    code = run_extract(config, files, fmt=fmt, limit=limit, errors=err, why=why, as_json=as_json)
    raise typer.Exit(code)


@app.command("serve")
@friendly
def serve(host: HostOpt = None, port: PortOpt = None) -> None:
    """Serve the GraphQL API (GraphiQL at /graphql) until interrupted."""
    from papergraph.cli.commands import run_serve

    run_serve(settings(api_host=host, api_port=port), console=out)


@app.command("schema")
@friendly
def schema() -> None:
    """Print the GraphQL schema (SDL)."""
    from api import print_schema

    sys.stdout.write(print_schema())


@app.command("export")
@friendly
def export(
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            help="graphml, gexf, json (node-link) or csv; bibtex or ris: the papers as "
            "references (for Zotero or LaTeX)",
        ),
    ] = "graphml",
    projection: Annotated[
        str,
        typer.Option(
            "--projection",
            help="full (streamed: any size), or papers, concepts or methods (weighted, "
            "built in memory)",
        ),
    ] = "full",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="file (a folder for csv)")
    ] = None,
    concept: Annotated[
        str | None, typer.Option("--concept", help="only papers mentioning it")
    ] = None,
    method: Annotated[
        str | None, typer.Option("--method", help="only papers proposing/using it")
    ] = None,
    year: Annotated[int | None, typer.Option("--year")] = None,
    venue: Annotated[str | None, typer.Option("--venue")] = None,
    paper: Annotated[str | None, typer.Option("--paper", help="seed paper id")] = None,
    hops: Annotated[int, typer.Option("--hops", min=0, max=5, help="hops from --paper")] = 1,
) -> None:
    """Export the graph (or a filtered part) for networkx, Gephi or spreadsheets, or its
    papers as BibTeX or RIS references.

    The full export streams to the file page by page, in bounded memory whatever the graph's
    size; the weighted projections are built in memory, then written.
    """
    from papergraph.cli.export_command import run_export

    run_export(
        settings(),
        fmt=fmt,
        projection=projection,
        output=output,
        concept=concept,
        method=method,
        year=year,
        venue=venue,
        paper=paper,
        hops=hops,
        console=out,
    )


@app.command("up")
@friendly
def up(
    files: Annotated[list[Path] | None, typer.Argument(help="Corpora to load.")] = None,
    fast: FastOpt = None,
    host: HostOpt = None,
    port: PortOpt = None,
    workers: WorkersOpt = None,
) -> None:
    """Start Neo4j, create the schema, load the corpora (default: the bundled seed), serve."""
    from papergraph.cli.commands import run_up

    config = settings(fast_extraction=fast, api_host=host, api_port=port, extract_workers=workers)
    run_up(config, files or [], console=out, errors=err)


@app.command("trends")
@friendly
def trends(
    from_year: Annotated[int, typer.Option("--from", help="The earlier year.")],
    to_year: Annotated[int, typer.Option("--to", help="The later year.")],
    first: Annotated[int, typer.Option("--first", min=1, max=100, help="Rows.")] = 20,
    min_papers: Annotated[
        int, typer.Option("--min-papers", min=1, help="Papers of the two years it needs.")
    ] = 5,
    falling: Annotated[bool, typer.Option("--falling", help="Falling instead of rising.")] = False,
) -> None:
    """Concepts whose share of papers rose (or fell) most between two years, as a table:
    significant changes only (two-proportion z-test, 5 %), largest change in share first."""
    from papergraph.cli.themes_commands import run_trends

    run_trends(
        settings(),
        from_year=from_year,
        to_year=to_year,
        first=first,
        min_papers=min_papers,
        falling=falling,
        console=out,
    )


@app.command("topics")
@friendly
def topics(
    first: Annotated[int, typer.Option("--first", min=1, max=100, help="Rows.")] = 20,
    recompute: Annotated[
        bool, typer.Option("--recompute", help="Recompute them first (loads do it too).")
    ] = False,
) -> None:
    """The graph's topics (Louvain communities of co-mentioned concepts) as a table."""
    from papergraph.cli.themes_commands import run_topics

    run_topics(settings(), first=first, recompute=recompute, console=out)


@app.command("analyze")
@friendly
def analyze(
    source: Annotated[str, typer.Argument(help="A file holding the abstract, or - for stdin.")],
    first: Annotated[int, typer.Option("--first", min=1, max=100, help="Nearest papers.")] = 10,
) -> None:
    """Where a draft abstract sits in the graph, writing nothing: its concepts and methods
    (how many papers have each, their broader concept), its nearest papers with reasons, and
    what looks new."""
    from papergraph.cli.themes_commands import run_analyze

    text = sys.stdin.read() if source == "-" else _read_text(Path(source))
    run_analyze(settings(), text=text, first=first, console=out)


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PapergraphError(f"{path}: cannot be read as UTF-8 text ({exc}).") from exc


#: The libraries' own switches that keep their banners off the user's terminal: transformers'
#: "LOAD REPORT" (a warning that MiniLM's unused position ids were not loaded) and its weight
#: loading bar, the ONNX exporter's warnings about torchvision operators it skips, Hugging Face
#: and tqdm progress bars (model2vec's distillation), deprecation notices. They are environment
#: variables so that the extraction processes, started later, inherit them; errors still show,
#: and a value the user set wins. The two offline switches make sure no library tries a model
#: hub: every model papergraph uses is on local disk.
QUIET_LIBRARIES = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "TRANSFORMERS_VERBOSITY": "error",
    "TORCH_LOGS": "-onnx",
    "HF_HUB_DISABLE_PROGRESS_BARS": "1",
    "TQDM_DISABLE": "1",
    "PYTHONWARNINGS": "ignore::DeprecationWarning,ignore::FutureWarning",
}


def quiet_libraries() -> None:
    """Set the third-party switches of :data:`QUIET_LIBRARIES` (before those libraries load)."""
    for name, value in QUIET_LIBRARIES.items():
        os.environ.setdefault(name, value)


def main() -> None:
    """Console-script entry point."""
    # The driver logs every transient-error retry as a raw warning line; the CLI reports the
    # outcome itself (a one-line error naming what to do), so only the driver's errors show.
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    quiet_libraries()
    with warnings.catch_warnings():  # deprecation notices are for developers, not CLI users
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", FutureWarning)
        sys.exit(app())


if __name__ == "__main__":
    main()
