"""``PostgresWriter``: the :class:`~bot.store.writer.Writer` of a PostgreSQL store (asyncpg).

Same guarantees as ``SQLiteWriter`` (see ``bot.store.writer``), the PostgreSQL way:

* **Group commit.** One coroutine owns one connection. The units pending when it is free run
  together in ONE transaction, all in a single ``run_sync`` hop; their callers are answered
  once ``COMMIT`` returned, and the write connection sets ``synchronous_commit=on`` (whatever
  the server's default), so the transaction is then on disk. A batch of journal appends
  alone, nearly every move's, is a single statement: it is sent without ``BEGIN`` and
  ``COMMIT``, one round trip instead of three, and commits by itself, as atomic and durable.
* **Failures stay alone.** A unit that raises (a stale version, a constraint) fails alone
  and the rest of the batch commits. Every round trip to the server counts here, so a batch
  first runs without savepoints; only if one of its units raises is the transaction rolled
  back and the batch run again with each unit in its own savepoint (``begin_nested``),
  where the failing unit rolls back to its savepoint. A unit may therefore run twice; the
  store's units are functions of the database alone, so the second run decides. A batch of
  one unit never needs savepoints: its failure is the transaction's.
* **Several processes share the database.** What needs exclusion takes it in the database:
  a table's commit locks its row (``SELECT … FOR UPDATE``, see ``sql.tables``), a finished
  hand is inserted with ``ON CONFLICT (hand_uid) DO NOTHING``, totals are ``ON CONFLICT DO
  UPDATE`` upserts. A unit that waits longer than ``lock_timeout`` for a row lock held by
  another process (server setting ``lock_timeout``), or that a deadlock ends, fails alone
  with :class:`~bot.store.errors.StoreUnavailable`, nothing of it written.
* **A database that cannot write fails cleanly.** A lost connection, a server shutting
  down, a full disk or a read-only server fail the whole batch with ``StoreUnavailable``;
  nothing of it lands (the transaction never committed) and the next batch reconnects.
* **A cancelled caller does not cancel its write**: the batch runs in the writer's own task.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.pool import NullPool

from bot.store.connection import create_engine_for
from bot.store.errors import StoreUnavailable, driver_detail
from bot.store.sql.commits import Append, groups, run_group
from bot.store.writer import (
    DEFAULT_LOCK_TIMEOUT,
    MAX_BATCH,
    Request,
    Work,
    WriterStats,
    deliver,
    transactions,
)

logger = logging.getLogger(__name__)

T = TypeVar("T")

_UNIT_UNAVAILABLE = frozenset({"55P03", "40P01", "40001"})
"""SQLSTATEs that fail one unit as unavailable: lock timeout, deadlock, serialization."""

_DATABASE_FAILED_CLASSES = ("08", "25", "53", "57", "58", "XX")
"""SQLSTATE classes of a database that cannot write: connection, transaction state,
resources (disk full), operator intervention (shutdown), system and internal errors."""


class _BatchFailed(Exception):
    """The whole transaction must roll back: the database itself failed."""


class _UnitFailed(Exception):
    """A unit of a batch run without savepoints raised: the batch must be isolated."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class PostgresWriter:
    """The PostgreSQL :class:`~bot.store.writer.Writer` (see the module docstring)."""

    def __init__(self, url: str, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> None:
        """Prepare the writer for the database at ``url``; it connects on first use."""
        if lock_timeout <= 0:
            raise ValueError(f"lock_timeout must be positive, got {lock_timeout}")
        self.lock_timeout = lock_timeout
        self.engine = create_engine_for(
            url,
            poolclass=NullPool,
            connect_args={
                "server_settings": {
                    "lock_timeout": str(max(1, round(lock_timeout * 1000))),
                    "synchronous_commit": "on",
                    "application_name": "tonk-writer",
                }
            },
        )
        """The async engine of the write connection (for diagnostics)."""
        self._pending: list[Request] = []
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._connection: AsyncConnection | None = None
        self._stats = WriterStats()

    @property
    def stats(self) -> WriterStats:
        """Transactions and units committed so far."""
        return WriterStats(self._stats.transactions, self._stats.units)

    def submit(
        self, work: Work[T], on_done: Callable[[bool, Any], None] | None = None
    ) -> asyncio.Future[T]:
        """Queue ``work`` for the next transaction; ``on_done``, then the future, after it."""
        if self._closed:
            raise RuntimeError("the store is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._pending.append(Request(work, future, loop, on_done))
        if self._task is None:
            self._task = loop.create_task(self._drain(), name="store-writer")
        return future

    async def run(self, work: Work[T]) -> T:
        """Queue ``work`` and wait for it: its return value, or its exception."""
        return await self.submit(work)

    async def close(self) -> None:
        """Finish the queued units, then close the connection."""
        self._closed = True
        if self._task is not None:
            await asyncio.shield(self._task)
        await self._disconnect()
        await self.engine.dispose()

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                batch = self._pending[:MAX_BATCH]
                del self._pending[:MAX_BATCH]
                for part in transactions(batch):
                    outcomes = await self._run_batch(part)
                    deliver(loop, part, outcomes)
        finally:
            self._task = None

    async def _run_batch(self, batch: list[Request]) -> list[tuple[bool, Any]]:
        try:
            if self._connection is not None and _closed(self._connection):
                await self._disconnect()  # the server closed it: a restart, an idle timeout
            if self._connection is None:
                self._connection = await self.engine.connect()
            connection = self._connection
            works = [request.work for request in batch]
            if _one_statement(works):
                outcomes = await self._run_alone(connection, works)
            else:
                outcomes = await self._run_in_transaction(connection, works)
        except (DBAPIError, OSError, _BatchFailed) as error:
            unavailable = StoreUnavailable(driver_detail(error))
            logger.error("a batch of %d writes failed: %s", len(batch), unavailable.detail)
            await self._disconnect()
            return [(False, unavailable)] * len(batch)
        except Exception as error:
            logger.exception("the writer failed on a batch of %d writes", len(batch))
            await self._disconnect()
            return [(False, StoreUnavailable(f"internal error {error!r}"))] * len(batch)
        self._stats.transactions += 1
        self._stats.units += len(batch)
        return outcomes

    @staticmethod
    async def _run_in_transaction(
        connection: AsyncConnection, works: list[Work[Any]]
    ) -> list[tuple[bool, Any]]:
        """The units in one transaction: together, or each in its savepoint if one raises."""
        await connection.begin()
        try:
            outcomes = await connection.run_sync(_run_together, works)
        except _UnitFailed as failed:
            await connection.rollback()
            if len(works) == 1:
                return [(False, _unit_error(failed.error))]
            await connection.begin()
            outcomes = await connection.run_sync(_run_units, works)
        await connection.commit()
        return outcomes

    async def _run_alone(
        self, connection: AsyncConnection, works: list[Work[Any]]
    ) -> list[tuple[bool, Any]]:
        """Units that make one statement (see :func:`_one_statement`), sent without
        ``BEGIN`` and ``COMMIT``: one round trip instead of three. A single statement is
        atomic and, committed by itself, as durable as a transaction's ``COMMIT``. If it
        raises, nothing of it was written: a unit alone has failed, several run again in
        a transaction, each in its savepoint, as any batch's do. (Any other failure drops
        the connection, see :meth:`_run_batch`, and its setting with it.)"""
        level = connection.default_isolation_level or "READ COMMITTED"
        await connection.execution_options(isolation_level="AUTOCOMMIT")
        try:
            outcomes = await connection.run_sync(_run_together, works)
        except _UnitFailed as failed:
            await connection.rollback()
            await connection.execution_options(isolation_level=level)
            if len(works) == 1:
                return [(False, _unit_error(failed.error))]
            return await self._run_in_transaction(connection, works)
        await connection.commit()
        await connection.execution_options(isolation_level=level)
        return outcomes

    async def _disconnect(self) -> None:
        """Drop the write connection (its open transaction is rolled back with it)."""
        if self._connection is None:
            return
        connection, self._connection = self._connection, None
        try:
            await connection.invalidate()
            await connection.close()
        except (DBAPIError, OSError) as error:
            logger.warning("closing the write connection failed: %s", driver_detail(error))


def _closed(connection: AsyncConnection) -> bool:
    """Whether the server has closed ``connection`` since its last use (asyncpg saw the end
    of its socket): no statement was sent on it, so the batch may run on a new one."""
    sync = connection.sync_connection
    if sync is None:
        return True
    driver: Any = sync.connection.driver_connection
    return bool(driver.is_closed())


def _one_statement(works: Sequence[Work[Any]]) -> bool:
    """Whether the units make one statement on PostgreSQL: journal appends of distinct
    tables that finish no hand (``tables.append_many``), the batch of nearly every move."""
    appends = [work for work in works if isinstance(work, Append) and work.hand is None]
    return len(appends) == len(works) and len({a.table_id for a in appends}) == len(appends)


def _run_together(connection: Connection, works: Sequence[Work[Any]]) -> list[tuple[bool, Any]]:
    """Run the units in order, no savepoints; :class:`_UnitFailed` if one raises.

    Consecutive table commits of distinct tables run together (``commits.run_group``).
    """
    outcomes: list[tuple[bool, Any]] = []
    for group in groups(works):
        try:
            if len(group) > 1:
                outcomes.extend(run_group(connection, group))
            else:
                outcomes.append((True, group[0](connection)))
        except Exception as error:
            if postgres_failed(error):
                raise _BatchFailed(driver_detail(error)) from error
            raise _UnitFailed(error) from error
    return outcomes


def _run_units(connection: Connection, works: Sequence[Work[Any]]) -> list[tuple[bool, Any]]:
    """Run each unit in its own savepoint of the connection's transaction."""
    outcomes: list[tuple[bool, Any]] = []
    for work in works:
        savepoint = connection.begin_nested()
        try:
            value = work(connection)
        except Exception as error:
            if postgres_failed(error):
                raise _BatchFailed(driver_detail(error)) from error
            savepoint.rollback()
            outcomes.append((False, _unit_error(error)))
            continue
        savepoint.commit()
        outcomes.append((True, value))
    return outcomes


def _sqlstate(error: BaseException) -> str | None:
    orig = error.orig if isinstance(error, DBAPIError) else error
    state = getattr(orig, "sqlstate", None)
    return state if isinstance(state, str) else None


def postgres_failed(error: BaseException) -> bool:
    """Whether ``error`` is the database failing (the batch, or a read, fails) or one unit's
    mistake."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    state = _sqlstate(error)
    if state is None:
        return isinstance(error, DBAPIError)  # a driver error without SQLSTATE: the connection
    return state.startswith(_DATABASE_FAILED_CLASSES)


def _unit_error(error: Exception) -> Exception:
    if _sqlstate(error) in _UNIT_UNAVAILABLE:
        return StoreUnavailable(driver_detail(error))
    return error
