"""Shared fixtures: the fake Discord (``fake_discord``) and a real PostgreSQL server.

``postgres_server`` (session scope) is one throw-away PostgreSQL started by the tests
(``tests/postgres.py``); ``postgres_url`` gives a test an empty database of its own on it.
Where no server programs can be had the PostgreSQL tests are skipped, except under CI
(``CI=true``), where that is an error: CI must test both backends.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.postgres import NoServerBinaries, PostgresServer

pytest_plugins = ["tests.fakediscord.plugin"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A running PostgreSQL server for the whole session (see ``tests/postgres.py``)."""
    try:
        server = PostgresServer()
    except NoServerBinaries as missing:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI must test PostgreSQL, but {missing}", pytrace=False)
        pytest.skip(f"PostgreSQL tests skipped: {missing}")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a new, empty database on the session's PostgreSQL server."""
    return postgres_server.create_database()
