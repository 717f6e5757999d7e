"""Shared fixtures: the fake Discord (``fake_discord``) and a real PostgreSQL server.

``postgres_server`` (session scope) is one throw-away PostgreSQL started by the tests
(``tests/postgres.py``); ``postgres_url`` gives a test an empty database of its own on it;
``db_url`` runs a test twice, on a new SQLite file and on a new PostgreSQL database.
Where no server programs can be had the PostgreSQL tests are skipped, except under CI
(``CI=true``), where that is an error: CI must test both backends.

Tests marked ``slow`` (the long tail of the engine's random hands) run under CI, or when a
``-m`` expression asks for them; a plain ``pytest`` leaves them out, for quicker feedback.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres import NoServerBinaries, PostgresServer

pytest_plugins = ["tests.fakediscord.plugin"]


def in_ci() -> bool:
    """Whether the tests run under CI (``CI`` set to true, as CI services set it)."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the ``slow`` tests unless under CI or chosen by ``-m``."""
    if in_ci() or config.getoption("markexpr"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A running PostgreSQL server for the whole session (see ``tests/postgres.py``)."""
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
