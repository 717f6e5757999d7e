"""Advice: the move the strongest computer player would make in a person's seat.

The adviser is a computer player like the others: it sees only the ``SeatView`` of the seat
it advises (that person's own cards and what the whole table saw), never another hand or the
stock, so its advice tells the person nothing they could not know. Seeded by the caller, it
gives the same advice for the same view and seed (a double click gets the same advice twice).
"""

from __future__ import annotations

import random

from bot.engine import Action, SeatView
from bot.players.levels import ADVISER
from bot.players.registry import make_player


def advise(view: SeatView, seed: str) -> Action | None:
    """The move ``ADVISER`` would make for ``view.seat``, which must act now (its turn, or a
    slap's extra discard) or may slap the card just discarded (O43): a slap first, where
    the adviser would slap it, else the seat's move; None for a seat that need not act and
    would let the card go (its own discard, which earns no extra discard). It takes the
    adviser up to tens of milliseconds: call it from a worker thread in an event loop."""
    adviser = make_player(ADVISER, random.Random(seed))
    slap = adviser.slap(view) if view.legal.slaps else None
    if slap is not None or len(view.legal) == len(view.legal.slaps):
        return slap
    return adviser.choose(view)
