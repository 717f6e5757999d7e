"""The table journal on real SQLite files: replay equality, group commit, exactly-once hands,
failed commits and rollback, a database locked by another connection."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import Connection

from bot.engine.actions import Kind
from bot.engine.rules import PRESETS, build_rules
from bot.store import StaleVersion, Store, StoreUnavailable
from bot.tables.dealing import Shuffler
from bot.tables.errors import TableError
from bot.tables.journal import (
    COMPACT_AFTER,
    COMPACT_AT_DEAL,
    StoreJournal,
    TableLedger,
    hand_result,
)
from bot.tables.table import BETWEEN, CLOSED, PLAYING, Seat, Table
from tests.store.raw import connect_postgres, execute, fetch
from tests.tables.randomtable import random_move, random_step

STEPS = 160

LIVE_LOG = (
    "SELECT count(*) FROM table_log l JOIN tonk_table t ON t.id = l.table_id"
    " WHERE l.version > t.version"
)
"""The log rows after their table's snapshot: those a restart replays (on SQLite the rows a
snapshot replaced stay, dead, until the writer deletes them)."""


def new_table(channel: int, seed: int = 0, preset: str = "standard") -> Table:
    """A lobby of two people in ``channel`` (its id is given by the journal)."""
    table = Table.open(
        0,
        1,
        channel,
        Seat(100, "ann"),
        build_rules(preset),
        now=0.0,
        shuffler=Shuffler(random.Random(seed)),
    )
    table.join(Seat(101, "bob"), now=0.0)
    return table


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    """A store on each backend in turn."""
    opened = await Store.open(store_url, lock_timeout=0.5)
    yield opened
    await opened.close()


@pytest.fixture
async def store_on_sqlite(sqlite_store: Path) -> AsyncIterator[Store]:
    """A store on the SQLite file ``sqlite_store``, for what only SQLite has."""
    opened = await Store.open(f"sqlite+aiosqlite:///{sqlite_store}", lock_timeout=0.5)
    yield opened
    await opened.close()


async def reloaded(store: Store, table_id: int) -> TableLedger:
    """The table as a fresh process would rebuild it from the database."""
    ledgers, broken = await StoreJournal(store).load()
    assert broken == []
    [ledger] = [ledger for ledger in ledgers if ledger.table.id == table_id]
    return ledger


REBUILT_ON = [("sqlite", preset) for preset in PRESETS] + [
    ("postgresql", preset) for preset in ("standard", "indiana", "chicago", "push_up")
]
"""Every preset on SQLite; on PostgreSQL, whose store code is the same for every preset, the
presets whose stored states differ most: the standard game, Indiana's stakes, catches and
dead hands, Chicago's wild cards and jokers, push-up's points."""


@pytest.mark.parametrize(("store_url", "preset"), REBUILT_ON, indirect=["store_url"])
async def test_a_rebuilt_table_equals_the_committed_one_at_every_step(
    store: Store, preset: str
) -> None:
    """Seeded random play (moves, timeouts, leaves, joins, deals), a commit after each step:
    the table rebuilt from the database, and the ledger's rollback, equal it exactly."""
    rng = random.Random(preset)
    ledger = await StoreJournal(store).create(new_table(10, seed=len(preset), preset=preset))
    finished = 0
    for step in range(1, STEPS + 1):
        random_step(ledger.table, rng, now=float(step))
        if step == 3:
            ledger.table.message_id = 555
        await ledger.commit()
        if ledger.table.status == CLOSED:
            break
        expected = ledger.table.to_json()
        assert (await reloaded(store, ledger.table.id)).table.to_json() == expected, step
        before = ledger.table
        assert ledger.rollback() is not before
        assert ledger.table.to_json() == expected, step
        finished = ledger.table.last_hand.number if ledger.table.last_hand else 0
    assert finished >= 1
    recorded = await store.history(1, 10, limit=100)
    assert sorted(summary.hand_uid for summary in recorded) == [
        f"{ledger.table.id}:{number}" for number in range(1, finished + 1)
    ]


