"""``/tonk config set computer_hands``: a server may keep hands played with a computer player
at the table off its scoreboard. Such a hand is still recorded (history, replay, export) but
counts in no total, board, period, biggest win or head-to-head; hands among members only
count as before, and hands recorded before the setting changed keep counting."""

from __future__ import annotations

from bot.store import Store

from .conftest import hand, open_table, player
from .raw import fetch

BOT = 900
"""A computer player's seat id."""


async def test_hands_with_a_computer_player_stay_off_a_scoreboard_that_keeps_them_off(
    store: Store, store_url: str
) -> None:
    table = await open_table(store)
    elsewhere = await open_table(store, guild_id=2, channel_id=20)
    assert await store.record_hand(
        hand(table, 1, [player(1, 4, won=True), player(BOT, -4, is_bot=True)])
    )
    config = await store.update_guild_settings(1, computer_hands=False)
    assert not config.computer_hands and (await store.get_guild_settings(2)).computer_hands

    assert await store.record_hand(
        hand(table, 2, [player(1, 30, won=True), player(2, -10), player(BOT, -20, is_bot=True)])
    )
    assert await store.record_hand(hand(table, 3, [player(1, -5), player(2, 5, won=True)]))
    assert await store.record_hand(
        hand(elsewhere, 1, [player(1, 7, won=True), player(BOT, -7, is_bot=True)])
    )

    board = await store.leaderboard(1, "chips")
    assert [
        (e.player.user_id, e.player.net_chips, e.player.hands_played) for e in board.entries
    ] == [
        (2, 5, 1),
        (1, -1, 2),  # hand 1 (before the change) and hand 3; not hand 2
    ]
    week = await store.leaderboard(1, "chips", period="week")
    assert [(e.player.user_id, e.player.net_chips) for e in week.entries] == [(2, 5), (1, -1)]
    stats = await store.stats(1, 1)
    assert stats.player is not None and stats.player.hands_won == 1
    assert stats.biggest_win == 4  # not hand 2's 30
    assert [(h.hand_number, h.ranked) for h in stats.recent_hands] == [
        (3, True),
        (2, False),
        (1, True),
    ]
    in_week = await store.stats(1, 1, period="week")
    assert in_week.player is not None
    assert (in_week.player.net_chips, in_week.player.hands_played, in_week.biggest_win) == (
        -1,
        2,
        4,
    )
    versus = await store.head_to_head(1, 1, 2)
    assert (versus.hands, versus.net_chips, versus.rival_net_chips) == (1, -5, 5)
    assert len(await store.history(1, 10)) == 3  # every hand is still in the history

    other = await store.leaderboard(2, "chips")  # the other server counts them
    assert [(e.player.user_id, e.player.net_chips) for e in other.entries] == [(1, 7)]
    assert fetch(store_url, "SELECT count(*) FROM hand_player WHERE NOT ranked") == [(3,)]
