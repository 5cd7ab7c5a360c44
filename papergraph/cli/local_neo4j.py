"""A local Neo4j Community server without Docker: provisioned from Maven Central, run with java.

The jars are resolved once with ``mvn`` (``papergraph/cli/_neo4j/pom.xml``) into
``$PAPERGRAPH_HOME/neo4j-<version>/lib`` and shared by every instance. Each Bolt port gets its
own instance folder (``$PAPERGRAPH_HOME/instances/bolt-<port>``) holding the generated
``neo4j.conf``, the store, the logs and the pid file, so a test server on another port never
touches the development data.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, replace
from pathlib import Path

from papergraph.cli._home import require_writable
from papergraph.errors import AuthenticationError, Neo4jServerError
from papergraph.settings import Settings

__all__ = [
    "NEO4J_VERSION",
    "ServerLayout",
    "ServerStatus",
    "import_database",
    "layout",
    "log_tail",
    "provision",
    "start",
    "status",
    "stop",
]

NEO4J_VERSION = "5.26.30"
_MAIN_CLASS = "org.neo4j.server.CommunityEntryPoint"
_ADMIN_CLASS = "org.neo4j.cli.AdminTool"
_POM = Path(__file__).parent / "_neo4j" / "pom.xml"
_JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:+ExitOnOutOfMemoryError",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dfile.encoding=UTF-8",
)


@dataclass(frozen=True)
class ServerLayout:
    """Where the shared jars and one instance's files live."""

    lib: Path
    instance: Path

    @property
    def conf_dir(self) -> Path:
        return self.instance / "conf"

    @property
    def data(self) -> Path:
        return self.instance / "data"

    @property
    def logs(self) -> Path:
        return self.instance / "logs"

    @property
    def pid_file(self) -> Path:
        return self.instance / "run" / "papergraph-neo4j.pid"

    @property
    def console_log(self) -> Path:
        return self.logs / "console.log"


@dataclass(frozen=True)
class ServerStatus:
    """What ``papergraph neo4j status`` reports."""

    running: bool
    pid: int | None
    uri: str
    browser_url: str
    version: str | None
    instance: Path
    #: The file of the password this start generated for a new store (shown once), else None.
    generated_password: Path | None = None


def layout(settings: Settings) -> ServerLayout:
    """The folders of the local server that ``settings`` point at."""
    home = settings.home
    return ServerLayout(
        lib=home / f"neo4j-{NEO4J_VERSION}" / "lib",
        instance=settings.neo4j_instance,
    )


def provision(settings: Settings) -> Path:
    """Resolve the Neo4j jars with Maven unless they are cached; return the ``lib`` folder."""
    lib = layout(settings).lib
    if (lib / ".complete").exists():
        return lib
    mvn = _require_tool("mvn", "Maven is needed once to download Neo4j: apt-get install maven")
    require_writable(settings.home)
    staging = lib.with_name("lib.partial")
    shutil.rmtree(staging, ignore_errors=True)
    command = [
        mvn,
        "-q",
        "-B",
        "-f",
        str(_POM),
        "dependency:copy-dependencies",
        f"-DoutputDirectory={staging}",
        "-DincludeScope=runtime",
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)  # a half-downloaded scratch copy helps no one
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
        raise Neo4jServerError(
            f"Maven could not download Neo4j {NEO4J_VERSION} from Maven Central "
            f"(exit {result.returncode}). Check network access to Maven Central.\n{tail}"
        )
    (staging / ".complete").write_text(NEO4J_VERSION)
    shutil.rmtree(lib, ignore_errors=True)
    staging.rename(lib)
    return lib


def start(settings: Settings) -> ServerStatus:
    """Start the local server in the background and wait until Bolt answers (no-op if running)."""
    _require_local(settings)
    require_writable(settings.home)
    where = layout(settings)
    if _running_pid(where) is not None:
        _check_password(settings, where)
        return status(settings)
    java = _require_java()
    for port in (settings.bolt_port, settings.neo4j_http_port):
        _require_free_port(port)
    provision(settings)
    _write_conf(settings, where)
    generated = _set_initial_password(settings, where, java)
    pid = _launch(settings, where, java)
    _wait_for_bolt(settings, where, pid)
    return replace(status(settings), generated_password=generated)


