"""A database written by the release before the move journal (``fixtures/release_0_1.sql``,
made with that release's code; see the fixture's header) opens with nothing lost, and the
hands its tables finish are recorded with their deals. So does one written by the journal
before deals were snapshots (``fixtures/journal_0022.sql``), whose entries deal hands."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from bot.store import Store
from bot.store.migrations import head
from bot.tables.journal import StoreJournal, TableLedger, hand_result
from bot.tables.table import BETWEEN, LOBBY, PLAYING, Table
from tests.tables.randomtable import random_move

FIXTURE = Path(__file__).parent / "fixtures" / "release_0_1.sql"
JOURNAL = FIXTURE.with_name("journal_0022.sql")
"""Made by ``TableLedger`` at commit 17f0d51; its tables as committed are in the ``.json``
file beside it (by table id: ``version`` and ``state``, ``Table.to_json()``)."""


def _rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as raw:
        return raw.execute(sql).fetchall()


def _totals(path: Path) -> dict[int, tuple[Any, ...]]:
    rows = _rows(path, "SELECT * FROM player_totals ORDER BY user_id")
    return {int(str(row[1])): row[2:] for row in rows}


async def _restart_rebuilds(store: Store, ledgers: list[TableLedger]) -> None:
    """A restart now rebuilds every open table as its ledger holds it."""
    again, broken = await StoreJournal(store).load()
    assert broken == []
    assert {ledger.table.id: ledger.table.to_json() for ledger in again} == {
        ledger.table.id: ledger.table.to_json() for ledger in ledgers
    }


async def test_open_tables_resume_exactly_and_play_on_with_the_totals_intact(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tonk.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(FIXTURE.read_text())
    open_states = {  # as today's code reads the release's states (hands of format 1)
        int(str(table_id)): (Table.from_json(json.loads(str(state))).to_json(), version)
        for table_id, state, version in _rows(
            path, "SELECT id, state_json, version FROM tonk_table WHERE status != 'closed'"
        )
    }
    totals = _totals(path)
    hands = _rows(path, "SELECT hand_uid FROM hand ORDER BY id")
    assert len(open_states) == 3 and len(hands) == 4 and len(totals) == 7

    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    try:
        assert _rows(path, "SELECT version_num FROM alembic_version") == [(head(),)]
        assert _rows(path, "SELECT name FROM sqlite_master WHERE name = 'schema_version'") == []
        journal = StoreJournal(store)
        ledgers, broken = await journal.load()
        assert broken == []
        assert {
            ledger.table.id: (ledger.table.to_json(), ledger.version) for ledger in ledgers
        } == (open_states)
        matches_won = 0  # revision 0020: no hand recorded before said who won a push-up match
        assert _totals(path) == {user: (*row, matches_won) for user, row in totals.items()}
        assert _rows(path, "SELECT hand_uid FROM hand ORDER BY id") == hands

        by_channel = {ledger.table.channel_id: ledger for ledger in ledgers}
        assert [by_channel[c].table.status for c in (10, 11, 12)] == [PLAYING, BETWEEN, LOBBY]
        by_channel[11].table.next_hand(now=5_000.0)
        await by_channel[11].commit()
        rng = random.Random(1)
        payouts: dict[int, int] = {}
        for channel in (10, 11):
            ledger = by_channel[channel]
            while ledger.table.status == PLAYING:
                random_move(ledger.table, rng, now=5_001.0)
                await ledger.commit()
            record = ledger.table.last_hand
            assert record is not None
            for user_id, payout in zip(record.players, record.result.payouts, strict=True):
                if user_id > 0:
                    payouts[user_id] = payouts.get(user_id, 0) + payout
        now = _totals(path)
        for user_id, row in totals.items():
            assert now[user_id][1] == row[1] + payouts.get(user_id, 0)  # net chips
            assert now[user_id][2] == row[2] + (user_id in payouts)  # hands played
        assert len(_rows(path, "SELECT hand_uid FROM hand")) == len(hands) + 2
        for channel in (10, 11):  # the hand in play resumed, and one dealt after the restart
            record = hand_result(by_channel[channel].table)
            replay = await store.hand_replay(1, record.hand_uid)
            assert record.deal is not None
            assert replay is not None and replay.deal == record.deal

        await _restart_rebuilds(store, ledgers)
    finally:
        await store.close()


async def test_a_log_whose_entries_deal_hands_is_kept_and_its_tables_resume_exactly(
    tmp_path: Path,
) -> None:
    """Revision 0023 copies the log into a table with row ids, every row as it was; every
    open table is rebuilt from it, the entries that dealt its hand dealt again, equal to the
    table as that code committed it (but for its finished hand's replay, which a table no
    longer saves); the hands in play finish, each recorded once with its deal, and a
    restart rebuilds the tables as they are."""
    path = tmp_path / "tonk.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(JOURNAL.read_text())
    committed = json.loads(JOURNAL.with_suffix(".json").read_text())
    for table in committed.values():  # kept by that code, now recorded with the hand alone
        if table["state"]["last_hand"] is not None:
            del table["state"]["last_hand"]["replay"]
    log = "SELECT table_id, version, body_json FROM table_log ORDER BY 1, 2"
    rows = _rows(path, log)
    assert sum('"deal"' in str(body) for _, _, body in rows) == 3
    hands = _rows(path, "SELECT hand_uid FROM hand")
    assert len(hands) == 1

    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    try:
        assert _rows(path, log) == rows
        kind = "SELECT sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE name = 'table_log'"
        assert _rows(path, kind) == [(0,)]
        ledgers, broken = await StoreJournal(store).load()
        assert broken == []
        assert {
            str(ledger.table.id): {"version": ledger.version, "state": ledger.table.to_json()}
            for ledger in ledgers
        } == committed
        rng = random.Random(3)
        playing = [ledger for ledger in ledgers if ledger.table.status == PLAYING]
        assert len(playing) == 3
        for ledger in playing:
            while ledger.table.status == PLAYING:
                random_move(ledger.table, rng, now=5_000.0)
                await ledger.commit()
            record = hand_result(ledger.table)
            replay = await store.hand_replay(1, record.hand_uid)
            assert replay is not None and replay.deal == record.deal
        assert len(_rows(path, "SELECT hand_uid FROM hand")) == len(hands) + len(playing)

        await _restart_rebuilds(store, ledgers)
    finally:
        await store.close()
