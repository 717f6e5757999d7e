"""One open table in this process, and the one way anything changes it.

``TableRuntime`` owns everything a table has while it is open here: the ``Table`` (through
its ``Ledger``, which knows the last committed state), its lock, its timers
(``TableDeadlines``), its computer players (``ComputerSeats``) and its messages, DMs and
panels (``TableScreens``). ``close`` drops all of them at once.

``transact`` is the only way a table changes, whoever asks (a slash command, a button, a
timer, a computer player): under the table's lock the operation is checked and applied; a
``Refusal`` (a ``TableError``, the engine's ``IllegalAction``, a ``RulesError``) changes
nothing and is explained in the reader's words; an accepted change is committed before
anyone is answered; a commit that fails puts the last committed table back (a new object,
from the ledger) and says the move could not be saved; one that another process committed
first drops the table from this process (see ``_commit``). After the lock is released the
messages, timers and computer players catch up.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

import discord

from bot.client import answer, locale_of, refusal_text
from bot.i18n import text
from bot.i18n.refusal import Refusal
from bot.store import StaleVersion, TableNotOpen
from bot.tables.errors import TableError
from bot.tables.ledger import Ledger
from bot.tables.table import CLOSED, Table
from cogs.tonk.bots import ComputerSeats
from cogs.tonk.deadlines import TableDeadlines
from cogs.tonk.screens import TableScreens

if TYPE_CHECKING:
    from cogs.tonk.open_tables import OpenTables

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Done(Generic[T]):
    """A change that was applied and committed, with what the operation returned."""

    value: T


def discord_ids(table: Table) -> tuple[object, ...]:
    """The ids of the table's Discord messages that are part of its state: the table
    message, the turn reminder, the announcement and the players' DMs (and who has none)."""
    return (
        table.message_id,
        table.reminder_id,
        table.announcement_id,
        tuple(sorted(table.direct_messages.items())),
        tuple(sorted(table.dm_refused)),
    )


def finished_hands(table: Table) -> int:
    """How many hands the table has finished (to notice that one just ended)."""
    return table.last_hand.number if table.last_hand else 0


