"""Seeded random play: the invariants of the engine hold over many hands (issue 2 §4)."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import Action, Hand, Rules, RulesError, build_rules
from bot.engine.actions import CLAIM, DISCARD, DRAW, DROP, HIT, SLAP, SLAP_DISCARD, SPREAD, TAKE
from bot.engine.cards import card_list
from bot.engine.melds import pack_for
from bot.engine.rules import OPTIONS, PRESETS
from tests.engine.randomplay import check_conservation, random_hand, try_illegal

HANDS = 10_000
CHUNK = 1_000


@pytest.mark.parametrize(
    "chunk",
    [0, *(pytest.param(c, marks=pytest.mark.slow) for c in range(1, HANDS // CHUNK))],
)
def test_ten_thousand_random_hands_conserve_cards_pay_zero_sum_and_end(chunk: int) -> None:
    """Cards conserved after every action, payouts sum to zero, every hand ends, and no
    move a legal-move query offered is refused (``act`` would raise). Ten chunks of 1,000
    hands; a plain ``pytest`` runs the first only, CI (``CI=true``) or ``-m slow`` the rest."""
    rng = random.Random(20261129 + chunk)
    rules = build_rules()
    endings: dict[str, int] = {}
    for i in range(CHUNK):
        hand = random_hand(rules, 2 + i % 5, rng)
        assert hand.result is not None
        assert sum(hand.result.payouts) == 0
        endings[hand.result.ending] = endings.get(hand.result.ending, 0) + 1
    # The random players reach every way a standard hand can end.
    assert set(endings) >= {"tonk_out", "out_by_discard", "drop_won", "drop_caught", "stock_out"}


def offered(hand: Hand, seat: int) -> set[Action]:
    """Every action of ``seat`` that a player could try now: each kind, each card of the
    hand alone, each set of three or more of its cards as a spread, each card onto each
    spread, each slap."""
    mine = hand.hands[seat]
    singles = [1 << c for c in card_list(mine)]
    subsets = [m for m in submasks(mine) if m.bit_count() >= 3]
    spreads = range(len(hand.spreads))
    return {
        *(Action(kind, seat) for kind in (DRAW, TAKE, DROP, CLAIM)),
        *(Action(kind, seat, m) for kind in (DISCARD, SLAP_DISCARD) for m in singles),
        *(Action(SPREAD, seat, m) for m in subsets),
        *(Action(HIT, seat, m, i) for m in singles for i in spreads),
        *(Action(SLAP, seat, 0, i) for i in spreads),
    }


def submasks(mask: int) -> list[int]:
    subsets = [0]
    for c in card_list(mask):
        subsets += [s | 1 << c for s in subsets]
    return subsets


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_action_can_accepts_is_listed_by_legal_moves(preset: str) -> None:
    """The reverse of ``act`` accepting every listed move: no action that ``can`` accepts is
    missing from ``legal_moves`` (single-card hits and discards), for every seat, at random
    points of random hands with a random mix of options on top of each preset."""
    rng = random.Random(f"reverse {preset}")
    checked = 0
    for i in range(40):
        rules = random_rules(rng, preset) if i % 2 else build_rules(preset)
        most = max(2, min(4, (len(pack_for(rules).cards) - 2) // rules.hand_size))
        hand = Hand.deal(rules, [f"p{s}" for s in range(most)], 0, rng=rng)
        while not hand.over:
            if rng.random() < 0.2:
                for seat in range(hand.n):
                    listed = set(hand.legal_moves(seat).actions(seat))
                    assert {a for a in offered(hand, seat) if hand.can(a)} == listed
                    checked += 1
            movers = [(s, m) for s in range(hand.n) if (m := hand.legal_moves(s))]
            seat, legal = rng.choice(movers)
            moves = [a for a in legal.actions(seat) if a.kind != DROP or rng.random() < 0.05]
            hand.act(rng.choice(moves or legal.actions(seat)))
    assert checked > 100


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
    """Also: the log's JSON, read after every action, reads back as the log, though a take
    or a slap rewrites the move it logged (the card it took becomes public), and a slice of
    it (what a commit saves) equals the same slice of the whole."""
    rng = random.Random(11)
    rules = build_rules("standard", {"wait_after_spread": 2, "slap": "race"})
    kinds: set[str] = set()
    for _ in range(100):
        hand = Hand.deal(rules, ["a", "b", "c", "d"], 1, rng=rng)
        while not hand.over:
            assert [Action.from_json(a, hand.players) for a in hand.log_json()] == hand.log
            assert hand.log_json(1, 3) == hand.log_json()[1:3]
            saved = json.loads(json.dumps(hand.to_json()))
            copy = Hand.from_json(saved)
            assert copy.to_json() == saved
            seat = hand.actor
            assert seat is not None and copy.actor == seat
            legal = hand.legal_moves(seat)
            assert copy.legal_moves(seat) == legal
            action = rng.choice(legal.actions(seat))
            assert hand.act(action) == copy.act(action)
        assert Hand.from_json(hand.to_json()).result == hand.result
        assert [Action.from_json(a, hand.players) for a in hand.log_json()] == hand.log
        kinds.update(str(a.kind) for a in hand.log)
    assert str(TAKE) in kinds  # a slap's rewrite: tests/engine/test_queries.py


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


def random_rules(rng: random.Random, preset: str | None = None) -> Rules:
    """A random valid combination of options on ``preset`` (or a random preset); conflicting
    draws are skipped."""
    while True:
        options = {}
        for name, spec in OPTIONS.items():
            if rng.random() < 0.3:
                options[name] = rng.choice(spec.values_text())
        try:
            return build_rules(preset or rng.choice(list(PRESETS)), options)
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
