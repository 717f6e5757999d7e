"""``tonk scenario``: play a scripted hand through the real engine (docs/scenarios.md).

``run_scenario`` takes the parsed JSON and returns (exit status, output object). Input that
is not a scenario raises ``ScenarioError`` (exit status 2, one line on standard error).
"""

from __future__ import annotations

from typing import Any

from bot.engine.actions import PLAY, START, Action
from bot.engine.cards import CardError, card_list, card_text, parse_card
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, SetupError
from bot.engine.rules import RulesError, build_rules
from bot.engine.sidebets import SideBets, SideOutcome


class ScenarioError(ValueError):
    """The input is not a scenario; the message says what is wrong."""


def _field(data: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = data.get(name, default)
    if value is None or not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ScenarioError(f"'{name}' must be {kind.__name__}")
    return value


def load(data: Any) -> tuple[Hand, list[Action]]:
    """The dealt hand and the scripted actions of a scenario, or ScenarioError."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    rules_data = _field(data, "rules", dict, {})
    players = _field(data, "players", list)
    if len(players) < 2 or not all(isinstance(p, str) and p for p in players):
        raise ScenarioError("'players' must list 2 or more names")
    if len(set(players)) != len(players):
        raise ScenarioError("'players' names a player twice")
    dealer = _field(data, "dealer", str)
    if dealer not in players:
        raise ScenarioError(f"dealer {dealer!r} is not one of the players")
    options = dict(_field(rules_data, "options", dict, {}))
    bets = options.pop("side_bets", None)
    try:
        rules = build_rules(_field(rules_data, "preset", str, "standard"), options)
        stake = _field(rules_data, "stake", int, 1)
        side_bets = SideBets.from_json(bets, players) if bets is not None else None
        top = [parse_card(str(c)) for c in _field(data, "deck", list, [])]
        actions = [Action.from_json(a, tuple(players)) for a in _field(data, "actions", list, [])]
        hand = Hand.deal(
            rules, players, players.index(dealer), top=top, stake=stake, side_bets=side_bets
        )
    except (RulesError, CardError, SetupError) as error:
        raise ScenarioError(str(error)) from error
    except (ValueError, TypeError, AttributeError) as error:
        raise ScenarioError(f"bad action: {error}") from error
    return hand, actions


def outcome(hand: Hand) -> dict[str, Any]:
    """docs/scenarios.md's output object for the hand as it stands."""
    names = hand.players
    result = hand.result
    out: dict[str, Any] = {
        "ended": result is not None,
        "ending": result.ending if result else None,
        "winners": [names[s] for s in result.winners] if result else [],
        "payouts": {names[s]: p for s, p in enumerate(result.payouts)} if result else {},
        "counts": {names[s]: c for s, c in enumerate(result.counts if result else hand.counts())},
        "hands": {names[s]: [card_text(c) for c in card_list(h)] for s, h in enumerate(hand.hands)},
        "spreads": [
            {"owner": names[o], "cards": [card_text(c) for c in card_list(m)]}
            for o, m in zip(hand.owners, hand.spreads, strict=True)
        ],
        "discard_top": card_text(hand.pile[-1]) if hand.pile else None,
        "stock": len(hand.stock),
        "to_act": None if result else names[hand.to_act],
    }
    # docs/scenarios.md has two phases: a slap's owed discard comes before a start.
    if result is None:
        out["phase"] = str(PLAY if hand.phase is PLAY else START)
    side = hand.side_outcome()
    if side is not None:
        out["side_bets"] = side_bets_json(side, names)
    return out


def side_bets_json(side: SideOutcome, names: tuple[str, ...]) -> dict[str, Any]:
    """The project's extension of docs/scenarios.md for O45 (docs/scenarios.md)."""

    def name(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    return {
        "high_card": {"winner": name(side.high_card_winner), "pot": side.high_card_pot},
        "naturals": {
            "winner": name(side.naturals_winner),
            "pot": side.naturals_pot,
            "carried": side.naturals_carry,
        },
        "payouts": {names[s]: p for s, p in enumerate(side.payouts)},
    }


def run_scenario(data: Any) -> tuple[int, dict[str, Any]]:
    """Play the scenario: (0, output), or (1, output with the refused action's error)."""
    hand, actions = load(data)
    for index, action in enumerate(actions):
        try:
            hand.act(action)
        except IllegalAction as refusal:
            out = outcome(hand)
            out["error"] = {"index": index, "code": refusal.code, "message": refusal.message()}
            return 1, out
    return 0, outcome(hand)
