"""The hard player's guesses at the other hands (``HandSampler``): the likelihoods it weighs
them by, against their formulas."""

from __future__ import annotations

import math
import random

import pytest

from bot.engine import Hand, build_rules, seat_view
from bot.players.estimate import (
    DISCARD_FLOOR,
    DISCARD_SHARPNESS,
    NEAR_KEEP,
    NO_DROP_CONFIDENCE,
    NO_DROP_FLOOR,
    NO_DROP_SHARPNESS,
    CountGuess,
    HandSampler,
)
from bot.players.knowledge import read_table
from bot.players.shape import cards_of, near_mask, tables_for


def sampler(preset: str, seen: CountGuess | None = None) -> HandSampler:
    rules = build_rules(preset)
    hand = Hand.deal(rules, ["ann", "bob", "cat"], 0, seed=5)
    return HandSampler(tables_for(rules), read_table(seat_view(hand, 1)), seen)


@pytest.mark.parametrize("preset", ["standard", "chicago", "louisiana"])
def test_a_discard_is_as_likely_as_its_share_of_a_softmax_of_the_cards_values(
    preset: str,
) -> None:
    """A sensible player lets a card go with the softmax weight of its value, less NEAR_KEEP
    for a card near another (S8), floored at DISCARD_FLOOR."""
    guesses = sampler(preset)
    tables = guesses.tables
    rng = random.Random(preset)
    for _ in range(300):
        card, *rest = rng.sample(tables.pack.cards, rng.randint(1, 10))
        kept = sum(1 << c for c in rest)
        near = near_mask(tables, kept | 1 << card)

        def score(c: int, near: int = near) -> float:
            keep = NEAR_KEEP if near >> c & 1 else 0
            return math.exp(DISCARD_SHARPNESS * (tables.values[c] - keep))

        total = sum(score(c) for c in cards_of(kept | 1 << card))
        expected = DISCARD_FLOOR + (1 - DISCARD_FLOOR) * score(card) / total
        assert guesses.discard_likelihood(kept, card) == pytest.approx(expected, rel=1e-12)


def test_not_dropping_is_less_likely_the_surer_a_player_was_to_hold_the_lowest_count() -> None:
    """The likelihood of holding on with a count, given what the player could guess of this
    seat's count: the same answer however often it is asked."""
    seen = CountGuess(seat=1, mean=14.0, variance=20.0)
    guesses = sampler("standard", seen)
    answers = []
    for count in (*range(25), *range(25)):
        lowest = seen.chance_above(count)
        wants = 1 / (1 + math.exp(-NO_DROP_SHARPNESS * (lowest - NO_DROP_CONFIDENCE)))
        expected = NO_DROP_FLOOR + (1 - NO_DROP_FLOOR) * (1 - wants)
        answers.append(guesses.no_drop_likelihood(count))
        assert answers[-1] == expected
    assert answers[:25] == sorted(answers[:25]) and answers[0] < answers[24]
    assert sampler("standard").no_drop_likelihood(3) == 1.0  # nothing guessed: no evidence
