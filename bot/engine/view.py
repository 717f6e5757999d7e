"""What one seat may see (S7: hands are secret until play ends; spreads are public).

``seat_view`` is the only way the Discord layer and the computer players look at a hand in
progress: the seat's own cards, the other players' card counts, the spreads, the top of the
discard pile, the stock size, and the public record of moves (a card drawn from the stock is
hidden from everyone but the player who drew it). Once the hand is over every hand is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.actions import OVER, LegalMoves, Phase, PublicMove
from bot.engine.hand import Hand
from bot.engine.rules import Rules
from bot.engine.settle import Result


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
        moves=hand.public_moves(),
        revealed=tuple(hand.hands) if over else None,
        result=hand.result,
        version=hand.version,
    )
