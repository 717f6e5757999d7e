"""Copying a whole store from one database to another (``tonk db copy``), either backend to
either backend: settings, members' languages, open and closed tables with their logs, hands,
seats and totals.

Guarantees:

* An SQLite source must exist: a mistyped path is refused (:class:`SourceMissing`) before
  anything is made or written, never copied as an empty database over the target.
* Both databases are first brought to the newest schema (``migrations.upgrade``), or, with
  ``migrate_source=False`` (a backup, which must not change what it backs up), the source
  must be at it already (:class:`SourceNotCurrent`).
* A target that holds any row (but those its migrations wrote: ``MIGRATED_ROWS``) is
  refused with :class:`TargetNotEmpty`, unless ``force``: then its rows are deleted first,
  in the same transaction as the copy.
* The copy is ONE transaction on the target: it lands whole or not at all. The source is
  read in one read transaction, one snapshot on either backend (PostgreSQL: ``REPEATABLE
  READ READ ONLY``, as the store's reads): what the bot commits meanwhile is not copied,
  and the copy is the source as it was at one moment (stop the bot to copy all of it).
* Ids are kept, and PostgreSQL's id sequences are moved past them, so a table or hand
  created after the copy never reuses an id (hand uids are built from table ids).
* At the end the row count of every table and the sums of the totals (chips, hands played
  and won) and of the seats' payouts are compared between source and target;
  :class:`CopyMismatch` names the first that differs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Column, Table, delete, func, insert, make_url, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.dburl import is_postgres, masked
from bot.store.connection import create_engine_for, create_reader
from bot.store.errors import StoreError, driver_detail
from bot.store.migrations import current_revision, head, upgrade
from bot.store.models import METADATA
from bot.store.sql.dialect import POSTGRESQL

COPY_ORDER = tuple(table.name for table in METADATA.sorted_tables)
"""Every table of the store's schema, parents before children (so none can be left out)."""

MIGRATED_ROWS = ("welcome_since",)
"""Tables whose rows the migrations write: a database holds them from its creation, so
they do not make a target non-empty; the copy replaces them with the source's."""

_SERIAL_IDS = tuple(name for name in COPY_ORDER if "id" in METADATA.tables[name].c)
"""Tables with an ``id`` column, which the database assigns (a sequence on PostgreSQL)."""

_SUMS = (
    ("player_totals", "net_chips"),
    ("player_totals", "hands_played"),
    ("player_totals", "hands_won"),
    ("hand_player", "payout"),
)
"""Column sums compared after the copy, besides every table's row count."""

BATCH = 2000
"""Rows read and written per round trip."""

Progress = Callable[[str, int, int], None]
"""``progress(table, rows_copied, rows_in_table)``, called after each batch."""


class TargetNotEmpty(StoreError):
    """The target database already holds rows, and the copy was not forced."""

    def __init__(self, url: str, rows: int) -> None:
        super().__init__(f"{masked(url)} already holds {rows} rows")
        self.url = masked(url)
        self.rows = rows


class CopyMismatch(StoreError):
    """After the copy, a count or a sum differs between source and target."""

    def __init__(self, what: str, source: int, target: int) -> None:
        super().__init__(f"{what}: {source} in the source, {target} in the target")
        self.what = what
        self.source = source
        self.target = target


class SourceMissing(StoreError):
    """The SQLite source file does not exist."""

    def __init__(self, url: str) -> None:
        super().__init__(f"{masked(url)} does not exist")
        self.url = masked(url)


class SourceNotCurrent(StoreError):
    """The source is not at the newest schema, and was not to be migrated (the caller names
    the database)."""

    def __init__(self, found: str | None, newest: str) -> None:
        super().__init__(
            f"the database is at schema revision {found or 'none'}, not {newest}: "
            "run tonk db upgrade (or start the bot) first"
        )


class Unreachable(StoreError):
    """One of the two databases could not be opened (its server is down or refused the
    login, the SQLite file cannot be made...)."""

    def __init__(self, url: str, detail: str) -> None:
        super().__init__(f"{masked(url)}: {detail}")
        self.url = masked(url)
        self.detail = detail


@dataclass(frozen=True, slots=True)
class CopyReport:
    """What was copied: rows per table, in :data:`COPY_ORDER`."""

    rows: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def _table(name: str) -> Table:
    return METADATA.tables[name]


