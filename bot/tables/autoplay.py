"""The automatic move: what a seat plays when its turn timer runs out or its player left.

The policy is safe and simple (issue 4, item 7): draw from the stock, lay every spread and
hit it can, then discard its highest loose card. It never drops, never claims and never
takes the discard, so automatic play always ends: drawing from the empty stock ends the
hand (S10, S11d). Every move comes from the engine's ``legal_moves``.
"""

from __future__ import annotations

from bot.engine.actions import DISCARD, DRAW, HIT, SLAP_DISCARD, SPREAD, Action
from bot.engine.cards import card_list
from bot.engine.hand import START, Hand


def auto_action(hand: Hand, seat: int) -> Action | None:
    """The next automatic move for ``seat``, or None when it has nothing to do now."""
    legal = hand.legal_moves(seat)
    if legal.slap_discards:
        return Action(SLAP_DISCARD, seat, 1 << _highest(hand, legal.slap_discards))
    if seat != hand.to_act or hand.over:
        return None
    if hand.phase == START:
        return Action(DRAW, seat)
    if legal.spreads:
        return Action(SPREAD, seat, max(legal.spreads, key=int.bit_count))
    if legal.hits:
        spread, card = legal.hits[0]
        return Action(HIT, seat, 1 << card, spread)
    if legal.discards:
        return Action(DISCARD, seat, 1 << _highest(hand, legal.discards))
    return None


def play_turn(hand: Hand, seat: int) -> list[Action]:
    """Play ``seat``'s automatic moves until its turn is over; the moves played, in order."""
    played: list[Action] = []
    turn = sum(hand.turns)
    while not hand.over and sum(hand.turns) == turn:
        action = auto_action(hand, seat)
        if action is None:
            break
        hand.act(action)
        played.append(action)
    return played


def _highest(hand: Hand, mask: int) -> int:
    """The card of ``mask`` worth the most (the later card on equal value)."""
    return max(card_list(mask), key=lambda c: (hand.pack.value(c), c))