async def test_commits_of_several_changes_rebuild_and_roll_back_exactly(store: Store) -> None:
    """Seeded random play committed after one to four steps at a time, so that a deal's
    snapshot often holds moves played after the deal, and an entry the end of one hand and
    the moves of the next: after each commit the table rebuilt from the database, and the
    ledger's rollback, equal it; every hand finished is recorded once."""
    rng = random.Random(21)
    ledger = await StoreJournal(store).create(new_table(10, seed=3))
    dealt_with_moves = 0
    for step in range(1, STEPS + 1):
        dealt = ledger.table.hand_number
        for _ in range(rng.randint(1, 4)):
            random_step(ledger.table, rng, now=float(step))
            if ledger.table.status == CLOSED:
                break
        hand = ledger.table.hand
        if ledger.table.hand_number != dealt and hand is not None and hand.log:
            dealt_with_moves += 1
        await ledger.commit()
        if ledger.table.status == CLOSED:
            break
        expected = ledger.table.to_json()
        assert (await reloaded(store, ledger.table.id)).table.to_json() == expected, step
        assert ledger.rollback().to_json() == expected, step
    assert dealt_with_moves >= 2
    finished = ledger.table.last_hand.number if ledger.table.last_hand else 0
    recorded = await store.history(1, 10, limit=100)
    assert sorted(summary.hand_uid for summary in recorded) == [
        f"{ledger.table.id}:{number}" for number in range(1, finished + 1)
    ]


SNAPSHOT = "SELECT version, length(state_json) FROM tonk_table"
"""The snapshot's version and size (the tests that read it have one table)."""


async def finish_hand(ledger: TableLedger, rng: random.Random, url: str) -> int:
    """Play the hand in play to its end, committing each move (an entry of a few hundred
    bytes while the hand goes on); the log rows a restart then replays."""
    table = ledger.table
    while table.status == PLAYING:
        random_move(table, rng, now=2.0)
        await ledger.commit()
        if table.status == PLAYING:
            body = f"SELECT length(body_json) FROM table_log WHERE version = {ledger.version}"
            assert fetch(url, body)[0][0] < 700
    [(logged,)] = fetch(url, LIVE_LOG)
    return int(logged)


async def test_a_deal_is_an_entry_until_the_log_is_long_then_it_rewrites_the_snapshot(
    store: Store, store_url: str
) -> None:
    """A deal appends an entry that holds the hand's deal (its pack order among it), each
    move one of a few hundred bytes, and the move that ends a hand one too, recording the
    hand in its transaction. The first deal once the log holds COMPACT_AT_DEAL entries
    rewrites the snapshot instead (the hand as dealt) and drops the log. The table rebuilds
    the same all along."""
    rng = random.Random(4)
    ledger = await StoreJournal(store).create(new_table(10))
    table = ledger.table
    created = fetch(store_url, SNAPSHOT)
    table.start(100, now=1.0)
    await ledger.commit()
    [(deal,)] = fetch(store_url, "SELECT body_json FROM table_log")
    assert table.hand is not None
    assert json.loads(str(deal))["deal"] == table.hand.deal_json()
    finished = 0
    while (logged := await finish_hand(ledger, rng, store_url)) < COMPACT_AT_DEAL:
        finished += 1
        assert len(await store.history(1, 10)) == finished
        assert (await reloaded(store, table.id)).table.to_json() == table.to_json()
        table.next_hand(3.0, by=100)
        await ledger.commit()
        assert fetch(store_url, LIVE_LOG) == [(logged + 1,)]
        assert fetch(store_url, SNAPSHOT) == created
    table.next_hand(3.0, by=100)
    await ledger.commit()
    assert fetch(store_url, LIVE_LOG) == [(0,)]
    [(version, state)] = fetch(store_url, SNAPSHOT)
    assert version == ledger.version and state > 1000
    assert len(await store.history(1, 10)) == finished + 1
    assert (await reloaded(store, table.id)).table.to_json() == table.to_json()


