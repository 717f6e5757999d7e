"""One table's deadlines: the turn timer, the turn reminder, the pause between hands,
closing when idle.

``arm`` (after every change) sets each timer for the table's state. A timer that fires
changes the table through ``TableRuntime.transact`` like any click, and the channel is told
in words: an automatic move, a player who will leave for missing turns, a table closed for
inactivity. The reminder changes nothing: it mentions the member the table waits for
(``TableScreens.nudge``), and goes once the table moves on. An error in one timer is logged
by ``Timers`` and stops nothing else.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.client import member_settings
from bot.i18n import text
from bot.render.words import move_text
from bot.tables.table import BETWEEN, CLOSED, MISSED_TURNS_LIMIT, Table
from bot.tables.timers import Timers
from bot.tables.views import moves_since

if TYPE_CHECKING:
    from cogs.tonk.runtime import TableRuntime

TURN, NUDGE, NEXT_HAND, IDLE = "turn", "nudge", "next", "idle"

SHORTEST_NUDGE = 15.0
"""A turn timer under twice this (a fast table, whose players are there) has no reminders:
they would come after a few seconds of every turn."""


class TableDeadlines:
    """The timers of one table, and what happens when they run out."""

    def __init__(self, runtime: TableRuntime) -> None:
        self._runtime = runtime
        self._clock = runtime.host.clock
        self._timing = runtime.host.timing
        self._timers = Timers(self._clock)
        self._armed_turn: tuple[tuple[int, int], float] | None = None
        """The turn the turn timer is set for, and when it runs out (the host may change
        the timer during a turn)."""
        self._armed_nudge: tuple[int, int] | None = None
        self._nudged_at: float | None = None
        self._armed_idle: float | None = None

    def close(self) -> None:
        """The table closed or left this process: no timer runs for it again."""
        self._timers.close()

    def arm(self) -> None:
        """Set the turn timer, next-hand pause and idle timer for the table's state."""
        table = self._runtime.table
        if table.status == CLOSED:
            self.close()
            return
        turn = table.turn_id
        if table.turn_deadline is not None and turn is not None:
            if self._armed_turn != (turn, table.turn_deadline):
                self._armed_turn = (turn, table.turn_deadline)
                self._timers.set(TURN, table.turn_deadline, lambda: self._turn_expired(turn))
        elif self._armed_turn is not None:
            self._armed_turn = None
            self._timers.cancel(TURN)
        self._arm_nudge(table)
        if table.status == BETWEEN:
            if not self._timers.pending(NEXT_HAND):
                hand = table.hand_number
                deadline = self._clock.now() + self._timing.next_hand_delay
                self._timers.set(NEXT_HAND, deadline, lambda: self._deal_next(hand))
        else:
            self._timers.cancel(NEXT_HAND)
        idle = table.last_activity + self._timing.idle_timeout
        if self._armed_idle != idle:
            self._armed_idle = idle
            self._timers.set(IDLE, idle, self._idle)

    def rearm(self) -> None:
        """Set every timer again (after a change that could not be saved)."""
        self._armed_turn = self._armed_nudge = self._armed_idle = None
        self._timers.cancel_all()
        self.arm()

    def _arm_nudge(self, table: Table) -> None:
        """Once per turn of a member (not a computer player), a reminder after
        ``Timing.nudge_after`` without a move (none at a fast table, see
        :data:`SHORTEST_NUDGE`); the reminder goes at the next change."""
        if self._nudged_at is None and table.reminder_id is not None:
            self._runtime.screens.drop_nudge()  # posted before a restart
        elif self._nudged_at is not None and table.last_activity > self._nudged_at:
            self._nudged_at = None
            self._runtime.screens.drop_nudge()
        turn = table.turn_id
        user_id = table.to_act_id
        if (
            turn is None
            or user_id is None
            or table.bot_level(user_id) is not None
            or (table.turn_timeout is not None and table.turn_timeout < 2 * SHORTEST_NUDGE)
        ):
            if self._armed_nudge is not None:
                self._armed_nudge = None
                self._timers.cancel(NUDGE)
            return
        if self._armed_nudge != turn:
            self._armed_nudge = turn
            self._timers.set(NUDGE, self._nudge_time(table), lambda: self._nudge(turn))

    def _nudge_time(self, table: Table) -> float:
        """When the member to act is reminded: ``nudge_after`` after the table's last
        change, and no later than halfway to the turn's deadline."""
        due = table.last_activity + self._timing.nudge_after
        if table.turn_deadline is None:
            return due
        return min(due, (table.last_activity + table.turn_deadline) / 2)

    async def _nudge(self, turn: tuple[int, int]) -> None:
        """Remind the member to act, if the table still waits for them since long enough
        and neither the server (``/tonk config set``) nor they (``/tonk me set``) turned
        reminders off."""
        table = self._runtime.table
        if table.turn_id != turn:
            return
        due = self._nudge_time(table)
        if self._clock.now() < due:  # they moved meanwhile (a draw): wait from that move
            self._timers.set(NUDGE, due, lambda: self._nudge(turn))
            return
        user_id = table.to_act_id
        bot = self._runtime.host.bot
        if (
            user_id is None
            or table.guild_id in bot.quiet_guilds
            or not member_settings(bot, table.guild_id, user_id).reminders
        ):
            return
        self._nudged_at = table.last_activity
        self._runtime.screens.nudge(user_id)

    async def _turn_expired(self, turn: tuple[int, int]) -> None:
        """The player to act ran out of time: play for them and tell the channel how."""
        self._armed_turn = None
        table = self._runtime.table
        user_id = table.to_act_id
        if user_id is None or table.hand is None:
            return
        first = len(table.hand.log)
        missed = table.missed.get(user_id, 0) + 1
        done = await self._runtime.transact(lambda t: t.expire_turn(turn, self._clock.now()))
        if done is None or not done.value:
            return
        table = self._runtime.table
        assert table.hand is not None
        player = table.name_of(user_id)
        mine = moves_since(table, table.hand, first)[: len(done.value)]
        moves = "; ".join(move_text(replace(m, auto=False), table.locale) for m in mine)
        screens = self._runtime.screens
        screens.notice(text("table.notice.timeout", table.locale, player=player, moves=moves))
        if missed >= MISSED_TURNS_LIMIT:
            screens.notice(text("table.notice.missed_out", table.locale, player=player))

    async def _deal_next(self, hand: int) -> None:
        """The pause after a hand is over: deal the next one."""
        table = self._runtime.table
        if table.status == BETWEEN and table.hand_number == hand:
            await self._runtime.transact(lambda t: t.next_hand(self._clock.now()))

    async def _idle(self) -> None:
        """Close the table after ``idle_timeout`` without activity."""
        self._armed_idle = None
        table = self._runtime.table
        if self._clock.now() < table.last_activity + self._timing.idle_timeout:
            self.arm()
            return
        if await self._runtime.transact(lambda t: t.shut()) is not None:
            minutes = round(self._timing.idle_timeout / 60)
            self._runtime.screens.notice(text("table.notice.idle", table.locale, minutes=minutes))
