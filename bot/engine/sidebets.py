"""Side bets (O45): the high card of a named suit, and the naturals pot.

Before the deal the dealer names a suit; each player in ``high_card`` pays one stake into a
pot that goes to the bettor dealt the highest card of that suit (king high, ace low as in
S8). House decision: when no bettor was dealt a card of the suit, the bets are returned.
Each player in ``naturals`` adds one stake every deal to the naturals pot, which goes to the
first of them to lay a natural book of three or four (no wild cards); otherwise it carries
to the next deal. Side bets are settled beside the hand's own payouts, which stay zero-sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.cards import SUIT_BITS, SUITS


@dataclass(frozen=True, slots=True)
class SideBets:
    """Who bets what on one deal; ``suit`` is 0-3 (C, D, H, S) or None for no high-card bet.

    ``naturals_pot`` is what earlier deals left in the naturals pot, in the table's chips.
    """

    suit: int | None = None
    high_card: tuple[int, ...] = ()
    naturals: tuple[int, ...] = ()
    naturals_pot: int = 0

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        return {
            "suit": SUITS[self.suit] if self.suit is not None else None,
            "high_card": [players[s] for s in self.high_card],
            "naturals": [players[s] for s in self.naturals],
            "naturals_pot": self.naturals_pot,
        }

    @staticmethod
    def from_json(data: dict[str, Any], players: Sequence[str]) -> SideBets:
        """Side bets from JSON names; ValueError naming what is wrong."""
        suit = data.get("suit")
        if suit is not None and (not isinstance(suit, str) or suit.upper() not in SUITS):
            raise ValueError(f"side_bets.suit must be one of C, D, H, S, not {suit!r}")
        seats = {}
        for field in ("high_card", "naturals"):
            names = data.get(field, [])
            if not isinstance(names, list) or any(n not in players for n in names):
                raise ValueError(f"side_bets.{field} must list players of the table")
            seats[field] = tuple(sorted({players.index(n) for n in names}))
        if seats["high_card"] and suit is None:
            raise ValueError("side_bets.high_card needs a suit")
        pot = data.get("naturals_pot", 0)
        if not isinstance(pot, int) or isinstance(pot, bool) or pot < 0:
            raise ValueError("side_bets.naturals_pot must be a whole number, 0 or more")
        return SideBets(
            SUITS.index(suit.upper()) if suit else None, seats["high_card"], seats["naturals"], pot
        )


@dataclass(frozen=True, slots=True)
class SideOutcome:
    """How the side bets of a deal were settled, in the table's stake units (None: no winner)."""

    high_card_winner: int | None
    high_card_pot: int
    naturals_winner: int | None
    naturals_pot: int
    naturals_carry: int
    payouts: tuple[int, ...]


def highest_of_suit(hand: int, suit: int) -> int:
    """The rank (0 = ace .. 12 = king) of the highest card of ``suit`` in ``hand``, or -1."""
    return (hand >> 13 * suit & SUIT_BITS).bit_length() - 1


def settle_side_bets(
    bets: SideBets, dealt: Sequence[int], naturals_by: int | None, stake: int
) -> SideOutcome:
    """Settle both pots: the high card from the dealt hands, naturals from the first book."""
    net = [0] * len(dealt)
    winner: int | None = None
    pot = 0
    if bets.suit is not None and bets.high_card:
        ranks = {s: highest_of_suit(dealt[s], bets.suit) for s in bets.high_card}
        best = max(ranks.values())
        if best >= 0:
            pot = stake * len(bets.high_card)
            winner = next(s for s in bets.high_card if ranks[s] == best)
            for s in bets.high_card:
                net[s] -= stake
            net[winner] += pot
    naturals_pot = bets.naturals_pot + stake * len(bets.naturals)
    for s in bets.naturals:
        net[s] -= stake
    carry = naturals_pot
    if naturals_by is not None:
        net[naturals_by] += naturals_pot
        carry = 0
    return SideOutcome(winner, pot, naturals_by, naturals_pot, carry, tuple(net))
