"""A refused action: a stable code for programs and a catalogue key for players (a
``Refusal``, rendered in the reader's language where it is shown)."""

from __future__ import annotations

from enum import StrEnum

from bot.engine.cards import card_list, card_text
from bot.i18n.refusal import Refusal


class RefusalCode(StrEnum):
    """Why the rules refuse an action: the codes of docs/scenarios.md (stable, for
    programs), each also the catalogue key of a sentence."""

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


class CardsText:
    """Cards named in a refusal: spelt (``5C 10H``) only when the sentence is rendered."""

    __slots__ = ("mask",)

    def __init__(self, mask: int) -> None:
        self.mask = mask

    def __str__(self) -> str:
        return " ".join(card_text(c) for c in card_list(self.mask))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class IllegalAction(Refusal):
    """An action the rules do not allow. The state it was tried on is unchanged.

    ``code`` is the scenario code (docs/scenarios.md), ``reason`` the sentence's key
    (``refusal.REASON``). Making one costs no more than the record: nothing is rendered
    until someone reads it.
    """

    def __init__(self, code: RefusalCode, reason: str, **params: object) -> None:
        super().__init__(f"refusal.{reason}", **params)
        self.code = code
        self.reason = reason
