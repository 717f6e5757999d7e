"""Benchmark of the store on a temporary SQLite file: ``python bench/store.py``.

Prints the commit latency of one move (``save_table``) and of one finished 4-player hand
(``record_hand``), sequential and concurrent hand throughput, then bulk-loads 100,000 hands
and times the leaderboard (each ordering), stats and history queries.

Targets: move commit p99 < 10 ms, finished hand p99 < 20 ms, leaderboard < 50 ms at 100k
hands.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from sqlalchemy import insert, text

from bot.store import (
    HandResult,
    OpenTable,
    Outcome,
    PlayerResult,
    Store,
    TableRules,
    TableSave,
)
from bot.store.jsontext import dumps
from bot.store.models import HandPlayerRow, HandRow, PlayerTotals

RANKS = "A23456789TJQK"
SUITS = "CDHS"
DECK = [rank + suit for rank in RANKS for suit in SUITS]
BULK_GUILD = 900
BULK_PLAYERS = 2000


def engine_state(rng: random.Random, turn: int) -> dict[str, Any]:
    """A state shaped like a 4-seat Tonk table mid-hand (about 1.5 KB of JSON)."""
    deck = DECK[:]
    rng.shuffle(deck)
    return {
        "turn": turn,
        "stock": deck[20:],
        "discard": deck[16:20],
        "hands": [deck[i * 4 : i * 4 + 4] for i in range(4)],
        "spreads": [[deck[0], deck[1], deck[2]]],
        "log": [{"seat": i % 4, "action": "draw", "card": deck[i]} for i in range(turn % 30)],
    }


def four_player_hand(
    rng: random.Random, table: OpenTable, number: int, users: list[int]
) -> HandResult:
    """A finished hand where one of four players tonks out."""
    winner = rng.randrange(4)
    stake = rng.randint(1, 5)
    players = [
        PlayerResult(
            user_id=user,
            name=f"player {user}",
            payout=3 * stake if seat == winner else -stake,
            count=0 if seat == winner else rng.randint(5, 50),
            won=seat == winner,
            how=Outcome.TONK_OUT,
        )
        for seat, user in enumerate(users)
    ]
    return HandResult(
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        table_id=table.id,
        hand_number=number,
        preset="standard",
        seed=rng.getrandbits(64),
        ending="tonk_out",
        players=players,
        action_log=[{"seat": i % 4, "action": "draw"} for i in range(40)],
    )


def summarise(name: str, samples: list[float]) -> None:
    """Print p50 / p99 / max of ``samples`` (seconds) in milliseconds."""
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    print(
        f"  {name:<44} p50 {cuts[49] * 1e3:7.2f} ms   p99 {cuts[98] * 1e3:7.2f} ms"
        f"   max {max(samples) * 1e3:7.2f} ms   (n={len(samples)})"
    )


async def timed(call: Callable[[], Awaitable[Any]], repeat: int) -> list[float]:
    """Run ``call`` ``repeat`` times, returning each duration in seconds."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - start)
    return samples


async def bench_moves(store: Store, rng: random.Random, moves: int) -> None:
    """Sequential save_table calls on one table, each one version ahead."""
    table = await store.create_table(
        guild_id=1, channel_id=1, host_id=1, rules=TableRules("standard"), state={}
    )
    states = [engine_state(rng, turn) for turn in range(moves)]
    samples = []
    for version, state in enumerate(states, start=1):
        start = time.perf_counter()
        await store.save_table(table.id, state, version)
        samples.append(time.perf_counter() - start)
    summarise("move commit (save_table, ~1.5 KB state)", samples)


async def bench_hands(store: Store, rng: random.Random, hands: int) -> None:
    """record_hand latency alone and with the table's final state, then throughput."""
    table = await store.create_table(
        guild_id=2, channel_id=2, host_id=1, rules=TableRules("standard"), state={}
    )
    users = list(range(1000, 1040))
    results = [four_player_hand(rng, table, n, rng.sample(users, 4)) for n in range(1, hands + 1)]
    samples = []
    for result in results:
        start = time.perf_counter()
        await store.record_hand(result)
        samples.append(time.perf_counter() - start)
    summarise("finished hand (record_hand, 4 players)", samples)

    offset = hands
    samples = []
    for version in range(1, hands + 1):
        result = four_player_hand(rng, table, offset + version, rng.sample(users, 4))
        save = TableSave(table.id, engine_state(rng, version), version)
        start = time.perf_counter()
        await store.record_hand(result, table_update=save)
        samples.append(time.perf_counter() - start)
    summarise("finished hand + table state in one transaction", samples)

    offset += hands
    batch = [
        four_player_hand(rng, table, offset + n, rng.sample(users, 4)) for n in range(1, hands + 1)
    ]
    start = time.perf_counter()
    for result in batch:
        await store.record_hand(result)
    sequential = hands / (time.perf_counter() - start)

    offset += hands
    batch = [
        four_player_hand(rng, table, offset + n, rng.sample(users, 4)) for n in range(1, hands + 1)
    ]
    start = time.perf_counter()
    await asyncio.gather(*(store.record_hand(result) for result in batch))
    concurrent = hands / (time.perf_counter() - start)
    print(
        f"  hands recorded per second: {sequential:,.0f} sequential, {concurrent:,.0f} concurrent"
    )