def _stored_columns(table: Table) -> list[Column[object]]:
    """The columns a copy writes: all but generated ones (the database computes those)."""
    return [column for column in table.columns if column.computed is None]


async def count_rows(connection: AsyncConnection) -> dict[str, int]:
    """Rows in each of the store's tables."""
    counts = {}
    for name in COPY_ORDER:
        query = select(func.count()).select_from(_table(name))
        counts[name] = int((await connection.execute(query)).scalar_one())
    return counts


async def _sums(connection: AsyncConnection) -> dict[str, int]:
    sums = {}
    for name, column in _SUMS:
        query = select(func.coalesce(func.sum(_table(name).c[column]), 0))
        sums[f"{name}.{column}"] = int((await connection.execute(query)).scalar_one())
    return sums


async def copy_database(
    source_url: str,
    target_url: str,
    *,
    force: bool = False,
    progress: Progress | None = None,
    migrate_source: bool = True,
) -> CopyReport:
    """Copy everything in ``source_url`` to ``target_url`` (see the module docstring).
    :class:`Unreachable` names the database that could not be opened."""
    if not is_postgres(source_url) and not Path(make_url(source_url).database or "").is_file():
        raise SourceMissing(source_url)
    source = create_reader(source_url, busy_timeout_ms=5000)  # one snapshot on either backend
    target = create_engine_for(target_url, immediate=True)
    try:
        found = await _reach(source_url, upgrade(source_url) if migrate_source else None, source)
        if found != head():
            raise SourceNotCurrent(found, head())
        await _reach(target_url, upgrade(target_url), target)
        async with source.connect() as reading, target.begin() as writing:
            counts = await count_rows(reading)
            present = sum(
                rows
                for name, rows in (await count_rows(writing)).items()
                if name not in MIGRATED_ROWS
            )
            if present and not force:
                raise TargetNotEmpty(target_url, present)
            for name in reversed(COPY_ORDER):
                await writing.execute(delete(_table(name)))
            for name in COPY_ORDER:
                await _copy_table(reading, writing, name, counts[name], progress)
            if writing.dialect.name == POSTGRESQL:
                await _advance_sequences(writing)
            await _verify(reading, writing, counts)
    finally:
        await _dispose((source, target))
    return CopyReport(rows=counts)


async def _reach(url: str, migrating: Awaitable[str] | None, engine: AsyncEngine) -> str | None:
    """Open the database at ``url`` (through ``migrating`` first, if given): its schema
    revision. :class:`Unreachable` if it cannot be opened."""
    try:
        if migrating is not None:
            await migrating
        async with engine.connect() as connection:
            return await connection.run_sync(current_revision)
    except (DBAPIError, OSError) as error:
        raise Unreachable(url, driver_detail(error)) from error


async def _copy_table(
    reading: AsyncConnection,
    writing: AsyncConnection,
    name: str,
    total: int,
    progress: Progress | None,
) -> None:
    table = _table(name)
    columns = _stored_columns(table)
    query = select(*columns).order_by(*table.primary_key.columns)
    statement = insert(table)
    copied = 0
    if progress is not None:
        progress(name, 0, total)
    result = await reading.stream(query)
    async for batch in result.partitions(BATCH):
        rows = [dict(row._mapping) for row in batch]
        await writing.execute(statement, rows)
        copied += len(rows)
        if progress is not None:
            progress(name, copied, total)


async def _advance_sequences(writing: AsyncConnection) -> None:
    """Move each id sequence past the copied ids (``setval``), so new ids stay unique."""
    for name in _SERIAL_IDS:
        await writing.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{name}', 'id'),"
                f" coalesce((SELECT max(id) FROM {name}), 0) + 1, false)"
            )
        )


async def _verify(
    reading: AsyncConnection, writing: AsyncConnection, counts: dict[str, int]
) -> None:
    copied = await count_rows(writing)
    for name in COPY_ORDER:
        if copied[name] != counts[name]:
            raise CopyMismatch(f"{name} rows", counts[name], copied[name])
    expected, found = await _sums(reading), await _sums(writing)
    for what, value in expected.items():
        if found[what] != value:
            raise CopyMismatch(what, value, found[what])


async def _dispose(engines: Sequence[AsyncEngine]) -> None:
    for engine in engines:
        await engine.dispose()
