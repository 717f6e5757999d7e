"""A refused action: a stable code for programs and a sentence for players."""

from __future__ import annotations

from bot.i18n import render

# The codes of docs/scenarios.md, and the catalogue key of each sentence.
NOT_YOUR_TURN = "not_your_turn"
MUST_DRAW_FIRST = "must_draw_first"
ALREADY_DREW = "already_drew"
NOT_IN_HAND = "not_in_hand"
INVALID_SPREAD = "invalid_spread"
INVALID_HIT = "invalid_hit"
CANNOT_DROP = "cannot_drop"
MUST_DISCARD = "must_discard"
MUST_LAY_SPREAD = "must_lay_spread"
HAND_OVER = "hand_over"
NOT_ALLOWED = "not_allowed"


class IllegalAction(Exception):
    """An action the rules do not allow. The state it was tried on is unchanged."""

    def __init__(self, code: str, reason: str, **params: object) -> None:
        self.code = code
        self.reason = reason
        self.params = params
        super().__init__(self.message())

    def message(self, locale: str = "en") -> str:
        """The sentence a player reads, in ``locale``."""
        return render(f"refusal.{self.reason}", self.params, locale)
