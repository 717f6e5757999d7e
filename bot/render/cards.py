"""Cards as people write them, the same in every language: ``10♥ Q♠``."""

from __future__ import annotations

from typing import assert_never

from bot.engine.cards import card_list, card_symbol, is_joker, rank_of, suit_of
from bot.members import HandOrder


def cards_text(mask: int, order: HandOrder = HandOrder.SUIT) -> str:
    """The cards of ``mask`` in ``order`` (jokers last): ``4♥ 5♥ 6♥``."""
    return " ".join(card_symbol(c) for c in ordered(mask, order))


def ordered(mask: int, order: HandOrder) -> list[int]:
    """The cards of ``mask`` sorted by suit then rank, or by rank then suit (jokers last)."""
    cards = card_list(mask)
    match order:
        case HandOrder.SUIT:
            return cards
        case HandOrder.RANK:
            return sorted(cards, key=_by_rank)
        case unhandled:
            assert_never(unhandled)


def _by_rank(c: int) -> tuple[bool, int, int]:
    return (is_joker(c), rank_of(c), suit_of(c))
