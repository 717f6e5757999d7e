"""Benchmark of the store: ``python bench/store.py [--database URL] [--json]``.

Runs on a temporary SQLite file, or on the database at ``--database`` (SQLite or
PostgreSQL, e.g. ``postgresql+asyncpg://user:password@127.0.0.1:5432/bench``: give it an
empty database, as the bulk load adds a million rows; the password is never printed).

Prints the commit latency of one whole-state save (``save_table``) and of one finished
4-player hand (``record_hand``), sequential and concurrent hand throughput; then the move
journal (``bot.tables.journal``) against a raw aiosqlite insert+commit measured in the same
run: one table committing alone, ``--tables`` tables committing moves at once (real tables
playing the automatic moves, one action per commit), and the bytes written per hand by the
journal against whole-state saves (SQLite only); then ``--sustained-tables`` tables playing
about a move a second each for ``--sustained-seconds``: commit latency and, on SQLite, the
WAL file's size each second; then bulk-loads ``--bulk-hands`` hands
among ``--bulk-players`` players, finishing evenly over the last year, and times the
leaderboard (each ordering: the first page, a deep page by key after the member ending the
page before, the page before a member, and the first two pages of the last 7 and the last
30 days), stats and history queries. The raw baseline is the backend's own driver (aiosqlite, or
asyncpg: one INSERT and one COMMIT per row). ``--json`` prints one JSON object with every
figure instead of the text (which goes to standard error).

Targets: move commit p99 < 5 ms with 50 tables committing at once (both backends), the
store's cost per move at most 5x a raw insert+commit, finished hand p99 < 10 ms, leaderboard
p99 < 20 ms at 1,000,000 hands / 100,000 players (``--bulk-hands 1000000 --bulk-players
100000``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any, TextIO, get_args

import aiosqlite
from sqlalchemy import Connection, insert, text
from sqlalchemy.engine import make_url

from bot.dburl import is_postgres, masked
from bot.engine.rules import build_rules
from bot.engine.settle import Ending
from bot.serve import tune_gc
from bot.store import (
    HandResult,
    LeaderboardOrder,
    OpenTable,
    PlayerResult,
    Store,
    TableRules,
    TableSave,
)
from bot.store.connection import database_path
from bot.store.jsontext import dumps
from bot.store.models import HandPlayerRow, HandRow, PlayerTotals
from bot.tables.autoplay import auto_action
from bot.tables.dealing import Shuffler
from bot.tables.journal import COMPACT_AT_DEAL, StoreJournal, TableLedger
from bot.tables.table import LOBBY, PLAYING, Seat, Table

RANKS = "A23456789TJQK"
SUITS = "CDHS"
DECK = [rank + suit for rank in RANKS for suit in SUITS]
BULK_GUILD = 900
BULK_SPAN_DAYS = 365
"""The bulk-loaded hands finish evenly over this many days up to now: a week's leaderboard
sums about 2 % of them, a month's about 8 %."""
BENCH_GUILD = 800


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
            how=Ending.TONK_OUT,
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


REPORT: dict[str, Any] = {}
"""Every figure printed, by name, for ``--json``."""

OUT: list[TextIO] = [sys.stdout]
"""Where the text goes (standard error under ``--json``)."""


def say(line: str) -> None:
    """Print one line of the text report."""
    print(line, file=OUT[0])


def summarise(name: str, samples: list[float], key: str | None = None) -> dict[str, float]:
    """Print p50 / p99 / max of ``samples`` (seconds) in milliseconds; report them as ``key``."""
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    figures = {
        "p50_ms": cuts[49] * 1e3,
        "p99_ms": cuts[98] * 1e3,
        "max_ms": max(samples) * 1e3,
        "mean_ms": statistics.fmean(samples) * 1e3,
        "n": len(samples),
    }
    REPORT[key or name] = figures
    say(
        f"  {name:<44} p50 {figures['p50_ms']:7.2f} ms   p99 {figures['p99_ms']:7.2f} ms"
        f"   max {figures['max_ms']:7.2f} ms   (n={len(samples)})"
    )
    return figures


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
    summarise("move commit (save_table, ~1.5 KB state)", samples, "save_table")


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
    summarise("finished hand (record_hand, 4 players)", samples, "record_hand")

    offset = hands
    samples = []
    for version in range(1, hands + 1):
        result = four_player_hand(rng, table, offset + version, rng.sample(users, 4))
        save = TableSave(table.id, engine_state(rng, version), version)
        start = time.perf_counter()
        await store.record_hand(result, table_update=save)
        samples.append(time.perf_counter() - start)
    summarise("finished hand + table state in one transaction", samples, "record_hand_with_state")

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
    REPORT["hands_per_s"] = {"sequential": sequential, "concurrent": concurrent}
    say(f"  hands recorded per second: {sequential:,.0f} sequential, {concurrent:,.0f} concurrent")


