"""The write path: every write is a unit of work, and one writer group-commits them.

A unit of work (:data:`Work`) is a function of a synchronous SQLAlchemy ``Connection``: it
reads and writes inside the transaction it is handed and returns a value or raises. The
store builds every write as such a unit and hands it to a :class:`Writer`.

What every ``Writer`` guarantees:

* **Group commit.** The units waiting when the writer becomes free run together in ONE
  transaction, each in its own SAVEPOINT, in the order they were submitted (a run of table
  commits of distinct tables shares one, see ``bot.store.sql.commits``: their order among
  themselves cannot matter). Their callers are answered once that transaction has
  committed (or failed). One exception: table commits of distinct tables of which some
  record a finished hand run in two transactions, those that record none first, answered
  as soon as it committed (:func:`transactions`).
* **Failures stay alone.** A unit that raises is rolled back to its savepoint and its
  caller gets the exception; the other units of the batch commit.
* **A database that cannot write fails cleanly.** If the write lock is held by another
  connection, the writer keeps waiting for it for up to ``lock_timeout`` seconds; past that,
  or on any other database failure (I/O error, disk full, read-only file), every unit of the
  batch fails with :class:`~bot.store.errors.StoreUnavailable` and nothing of the batch
  lands.
* **A cancelled caller does not cancel its write.** A unit that was submitted runs; the
  caller that stopped waiting cannot tell whether it landed.

:class:`SQLiteWriter` is the SQLite implementation: one dedicated thread with one
connection, one hop to that thread per batch and one back. ``bot.store.postgres``'s
``PostgresWriter`` is the PostgreSQL one: one coroutine that takes the pending units and
runs them, unchanged, with ``AsyncConnection.run_sync`` inside one transaction and
``begin_nested`` savepoints.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import Connection, create_engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from bot.store.connection import configure
from bot.store.errors import StoreUnavailable, driver_detail
from bot.store.sql.commits import Compact, groups, hands_apart, run_group
from bot.store.sql.tables import drop_dead_log

logger = logging.getLogger(__name__)

T = TypeVar("T")

Work = Callable[[Connection], T]
"""A unit of work: runs inside the writer's transaction, returns a value or raises."""

DEFAULT_LOCK_TIMEOUT = 30.0
"""Seconds a write waits for a write lock held by another connection before giving up."""

MAX_BATCH = 512
"""Most units committed in one transaction; more wait for the next one."""

_LOCK_POLL_MS = 100
"""SQLite's own busy wait per attempt to take the write lock (the writer loops until
``lock_timeout``)."""

CHECKPOINT_INTERVAL = 1.0
"""Seconds between two WAL checkpoints, run off the commit path (see :class:`SQLiteWriter`)."""

CATCH_UP_PASSES = 8
"""Most passes of one checkpoint: each copies the frames that commits added while the one
before it ran, until one finds none (see :func:`catch_up`)."""

WAL_REWIND_FRAMES = 4_096
"""WAL frames (about 16 MB) past which, if a checkpoint could not catch up with the
commits, the writer copies the rest itself before its next transaction, so that the WAL
starts again from its beginning."""

WAL_SIZE_LIMIT = 64 * 1024 * 1024
"""Bytes the WAL file is cut back to when a commit rewinds it (SQLite's
``journal_size_limit``): a burst of writes grows the file, and SQLite would otherwise keep
it at that size on disk for good. Not less: cutting the file frees its blocks in the commit
that rewinds, about 0.6 ms a MB on this machine's ext4 (it discards them), and a WAL cut
from 256 MB to 4 MB held a commit 150 ms. Between two rewinds the WAL grows by a second's
commits at most, beyond :data:`WAL_REWIND_FRAMES` (27 MB in ``bench/store.py``'s 50 tables
flat out), so under load the file keeps its blocks and writes no longer extend it."""

_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_FAILURES = frozenset(
    {
        3,  # SQLITE_PERM
        _SQLITE_BUSY,
        _SQLITE_LOCKED,
        7,  # SQLITE_NOMEM
        8,  # SQLITE_READONLY
        10,  # SQLITE_IOERR
        11,  # SQLITE_CORRUPT
        13,  # SQLITE_FULL
        14,  # SQLITE_CANTOPEN
        15,  # SQLITE_PROTOCOL
        26,  # SQLITE_NOTADB
    }
)
"""Primary result codes that say the database cannot write, not that one unit is wrong."""


