"""What one seat may see (S7: hands are secret until play ends; spreads are public).

``seat_view`` is the only way the Discord layer and the computer players look at a hand in
progress: the seat's own cards, the other players' card counts, the spreads, the top of the
discard pile, the stock size, and the public record of moves (a card drawn from the stock is
hidden from everyone but the player who drew it). Once the hand is over every hand is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from bot.engine.actions import DRAW, OVER, Action, Kind, LegalMoves, Phase
from bot.engine.hand import Hand
from bot.engine.rules import Rules
from bot.engine.settle import Result


@dataclass(frozen=True, slots=True)
class PublicMove:
    """A move as the table saw it: ``cards`` is 0 for a card drawn from the stock."""

    kind: Kind
    seat: int
    cards: int
    spread: int | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a hand."""

    seat: int
    players: tuple[str, ...]
    rules: Rules
    dealer: int
    hand: int
    count: int
    card_counts: tuple[int, ...]
    spreads: tuple[tuple[int, int], ...]
    top_discard: int | None
    upcard: int | None
    stock_size: int
    phase: Phase
    to_act: int
    waits: tuple[int, ...]
    drop_barred: bool
    turns: tuple[int, ...]
    legal: LegalMoves
    moves: tuple[PublicMove, ...]
    revealed: tuple[int, ...] | None
    result: Result | None
    version: int


_seen: WeakKeyDictionary[Hand, tuple[PublicMove, ...]] = WeakKeyDictionary()


def public_moves(hand: Hand) -> tuple[PublicMove, ...]:
    """The action log with every card drawn from the stock hidden (extended, not rebuilt)."""
    known = _seen.get(hand, ())
    if len(known) != len(hand.log):
        known = known + tuple(_public(a) for a in hand.log[len(known) :])
        _seen[hand] = known
    return known


def _public(a: Action) -> PublicMove:
    return PublicMove(a.kind, a.seat, 0 if a.kind == DRAW else a.cards, a.spread)


def seat_view(hand: Hand, seat: int) -> SeatView:
    """What ``seat`` may see of ``hand`` now."""
    over = hand.phase is OVER
    return SeatView(
        seat=seat,
        players=hand.players,
        rules=hand.rules,
        dealer=hand.dealer,
        hand=hand.hands[seat],
        count=hand.count(seat),
        card_counts=tuple(h.bit_count() for h in hand.hands),
        spreads=tuple(zip(hand.owners, hand.spreads, strict=True)),
        top_discard=hand.top_discard,
        upcard=hand.upcard,
        stock_size=len(hand.stock),
        phase=hand.phase,
        to_act=hand.to_act,
        waits=tuple(hand.waits),
        drop_barred=hand.drop_barred and hand.to_act == seat,
        turns=tuple(hand.turns),
        legal=hand.legal_moves(seat),
        moves=public_moves(hand),
        revealed=tuple(hand.hands) if over else None,
        result=hand.result,
        version=hand.version,
    )