def _insert_rows(
    connection: Connection,
    hands: list[dict[str, Any]],
    seats: list[dict[str, Any]],
    totals: list[dict[str, Any]],
) -> None:
    if hands:
        connection.execute(insert(HandRow), hands)
        connection.execute(insert(HandPlayerRow), seats)
    if totals:
        connection.execute(insert(PlayerTotals), totals)
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(
            "SELECT setval(pg_get_serial_sequence('hand', 'id'), (SELECT max(id) FROM hand))"
        )


def _analyze(connection: Connection) -> None:
    connection.exec_driver_sql("ANALYZE")


def _next_hand_id(connection: Connection) -> int:
    found = connection.execute(text("SELECT coalesce(max(id), 0) FROM hand")).scalar()
    assert isinstance(found, int)
    return found


async def bulk_load(store: Store, rng: random.Random, total_hands: int, players: int) -> None:
    """Insert ``total_hands`` 4-player hands among ``players`` members with executemany
    through the writer (10,000 hands a transaction), totals computed in Python."""
    table = await store.create_table(
        guild_id=BULK_GUILD,
        channel_id=BULK_GUILD,
        host_id=1,
        rules=TableRules("standard"),
        state={},
    )
    start = time.perf_counter()
    now = time.time()
    totals: dict[int, dict[str, Any]] = {}
    hand_rows: list[dict[str, Any]] = []
    seat_rows: list[dict[str, Any]] = []
    next_id = await store.writer.run(_next_hand_id)
    for number in range(1, total_hands + 1):
        next_id += 1
        users = rng.sample(range(1, players + 1), 4)
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
                "finished_at": now - BULK_SPAN_DAYS * 86_400 * (1 - number / total_hands),
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
            await store.writer.run(
                partial(_insert_rows, hands=hand_rows, seats=seat_rows, totals=[])
            )
            hand_rows, seat_rows = [], []
    await store.writer.run(
        partial(_insert_rows, hands=hand_rows, seats=seat_rows, totals=list(totals.values()))
    )
    if store.engine.dialect.name == "postgresql":
        # PostgreSQL's autovacuum analyzes a table once it grew by a tenth; a bulk load of a
        # million rows in minutes outruns it, and the planner would rank 100,000 players
        # from an empty table's statistics. A bot that grew there had them analyzed.
        await store.writer.run(_analyze)
    elapsed = time.perf_counter() - start
    say(f"  bulk-loaded {total_hands:,} hands, {len(totals):,} players in {elapsed:.1f} s")


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


async def bench_queries(store: Store, repeat: int, deep: int) -> None:
    """Leaderboard (each ordering: first page, the page after a deep one by key, the page
    before it by key; the first and second page of the last 7 and 30 days), stats and
    history."""
    for by in get_args(LeaderboardOrder):
        samples = await timed(partial(store.leaderboard, BULK_GUILD, by, 0), repeat)
        summarise(f"leaderboard by={by} first page", samples, f"leaderboard_{by}_first")
        shown = await store.leaderboard(BULK_GUILD, by, deep)
        last, first = shown.entries[-1].player.user_id, shown.entries[0].player.user_id
        samples = await timed(
            partial(store.leaderboard, BULK_GUILD, by, deep + 1, after=last), repeat
        )
        summarise(f"leaderboard by={by} Next after page {deep}", samples, f"leaderboard_{by}_next")
        samples = await timed(
            partial(store.leaderboard, BULK_GUILD, by, deep - 1, before=first), repeat
        )
        summarise(f"leaderboard by={by} Prev before page {deep}", samples, f"leaderboard_{by}_prev")
        for period in ("week", "month"):
            for page in (0, 1):
                samples = await timed(
                    partial(store.leaderboard, BULK_GUILD, by, page, period=period), repeat
                )
                summarise(
                    f"leaderboard by={by} period={period} page {page + 1}",
                    samples,
                    f"leaderboard_{by}_{period}_page{page + 1}",
                )
    samples = await timed(lambda: store.stats(BULK_GUILD, 7, recent=10), repeat)
    summarise("stats (totals, rank, 10 recent hands)", samples, "stats")
    samples = await timed(lambda: store.history(BULK_GUILD, BULK_GUILD), repeat)
    summarise("history (10 hands with seats)", samples, "history")


