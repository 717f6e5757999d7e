"""Computer players at Discord tables: the driver that plays their moves.

``ComputerSeats.poke`` is called after every change to its table. When a computer seat must
act (its turn, or a slap's extra discard) or may slap, the table's one task waits a short,
natural pause, asks the seat's player for its move in a worker thread (it sees only its
``SeatView``, never the hand) and plays it through ``TableRuntime.transact`` like any click.
A move decided on a version that has moved on meanwhile (a person was quicker) is dropped
and asked again. A move the engine refuses, or a player that fails to decide, is replaced by
the automatic move, so a computer seat is never stuck.
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from bot.engine.actions import Action
from bot.engine.errors import IllegalAction
from bot.engine.view import seat_view
from bot.players.protocol import Player
from bot.players.registry import make_player
from bot.players.table import slappers
from bot.tables.autoplay import auto_action
from bot.tables.table import PLAYING, Table

if TYPE_CHECKING:
    from cogs.tonk.runtime import TableRuntime

log = logging.getLogger(__name__)

PAUSE_SPREAD = (0.6, 1.4)
"""The pause before a move is ``Timing.bot_pause`` times a random factor in this range."""


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A computer seat that must act (``slap`` False) or may slap now."""

    user_id: int
    seat: int
    slap: bool


def next_bot_turn(table: Table, declined: frozenset[int] = frozenset()) -> BotTurn | None:
    """The computer seat to ask for a move now, if any: a slapper first (nearest the player to
    act, except the seats in ``declined``, which let this discard go), else the seat that
    must act. Seats standing up are played automatically by the table, not asked."""
    hand = table.hand
    if table.status != PLAYING or hand is None or hand.over:
        return None
    players = table.hand_players

    def asks(seat: int) -> bool:
        user_id = players[seat]
        return table.is_bot(user_id) and user_id not in table.leaving

    for seat in slappers(hand):
        if asks(seat) and seat not in declined:
            return BotTurn(players[seat], seat, slap=True)
    actor = hand.actor
    if actor is None or not asks(actor):
        return None
    return BotTurn(players[actor], actor, slap=False)


class ComputerSeats:
    """Plays one table's computer seats, one move at a time, in one task."""

    def __init__(self, runtime: TableRuntime) -> None:
        self._runtime = runtime
        self._timing = runtime.host.timing
        self._rng = runtime.host.bot_rng
        self._players: dict[int, Player] = {}
        self._declined: tuple[int, frozenset[int]] = (-1, frozenset())
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        """Whether a computer player is about to move."""
        return self._task is not None and not self._task.done()

    async def idle(self) -> None:
        """Wait until no computer player of the table is about to move."""
        while self._task is not None and not self._task.done():
            await asyncio.gather(self._task, return_exceptions=True)

    def poke(self) -> None:
        """The table changed: start the task if a computer seat is to move."""
        if self.busy:
            return  # the running task looks again after its move
        if next_bot_turn(self._runtime.table, self._declined_now()) is not None:
            self._task = asyncio.create_task(self._drive(), name=f"bots {self._runtime.table.id}")

    def close(self) -> None:
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None

    async def _drive(self) -> None:
        """Move for the computer seats until a person is to act or the hand ends."""
        try:
            while (turn := next_bot_turn(self._runtime.table, self._declined_now())) is not None:
                version = self._runtime.table.version
                await asyncio.sleep(self._timing.bot_pause * self._rng.uniform(*PAUSE_SPREAD))
                if not await self._move(turn, version):
                    return
        except Exception:
            log.exception("the computer players of table %s stopped", self._runtime.table.id)

    async def _move(self, turn: BotTurn, version: int) -> bool:
        """Ask the seat for its move at ``version`` and play it; False when the seat can't
        move now (the task ends; the next change pokes it again)."""
        table = self._runtime.table
        if table.version != version or table.hand is None:
            return True
        player = self._player(table, turn.user_id)
        if player is None:
            return False
        decide = player.slap if turn.slap else player.choose
        try:
            action = await asyncio.to_thread(decide, seat_view(table.hand, turn.seat))
        except Exception:
            log.exception("%s could not decide; it plays the automatic move", player.level)
            action = auto_action(table.hand, turn.seat)
        if self._runtime.table.version != version:
            return True
        if action is None:
            self._decline(version, turn.seat)
            return True
        done = await self._runtime.transact(partial(self._act, version, turn, action))
        if done is None:
            return False  # not saved: the runtime looks again later
        if done.value or self._runtime.table.version != version:
            return True
        if turn.slap:
            self._decline(version, turn.seat)
            return True
        return False

    def _act(self, version: int, turn: BotTurn, action: Action, table: Table) -> bool:
        """Play ``action`` if the table is still at ``version``; a move the engine refuses
        (a player's bug) is replaced by the automatic move. Whether a move was played."""
        if table.version != version or table.hand is None:
            return False
        now = self._runtime.host.clock.now()
        try:
            table.act(turn.user_id, action.kind, now, action.cards, action.spread)
        except IllegalAction:
            log.exception("%s's move %s was refused", table.name_of(turn.user_id), action)
            fallback = auto_action(table.hand, turn.seat)
            if fallback is None:
                return False
            table.act(turn.user_id, fallback.kind, now, fallback.cards, fallback.spread)
        return True

    def _player(self, table: Table, user_id: int) -> Player | None:
        """The computer player of the seat (made on its first move), None if it left."""
        level = table.bot_level(user_id)
        if level is None:
            return None
        player = self._players.get(user_id)
        if player is None or player.level != level:
            player = self._players[user_id] = make_player(level, random.Random(self._rng.random()))
        return player

    def _decline(self, version: int, seat: int) -> None:
        """The seat lets the current discard go without slapping."""
        self._declined = (version, self._declined_now() | {seat})

    def _declined_now(self) -> frozenset[int]:
        """The computer seats that let the current discard go without slapping."""
        version, seats = self._declined
        return seats if version == self._runtime.table.version else frozenset()
