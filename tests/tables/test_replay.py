"""A recorded hand played again step by step (``bot.tables.replay``), from its deal and log."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bot.engine.actions import DRAW, Action
from bot.engine.cards import card_text, parse_card
from bot.engine.rules import PRESETS, preset_rules
from bot.scenario import run_scenario
from bot.tables.errors import TableError
from bot.tables.replay import _distinct, replay_step, scenario_of
from tests.engine.randomplay import random_hand
from tests.tables.replays import HANDS, cards, played, recorded


def test_the_deal_shows_every_hand_as_dealt_and_who_deals() -> None:
    hand = played()
    step = replay_step(recorded(hand), 0)
    assert (step.step, step.steps, step.move, step.result) == (0, 7, None, None)
    assert step.hands == tuple(hand.dealt)
    assert step.hands[1] == cards(*HANDS["bob"])
    assert step.dealer == 0 and step.to_act == 1  # S5: the dealer's left plays first
    assert step.top_discard == parse_card("JC") and step.stock == 52 - 10 - 1  # O6: the upcard
    assert step.names == ("ann", "bob") and not step.last


def test_each_step_is_the_hand_after_that_many_moves_and_names_the_card_drawn() -> None:
    hand = played()
    replay = recorded(hand)
    first = replay_step(replay, 1)
    assert first.move == Action(DRAW, 1, cards("3C"))  # S7 hides it at the table, not here
    assert first.hands[1] == cards(*HANDS["bob"], "3C")
    assert first.stock == 40 and first.to_act == 1
    sixth = replay_step(replay, 6)
    assert sixth.spreads == ((1, cards("4H", "5H", "6H")),)
    assert sixth.counts[1] == 7 + 7 + 7
    assert sixth.result is None


def test_the_last_step_has_the_result_and_the_recorded_payouts() -> None:
    hand = played()
    last = replay_step(recorded(hand), 7)
    assert last.last and last.result == hand.result
    assert last.result is not None and last.result.payouts == (-2, 2)  # S11a: paid double
    assert last.hands == tuple(hand.hands) and last.to_act is None


@pytest.mark.parametrize(("asked", "shown"), [(-3, 0), (99, 7)])
def test_a_step_past_either_end_is_that_end(asked: int, shown: int) -> None:
    assert replay_step(recorded(played()), asked).step == shown


def test_a_forgotten_member_s_moves_are_replayed_as_theirs() -> None:
    hand = played()
    replay = recorded(hand, (11, None))
    assert all(entry["player"] in ("11", None) for entry in replay.action_log)
    assert None in [entry["player"] for entry in replay.action_log]
    assert replay_step(replay, 7).result == hand.result


def test_moves_of_two_forgotten_members_cannot_be_told_apart_and_are_refused() -> None:
    replay = recorded(played(), (None, None))
    with pytest.raises(TableError) as refused:
        replay_step(replay, 7)
    assert refused.value.reason == "replay_unreadable"
    assert "Hand 1's record cannot be played back." in refused.value.message("en")


def test_a_hand_recorded_before_deals_were_kept_is_refused_in_words() -> None:
    replay = dataclasses.replace(recorded(played()), deal=None)
    with pytest.raises(TableError) as refused:
        replay_step(replay, 0)
    assert refused.value.reason == "replay_unkept"
    assert "Hand 1 was finished before the bot kept" in refused.value.message("en")


def test_a_log_that_the_deal_does_not_allow_is_refused_not_replayed() -> None:
    replay = recorded(played())
    wrong = dataclasses.replace(replay, action_log=[replay.action_log[1]])  # bob discards first
    with pytest.raises(TableError) as refused:
        replay_step(wrong, 1)
    assert refused.value.reason == "replay_unreadable"


def test_a_recorded_hand_is_a_scenario_that_plays_again_to_the_same_end() -> None:
    """The scripted hand of S11a's tonk: its rules, players by name, dealer, whole pack and
    moves, which ``tonk scenario`` plays to the recorded ending and payouts."""
    hand = played()
    scenario = scenario_of(recorded(hand))
    assert scenario["rules"] == {"preset": "standard", "options": {}, "stake": 1}
    assert (scenario["players"], scenario["dealer"]) == (["ann", "bob"], "ann")
    assert scenario["deck"] == [card_text(card) for card in hand.order]
    assert scenario["actions"][:2] == [
        {"player": "bob", "do": "draw"},
        {"player": "bob", "do": "discard", "card": "3C"},
    ]
    assert scenario["actions"][-1] == {"player": "bob", "do": "spread", "cards": ["7C", "7D", "7S"]}
    status, out = run_scenario(json.loads(json.dumps(scenario)))  # as the file is read back
    assert status == 0
    assert (out["ending"], out["winners"], out["payouts"]) == (
        "tonk_out",
        ["bob"],
        {"ann": -2, "bob": 2},
    )


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_hands_of_every_preset_export_to_scenarios_with_the_same_result(
    preset: str,
) -> None:
    """Three seats, two players of the same name (told apart by seat), seeded random play:
    the scenario ends as the hand did, with the same counts and payouts."""
    rng = random.Random(preset)
    for _ in range(5):
        hand = random_hand(preset_rules(preset), 3, rng)
        result = hand.result
        assert result is not None
        scenario = scenario_of(recorded(hand, (1, 2, 3), ("ann", "ann", "cat")))
        names = ["ann (seat 1)", "ann (seat 2)", "cat"]
        assert scenario["players"] == names
        status, out = run_scenario(json.loads(json.dumps(scenario)))
        assert status == 0 and out["ended"] and out["ending"] == str(result.ending)
        assert out["payouts"] == dict(zip(names, result.payouts, strict=True))
        assert out["counts"] == dict(zip(names, result.counts, strict=True))


def test_a_forgotten_members_moves_stay_theirs_in_the_scenario() -> None:
    scenario = scenario_of(recorded(played(), (11, None), ("ann", "a forgotten member")))
    assert scenario["players"] == ["ann", "a forgotten member"]
    assert scenario["actions"][0] == {"player": "a forgotten member", "do": "draw"}
    assert run_scenario(scenario)[1]["winners"] == ["a forgotten member"]


def test_names_that_stay_alike_once_numbered_are_all_numbered() -> None:
    """A scenario names each player once: a repeated name gets its seat number, and if
    that makes a name already there, every name does."""
    assert _distinct(("ann", "bob", "ann")) == ("ann (seat 1)", "bob", "ann (seat 3)")
    assert _distinct(("ann (seat 2)", "ann", "ann")) == (
        "ann (seat 2) (seat 1)",
        "ann (seat 2)",
        "ann (seat 3)",
    )


def test_a_hand_without_its_deal_has_no_scenario() -> None:
    replay = dataclasses.replace(recorded(played()), deal=None)
    with pytest.raises(TableError) as refused:
        scenario_of(replay)
    assert refused.value.reason == "replay_unkept"
