"""The yardsticks: ``random`` (any legal move but a drop) and ``baseline`` (four fixed rules)."""

from __future__ import annotations

import random

from bot.engine import Action, SeatView
from bot.engine.actions import CLAIM, DISCARD, DRAW, DROP, SLAP, SLAP_DISCARD, SPREAD, TAKE
from bot.engine.hand import START
from bot.players.shape import cards_of, near_mask, tables_for


class RandomPlayer:
    """Uniformly random legal moves, never dropping: the weakest opponent there is."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        moves = [a for a in view.legal.actions(view.seat) if a.kind not in (DROP, SLAP)]
        return self.rng.choice(moves or view.legal.actions(view.seat))

    def slap(self, view: SeatView) -> Action | None:
        choices: list[Action | None] = [
            None,
            *(Action(SLAP, view.seat, 0, s) for s in view.legal.slaps),
        ]
        return self.rng.choice(choices)


BASELINE_DROP = 3
BASELINE_DROP_UNCONNECTED = 5


class BaselinePlayer:
    """Exactly these rules, and nothing cleverer:

    - drop when its count is 3 or less, or 5 or less when no card in hand could join a
      spread (two towards one in hand, or a hit onto a spread on the table);
    - take the discard when it makes a spread (with cards in hand, or as a hit onto the table)
      or nearly makes one (two cards towards one), else draw;
    - lay every spread it can (the one with the most count first), never hit;
    - discard its highest card that is not part of a potential spread (its highest card
      when every card is).

    It claims a chicago 49 when it may (O17) and never slaps; when a rule forces another
    move (O20 ``discard_must_meld``), it makes the first legal one.
    """

    level = "baseline"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        legal, seat = view.legal, view.seat
        tables = tables_for(view.rules)
        if legal.slap_discards:
            return Action(SLAP_DISCARD, seat, 1 << self._discard(view, legal.slap_discards))
        if view.phase == START:
            if legal.claim:
                return Action(CLAIM, seat)
            if legal.drop and self._wants_drop(view):
                return Action(DROP, seat)
            if legal.take and view.top_discard is not None and self._wants(view, view.top_discard):
                return Action(TAKE, seat)
            return Action(DRAW, seat)
        if legal.spreads:
            best = max(legal.spreads, key=lambda s: (tables.pack.count(s), s.bit_count(), s))
            return Action(SPREAD, seat, best)
        if legal.discards:
            return Action(DISCARD, seat, 1 << self._discard(view, legal.discards))
        return legal.action(seat, 0)

    def slap(self, view: SeatView) -> Action | None:
        return None

    def _joins(self, view: SeatView, hand: int) -> int:
        """The cards of ``hand`` that could join a spread: near another, or a hit on the table."""
        tables = tables_for(view.rules)
        joins = near_mask(tables, hand)
        book_hits = not view.rules.no_fourth_to_book
        for _, spread in view.spreads:
            joins |= tables.pack.hit_cards(spread, book_hits) & hand
        return joins

    def _wants_drop(self, view: SeatView) -> bool:
        if view.count <= BASELINE_DROP:
            return True
        return view.count <= BASELINE_DROP_UNCONNECTED and not self._joins(view, view.hand)

    def _wants(self, view: SeatView, card: int) -> bool:
        """The discard makes or nearly makes a spread."""
        pack = tables_for(view.rules).pack
        with_card = view.hand | 1 << card
        if any(s >> card & 1 for s in pack.spreads_in(with_card)):
            return True
        return bool(self._joins(view, with_card) >> card & 1)

    def _discard(self, view: SeatView, allowed: int) -> int:
        """The highest allowed card that is not part of a potential spread."""
        values = tables_for(view.rules).values
        loose = allowed & ~self._joins(view, view.hand)
        return max(cards_of(loose or allowed), key=lambda c: (values[c], c))
