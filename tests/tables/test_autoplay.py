"""The automatic move: draw, lay what it can, discard the highest loose card; never drop."""

from __future__ import annotations

import random

from bot.engine.actions import DRAW, DROP, TAKE
from bot.engine.cards import parse_card
from bot.engine.hand import Hand
from bot.engine.rules import PRESETS, build_rules
from bot.tables.autoplay import auto_action, play_turn
from tests.engine.stacking import stack


def dealt(hands: dict[str, list[str]], stock: list[str], preset: str = "standard") -> Hand:
    players = list(hands)
    top = [parse_card(c) for c in stack(hands, players, players[-1], None, stock)]
    return Hand.deal(build_rules(preset), players, len(players) - 1, top=top)


def test_a_turn_draws_lays_spreads_and_hits_then_discards_the_highest_loose_card() -> None:
    hand = dealt(
        {"ann": ["4H", "5H", "6H", "KS", "2C"], "bob": ["9C", "9D", "QS", "JD", "AC"]},
        stock=["7H"],
    )
    played = play_turn(hand, 0)
    assert [a.kind for a in played] == ["draw", "spread", "discard"]
    assert played[1].cards == sum(1 << parse_card(c) for c in ("4H", "5H", "6H", "7H"))
    assert played[2].cards == 1 << parse_card("KS")
    assert hand.to_act == 1


def test_emptying_the_hand_by_spreads_ends_it() -> None:
    hand = dealt(
        {"ann": ["4H", "5H", "6H", "7S", "7D"], "bob": ["9C", "9D", "QS", "JD", "AC"]},
        stock=["7C"],
    )
    play_turn(hand, 0)
    assert hand.over and hand.result is not None and hand.result.ending == "tonk_out"


def test_automatic_play_always_ends_and_never_drops_or_takes() -> None:
    for preset in PRESETS:
        for seed in range(5):
            rules = build_rules(preset)
            hand = Hand.deal(rules, ["a", "b", "c"], 0, rng=random.Random(seed))
            for _ in range(500):
                if hand.over:
                    break
                for action in play_turn(hand, hand.to_act):
                    assert action.kind not in (DROP, TAKE)
            assert hand.over, preset


def test_nothing_to_do_out_of_turn() -> None:
    hand = dealt({"ann": ["4H", "5H", "6H", "KS", "2C"], "bob": ["9C", "9D", "QS", "JD", "AC"]}, [])
    assert auto_action(hand, 1) is None
    assert auto_action(hand, 0) is not None and auto_action(hand, 0).kind == DRAW  # type: ignore[union-attr]