@dataclass(slots=True)
class WriterStats:
    """Counters since the writer opened: transactions committed and units they carried."""

    transactions: int = 0
    units: int = 0


class Writer(Protocol):
    """Runs units of work in group-committed transactions (see the module docstring)."""

    @property
    def stats(self) -> WriterStats:
        """Transactions and units committed so far."""
        ...

    def submit(
        self, work: Work[T], on_done: Callable[[bool, Any], None] | None = None
    ) -> asyncio.Future[T]:
        """Queue ``work``; the future resolves once its transaction committed or failed.

        ``on_done(ok, value_or_exception)`` runs in the event loop just before that, even if
        the future was cancelled meanwhile: the one way to learn what became of the work.
        """
        ...

    async def run(self, work: Work[T]) -> T:
        """Queue ``work`` and wait for it: its return value, or its exception."""
        ...

    async def close(self) -> None:
        """Finish the queued units, then release the database. No submit afterwards."""
        ...


@dataclass(slots=True)
class Request:
    """One submitted unit of work, the future its caller awaits and its ``on_done``."""

    work: Work[Any]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop
    on_done: Callable[[bool, Any], None] | None


class _BatchFailed(Exception):
    """The whole transaction must roll back: the database itself failed."""


class SQLiteWriter:
    """The SQLite :class:`Writer`: a dedicated thread owning the one write connection.

    The thread takes every pending unit, runs the batch in one ``BEGIN IMMEDIATE``
    transaction (WAL, ``synchronous=NORMAL``: durable once the caller is answered, unless
    the OS itself crashes) and answers the whole batch with one callback into the event loop.

    The log rows that a table's snapshot replaced (``tables.write_snapshots`` leaves them,
    dead) are deleted by this thread: when no unit waits, after a batch, those of the tables
    it compacted, one table at a time, looking for waiting units between two; and every
    table's when the write connection opens (those that a stop left behind). Each deletion
    is one statement in its own transaction, a single call into SQLite that runs without
    Python's global lock: it goes on beside the event loop, and a batch that arrives
    meanwhile waits for one table's deletion at most. (Three calls, ``BEGIN``, ``DELETE``,
    ``COMMIT``, would each wait for the lock between two, while the event loop is busy,
    and hold the write lock meanwhile: in ``bench/store.py`` that made each round's
    batch start 0.3 ms later.)

    A commit never checkpoints (``wal_autocheckpoint=0`` on the write connection): the
    checkpoint, which copies the WAL into the database file and syncs it to disk, runs
    every :data:`CHECKPOINT_INTERVAL` seconds after new commits in a second thread with its
    own connection, as PASSIVE checkpoints that never block the writer. A commit's
    latency is then one WAL append, not an occasional fsync of the whole file.

    The WAL starts again from its beginning only when a commit finds it wholly copied into
    the database, so one pass a second is not enough under steady load: commits land
    while the pass runs (tens of ms for a second's frames), the next commit finds them
    uncopied, and the WAL grows for as long as the load lasts (2.3 MB a second at 300
    tables playing, ``bench/store.py``'s sustained phase). So a checkpoint runs passes
    until one finds nothing new to copy (:func:`catch_up`: each copies what came during the
    one before, a few ms' worth); the next commit then rewinds the WAL, and writes go to
    blocks the file already has. Writes that extend the file are the ones that wait while
    a checkpoint syncs it (ext4 allocates its new blocks then). If the writer never pauses
    long enough, the WAL grows until :data:`WAL_REWIND_FRAMES`: the checkpoint then asks
    the writer thread to copy the rest itself, between two transactions (what came since
    the checkpoint's last pass: 1.4 to 2.3 ms in ``bench/store.py``, during which no commit
    can land), and the next commit rewinds the WAL. A commit that rewinds the WAL cuts the
    file back to :data:`WAL_SIZE_LIMIT` if a burst made it larger.
    """

    def __init__(self, path: Path, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> None:
        """Prepare the writer for the SQLite file at ``path``; it connects on first use."""
        if lock_timeout <= 0:
            raise ValueError(f"lock_timeout must be positive, got {lock_timeout}")
        self.lock_timeout = lock_timeout
        self.engine = create_engine(
            f"sqlite+pysqlite:///{path}",
            poolclass=StaticPool,
            connect_args={"check_same_thread": False},
        )
        """The synchronous engine of the write connection (for diagnostics)."""
        configure(self.engine, busy_timeout_ms=_LOCK_POLL_MS)
        event.listen(self.engine, "connect", _write_connection_settings)
        self._path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store-writer")
        self._mutex = threading.Lock()
        self._pending: list[Request] = []
        self._draining = False
        self._closed = False
        self._connection: Connection | None = None
        self._stats = WriterStats()
        self._dead: deque[int] = deque()
        """Tables whose dead log rows are to be deleted; writer thread only."""
        self._checkpointed = 0
        self._rewind = threading.Event()
        """Set by the checkpoint thread: the writer is to copy the rest of the WAL itself."""
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoint_loop, name="store-checkpoint", daemon=True
        )
        self._checkpointer.start()

    @property
    def stats(self) -> WriterStats:
        """Transactions and units committed so far."""
        return WriterStats(self._stats.transactions, self._stats.units)

    def submit(
        self, work: Work[T], on_done: Callable[[bool, Any], None] | None = None
    ) -> asyncio.Future[T]:
        """Queue ``work`` for the next transaction; ``on_done``, then the future, after it."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self._mutex:
            if self._closed:
                raise RuntimeError("the store is closed")
            self._pending.append(Request(work, future, loop, on_done))
            if self._draining:
                return future
            self._draining = True
        self._executor.submit(self._drain)
        return future

    async def run(self, work: Work[T]) -> T:
        """Queue ``work`` and wait for it: its return value, or its exception."""
        return await self.submit(work)

    async def close(self) -> None:
        """Finish the queued units, then close the connection and the thread."""
        with self._mutex:
            self._closed = True
        await asyncio.get_running_loop().run_in_executor(self._executor, self._disconnect)
        self._executor.shutdown(wait=True)
        self._stop.set()
        await asyncio.to_thread(self._checkpointer.join)
        self.engine.dispose()

    # In the writer thread.

    def _drain(self) -> None:
        while True:
            with self._mutex:
                batch = self._pending[:MAX_BATCH]
                del self._pending[:MAX_BATCH]
                if not batch and not self._dead:
                    self._draining = False
                    return
            if self._rewind.is_set():
                self._copy_rest()
            if not batch:
                self._drop_dead_of(self._dead.popleft())
                continue
            for part in transactions(batch):
                self._run_and_answer(part)

    def _run_and_answer(self, batch: list[Request]) -> None:
        """Run ``batch`` in one transaction, then answer its callers in their loops."""
        try:
            outcomes = self._run_batch(batch)
        except Exception as error:
            logger.exception("the writer failed on a batch of %d writes", len(batch))
            self._reset()
            outcomes = [(False, StoreUnavailable(f"internal error {error!r}"))] * len(batch)
        loops = {request.loop for request in batch}
        for loop in loops:
            try:
                loop.call_soon_threadsafe(deliver, loop, batch, outcomes)
            except RuntimeError:
                logger.warning("a write finished after its event loop closed")

    def _run_batch(self, batch: list[Request]) -> list[tuple[bool, Any]]:
        try:
            connection, raw = self._begin()
            outcomes: list[tuple[bool, Any]] = []
            for group in groups([request.work for request in batch]):
                outcomes.extend(self._run_group(connection, raw, group))
            raw.commit()
            connection.commit()
        except (DBAPIError, sqlite3.Error, _BatchFailed, StoreUnavailable) as error:
            unavailable = _unavailable(error)
            logger.error("a batch of %d writes failed: %s", len(batch), unavailable.detail)
            self._reset()
            return [(False, unavailable)] * len(batch)
        self._stats.transactions += 1
        self._stats.units += len(batch)
        self._dead.extend(
            request.work.table_id
            for request, (ok, _) in zip(batch, outcomes, strict=True)
            if ok and isinstance(request.work, Compact)
        )
        return outcomes

    def _copy_rest(self) -> None:
        """Copy the rest of the WAL into the database, no commit landing meanwhile, so that
        the next commit rewinds it. Asked again by the next checkpoint if that failed, or if
        a reader or another checkpoint kept some frames out."""
        self._rewind.clear()
        try:
            _checkpoint_pass(self._connect()[1])
        except (DBAPIError, sqlite3.Error) as error:
            logger.warning("copying the WAL into the database failed: %s", driver_detail(error))

    def _drop_dead_of(self, table_id: int) -> None:
        """:meth:`_drop_dead` of one table, between two batches. If the write connection
        cannot open, the dead rows of every table stay until it does (its opening deletes
        them), and the writer goes on: the next batch fails with the database."""
        try:
            connection = self._connect()[0]
        except DBAPIError as error:
            logger.warning("the write connection cannot open: %s", driver_detail(error))
            self._dead.clear()
            return
        self._drop_dead(connection, table_id)

    @staticmethod
    def _drop_dead(connection: Connection, table_id: int | None) -> None:
        """Delete the dead log rows of ``table_id`` (of every table if None) with one
        statement in a transaction of its own (the connection is in autocommit between
        batches): one call into SQLite, which runs without Python's global lock, so the
        event loop goes on meanwhile and nothing here waits on it halfway. If the write lock
        is not free within the busy wait, or the deletion fails, the rows stay (dead rows
        are never read) until the table's next compaction or the connection's next opening;
        a failing database fails the next batch."""
        try:
            drop_dead_log(connection, table_id)
        except (DBAPIError, sqlite3.Error) as error:
            cause = error.orig or error if isinstance(error, DBAPIError) else error
            if _is_locked(cause):
                logger.info("the replaced log rows stay: the database is locked")
            else:
                logger.warning("deleting the replaced log rows failed (they stay): %s", cause)

    @classmethod
    def _run_group(
        cls, connection: Connection, raw: sqlite3.Connection, group: list[Any]
    ) -> list[tuple[bool, Any]]:
        """Run one unit, or a run of table commits together (``commits.run_group``) and,
        should that fail, each of them alone."""
        if len(group) == 1:
            return [cls._in_savepoint(raw, partial(group[0], connection))]
        ok, outcomes = cls._in_savepoint(raw, partial(run_group, connection, group))
        if ok:
            return cast(list[tuple[bool, Any]], outcomes)
        return [cls._in_savepoint(raw, partial(work, connection)) for work in group]

    @staticmethod
    def _in_savepoint(raw: sqlite3.Connection, work: Callable[[], Any]) -> tuple[bool, Any]:
        """Run ``work`` in a savepoint: ``(True, value)``, or ``(False, error)`` with its
        writes rolled back; :class:`_BatchFailed` if the database itself failed."""
        raw.execute("SAVEPOINT unit")
        try:
            value = work()
        except Exception as error:
            cause = error.orig if isinstance(error, DBAPIError) else error
            if not raw.in_transaction or (
                isinstance(cause, sqlite3.Error) and sqlite_failed(cause)
            ):
                raise _BatchFailed(str(cause)) from error
            raw.execute("ROLLBACK TO unit")
            raw.execute("RELEASE unit")
            return False, error
        raw.execute("RELEASE unit")
        return True, value

    def _begin(self) -> tuple[Connection, sqlite3.Connection]:
        """The connection inside a new write transaction, once the write lock is ours.

        The transaction is driven on the sqlite3 connection itself (``BEGIN IMMEDIATE``,
        savepoints, ``COMMIT``): SQLAlchemy's own transaction on top of it emits nothing.
        """
        deadline = time.monotonic() + self.lock_timeout
        connection, raw = self._connect()
        while True:
            try:
                raw.execute("BEGIN IMMEDIATE")
                return connection, raw
            except sqlite3.OperationalError as error:
                if not _is_locked(error):
                    raise
                if time.monotonic() >= deadline:
                    raise StoreUnavailable(
                        f"the database stayed locked by another connection for "
                        f"{self.lock_timeout:g} s"
                    ) from error

    def _connect(self) -> tuple[Connection, sqlite3.Connection]:
        """The write connection and its sqlite3 connection; opened on first use (and after
        a failure), when every table's dead log rows are deleted."""
        opening = self._connection is None
        connection = self._connection = self._connection or self.engine.connect()
        raw = connection.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        if opening:
            self._drop_dead(connection, None)
        return connection, raw

    def _checkpoint_loop(self) -> None:
        """Checkpoint the WAL after new commits, every CHECKPOINT_INTERVAL, and at close."""
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(CHECKPOINT_INTERVAL):
                self._checkpoint(connection)
            self._checkpoint(connection)
        finally:
            connection.close()

    def _checkpoint(self, connection: sqlite3.Connection) -> None:
        committed = self._stats.transactions
        if committed == self._checkpointed:
            return
        try:
            frames = catch_up(connection)
        except sqlite3.Error as error:
            logger.warning("WAL checkpoint failed (the next one retries): %s", error)
            return
        self._checkpointed = committed
        if frames > WAL_REWIND_FRAMES:
            self._rewind.set()

    def _reset(self) -> None:
        """Drop the write connection after a failure (its transaction is rolled back with
        it); the next batch opens a new one."""
        self._disconnect()
        self.engine.dispose()

    def _disconnect(self) -> None:
        if self._connection is None:
            return
        try:
            self._connection.close()
        except DBAPIError as error:
            logger.warning("closing the write connection failed: %s", error.orig)
        self._connection = None


