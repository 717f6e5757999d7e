"""Seasons: a server's managers start a new season, and the ``season`` period counts the hands
finished since, on the leaderboard, in a member's stats, head to head and in the export; the
hands and totals of all time are untouched. A season that ended is still shown by its
number: its hands are those finished before the next season started."""

from __future__ import annotations

import time

import pytest

from bot.store import (
    LeaderboardPage,
    OpenTable,
    Season,
    SeasonsWon,
    SeasonWinners,
    SeasonWithoutHands,
    Store,
    UnknownSeason,
)

from .conftest import hand, open_table, player
from .raw import execute

DAY = 86_400


async def _play(
    store: Store, table: OpenTable, first: int, results: list[tuple[int, int, bool]]
) -> int:
    """Record one hand per (user, payout, won) with user 9 paying, numbered from ``first``;
    the next free number."""
    for number, (user_id, payout, won) in enumerate(results, start=first):
        seats = [player(user_id, payout, won=won), player(9, -payout)]
        assert await store.record_hand(hand(table, number, seats))
    return first + len(results)


def _age_all(store_url: str, days: float) -> None:
    """Move every hand recorded so far back by ``days``."""
    execute(store_url, f"UPDATE hand SET finished_at = finished_at - {days * DAY}")


def _chips(board: LeaderboardPage) -> list[tuple[int, int]]:
    return [(e.player.user_id, e.player.net_chips) for e in board.entries]


async def test_before_any_season_the_season_board_is_the_all_time_board(store: Store) -> None:
    """A server that never started a season has none, and its season period counts every
    hand, as all time does (and says it has no season)."""
    table = await open_table(store)
    await _play(store, table, 1, [(1, 5, True), (2, 3, True)])
    assert (await store.get_guild_settings(1)).season is None
    board = await store.leaderboard(1, "chips", period="season")
    assert board.season is None and board.period == "season"
    assert _chips(board) == _chips(await store.leaderboard(1, "chips")) == [(1, 5), (2, 3), (9, -8)]


async def test_a_new_season_counts_only_the_hands_finished_since_and_all_time_is_kept(
    store: Store, store_url: str
) -> None:
    """Season 1 starts now: yesterday's hands are in all time only; today's count in both.
    The season is the server's setting, kept in the database."""
    table = await open_table(store)
    after_old = await _play(store, table, 1, [(1, 50, True), (2, 10, True)])
    _age_all(store_url, 1)
    started = time.time()
    season = await store.start_season(1, now=started)
    assert season == Season(1, started)
    assert (await store.get_guild_settings(1)).season == season
    await _play(store, table, after_old, [(2, 4, True), (3, 1, True)])
    board = await store.leaderboard(1, "chips", period="season")
    assert board.season == season
    assert _chips(board) == [(2, 4), (3, 1), (9, -5)]
    assert _chips(await store.leaderboard(1, "chips")) == [(1, 50), (2, 14), (3, 1), (9, -65)]
    reopened = await Store.open(store_url)
    try:
        assert (await reopened.get_guild_settings(1)).season == season
    finally:
        await reopened.close()


async def test_a_season_without_a_hand_is_not_started_again(store: Store) -> None:
    """A second start before any hand of the season finished is refused and changes
    nothing; once a hand finished, the next start is season 2. The first start needs no
    hand: a new server may begin with season 1."""
    table = await open_table(store)
    first = await store.start_season(1, now=time.time())
    with pytest.raises(SeasonWithoutHands) as refused:
        await store.start_season(1)
    assert refused.value.season == 1
    assert (await store.get_guild_settings(1)).season == first
    await _play(store, table, 1, [(1, 2, True)])
    second = await store.start_season(1)
    assert second.number == 2 and second.started_at >= first.started_at
    assert (await store.leaderboard(1, "chips", period="season")).entries == []


async def test_changing_a_setting_keeps_the_season(store: Store) -> None:
    """``/tonk config set`` rewrites the server's settings row: the season stays."""
    season = await store.start_season(1, now=time.time())
    config = await store.update_guild_settings(1, stake=5, threads=True)
    assert config.season == season
    assert (await store.get_guild_settings(1)).season == season


