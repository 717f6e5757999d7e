"""Load benchmark of the bot, measured against a bare discord.py bot: ``bench/bot_load.py``.

Options: ``--tables 100 --seconds 30 --think 1`` (the defaults), ``--json``,
``--soak-minutes N``, ``--processes N``, ``--database URL``, described below.

The real bot (``TonkBot``, production timings except a 0.5 s pause between hands) runs in a
child process against the fake Discord (``tests/fakediscord``) served by this process, so the
two share the machine's cores the way a bot and Discord would not share one. Every table has
two simulated members who play random legal moves as soon as their private panel says it is
their turn: Draw / Take / Drop, then pick cards in the menu and Spread, Hit or Discard. Each
click comes after a random pause (uniform, ``--think`` seconds on average): 1 s by default,
a fast human at every table; ``--think 0.25`` is a stress test at three times that rate.

Then, in the same run, the floor: a bare discord.py bot (``bench/floor_bot.py``: no game, no
database) in a child process of its own, against a fresh fake Discord with as many members,
each with a panel opened by ``/panel``. They send it as many clicks as the bot answered, at
the same rate (Poisson arrivals, each click on a random enabled component of an idle
member's panel), and each is answered with one edit of the panel our bot sent: the
median-sized version, among the bot's panels that offered a move, of its content, embeds and
components. The CPU time of each child is read from /proc; divided by the interactions it
answered, it gives the CPU milliseconds per interaction, and the bot's over the floor's is
the ratio.

Latency is measured as a member sees it, from sending INTERACTION_CREATE to the callback. A
deferral (callback type 5 or 6) counts as the callback; the follow-up or edit that completes
it is then awaited (an error if none comes within 30 s). Interactions still in flight when the
time is up are awaited too, so a late callback is never lost; the rate counts those answered
in time. A refusal (a stale button, not the member's turn, "try again") is an answer, counted
apart from errors; a host whose ``/tonk new`` is refused runs it again (``new_lobby``). This
process freezes what it holds every second (``kept_out_of_gc``), so that its own garbage
collections do not count as the bot's latency.

Prints the interactions answered per second, the latency (p50, p99, max), the interactions
answered later than 3 s (set-up included; one never answered counts too) and the deferred
ones, errors, the REST requests sent to Discord per interaction (in all and by route), CPU
per interaction against the floor, and the bot process's memory per table
(resident set growth from start-up to all tables dealt, and at the end). ``--json`` prints
one JSON object with these figures instead: ``tables``, ``think_s``, ``seconds``,
``interactions_per_s``, ``p50_ms``, ``p99_ms``, ``max_ms``, ``over_3s``, ``deferred``,
``errors``, ``requests_per_interaction``, ``requests_by_route``,
``cpu_ms_per_interaction``, ``floor_cpu_ms_per_interaction``, ``ratio``,
``kib_per_table_end`` and more (see ``figures``); a figure that could not be measured is null.

``--soak-minutes N``: the tables play until each has finished a hand, then N minutes more
while the bot's resident set is sampled every 10 s; the least-squares slope of the samples,
in KiB per table per minute, shows whether memory grows per table, and the slope of each
third of the samples whether that growth slows down (an allocator and caches warming up) or
keeps on (a leak). Beside it, the same slopes of the memory blocks Python holds allocated in
the bot (``sys.getallocatedblocks``, which the bot process writes to a file every second):
the objects it holds (and its free lists), without the pages the allocators keep mapped
after a peak, so that objects that keep piling up and an allocator's warm-up (resident set
growing while the blocks stay level) can be told apart. The tables all start at once, so
for their first several hands they play in step, and the moves of the hands in play (their
action logs, which a hand keeps until it ends) grow and shrink together: the first minutes
of a soak count those hands getting longer on average as the tables drift apart (a 30-minute
soak at 100 tables: 5.4 blocks per table per minute in its first third, 2.3 and 0.8 in the
next two, and the resident set 0.97, 0.16 and 0.05 KiB; a logged draw, discard or take costs
a hand one reference, see ``bot.engine.actions.Action.of``). A slope per table is the bot's
whole growth divided by ``--tables``, so soaks at two table counts tell a growth per table
(it grows with the tables) from the process's own warm-up (it does not): two 10-minute soaks
each at 50, 100 and 200 tables grew the bot's resident set by about the same 66 to 79 KiB a
minute (1.31 to 1.44, 0.74 to 0.79 and 0.37 to 0.38 KiB per table per minute; least squares
over the six: 70 KiB a minute plus 0.03 KiB per table), nearly all of it pages of Python's
allocator touched for the first time (``/proc/PID/smaps``). ``--seconds`` is then unused,
and the floor is not run: it would take as long again.

``--processes N`` (N ≥ 2): then, in the same run, N shard processes (``SHARD_COUNT=N``, one
``SHARD_IDS`` each) on one database serve N times ``--tables`` tables, ``--tables`` in a guild
on each shard, played exactly as above. The same p99 is the point: while their p99 is over
the one process's (by more than ``SAME_P99``), they play again, fresh, with ``FEWER`` times
the tables (``SHARD_TRIES`` phases at most). Printed: each phase's interactions answered per
second and latency, and the ratio of the best rate at the same p99 to the one process's
(target, issue 10: ≥ 1.6 for two processes). ``--database URL``: every bot process of every
phase uses this database (empty at the start; the tables a phase leaves open are closed at
its end), instead of a fresh SQLite file per phase.

Targets (issue 9, on an idle machine): ratio ≤ 2.0; at 300 tables p99 < 100 ms; at 1,000
tables no interaction answered later than 3 s and no errors; a 10-minute soak at 100 tables
shows no growth per table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import IO, Any

from discord import InteractionResponseType

ROOT = Path(__file__).resolve().parent.parent
FLOOR_BOT = ROOT / "bench" / "floor_bot.py"
PAGE = 4096
RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
REFUSALS = ("out of date", "not your turn", "belongs to hand", "Sorry", "try again")
NEW_TABLE_TRIES = 5  # times a host runs /tonk new while the bot answers "try again"
HAND_OVER = "is over.**"
BUTTON = 2  # component type
CALLBACK_LIMIT = 3.0  # seconds Discord waits for an interaction's callback
COMPLETION_TIMEOUT = 30.0  # seconds a deferred interaction is given to be completed
SOAK_INTERVAL = 10.0
SAME_P99 = 1.1  # a shard phase's p99 at most this times the one process's counts as the same
SHARD_TRIES = 3  # shard phases at most, each with FEWER times the tables of the last
FEWER = 0.8
FIRST_HAND_PATIENCE = 600.0  # seconds a soak waits for every table to finish a hand
FREEZE_EVERY = 1.0  # seconds between two gc.freeze() of this process (see kept_out_of_gc)
BOT_SETTINGS = ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS")  # what a bot process reads
LIVE_BLOCKS = "BOT_LOAD_LIVE_BLOCKS"  # where a soaked bot writes its allocated blocks' count


def rss_bytes(pid: int) -> int:
    """The resident set size of a process."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(ms: list[float], fraction: float) -> float:
    """The ``fraction`` percentile of sorted figures (nan if there are none)."""
    return ms[min(len(ms) - 1, int(len(ms) * fraction))] if ms else math.nan


