"""Stacked hands for the players' tests: a hand dealt and played exactly as a test needs."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Action, Hand, build_rules
from bot.engine.cards import parse_card
from tests.engine.stacking import stack


def mask(*cards: str) -> int:
    """The mask of cards written as in docs/scenarios.md: ``mask("5H", "6H")``."""
    total = 0
    for c in cards:
        total |= 1 << parse_card(c)
    return total


def dealt(
    hands: dict[str, Sequence[str]],
    *,
    upcard: str | None = None,
    stock: Sequence[str] = (),
    preset: str = "standard",
    options: dict[str, object] | None = None,
    moves: Sequence[tuple[int, str, str]] = (),
) -> Hand:
    """A hand dealt with these cards (seats in the order of ``hands``, the last one deals),
    then ``moves`` played: (seat, kind, cards separated by spaces)."""
    players = list(hands)
    top = stack(hands, players, players[-1], upcard, stock)
    rules = build_rules(preset, options or {})
    hand = Hand.deal(rules, players, len(players) - 1, top=[parse_card(c) for c in top])
    for seat, kind, cards in moves:
        hand.act(Action(kind, seat, mask(*cards.split())))
    return hand
