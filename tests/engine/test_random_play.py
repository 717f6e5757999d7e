"""Seeded random play: the invariants of the engine hold over many hands (issue 2 §4)."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import Hand, Rules, RulesError, build_rules
from bot.engine.melds import pack_for
from bot.engine.rules import OPTIONS, PRESETS
from tests.engine.randomplay import check_conservation, random_hand, try_illegal

HANDS = 10_000


def test_ten_thousand_random_hands_conserve_cards_pay_zero_sum_and_end() -> None:
    """Cards conserved after every action, payouts sum to zero, every hand ends, and no
    move a legal-move query offered is refused (``act`` would raise)."""
    rng = random.Random(20261129)
    rules = build_rules()
    endings: dict[str, int] = {}
    for i in range(HANDS):
        hand = random_hand(rules, 2 + i % 5, rng)
        assert hand.result is not None
        assert sum(hand.result.payouts) == 0
        endings[hand.result.ending] = endings.get(hand.result.ending, 0) + 1
    # The random players reach every way a standard hand can end.
    assert set(endings) >= {"tonk_out", "out_by_discard", "drop_won", "drop_caught", "stock_out"}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_play_over_every_preset_keeps_the_invariants(preset: str) -> None:
    rng = random.Random(preset)
    rules = build_rules(preset)
    most = 6 if rules.deck == 52 or rules.hand_size == 5 else 5
    for i in range(300):
        hand = random_hand(rules, 2 + i % (most - 1), rng)
        assert hand.result is not None
        if rules.scoring == "stakes":
            assert sum(hand.result.payouts) == 0
        else:
            assert min(hand.result.payouts) >= 0


def test_refused_actions_leave_the_state_exactly_as_it_was() -> None:
    rng = random.Random(7)
    rules = build_rules("waiting")
    for _ in range(200):
        hand = Hand.deal(rules, ["a", "b", "c"], 0, rng=rng)
        while not hand.over:
            try_illegal(hand, rng)
            seat = hand.to_act
            legal = hand.legal_moves(seat)
            hand.act(rng.choice(legal.actions(seat)))
        check_conservation(hand)


def test_state_round_trips_through_json_at_every_step_and_plays_on_identically() -> None:
    rng = random.Random(11)
    rules = build_rules("standard", {"wait_after_spread": 2, "slap": "race"})
    for _ in range(100):
        hand = Hand.deal(rules, ["a", "b", "c", "d"], 1, rng=rng)
        while not hand.over:
            saved = json.loads(json.dumps(hand.to_json()))
            copy = Hand.from_json(saved)
            assert copy.to_json() == saved
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_moves(seat)
            assert copy.legal_moves(seat) == legal
            action = rng.choice(legal.actions(seat))
            assert hand.act(action) == copy.act(action)
        assert Hand.from_json(hand.to_json()).result == hand.result


def test_a_hand_replays_from_its_seed_and_action_log() -> None:
    rules = build_rules()
    rng = random.Random(3)
    hand = random_hand(rules, 3, rng)
    replay = Hand.deal(rules, hand.players, hand.dealer, top=hand.order)
    for action in hand.log:
        replay.act(action)
    assert replay.to_json() == hand.to_json()
    seeded = Hand.deal(rules, ["x", "y"], 0, seed=99)
    assert seeded.order == Hand.deal(rules, ["x", "y"], 0, seed=99).order


def random_rules(rng: random.Random) -> Rules:
    """A random valid combination of options (conflicting draws are skipped)."""
    while True:
        options = {}
        for name, spec in OPTIONS.items():
            if rng.random() < 0.3:
                options[name] = rng.choice(spec.values_text())
        try:
            return build_rules(rng.choice(list(PRESETS)), options)
        except RulesError:
            continue


def test_random_combinations_of_options_never_freeze_a_hand() -> None:
    """Whatever options are combined, someone may always act until the hand ends."""
    rng = random.Random(45)
    for _ in range(600):
        rules = random_rules(rng)
        most = max(2, min(6, (len(pack_for(rules).cards) - 2) // rules.hand_size))
        for _ in range(3):
            hand = random_hand(rules, rng.randint(2, most), rng)
            assert hand.result is not None