def play_table(channel: int, seed: int) -> Table:
    """A four-person table in ``channel``, in its lobby, its deals shuffled from ``seed``."""
    table = Table.open(
        0,
        BENCH_GUILD,
        channel,
        Seat(1, "player 1"),
        build_rules(),
        now=0.0,
        shuffler=Shuffler(random.Random(seed)),
    )
    for user in (2, 3, 4):
        table.join(Seat(user, f"player {user}"), now=0.0)
    return table


def one_move(table: Table, now: float) -> None:
    """One click: the next automatic move of whoever must act, or the next deal."""
    if table.status != PLAYING:
        if table.status == LOBBY:
            table.start(table.host_id, now)
        else:
            table.next_hand(now)
        return
    hand = table.hand
    assert hand is not None
    seat = hand.actor
    assert seat is not None
    action = auto_action(hand, seat)
    assert action is not None
    table.act(table.hand_players[seat], action.kind, now, action.cards, action.spread)


async def raw_baseline(url: str | None, directory: str, rows: int, body: str) -> list[float]:
    """The backend's raw driver: one INSERT of ``body`` and one COMMIT per row (aiosqlite in
    WAL, synchronous=NORMAL; or asyncpg on the database at ``url``)."""
    if url is not None and is_postgres(url):
        return await raw_postgres(url, rows, body)
    samples = []
    async with aiosqlite.connect(f"{directory}/raw.db") as db:
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("CREATE TABLE raw_log (table_id INTEGER, version INTEGER, body TEXT)")
        await db.commit()
        for version in range(rows):
            start = time.perf_counter()
            await db.execute("INSERT INTO raw_log VALUES (?, ?, ?)", (1, version, body))
            await db.commit()
            samples.append(time.perf_counter() - start)
    return samples


async def raw_postgres(url: str, rows: int, body: str) -> list[float]:
    """Raw asyncpg: one INSERT of ``body`` and one COMMIT per row into a scratch table."""
    import asyncpg

    parsed = make_url(url)
    connection = await asyncpg.connect(
        user=parsed.username,
        password=parsed.password,
        host=parsed.host,
        port=parsed.port,
        database=parsed.database,
    )
    samples = []
    try:
        await connection.execute(
            "CREATE TEMP TABLE raw_log (table_id INTEGER, version INTEGER, body TEXT)"
        )
        for version in range(rows):
            start = time.perf_counter()
            async with connection.transaction():
                await connection.execute(
                    "INSERT INTO raw_log VALUES ($1, $2, $3)", 1, version, body
                )
            samples.append(time.perf_counter() - start)
    finally:
        await connection.close()
    return samples


async def timed_commit(ledger: TableLedger, latencies: list[float], hand_ends: list[float]) -> None:
    """Commit the table's last move, timing the commit (and noting those that end a hand)."""
    table = ledger.table
    start = time.perf_counter()
    await ledger.commit()
    elapsed = time.perf_counter() - start
    latencies.append(elapsed)
    if table.status != PLAYING and table.last_hand and table.last_hand.number == table.hand_number:
        hand_ends.append(elapsed)


async def flat_out(ledger: TableLedger, moves: int, latencies: list[float]) -> None:
    """Play ``moves`` clicks at the table as fast as the commits allow."""
    for step in range(moves):
        one_move(ledger.table, float(step))
        await timed_commit(ledger, latencies, [])