class TableRuntime:
    """One open table: its state, lock, timers, computer players and messages."""

    def __init__(self, host: OpenTables, ledger: Ledger) -> None:
        self.host = host
        self.ledger = ledger
        self.lock = asyncio.Lock()
        self._ids_committed = discord_ids(ledger.table)
        self.screens = TableScreens(self)
        self.deadlines = TableDeadlines(self)
        self.seats = ComputerSeats(self)
        self._retry: asyncio.TimerHandle | None = None

    @property
    def table(self) -> Table:
        """The table as it is now (a new object after a rollback: never keep it)."""
        return self.ledger.table

    async def transact(
        self,
        op: Callable[[Table], T],
        *,
        interaction: discord.Interaction | None = None,
        reply: Callable[[T], Awaitable[None]] | None = None,
        refuse: Callable[[str], Awaitable[None]] | None = None,
        except_panel: int | None = None,
    ) -> Done[T] | None:
        """Apply ``op`` to the table under its lock, commit, ``reply``, then bring messages,
        timers and computer players up to date (except the panel of ``except_panel``, which
        the reply showed). None when the change was refused or could not be saved: then the
        table is exactly as last committed, and the member (``interaction``, through
        ``refuse`` if given) or else the channel was told why."""
        async with self.lock:
            table = self.table
            finished = finished_hands(table)
            try:
                if table.status == CLOSED:
                    raise TableError("table_closed")
                outcome = op(table)
            except Refusal as refusal:
                await self._refused(refusal, interaction, refuse)
                return None
            except Exception:
                self.ledger.rollback()
                raise
            if not await self._commit(interaction):
                return None
            if finished_hands(self.table) > finished:
                self.screens.hand_finished()
            if reply is not None:
                await reply(outcome)
            await self.commit_message()
        self.after_change(except_panel=except_panel)
        return Done(outcome)

    async def post_table_message(self, interaction: discord.Interaction | None) -> None:
        """Answer ``interaction`` with a new table message (None: post it in the table's
        channel), the old one going, and commit its id; then everything else catches up."""
        async with self.lock:
            await self.screens.post_table_message(interaction)
            await self.commit_message()
        self.after_change()

    async def commit_message(self) -> None:
        """Commit the new id of the table message, turn reminder or announcement, if one
        changed (under the lock)."""
        if discord_ids(self.table) == self._ids_committed or self.table.status == CLOSED:
            return
        try:
            await self.ledger.commit()
        except Exception:
            log.warning("table %d: its messages' ids are not saved yet", self.table.id)
            return
        self._ids_committed = discord_ids(self.table)

    async def keep_dms(self) -> None:
        """Before the bot stops: the table keeps what each player's DM shows (a digest),
        so that after a restart a DM whose text would not change is not edited."""
        async with self.lock:
            if self.table.status != CLOSED:
                self.table.direct_messages = self.screens.shown_dms()
                await self.commit_message()

    def after_change(self, *, except_panel: int | None = None) -> None:
        """Messages, timers and computer players catch up with the table; a closed table
        is dropped once its messages say so."""
        self.screens.sync(except_panel=except_panel)
        if self.table.status == CLOSED:
            self.close()
            return
        self.deadlines.arm()
        self.seats.poke()

    def close(self) -> None:
        """Drop the table from this process: timers, computer players, pending retries, and
        the turn reminder's message."""
        self.host.forget(self)
        self.screens.drop_nudge()
        self.deadlines.close()
        self.seats.close()
        self.screens.close()
        if self._retry is not None:
            self._retry.cancel()

    async def _refused(
        self,
        refusal: Refusal,
        interaction: discord.Interaction | None,
        refuse: Callable[[str], Awaitable[None]] | None,
    ) -> None:
        if interaction is None:
            self.screens.notice(refusal.message(self.table.locale, self.host.bot.command_id))
            return
        sentence = refusal_text(refusal, interaction)
        await (refuse(sentence) if refuse else answer(interaction, sentence))

    async def _commit(self, interaction: discord.Interaction | None) -> bool:
        """Commit the table's new state; when that fails, put the last committed state back
        and say so (to the member, or try the timers and computer players again later).

        When another process committed or closed the table first (``StaleVersion``,
        ``TableNotOpen``: it serves the table now), the table is dropped from this process
        and the member told so; nothing here writes it again."""
        started = time.perf_counter()
        try:
            await self.ledger.commit()
        except (StaleVersion, TableNotOpen) as conflict:
            self.host.metrics.committed(time.perf_counter() - started, ok=False)
            log.warning("table %d is no longer ours (%s): dropped here", self.table.id, conflict)
            self.ledger.rollback()
            self.close()
            if interaction is not None:
                locale = locale_of(interaction)
                await answer(interaction, text("table.refusal.served_elsewhere", locale))
            return False
        except Exception:
            self.host.metrics.committed(time.perf_counter() - started, ok=False)
            log.exception("table %d: the change could not be saved", self.table.id)
            self.ledger.rollback()
            if interaction is not None:
                await answer(interaction, text("table.refusal.not_saved", locale_of(interaction)))
            else:
                self._retry_later()
            return False
        self.host.metrics.committed(time.perf_counter() - started)
        self._ids_committed = discord_ids(self.table)
        return True

    def _retry_later(self) -> None:
        """A timer's or computer player's change could not be saved: look again later."""
        if self._retry is not None:
            self._retry.cancel()
        loop = asyncio.get_running_loop()
        self._retry = loop.call_later(self.host.timing.retry_delay, self._look_again)

    def _look_again(self) -> None:
        self._retry = None
        self.deadlines.rearm()
        self.seats.poke()