# -- the bot, in the child process -------------------------------------------------------


async def serve_bot(
    api_url: str, gateway_url: str, token: str, edit_interval: float | None = None
) -> None:
    """Run the bot as ``tonk run`` does (``serve``), against the fake at these URLs, with the
    settings of the environment (``DATABASE_URL``, and ``SHARD_COUNT`` and ``SHARD_IDS`` for
    a shard process: see :func:`bot_environment`). ``edit_interval``: the seconds between
    two edits of one message or panel, instead of the bot's own (tests that play whole hands
    through a process shorten it)."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.config import Timing, load_settings
    from bot.serve import serve

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    Route.BASE = api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    chosen = {name: os.environ[name] for name in BOT_SETTINGS if name in os.environ}
    settings = load_settings(chosen | {"DISCORD_TOKEN": token})
    timing = Timing(next_hand_delay=0.5)
    if edit_interval is not None:
        timing = replace(timing, edit_interval=edit_interval, table_edit_interval=edit_interval)
    counted = os.environ.get(LIVE_BLOCKS)
    counting = asyncio.create_task(count_live_blocks(Path(counted))) if counted else None
    try:
        await serve(settings, timing)
    finally:
        if counting is not None:
            counting.cancel()


async def count_live_blocks(path: Path, every: float = 1.0) -> None:
    """Every ``every`` seconds, write to ``path`` how many memory blocks Python holds
    allocated in this process (``sys.getallocatedblocks``), replacing the last count whole."""
    scratch = path.with_name(path.name + ".new")
    while True:
        scratch.write_text(str(sys.getallocatedblocks()))
        scratch.replace(path)
        await asyncio.sleep(every)


def bot_environment(database: str, shard: int, processes: int) -> dict[str, str]:
    """The environment of a bot process: ``database``, and with several processes the
    ``shard`` it serves of ``processes`` (whatever this process's environment says)."""
    environ = {name: value for name, value in os.environ.items() if name not in BOT_SETTINGS}
    environ["DATABASE_URL"] = database
    if processes > 1:
        environ |= {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
    return environ


# -- measuring interactions, in this process ---------------------------------------------


@dataclass
class Stats:
    """What the simulated members measured. ``latencies`` (seconds to the callback) and
    ``answered`` (callbacks before the time was up) cover the timed play; the counters cover
    every interaction, set-up included."""

    latencies: list[float] = field(default_factory=list)
    answered: int = 0
    errors: list[str] = field(default_factory=list)
    refused: int = 0
    deferred: int = 0
    late: int = 0


class Meter:
    """Sends the members' interactions and measures them (see the module's docstring)."""

    def __init__(self, fake: Any, completion_timeout: float = COMPLETION_TIMEOUT) -> None:
        self.fake = fake
        self.completion_timeout = completion_timeout
        self.stats = Stats()
        self.timing = False
        self._in_flight: set[asyncio.Task[Any]] = set()

    def start_timing(self) -> None:
        """From now on latencies are kept and callbacks counted as answered in time."""
        self.stats.latencies.clear()
        self.stats.answered = 0
        self.timing = True

    def stop_timing(self) -> None:
        """Callbacks from now on are not answered in time (their latency is still kept)."""
        self.timing = False

    async def drain(self) -> None:
        """Wait for the interactions in flight, completions included."""
        await asyncio.gather(*self._in_flight)

    async def send(
        self, who: str, interact: Callable[[], Awaitable[Any]], source: Any = None
    ) -> Any:
        """One interaction (``interact`` sends it and awaits the callback) on the message
        ``source`` (for a component); its result, or None if it failed (the error is
        counted). It runs in a task of its own, measured to the end even if the member who
        sent it is cancelled."""
        task = asyncio.create_task(self._measure(who, interact, source))
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)
        return await asyncio.shield(task)

    async def _measure(self, who: str, interact: Callable[[], Awaitable[Any]], source: Any) -> Any:
        stats = self.stats
        seen = 0 if source is None else len(source.versions)
        started = time.perf_counter()
        try:
            result = await interact()
        except Exception as error:  # every failure is counted and reported
            if time.perf_counter() - started > CALLBACK_LIMIT:
                stats.late += 1
            stats.errors.append(f"{who}: {error!r}"[:300])
            return None
        latency = time.perf_counter() - started
        stats.latencies.append(latency)
        if self.timing:
            stats.answered += 1
        if latency > CALLBACK_LIMIT:
            stats.late += 1
        if result.deferred:
            stats.deferred += 1
            if not await self._completed(result, source, seen):
                stats.errors.append(f"{who}: {result!r} deferred, never completed")
        messages = [m for m in (result.message, *result.followups) if m is not None]
        if any(r in m.content for m in messages for r in REFUSALS):
            stats.refused += 1
        return result

    async def _completed(self, result: Any, source: Any, seen: int) -> bool:
        """Whether the bot completed a deferred interaction in time: filled in its
        "thinking" message (5), or edited the component's message or sent a follow-up (6).

        An edit of the component's message is taken as the completion whoever made it: an
        edit made for another reason while the deferral waits would pass for it."""
        if result.type is InteractionResponseType.deferred_channel_message:

            def done() -> bool:
                return not result.message.loading

        else:

            def done() -> bool:
                return bool(result.followup_ids) or len(source.versions) > seen or source.deleted

        try:
            await self.fake.wait_for(done, self.completion_timeout)
        except AssertionError:
            return False
        return True


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

    def __init__(self, meter: Meter, member: Any, seeds: random.Random, think: float) -> None:
        self.meter = meter
        self.member = member
        self.rng = random.Random(seeds.random())
        self.think = think
        self.panel: Any = None

    async def timed(self, interact: Callable[[], Awaitable[Any]], source: Any = None) -> Any:
        """One interaction, after a moment's thought (see :meth:`Meter.send`)."""
        await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
        return await self.meter.send(self.member.name, interact, source)

    async def click(self, message: Any, label: str) -> Any:
        return await self.timed(
            lambda: self.member.click(message, label, settle=False), source=message
        )

    async def pick(self, labels: list[str]) -> Any:
        panel = self.panel
        menu = panel.selects()[0]
        values = [o["value"] for o in menu["options"] if o["label"] in labels]
        return await self.timed(
            lambda: self.member.select(panel, menu["custom_id"], values, settle=False),
            source=panel,
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
                    await self.meter.fake.wait_for_edit(self.panel, seen, timeout=30)
                except AssertionError as error:
                    self.meter.stats.errors.append(f"{self.member.name}: {error}"[:300])
                    return

    def enabled(self) -> list[str]:
        return [b["label"] for b in self.panel.buttons() if not b.get("disabled")]

    async def start_turn(self) -> None:
        buttons = self.enabled()
        take = next((b for b in buttons if b.startswith("Take ")), None)
        drop = next((b for b in buttons if b.startswith("Drop")), None)  # "Drop with 23"
        roll = self.rng.random()
        if drop and roll < 0.03:
            await self.click(self.panel, drop)
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


async def new_lobby(host: Player) -> Any:
    """``/tonk new`` by ``host``; the table message it opened, with its **Join**.

    A host whose ``/tonk new`` is refused (a bot too busy to read the server's settings
    says to try again, and opens nothing) runs it again, as a member would, up to
    ``NEW_TABLE_TRIES`` times in all; each refusal is counted as one."""
    for _ in range(NEW_TABLE_TRIES):
        new = await host.timed(lambda: host.member.invoke_slash("tonk", ["new"], settle=False))
        if new is None:
            raise RuntimeError(f"/tonk new failed: {host.meter.stats.errors[-1:]}")
        if any(button.get("label") == "Join" for button in new.message.buttons()):
            return new.message
    raise RuntimeError(f"/tonk new refused {NEW_TABLE_TRIES} times: {new.message.content!r}")


async def open_table(players: list[Player]) -> Any:
    """``/tonk new``, Join, Start, and everyone opens their panel; the table message."""
    host = players[0]
    lobby = await new_lobby(host)
    for player in players[1:]:
        await player.click(lobby, "Join")
    await host.click(lobby, "Start")
    for player in players:
        await player.open_panel()
    return lobby


def seat(fake: Any, tables: int, shard_count: int = 1) -> list[list[Any]]:
    """A guild with a channel per table and two members at each (set up before the bot
    connects: the fake sends them in GUILD_CREATE); with ``shard_count``, a guild on each
    shard, with the tables dealt among them in turn."""
    guilds = [
        fake.add_guild(
            f"Load {n}",
            channels=[f"t{i}" for i in range(n, tables, shard_count)],
            shard=None if shard_count == 1 else n,
        )
        for n in range(shard_count)
    ]
    return [
        [fake.add_member(guild, f"p{channel.name[1:]}{s}").at(channel) for s in "ab"]
        for guild in guilds
        for channel in guild.text_channels
    ]


async def start_child(
    fake: Any, log: IO[bytes], *argv: str, env: dict[str, str] | None = None
) -> asyncio.subprocess.Process | None:
    """A bot in a child process (``python argv...`` in ``env``, its log in ``log``), once the
    gateway has sent it READY and every GUILD_CREATE of its shard; None (the log printed) if
    it did not start."""
    identified = fake.gateway.identify_count
    child = await asyncio.create_subprocess_exec(
        sys.executable, *argv, cwd=ROOT, stderr=log, env=env
    )
    try:
        await fake.wait_for(lambda: fake.gateway.identify_count > identified, timeout=60)
    except AssertionError:
        child.kill()
        await child.wait()
        log.seek(0)
        print("the bot did not start:", log.read().decode()[-2000:], file=sys.stderr)
        return None
    return child


async def stop_child(child: asyncio.subprocess.Process, log: IO[bytes]) -> list[str]:
    """Stop a child; the ERROR lines it logged."""
    child.terminate()
    await child.wait()
    log.seek(0)
    return [line for line in log.read().decode().splitlines() if line.startswith("ERROR")]


def hand_over_channels(fake: Any) -> list[int]:
    """The channel of every table message that says its hand is over."""
    return [
        m.channel_id
        for m in fake.messages.values()
        if not m.ephemeral and not m.deleted and HAND_OVER in m.text()
    ]


Slopes = tuple[float, list[float]]
"""A least-squares slope per table per minute over a whole soak, and over each third of it."""


@dataclass(frozen=True)
class Soak:
    """What a soak measured: how many tables had finished a hand when it began, how many
    samples it took, and the slopes of the bot's resident set (KiB) and of the memory blocks
    Python holds allocated in it."""

    warm_tables: int
    samples: int
    kib: Slopes
    live_blocks: Slopes


async def soak(fake: Any, pid: int, tables: int, minutes: float, live_blocks: Path) -> Soak:
    """Wait until every table has finished a hand (``FIRST_HAND_PATIENCE`` at most), then
    sample, every ``SOAK_INTERVAL`` for ``minutes``, the resident set of process ``pid`` and
    the count of allocated blocks it writes to ``live_blocks`` (see ``count_live_blocks``).
    The slope of each third of the samples says whether a growth slows down (a warming
    allocator) or keeps on (a leak)."""
    patience = time.perf_counter() + FIRST_HAND_PATIENCE
    while len(warm := set(hand_over_channels(fake))) < tables and time.perf_counter() < patience:
        await asyncio.sleep(2)
    started = time.perf_counter()
    at: list[float] = []
    kib: list[float] = []
    blocks: list[float] = []
    while True:
        at.append((time.perf_counter() - started) / 60)
        kib.append(rss_bytes(pid) / 1024)
        blocks.append(float(live_blocks.read_text()))
        if at[-1] >= minutes:
            break
        await asyncio.sleep(started + len(at) * SOAK_INTERVAL - time.perf_counter())
    return Soak(len(warm), len(at), slopes(at, kib, tables), slopes(at, blocks, tables))


def slopes(minutes: list[float], values: list[float], tables: int) -> Slopes:
    """The slope per table of ``values`` over ``minutes``, and that of each third of them."""
    thirds = [(len(minutes) * part // 3, len(minutes) * (part + 1) // 3) for part in range(3)]
    whole = slope_per_table(minutes, values, tables)
    return whole, [slope_per_table(minutes[a:b], values[a:b], tables) for a, b in thirds]


def slope_per_table(minutes: list[float], values: list[float], tables: int) -> float:
    """The least-squares slope of ``values`` over ``minutes``, per table (nan below two
    samples)."""
    if len(minutes) < 2:
        return math.nan
    return statistics.linear_regression(minutes, values).slope / tables


@contextlib.asynccontextmanager
async def kept_out_of_gc(every: float = FREEZE_EVERY) -> AsyncIterator[None]:
    """While a phase runs in this process: every ``every`` seconds, put the objects it holds
    out of the cyclic collector's sight (``gc.freeze``); at the end, let them back and
    collect.

    This process is the measuring instrument. The fake keeps every version of every message
    it was sent (the tests audit them), so at 300 tables its heap grows by some 10,000
    objects a second, and each full collection walked all of them: pauses of up to 0.7-0.9 s
    by the end of a 30-second run, during which every callback that arrived was timed late.
    Freezing them keeps the instrument's own pauses out of the bot's latency. Young
    collections still run, and an object frozen while alive is still freed by reference
    counting; only cycles that died after a freeze wait for the end of the phase.
    """

    async def freeze() -> None:
        while True:
            await asyncio.sleep(every)
            gc.freeze()

    freezing = asyncio.create_task(freeze())
    try:
        yield
    finally:
        freezing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await freezing
        gc.unfreeze()
        gc.collect()


def payload_bytes(panel: dict[str, Any]) -> int:
    """The size of a message's content, embeds and components as compact JSON."""
    return len(json.dumps(panel, separators=(",", ":"), ensure_ascii=False).encode())


def typical_panel(players: list[Player]) -> dict[str, Any] | None:
    """The median-sized (as JSON) version of the panels that offered a move (an enabled
    button): its content, embeds and components; None if there was none."""
    shown = [
        {"content": version.content, "embeds": version.embeds, "components": version.components}
        for player in players
        if player.panel is not None
        for version in player.panel.versions
        if any(c["type"] == BUTTON and not c.get("disabled") for c in version.iter_components())
    ]
    shown.sort(key=payload_bytes)
    return shown[len(shown) // 2] if shown else None


# -- the two phases ------------------------------------------------------------------------


@dataclass
class Run:
    """What one phase measured: the members' figures, the child's CPU seconds and errors
    over ``elapsed`` seconds of timed play."""

    stats: Stats
    elapsed: float
    cpu: float
    bot_errors: list[str]
    extra: dict[str, Any] = field(default_factory=dict)


async def run_bot(
    tables: int,
    seconds: float,
    seed: int,
    think: float,
    soak_minutes: float | None,
    processes: int = 1,
    database: str | None = None,
) -> tuple[Run, dict[str, Any] | None] | None:
    """Our bot's phase, in ``processes`` shard processes on ``database`` (by default a fresh
    SQLite file); with the panel the floor is to answer with. None if it did not start.
    CPU time and memory are those of all the bot processes together."""
    from tests.fakediscord import open_fake_discord

    rng = random.Random(seed)
    with contextlib.ExitStack() as scratch:
        folder = scratch.enter_context(tempfile.TemporaryDirectory())
        url = database or f"sqlite+aiosqlite:///{folder}/bench.db"
        logs = [scratch.enter_context(tempfile.TemporaryFile()) for _ in range(processes)]
        live_blocks = Path(folder) / "live_blocks"
        counted = {} if soak_minutes is None else {LIVE_BLOCKS: str(live_blocks)}
        async with open_fake_discord(timeout=30.0, shard_count=processes) as fake, kept_out_of_gc():
            meter = Meter(fake)
            seated = [
                [Player(meter, m, rng, think) for m in pair]
                for pair in seat(fake, tables, processes)
            ]
            children = []
            for shard, log in enumerate(logs):
                child = await start_child(
                    fake,
                    log,
                    __file__,
                    "--serve-bot",
                    fake.api_url,
                    fake.gateway_url,
                    fake.token,
                    env=bot_environment(url, shard, processes) | counted,
                )
                if child is None:
                    for started_child, started_log in zip(children, logs, strict=False):
                        await stop_child(started_child, started_log)
                    return None
                children.append(child)
            pids = [child.pid for child in children]
            base = sum(map(rss_bytes, pids))
            setup = time.perf_counter()
            await asyncio.gather(*(open_table(players) for players in seated))
            setup = time.perf_counter() - setup
            dealt = sum(map(rss_bytes, pids))
            cpu = (sum(map(cpu_seconds, pids)), cpu_seconds(os.getpid()))
            requests = Counter(fake.requests)
            meter.start_timing()
            started = time.perf_counter()
            playing = [asyncio.create_task(p.play()) for players in seated for p in players]
            soaked = None
            if soak_minutes is None:
                await asyncio.sleep(seconds)
            else:
                soaked = await soak(fake, pids[0], tables, soak_minutes, live_blocks)
            meter.stop_timing()
            elapsed = time.perf_counter() - started
            for task in playing:
                task.cancel()
            await asyncio.gather(*playing, return_exceptions=True)
            await meter.drain()
            cpu = (sum(map(cpu_seconds, pids)) - cpu[0], cpu_seconds(os.getpid()) - cpu[1])
            requests = fake.requests - requests
            end = sum(map(rss_bytes, pids))
            hands = len(hand_over_channels(fake))
            bot_errors = [
                error
                for child, log in zip(children, logs, strict=True)
                for error in await stop_child(child, log)
            ]
        if database is not None:
            await close_open_tables(database)
    extra = {
        "tables": tables,
        "setup_s": setup,
        "hands": hands,
        "driver_cpu": cpu[1],
        "memory": (base, dealt, end),
        "soak": soaked,
        "requests": requests,
    }
    panel = typical_panel([p for players in seated for p in players])
    return Run(meter.stats, elapsed, cpu[0], bot_errors, extra), panel


async def close_open_tables(database: str) -> None:
    """Close every table a phase left open in ``database``, so that the next phase's bots
    have none to restore."""
    from bot.store import Store

    async with await Store.open(database) as store:
        loaded = await store.load_open_tables()
        for table in [*loaded.tables, *loaded.broken]:
            await store.close_table(table.id, "benchmark over")


async def floor_click(meter: Meter, member: Any, panel: Any, rng: random.Random) -> None:
    """Click a random enabled button of ``panel``, or pick a random option in its menu."""
    choices = [c for c in panel.buttons() + panel.selects() if not c.get("disabled")]
    chosen = rng.choice(choices)
    if chosen["type"] == BUTTON:
        interact = partial(member.click, panel, custom_id=chosen["custom_id"], settle=False)
    else:
        values = [rng.choice(chosen["options"])["value"]]
        interact = partial(member.select, panel, chosen["custom_id"], values, settle=False)
    await meter.send(member.name, interact, panel)


async def run_floor(
    tables: int, panel: dict[str, Any], clicks: int, seconds: float, seed: int
) -> Run | None:
    """The floor's phase: ``clicks`` clicks in about ``seconds``. None if it did not start."""
    from tests.fakediscord import open_fake_discord

    rng = random.Random(seed)
    with (
        tempfile.NamedTemporaryFile("w", suffix=".json") as payload,
        tempfile.TemporaryFile() as log,
    ):
        json.dump(panel, payload)
        payload.flush()
        async with open_fake_discord(timeout=30.0) as fake, kept_out_of_gc():
            meter = Meter(fake)
            members = [member for pair in seat(fake, tables) for member in pair]
            child = await start_child(
                fake, log, str(FLOOR_BOT), fake.api_url, fake.gateway_url, fake.token, payload.name
            )
            if child is None:
                return None
            opened = await asyncio.gather(
                *(
                    meter.send(m.name, partial(m.invoke_slash, "panel", settle=False))
                    for m in members
                )
            )
            idle: asyncio.Queue[tuple[Any, Any]] = asyncio.Queue()
            for member, result in zip(members, opened, strict=True):
                if result is not None:
                    idle.put_nowait((member, result.message))
            if idle.empty():
                print("the floor opened no panel:", meter.stats.errors[:3], file=sys.stderr)
                await stop_child(child, log)
                return None

            async def click_when_idle() -> None:
                member, message = await idle.get()
                await floor_click(meter, member, message, rng)
                idle.put_nowait((member, message))

            cpu = cpu_seconds(child.pid)
            requests = Counter(fake.requests)
            meter.start_timing()
            started = due = time.perf_counter()
            clicking = []
            for _ in range(clicks):
                due += rng.expovariate(clicks / seconds)
                await asyncio.sleep(due - time.perf_counter())
                clicking.append(asyncio.create_task(click_when_idle()))
            meter.stop_timing()
            elapsed = time.perf_counter() - started
            await asyncio.gather(*clicking)
            await meter.drain()
            cpu = cpu_seconds(child.pid) - cpu
            requests = fake.requests - requests
            bot_errors = await stop_child(child, log)
    return Run(meter.stats, elapsed, cpu, bot_errors, {"requests": requests})


# -- the figures ---------------------------------------------------------------------------


def latency_figures(stats: Stats, prefix: str = "") -> dict[str, float]:
    ms = sorted(t * 1000 for t in stats.latencies)
    return {
        f"{prefix}p50_ms": statistics.median(ms) if ms else math.nan,
        f"{prefix}p99_ms": percentile(ms, 0.99),
        f"{prefix}max_ms": ms[-1] if ms else math.nan,
    }


def request_figures(run: Run, prefix: str = "") -> dict[str, Any]:
    """The REST requests the bot sent to Discord per interaction it answered: in all, and
    by route (the interaction's own callback included)."""
    answered = len(run.stats.latencies)
    requests: Counter[str] = run.extra["requests"]
    per = {
        route: round(count / answered, 3) if answered else math.nan
        for route, count in requests.most_common()
    }
    total = sum(requests.values()) / answered if answered else math.nan
    return {f"{prefix}requests_per_interaction": total, f"{prefix}requests_by_route": per}


def cpu_ms(run: Run) -> float:
    """The child's CPU milliseconds per interaction it answered."""
    return run.cpu * 1000 / len(run.stats.latencies) if run.stats.latencies else math.nan


def figures(
    tables: int, think: float, bot: Run, floor: Run | None, panel: dict[str, Any] | None
) -> dict[str, Any]:
    """Everything measured, by name (the ``--json`` object)."""
    stats = bot.stats
    base, dealt, end = bot.extra["memory"]
    result: dict[str, Any] = {
        "tables": tables,
        "think_s": think,
        "seconds": round(bot.elapsed, 1),
        "setup_s": round(bot.extra["setup_s"], 1),
        "interactions": stats.answered,
        "interactions_per_s": stats.answered / bot.elapsed,
        "hands": bot.extra["hands"],
        **latency_figures(stats),
        "over_3s": stats.late,
        "deferred": stats.deferred,
        "refused": stats.refused,
        "errors": len(stats.errors) + len(bot.bot_errors),
        "error_samples": (stats.errors + bot.bot_errors)[:5],
        "bot_cpu_share": bot.cpu / bot.elapsed,
        "driver_cpu_share": bot.extra["driver_cpu"] / bot.elapsed,
        "cpu_ms_per_interaction": cpu_ms(bot),
        **request_figures(bot),
        "floor_cpu_ms_per_interaction": math.nan,
        "ratio": math.nan,
        "mib_start": base / 2**20,
        "mib_dealt": dealt / 2**20,
        "mib_end": end / 2**20,
        "kib_per_table_dealt": (dealt - base) / tables / 1024,
        "kib_per_table_end": (end - base) / tables / 1024,
    }
    if panel is not None:
        result["floor_payload_bytes"] = payload_bytes(panel)
    if floor is not None:
        result |= {
            "floor_interactions": floor.stats.answered,
            "floor_interactions_per_s": floor.stats.answered / floor.elapsed,
            **latency_figures(floor.stats, "floor_"),
            "floor_over_3s": floor.stats.late,
            "floor_errors": len(floor.stats.errors) + len(floor.bot_errors),
            "floor_error_samples": (floor.stats.errors + floor.bot_errors)[:5],
            "floor_cpu_ms_per_interaction": cpu_ms(floor),
            **request_figures(floor, "floor_"),
            "ratio": cpu_ms(bot) / cpu_ms(floor),
        }
    soaked: Soak | None = bot.extra["soak"]
    if soaked is not None:
        result |= {
            "soak_warm_tables": soaked.warm_tables,
            "soak_samples": soaked.samples,
            "soak_kib_per_table_per_min": soaked.kib[0],
            "soak_kib_per_table_per_min_by_third": [round(third, 3) for third in soaked.kib[1]],
            "soak_live_blocks_per_table_per_min": soaked.live_blocks[0],
            "soak_live_blocks_per_table_per_min_by_third": [
                round(third, 3) for third in soaked.live_blocks[1]
            ],
        }
    return {key: round(v, 3) if isinstance(v, float) else v for key, v in result.items()}


def p99_of(run: Run) -> float:
    """The p99 latency of a phase, in seconds (nan if nothing was answered)."""
    return percentile(sorted(run.stats.latencies), 0.99)


def rate_of(run: Run) -> float:
    """The interactions a phase answered per second of timed play."""
    return run.stats.answered / run.elapsed


async def shard_phases(
    one: Run, seconds: float, seed: int, think: float, processes: int, database: str | None
) -> list[Run]:
    """The shard processes' phases (see the module's docstring), until one is at the same
    p99 as ``one``, the one process's phase; empty if the processes did not start."""
    phases: list[Run] = []
    tables = one.extra["tables"] * processes
    while len(phases) < SHARD_TRIES:
        measured = await run_bot(tables, seconds, seed, think, None, processes, database)
        if measured is None:
            return []
        phases.append(measured[0])
        if p99_of(measured[0]) <= p99_of(one) * SAME_P99:
            break
        tables = max(processes, round(tables * FEWER))
    return phases


def shard_figures(processes: int, one: Run, phases: list[Run]) -> dict[str, Any]:
    """The shard processes' figures beside one process's: every phase's, those of the best
    rate at the same p99 (else of the last phase), the ratio of that rate to one process's,
    and the errors of every phase."""
    rate = rate_of(one)
    same = [run for run in phases if p99_of(run) <= p99_of(one) * SAME_P99]
    sharded = max(same, key=rate_of) if same else phases[-1]
    sharded_rate = rate_of(sharded)
    result = {
        "processes": processes,
        "shard_phases": [
            {
                "tables": run.extra["tables"],
                "interactions_per_s": round(rate_of(run), 1),
                "p99_ms": round(p99_of(run) * 1000, 1),
            }
            for run in phases
        ],
        "sharded_same_p99": bool(same),
        "sharded_tables": sharded.extra["tables"],
        "sharded_interactions": sharded.stats.answered,
        "sharded_interactions_per_s": sharded_rate,
        **latency_figures(sharded.stats, "sharded_"),
        "sharded_over_3s": sharded.stats.late,
        "sharded_errors": sum(len(run.stats.errors) + len(run.bot_errors) for run in phases),
        "sharded_error_samples": [
            error for run in phases for error in run.stats.errors + run.bot_errors
        ][:5],
        "sharded_cpu_share": sharded.cpu / sharded.elapsed,
        "sharded_driver_cpu_share": sharded.extra["driver_cpu"] / sharded.elapsed,
        "shard_scaling": sharded_rate / rate if rate else math.nan,
    }
    return {key: round(v, 3) if isinstance(v, float) else v for key, v in result.items()}


def print_report(f: dict[str, Any]) -> None:
    """The figures, for people to read."""
    print(
        f"tables: {f['tables']}, two players each, {f['think_s'] * 1000:.0f} ms mean thinking "
        f"per interaction; {f['seconds']:.1f} s of play"
    )
    print(f"set-up (new, join, start, open panels): {f['setup_s']:.1f} s")
    print(
        f"interactions: {f['interactions']} ({f['interactions_per_s']:.0f}/s); "
        f"hands finished: {f['hands']}"
    )
    print(
        f"latency INTERACTION_CREATE → callback: p50 {f['p50_ms']:.1f} ms, "
        f"p99 {f['p99_ms']:.1f} ms, max {f['max_ms']:.1f} ms"
    )
    print(f"answered later than 3 s (set-up included): {f['over_3s']}; deferred: {f['deferred']}")
    print(
        f"CPU busy: bot {f['bot_cpu_share']:.0%} of a core, fake Discord and members "
        f"{f['driver_cpu_share']:.0%}"
    )
    print(f"refused (stale or out of turn): {f['refused']}")
    print(f"errors: {f['errors']} (in members and logged by the bot)")
    for error in f["error_samples"]:
        print("  ", error)
    print(
        f"bot memory: {f['mib_start']:.1f} MiB at start, {f['mib_dealt']:.1f} MiB with the "
        f"tables dealt ({f['kib_per_table_dealt']:.0f} KiB per table), {f['mib_end']:.1f} MiB "
        f"at the end ({f['kib_per_table_end']:.0f} KiB per table)"
    )
    if "soak_kib_per_table_per_min" in f:
        print(
            f"soak: {f['soak_warm_tables']} tables had finished a hand; then, over "
            f"{f['soak_samples']} samples 10 s apart, the bot's memory grew "
            f"{f['soak_kib_per_table_per_min']:.2f} KiB per table per minute (least squares); "
            "by third of the soak: "
            + ", ".join(f"{third:.2f}" for third in f["soak_kib_per_table_per_min_by_third"])
        )
        print(
            "soak: the memory blocks Python holds allocated in the bot (its objects) grew "
            f"{f['soak_live_blocks_per_table_per_min']:.1f} per table per minute; by third: "
            + ", ".join(
                f"{third:.1f}" for third in f["soak_live_blocks_per_table_per_min_by_third"]
            )
        )
    if "floor_interactions" in f:
        print(
            f"floor (bare discord.py bot, one edit of {f['floor_payload_bytes']} bytes): "
            f"{f['floor_interactions']} interactions ({f['floor_interactions_per_s']:.0f}/s), "
            f"p50 {f['floor_p50_ms']:.1f} ms, p99 {f['floor_p99_ms']:.1f} ms, "
            f"errors: {f['floor_errors']}"
        )
        for error in f["floor_error_samples"]:
            print("  ", error)
    print(f"Discord requests per interaction: bot {f['requests_per_interaction']:.2f}", end="")
    if "floor_requests_per_interaction" in f:
        print(f", floor {f['floor_requests_per_interaction']:.2f}", end="")
    print()
    for route, per in f["requests_by_route"].items():
        print(f"   {per:.3f} {route}")
    print(
        f"CPU per interaction: bot {f['cpu_ms_per_interaction']:.2f} ms, floor "
        f"{f['floor_cpu_ms_per_interaction']:.2f} ms, ratio {f['ratio']:.2f} (target ≤ 2.0)"
    )
    if "shard_scaling" in f:
        for phase in f["shard_phases"]:
            print(
                f"{f['processes']} shard processes, {phase['tables']} tables: "
                f"{phase['interactions_per_s']:.1f}/s, p99 {phase['p99_ms']:.1f} ms"
            )
        same = "at the same p99" if f["sharded_same_p99"] else "NOT at the same p99"
        print(
            f"{f['processes']} shard processes, {f['sharded_tables']} tables: "
            f"{f['sharded_interactions']} interactions ({f['sharded_interactions_per_s']:.1f}/s), "
            f"p50 {f['sharded_p50_ms']:.1f} ms, p99 {f['sharded_p99_ms']:.1f} ms, "
            f"max {f['sharded_max_ms']:.1f} ms; later than 3 s: {f['sharded_over_3s']}; "
            f"CPU busy: bots {f['sharded_cpu_share']:.0%} of a core, fake Discord and members "
            f"{f['sharded_driver_cpu_share']:.0%}; errors: {f['sharded_errors']}"
        )
        for error in f["sharded_error_samples"]:
            print("  ", error)
        print(
            f"one process, {f['tables']} tables: {f['interactions_per_s']:.1f}/s, p99 "
            f"{f['p99_ms']:.1f} ms; {f['processes']} processes: "
            f"{f['sharded_interactions_per_s']:.1f}/s, p99 {f['sharded_p99_ms']:.1f} ms; ratio "
            f"{f['shard_scaling']:.2f} {same} (p99 at most {SAME_P99} × one process's; "
            "target ≥ 1.6)"
        )


async def drive(
    tables: int,
    seconds: float,
    seed: int,
    think: float,
    soak_minutes: float | None,
    as_json: bool,
    processes: int = 1,
    database: str | None = None,
) -> int:
    """The phases, then the figures; the exit status (1 on any error)."""
    sys.path.insert(0, str(ROOT))
    measured = await run_bot(tables, seconds, seed, think, soak_minutes, database=database)
    if measured is None:
        return 1
    bot, panel = measured
    floor = None
    if panel is not None and bot.stats.answered and soak_minutes is None:
        floor = await run_floor(tables, panel, bot.stats.answered, bot.elapsed, seed)
    result = figures(tables, think, bot, floor, panel)
    if processes > 1:
        phases = await shard_phases(bot, seconds, seed, think, processes, database)
        if not phases:
            return 1
        result |= shard_figures(processes, bot, phases)
    if as_json:
        nan = [
            key for key, value in result.items() if isinstance(value, float) and math.isnan(value)
        ]
        print(json.dumps(result | dict.fromkeys(nan)))  # nan (nothing measured) as null
    else:
        print_report(result)
    failed = result["errors"] or result.get("floor_errors") or result.get("sharded_errors")
    complete = floor is not None or soak_minutes is not None
    return 0 if complete and not failed else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of two members")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of timed play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a member waits before each click"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--soak-minutes",
        type=float,
        help="play until every table has finished a hand, then this long, sampling memory",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="then also run this many shard processes, each serving --tables tables",
    )
    parser.add_argument(
        "--database", help="the database URL of every bot process (default: a fresh SQLite file)"
    )
    parser.add_argument("--serve-bot", nargs=3, metavar=("API", "GATEWAY", "TOKEN"))
    parser.add_argument("--edit-interval", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.processes < 1 or (args.processes > 1 and args.soak_minutes is not None):
        parser.error("--processes must be 1 or more, and 1 with --soak-minutes")
    from bot.serve import run_loop

    if args.serve_bot:
        with contextlib.suppress(KeyboardInterrupt):
            run_loop(serve_bot(*args.serve_bot, args.edit_interval))
        return 0
    return run_loop(
        drive(
            args.tables,
            args.seconds,
            args.seed,
            args.think,
            args.soak_minutes,
            args.json,
            args.processes,
            args.database,
        )
    )


if __name__ == "__main__":
    sys.exit(main())
