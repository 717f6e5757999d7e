"""The group-committing writer: batches, savepoints, a locked or failing database."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Connection, text

from bot.store import Store, StoreUnavailable, writer
from bot.store.writer import SQLiteWriter


@pytest.fixture
def store_url(sqlite_store_url: str) -> str:
    """These tests are about SQLite itself."""
    return sqlite_store_url


def _insert(value: int) -> Callable[[Connection], int]:
    def work(connection: Connection) -> int:
        connection.execute(text("INSERT INTO probe VALUES (:value)"), {"value": value})
        if value % 5 == 0:
            raise ValueError(f"unit {value} refuses")
        return value

    return work


async def _probe_table(store: Store) -> None:
    await store.writer.run(lambda c: c.execute(text("CREATE TABLE probe (value INTEGER)")))


def _values(path: Path) -> list[int]:
    with sqlite3.connect(path) as raw:
        return [row[0] for row in raw.execute("SELECT value FROM probe ORDER BY value")]


async def test_pending_units_share_a_transaction_and_a_failing_one_fails_alone(
    store: Store, tmp_path: Path
) -> None:
    """Forty units submitted together commit in fewer transactions; those that raise are
    rolled back to their savepoint and only their callers see the error."""
    await _probe_table(store)
    before = store.writer.stats
    outcomes = await asyncio.gather(
        *(store.writer.run(_insert(value)) for value in range(1, 41)),
        return_exceptions=True,
    )
    after = store.writer.stats
    assert [o for o in outcomes if isinstance(o, ValueError)] and all(
        isinstance(o, ValueError) == (v % 5 == 0) for v, o in enumerate(outcomes, start=1)
    )
    assert _values(tmp_path / "tonk.db") == [v for v in range(1, 41) if v % 5]
    assert after.units - before.units == 40
    assert after.transactions - before.transactions < 40


async def test_a_lock_held_past_the_timeout_fails_the_batch_with_nothing_written(
    store_url: str, tmp_path: Path
) -> None:
    """StoreUnavailable names the lock; none of the waiting units lands."""
    store = await Store.open(store_url, lock_timeout=0.3)
    try:
        await _probe_table(store)
        blocker = sqlite3.connect(tmp_path / "tonk.db", isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        outcomes = await asyncio.gather(
            *(store.writer.run(_insert(value)) for value in (1, 2, 3)),
            return_exceptions=True,
        )
        blocker.rollback()
        blocker.close()
        assert all(isinstance(o, StoreUnavailable) and "locked" in str(o) for o in outcomes)
        assert _values(tmp_path / "tonk.db") == []
        assert await store.writer.run(_insert(4)) == 4
    finally:
        await store.close()


async def test_lock_timeout_must_be_positive(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="lock_timeout"):
        SQLiteWriter(tmp_path / "x.db", lock_timeout=0)


async def test_a_closed_writer_takes_no_more_work(store_url: str) -> None:
    store = await Store.open(store_url)
    await store.close()
    with pytest.raises(RuntimeError, match="closed"):
        store.writer.submit(lambda connection: None)


SMALL_WAL = 4 * 1024 * 1024
"""The WAL limit of these tests (WAL_SIZE_LIMIT's 64 MB would make each burst 96 MB)."""


@pytest.fixture
def small_wal(monkeypatch: pytest.MonkeyPatch) -> int:
    """The store keeps its WAL file to SMALL_WAL, and the checkpoints are the test's own
    (run as the writer's checkpoint thread runs them; it waits until the store closes)."""
    monkeypatch.setattr(writer, "WAL_SIZE_LIMIT", SMALL_WAL)
    monkeypatch.setattr(writer, "CHECKPOINT_INTERVAL", 3600.0)
    return SMALL_WAL


def _burst(connection: Connection) -> None:
    """One transaction writing half as much again as the WAL keeps."""
    connection.execute(text("CREATE TABLE burst (body BLOB)"))
    chunk = {"body": bytes(SMALL_WAL // 32)}
    for _ in range(48):
        connection.execute(text("INSERT INTO burst VALUES (:body)"), chunk)


async def test_the_wal_file_is_cut_back_to_its_limit_once_a_burst_is_checkpointed(
    sqlite_store_url: str, tmp_path: Path, small_wal: int
) -> None:
    """A burst of writes grows the WAL file past WAL_SIZE_LIMIT; once a checkpoint has
    caught up with it (copied it all into the database), the next commit rewinds the WAL
    and cuts the file back to the limit, instead of it keeping the burst's size on disk
    for good."""
    wal = tmp_path / "tonk.db-wal"
    async with await Store.open(sqlite_store_url) as store:
        await store.writer.run(_burst)
        assert wal.stat().st_size > small_wal
        with _checkpointer(tmp_path) as other:
            assert writer.catch_up(other) == 0
        await store.writer.run(_one_more)
        assert wal.stat().st_size <= small_wal
    with sqlite3.connect(tmp_path / "tonk.db") as raw:
        assert raw.execute("SELECT count(*) FROM burst").fetchone() == (49,)


def _checkpointer(directory: Path) -> contextlib.closing[sqlite3.Connection]:
    """A connection as the writer's checkpoint thread opens one."""
    return contextlib.closing(
        sqlite3.connect(directory / "tonk.db", isolation_level=None, check_same_thread=False)
    )


def _one_more(connection: Connection) -> None:
    connection.execute(text("INSERT INTO burst VALUES (x'00')"))


async def test_a_wal_the_checkpoint_cannot_catch_up_with_is_copied_by_the_writer(
    sqlite_store_url: str, tmp_path: Path, small_wal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under steady load a checkpoint pass never finds the WAL wholly copied (commits land
    while it runs), and nothing rewound it: it grew for as long as the load lasted. Past
    WAL_REWIND_FRAMES, a checkpoint that could not copy it all now asks the writer, which
    copies the rest before its next transaction (no commit can land meanwhile): that
    commit rewinds the WAL and cuts the file back to its limit. Here a reader holding an
    older snapshot keeps the checkpoint from catching up, as commits that never stop do."""
    monkeypatch.setattr(writer, "WAL_REWIND_FRAMES", 64)
    wal = tmp_path / "tonk.db-wal"
    async with await Store.open(sqlite_store_url) as store:
        sqlite_writer = store.writer
        assert isinstance(sqlite_writer, SQLiteWriter)
        with _checkpointer(tmp_path) as reader, _checkpointer(tmp_path) as checkpointer:
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM sqlite_schema").fetchone()
            await store.writer.run(_burst)
            frames = writer.catch_up(checkpointer)
            assert frames > writer.WAL_REWIND_FRAMES
            await store.writer.run(_one_more)
            assert wal.stat().st_size > small_wal
            await asyncio.to_thread(sqlite_writer._checkpoint, checkpointer)
            reader.rollback()
        await store.writer.run(_one_more)
        assert wal.stat().st_size <= small_wal
    with sqlite3.connect(tmp_path / "tonk.db") as raw:
        assert raw.execute("SELECT count(*) FROM burst").fetchone() == (50,)


def _read_only_failure(connection: Connection) -> None:
    """A write the database itself refuses (SQLITE_READONLY): the whole batch fails and the
    writer drops its connection."""
    connection.exec_driver_sql("PRAGMA query_only = ON")
    connection.execute(text("INSERT INTO probe VALUES (0)"))


async def test_a_write_connection_that_cannot_open_between_batches_leaves_the_writer_going(
    tmp_path: Path, sqlite_template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between two batches the writer opens its connection again (after a failure) to copy
    the rest of the WAL or to delete dead log rows. If the file cannot be opened then (here
    its directory is gone), the next unit fails with StoreUnavailable and the writer goes
    on: once the file is back, the unit after lands. (Before, the error ended the writer's
    loop, and every later write waited for an answer forever.)"""
    monkeypatch.setattr(writer, "CHECKPOINT_INTERVAL", 3600.0)
    home, away = tmp_path / "home", tmp_path / "away"
    home.mkdir()
    shutil.copyfile(sqlite_template, home / "tonk.db")
    async with await Store.open(f"sqlite+aiosqlite:///{home / 'tonk.db'}") as store:
        sqlite_writer = store.writer
        assert isinstance(sqlite_writer, SQLiteWriter)
        await _probe_table(store)
        with pytest.raises(StoreUnavailable):
            await store.writer.run(_read_only_failure)
        sqlite_writer._rewind.set()
        sqlite_writer._dead.append(1)
        home.rename(away)
        with pytest.raises(StoreUnavailable, match="unable to open"):
            await asyncio.wait_for(store.writer.run(_insert(1)), timeout=10)
        away.rename(home)
        assert await asyncio.wait_for(store.writer.run(_insert(2)), timeout=10) == 2
    assert _values(home / "tonk.db") == [2]
