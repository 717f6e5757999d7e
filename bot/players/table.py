"""Playing one hand with computer players (and people, through the same protocol).

``play_hand`` is the referee: it asks whichever seat must act for its move through its
``SeatView`` (never the hand itself), offers out-of-turn slaps (O43), applies every move with
``Hand.act`` and stops at a cap on actions. The cap exists because the rules allow a hand that
never ends: players may go on taking and re-discarding the same card (``baseline`` does, when
the card pairs with one it holds), and once the stock is empty play goes on as long as each
player takes the discard (S10); slaps can pass a card around too. A capped hand is scored as
a dead hand.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Action, Hand, seat_view
from bot.engine.actions import START
from bot.engine.rules import Slap
from bot.engine.settle import Result
from bot.players.protocol import Player

MAX_ACTIONS = 400
"""Far more than a hand needs (a 7-card hand to an empty stock takes about 150 actions)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One answer of a player: the seat, the move (None: let a slap go) and the time taken."""

    seat: int
    action: Action | None
    seconds: float


@dataclass(frozen=True, slots=True)
class Played:
    """How a hand went: its result (None when capped) and every decision made."""

    result: Result | None
    decisions: tuple[Decision, ...]

    @property
    def capped(self) -> bool:
        return self.result is None


def unique_names(names: Sequence[str]) -> list[str]:
    """The names with a seat number added to any that appears twice: ``baseline2``."""
    return [n if names.count(n) == 1 else f"{n}{seat + 1}" for seat, n in enumerate(names)]


def slappers(hand: Hand) -> list[int]:
    """The seats that may slap the top discard now, nearest the player to act first."""
    if hand.rules.slap == Slap.OFF or hand.phase is not START:
        return []
    order = [(hand.to_act + i) % hand.n for i in range(hand.n)]
    return [s for s in order if hand.legal_moves(s).slaps]


def play_hand(hand: Hand, players: Sequence[Player], max_actions: int = MAX_ACTIONS) -> Played:
    """Play ``hand`` to its end with ``players[seat]`` deciding for each seat."""
    decisions: list[Decision] = []

    def ask(seat: int, slap: bool) -> Action | None:
        view = seat_view(hand, seat)
        started = time.perf_counter()
        action = players[seat].slap(view) if slap else players[seat].choose(view)
        decisions.append(Decision(seat, action, time.perf_counter() - started))
        return action

    actions = 0
    while not hand.over and actions < max_actions:
        move = None
        for seat in slappers(hand):
            move = ask(seat, slap=True)
            if move is not None:
                break
        if move is None:
            actor = hand.actor
            assert actor is not None, "a hand in play always has a seat to act"
            move = ask(actor, slap=False)
        assert move is not None
        hand.act(move)
        actions += 1
    return Played(hand.result, tuple(decisions))
