"""What a seat can know about the other hands, from its ``SeatView`` alone.

``read_table`` replays the public record of moves (draws hidden, takes showing the card) to
find which cards are out of play (on the table or buried in the discard pile), which cards
another player is known to hold (taken from the pile and not played since), which cards are
still unseen (in the stock or in the other hands, where nobody can see them), and the story
of every seat's turns: what it drew or took, passed over, laid down and discarded.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import SeatView
from bot.engine.actions import DISCARD, DRAW, HIT, SLAP, SLAP_DISCARD, SPREAD, TAKE
from bot.engine.melds import Pack, pack_for


@dataclass(slots=True)
class Turn:
    """One turn of a seat as the table saw it (a slap's extra discard is a turn without a
    draw). ``took`` is the card taken from the pile (a mask, 0 after a draw), ``passed`` the
    top discard it drew instead of taking (a mask, 0 when unknown), ``laid`` the cards it
    spread or hit, ``discarded`` the card it discarded (None: none yet)."""

    drew: bool = False
    took: int = 0
    passed: int = 0
    laid: int = 0
    discarded: int | None = None


@dataclass(frozen=True, slots=True)
class OtherHand:
    """What is public about one seat's hand."""

    seat: int
    size: int
    known: int
    turns: tuple[Turn, ...] = field(default=())

    @property
    def unknown(self) -> int:
        """How many of its cards nobody else has seen."""
        return max(self.size - self.known.bit_count(), 0)

    @property
    def discards(self) -> tuple[int, ...]:
        return tuple(t.discarded for t in self.turns if t.discarded is not None)

    @property
    def last_discard(self) -> int | None:
        found = self.discards
        return found[-1] if found else None


@dataclass(frozen=True, slots=True)
class TableKnowledge:
    """The seat's knowledge: ``unseen`` cards, what is public about every other hand, and
    what the others can see of this seat's own hand (``me``)."""

    pack: Pack
    seat: int
    unseen: int
    others: tuple[OtherHand, ...]
    me: OtherHand


def read_table(view: SeatView) -> TableKnowledge:
    """Replay ``view.moves`` into what ``view.seat`` knows of the other hands and the stock."""
    pack = pack_for(view.rules)
    n = len(view.players)
    pile: list[int] = [] if view.upcard is None else [view.upcard]  # O6: seen by all
    known = [0] * n
    turns: list[list[Turn]] = [[] for _ in range(n)]
    for move in view.moves:
        seat = move.seat
        if move.kind == DRAW:
            turns[seat].append(Turn(drew=True, passed=1 << pile[-1] if pile else 0))
        elif move.kind == TAKE:
            pile.pop()
            known[seat] |= move.cards
            turns[seat].append(Turn(took=move.cards))
        elif move.kind == SLAP:
            pile.pop()
        elif move.kind in (DISCARD, SLAP_DISCARD):
            card = move.cards.bit_length() - 1
            pile.append(card)
            known[seat] &= ~move.cards
            if move.kind == SLAP_DISCARD or not turns[seat]:
                turns[seat].append(Turn())
            turns[seat][-1].discarded = card
        elif move.kind in (SPREAD, HIT):
            known[seat] &= ~move.cards
            if turns[seat]:
                turns[seat][-1].laid |= move.cards
    out = view.hand
    for _, cards in view.spreads:
        out |= cards
    for card in pile:
        out |= 1 << card
    hands = [OtherHand(s, view.card_counts[s], known[s], tuple(turns[s])) for s in range(n)]
    others = tuple(h for h in hands if h.seat != view.seat)
    for other in others:
        out |= other.known
    return TableKnowledge(pack, view.seat, pack.mask & ~out, others, hands[view.seat])