async def test_stats_head_to_head_and_the_export_follow_the_season(
    store: Store, store_url: str
) -> None:
    """A member's season stats, the season's hands two members played together and the
    season's export count only the hands of the season."""
    table = await open_table(store)
    after_old = await _play(store, table, 1, [(1, 50, True)])
    _age_all(store_url, 1)
    season = await store.start_season(1, now=time.time())
    await _play(store, table, after_old, [(1, 3, True), (1, -2, False)])
    stats = await store.stats(1, 1, period="season")
    assert stats.season == season
    assert stats.player is not None
    assert (stats.player.net_chips, stats.player.hands_played, stats.biggest_win) == (1, 2, 3)
    assert (await store.stats(1, 1)).player.net_chips == 51  # type: ignore[union-attr]
    versus = await store.head_to_head(1, 1, 9, period="season")
    assert (versus.hands, versus.won, versus.net_chips) == (2, 1, 1)
    exported = await store.guild_hands(1, period="season", limit=100)
    assert sorted(summary.hand_number for summary in exported) == [2, 3]
    assert len(await store.guild_hands(1, limit=100)) == 3


async def test_a_season_is_per_server(store: Store) -> None:
    """One server's season leaves another's boards as they were."""
    here = await open_table(store, guild_id=1, channel_id=10)
    there = await open_table(store, guild_id=2, channel_id=20)
    await _play(store, here, 1, [(1, 5, True)])
    await _play(store, there, 1, [(2, 7, True)])
    await store.start_season(1)
    assert (await store.leaderboard(1, "chips", period="season")).entries == []
    assert _chips(await store.leaderboard(2, "chips", period="season")) == [(2, 7), (9, -7)]
    assert (await store.get_guild_settings(2)).season is None


async def test_a_season_that_ended_is_shown_by_its_number_with_its_own_hands(
    store: Store, store_url: str
) -> None:
    """Season 1's board, stats, head to head and export, asked for by number once season 2
    is on, count the hands finished from its start until season 2's, and say when it
    ended; the current season and all time are unchanged."""
    table = await open_table(store)
    after_old = await _play(store, table, 1, [(1, 50, True)])
    _age_all(store_url, 2)
    first = await store.start_season(1, now=time.time() - DAY)
    after_first = await _play(store, table, after_old, [(2, 6, True), (1, -1, False)])
    execute(
        store_url, f"UPDATE hand SET finished_at = {first.started_at + 60} WHERE hand_number > 1"
    )
    second = await store.start_season(1)
    await _play(store, table, after_first, [(3, 2, True)])

    ended = Season(1, first.started_at, second.started_at)
    assert await store.seasons(1) == [second, ended]
    assert await store.seasons(2) == []
    board = await store.leaderboard(1, "chips", period="season", season=1)
    assert board.season == ended
    assert _chips(board) == [(2, 6), (1, -1), (9, -5)]
    current = await store.leaderboard(1, "chips", period="season")
    assert current.season == second and _chips(current) == [(3, 2), (9, -2)]
    assert await store.leaderboard(1, "chips", period="season", season=2) == current
    stats = await store.stats(1, 2, period="season", season=1)
    assert stats.season == ended and stats.player is not None
    assert (stats.player.net_chips, stats.player.hands_played) == (6, 1)
    versus = await store.head_to_head(1, 1, 9, period="season", season=1)
    assert (versus.hands, versus.won, versus.net_chips) == (1, 0, -1)
    exported = await store.guild_hands(1, period="season", season=1, limit=100)
    assert sorted(summary.hand_number for summary in exported) == [2, 3]
    assert _chips(await store.leaderboard(1, "chips"))[0] == (1, 49)


async def test_a_season_the_server_never_started_is_refused_with_the_ones_it_has(
    store: Store,
) -> None:
    """Asking for a season by a number the server never started raises
    ``UnknownSeason`` with the seasons it can show (none before its first); a number
    with another period is a programming error."""
    with pytest.raises(UnknownSeason) as none:
        await store.leaderboard(1, "chips", period="season", season=1)
    assert (none.value.season, none.value.known) == (1, None)
    table = await open_table(store)
    await store.start_season(1)
    await _play(store, table, 1, [(1, 2, True)])
    await store.start_season(1)
    with pytest.raises(UnknownSeason) as beyond:
        await store.stats(1, 1, period="season", season=3)
    assert (beyond.value.season, beyond.value.known) == (3, (1, 2))
    with pytest.raises(ValueError, match="period 'week'"):
        await store.leaderboard(1, "chips", period="week", season=1)


