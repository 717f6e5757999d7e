"""Leaderboard, stats and history: ordering, paging, the win-rate rule, guild isolation."""

from __future__ import annotations

import itertools
import time
from dataclasses import replace

import pytest

from bot.store import Ending, LeaderboardOrder, LeaderboardPeriod, OpenTable, Store

from .conftest import hand, open_table, player

_hand_numbers = itertools.count(1)


async def _play(store: Store, table: OpenTable, results: list[tuple[int, int, bool]]) -> None:
    """Record one single-seat hand per (user, payout, won), each with a fresh hand number."""
    for user_id, payout, won in results:
        result = hand(table, next(_hand_numbers), [player(user_id, payout, won=won)])
        assert await store.record_hand(result)


async def test_chips_board_orders_by_chips_then_wins_then_user(store: Store) -> None:
    """Highest net chips first; equal chips go to more wins, then to the lower user id."""
    table = await open_table(store)
    await _play(
        store,
        table,
        [(1, 5, False), (2, 5, True), (3, 9, False), (4, -3, False), (5, 5, False)],
    )
    board = await store.leaderboard(1, "chips")
    assert [(e.rank, e.player.user_id) for e in board.entries] == [
        (1, 3),
        (2, 2),
        (3, 1),
        (4, 5),
        (5, 4),
    ]


async def test_wins_board_orders_by_wins_then_chips(store: Store) -> None:
    """Most hands won first; equal wins go to more chips."""
    table = await open_table(store)
    await _play(
        store, table, [(1, 1, True), (1, 1, True), (2, 9, True), (3, 2, True), (4, 50, False)]
    )
    board = await store.leaderboard(1, "wins")
    assert [e.player.user_id for e in board.entries] == [1, 2, 3, 4]


async def test_leaderboard_pages_cover_every_player_once_with_global_ranks(store: Store) -> None:
    """Pages are contiguous slices of one ordering, by page number or by key; has_next says
    whether one follows."""
    table = await open_table(store)
    await _play(store, table, [(user, user, False) for user in range(1, 24)])
    pages = [await store.leaderboard(1, "chips", page, per_page=10) for page in range(3)]
    assert [page.has_next for page in pages] == [True, True, False]
    assert [len(page.entries) for page in pages] == [10, 10, 3]
    ranks = [entry.rank for page in pages for entry in page.entries]
    users = [entry.player.user_id for page in pages for entry in page.entries]
    assert ranks == list(range(1, 24))
    assert users == list(range(23, 0, -1))
    beyond = await store.leaderboard(1, "chips", 5, per_page=10)
    assert (beyond.entries, beyond.has_next) == ([], False)
    keyed = [pages[0]]
    while keyed[-1].has_next:
        last = keyed[-1].entries[-1].player.user_id
        keyed.append(
            await store.leaderboard(1, "chips", keyed[-1].page + 1, per_page=10, after=last)
        )
    assert keyed == pages
    back = await store.leaderboard(
        1, "chips", 1, per_page=10, before=pages[2].entries[0].player.user_id
    )
    assert back == pages[1]


async def _tonks_and_more(store: Store) -> None:
    """Wins of each kind: user 1 two tonks and a win by discard, user 2 two tonks, user 3
    three winning drops, user 4 one tonk, user 5 only losses to tonks."""
    table = await open_table(store)
    tonk, discard, drop = Ending.TONK_OUT, Ending.OUT_BY_DISCARD, Ending.DROP_WON
    wins = [(1, tonk), (1, tonk), (1, discard), (2, tonk), (2, tonk), (3, drop)]
    wins += [(3, drop), (3, drop), (4, tonk)]
    for number, (winner, how) in enumerate(wins, start=1):
        seats = [player(winner, 2, won=True, how=how), player(5, -2, how=how)]
        assert await store.record_hand(hand(table, number, seats, ending=how))


