"""Computer players at Discord tables: the driver that plays their moves.

``BotDriver.poke`` is called after every change to a table (``Deadlines.arm``). When a
computer seat must act (its turn, or a slap's extra discard) or may slap, one task per table
waits a short, natural pause, asks the seat's player for its move in a worker thread (it sees
only its ``SeatView``, never the hand) and applies the move like any timer's change: under
the table's lock, committed, then messages and timers brought up to date. A move decided on
a version that has moved on meanwhile (a person was quicker) is dropped and asked again.
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass
from functools import partial

from bot.config import Timing
from bot.engine.actions import Action
from bot.engine.errors import IllegalAction
from bot.engine.view import seat_view
from bot.players import Player, make_player
from bot.players.table import slappers
from bot.tables.autoplay import auto_action
from bot.tables.table import CLOSED, PLAYING, Table
from bot.tables.timers import Clock
from cogs.tonk.deadlines import Deadlines

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


class BotDriver:
    """Plays the computer seats of every table, one task per table at a time."""

    def __init__(
        self, deadlines: Deadlines, clock: Clock, timing: Timing, rng: random.Random | None = None
    ) -> None:
        self.deadlines = deadlines
        self.clock = clock
        self.timing = timing
        self.rng = rng or random.Random()
        self._players: dict[tuple[int, int], Player] = {}
        self._declined: dict[int, tuple[int, frozenset[int]]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def poke(self, table: Table) -> None:
        """The table changed: start its computer players' task if one of them is to move."""
        if table.status == CLOSED:
            self._forget(table.id)
            return
        task = self._tasks.get(table.id)
        if task is not None and not task.done():
            return  # the running task looks again after its move
        if next_bot_turn(table, self._declined_at(table)) is not None:
            self._tasks[table.id] = asyncio.create_task(self._drive(table))

    async def idle(self) -> None:
        """Wait until no computer player is about to move (for tests and shutdown)."""
        while running := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    def close(self) -> None:
        """Stop every table's task (the cog is unloading)."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    async def _drive(self, table: Table) -> None:
        """Move for the table's computer seats until a person is to act or the hand ends."""
        try:
            while (turn := next_bot_turn(table, self._declined_at(table))) is not None:
                version = table.version
                await asyncio.sleep(self.timing.bot_pause * self.rng.uniform(*PAUSE_SPREAD))
                if table.version != version or table.hand is None:
                    continue
                player = self._player(table, turn.user_id)
                if player is None:
                    return
                view = seat_view(table.hand, turn.seat)
                decide = player.slap if turn.slap else player.choose
                action = await asyncio.to_thread(decide, view)
                if table.version != version:
                    continue
                if action is None:
                    declined = self._declined_at(table) | {turn.seat}
                    self._declined[table.id] = (version, declined)
                    continue
                await self.deadlines.apply(table, partial(self._act, table, version, turn, action))
                if table.version == version:  # refused and nothing to play instead
                    if not turn.slap:
                        return
                    self._declined[table.id] = (version, self._declined_at(table) | {turn.seat})
        except Exception:
            log.exception("the computer players of table %s stopped", table.id)

    def _act(self, table: Table, version: int, turn: BotTurn, action: Action) -> None:
        """Play ``action`` if the table is still at ``version`` (under the table's lock); a
        move the engine refuses (a player's bug) is replaced by the automatic move, if any."""
        if table.version != version or table.hand is None:
            return
        now = self.clock.now()
        try:
            table.act(turn.user_id, action.kind, now, action.cards, action.spread)
        except IllegalAction:
            log.exception("%s's move %s was refused", table.name_of(turn.user_id), action)
            fallback = auto_action(table.hand, turn.seat)
            if fallback is not None:
                table.act(turn.user_id, fallback.kind, now, fallback.cards, fallback.spread)

    def _player(self, table: Table, user_id: int) -> Player | None:
        """The computer player of the seat (made on its first move), None if it left."""
        level = table.bot_level(user_id)
        if level is None:
            return None
        key = (table.id, user_id)
        player = self._players.get(key)
        if player is None or player.level != level:
            player = self._players[key] = make_player(level, random.Random(self.rng.random()))
        return player

    def _declined_at(self, table: Table) -> frozenset[int]:
        """The computer seats that let the current discard go without slapping."""
        version, seats = self._declined.get(table.id, (-1, frozenset()))
        return seats if version == table.version else frozenset()

    def _forget(self, table_id: int) -> None:
        task = self._tasks.pop(table_id, None)
        if task is not None and not task.done():
            task.cancel()
        self._declined.pop(table_id, None)
        self._players = {k: p for k, p in self._players.items() if k[0] != table_id}