def stop(settings: Settings, *, grace_seconds: float = 30.0) -> bool:
    """Stop the local server: SIGTERM, then SIGKILL after ``grace_seconds``. False if not running."""
    where = layout(settings)
    pid = _running_pid(where)
    if pid is None:
        where.pid_file.unlink(missing_ok=True)
        return False
    os.kill(pid, signal.SIGTERM)
    if not _wait_for_exit(pid, grace_seconds):
        os.kill(pid, signal.SIGKILL)
        _wait_for_exit(pid, 10.0)
    where.pid_file.unlink(missing_ok=True)
    return True


def import_database(settings: Settings, arguments: list[str]) -> None:
    """Run ``neo4j-admin database import full ARGUMENTS`` over the stopped local server's
    database (its store is replaced: the caller checks that it holds nothing)."""
    _require_local(settings)
    where = layout(settings)
    if _running_pid(where) is not None:
        raise Neo4jServerError("Stop the local Neo4j before importing into its database.")
    command = [_require_java(), "-cp", f"{where.lib}/*", _ADMIN_CLASS]
    command += ["database", "import", "full", "--overwrite-destination", *arguments]
    command.append(settings.neo4j_database)
    result = subprocess.run(
        command, capture_output=True, text=True, env=_java_env(where), check=False
    )
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
        raise Neo4jServerError(f"neo4j-admin could not import the bulk files:\n{tail}")


def status(settings: Settings) -> ServerStatus:
    """Whether the local server runs, its pid and the version it reports over Bolt."""
    where = layout(settings)
    pid = _running_pid(where)
    version = _server_version(settings) if pid is not None else None
    return ServerStatus(
        running=pid is not None,
        pid=pid,
        uri=settings.neo4j_uri,
        browser_url=settings.browser_url,
        version=version,
        instance=where.instance,
    )


def log_tail(settings: Settings, lines: int = 40) -> str:
    """The last ``lines`` lines of the server's logs (console, then neo4j.log)."""
    where = layout(settings)
    for path in (where.console_log, where.logs / "neo4j.log"):
        if path.exists():
            text = path.read_text(encoding="utf-8", errors="replace")
            return "\n".join(text.splitlines()[-lines:])
    return f"(no log yet under {where.logs})"


def _require_local(settings: Settings) -> None:
    if settings.bolt_host not in {"127.0.0.1", "localhost", "::1"}:
        raise Neo4jServerError(
            f"NEO4J_URI points at {settings.bolt_host}, not this machine: papergraph only starts "
            "a local server. Unset NEO4J_URI to use the local one, or manage that server yourself."
        )


