"""Connection setup: WAL and the other pragmas, transaction control, accepted URLs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import Connection, event, text

from bot.store import Store


@pytest.fixture
def store_url(sqlite_url: str) -> str:
    """These tests are about SQLite itself, from an empty file (as the bot first opens it)."""
    return sqlite_url


async def test_wal_mode_is_on_in_the_database_file(store: Store, tmp_path: Path) -> None:
    """The file itself is in WAL mode, as seen by a separate plain sqlite3 connection."""
    with sqlite3.connect(tmp_path / "tonk.db") as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_every_pooled_connection_gets_the_pragmas(store: Store) -> None:
    """Each connection runs WAL, synchronous=NORMAL, foreign keys on and a busy timeout."""
    async with store.engine.connect() as first, store.engine.connect() as second:
        for connection in (first, second):
            pragmas = {
                name: (await connection.execute(text(f"PRAGMA {name}"))).scalar()
                for name in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")
            }
            assert pragmas == {
                "journal_mode": "wal",
                "synchronous": 1,
                "foreign_keys": 1,
                "busy_timeout": 5000,
            }


async def test_writes_begin_immediate_and_reads_begin_deferred(store: Store) -> None:
    """Write transactions take the write lock up front; reads only open a snapshot."""
    begins: list[str] = []

    def record(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if statement.startswith("BEGIN"):
            begins.append(statement)

    def trace_writer(connection: Connection) -> None:
        raw = connection.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        raw.set_trace_callback(lambda statement: record(None, None, statement))

    event.listen(store.engine.sync_engine, "before_cursor_execute", record)
    await store.writer.run(trace_writer)
    await store.update_guild_settings(1, locale="fr")
    await store.get_guild_settings(1)
    assert begins == ["BEGIN IMMEDIATE", "BEGIN"]


async def test_missing_database_directory_is_created(tmp_path: Path) -> None:
    """Opening a database in a directory that does not exist yet creates the directory."""
    path = tmp_path / "nested" / "data" / "tonk.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    await store.close()
    assert path.exists()


@pytest.mark.parametrize(
    "url",
    [
        "sqlite+aiosqlite://",
        "sqlite+aiosqlite:///:memory:",
        "sqlite+aiosqlite:///file:x?mode=memory&uri=true",
    ],
)
async def test_in_memory_databases_are_refused(url: str) -> None:
    """WAL and a shared pool need a file; an in-memory URL is a configuration error."""
    with pytest.raises(ValueError, match="file database"):
        await Store.open(url)


async def test_store_is_an_async_context_manager(store_url: str) -> None:
    """``async with`` closes the store's connections on exit."""
    async with await Store.open(store_url) as store:
        assert (await store.get_guild_settings(1)).stake == 1
    assert "Current Checked out connections: 0" in store.engine.pool.status()
