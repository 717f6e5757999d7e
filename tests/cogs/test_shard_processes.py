"""End to end with two bot processes, one per shard (``SHARD_COUNT=2``, ``SHARD_IDS=0`` and
``1``), started as ``bench/bot_load.py`` starts the bot (``tonk run``'s ``serve`` with the
settings of the environment), against the fake Discord and one shared database.

A table in a guild on each shard plays; the process of shard 0 is killed (SIGKILL) in the
middle of a turn; shard 1's table plays a whole hand meanwhile; shard 0's process is
restarted and its table resumes where it was and finishes the hand; each server's
leaderboard then shows exactly its own hands, each recorded once. At the end both processes
get SIGTERM, as a service manager stops them, and exit cleanly.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import IO, Any

import pytest

from bench.bot_load import (
    Meter,
    Player,
    bot_environment,
    open_table,
    start_child,
    stop_child,
)
from bot.i18n import amount_text, text
from bot.store import Store
from tests.fakediscord import FakeDiscord, FakeGuild, open_fake_discord

BOT_LOAD = str(Path(__file__).resolve().parents[2] / "bench" / "bot_load.py")
SHARDS = 2
BACK = text("scoreboard.restore.back")
PATIENCE = 60.0
EDITS = ("--edit-interval", "0.05")
"""Panels follow the turns within 50 ms (the bot's own pace, a second, is for Discord's
rate limits, which the fake does not have)."""


@pytest.fixture
def shared_database_url(postgres_url: str) -> str:
    """The one database both shard processes use: a PostgreSQL database on the server the
    tests started, as several shard processes would share in production."""
    return postgres_url


class ShardProcess:
    """The bot process of one shard of two, as ``bench/bot_load.py`` runs it; its log is
    kept in a temporary file across restarts."""

    def __init__(self, fake: FakeDiscord, database: str, shard: int, log: IO[bytes]) -> None:
        self.fake = fake
        self.database = database
        self.shard = shard
        self.log = log
        self.child: Any = None

    async def start(self) -> None:
        """Start the process; back once Discord has sent it its guilds."""
        fake = self.fake
        environ = bot_environment(self.database, self.shard, SHARDS)
        argv = ("--serve-bot", fake.api_url, fake.gateway_url, fake.token, *EDITS)
        self.child = await start_child(fake, self.log, BOT_LOAD, *argv, env=environ)
        assert self.child is not None, f"shard {self.shard} did not start"

    async def kill(self) -> None:
        """SIGKILL: no shutdown, no last write."""
        os.kill(self.child.pid, signal.SIGKILL)
        await self.child.wait()

    async def stop(self) -> list[str]:
        """Stop the process if it runs; every ERROR line it ever logged."""
        if self.child.returncode is None:
            return await stop_child(self.child, self.log)
        self.log.seek(0)
        return [line for line in self.log.read().decode().splitlines() if line.startswith("ERROR")]


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with open_fake_discord(timeout=PATIENCE, shard_count=SHARDS) as started:
        yield started


def hands_over(fake: FakeDiscord, guild: FakeGuild) -> int:
    """How many hands the guild's table message says are over."""
    over = [text("table.hand_over", number=n) for n in range(1, 100)]
    return sum(
        1 for m in fake.messages_in(guild.channel("tonk")) for line in over if line in m.text()
    )


async def play(
    fake: FakeDiscord, meter: Meter, players: list[Player], until: Callable[[], Any]
) -> None:
    """The players play random legal moves until ``until()`` holds; then they stop, and
    every interaction they sent has been answered."""
    playing = [asyncio.create_task(player.play()) for player in players]
    try:
        await fake.wait_for(until, PATIENCE)
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        await meter.drain()


async def draw(fake: FakeDiscord, players: list[Player]) -> None:
    """Whoever's turn it is draws, and must now discard: the middle of a turn."""
    [player] = await fake.wait_for(
        lambda: [p for p in players if "Your turn" in p.panel.text()], PATIENCE
    )
    drawn = await player.click(player.panel, "Draw")
    assert drawn is not None and "Pick cards, then" in player.panel.text()


async def expected_board(database: str, guild: FakeGuild) -> set[str]:
    """The leaderboard lines the guild's recorded hands make: each member's chips, wins and
    hands, added up from the hands the store recorded in its channel."""
    async with await Store.open(database) as store:
        hands = await store.history(guild.id, guild.channel("tonk").id, limit=100)
    totals: dict[str, list[int]] = {}
    for hand in hands:
        for seat in hand.seats:
            chips, won, played = totals.setdefault(seat.name, [0, 0, 0])
            totals[seat.name] = [chips + seat.payout, won + seat.won, played + 1]
    return {
        f"**{name}**: {amount_text(chips)} chips · {won} won of {played}"
        for name, (chips, won, played) in totals.items()
    }


async def test_two_shard_processes_serve_their_own_tables_through_a_crash(
    fake: FakeDiscord, shared_database_url: str
) -> None:
    guilds = [fake.add_guild(f"shard {n}", channels=["tonk"], shard=n) for n in range(SHARDS)]
    meter = Meter(fake, completion_timeout=PATIENCE)
    seeds = random.Random(10)
    tables = [
        [
            Player(meter, fake.add_member(guild, f"{who}{n}").at(guild.channel("tonk")), seeds, 0)
            for who in ("ann", "bob")
        ]
        for n, guild in enumerate(guilds)
    ]
    with tempfile.TemporaryFile() as log0, tempfile.TemporaryFile() as log1:
        shards = [
            ShardProcess(fake, shared_database_url, n, log) for n, log in enumerate((log0, log1))
        ]
        try:
            for shard in shards:
                await shard.start()
            for players in tables:
                await open_table(players)
            await draw(fake, tables[0])
            before_crash = hands_over(fake, guilds[0])
            await shards[0].kill()

            await play(fake, meter, tables[1], lambda: hands_over(fake, guilds[1]) >= 1)
            assert hands_over(fake, guilds[0]) == before_crash

            await shards[0].start()
            await fake.wait_for(
                lambda: any(BACK in m.text() for m in fake.messages_in(guilds[0].channel("tonk")))
            )
            for player in tables[0]:
                await player.open_panel()
            assert any("Pick cards, then" in p.panel.text() for p in tables[0])
            await play(fake, meter, tables[0], lambda: hands_over(fake, guilds[0]) > before_crash)
            boards = [await players[0].member.slash("tonk", "leaderboard") for players in tables]
        finally:
            logged = [await shard.stop() for shard in shards]
    assert meter.stats.errors == [] and logged == [[], []]
    assert [shard.child.returncode for shard in shards] == [0, 0]  # SIGTERM: a clean stop
    for guild, board in zip(guilds, boards, strict=True):
        assert board.message is not None
        shown = {
            line.split(". ", 1)[1].rsplit(" (", 1)[0]  # "1. **ann0**: +2 chips · … (100%)"
            for line in board.message.text().splitlines()
            if line[:1].isdigit()
        }
        assert shown == await expected_board(shared_database_url, guild)
        async with await Store.open(shared_database_url) as store:
            recorded = await store.history(guild.id, guild.channel("tonk").id, limit=100)
        assert len(recorded) == hands_over(fake, guild)