@pytest.mark.parametrize("period", ["all", "month"])
async def test_matches_board_orders_by_push_up_matches_won_then_wins_then_user(
    store: Store, period: LeaderboardPeriod
) -> None:
    """H10: most push-up matches won first (the seat of the lowest total when a match ended,
    whoever won that hand), then more hands won; all time (off ``player_totals``) and over a
    period alike."""
    table = await open_table(store)
    hands = [  # (hand winner, match winner or None)
        (1, 1), (1, 1), (1, None), (2, 2), (2, 2), (2, None), (2, None),
        (3, 4), (3, None), (3, None), (3, None), (3, None),
    ]  # fmt: skip
    for number, (winner, champion) in enumerate(hands, start=1):
        seats = [
            replace(player(user, 2 if user == winner else -1, won=user == winner),
                    won_match=user == champion)
            for user in sorted({winner, 4, 5})
        ]  # fmt: skip
        assert await store.record_hand(hand(table, number, seats))
    board = await store.leaderboard(1, "matches", period=period)
    assert [entry.rank for entry in board.entries] == [1, 2, 3, 4, 5]
    ranked = {e.player.user_id: (e.player.matches_won, e.player.hands_won) for e in board.entries}
    assert list(ranked.items()) == [(2, (2, 4)), (1, (2, 3)), (4, (1, 0)), (3, (0, 5)), (5, (0, 0))]


@pytest.mark.parametrize("period", ["all", "month"])
async def test_tonks_board_orders_by_tonks_then_wins_then_user(
    store: Store, period: LeaderboardPeriod
) -> None:
    """Most hands won by a tonk first (a loss to someone's tonk is none), then more wins;
    all time (off ``player_totals``) and over a period alike."""
    await _tonks_and_more(store)
    board = await store.leaderboard(1, "tonks", period=period)
    assert [
        (e.rank, e.player.user_id, e.player.tonk_outs, e.player.hands_won) for e in board.entries
    ] == [
        (1, 1, 2, 3),
        (2, 2, 2, 2),
        (3, 4, 1, 1),
        (4, 3, 0, 3),
        (5, 5, 0, 0),
    ]


@pytest.mark.parametrize("by", ["chips", "wins", "win_rate", "tonks"])
async def test_keyset_pages_break_ties_by_user_id_in_every_order(
    store: Store, by: LeaderboardOrder
) -> None:
    """Many members with equal figures: paging by key, forwards then backwards, visits each
    exactly once in the order of the first page read by number."""
    table = await open_table(store)
    await _play(store, table, [(user, user % 3 - 1, user % 2 == 0) for user in range(1, 30)])
    everyone = (await store.leaderboard(1, by, per_page=100, min_hands=1)).entries
    pages = [await store.leaderboard(1, by, per_page=4, min_hands=1)]
    while pages[-1].has_next:
        last = pages[-1].entries[-1].player.user_id
        pages.append(await store.leaderboard(1, by, pages[-1].page + 1, 4, min_hands=1, after=last))
    assert [entry for page in pages for entry in page.entries] == everyone
    for shown, previous in zip(pages[1:], pages, strict=False):
        first = shown.entries[0].player.user_id
        assert (
            await store.leaderboard(1, by, previous.page, 4, min_hands=1, before=first) == previous
        )


async def test_a_page_after_a_forgotten_member_starts_again_from_the_top(store: Store) -> None:
    table = await open_table(store)
    await _play(store, table, [(user, user, False) for user in range(1, 6)])
    await store.forget_member(1, 3)
    board = await store.leaderboard(1, "chips", 1, per_page=2, after=3)
    assert board.page == 0
    assert [entry.player.user_id for entry in board.entries] == [5, 4]


async def test_win_rate_board_needs_minimum_hands(store: Store) -> None:
    """Only players with at least min_hands hands are ranked (and counted) by win rate."""
    table = await open_table(store)
    await _play(store, table, [(1, 1, True)] * 9 + [(2, -1, False)] * 10)
    board = await store.leaderboard(1, "win_rate")
    assert [e.player.user_id for e in board.entries] == [2]
    relaxed = await store.leaderboard(1, "win_rate", min_hands=5)
    assert [e.player.user_id for e in relaxed.entries] == [1, 2]


