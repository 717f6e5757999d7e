"""Load benchmark of the bot: ``python bench/bot_load.py [--tables 100] [--seconds 30]``.

The real bot (``TonkBot``, production timings except a 0.5 s pause between hands) runs in a
child process against the fake Discord (``tests/fakediscord``) served by this process, so the
two share the machine's cores the way a bot and Discord would not share one. Every table has
two simulated members who play random legal moves as soon as their private panel says it is
their turn: Draw / Take / Drop, then pick cards in the menu and Spread, Hit or Discard. Each
click comes after a random pause (uniform, ``--think`` seconds on average): 1 s by default,
a fast human at every table; ``--think 0.25`` is a stress test at three times that rate.

Prints the interactions handled per second, the latency from sending INTERACTION_CREATE to
receiving the bot's callback (p50, p99, max), errors, and the bot process's memory per table
(resident set growth from start-up to all tables dealt, and at the end).

Target on a 2-core machine: p99 under 100 ms at 100 busy tables, and no errors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = 4096
RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
REFUSALS = ("out of date", "not your turn", "belongs to hand", "Sorry")


@dataclass
class Stats:
    """What the simulated members measured."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refused: int = 0


def rss_bytes(pid: int) -> int:
    """The resident set size of a process."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the bot, in the child process -------------------------------------------------------


async def serve_bot(api_url: str, gateway_url: str, token: str) -> None:
    """Run the bot as ``tonk run`` does (``serve``), against the fake at these URLs."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.config import Settings, Timing
    from bot.serve import serve

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    Route.BASE = api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    with tempfile.TemporaryDirectory() as scratch:  # a fresh database, not data/tonk.db
        database = f"sqlite+aiosqlite:///{scratch}/bench.db"
        await serve(Settings(token, database_url=database), Timing(next_hand_delay=0.5))


# -- the simulated members, in this process ------------------------------------------------


def find_spread(labels: list[str]) -> list[str]:
    """Three cards of one rank, or three in a row of one suit, among card labels (``10♥``)."""
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, set[int]] = {}
    for label in labels:
        rank, suit = label[:-1], label[-1]
        if rank in RANK_ORDER:
            by_rank.setdefault(rank, []).append(label)
            by_suit.setdefault(suit, set()).add(RANK_ORDER.index(rank))
    for same in by_rank.values():
        if len(same) >= 3:
            return same[:3]
    for suit, ranks in by_suit.items():
        for low in sorted(ranks):
            if {low + 1, low + 2} <= ranks:
                return [f"{RANK_ORDER[low + i]}{suit}" for i in range(3)]
    return []


class Player:
    """One simulated member playing at one table through their private panel."""

    def __init__(
        self, fake: Any, member: Any, stats: Stats, seeds: random.Random, think: float
    ) -> None:
        self.fake = fake
        self.member = member
        self.stats = stats
        self.rng = random.Random(seeds.random())
        self.think = think
        self.panel: Any = None

    async def timed(self, interact: Callable[[], Awaitable[Any]]) -> Any:
        """One interaction, after a moment's thought; its latency is recorded."""
        await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
        started = time.perf_counter()
        try:
            result = await interact()
        except Exception as error:  # every failure is counted and reported
            self.stats.errors.append(f"{self.member.name}: {error!r}"[:300])
            return None
        self.stats.latencies.append(time.perf_counter() - started)
        message = result.message
        if message is not None and any(r in message.content for r in REFUSALS):
            self.stats.refused += 1
        return result

    async def click(self, message: Any, label: str) -> Any:
        return await self.timed(lambda: self.member.click(message, label, settle=False))

    async def pick(self, labels: list[str]) -> Any:
        menu = self.panel.selects()[0]
        values = [o["value"] for o in menu["options"] if o["label"] in labels]
        return await self.timed(
            lambda: self.member.select(self.panel, menu["custom_id"], values, settle=False)
        )

    async def open_panel(self) -> None:
        """``/tonk hand``: the private panel (it follows this member from hand to hand)."""
        opened = await self.timed(lambda: self.member.invoke_slash("tonk", ["hand"], settle=False))
        self.panel = opened.message if opened else None

    async def play(self) -> None:
        """Play whenever the panel says it is this member's turn (until cancelled)."""
        while self.panel is not None:
            text = self.panel.text()
            if "Your turn" in text:
                await self.start_turn()
            elif "Pick cards, then" in text:
                await self.finish_turn()
            else:
                seen = len(self.panel.versions)
                try:
                    await self.fake.wait_for_edit(self.panel, seen, timeout=30)
                except AssertionError as error:
                    self.stats.errors.append(f"{self.member.name}: {error}"[:300])
                    return

    def enabled(self) -> list[str]:
        return [b["label"] for b in self.panel.buttons() if not b.get("disabled")]

    async def start_turn(self) -> None:
        buttons = self.enabled()
        take = next((b for b in buttons if b.startswith("Take ")), None)
        roll = self.rng.random()
        if "Drop" in buttons and roll < 0.03:
            await self.click(self.panel, "Drop")
        elif take and roll < 0.25:
            await self.click(self.panel, take)
        else:
            await self.click(self.panel, "Draw")

    async def finish_turn(self) -> None:
        labels = [o["label"] for o in self.panel.selects()[0]["options"]]
        spread = find_spread(labels)
        if spread and self.rng.random() < 0.7:
            await self.pick(spread)
            if "Spread" in self.enabled():
                await self.click(self.panel, "Spread")
                return
        card = self.rng.choice(labels)
        await self.pick([card])
        buttons = self.enabled()
        hits = [b for b in buttons if b.startswith("Hit ")]
        if hits and self.rng.random() < 0.7:
            await self.click(self.panel, self.rng.choice(hits))
        elif f"Discard {card}" in buttons:
            await self.click(self.panel, f"Discard {card}")
        else:
            await self.click(self.panel, "Refresh")


