"""The tables open in this process: each one's ``TableRuntime``, by id and by channel, and
what they share (the bot, the clock, the timings, the edit coalescer, background sends).

A channel has at most one open table: it is claimed before the new table is committed, so
two ``/tonk new`` at once in one channel open one table.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Coroutine, Iterator
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.client import discord_busy, failure_text
from bot.config import Timing
from bot.metrics import Metrics, Snapshot
from bot.tables.errors import TableError
from bot.tables.ledger import Journal, Ledger
from bot.tables.table import Table
from bot.tables.timers import Clock
from cogs.tonk.budget import RequestBudget
from cogs.tonk.coalesce import Coalescer
from cogs.tonk.runtime import TableRuntime

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f} ms"


def status_line(snapshot: Snapshot) -> str:
    """The figures as one log line."""
    return (
        f"status: {snapshot.open_tables} open tables; {snapshot.interactions_per_s:.1f} "
        f"interactions/s (answered p50 {_ms(snapshot.answer_p50_ms)}, p99 "
        f"{_ms(snapshot.answer_p99_ms)}, {snapshot.late} late, {snapshot.gone} too late for "
        f"Discord); {snapshot.commits} commits "
        f"(p50 {_ms(snapshot.commit_p50_ms)}, p99 {_ms(snapshot.commit_p99_ms)}, "
        f"{snapshot.failed_commits} failed) in the last {snapshot.window:.0f} s"
    )


class OpenTables:
    """Every open table's runtime, and what the runtimes share."""

    def __init__(
        self,
        bot: TonkBot,
        journal: Journal,
        clock: Clock,
        timing: Timing,
        metrics: Metrics,
        bot_rng: random.Random | None = None,
        share: float = 1.0,
    ) -> None:
        self.bot = bot
        self.journal = journal
        self.clock = clock
        self.timing = timing
        self.metrics = metrics
        self.bot_rng = bot_rng or random.Random()
        """Seeds each computer player and times its pauses."""
        self.updates = Coalescer(timing.edit_interval)
        rate = timing.channel_requests_per_s * share
        self.channel_budget = RequestBudget(rate, burst=max(1, round(rate)))
        """Edits of table messages and DMs, all tables together (``share``: this process's
        part of the bot's shards)."""
        self.dm_channels: dict[int, int] = {}
        """Each player's DM channel id, by user id, once the bot opened it."""
        self._by_id: dict[int, TableRuntime] = {}
        self._by_channel: dict[int, TableRuntime] = {}
        self._claimed: set[int] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
        self._reporter: asyncio.Task[None] | None = None

    def __iter__(self) -> Iterator[TableRuntime]:
        return iter(list(self._by_id.values()))

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, table_id: int) -> TableRuntime | None:
        return self._by_id.get(table_id)

    def in_channel(self, channel_id: int) -> TableRuntime | None:
        return self._by_channel.get(channel_id)

    async def open(self, table: Table) -> TableRuntime:
        """Commit a new table and run it; ``TableError`` when its channel has one."""
        channel = table.channel_id
        if channel in self._by_channel or channel in self._claimed:
            raise TableError("channel_taken")
        self._claimed.add(channel)
        try:
            ledger = await self.journal.create(table)
        finally:
            self._claimed.discard(channel)
        return self.adopt(ledger)

    def adopt(self, ledger: Ledger) -> TableRuntime:
        """Run a committed table (a new one, or one restored after a restart)."""
        runtime = TableRuntime(self, ledger)
        self._by_id[ledger.table.id] = runtime
        self._by_channel[ledger.table.channel_id] = runtime
        return runtime

    def forget(self, runtime: TableRuntime) -> None:
        """The table closed: it is no longer open here."""
        table = runtime.table
        if self._by_id.get(table.id) is runtime:
            del self._by_id[table.id]
        if self._by_channel.get(table.channel_id) is runtime:
            del self._by_channel[table.channel_id]

    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        """Send something in the background (a notice, a deletion); failures are logged.
        Nothing is sent once the tables are closed (the bot is shutting down)."""
        if self._closed:
            coroutine.close()
            return
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    async def drain(self) -> None:
        """Wait until every pending edit and notice is done (for tests and shutdown)."""
        while self.updates.busy() or self._tasks:
            await self.updates.drain()
            if self._tasks:
                await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def computer_players_idle(self) -> None:
        """Wait until no computer player is about to move (for tests)."""
        while busy := [runtime for runtime in self if runtime.seats.busy]:
            await asyncio.gather(*(runtime.seats.idle() for runtime in busy))

    def status(self) -> Snapshot:
        """This process's figures over the last minute."""
        return self.metrics.snapshot(len(self))

    def report_every(self, seconds: float) -> None:
        """Log this process's figures every ``seconds`` (for operators watching the logs)."""
        self._reporter = asyncio.create_task(self._report(seconds), name="status report")

    async def _report(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            log.info("%s", status_line(self.status()))

    async def keep_dms(self) -> None:
        """Every table keeps what its players' DMs show (``TableRuntime.keep_dms``), its
        commit grouped with the others'."""
        await asyncio.gather(*(runtime.keep_dms() for runtime in self))

    def close(self) -> None:
        """Stop every table's timers, computer players and pending edits, and the status
        report (the cog unloads); the tables stay committed and come back with the next
        start. Nothing of theirs is sent or run from then on."""
        self._closed = True
        if self._reporter is not None:
            self._reporter.cancel()
        for runtime in self:
            runtime.deadlines.close()
            runtime.seats.close()
            runtime.screens.close()
        self.updates.close()
        for task in self._tasks:
            task.cancel()

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if isinstance(error, discord.Forbidden | discord.NotFound):
            log.warning(
                "a notice or deletion was refused by Discord (%s): its channel is gone, or "
                "the bot lacks a permission there",
                error.text,
            )
        elif discord_busy(error) or isinstance(error, aiohttp.ClientConnectionError):
            log.warning(
                "a notice or deletion was lost: Discord did not take it (%s)", failure_text(error)
            )
        elif error is not None:
            log.error("a message could not be sent", exc_info=error)