async def test_win_rate_is_weighted_so_short_lucky_runs_do_not_top_the_board(
    store: Store,
) -> None:
    """10 wins in 10 hands ranks below 70 in 100; 1 lucky hand ranks below both."""
    table = await open_table(store)
    await _play(store, table, [(1, 1, True)] * 10)
    await _play(store, table, [(2, 1, True)] * 70 + [(2, -1, False)] * 30)
    await _play(store, table, [(3, 1, True)])
    board = await store.leaderboard(1, "win_rate", min_hands=1)
    assert [e.player.user_id for e in board.entries] == [2, 1, 3]
    top = board.entries[0].player
    assert top.win_rate == pytest.approx(0.7)
    assert top.win_score == pytest.approx(73 / 110)


@pytest.mark.parametrize(
    ("page", "per_page"),
    [(-1, 10), (0, 0), (0, 101)],
)
async def test_leaderboard_refuses_bad_paging(store: Store, page: int, per_page: int) -> None:
    """Negative pages and page sizes outside 1..100 raise ValueError."""
    with pytest.raises(ValueError):
        await store.leaderboard(1, "chips", page, per_page)


async def test_leaderboard_refuses_unknown_order(store: Store) -> None:
    """Only chips, wins, win_rate and tonks are orderings."""
    with pytest.raises(ValueError, match="karma"):
        await store.leaderboard(1, "karma")  # type: ignore[arg-type]


async def test_stats_give_totals_rank_and_recent_hands_newest_first(store: Store) -> None:
    """Stats list the member's last hands with ending and payout, and their chips rank."""
    table = await open_table(store)
    await store.record_hand(hand(table, 1, [player(1, 4, won=True), player(2, -4)]))
    await store.record_hand(
        hand(
            table,
            2,
            [player(1, -6, how=Ending.DROP_CAUGHT, caught=True), player(2, 6, won=True)],
            ending="drop_caught",
        )
    )
    await store.record_hand(hand(table, 3, [player(1, 1, won=True), player(3, -1)]))
    stats = await store.stats(1, 1, recent=2)
    assert stats.player is not None
    assert (stats.player.net_chips, stats.player.hands_played) == (-1, 3)
    assert stats.chips_rank == 2
    assert [(h.hand_number, h.payout, h.won) for h in stats.recent_hands] == [
        (3, 1, True),
        (2, -6, False),
    ]
    assert stats.recent_hands[1].ending == "drop_caught"
    assert stats.recent_hands[1].caught


async def test_stats_of_a_stranger_are_empty(store: Store) -> None:
    """A member who never finished a hand has no totals, no rank and no hands."""
    stats = await store.stats(1, 12345)
    assert (stats.player, stats.chips_rank, stats.recent_hands) == (None, None, [])


async def test_history_lists_the_channel_hands_newest_first_with_winners(store: Store) -> None:
    """History pages through one channel's hands; other channels' hands are not shown."""
    here = await open_table(store, channel_id=10)
    elsewhere = await open_table(store, channel_id=11)
    for number in range(1, 6):
        await store.record_hand(
            hand(here, number, [player(1, 2, won=number % 2 == 1), player(2, -2)])
        )
    await store.record_hand(hand(elsewhere, 1, [player(3, 1, won=True)]))
    first = await store.history(1, 10, limit=3)
    second = await store.history(1, 10, limit=3, page=1)
    assert [h.hand_number for h in first] == [5, 4, 3]
    assert [h.hand_number for h in second] == [2, 1]
    assert [seat.user_id for seat in first[0].winners] == [1]
    assert first[1].winners == ()
    assert first[0].ending == "tonk_out"
    assert [h.hand_uid for h in await store.history(1, 11)] == [f"{elsewhere.id}:1"]


