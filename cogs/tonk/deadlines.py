"""Deadlines that keep tables moving: the turn timer, the pause between hands, idle tables.

``arm`` (called after every change) sets each table's timers for its state. When a timer
fires, its change is applied under the table's lock like any other (commit, then messages
and timers), and the channel is told in words: an automatic move, a player who will leave
for missing turns, a table closed for inactivity. An error in one timer is logged by
``Timers`` and stops no other table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from bot.config import Timing
from bot.engine.rules import RulesError
from bot.i18n import text
from bot.render.words import move_text
from bot.tables.errors import TableError, refusal_message
from bot.tables.registry import TableRegistry
from bot.tables.table import BETWEEN, CLOSED, MISSED_TURNS_LIMIT, Table
from bot.tables.timers import Clock, Timers
from bot.tables.views import moves_since
from cogs.tonk.messages import TableMessages

T = TypeVar("T")
TURN, NEXT_HAND, IDLE = "turn", "next", "idle"


def finished_hands(table: Table) -> int:
    """How many hands the table has finished (to notice that one just ended)."""
    return table.last_hand.number if table.last_hand else 0


class Deadlines:
    """Every table's timers, and what happens when they run out."""

    def __init__(
        self, registry: TableRegistry, clock: Clock, timing: Timing, messages: TableMessages
    ) -> None:
        self.registry = registry
        self.clock = clock
        self.timing = timing
        self.messages = messages
        self.timers = Timers(clock)
        self._armed_turn: dict[int, tuple[int, int]] = {}
        self._armed_idle: dict[int, float] = {}
        self.wake: Callable[[Table], None] = lambda table: None
        """Called at every ``arm``: wakes the table's computer players (``BotDriver.poke``)."""

    def close(self) -> None:
        self.timers.cancel_all()

    def arm(self, table: Table) -> None:
        """Set the table's turn timer, next-hand pause and idle timer for its state."""
        self.wake(table)
        key = table.id
        if table.status == CLOSED:
            for kind in (TURN, NEXT_HAND, IDLE):
                self.timers.cancel((kind, key))
            self._armed_turn.pop(key, None)
            self._armed_idle.pop(key, None)
            return
        turn = table.turn_id
        if table.turn_deadline is not None and turn is not None:
            if self._armed_turn.get(key) != turn:
                self._armed_turn[key] = turn
                self.timers.set(
                    (TURN, key), table.turn_deadline, lambda: self._turn_expired(table, turn)
                )
        elif self._armed_turn.pop(key, None) is not None:
            self.timers.cancel((TURN, key))
        if table.status == BETWEEN:
            if not self.timers.pending((NEXT_HAND, key)):
                hand = table.hand_number
                deadline = self.clock.now() + self.timing.next_hand_delay
                self.timers.set((NEXT_HAND, key), deadline, lambda: self._deal_next(table, hand))
        else:
            self.timers.cancel((NEXT_HAND, key))
        idle = table.last_activity + self.timing.idle_timeout
        if self._armed_idle.get(key) != idle:
            self._armed_idle[key] = idle
            self.timers.set((IDLE, key), idle, lambda: self._idle(table))

    async def apply(self, table: Table, op: Callable[[], T]) -> tuple[bool, T | None]:
        """A change without an interaction (a timer's, a computer player's) to a table still
        open: (applied, what ``op`` returned)."""
        async with self.registry.lock(table.id):
            if self.registry.get(table.id) is not table or table.status == CLOSED:
                return False, None
            finished = finished_hands(table)
            try:
                outcome = op()
            except (TableError, RulesError) as refusal:
                self.messages.notice(table, refusal_message(refusal, table.locale))
                return False, None
            await self.registry.save(table)
            if finished_hands(table) > finished:
                self.messages.hand_finished(table)
        self.messages.sync(table)
        self.arm(table)
        return True, outcome

    async def _turn_expired(self, table: Table, turn: tuple[int, int]) -> None:
        """The player to act ran out of time: play for them and tell the channel how."""
        self._armed_turn.pop(table.id, None)
        user_id = table.to_act_id
        if user_id is None or table.hand is None:
            return
        hand = table.hand
        first = len(hand.log)
        missed = table.missed.get(user_id, 0) + 1
        applied, played = await self.apply(table, lambda: table.expire_turn(turn, self.clock.now()))
        if not applied or not played:
            return
        player = table.name_of(user_id)
        mine = moves_since(table, hand, first)[: len(played)]
        moves = "; ".join(move_text(replace(m, auto=False), table.locale) for m in mine)
        self.messages.notice(
            table, text("table.notice.timeout", table.locale, player=player, moves=moves)
        )
        if missed >= MISSED_TURNS_LIMIT:
            self.messages.notice(
                table, text("table.notice.missed_out", table.locale, player=player)
            )

    async def _deal_next(self, table: Table, hand: int) -> None:
        """The pause after a hand is over: deal the next one."""
        if table.status == BETWEEN and table.hand_number == hand:
            await self.apply(table, lambda: table.next_hand(self.clock.now()))

    async def _idle(self, table: Table) -> None:
        """Close the table after ``idle_timeout`` without activity."""
        self._armed_idle.pop(table.id, None)
        if self.clock.now() < table.last_activity + self.timing.idle_timeout:
            self.arm(table)
            return
        applied, _ = await self.apply(table, table.expire)
        if applied:
            minutes = round(self.timing.idle_timeout / 60)
            self.messages.notice(table, text("table.notice.idle", table.locale, minutes=minutes))