async def test_a_long_lobby_is_compacted_after_so_many_entries(
    store: Store, store_url: str
) -> None:
    """Without a hand ending, the snapshot is still rewritten every COMPACT_AFTER entries."""
    ledger = await StoreJournal(store).create(new_table(10))
    for step in range(COMPACT_AFTER + 1):
        ledger.table.join(Seat(200, "cat"), now=float(step))
        await ledger.commit()
        ledger.table.leave(200, now=float(step))
        await ledger.commit()
    assert fetch(store_url, LIVE_LOG)[0][0] < COMPACT_AFTER
    assert (await reloaded(store, ledger.table.id)).table.to_json() == ledger.table.to_json()


async def test_on_sqlite_the_rows_a_snapshot_replaced_are_never_read_and_then_deleted(
    sqlite_store: Path,
) -> None:
    """A snapshot leaves the entries before it in the log, dead: a row there that could
    not even be read does not break the table; the writer deletes those rows by itself
    once it is idle (they are gone when the store has closed), and a store that opens on
    a database with dead rows left behind deletes them when it first writes."""
    url = f"sqlite+aiosqlite:///{sqlite_store}"
    store = await Store.open(url)
    ledger = await StoreJournal(store).create(new_table(10))
    table = ledger.table
    table.start(100, now=1.0)
    await ledger.commit()
    rng = random.Random(4)
    while await finish_hand(ledger, rng, url) < COMPACT_AT_DEAL:
        table.next_hand(3.0, by=100)
        await ledger.commit()
    last = f"UPDATE table_log SET body_json = 'not JSON' WHERE version = {ledger.version}"
    execute(url, last)
    table.next_hand(3.0, by=100)
    await ledger.commit()
    assert fetch(url, LIVE_LOG) == [(0,)]
    assert (await reloaded(store, table.id)).table.to_json() == table.to_json()
    await store.close()
    assert fetch(url, "SELECT count(*) FROM table_log") == [(0,)]

    [(version,)] = fetch(url, f"SELECT version FROM tonk_table WHERE id = {table.id}")
    execute(url, f"INSERT INTO table_log VALUES ({table.id}, {version - 1}, 'not JSON')")
    store = await Store.open(url)
    try:
        assert (await reloaded(store, table.id)).table.to_json() == table.to_json()
        await store.update_guild_settings(1, locale="fr")
        assert fetch(url, "SELECT count(*) FROM table_log") == [(0,)]
    finally:
        await store.close()


async def test_concurrent_commits_share_transactions_and_a_stale_one_fails_alone(
    store: Store,
) -> None:
    """Thirty tables commit at once: fewer transactions than commits; a second ledger of
    one table, one version behind, is refused alone and the thirty land."""
    journal = StoreJournal(store)
    ledgers = [await journal.create(new_table(channel)) for channel in range(10, 40)]
    stale = await reloaded(store, ledgers[0].table.id)
    before = store.writer.stats
    for ledger in ledgers:
        ledger.table.join(Seat(200, "cat"), now=1.0)
    stale.table.join(Seat(201, "dan"), now=1.0)
    outcomes = await asyncio.gather(
        *(ledger.commit() for ledger in [*ledgers, stale]), return_exceptions=True
    )
    after = store.writer.stats
    assert outcomes[:-1] == [None] * len(ledgers)
    assert isinstance(outcomes[-1], StaleVersion)
    assert after.units - before.units == len(ledgers) + 1
    assert after.transactions - before.transactions < len(ledgers)
    for ledger in ledgers:
        assert (await reloaded(store, ledger.table.id)).table.is_seated(200)
    assert not stale.rollback().is_seated(201)  # its own last commit; the store moved on


