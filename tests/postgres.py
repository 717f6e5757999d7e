"""A real PostgreSQL server for the tests: ``initdb`` into a temporary directory, ``pg_ctl
start`` on 127.0.0.1 with a free port (its Unix socket in the same directory), stopped and
deleted at the end of the session.

The server's programs are found on PATH, else through ``pg_config --bindir``, else under
``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql`` package; ``.ci/run`` installs it when
none is found). PostgreSQL refuses to run as root: as root the server runs as the system user
:data:`SERVER_USER`, created with ``useradd`` if missing.

The server is for tests only: ``fsync=off`` makes it fast and would lose commits if the
machine (not the test) crashed. Each test gets a database of its own
(:meth:`PostgresServer.create_database`), or one from a :class:`MigratedDatabases` pool.
Logins need the password, so that URLs in the tests carry one, as production URLs do.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from tests.store.raw import execute, fetch

SERVER_USER = "tonk-pg"
"""The system user that runs the server when the tests run as root."""

ROLE = "tonk"
PASSWORD = "s3cret-pw"
"""The server's superuser and its password (every test URL carries them)."""


class NoServerBinaries(Exception):
    """No ``initdb``/``pg_ctl`` on this machine."""


def find_bindir() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    if shutil.which("pg_config"):
        bindir = subprocess.run(
            ["pg_config", "--bindir"], capture_output=True, text=True, check=False
        ).stdout.strip()
        if bindir and (Path(bindir) / "initdb").exists():
            return Path(bindir)
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    raise NoServerBinaries("no PostgreSQL server programs (initdb, pg_ctl) on this machine")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One throw-away PostgreSQL cluster; :meth:`start` it, :meth:`stop` it."""

    def __init__(self) -> None:
        self.bindir = find_bindir()
        self.directory = Path(tempfile.mkdtemp(prefix="tonk-pg-"))
        self.port = _free_port()
        self._user = SERVER_USER if os.geteuid() == 0 else None
        self._databases = 0

    @property
    def data(self) -> Path:
        return self.directory / "data"

    def url(self, database: str = "postgres") -> str:
        """The asyncpg URL of ``database`` on this server."""
        return f"postgresql+asyncpg://{ROLE}:{PASSWORD}@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """Create the cluster and start the server; return once it takes connections."""
        if self._user is not None:
            _ensure_user(self._user)
            shutil.chown(self.directory, self._user)
        password_file = self.directory / "password"
        password_file.write_text(PASSWORD)
        if self._user is not None:
            shutil.chown(password_file, self._user)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            ROLE,
            f"--pwfile={password_file}",
            "--auth=scram-sha-256",
            "-E",
            "UTF8",
            "--no-sync",
        )
        self.resume()

    def pause(self) -> None:
        """Stop the server (fast shutdown: its connections are cut), keeping its cluster, as
        a database server that goes down; :meth:`resume` starts it again."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server on its port; return once it takes connections."""
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.directory} -c fsync=off "
            "-c full_page_writes=off -c max_connections=200"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.directory / "server.log"),
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its directory."""
        try:
            if (self.data / "postmaster.pid").exists():
                self.pause()
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)

    def create_database(self, template: str | None = None) -> str:
        """A new database on the server, empty or a copy of the database ``template``; its
        URL."""
        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}"
        copy = f" TEMPLATE {template}" if template else ""
        execute(self.url(), f"CREATE DATABASE {name}{copy}")
        return self.url(name)

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bindir / program), *args]
        if self._user is not None:
            command = ["runuser", "-u", self._user, "--", *command]
        environment = {**os.environ, "PGPASSWORD": PASSWORD}
        result = subprocess.run(
            command, capture_output=True, text=True, env=environment, cwd=self.directory
        )
        if result.returncode != 0:
            log = self.directory / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{program} failed ({result.returncode}): {result.stderr.strip()}\n{tail}"
            )


SCHEMA = """
SELECT string_agg(item, E'\\n' ORDER BY item) FROM (
    SELECT 'relation ' || c.relname || ' ' || c.relkind::text FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
    UNION ALL SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' '
        || is_nullable || ' ' || coalesce(column_default, '')
        FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(c.oid)
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public'
    UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'function ' || p.proname FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
    UNION ALL SELECT 'revision ' || version_num FROM alembic_version
) AS schema (item)
"""
"""The schema of a database as one text: its relations, columns, constraints, triggers,
functions and Alembic revision."""

EMPTY_TABLES = """
DO $$ BEGIN
    EXECUTE 'TRUNCATE ' || (
        SELECT string_agg(quote_ident(tablename), ', ') FROM pg_tables
        WHERE schemaname = 'public' AND tablename NOT IN ('alembic_version', 'welcome_since')
    ) || ' RESTART IDENTITY CASCADE';
END $$
"""
"""Empty every table but those the migrations fill (``alembic_version``, ``welcome_since``),
as a fresh migration leaves them, and restart the id sequences."""


class MigratedDatabases:
    """Databases migrated to the newest revision, for the tests that open a store: copies of
    one migrated template (``CREATE DATABASE … TEMPLATE``, about 0.2 s each) that are
    emptied and used again once their test is over (a few milliseconds).

    A database comes back to the pool only if its schema is still the template's: a test
    that added a trigger or a function, or changed a table, leaves it out, and the next test
    gets a new copy. Nothing a test wrote survives: every table is truncated and every id
    sequence restarted, so a reused database reads exactly as a new copy.
    """

    def __init__(self, server: PostgresServer, template: str) -> None:
        """``template``: a database of ``server`` migrated to the newest revision, that
        nothing is connected to."""
        self._server = server
        self._template = template
        self._schema = fetch(server.url(template), SCHEMA)
        self._free: list[str] = []

    def take(self) -> str:
        """The URL of a migrated database holding nothing, for one test."""
        if self._free:
            return self._free.pop()
        return self._server.create_database(template=self._template)

    def give_back(self, url: str) -> None:
        """``url``'s test is over: empty its database for the next one, unless its schema
        changed (or it cannot be emptied within a second: a connection still holds it)."""
        if fetch(url, SCHEMA) != self._schema:
            return
        try:
            execute(url, f"SET lock_timeout = '1s'; {EMPTY_TABLES}")
        except Exception:
            return
        self._free.append(url)


def _ensure_user(name: str) -> None:
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            check=True,
        )
