"""A click's key against the table as it is now: the checks that refuse a stale component
(``cogs.tonk.components`` says what each custom id holds)."""

from __future__ import annotations

from bot.tables.errors import TableError
from bot.tables.table import Table


def require_version(table: Table, version: int) -> None:
    """A panel's moves mean the table as the panel showed it: refused once it changed."""
    if version != table.version:
        raise TableError("stale")


def require_hand(table: Table, hand: int) -> None:
    """A button of an earlier hand is refused, saying which hand it was for."""
    if hand != table.hand_number:
        raise TableError("old_hand", number=hand)


def require_top(table: Table, cards: int) -> None:
    """Take means the card the button showed: refused once another card is on top."""
    top = table.hand.top_discard if table.hand else None
    if cards and (top is None or cards != 1 << top):
        raise TableError("stale")
