"""The async SQLite engine: connection pragmas and explicit transaction control.

Every pooled connection gets ``journal_mode=WAL`` (readers never block the writer),
``synchronous=NORMAL`` (a commit survives a crash of the bot; only an OS crash or power loss
can roll back the last commits, never corrupt the file), ``foreign_keys=ON`` and a
``busy_timeout``.

The sqlite3 driver's own implicit BEGIN is switched off and SQLAlchemy's ``begin`` event
emits ours instead, so a transaction covers every statement including the first SELECT:
``BEGIN IMMEDIATE`` on the writer engine (it takes the write lock up front, so a
read-then-write transaction can never fail half way with SQLITE_BUSY) and plain ``BEGIN``
(a consistent snapshot) for readers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

DEFAULT_URL = "sqlite+aiosqlite:///data/tonk.db"
"""Database the bot uses unless told otherwise (relative to the working directory)."""

_WRITE_OPTION = "tonk_store_write"


def create_engines(url: str, *, busy_timeout_ms: int) -> tuple[AsyncEngine, AsyncEngine]:
    """Return ``(reader, writer)`` engines sharing one pool for the SQLite file at ``url``.

    The file's directory is created if missing. In-memory databases are refused: WAL needs
    a file and each pooled connection would see a different database.
    """
    database = make_url(url).database
    if not database or database == ":memory:" or "mode=memory" in url:
        raise ValueError(f"the store needs an SQLite file database, got {url!r}")
    Path(database).parent.mkdir(parents=True, exist_ok=True)

    reader = create_async_engine(url)

    def configure(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        finally:
            cursor.close()

    event.listen(reader.sync_engine, "connect", configure)
    event.listen(reader.sync_engine, "begin", _begin)
    return reader, reader.execution_options(**{_WRITE_OPTION: True})


def _begin(connection: Connection) -> None:
    immediate = connection.get_execution_options().get(_WRITE_OPTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")
