"""SQLite connections: the pragmas every connection gets, and the async reader engine.

Every connection, the readers' and the writer's, gets ``journal_mode=WAL`` (readers never
block the writer), ``synchronous=NORMAL`` (a commit survives a crash of the bot; only an OS
crash or power loss can roll back the last commits, never corrupt the file),
``foreign_keys=ON`` and a ``busy_timeout``.

The sqlite3 driver's own implicit BEGIN is switched off and SQLAlchemy's ``begin`` event
emits a plain ``BEGIN`` instead, so a read covers every statement including the first
SELECT with one consistent snapshot. The writer (``bot.store.writer``) begins its own
transactions with ``BEGIN IMMEDIATE``: it takes the write lock up front, so a
read-then-write transaction can never fail half way with SQLITE_BUSY.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

DEFAULT_URL = "sqlite+aiosqlite:///data/tonk.db"
"""Database the bot uses unless told otherwise (relative to the working directory)."""


def database_path(url: str) -> Path:
    """The SQLite file named by ``url``; its directory is created if missing.

    In-memory databases are refused: WAL needs a file and each connection would see a
    different database.
    """
    database = make_url(url).database
    if not database or database == ":memory:" or "mode=memory" in url:
        raise ValueError(f"the store needs an SQLite file database, got {url!r}")
    path = Path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def configure(engine: Engine, *, busy_timeout_ms: int) -> None:
    """Give every connection of ``engine`` the pragmas, the driver's implicit BEGIN off."""

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        finally:
            cursor.close()

    event.listen(engine, "connect", on_connect)


def create_reader(url: str, *, busy_timeout_ms: int) -> AsyncEngine:
    """The pooled async engine that serves reads of the SQLite file at ``url``."""
    database_path(url)
    reader = create_async_engine(url)
    configure(reader.sync_engine, busy_timeout_ms=busy_timeout_ms)
    event.listen(reader.sync_engine, "begin", _begin_snapshot)
    return reader


def _begin_snapshot(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN")