async def test_commits_that_record_no_hand_are_answered_before_those_that_do(
    store: Store,
) -> None:
    """Eight tables commit at once, the first one the move that ends its hand: the seven
    others land in one transaction and are answered, then the hand's end in a second one,
    with the hand recorded; every table rebuilds as committed."""
    journal = StoreJournal(store)
    ledgers = [await journal.create(new_table(channel, seed=channel)) for channel in range(10, 18)]
    for ledger in ledgers:
        ledger.table.start(100, now=1.0)
        await ledger.commit()
    first = ledgers[0]
    rng = random.Random(7)
    while True:
        before = first.table.to_json()
        random_move(first.table, rng, now=2.0)
        if first.table.status != PLAYING:
            break
        await first.commit()
    assert before != first.table.to_json()
    for ledger in ledgers[1:]:
        random_move(ledger.table, rng, now=2.0)
    answered: list[int] = []

    async def commit(ledger: TableLedger) -> None:
        await ledger.commit()
        answered.append(ledger.table.id)

    transactions = store.writer.stats.transactions
    await asyncio.gather(*(commit(ledger) for ledger in ledgers))
    assert store.writer.stats.transactions - transactions == 2
    assert answered[-1] == first.table.id
    assert sorted(answered[:-1]) == sorted(ledger.table.id for ledger in ledgers[1:])
    assert [summary.hand_uid for summary in await store.history(1, 10)] == [f"{first.table.id}:1"]
    for ledger in ledgers:
        assert (await reloaded(store, ledger.table.id)).table.to_json() == ledger.table.to_json()


async def test_a_finished_hand_is_recorded_once_whoever_commits_it(store: Store) -> None:
    """Two ledgers of one table finish the same hand and commit it at once, while the hand
    is also recorded directly: one record, one set of totals, one ledger refused."""
    ledger = await StoreJournal(store).create(new_table(10))
    ledger.table.start(100, now=1.0)
    await ledger.commit()
    twin = await reloaded(store, ledger.table.id)
    for table in (ledger.table, twin.table):
        rng = random.Random(9)
        step = 1
        while table.status == PLAYING:
            step += 1
            random_move(table, rng, now=float(step))
    assert ledger.table.to_json() == twin.table.to_json()
    payouts = ledger.table.last_hand.result.payouts if ledger.table.last_hand else ()
    outcomes = await asyncio.gather(
        ledger.commit(),
        twin.commit(),
        store.record_hand(hand_result(ledger.table)),
        return_exceptions=True,
    )
    assert sum(isinstance(outcome, StaleVersion) for outcome in outcomes[:2]) == 1
    [summary] = await store.history(1, 10)
    chips = [(await store.stats(1, user)).player for user in (100, 101)]
    assert [player.net_chips if player else None for player in chips] == list(payouts)
    assert [player.hands_played if player else None for player in chips] == [1, 1]
    assert summary.hand_uid == f"{ledger.table.id}:1"


async def test_a_finished_hand_reads_back_with_the_deal_seats_and_moves_of_the_table(
    store: Store,
) -> None:
    """The commit that ends a hand records it with its deal: ``hand_replay`` gives the deal,
    the seats and the moves of the table's record."""
    rng = random.Random(5)
    ledger = await StoreJournal(store).create(new_table(10, seed=5))
    ledger.table.start(100, now=1.0)
    await ledger.commit()
    while ledger.table.status == PLAYING:
        random_move(ledger.table, rng, now=2.0)
        await ledger.commit()
    expected = hand_result(ledger.table)
    replay = await store.hand_replay(1, expected.hand_uid)
    assert replay is not None and expected.deal is not None
    assert replay.deal == expected.deal
    assert replay.action_log == list(expected.action_log)
    assert [(seat.user_id, seat.payout) for seat in replay.summary.seats] == [
        (player.user_id, player.payout) for player in expected.players
    ]


async def test_a_commit_refused_by_a_locked_database_rolls_back_to_the_last_commit(
    store_on_sqlite: Store, sqlite_store: Path
) -> None:
    """Another connection holds the write lock past the store's lock timeout: the commit
    raises StoreUnavailable, nothing lands, rollback gives the committed table, and once
    the lock is gone the same move commits."""
    ledger = await StoreJournal(store_on_sqlite).create(new_table(10))
    ledger.table.start(100, now=1.0)
    await ledger.commit()
    committed = ledger.table.to_json()
    version = ledger.version
    ledger.table.act(ledger.table.to_act_id or 0, Kind.DRAW, now=2.0)
    blocker = sqlite3.connect(sqlite_store, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreUnavailable, match="locked"):
            await ledger.commit()
    finally:
        blocker.rollback()
        blocker.close()
    assert ledger.version == version
    table = ledger.rollback()
    assert table.to_json() == committed
    assert (await reloaded(store_on_sqlite, table.id)).table.to_json() == committed
    table.act(table.to_act_id or 0, Kind.DRAW, now=3.0)
    await ledger.commit()
    assert ledger.version == version + 1
    assert (await reloaded(store_on_sqlite, table.id)).table.to_json() == table.to_json()