async def test_a_guilds_hands_of_every_channel_come_newest_first_or_of_a_period(
    store: Store,
) -> None:
    """``guild_hands`` (``/tonk export``): the server's hands of all its channels, newest
    first, with their channel and seats, at most ``limit``; none of another server's; a
    period keeps only the hands finished in it."""
    here = await open_table(store, channel_id=10)
    elsewhere = await open_table(store, channel_id=11)
    stranger = await open_table(store, guild_id=2, channel_id=12)
    await store.record_hand(hand(here, 1, [player(1, 2, won=True), player(2, -2)]))
    await store.record_hand(hand(elsewhere, 1, [player(3, 1, won=True), player(1, -1)]))
    await store.record_hand(hand(here, 2, [player(1, -2), player(2, 2, won=True)]))
    await store.record_hand(hand(stranger, 1, [player(1, 5, won=True), player(9, -5)]))
    hands = await store.guild_hands(1)
    assert [(h.channel_id, h.table_id, h.hand_number) for h in hands] == [
        (10, here.id, 2),
        (11, elsewhere.id, 1),
        (10, here.id, 1),
    ]
    assert [(seat.user_id, seat.payout) for seat in hands[1].seats] == [(3, 1), (1, -1)]
    assert [h.hand_number for h in await store.guild_hands(1, limit=1)] == [2]
    later = time.time() + 8 * 24 * 3600
    assert await store.guild_hands(1, period="week", now=later) == []
    assert len(await store.guild_hands(1, period="month", now=later)) == 3
    with pytest.raises(ValueError, match="limit must be between 1 and 10000"):
        await store.guild_hands(1, limit=10_001)


async def test_guilds_never_see_each_other(store: Store) -> None:
    """The same user in two guilds has separate totals; boards, stats and history are per guild."""
    guild_one = await open_table(store, guild_id=1, channel_id=10)
    guild_two = await open_table(store, guild_id=2, channel_id=20)
    await store.record_hand(hand(guild_one, 1, [player(7, 5, won=True), player(8, -5)]))
    await store.record_hand(hand(guild_two, 1, [player(7, -3), player(9, 3, won=True)]))

    one = await store.leaderboard(1)
    two = await store.leaderboard(2)
    assert [(e.player.user_id, e.player.net_chips) for e in one.entries] == [(7, 5), (8, -5)]
    assert [(e.player.user_id, e.player.net_chips) for e in two.entries] == [(9, 3), (7, -3)]
    assert (await store.leaderboard(3)).entries == []

    stats_one, stats_two = await store.stats(1, 7), await store.stats(2, 7)
    assert stats_one.player is not None and stats_two.player is not None
    assert (stats_one.player.net_chips, stats_two.player.net_chips) == (5, -3)
    assert [h.channel_id for h in stats_one.recent_hands] == [10]
    assert (await store.stats(1, 9)).player is None
    assert await store.history(2, 10) == []
    assert await store.history(1, 20) == []


async def test_a_push_up_hand_reads_back_with_each_seats_points(store: Store) -> None:
    """O42: the points a push-up hand pushed each seat up by come back in the channel's
    history, the member's recent hands and the server's export; a hand paid in chips has
    none."""
    table = await open_table(store)
    pushed = [replace(player(1, 0, won=True), pushed_up=0), replace(player(2, 0), pushed_up=18)]
    assert await store.record_hand(hand(table, 1, pushed))
    assert await store.record_hand(hand(table, 2, [player(1, 2, won=True), player(2, -2)]))
    points = [[seat.pushed_up for seat in summary.seats] for summary in await store.history(1, 10)]
    assert points == [[None, None], [0, 18]]
    exported = await store.guild_hands(1)
    assert [[seat.pushed_up for seat in summary.seats] for summary in exported] == points
    stats = await store.stats(1, 2)
    assert [recent.pushed_up for recent in stats.recent_hands] == [None, 18]
