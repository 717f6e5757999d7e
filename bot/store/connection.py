"""Connections of both backends: database URLs, the async reader engine, the pragmas.

**SQLite** (``sqlite+aiosqlite:///path``, the default): every connection, the readers' and
the writer's, gets ``journal_mode=WAL`` (readers never block the writer),
``synchronous=NORMAL`` (a commit survives a crash of the bot; only an OS crash or power loss
can roll back the last commits, never corrupt the file), ``foreign_keys=ON`` and a
``busy_timeout``. The sqlite3 driver's own implicit BEGIN is switched off and SQLAlchemy's
``begin`` event emits a plain ``BEGIN`` instead, so a read covers every statement including
the first SELECT with one consistent snapshot. Writers and migrations begin with
``BEGIN IMMEDIATE``: they take the write lock up front, so a read-then-write transaction can
never fail half way with SQLITE_BUSY.

**PostgreSQL** (``postgresql+asyncpg://user:password@host:port/database``, needs the
``postgres`` extra): reads run in ``REPEATABLE READ READ ONLY`` transactions (one snapshot
per read); the writer (``bot.store.postgres``) commits with ``synchronous_commit=on``
(set on its connection): durable once the caller is answered.

A URL is never logged or shown with its password: ``bot.dburl.masked`` hides it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.dburl import is_postgres, masked
from bot.i18n import text
from bot.store.errors import MissingDriver

DEFAULT_URL = "sqlite+aiosqlite:///data/tonk.db"
"""Database the bot uses unless told otherwise (relative to the working directory)."""


def database_path(url: str) -> Path:
    """The SQLite file named by ``url``; its directory is created if missing.

    In-memory databases are refused: WAL needs a file and each connection would see a
    different database.
    """
    parsed = make_url(url)
    database = parsed.database
    if not parsed.drivername.startswith("sqlite"):
        raise ValueError(f"not an SQLite URL: {masked(url)}")
    if not database or database == ":memory:" or "mode=memory" in url:
        raise ValueError(f"the store needs an SQLite file database, got {masked(url)}")
    path = Path(database)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def configure(engine: Engine, *, busy_timeout_ms: int) -> None:
    """Give every SQLite connection of ``engine`` the pragmas, the driver's implicit BEGIN off."""

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


def create_engine_for(
    url: str, *, busy_timeout_ms: int = 5000, immediate: bool = False, **options: Any
) -> AsyncEngine:
    """An async engine on ``url`` of either backend, configured as the module docstring says.

    ``immediate``: SQLite transactions begin with ``BEGIN IMMEDIATE`` (the write lock up
    front) instead of a snapshot ``BEGIN``. Raises :class:`MissingDriver` (one sentence
    naming the ``postgres`` extra) for a PostgreSQL URL without asyncpg installed.
    """
    if is_postgres(url):
        try:
            return create_async_engine(url, **options)
        except ModuleNotFoundError as error:
            raise MissingDriver(text("store.no_asyncpg", url=masked(url))) from error
    database_path(url)
    engine = create_async_engine(url, **options)
    configure(engine.sync_engine, busy_timeout_ms=busy_timeout_ms)
    event.listen(engine.sync_engine, "begin", _begin_immediate if immediate else _begin_snapshot)
    return engine


def create_reader(url: str, *, busy_timeout_ms: int) -> AsyncEngine:
    """The pooled async engine that serves reads of the database at ``url``."""
    if is_postgres(url):
        return create_engine_for(
            url,
            isolation_level="REPEATABLE READ",
            execution_options={"postgresql_readonly": True},
            pool_pre_ping=True,
        )
    return create_engine_for(url, busy_timeout_ms=busy_timeout_ms)


def _begin_snapshot(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN")


def _begin_immediate(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")
