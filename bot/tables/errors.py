"""A refused table operation: a catalogue key and its parameters, like ``IllegalAction``."""

from __future__ import annotations

from bot.engine.errors import IllegalAction
from bot.engine.rules import RulesError
from bot.i18n import render


class TableError(Exception):
    """Something a player asked of a table that cannot be done now. Nothing was changed."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message())

    def message(self, locale: str = "en") -> str:
        """The sentence a player reads, in ``locale``."""
        return render(f"table.refusal.{self.key}", self.params, locale)


Refusal = TableError | IllegalAction | RulesError


def refusal_message(refusal: Refusal, locale: str = "en") -> str:
    """The sentence that says why a table, the engine or the rules refused something."""
    if isinstance(refusal, RulesError):
        return render(refusal.key, refusal.params, locale)
    return refusal.message(locale)
