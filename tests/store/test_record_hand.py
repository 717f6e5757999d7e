"""record_hand: one transaction, exactly once, atomic with the table's final state."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from sqlalchemy import Connection

from bot.store import (
    Ending,
    HandResult,
    PlayerResult,
    StaleVersion,
    Store,
    TableNotOpen,
    TableSave,
    UnknownTable,
)
from bot.store.sql import totals

from .conftest import hand, open_table, player, two_player_hand
from .raw import fetch


def _counts(url: str) -> tuple[int, int, int]:
    hands, seats, totals_rows = (
        fetch(url, f"SELECT count(*) FROM {name}")[0][0]
        for name in ("hand", "hand_player", "player_totals")
    )
    return hands, seats, totals_rows


async def test_hand_seats_and_totals_are_written(store: Store) -> None:
    """A recorded hand appears in history, and each player's totals are updated."""
    table = await open_table(store)
    assert await store.record_hand(two_player_hand(table, 1, winner=100, loser=200))
    [summary] = await store.history(table.guild_id, table.channel_id)
    assert summary.hand_uid == f"{table.id}:1"
    assert [(seat.user_id, seat.payout, seat.won) for seat in summary.seats] == [
        (100, 2, True),
        (200, -2, False),
    ]
    winner = (await store.stats(table.guild_id, 100)).player
    loser = (await store.stats(table.guild_id, 200)).player
    assert winner is not None and loser is not None
    assert (winner.net_chips, winner.hands_played, winner.hands_won, winner.tonk_outs) == (
        2,
        1,
        1,
        1,
    )
    assert (loser.net_chips, loser.hands_played, loser.hands_won) == (-2, 1, 0)


async def test_recording_the_same_hand_twice_writes_it_once(store: Store, store_url: str) -> None:
    """The second call returns False and changes no row and no total."""
    table = await open_table(store)
    result = two_player_hand(table, 1, winner=100, loser=200)
    assert await store.record_hand(result)
    assert not await store.record_hand(result)
    assert _counts(store_url) == (1, 2, 2)
    player_stats = (await store.stats(table.guild_id, 100)).player
    assert player_stats is not None
    assert (player_stats.net_chips, player_stats.hands_played) == (2, 1)


async def test_concurrent_retries_of_one_hand_record_it_once(store: Store, store_url: str) -> None:
    """Several coroutines recording the same hand at once: exactly one succeeds."""
    table = await open_table(store)
    result = two_player_hand(table, 1, winner=100, loser=200)
    outcomes = await asyncio.gather(*(store.record_hand(result) for _ in range(5)))
    assert sorted(outcomes) == [False, False, False, False, True]
    assert _counts(store_url) == (1, 2, 2)


