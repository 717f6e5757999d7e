"""Cards as people write them, the same in every language: ``10♥ Q♠``."""

from __future__ import annotations

from bot.engine.cards import card_list, card_symbol


def cards_text(mask: int) -> str:
    """The cards of ``mask``, sorted by suit then rank (jokers last): ``4♥ 5♥ 6♥``."""
    return " ".join(card_symbol(c) for c in card_list(mask))
