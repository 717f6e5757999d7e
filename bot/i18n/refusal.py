"""``Refusal``: the one base class of every refused request, in the engine, the tables and
the rules alike."""

from __future__ import annotations

from bot.i18n import DEFAULT_LOCALE, render
from bot.i18n.mentions import command_mentions


class Refusal(Exception):
    """Something asked of the game that is refused, and why: a catalogue key and its
    parameters, never a sentence. Whoever shows it to someone renders it in their language
    (``message(locale)``): a cog in the member's, the command line in the terminal's.
    Nothing was changed by the refused request.

    ``str()`` is the English sentence, for logs and tracebacks only.
    """

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params

    def message(self, locale: str = DEFAULT_LOCALE, command_id: int | None = None) -> str:
        """The sentence that says why, in ``locale``; a command it names is a clickable
        mention with ``command_id`` (the id Discord gave ``/tonk``), else plain text."""
        return render(self.key, command_mentions(command_id) | self.params, locale)

    def __str__(self) -> str:
        return self.message()