async def test_failure_mid_transaction_writes_nothing_and_retry_succeeds_once(
    store: Store, store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error after the hand and seat rows are inserted rolls all of them back."""
    table = await open_table(store)
    result = two_player_hand(table, 1, winner=100, loser=200)
    real_add_hands = totals.add_hands

    def crash(connection: Connection, hand_results: Sequence[HandResult]) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(totals, "add_hands", crash)
    with pytest.raises(RuntimeError, match="disk on fire"):
        await store.record_hand(result)
    assert _counts(store_url) == (0, 0, 0)

    monkeypatch.setattr(totals, "add_hands", real_add_hands)
    assert await store.record_hand(result)
    assert not await store.record_hand(result)
    assert _counts(store_url) == (1, 2, 2)


async def test_table_update_commits_with_the_hand(store: Store) -> None:
    """The table's final state and balances land in the same transaction as the hand."""
    table = await open_table(store)
    save = TableSave(table.id, {"hand": 2}, 1, {"balances": {100: 2, 200: -2}})
    assert await store.record_hand(
        two_player_hand(table, 1, winner=100, loser=200), table_update=save
    )
    loaded = await store.get_open_table(table.channel_id)
    assert loaded is not None
    assert (loaded.state, loaded.version, loaded.balances) == ({"hand": 2}, 1, {100: 2, 200: -2})


async def test_stale_table_update_aborts_the_hand_too(store: Store, store_url: str) -> None:
    """If the table moved on, neither the hand nor the table state is written."""
    table = await open_table(store)
    await store.save_table(table.id, {"moved": True}, 1)
    with pytest.raises(StaleVersion):
        await store.record_hand(
            two_player_hand(table, 1, winner=100, loser=200),
            table_update=TableSave(table.id, {"hand": 2}, 1),
        )
    assert _counts(store_url) == (0, 0, 0)
    loaded = await store.get_open_table(table.channel_id)
    assert loaded is not None
    assert (loaded.state, loaded.version) == ({"moved": True}, 1)


async def test_table_update_of_a_closed_table_aborts_the_hand(store: Store, store_url: str) -> None:
    """A closed table cannot take the hand's final state; the hand is not recorded either."""
    table = await open_table(store)
    await store.close_table(table.id, "gone")
    with pytest.raises(TableNotOpen):
        await store.record_hand(
            two_player_hand(table, 1, winner=100, loser=200),
            table_update=TableSave(table.id, {}, 1),
        )
    assert _counts(store_url) == (0, 0, 0)


async def test_table_update_must_be_for_the_hand_table(store: Store, store_url: str) -> None:
    """A hand cannot carry the final state of another table."""
    table = await open_table(store)
    other = await open_table(store, channel_id=11)
    with pytest.raises(ValueError, match="cannot update table"):
        await store.record_hand(
            two_player_hand(table, 1, winner=100, loser=200),
            table_update=TableSave(other.id, {}, 1),
        )
    assert _counts(store_url) == (0, 0, 0)


async def test_hand_of_an_unknown_table_is_refused(store: Store, store_url: str) -> None:
    """The table id must name a stored table (foreign key)."""
    table = await open_table(store)
    result = two_player_hand(table, 1, winner=100, loser=200)
    bad = HandResult(
        guild_id=1,
        channel_id=10,
        table_id=9999,
        hand_number=1,
        preset="standard",
        seed=1,
        ending="tonk_out",
        players=result.players,
    )
    with pytest.raises(UnknownTable):
        await store.record_hand(bad)
    assert _counts(store_url) == (0, 0, 0)


async def test_bots_are_in_the_hand_but_get_no_totals(store: Store) -> None:
    """A bot's seat is recorded with the hand; it never appears in totals or leaderboards."""
    table = await open_table(store)
    result = hand(table, 1, [player(100, 3, won=True), player(-7, -3, is_bot=True)])
    assert await store.record_hand(result)
    [summary] = await store.history(table.guild_id, table.channel_id)
    assert [(seat.user_id, seat.is_bot) for seat in summary.seats] == [(100, False), (-7, True)]
    board = await store.leaderboard(table.guild_id)
    assert [entry.player.user_id for entry in board.entries] == [100]
    assert (await store.stats(table.guild_id, -7)).player is None


async def test_outcome_counters(store: Store) -> None:
    """tonk_outs, drops_won and instant_wins count wins by that outcome; caught counts drops."""
    table = await open_table(store)
    hands = [
        [player(1, 2, won=True, how=Ending.TONK_OUT), player(2, -2)],
        [
            player(1, 4, won=True, how=Ending.DROP_WON),
            player(2, -4, how=Ending.DROP_WON),
        ],
        [
            player(1, -6, how=Ending.DROP_CAUGHT, caught=True),
            player(2, 6, won=True, how=Ending.DROP_CAUGHT),
        ],
        [player(1, 9, won=True, how=Ending.INSTANT_WIN), player(2, -9, how=Ending.INSTANT_WIN)],
        [player(1, 2, won=True, how=Ending.OUT_BY_DISCARD), player(2, -2)],
    ]
    for number, seats in enumerate(hands, start=1):
        await store.record_hand(hand(table, number, seats))
    first = (await store.stats(table.guild_id, 1)).player
    second = (await store.stats(table.guild_id, 2)).player
    assert first is not None and second is not None
    assert (first.hands_won, first.tonk_outs, first.drops_won, first.instant_wins) == (4, 1, 1, 1)
    assert (first.times_caught, first.net_chips) == (1, 11)
    assert (second.hands_won, second.times_caught, second.tonk_outs) == (1, 0, 0)


async def test_streaks_grow_on_wins_reset_on_paid_losses_and_survive_pushes(store: Store) -> None:
    """Win +1; a loss that cost chips resets; a hand neither won nor paid (payout 0) keeps it."""
    table = await open_table(store)
    sequence = [
        (2, True),  # streak 1
        (2, True),  # streak 2
        (0, False),  # dead hand: stays 2
        (2, True),  # streak 3, best 3
        (-2, False),  # paid loss: reset
        (2, True),  # streak 1
    ]
    expected = [(1, 1), (2, 2), (2, 2), (3, 3), (0, 3), (1, 3)]
    for number, ((payout, won), streaks) in enumerate(zip(sequence, expected, strict=True), 1):
        how = Ending.TONK_OUT if payout else Ending.DEAD_HAND
        await store.record_hand(hand(table, number, [player(1, payout, won=won, how=how)]))
        record = (await store.stats(table.guild_id, 1)).player
        assert record is not None
        assert (record.current_streak, record.best_streak) == streaks


def test_hand_without_players_is_refused() -> None:
    """A hand needs at least one seat."""
    with pytest.raises(ValueError, match="at least one player"):
        HandResult(1, 10, 1, 1, "standard", 1, "tonk_out", [])


def test_hand_with_a_user_seated_twice_is_refused() -> None:
    """Each user holds one seat, so their totals move once per hand."""
    with pytest.raises(ValueError, match="sits twice"):
        HandResult(1, 10, 1, 1, "standard", 1, "tonk_out", [player(1, 0), player(1, 0)])


def test_player_result_with_unknown_outcome_is_refused() -> None:
    """``how`` must be one of the Ending values."""
    with pytest.raises(ValueError, match="walked_away"):
        PlayerResult(1, "a", 0, 0, False, "walked_away")  # type: ignore[arg-type]