def _require_tool(name: str, hint: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise Neo4jServerError(f"'{name}' was not found on PATH. {hint}")
    return path


def _require_java() -> str:
    java_home = os.environ.get("JAVA_HOME")
    candidate = Path(java_home) / "bin" / "java" if java_home else None
    if candidate is not None and candidate.exists():
        return str(candidate)
    return _require_tool(
        "java",
        "Neo4j 5.26 needs Java 17 or 21: apt-get install openjdk-17-jre-headless or set JAVA_HOME.",
    )


def _require_free_port(port: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            raise Neo4jServerError(
                f"Port {port} on 127.0.0.1 is taken by another process: stop it, or choose "
                "another port (NEO4J_URI=bolt://127.0.0.1:<port> for Bolt, "
                "PAPERGRAPH_NEO4J_HTTP_PORT for HTTP)."
            )


def _write_conf(settings: Settings, where: ServerLayout) -> None:
    for folder in (
        where.conf_dir,
        where.data,
        where.logs,
        where.pid_file.parent,
        where.instance / "plugins",
        where.instance / "import",
    ):
        folder.mkdir(parents=True, exist_ok=True)
    conf = {
        "server.default_listen_address": "127.0.0.1",
        "server.default_advertised_address": "127.0.0.1",
        "server.bolt.listen_address": f"127.0.0.1:{settings.bolt_port}",
        "server.bolt.advertised_address": f"127.0.0.1:{settings.bolt_port}",
        "server.http.enabled": "true",
        "server.http.listen_address": f"127.0.0.1:{settings.neo4j_http_port}",
        "server.http.advertised_address": f"127.0.0.1:{settings.neo4j_http_port}",
        "server.https.enabled": "false",
        # Neo4j answers every origin by default, so any web page the user visits could send
        # Cypher to it; only Neo4j Browser's own origin may.
        "dbms.security.http_access_control_allow_origin": (
            f"http://127.0.0.1:{settings.neo4j_http_port}"
        ),
        "dbms.security.auth_enabled": "true",
        "server.memory.pagecache.size": settings.neo4j_pagecache,
        "db.transaction.timeout": "60s",
        # How often Neo4j stops transactions past their timeout (PAPERGRAPH_QUERY_TIMEOUT);
        # its default, 2 s, let a statement run up to 2 s past it.
        "db.transaction.monitor.check.interval": "200ms",
        "db.memory.transaction.max": "1g",
        # Past what recovery needs, transaction logs serve differential backups and cluster
        # catch-up, neither of which a Community server provides; Neo4j's default keeps two
        # days of them, as large as the store itself after a large load.
        "db.tx_log.rotation.retention_policy": "1G size",
        "dbms.usage_report.enabled": "false",
        "server.directories.data": str(where.data),
        "server.directories.logs": str(where.logs),
        "server.directories.run": str(where.pid_file.parent),
        "server.directories.plugins": str(where.instance / "plugins"),
        "server.directories.import": str(where.instance / "import"),
        "server.directories.transaction.logs.root": str(where.data / "transactions"),
    }
    text = "".join(f"{key}={value}\n" for key, value in conf.items())
    (where.conf_dir / "neo4j.conf").write_text(
        "# Generated by papergraph; edits are overwritten.\n" + text
    )


def _java_env(where: ServerLayout) -> dict[str, str]:
    return {**os.environ, "NEO4J_HOME": str(where.instance), "NEO4J_CONF": str(where.conf_dir)}


def _set_initial_password(settings: Settings, where: ServerLayout, java: str) -> Path | None:
    """Give a new store its password: ``NEO4J_PASSWORD``, or else a random one kept (owner-only)
    in the instance folder, whose path is returned so that it can be shown once."""
    if (where.data / "dbms" / "auth.ini").exists() or (where.data / "databases").exists():
        if (where.data / "dbms").is_dir():
            _owner_only(where.data / "dbms")  # a store made before it was kept owner-only
        return None
    generated = None
    if settings.neo4j_password is None:
        generated = settings.generated_password_file
        # Hex, never url-safe base64: neo4j-admin reads a password that starts with '-' (1 in
        # 64 of those) as an option and fails with 'Missing required parameter'.
        _keep_secret(generated, secrets.token_hex(18))
    # The password goes in an owner-only argument file the java launcher expands (``@file``),
    # never on the command line, which every local user can read (ps, /proc/PID/cmdline).
    arguments = where.instance / "set-password.args"
    password = _quoted(settings.neo4j_auth()[1])
    _keep_secret(arguments, f"{_ADMIN_CLASS} dbms set-initial-password {password}")
    try:
        command = [java, "-cp", f"{where.lib}/*", f"@{arguments}"]
        result = subprocess.run(
            command, capture_output=True, text=True, env=_java_env(where), check=False
        )
    finally:
        arguments.unlink(missing_ok=True)
    if result.returncode != 0:
        raise Neo4jServerError(
            f"Setting the initial Neo4j password failed: {result.stderr.strip()}"
        )
    _owner_only(where.data / "dbms")
    return generated


def _quoted(argument: str) -> str:
    """``argument`` as one argument of a java ``@file``: quoted, backslashes and quotes escaped."""
    return '"' + argument.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _owner_only(folder: Path) -> None:
    """Make ``folder`` (the password hashes' ``auth.ini``) and its files readable by the owner
    only: Neo4j writes them with the process's default mode, world-readable."""
    folder.chmod(0o700)
    for path in folder.iterdir():
        path.chmod(0o600)


def _keep_secret(path: Path, secret: str) -> None:
    """Write ``secret`` to ``path`` readable by its owner only, never half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(path.name + ".partial")
    descriptor = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(secret + "\n")
    scratch.replace(path)


def _launch(settings: Settings, where: ServerLayout, java: str) -> int:
    heap = settings.neo4j_heap
    command = [
        java,
        f"-Xms{heap}",
        f"-Xmx{heap}",
        *_JVM_FLAGS,
        "-cp",
        f"{where.lib}/*",
        _MAIN_CLASS,
        f"--home-dir={where.instance}",
        f"--config-dir={where.conf_dir}",
        "--console-mode",
    ]
    # Detached: a short-lived shell starts java in the background and prints its pid, so the
    # server outlives this process without a child handle (no zombie, no "still running"
    # warning when `papergraph up` exits).
    launcher = 'exec 0</dev/null; "$@" >>"$LOG" 2>&1 & echo $!'
    result = subprocess.run(
        ["sh", "-c", launcher, "sh", *command],
        env={**_java_env(where), "LOG": str(where.console_log)},
        capture_output=True,
        text=True,
        check=False,
        start_new_session=True,
    )
    if result.returncode != 0 or not result.stdout.strip().isdigit():
        raise Neo4jServerError(f"Could not launch java: {result.stderr.strip() or result.stdout}")
    pid = int(result.stdout.strip())
    where.pid_file.write_text(str(pid))
    return pid


def _wait_for_bolt(settings: Settings, where: ServerLayout, pid: int) -> None:
    from neo4j.exceptions import AuthError

    deadline = time.monotonic() + settings.neo4j_start_timeout
    while time.monotonic() < deadline:
        if not _alive(pid):
            where.pid_file.unlink(missing_ok=True)
            raise Neo4jServerError(
                f"Neo4j exited during start-up. Last log lines:\n{log_tail(settings)}"
            )
        try:
            if _server_version(settings, raise_auth=True) is not None:
                return
        except AuthError as exc:
            raise AuthenticationError(_wrong_password(settings, where)) from exc
        time.sleep(0.5)
    raise Neo4jServerError(
        f"Neo4j did not answer on {settings.neo4j_uri} within {settings.neo4j_start_timeout:.0f} s "
        f"(PAPERGRAPH_NEO4J_START_TIMEOUT). Last log lines:\n{log_tail(settings)}"
    )


def _check_password(settings: Settings, where: ServerLayout) -> None:
    from neo4j.exceptions import AuthError

    try:
        _server_version(settings, raise_auth=True)
    except AuthError as exc:
        raise AuthenticationError(_wrong_password(settings, where)) from exc


def _wrong_password(settings: Settings, where: ServerLayout) -> str:
    return (
        f"Neo4j at {settings.neo4j_uri} refused user '{settings.neo4j_user}' with the configured "
        "password. The local server keeps the password it was first started with (generated "
        f"into {settings.generated_password_file} when NEO4J_PASSWORD was unset): set "
        f"NEO4J_PASSWORD to it, or stop the server and delete {where.instance} to start afresh."
    )


def _server_version(settings: Settings, *, raise_auth: bool = False) -> str | None:
    from neo4j import GraphDatabase
    from neo4j.exceptions import AuthError, DriverError, Neo4jError

    auth = settings.neo4j_auth()
    try:
        with (
            GraphDatabase.driver(settings.neo4j_uri, auth=auth, connection_timeout=2.0) as driver,
            driver.session(database="system") as session,  # no retries: we poll ourselves
        ):
            record = session.run(
                "CALL dbms.components() YIELD versions RETURN versions[0] AS version"
            ).single(strict=True)
            return str(record["version"])
    except AuthError:
        if raise_auth:
            raise
        return None
    except (DriverError, Neo4jError, OSError):
        return None


def _running_pid(where: ServerLayout) -> int | None:
    try:
        pid = int(where.pid_file.read_text().strip())
    except (FileNotFoundError, ValueError):
        return None
    return pid if _alive(pid) and _is_our_server(pid, where) else None


def _is_our_server(pid: int, where: ServerLayout) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return True  # no /proc (macOS): trust the pid file
    return _MAIN_CLASS in cmdline and str(where.instance) in cmdline


def _alive(pid: int) -> bool:
    try:
        waited, _ = os.waitpid(pid, os.WNOHANG)
        if waited == pid:
            return False
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _wait_for_exit(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.2)
    return not _alive(pid)
