"""Builds ``fixtures/release_0_1.sql``: a database written by the release before the move
journal (``StoredRegistry`` committing whole table states), dumped as SQL.

It was run once, at the commit that added it, with that release's code; the code it drives
(``StoredRegistry.save`` through ``Store.save_table``) is what the journal replaces, so the
dump, not this script, is the fixture. ``tests/store/test_release_migration.py`` checks that
such a database opens with nothing lost.

Contents: guild 1 with four tables. Channel 10: three people, two hands finished, the third
hand mid-way. Channel 11: two people and a computer player between hands. Channel 12: a
lobby of two. Channel 13: one hand finished, then closed. Totals for every person.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.engine.rules import build_rules
from bot.store import Store
from bot.tables.dealing import Shuffler
from bot.tables.stored import StoredRegistry
from bot.tables.table import BETWEEN, PLAYING, Seat, Table
from tests.tables.randomtable import random_move

OUT = Path(__file__).parent / "fixtures" / "release_0_1.sql"


def _maker(channel: int, host: int, preset: str, seed: int) -> Callable[[int], Table]:
    def make(table_id: int) -> Table:
        return Table.open(
            table_id,
            1,
            channel,
            Seat(host, f"player {host}"),
            build_rules(preset),
            now=1_000.0,
            shuffler=Shuffler(random.Random(seed)),
        )

    return make


async def _play_hands(
    registry: StoredRegistry, table: Table, rng: random.Random, hands: int, now: float
) -> float:
    """Deal and finish ``hands`` hands, committing after every change."""
    for _ in range(hands):
        if table.status == BETWEEN:
            table.next_hand(now)
        else:
            table.start(table.host_id, now)
        await registry.save(table)
        while table.status == PLAYING:
            now += 1.0
            random_move(table, rng, now)
            await registry.save(table)
    return now


async def build(path: Path) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    registry = StoredRegistry(store)
    rng = random.Random(20261130)
    now = 1_000.0
    try:
        mid = await registry.create(_maker(10, 201, "standard", 1))
        for user in (202, 203):
            mid.join(Seat(user, f"player {user}"), now)
            await registry.save(mid)
        now = await _play_hands(registry, mid, rng, 2, now)
        mid.next_hand(now)
        await registry.save(mid)
        for _ in range(7):
            now += 1.0
            random_move(mid, rng, now)
            await registry.save(mid)
        assert mid.status == PLAYING

        between = await registry.create(_maker(11, 211, "waiting", 2))
        between.join(Seat(212, "player 212"), now)
        await registry.save(between)
        between.add_bot(211, "easy", now)
        await registry.save(between)
        now = await _play_hands(registry, between, rng, 1, now)
        assert between.status == BETWEEN

        lobby = await registry.create(_maker(12, 221, "standard", 3))
        lobby.join(Seat(222, "player 222"), now)
        await registry.save(lobby)

        closed = await registry.create(_maker(13, 231, "standard", 4))
        closed.join(Seat(232, "player 232"), now)
        await registry.save(closed)
        now = await _play_hands(registry, closed, rng, 1, now)
        closed.close(231, False)
        await registry.save(closed)
    finally:
        await store.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "tonk.db"
        asyncio.run(build(path))
        with sqlite3.connect(path) as raw:
            raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            OUT.write_text("\n".join(raw.iterdump()) + "\n")
    sys.stdout.write(f"wrote {OUT}\n")


if __name__ == "__main__":
    main()