def catch_up(connection: sqlite3.Connection) -> int:
    """Run PASSIVE checkpoints on ``connection`` until one finds no frame that the one before
    it had not found (at most :data:`CATCH_UP_PASSES`): 0 if the WAL is then wholly in the
    database, so the next commit rewinds it, or if it was rewound meanwhile; otherwise the
    frames it holds."""
    found = 0
    for _ in range(CATCH_UP_PASSES):
        frames, copied = _checkpoint_pass(connection)
        if copied < frames:
            return frames
        if frames <= found:
            return 0
        found = frames
    return found


def _checkpoint_pass(connection: sqlite3.Connection) -> tuple[int, int]:
    """One PASSIVE checkpoint: the frames in the WAL, and how many are in the database now."""
    _busy, frames, copied = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return int(frames), int(copied)


def transactions(batch: list[Request]) -> list[list[Request]]:
    """The transactions a batch runs in (both writers): one, but for table commits of
    distinct tables of which some record a finished hand (``commits.hands_apart``): the
    others first, answered as soon as they committed, then those, whose hands' rows and
    totals take most of such a batch's time (on PostgreSQL the others are then one
    statement). Each table's commits keep their order (it has one in such a batch)."""
    apart = hands_apart([request.work for request in batch])
    if apart is None:
        return [batch]
    return [[batch[index] for index in part] for part in apart]


