"""After a long random run, the totals equal what the recorded seats add up to."""

from __future__ import annotations

import random

from bot.store import Ending, HandResult, OpenTable, PlayerResult, Store

from .conftest import open_table
from .raw import fetch

GUILDS = (1, 2, 3)
USERS = tuple(range(100, 112))
HANDS = 2000


def _random_hand(rng: random.Random, table: OpenTable, number: int) -> HandResult:
    seated = rng.sample(USERS, rng.randint(2, 5))
    bot = -rng.randint(1, 3) if rng.random() < 0.2 else None
    how = rng.choice(list(Ending))
    winner = rng.choice(seated)
    match_over = rng.random() < 0.1  # H10: the hand ended a push-up match, which winner won
    stake = rng.randint(1, 5)
    players = []
    for user_id in seated:
        if how is Ending.DEAD_HAND:
            payout, won = 0, False
        elif user_id == winner:
            payout, won = stake * (len(seated) - 1), True
        else:
            payout, won = -stake, False
        caught = how is Ending.DROP_CAUGHT and not won and user_id == seated[0]
        count = rng.randint(0, 50)
        won_match = match_over and user_id == winner
        players.append(
            PlayerResult(
                user_id, f"u{user_id}", payout, count, won, how, caught, won_match=won_match
            )
        )
    if bot is not None:
        players.append(PlayerResult(bot, "bot", 0, 10, False, how, is_bot=True))
    return HandResult(
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        table_id=table.id,
        hand_number=number,
        preset="standard",
        seed=rng.getrandbits(64),
        ending=str(how),
        players=players,
    )


def _expected_totals(url: str) -> dict[tuple[int, int], tuple[int, ...]]:
    """Totals recomputed from hand_player alone, streaks replayed in recording order."""
    expected: dict[tuple[int, int], list[int]] = {}
    seats = fetch(
        url,
        "SELECT guild_id, user_id, payout, is_winner, how, caught, won_match FROM hand_player"
        " WHERE NOT is_bot ORDER BY hand_id, seat",
    )
    for guild_id, user_id, payout, won, how, caught, won_match in seats:
        row = expected.setdefault((guild_id, user_id), [0] * 10)
        row[0] += payout
        row[1] += 1
        row[2] += won
        row[3] += bool(won and how == "tonk_out")
        row[4] += bool(won and how == "drop_won")
        row[5] += caught
        row[6] += bool(won and how == "instant_win")
        if won:
            row[7] += 1
        elif payout < 0:
            row[7] = 0
        row[8] = max(row[8], row[7])
        row[9] += won_match
    return {key: tuple(values) for key, values in expected.items()}


async def test_totals_equal_sums_of_seats_after_2000_random_hands(
    store: Store, store_url: str
) -> None:
    """Every (guild, user) total matches its hand_player rows, retries included."""
    rng = random.Random(20240611)
    tables = [
        await open_table(store, guild_id=guild, channel_id=guild * 10 + channel)
        for guild in GUILDS
        for channel in range(2)
    ]
    numbers = dict.fromkeys((table.id for table in tables), 0)
    recorded = matches = 0
    for _ in range(HANDS):
        table = rng.choice(tables)
        numbers[table.id] += 1
        result = _random_hand(rng, table, numbers[table.id])
        recorded += await store.record_hand(result)
        matches += sum(player.won_match for player in result.players)
        if rng.random() < 0.1:
            assert not await store.record_hand(result)
    assert recorded == HANDS

    stored = {
        (row[0], row[1]): tuple(row[2:])
        for row in fetch(
            store_url,
            "SELECT guild_id, user_id, net_chips, hands_played, hands_won, tonk_outs,"
            " drops_won, times_caught, instant_wins, current_streak, best_streak, matches_won"
            " FROM player_totals",
        )
    }
    assert fetch(store_url, "SELECT count(*) FROM hand")[0][0] == HANDS
    expected = _expected_totals(store_url)
    assert stored == expected
    assert sum(total[-1] for total in stored.values()) == matches > 0  # H10: matches won
    assert {guild for guild, _ in stored} == set(GUILDS)
    for guild in GUILDS:
        board = await store.leaderboard(guild, per_page=100)
        assert len(board.entries) == sum(1 for key in stored if key[0] == guild)
        assert sum(entry.player.net_chips for entry in board.entries) == 0
