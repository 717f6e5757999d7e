"""Cards and amounts as people write them: ``10♥ Q♠``, ``+4``, ``−1``."""

from __future__ import annotations

from bot.engine.cards import card_list, card_symbol

MINUS = "\N{MINUS SIGN}"


def cards_text(mask: int) -> str:
    """The cards of ``mask``, sorted by suit then rank (jokers last): ``4♥ 5♥ 6♥``."""
    return " ".join(card_symbol(c) for c in card_list(mask))


def amount_text(amount: int) -> str:
    """A signed amount: ``+4``, ``−1``, ``0``."""
    if amount > 0:
        return f"+{amount}"
    if amount < 0:
        return f"{MINUS}{-amount}"
    return "0"