async def bench_journal(
    store: Store, url: str | None, directory: str, tables: int, rounds: int, *, bot_gc: bool
) -> None:
    """The move journal: one table alone; ``tables`` tables each committing one move at the
    same moment, ``rounds`` times; the same tables flat out; all against raw aiosqlite."""
    journal = StoreJournal(store)
    single = await journal.create(play_table(1_000, 0))
    alone: list[float] = []
    await flat_out(single, rounds * 4, alone)
    raw = await raw_baseline(url, directory, rounds * 4, "x" * 300)
    driver = "asyncpg" if url is not None and is_postgres(url) else "aiosqlite"
    raw_figures = summarise(f"raw {driver} INSERT + COMMIT (300 B row)", raw, f"raw_{driver}")
    alone_figures = summarise("journal commit, one table alone", alone, "journal_alone")

    ledgers = [await journal.create(play_table(2_000 + n, n)) for n in range(tables)]
    if bot_gc:
        tune_gc()
    latencies: list[float] = []
    hand_ends: list[float] = []
    before = store.writer.stats
    start = time.perf_counter()
    for step in range(rounds):
        for ledger in ledgers:
            one_move(ledger.table, float(step))
        await asyncio.gather(*(timed_commit(ledger, latencies, hand_ends) for ledger in ledgers))
    wall = time.perf_counter() - start
    after = store.writer.stats
    batch = (after.units - before.units) / max(1, after.transactions - before.transactions)
    summarise(f"journal commit, {tables} tables at once", latencies, "journal_at_once")
    summarise("  of which hand-ending commits (+ record)", hand_ends, "journal_hand_end")
    REPORT["journal_at_once"].update(tables=tables, commits_per_transaction=batch)
    say(f"  {tables} tables at once: {batch:.1f} commits per transaction")

    latencies = []
    start = time.perf_counter()
    await asyncio.gather(*(flat_out(ledger, rounds, latencies) for ledger in ledgers))
    wall = time.perf_counter() - start
    per_move = wall / len(latencies)
    summarise(f"journal commit, {tables} tables flat out", latencies, "journal_flat_out")
    REPORT["journal_flat_out"].update(tables=tables, moves_per_s=len(latencies) / wall)
    say(
        f"  {tables} tables flat out: {len(latencies) / wall:,.0f} moves/s (move + commit), "
        f"{per_move * 1e6:.0f} us of wall time per move"
    )
    REPORT["ratios"] = {
        "alone_p50_vs_raw_p50": alone_figures["p50_ms"] / raw_figures["p50_ms"],
        "flat_out_wall_per_move_vs_raw_mean": per_move * 1e3 / raw_figures["mean_ms"],
    }
    say(
        f"  store cost per move vs raw {driver} insert+commit: "
        f"{REPORT['ratios']['alone_p50_vs_raw_p50']:.1f}x (one table, p50 latency), "
        f"{REPORT['ratios']['flat_out_wall_per_move_vs_raw_mean']:.2f}x "
        f"({tables} tables flat out, wall time per move incl. the move / raw mean)"
    )


async def bench_sustained(store: Store, wal: Path | None, tables: int, seconds: float) -> None:
    """``tables`` tables each playing a move about once a second (gaps drawn evenly from 0.5
    to 1.5 s) for ``seconds``: commit latency, and on SQLite the WAL file's size every
    second (the checkpoints must let it start again from its beginning however long the
    load lasts)."""
    journal = StoreJournal(store)
    ledgers = [await journal.create(play_table(4_000 + n, 100 + n)) for n in range(tables)]
    latencies: list[float] = []
    sizes: list[float] = []
    start = time.perf_counter()
    end = start + seconds

    async def player(ledger: TableLedger, rng: random.Random) -> None:
        while (wait := rng.uniform(0.5, 1.5)) < end - time.perf_counter():
            await asyncio.sleep(wait)
            one_move(ledger.table, time.perf_counter() - start)
            await timed_commit(ledger, latencies, [])

    async def watch_wal(path: Path) -> None:
        while time.perf_counter() < end:
            await asyncio.sleep(1.0)
            sizes.append(path.stat().st_size / 2**20 if path.exists() else 0.0)

    players = [player(ledger, random.Random(n)) for n, ledger in enumerate(ledgers)]
    await asyncio.gather(*players, *([watch_wal(wal)] if wal is not None else []))
    wall = time.perf_counter() - start
    name = f"journal commit, {tables} tables at ~1 move/s each"
    summarise(name, latencies, "journal_sustained")
    REPORT["journal_sustained"].update(
        tables=tables, seconds=seconds, moves_per_s=len(latencies) / wall
    )
    say(f"  {tables} tables at ~1 move/s each: {len(latencies) / wall:,.0f} moves/s")
    if sizes:
        REPORT["journal_sustained"].update(
            wal_mb_each_second=sizes, wal_mb_max=max(sizes), wal_mb_end=sizes[-1]
        )
        say(
            f"  WAL file over {len(sizes)} s: largest {max(sizes):.1f} MB, "
            f"{sizes[-1]:.1f} MB at the end"
        )