async def test_each_seasons_winners_are_kept_and_a_forgotten_member_leaves_them(
    store: Store,
) -> None:
    """The winners given when a season starts are recorded as the ended season's; a
    member's stats list the seasons they won (whatever the period), and ``forget me`` takes
    them out of the winners and of the champion role's holders."""
    table = await open_table(store)
    await store.start_season(1, winners=[5])  # nothing ended: no season to record
    await _play(store, table, 1, [(1, 4, True), (2, 4, True)])
    await store.start_season(1, winners=[1, 2])
    await _play(store, table, 3, [(1, 3, True)])
    await store.start_season(1, winners=[1])
    assert (await store.stats(1, 1)).seasons_won == (1, 2)
    assert (await store.stats(1, 1, period="season", season=2)).seasons_won == (1, 2)
    assert (await store.stats(1, 2)).seasons_won == (1,)
    assert (await store.stats(1, 5)).seasons_won == ()
    await store.update_guild_settings(1, champion_role=77, champions=[1, 2])
    report = await store.forget_member(1, 1)
    assert report.seasons_scrubbed == 2
    assert (await store.stats(1, 2)).seasons_won == (1,)
    assert (await store.stats(1, 1)).seasons_won == ()
    assert (await store.get_guild_settings(1)).champions == (2,)


async def test_a_board_crowns_the_winners_of_the_season_that_ended_last_or_of_its_own(
    store: Store,
) -> None:
    """Every board of the current season or of a rolling period, and the all-time board,
    carries the winners of the last season that ended; the board of a season that ended
    carries that season's own winners; none before a season ended. A season that ended
    with nobody ranked crowns nobody."""
    table = await open_table(store)
    assert (await store.leaderboard(1, "chips")).crowned is None
    await store.start_season(1)
    await _play(store, table, 1, [(1, 4, True), (2, 4, True)])
    assert (await store.leaderboard(1, "chips", period="season")).crowned is None
    await store.start_season(1, winners=[1, 2])
    first = SeasonWinners(1, frozenset({1, 2}))
    for period in ("all", "week", "month", "season"):
        assert (await store.leaderboard(1, "wins", period=period)).crowned == first
    await _play(store, table, 3, [(2, 3, True)])
    await store.start_season(1, winners=[2])
    second = SeasonWinners(2, frozenset({2}))
    assert (await store.leaderboard(1, "chips", period="season")).crowned == second
    assert (await store.leaderboard(1, "chips", period="season", season=1)).crowned == first
    assert (await store.leaderboard(1, "chips", period="season", season=2)).crowned == second
    await _play(store, table, 4, [(3, 1, True)])
    await store.start_season(1)
    assert (await store.leaderboard(1, "chips")).crowned == SeasonWinners(3, frozenset())
    assert (await store.leaderboard(2, "chips")).crowned is None


async def test_the_hall_of_fame_lists_each_winner_by_seasons_won_then_the_latest_win(
    store: Store,
) -> None:
    """Members who won more seasons come first; between members who won as many, the one
    who won last; each with the seasons they won, oldest first, and the scoreboard's name.
    A server whose seasons never ended has an empty hall."""
    table = await open_table(store)
    assert await store.hall_of_fame(1) == []
    await store.start_season(1)
    number = 1
    for winners in ([1, 2], [2], [1], [3]):
        number = await _play(store, table, number, [(winner, 1, True) for winner in winners])
        await store.start_season(1, winners=winners)
    assert await store.hall_of_fame(1) == [
        SeasonsWon(1, "user1", (1, 3)),
        SeasonsWon(2, "user2", (1, 2)),
        SeasonsWon(3, "user3", (4,)),
    ]
    assert await store.hall_of_fame(2) == []
