"""Shared fixtures: the fake Discord (``fake_discord``) and a real PostgreSQL server.

``postgres_server`` (session scope) is one throw-away PostgreSQL started by the tests
(``tests/postgres.py``); ``postgres_url`` gives a test an empty database of its own on it;
``db_url`` runs a test twice, on a new SQLite file and on a new PostgreSQL database.
``store_url`` does the same with databases already migrated to the newest revision: copies
of a template migrated once per test process (``sqlite_store_url`` for SQLite alone), the
PostgreSQL ones emptied and used again (``tests.postgres.MigratedDatabases``), so the many
tests that only open a store do not each run every migration (about 40 ms on SQLite, 110 ms
on PostgreSQL) and create a database (200 ms). Tests of the migrations take empty ones.
Where no server programs can be had the PostgreSQL tests are skipped, except under CI
(``CI=true``), where that is an error: CI must test both backends.

``-n auto`` (the default, from ``pyproject.toml``) starts two test processes per core: many
tests spend part of their time waiting on real clocks (computer players' pauses, a lock held
for seconds, other processes), and a second process per core keeps the cores busy meanwhile
(on 2 cores: about 90 s for the whole suite against 113 s with one process per core).

Tests marked ``slow`` (the long tail of the engine's random hands) run under CI, or when a
``-m`` expression asks for them; a plain ``pytest`` leaves them out, for quicker feedback.

The fixtures import the store and the PostgreSQL helpers where they use them: xdist's
controller process loads this file too, runs no test, and would otherwise import SQLAlchemy
and Alembic before it starts any worker.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import shutil
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.postgres import MigratedDatabases, PostgresServer

pytest_plugins = ["tests.fakediscord.plugin"]


def in_ci() -> bool:
    """Whether the tests run under CI (``CI`` set to true, as CI services set it)."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two test processes per core this process may run on."""
    return 2 * len(os.sched_getaffinity(0))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the ``slow`` tests unless under CI or chosen by ``-m``."""
    if in_ci() or config.getoption("markexpr"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session: pytest.Session) -> None:
    """An xdist worker running the whole suite first imports the test modules starting at its
    own share of them (``gw1`` of 4 at the second quarter, and so on round), keeping bytecode
    even where ``PYTHONDONTWRITEBYTECODE`` is set: pytest's of each module as it rewrote its
    asserts (``__pycache__/*-pytest-*.pyc``), and Python's of any module not yet compiled that
    they import. Each worker then finds the others' shares rewritten instead of rewriting
    every module itself (6 s of CPU per worker). Collection, which follows, finds the modules
    imported; one that failed to import is left for it to report."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None or session.config.args_source is not pytest.Config.ArgsSource.TESTPATHS:
        return
    workers = int(os.environ["PYTEST_XDIST_WORKER_COUNT"])
    root = session.config.rootpath
    modules = [
        ".".join(path.relative_to(root).with_suffix("").parts)
        for path in sorted((root / "tests").rglob("test_*.py"))
    ]
    start = int(worker.removeprefix("gw")) % workers * len(modules) // workers
    keeping, sys.dont_write_bytecode = sys.dont_write_bytecode, False
    try:
        for module in modules[start:] + modules[:start]:
            try:
                importlib.import_module(module)
            except (Exception, pytest.skip.Exception, pytest.fail.Exception):
                continue
    finally:
        sys.dont_write_bytecode = keeping


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A running PostgreSQL server for the whole session (see ``tests/postgres.py``)."""
    from tests.postgres import NoServerBinaries, PostgresServer

    try:
        server = PostgresServer()
    except NoServerBinaries as missing:
        if in_ci():
            pytest.fail(f"CI must test PostgreSQL, but {missing}", pytrace=False)
        pytest.skip(f"PostgreSQL tests skipped: {missing}")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """URL of an empty database: an SQLite file that does not exist yet, or a new database
    on the session's PostgreSQL server. Every test that takes it runs on both."""
    if request.param == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return f"sqlite+aiosqlite:///{tmp_path / 'tonk.db'}"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """URL of an SQLite file that does not exist yet, for what only SQLite has."""
    return f"sqlite+aiosqlite:///{tmp_path / 'tonk.db'}"


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a new, empty database on the session's PostgreSQL server."""
    return postgres_server.create_database()


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest revision, from a fixture (in a thread of
    its own, with its own event loop)."""
    from bot.store.migrations import upgrade

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, upgrade(url)).result()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file migrated to the newest revision, made once per test process."""
    path = tmp_path_factory.mktemp("template") / "tonk.db"
    migrate(f"sqlite+aiosqlite:///{path}")
    leftover = path.with_name(f"{path.name}-wal")
    assert not leftover.exists() or leftover.stat().st_size == 0, "the template's WAL was kept"
    return path


@pytest.fixture(scope="session")
def migrated_postgres(postgres_server: PostgresServer) -> MigratedDatabases:
    """The pool of migrated databases on the session's server (see ``tests/postgres.py``)."""
    from tests.postgres import MigratedDatabases

    url = postgres_server.create_database()
    migrate(url)
    return MigratedDatabases(postgres_server, url.rsplit("/", 1)[1])


@pytest.fixture
def sqlite_store(tmp_path: Path, sqlite_template: Path) -> Path:
    """A new SQLite file migrated to the newest revision (a copy of the template)."""
    path = tmp_path / "tonk.db"
    shutil.copyfile(sqlite_template, path)
    return path


@pytest.fixture
def sqlite_store_url(sqlite_store: Path) -> str:
    """The URL of ``sqlite_store``."""
    return f"sqlite+aiosqlite:///{sqlite_store}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """URL of a database migrated to the newest revision and holding nothing: a new SQLite
    file, or a PostgreSQL database of the pool. Every test that takes it runs on both."""
    if request.param == "sqlite":
        yield request.getfixturevalue("sqlite_store_url")
        return
    pool: MigratedDatabases = request.getfixturevalue("migrated_postgres")
    url = pool.take()
    yield url
    pool.give_back(url)