def count_bytes(connection: Connection) -> None:
    """Temporary triggers on the writer's connection summing the bytes each commit writes."""
    for statement in (
        "CREATE TEMP TABLE written (kind TEXT PRIMARY KEY, bytes INTEGER)",
        "INSERT INTO written VALUES ('log', 0), ('snapshot', 0)",
        "CREATE TEMP TRIGGER log_bytes AFTER INSERT ON main.table_log BEGIN "
        "UPDATE written SET bytes = bytes + length(NEW.body_json) WHERE kind = 'log'; END",
        "CREATE TEMP TRIGGER snapshot_bytes AFTER UPDATE OF state_json ON main.tonk_table BEGIN "
        "UPDATE written SET bytes = bytes + length(NEW.state_json) WHERE kind = 'snapshot'; END",
    ):
        connection.exec_driver_sql(statement)


async def bench_bytes(store: Store, hands: int) -> None:
    """Bytes per hand: journal entries and snapshots against one whole state per commit."""
    await store.writer.run(count_bytes)
    ledger = await StoreJournal(store).create(play_table(3_000, 7))
    whole_states = 0
    commits = 0
    step = 0
    while ledger.table.hand_number < hands or ledger.table.status == PLAYING:
        step += 1
        one_move(ledger.table, float(step))
        await ledger.commit()
        whole_states += len(dumps(ledger.table.to_json()))
        commits += 1

    def written(connection: Connection) -> dict[str, int]:
        rows = connection.connection.driver_connection.execute("SELECT kind, bytes FROM written")
        return dict(rows.fetchall())

    journal = await store.writer.run(written)
    per_hand = {
        "commits": commits / hands,
        "journal_log_bytes": journal["log"] / hands,
        "journal_snapshot_bytes": journal["snapshot"] / hands,
        "journal_bytes": (journal["log"] + journal["snapshot"]) / hands,
        "whole_state_bytes": whole_states / hands,
    }
    REPORT["bytes_per_hand"] = per_hand
    say(
        f"  bytes written per hand ({per_hand['commits']:.0f} commits, 4 players): journal "
        f"{per_hand['journal_bytes']:,.0f} (log rows {per_hand['journal_log_bytes']:,.0f} + "
        f"snapshot {per_hand['journal_snapshot_bytes']:,.0f}) vs whole-state saves "
        f"{per_hand['whole_state_bytes']:,.0f}"
    )


async def main() -> None:
    """Run every benchmark on a fresh temporary database."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=200, help="commits per table")
    parser.add_argument(
        "--database",
        metavar="URL",
        help="an empty database to run on (default: a temporary SQLite file)",
    )
    parser.add_argument("--bulk-hands", type=int, default=100_000, help="0 skips the queries")
    parser.add_argument("--bulk-players", type=int, default=2_000)
    parser.add_argument("--deep-page", type=int, default=50, help="the page Next/Prev start at")
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--sustained-tables", type=int, default=300)
    parser.add_argument(
        "--sustained-seconds", type=float, default=20.0, help="0 skips the sustained load"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--bot-gc",
        action="store_true",
        help="from the tables playing at once on, the bot's collector settings "
        "(bot.serve.tune_gc: the objects alive after set-up frozen, a young collection every "
        "10,000 objects): the store as the bot runs it, without CPython's script-sized "
        "collections pausing the commits",
    )
    args = parser.parse_args()
    if args.json:
        OUT[0] = sys.stderr
    REPORT["bot_gc"] = args.bot_gc
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as directory:
        url = args.database or f"sqlite+aiosqlite:///{directory}/bench.db"
        REPORT["database"] = masked(url)
        say(f"Database: {masked(url)}")
        store = await Store.open(url)
        try:
            say("Commit latency (each call awaited before the next):")
            await bench_moves(store, rng, args.moves)
            await bench_hands(store, rng, args.hands)
            say(
                f"Move journal (an entry per move or deal, a snapshot at the first deal after "
                f"{COMPACT_AT_DEAL} entries):"
            )
            await bench_journal(
                store, args.database, directory, args.tables, args.rounds, bot_gc=args.bot_gc
            )
            if not is_postgres(url):
                await bench_bytes(store, 10)
            if args.sustained_seconds > 0:
                await bench_sustained(
                    store,
                    None if is_postgres(url) else Path(f"{database_path(url)}-wal"),
                    args.sustained_tables,
                    args.sustained_seconds,
                )
            if args.bulk_hands:
                say(f"Queries at {args.bulk_hands:,} recorded hands:")
                await bulk_load(store, rng, args.bulk_hands, args.bulk_players)
                await bench_queries(store, args.repeat, args.deep_page)
            async with store.engine.connect() as connection:
                hands = (await connection.execute(text("SELECT count(*) FROM hand"))).scalar()
            say(f"  database holds {hands:,} hands in total")
        finally:
            await store.close()
    if args.json:
        print(json.dumps(REPORT, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