async def open_table(fake: Any, players: list[Player]) -> Any:
    """``/tonk new``, Join, Start, and everyone opens their panel; the table message."""
    host = players[0]
    new = await host.timed(lambda: host.member.invoke_slash("tonk", ["new"], settle=False))
    if new is None:
        raise RuntimeError(f"/tonk new failed: {host.stats.errors[-1:]}")
    lobby = new.message
    for player in players[1:]:
        await player.click(lobby, "Join")
    await host.click(lobby, "Start")
    for player in players:
        await player.open_panel()
    return lobby


async def start_bot(fake: Any, log: Any) -> asyncio.subprocess.Process | None:
    """The bot in a child process (its log in ``log``), once the gateway has sent it READY
    and every GUILD_CREATE; None (the log printed) if it did not start."""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve-bot",
        fake.api_url,
        fake.gateway_url,
        fake.token,
        cwd=ROOT,
        stderr=log,
    )
    try:
        await fake.wait_for(lambda: fake.gateway.identify_count, timeout=60)
    except AssertionError:
        child.kill()
        log.seek(0)
        print("the bot did not start:", log.read().decode()[-2000:])
        return None
    return child


async def drive(tables: int, seconds: float, seed: int, think: float) -> int:
    """Set the tables up, let them play for ``seconds``, print the figures."""
    sys.path.insert(0, str(ROOT))
    from tests.fakediscord import open_fake_discord

    stats = Stats()
    rng = random.Random(seed)
    with tempfile.TemporaryFile() as log:
        async with open_fake_discord(timeout=30.0) as fake:
            guild = fake.add_guild("Load", channels=[f"t{i}" for i in range(tables)])
            seated = [
                [
                    Player(fake, fake.add_member(guild, f"p{i}{s}").at(channel), stats, rng, think)
                    for s in "ab"
                ]
                for i, channel in enumerate(guild.text_channels)
            ]
            child = await start_bot(fake, log)
            if child is None:
                return 1
            base = rss_bytes(child.pid)
            setup = time.perf_counter()
            await asyncio.gather(*(open_table(fake, players) for players in seated))
            setup = time.perf_counter() - setup
            dealt = rss_bytes(child.pid)
            stats.latencies.clear()
            cpu = (cpu_seconds(child.pid), cpu_seconds(os.getpid()))
            started = time.perf_counter()
            playing = [asyncio.create_task(p.play()) for players in seated for p in players]
            await asyncio.sleep(seconds)
            for task in playing:
                task.cancel()
            await asyncio.gather(*playing, return_exceptions=True)
            elapsed = time.perf_counter() - started
            cpu = (cpu_seconds(child.pid) - cpu[0], cpu_seconds(os.getpid()) - cpu[1])
            end = rss_bytes(child.pid)
            hands = sum("is over.**" in m.text() for m in fake.messages.values())
            child.terminate()
            await child.wait()
        log.seek(0)
        bot_errors = [ln for ln in log.read().decode().splitlines() if ln.startswith("ERROR")]
    report(tables, think, elapsed, setup, hands, stats, bot_errors, (base, dealt, end), cpu)
    return 0 if not stats.errors and not bot_errors else 1


def report(
    tables: int,
    think: float,
    elapsed: float,
    setup: float,
    hands: int,
    stats: Stats,
    bot_errors: list[str],
    memory: tuple[int, int, int],
    cpu: tuple[float, float],
) -> None:
    latencies = sorted(stats.latencies)
    ms = [t * 1000 for t in latencies]
    base, dealt, end = memory
    print(
        f"tables: {tables}, two players each, {think * 1000:.0f} ms mean thinking per "
        f"interaction; {elapsed:.1f} s of play"
    )
    print(f"set-up (new, join, start, open panels): {setup:.1f} s")
    print(f"interactions: {len(ms)} ({len(ms) / elapsed:.0f}/s); hands finished: {hands}")
    if ms:
        p50 = statistics.median(ms)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(
            f"latency INTERACTION_CREATE → callback: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"max {ms[-1]:.1f} ms"
        )
    print(
        f"CPU busy: bot {cpu[0] / elapsed:.0%} of a core, fake Discord and members "
        f"{cpu[1] / elapsed:.0%}"
    )
    print(f"refused (stale or out of turn): {stats.refused}")
    print(f"errors: {len(stats.errors)} in members, {len(bot_errors)} logged by the bot")
    for error in (stats.errors + bot_errors)[:5]:
        print("  ", error)
    mib = 1024 * 1024
    print(
        f"bot memory: {base / mib:.1f} MiB at start, {dealt / mib:.1f} MiB with the tables "
        f"dealt ({(dealt - base) / tables / 1024:.0f} KiB per table), {end / mib:.1f} MiB at "
        f"the end ({(end - base) / tables / 1024:.0f} KiB per table)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a member waits before each click"
    )
    parser.add_argument("--serve-bot", nargs=3, metavar=("API", "GATEWAY", "TOKEN"))
    args = parser.parse_args()
    if args.serve_bot:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve_bot(*args.serve_bot))
        return 0
    return asyncio.run(drive(args.tables, args.seconds, args.seed, args.think))


if __name__ == "__main__":
    sys.exit(main())