async def bulk_load(store: Store, rng: random.Random, total_hands: int) -> None:
    """Insert ``total_hands`` 4-player hands with executemany, totals computed in Python."""
    table = await store.create_table(
        guild_id=BULK_GUILD,
        channel_id=BULK_GUILD,
        host_id=1,
        rules=TableRules("standard"),
        state={},
    )
    start = time.perf_counter()
    totals: dict[int, dict[str, Any]] = {}
    hand_rows: list[dict[str, Any]] = []
    seat_rows: list[dict[str, Any]] = []
    async with store.engine.begin() as connection:
        next_id = (await connection.execute(text("SELECT coalesce(max(id), 0) FROM hand"))).scalar()
        assert isinstance(next_id, int)
        for number in range(1, total_hands + 1):
            next_id += 1
            users = rng.sample(range(1, BULK_PLAYERS + 1), 4)
            result = four_player_hand(rng, table, number, users)
            hand_rows.append(
                {
                    "id": next_id,
                    "hand_uid": result.hand_uid,
                    "guild_id": BULK_GUILD,
                    "channel_id": table.channel_id,
                    "table_id": table.id,
                    "hand_number": number,
                    "preset": result.preset,
                    "options_json": "{}",
                    "seed": str(result.seed),
                    "action_log_json": dumps(list(result.action_log)),
                    "ending": result.ending,
                    "winners_json": dumps(result.winners),
                    "finished_at": time.time(),
                }
            )
            for seat, player in enumerate(result.players):
                seat_rows.append(
                    {
                        "hand_id": next_id,
                        "seat": seat,
                        "guild_id": BULK_GUILD,
                        "user_id": player.user_id,
                        "name": player.name,
                        "is_bot": False,
                        "payout": player.payout,
                        "count": player.count,
                        "is_winner": player.won,
                        "how": str(player.how),
                        "caught": False,
                    }
                )
                _add_to_totals(totals, player)
            if len(hand_rows) == 10_000:
                await connection.execute(insert(HandRow), hand_rows)
                await connection.execute(insert(HandPlayerRow), seat_rows)
                hand_rows, seat_rows = [], []
        if hand_rows:
            await connection.execute(insert(HandRow), hand_rows)
            await connection.execute(insert(HandPlayerRow), seat_rows)
        await connection.execute(insert(PlayerTotals), list(totals.values()))
    elapsed = time.perf_counter() - start
    print(f"  bulk-loaded {total_hands:,} hands, {len(totals):,} players in {elapsed:.1f} s")


def _add_to_totals(totals: dict[int, dict[str, Any]], player: PlayerResult) -> None:
    row = totals.setdefault(
        player.user_id,
        {
            "guild_id": BULK_GUILD,
            "user_id": player.user_id,
            "display_name": player.name,
            "net_chips": 0,
            "hands_played": 0,
            "hands_won": 0,
            "tonk_outs": 0,
            "drops_won": 0,
            "times_caught": 0,
            "instant_wins": 0,
            "current_streak": 0,
            "best_streak": 0,
        },
    )
    row["net_chips"] += player.payout
    row["hands_played"] += 1
    row["hands_won"] += player.won
    row["tonk_outs"] += player.won
    row["current_streak"] = row["current_streak"] + 1 if player.won else 0
    row["best_streak"] = max(row["best_streak"], row["current_streak"])


async def bench_queries(store: Store, repeat: int) -> None:
    """Leaderboard (each ordering, first and a deep page), stats and history at 100k hands."""
    for by in ("chips", "wins", "win_rate"):
        for page in (0, 50):
            samples = await timed(partial(store.leaderboard, BULK_GUILD, by, page), repeat)
            summarise(f"leaderboard by={by} page={page}", samples)
    samples = await timed(lambda: store.stats(BULK_GUILD, 7, recent=10), repeat)
    summarise("stats (totals, rank, 10 recent hands)", samples)
    samples = await timed(lambda: store.history(BULK_GUILD, BULK_GUILD), repeat)
    summarise("history (10 hands with seats)", samples)


async def main() -> None:
    """Run every benchmark on a fresh temporary database."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--bulk-hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as directory:
        store = await Store.open(f"sqlite+aiosqlite:///{directory}/bench.db")
        try:
            print("Commit latency (each call awaited before the next):")
            await bench_moves(store, rng, args.moves)
            await bench_hands(store, rng, args.hands)
            print(f"Queries at {args.bulk_hands:,} recorded hands:")
            await bulk_load(store, rng, args.bulk_hands)
            await bench_queries(store, args.repeat)
            async with store.engine.connect() as connection:
                hands = (await connection.execute(text("SELECT count(*) FROM hand"))).scalar()
            print(f"  database holds {hands:,} hands in total")
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
