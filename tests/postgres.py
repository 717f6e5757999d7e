"""A real PostgreSQL server for the tests: ``initdb`` into a temporary directory, ``pg_ctl
start`` on 127.0.0.1 with a free port (its Unix socket in the same directory), stopped and
deleted at the end of the session.

The server's programs are found on PATH, else through ``pg_config --bindir``, else under
``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql`` package; ``.ci/run`` installs it when
none is found). PostgreSQL refuses to run as root: as root the server runs as the system user
:data:`SERVER_USER`, created with ``useradd`` if missing.

The server is for tests only: ``fsync=off`` makes it fast and would lose commits if the
machine (not the test) crashed. Each test gets a database of its own
(:meth:`PostgresServer.create_database`). Logins need the password, so that URLs in the
tests carry one, as production URLs do.
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

from tests.store.raw import execute

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
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)

    def create_database(self) -> str:
        """A new empty database on the server; its URL."""
        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}"
        execute(self.url(), f"CREATE DATABASE {name}")
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


def _ensure_user(name: str) -> None:
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            check=True,
        )