async def test_a_table_row_locked_by_another_process_fails_the_commit_cleanly(
    postgres_url: str,
) -> None:
    """PostgreSQL: another connection holds the table's row lock past the store's lock
    timeout: the commit raises StoreUnavailable, nothing lands, and once the lock is gone
    the same move commits."""
    store = await Store.open(postgres_url, lock_timeout=0.3)
    try:
        ledger = await StoreJournal(store).create(new_table(10))
        ledger.table.start(100, now=1.0)
        await ledger.commit()
        version = ledger.version
        ledger.table.act(ledger.table.to_act_id or 0, Kind.DRAW, now=2.0)
        blocker = await connect_postgres(postgres_url)
        try:
            async with blocker.transaction():
                await blocker.execute(
                    f"SELECT 1 FROM tonk_table WHERE id = {ledger.table.id} FOR UPDATE"
                )
                with pytest.raises(StoreUnavailable, match="lock timeout"):
                    await ledger.commit()
        finally:
            await blocker.close()
        assert ledger.version == version
        table = ledger.rollback()
        table.act(table.to_act_id or 0, Kind.DRAW, now=3.0)
        await ledger.commit()
        assert (await reloaded(store, table.id)).table.to_json() == table.to_json()
    finally:
        await store.close()


async def test_a_full_disk_fails_the_commit_whole_and_the_next_one_works(
    store_on_sqlite: Store,
) -> None:
    """A write that runs out of pages (SQLITE_FULL) raises StoreUnavailable, leaves nothing
    behind, and the writer's next connection writes again."""
    ledger = await StoreJournal(store_on_sqlite).create(new_table(10))
    committed = ledger.table.to_json()

    def cap_pages(connection: Connection) -> None:
        raw = connection.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        pages = raw.execute("PRAGMA page_count").fetchone()[0]
        raw.execute(f"PRAGMA max_page_count = {pages}")

    await store_on_sqlite.writer.run(cap_pages)
    ledger.table.join(Seat(200, "c" * 50_000), now=1.0)
    with pytest.raises(StoreUnavailable, match="full"):
        await ledger.commit()
    assert ledger.rollback().to_json() == committed
    assert (await reloaded(store_on_sqlite, ledger.table.id)).table.to_json() == committed
    ledger.table.join(Seat(200, "cat"), now=2.0)
    await ledger.commit()
    assert (await reloaded(store_on_sqlite, ledger.table.id)).table.is_seated(200)


async def test_a_commit_waits_for_a_lock_held_six_seconds_then_lands(sqlite_store: Path) -> None:
    """With the default lock timeout, a commit behind another connection's 6 s write lock
    waits and lands once the lock is released."""
    store = await Store.open(f"sqlite+aiosqlite:///{sqlite_store}")
    try:
        ledger = await StoreJournal(store).create(new_table(10))
        blocker = sqlite3.connect(sqlite_store, isolation_level=None, check_same_thread=False)
        blocker.execute("BEGIN IMMEDIATE")
        release = threading.Timer(6.0, blocker.rollback)
        release.start()
        ledger.table.join(Seat(200, "cat"), now=1.0)
        started = time.monotonic()
        await ledger.commit()
        waited = time.monotonic() - started
        release.join()
        blocker.close()
        assert waited >= 5.5
        assert (await reloaded(store, ledger.table.id)).table.is_seated(200)
    finally:
        await store.close()


async def test_a_cancelled_caller_does_not_lose_its_commit(store: Store) -> None:
    """The commit of a cancelled task lands and the ledger counts it as committed."""
    ledger = await StoreJournal(store).create(new_table(10))
    ledger.table.join(Seat(200, "cat"), now=1.0)
    task = asyncio.create_task(ledger.commit())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await store.writer.run(lambda connection: None)
    assert ledger.version == 1
    assert ledger.rollback().is_seated(200)
    ledger.table.join(Seat(201, "dan"), now=2.0)
    await ledger.commit()
    assert (await reloaded(store, ledger.table.id)).table.to_json() == ledger.table.to_json()


