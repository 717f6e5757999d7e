"""A refused table operation: a ``Refusal`` whose sentence is ``table.refusal.REASON``."""

from __future__ import annotations

from bot.i18n.refusal import Refusal


class TableError(Refusal):
    """Something a player asked of a table that cannot be done now. Nothing was changed."""

    def __init__(self, reason: str, **params: object) -> None:
        super().__init__(f"table.refusal.{reason}", **params)
        self.reason = reason
