"""The leaderboard of the last 7 or 30 days: the same orders as the all-time board, summed
over the hands finished in the period, paged by number."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.store import Ending, LeaderboardOrder, LeaderboardPage, OpenTable, Store

from .conftest import hand, open_table, player
from .raw import execute, fetch

DAY = 86_400


async def _play(
    store: Store, table: OpenTable, first: int, results: list[tuple[int, int, bool]]
) -> int:
    """Record one single-seat hand per (user, payout, won), numbered from ``first``; the
    next free number."""
    for number, (user_id, payout, won) in enumerate(results, start=first):
        assert await store.record_hand(hand(table, number, [player(user_id, payout, won=won)]))
    return first + len(results)


def _age(store_url: str, numbers: range, days: float) -> None:
    """Move the finishing time of the hands ``numbers`` back by ``days``."""
    execute(
        store_url,
        f"UPDATE hand SET finished_at = finished_at - {days * DAY} "
        f"WHERE hand_number >= {numbers.start} AND hand_number < {numbers.stop}",
    )


def _figures(board: LeaderboardPage) -> list[tuple[int, int, int, int]]:
    """Each line's member, chips, hands won and hands played."""
    return [
        (e.player.user_id, e.player.net_chips, e.player.hands_won, e.player.hands_played)
        for e in board.entries
    ]


def _latest(store_url: str) -> float:
    [(latest,)] = fetch(store_url, "SELECT max(finished_at) FROM hand")
    return float(latest)


async def test_a_period_counts_only_the_hands_finished_in_it(store: Store, store_url: str) -> None:
    """Hands 40 days old count for all time only, 10 days old for the month too, today's
    for the week as well: each board sums its own hands."""
    table = await open_table(store)
    old = await _play(store, table, 1, [(1, 50, True), (2, -50, False)])
    month = await _play(store, table, old, [(2, 20, True), (3, 5, True)])
    await _play(store, table, month, [(3, 4, True), (1, -4, False), (3, 1, False)])
    _age(store_url, range(1, old), 40)
    _age(store_url, range(old, month), 10)
    assert _figures(await store.leaderboard(1, "chips")) == [
        (1, 46, 1, 2),
        (3, 10, 2, 3),
        (2, -30, 1, 2),
    ]
    assert _figures(await store.leaderboard(1, "chips", period="month")) == [
        (2, 20, 1, 1),
        (3, 10, 2, 3),
        (1, -4, 0, 1),
    ]
    week = await store.leaderboard(1, "chips", period="week")
    assert week.period == "week"
    assert _figures(week) == [(3, 5, 1, 2), (1, -4, 0, 1)]
    later = await store.leaderboard(1, "chips", period="week", now=_latest(store_url) + 8 * DAY)
    assert later.entries == [] and not later.has_next


@pytest.mark.parametrize(
    ("by", "expected"),
    [
        ("chips", [3, 2, 1, 4]),
        ("wins", [1, 3, 2, 4]),
        ("win_rate", [1, 3, 2]),
        ("tonks", [1, 3, 2, 4]),
    ],
)
async def test_a_period_ranks_by_each_order_with_the_all_time_tie_breaks(
    store: Store, by: LeaderboardOrder, expected: list[int]
) -> None:
    """Chips then wins then user id; wins then chips; the weighted win rate then hands
    played, among members with min_hands hands in the period; tonks then wins."""
    table = await open_table(store)
    first = await _play(store, table, 1, [(1, 1, True)] * 3 + [(2, 5, True), (2, -1, False)])
    await _play(store, table, first, [(3, 4, True), (3, 1, True), (4, -9, False)])
    board = await store.leaderboard(1, by, period="month", min_hands=2)
    assert [e.player.user_id for e in board.entries] == expected


async def test_a_period_pages_by_number_and_ranks_across_pages(store: Store) -> None:
    """Pages of 10 cover the period's 23 members once each, with global ranks; paging by
    member is refused, since a period's board has no index to seek."""
    table = await open_table(store)
    await _play(store, table, 1, [(user, user, False) for user in range(1, 24)])
    pages = [await store.leaderboard(1, "chips", page, 10, period="week") for page in range(3)]
    assert [page.has_next for page in pages] == [True, True, False]
    assert [entry.rank for page in pages for entry in page.entries] == list(range(1, 24))
    users = [entry.player.user_id for page in pages for entry in page.entries]
    assert users == list(range(23, 0, -1))
    with pytest.raises(ValueError, match="by number"):
        await store.leaderboard(1, "chips", 1, 10, period="week", after=14)


