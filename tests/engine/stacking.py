"""Stacked decks for scenario tests: say who holds what, get SCENARIO.md's ``deck``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.cards import card_text, parse_card
from bot.scenario import run_scenario


def stack(
    hands: dict[str, Sequence[str]],
    players: Sequence[str],
    dealer: str,
    upcard: str | None = None,
    stock: Sequence[str] = (),
) -> list[str]:
    """The top of the pack that deals ``hands`` (S5: one at a time from the dealer's left).

    With a ``stock`` and no ``upcard``, the upcard is the first unnamed card of the
    canonical order, so that the stock starts with ``stock``.
    """
    n = len(players)
    size = len(next(iter(hands.values())))
    first = players.index(dealer) + 1
    order = [hands[players[(first + i) % n]][i // n] for i in range(n * size)]
    if upcard is None and stock:
        named = {parse_card(c) for c in [*order, *stock]}
        upcard = card_text(next(c for c in range(52) if c not in named))
    if upcard is not None:
        order.append(upcard)
    return [*order, *stock]


def scenario(
    hands: dict[str, Sequence[str]],
    actions: Sequence[dict[str, Any]] = (),
    *,
    dealer: str | None = None,
    upcard: str | None = None,
    stock: Sequence[str] = (),
    preset: str = "standard",
    options: dict[str, Any] | None = None,
    stake: int = 1,
) -> dict[str, Any]:
    """The scenario input for seats in the order of ``hands``; the dealer defaults to the last."""
    players = list(hands)
    dealer = dealer or players[-1]
    return {
        "rules": {"preset": preset, "options": options or {}, "stake": stake},
        "players": players,
        "dealer": dealer,
        "deck": stack(hands, players, dealer, upcard, stock),
        "actions": list(actions),
    }


def play(
    hands: dict[str, Sequence[str]], actions: Sequence[dict[str, Any]] = (), **kw: Any
) -> dict[str, Any]:
    """Run the scenario; the output object, with ``status`` added."""
    status, out = run_scenario(scenario(hands, actions, **kw))
    return {**out, "status": status}


def act(player: str, do: str, **fields: Any) -> dict[str, Any]:
    return {"player": player, "do": do, **fields}