async def test_one_open_table_per_channel_and_closing_frees_it(store: Store) -> None:
    """A second table in a channel is refused in the table's words; a close commits once."""
    journal = StoreJournal(store)
    ledger = await journal.create(new_table(10))
    with pytest.raises(TableError) as refused:
        await journal.create(new_table(10))
    assert refused.value.reason == "channel_taken"
    ledger.table.close(100, manage_server=False)
    await ledger.commit()
    assert (await journal.load()) == ([], [])
    again = await journal.create(new_table(10))
    assert again.table.id != ledger.table.id


async def test_a_table_between_hands_resumes_with_its_next_deal(store: Store) -> None:
    """After a restart between hands, the next deal, moves and record go on as before."""
    ledger = await StoreJournal(store).create(new_table(10, seed=3))
    rng = random.Random(3)
    ledger.table.start(100, now=1.0)
    await ledger.commit()
    while ledger.table.status == PLAYING:
        random_move(ledger.table, rng, now=2.0)
        await ledger.commit()
    assert ledger.table.status == BETWEEN
    resumed = await reloaded(store, ledger.table.id)
    resumed.table.next_hand(now=3.0)
    await resumed.commit()
    while resumed.table.status == PLAYING:
        random_move(resumed.table, rng, now=4.0)
        await resumed.commit()
    assert [summary.hand_number for summary in await store.history(1, 10)] == [2, 1]


async def test_a_closed_table_is_read_back_as_it_closed_and_only_once_closed(
    store: Store, store_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """``closed`` gives a closed table's last state (for **New table**); a table that the
    store closed (one it could not rebuild) as its last snapshot, without the entries after
    it; an open, unknown or unreadable one gives None, the unreadable one with a warning."""
    journal = StoreJournal(store)
    ledger = await journal.create(new_table(10, preset="chicago"))
    ledger.table.stake = 7
    await ledger.commit()
    assert await journal.closed(ledger.table.id) is None  # still open
    ledger.table.close(100, manage_server=False)
    await ledger.commit()
    closed = await journal.closed(ledger.table.id)
    assert closed is not None and closed.to_json() == ledger.table.to_json()
    assert (closed.stake, closed.rules.preset) == (7, "chicago")
    assert await journal.closed(ledger.table.id + 1) is None
    dealt = await journal.create(new_table(11))
    snapshot = dealt.table.to_json()
    dealt.table.start(100, now=1.0)
    await dealt.commit()  # an entry
    assert await store.close_table(dealt.table.id, "unreadable")
    closed = await journal.closed(dealt.table.id)
    assert closed is not None and closed.to_json() == snapshot
    execute(store_url, f"UPDATE tonk_table SET state_json = '[1' WHERE id = {ledger.table.id}")
    assert await journal.closed(ledger.table.id) is None
    assert f"closed table {ledger.table.id} cannot be read" in caplog.text


async def test_a_table_whose_entries_do_not_replay_is_reported_broken(
    store: Store, store_url: str
) -> None:
    """An entry the engine refuses makes that table broken; the others still load."""
    journal = StoreJournal(store)
    good = await journal.create(new_table(10))
    bad = await journal.create(new_table(11))
    for ledger in (good, bad):
        ledger.table.start(100, now=1.0)
        await ledger.commit()
        ledger.table.act(ledger.table.to_act_id or 0, Kind.DRAW, now=2.0)
        await ledger.commit()
    body = '{"actions": [{"player": "100", "do": "drop"}, {"player": "100", "do": "drop"}]}'
    execute(
        store_url,
        f"UPDATE table_log SET body_json = '{body}'"
        f" WHERE table_id = {bad.table.id} AND version = 2",
    )
    ledgers, broken = await journal.load()
    assert [ledger.table.id for ledger in ledgers] == [good.table.id]
    assert [table.id for table in broken] == [bad.table.id]
    assert await store.close_table(bad.table.id, "unreadable")
    assert fetch(store_url, f"SELECT count(*) FROM table_log WHERE table_id = {bad.table.id}")[
        0
    ] == (0,)
    assert (await journal.load())[1] == []