def _write_connection_settings(dbapi_connection: Any, _record: Any) -> None:
    """The write connection never checkpoints, and keeps the WAL file to its limit."""
    dbapi_connection.execute("PRAGMA wal_autocheckpoint=0")
    dbapi_connection.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")


def deliver(
    loop: asyncio.AbstractEventLoop, batch: list[Request], outcomes: list[tuple[bool, Any]]
) -> None:
    """In ``loop``: answer the requests of ``batch`` that belong to it with their outcomes."""
    for request, (ok, value) in zip(batch, outcomes, strict=True):
        if request.loop is not loop:
            continue
        if request.on_done is not None:
            request.on_done(ok, value)
        if request.future.done():
            continue
        if ok:
            request.future.set_result(value)
        else:
            request.future.set_exception(value)


def _primary_code(error: BaseException) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _is_locked(error: BaseException) -> bool:
    return _primary_code(error) in (_SQLITE_BUSY, _SQLITE_LOCKED)


def sqlite_failed(error: BaseException) -> bool:
    """Whether ``error`` (sqlite3's) is the database failing (the batch, or a read, fails) or
    one unit's mistake."""
    code = _primary_code(error)
    if code is None:
        return isinstance(error, sqlite3.OperationalError)
    return code in _SQLITE_FAILURES


def _unavailable(error: Exception) -> StoreUnavailable:
    if isinstance(error, StoreUnavailable):
        return error
    if isinstance(error, DBAPIError):
        return StoreUnavailable(str(error.orig))
    return StoreUnavailable(str(error))
