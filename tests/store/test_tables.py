"""Tables: create, save with the optimistic version check, load, close, corrupt rows."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace

import pytest
from sqlalchemy import Connection

from bot.store import (
    CorruptRow,
    Seat,
    StaleVersion,
    Store,
    TableAlreadyOpen,
    TableCommit,
    TableNotOpen,
    TableRules,
    TableStatus,
    UnknownTable,
)

from .conftest import open_table, two_player_hand
from .raw import connect_postgres, execute


async def test_created_table_is_open_at_version_zero(store: Store) -> None:
    """A new table reads back exactly as created, in the lobby, at version 0."""
    created = await store.create_table(
        guild_id=1,
        channel_id=10,
        host_id=100,
        rules=TableRules("standard", {"spread_bonus": True}, 2),
        state={"deck": ["AS"]},
        seats=[Seat(100, "Ann"), Seat(-1, "Robo", is_bot=True, level="hard")],
        balances={100: 0},
        table_message_id=555,
        turn_deadline=1234.5,
    )
    assert created.version == 0
    assert created.status is TableStatus.LOBBY
    assert await store.get_open_table(10) == created


async def test_one_open_table_per_channel(store: Store) -> None:
    """A second table in the same channel is refused until the first is closed."""
    first = await open_table(store)
    with pytest.raises(TableAlreadyOpen):
        await open_table(store)
    assert await store.close_table(first.id, "host left")
    second = await open_table(store)
    assert second.id != first.id
    assert (await store.get_open_table(10)) == second


async def test_save_commits_state_and_fields_and_bumps_version(store: Store) -> None:
    """A save at version+1 stores the state and the given fields, keeping the others."""
    table = await open_table(store)
    await store.save_table(
        table.id,
        {"deck": [], "turn": 1},
        1,
        status=TableStatus.PLAYING,
        seats=[Seat(100, "Ann"), Seat(200, "Bob")],
        balances={100: 4, 200: -4},
        turn_deadline=99.0,
    )
    await store.save_table(table.id, {"deck": [], "turn": 2}, 2, turn_deadline=None)
    loaded = await store.get_open_table(table.channel_id)
    assert loaded is not None
    assert loaded.version == 2
    assert loaded.state == {"deck": [], "turn": 2}
    assert loaded.status is TableStatus.PLAYING
    assert loaded.balances == {100: 4, 200: -4}
    assert [seat.user_id for seat in loaded.seats] == [100, 200]
    assert loaded.turn_deadline is None
    assert loaded.rules == table.rules


@pytest.mark.parametrize("version", [1, 2, 4])
async def test_stale_version_is_refused_and_state_unchanged(store: Store, version: int) -> None:
    """A save whose version is not stored+1 raises StaleVersion and writes nothing."""
    table = await open_table(store)
    await store.save_table(table.id, {"turn": 1}, 1)
    await store.save_table(table.id, {"turn": 2}, 2)
    with pytest.raises(StaleVersion) as caught:
        await store.save_table(table.id, {"turn": "lost"}, version, balances={1: 1})
    assert (caught.value.expected, caught.value.actual) == (version - 1, 2)
    loaded = await store.get_open_table(table.channel_id)
    assert loaded is not None
    assert (loaded.state, loaded.version, loaded.balances) == ({"turn": 2}, 2, {})


async def test_concurrent_saves_of_one_version_let_exactly_one_win(store: Store) -> None:
    """Two moves racing from the same version: one commits, the other gets StaleVersion."""
    table = await open_table(store)
    results = await asyncio.gather(
        *(store.save_table(table.id, {"move": n}, 1) for n in range(5)), return_exceptions=True
    )
    assert sum(result is None for result in results) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r is not None)
    loaded = await store.get_open_table(table.channel_id)
    assert loaded is not None
    assert loaded.version == 1


async def test_saving_a_closed_or_unknown_table_raises_table_not_open(store: Store) -> None:
    """Saves go to open tables only."""
    table = await open_table(store)
    await store.close_table(table.id, "finished")
    with pytest.raises(TableNotOpen):
        await store.save_table(table.id, {}, 1)
    with pytest.raises(TableNotOpen):
        await store.save_table(9999, {}, 1)


async def test_invalid_saves_are_refused_before_touching_the_database(store: Store) -> None:
    """Closing by save, unknown fields, version 0 and non-JSON state raise; nothing changes."""
    table = await open_table(store)
    with pytest.raises(ValueError, match="close_table"):
        await store.save_table(table.id, {}, 1, status=TableStatus.CLOSED)
    with pytest.raises(TypeError, match="colour"):
        await store.save_table(table.id, {}, 1, colour="red")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="count from 1"):
        await store.save_table(table.id, {}, 0)
    with pytest.raises(TypeError):
        await store.save_table(table.id, {"bad": object()}, 1)
    loaded = await store.get_open_table(table.channel_id)
    assert loaded is not None
    assert loaded.version == 0


async def test_close_table_is_final_and_reports_whether_it_closed(store: Store) -> None:
    """Closing returns True once, then False; the table no longer loads."""
    table = await open_table(store)
    assert await store.close_table(table.id, "idle")
    assert not await store.close_table(table.id, "idle")
    assert not await store.close_table(9999, "never existed")
    assert await store.get_open_table(table.channel_id) is None
    assert (await store.load_open_tables()).tables == []


async def test_load_open_tables_returns_every_open_table_oldest_first(store: Store) -> None:
    """All open tables of all guilds load; closed ones do not."""
    first = await open_table(store, guild_id=1, channel_id=10)
    closed = await open_table(store, guild_id=1, channel_id=11)
    third = await open_table(store, guild_id=2, channel_id=20)
    await store.close_table(closed.id, "done")
    loaded = await store.load_open_tables()
    assert [table.id for table in loaded.tables] == [first.id, third.id]
    assert loaded.broken == []


@pytest.mark.parametrize(
    ("column", "bad_value"),
    [
        ("state_json", "{not json"),
        ("state_json", "[1, 2]"),
        ("seats_json", '[{"user_id": "x", "name": "A", "is_bot": false, "level": null}]'),
        ("rules_json", '{"preset": "standard"}'),
        ("balances_json", '{"abc": 1}'),
    ],
)
async def test_corrupted_table_is_reported_and_the_others_still_load(
    store: Store, store_url: str, column: str, bad_value: str
) -> None:
    """A row with unreadable or misshapen JSON is listed as broken, not fatal to the rest."""
    good = await open_table(store, channel_id=10)
    bad = await open_table(store, channel_id=11)
    also_good = await open_table(store, channel_id=12)
    quoted = bad_value.replace("'", "''")
    execute(store_url, f"UPDATE tonk_table SET {column} = '{quoted}' WHERE id = {bad.id}")
    loaded = await store.load_open_tables()
    assert [table.id for table in loaded.tables] == [good.id, also_good.id]
    assert [(broken.id, broken.channel_id) for broken in loaded.broken] == [(bad.id, 11)]
    assert f"table {bad.id}" in loaded.broken[0].error
    with pytest.raises(CorruptRow):
        await store.get_open_table(11)
    assert await store.close_table(bad.id, "corrupt")
    assert (await store.load_open_tables()).broken == []


async def test_entries_committed_together_land_in_order_and_a_stale_one_fails_alone(
    store: Store,
) -> None:
    """Entries of several tables submitted at once (one transaction; on PostgreSQL those of
    distinct tables in one statement): two versions of one table both land, in order; a
    stale version and a closed table fail alone."""
    first = await open_table(store, channel_id=10)
    second = await open_table(store, channel_id=11)
    closed = await open_table(store, channel_id=12)
    await store.close_table(closed.id, "gone")
    outcomes = await asyncio.gather(
        store.commit_table(TableCommit(first.id, 1, entry={"n": 1})),
        store.commit_table(TableCommit(second.id, 1, entry={"n": 1})),
        store.commit_table(TableCommit(first.id, 2, entry={"n": 2})),
        store.commit_table(TableCommit(second.id, 5, entry={"n": 5})),
        store.commit_table(TableCommit(closed.id, 2, entry={"n": 2})),
        store.commit_table(TableCommit(second.id, 2, entry={"n": 2})),
        return_exceptions=True,
    )
    assert outcomes[:3] == [None, None, None] and outcomes[5] is None
    assert isinstance(outcomes[3], StaleVersion) and outcomes[3].actual == 1
    assert isinstance(outcomes[4], TableNotOpen)
    tables = {table.id: table for table in (await store.load_open_tables()).tables}
    assert (tables[first.id].version, tables[first.id].log) == (2, ({"n": 1}, {"n": 2}))
    assert (tables[second.id].version, tables[second.id].log) == (2, ({"n": 1}, {"n": 2}))


async def test_appends_committed_together_are_judged_one_by_one(store: Store) -> None:
    """Journal entries of many tables submitted at once run as one group (one statement on
    PostgreSQL, one query and one insert on SQLite): each lands or is refused exactly as it
    would alone, and a refused one takes nothing from the others."""
    tables = [await open_table(store, channel_id=channel) for channel in range(20, 32)]
    closed, stale = tables[3], tables[7]
    await store.commit_table(TableCommit(stale.id, 1, entry={"n": "first"}))
    assert await store.close_table(closed.id, "host left")
    before = store.writer.stats
    outcomes = await asyncio.gather(
        *(store.commit_table(TableCommit(table.id, 1, entry={"n": table.id})) for table in tables),
        store.commit_table(TableCommit(10_000, 1, entry={"n": "nowhere"})),
        return_exceptions=True,
    )
    after = store.writer.stats
    assert after.transactions - before.transactions < len(outcomes)
    unknown = outcomes.pop()
    assert isinstance(unknown, TableNotOpen)
    for table, outcome in zip(tables, outcomes, strict=True):
        if table is closed:
            assert isinstance(outcome, TableNotOpen)
        elif table is stale:
            assert isinstance(outcome, StaleVersion)
            assert (outcome.expected, outcome.actual) == (0, 1)
        else:
            assert outcome is None
    loaded = {table.id: table for table in (await store.load_open_tables()).tables}
    assert closed.id not in loaded
    assert loaded[stale.id].log == ({"n": "first"},)
    for table in tables:
        if table not in (closed, stale):
            assert (loaded[table.id].version, loaded[table.id].log) == (1, ({"n": table.id},))


async def test_compactions_committed_together_are_judged_one_by_one(store: Store) -> None:
    """Snapshots with finished hands of many tables, submitted at once among journal
    entries, run as one group (on PostgreSQL one statement of each kind): each lands or is
    refused exactly as it would alone. A stale table and a closed one write nothing, a hand
    recorded already is not recorded again, a closing snapshot closes its table, and the
    member who won at every table has each of those hands in their totals, in order."""
    tables = [await open_table(store, channel_id=channel) for channel in range(40, 52)]
    stale, closed, recorded, closing = tables[1], tables[4], tables[6], tables[9]
    await store.commit_table(TableCommit(stale.id, 1, entry={"n": "first"}))
    assert await store.close_table(closed.id, "host left")
    assert await store.record_hand(two_player_hand(recorded, 1, winner=100, loser=300))
    commits = [
        TableCommit(table.id, 1, entry={"n": n})
        if n % 3 == 2
        else TableCommit(
            table.id,
            1,
            snapshot={"after": n},
            hand=two_player_hand(table, 1, winner=100, loser=200 + n),
            close_reason="game over" if table is closing else None,
        )
        for n, table in enumerate(tables)
    ]
    before = store.writer.stats
    outcomes = await asyncio.gather(
        *(store.commit_table(commit) for commit in commits), return_exceptions=True
    )
    after = store.writer.stats
    assert after.transactions - before.transactions < len(commits)
    assert isinstance(outcomes[1], StaleVersion) and outcomes[1].actual == 1
    assert isinstance(outcomes[4], TableNotOpen)
    assert [outcome for n, outcome in enumerate(outcomes) if n not in (1, 4)] == [None] * 10
    loaded = {table.id: table for table in (await store.load_open_tables()).tables}
    assert closed.id not in loaded and closing.id not in loaded
    assert (loaded[stale.id].state, loaded[stale.id].log) == (stale.state, ({"n": "first"},))
    for n, table in enumerate(tables):
        if n % 3 == 2:
            assert loaded[table.id].log == ({"n": n},)
        elif table not in (stale, closed, closing):
            assert (loaded[table.id].version, loaded[table.id].state) == (1, {"after": n})
            assert loaded[table.id].log == ()
    winner = (await store.stats(1, 100)).player
    assert winner is not None
    assert (winner.hands_played, winner.net_chips, winner.current_streak) == (6, 12, 6)
    for n, table in enumerate(tables):
        loser = (await store.stats(1, 200 + n)).player
        landed = n % 3 != 2 and table not in (stale, closed, recorded)
        assert (loser.hands_played if loser else 0) == (1 if landed else 0), n
    assert [len(await store.history(1, table.channel_id)) for table in tables] == [
        0 if n % 3 == 2 or table in (stale, closed) else 1 for n, table in enumerate(tables)
    ]


async def test_a_group_of_compactions_that_fails_is_run_again_one_by_one(store: Store) -> None:
    """One snapshot of a group records a hand of a table the store never created: the
    group's statement fails, the writer runs its units one by one, and that unit alone is
    refused with UnknownTable; the others land with their hands."""
    tables = [await open_table(store, channel_id=channel) for channel in range(60, 64)]
    hands = [two_player_hand(table, 1, winner=100, loser=101) for table in tables]
    hands[2] = replace(hands[2], table_id=10_000)
    outcomes = await asyncio.gather(
        *(
            store.commit_table(TableCommit(table.id, 1, snapshot={"done": True}, hand=result))
            for table, result in zip(tables, hands, strict=True)
        ),
        return_exceptions=True,
    )
    assert isinstance(outcomes[2], UnknownTable) and outcomes[2].table_id == 10_000
    assert [outcomes[n] for n in (0, 1, 3)] == [None, None, None]
    loaded = {table.id: table for table in (await store.load_open_tables()).tables}
    assert [loaded[table.id].version for table in tables] == [1, 1, 0, 1]
    winner = (await store.stats(1, 100)).player
    assert winner is not None and winner.hands_played == 3


async def test_a_snapshot_waiting_on_another_process_append_is_refused_not_lost(
    postgres_url: str,
) -> None:
    """PostgreSQL: another process holds the table's row lock while it appends the table's
    next version; a snapshot of that same version waits for the lock. Once the other
    process commits, the snapshot is refused as stale and the other's entry stays: it is
    not deleted with the log of a snapshot that no longer follows it (no lost update)."""
    store = await Store.open(postgres_url)
    other = await connect_postgres(postgres_url)
    try:
        table = await open_table(store)
        await store.commit_table(TableCommit(table.id, 1, entry={"n": 1}))
        transaction = other.transaction()
        await transaction.start()
        await other.execute(f"SELECT 1 FROM tonk_table WHERE id = {table.id} FOR UPDATE")
        await other.execute(
            "INSERT INTO table_log (table_id, version, body_json) VALUES ($1, 2, $2)",
            table.id,
            '{"n": 2}',
        )
        snapshot = asyncio.ensure_future(
            store.commit_table(TableCommit(table.id, 2, snapshot={"mine": True}))
        )
        waiting = (
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        async with asyncio.timeout(10):
            while not await other.fetchval(waiting):
                await asyncio.sleep(0.01)
        await transaction.commit()
        with pytest.raises(StaleVersion):
            await snapshot
        [loaded] = (await store.load_open_tables()).tables
        assert (loaded.version, loaded.state, loaded.log) == (2, table.state, ({"n": 1}, {"n": 2}))
    finally:
        await other.close()
        await store.close()


def _refuse(event: str, rows: str, table_id: int) -> Callable[[Connection], None]:
    """A trigger on the writer's connection that refuses ``event`` (INSERT or UPDATE) on
    ``table_id``'s rows of ``rows`` (``table_log``: its log; ``tonk_table``: its row)."""
    column = "id" if rows == "tonk_table" else "table_id"
    name = f"refuse_{event.lower()}_{rows}"

    def work(connection: Connection) -> None:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(
                f"CREATE FUNCTION {name}() RETURNS trigger AS $$ BEGIN"
                f" IF NEW.{column} = {table_id} THEN RAISE EXCEPTION 'refused'; END IF;"
                " RETURN NEW; END $$ LANGUAGE plpgsql"
            )
            connection.exec_driver_sql(
                f"CREATE TRIGGER {name} BEFORE {event} ON {rows}"
                f" FOR EACH ROW EXECUTE FUNCTION {name}()"
            )
        else:
            connection.exec_driver_sql(
                f"CREATE TEMP TRIGGER {name} BEFORE {event} ON main.{rows}"
                f" WHEN NEW.{column} = {table_id} BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )

    return work


async def test_a_group_of_appends_that_fails_is_run_again_one_by_one(store: Store) -> None:
    """When the group's insert itself fails (here a trigger refuses one table's row), each
    append runs again alone: only the refused one fails, the others land."""
    tables = [await open_table(store, channel_id=channel) for channel in range(40, 46)]
    refused = tables[2]
    await store.writer.run(_refuse("INSERT", "table_log", refused.id))
    outcomes = await asyncio.gather(
        *(store.commit_table(TableCommit(table.id, 1, entry={"n": 1})) for table in tables),
        return_exceptions=True,
    )
    assert [isinstance(outcome, Exception) for outcome in outcomes] == [
        table is refused for table in tables
    ]
    loaded = {table.id: table for table in (await store.load_open_tables()).tables}
    assert [loaded[table.id].version for table in tables] == [
        0 if table is refused else 1 for table in tables
    ]


async def test_after_appends_sent_alone_a_failing_snapshot_writes_nothing(store: Store) -> None:
    """A batch of appends alone is one statement, sent without a transaction on PostgreSQL;
    the next batch is a transaction again. Here a compaction's snapshot is refused by a
    trigger after its hand, seats and totals were written: all of them roll back."""
    appended, compacted = [await open_table(store, channel_id=channel) for channel in (70, 71)]
    await store.writer.run(_refuse("UPDATE", "tonk_table", compacted.id))
    await store.commit_table(TableCommit(appended.id, 1, entry={"n": 1}))
    hand = two_player_hand(compacted, 1, winner=100, loser=101)
    with pytest.raises(Exception, match="refused"):
        await store.commit_table(TableCommit(compacted.id, 1, snapshot={"done": True}, hand=hand))
    assert (await store.stats(1, 100)).player is None
    assert await store.history(1, 100, limit=10) == []
    loaded = {table.id: table for table in (await store.load_open_tables()).tables}
    assert (loaded[appended.id].version, loaded[compacted.id].version) == (1, 0)