async def test_computer_players_and_forgotten_members_are_not_ranked_and_names_are_the_latest(
    store: Store,
) -> None:
    """A bot's seat, and the seats of a member who asked to be forgotten, are in no period's
    board; a member who changed name is listed under the newest one, as on the all-time
    board."""
    table = await open_table(store)
    bot = player(-1, 7, won=True, is_bot=True)
    assert await store.record_hand(hand(table, 1, [bot, player(5, -3), player(6, -4)]))
    renamed = replace(player(5, 2, won=True), name="newname")
    assert await store.record_hand(hand(table, 2, [renamed, player(6, -2)]))
    await store.forget_member(1, 6)
    board = await store.leaderboard(1, "chips", period="week")
    assert [
        (e.player.user_id, e.player.display_name, e.player.net_chips) for e in board.entries
    ] == [(5, "newname", -1)]


async def test_a_period_board_is_per_guild_and_refuses_an_unknown_period(store: Store) -> None:
    """Another server's hands never count; only all, week and month are periods."""
    here = await open_table(store, guild_id=1, channel_id=10)
    there = await open_table(store, guild_id=2, channel_id=20)
    await store.record_hand(hand(here, 1, [player(7, 5, won=True)]))
    await store.record_hand(hand(there, 1, [player(7, -3), player(9, 3, won=True)]))
    board = await store.leaderboard(2, "chips", period="week")
    assert [(e.player.user_id, e.player.net_chips) for e in board.entries] == [(9, 3), (7, -3)]
    with pytest.raises(ValueError, match="year"):
        await store.leaderboard(1, "chips", period="year")  # type: ignore[arg-type]


async def test_a_members_stats_of_a_period_count_its_hands_streaks_and_place(
    store: Store, store_url: str
) -> None:
    """``stats(period=...)`` sums only the period's hands, as the totals are counted (tonks,
    drops won, caught, the best run of wins, the biggest win), and places the member on that
    period's chips board; a member without a hand in the period has no record there."""
    table = await open_table(store)
    seats = [
        player(1, 50, won=True),  # 40 days ago
        player(4, 9, won=True),  # 40 days ago, and never since
        player(1, 2, won=True),
        player(1, 3, won=True, how=Ending.DROP_WON),
        player(1, -2),
        player(1, 1, won=True),
        player(1, -4, how=Ending.DROP_CAUGHT, caught=True),
        player(2, 10, won=True),
        player(3, -1),
    ]
    for number, seat in enumerate(seats, start=1):
        assert await store.record_hand(hand(table, number, [seat]))
    _age(store_url, range(1, 3), 40)

    week = await store.stats(1, 1, period="week")
    assert week.period == "week" and week.player is not None
    record = week.player
    assert (record.net_chips, record.hands_played, record.hands_won) == (0, 5, 3)
    assert (record.tonk_outs, record.drops_won, record.times_caught) == (2, 1, 1)
    assert (record.best_streak, record.current_streak, week.chips_rank) == (2, 0, 2)
    assert [h.payout for h in week.recent_hands] == [-4, 1, -2, 3, 2]
    assert week.biggest_win == 3

    alltime = await store.stats(1, 1)
    assert alltime.player is not None and alltime.player.net_chips == 50
    assert alltime.biggest_win == 50
    assert (await store.stats(1, 3)).biggest_win == 0  # lost the only hand
    assert alltime.chips_rank == 1 and len(alltime.recent_hands) == 5
    month_of_4 = await store.stats(1, 4, period="month")
    assert (month_of_4.player, month_of_4.chips_rank, month_of_4.recent_hands) == (None, None, [])
    assert (await store.stats(1, 4)).player is not None


async def test_head_to_head_counts_only_the_hands_both_played(store: Store, store_url: str) -> None:
    """``/tonk stats versus``: the hands both members sat in, each one's wins and net chips
    in them; a hand with only one of them, or another server's, does not count; a period
    counts its own hands."""
    table = await open_table(store)
    elsewhere = await open_table(store, guild_id=2, channel_id=20)
    together = [
        [player(1, 6, won=True), player(2, -3), player(3, -3)],
        [player(1, -2), player(2, 2, won=True)],
        [player(1, -4), player(2, -4), player(3, 8, won=True)],
    ]
    for number, seats in enumerate(together, start=1):
        assert await store.record_hand(hand(table, number, seats))
    assert await store.record_hand(hand(table, 4, [player(1, 9, won=True), player(3, -9)]))
    assert await store.record_hand(hand(elsewhere, 1, [player(1, 5, won=True), player(2, -5)]))
    _age(store_url, range(1, 2), 10)  # hand 1 (and the other server's) is 10 days old

    record = await store.head_to_head(1, 1, 2)
    assert (record.hands, record.won, record.rival_won) == (3, 1, 1)
    assert (record.net_chips, record.rival_net_chips) == (0, -5)
    assert await store.head_to_head(1, 2, 1) == replace(
        record, won=1, rival_won=1, net_chips=-5, rival_net_chips=0
    )
    week = await store.head_to_head(1, 1, 2, period="week")
    assert (week.hands, week.won, week.rival_won, week.net_chips, week.rival_net_chips) == (
        2,
        0,
        1,
        -6,
        -2,
    )
    none = await store.head_to_head(1, 2, 4)
    assert (none.hands, none.won, none.net_chips) == (0, 0, 0)
