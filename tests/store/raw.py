"""Plain SQL on a test database of either backend, beside the store (to check or corrupt
what it wrote): sqlite3 for SQLite, asyncpg (in a thread of its own) for PostgreSQL."""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy.engine import make_url


def fetch(url: str, sql: str) -> list[tuple[Any, ...]]:
    """The rows of one query."""
    parsed = make_url(url)
    if parsed.drivername.startswith("sqlite"):
        with sqlite3.connect(str(parsed.database)) as raw:
            return raw.execute(sql).fetchall()
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, _postgres(url, sql)).result()


def execute(url: str, sql: str) -> None:
    """Run statements and commit."""
    parsed = make_url(url)
    if parsed.drivername.startswith("sqlite"):
        with sqlite3.connect(str(parsed.database)) as raw:
            raw.executescript(sql)
        return
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, _postgres(url, sql, fetch=False)).result()


async def connect_postgres(url: str) -> Any:
    """A raw asyncpg connection to the database of a ``postgresql+asyncpg://`` URL."""
    import asyncpg

    parsed = make_url(url)
    return await asyncpg.connect(
        user=parsed.username,
        password=parsed.password,
        host=parsed.host,
        port=parsed.port,
        database=parsed.database,
    )


async def _postgres(url: str, sql: str, fetch: bool = True) -> list[tuple[Any, ...]]:
    connection = await connect_postgres(url)
    try:
        if not fetch:
            await connection.execute(sql)
            return []
        return [tuple(row) for row in await connection.fetch(sql)]
    finally:
        await connection.close()
