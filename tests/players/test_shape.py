"""The hand-shape lookups the computer players read: a hand's highest value and the cards
near another, against their definitions on every preset's pack."""

from __future__ import annotations

import random

import pytest

from bot.engine.cards import rank_of, suit_of
from bot.engine.rules import PRESETS, build_rules
from bot.players.shape import RUN_REACH, cards_of, near_mask, tables_for


def random_hands(cards: tuple[int, ...], seed: str, count: int = 300) -> list[int]:
    rng = random.Random(seed)
    return [
        sum(1 << c for c in rng.sample(cards, rng.randint(0, min(12, len(cards)))))
        for _ in range(count)
    ]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_highest_value_of_a_hand_is_that_of_its_highest_card(preset: str) -> None:
    """S3: what a hand's highest card counts (0 for no cards), jokers and face values too."""
    tables = tables_for(build_rules(preset))
    for hand in random_hands(tables.pack.cards, preset):
        expected = max((tables.pack.value(c) for c in cards_of(hand)), default=0)
        assert tables.highest(hand) == expected, hex(hand)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_card_is_near_when_another_makes_a_pair_or_a_close_run_with_it(preset: str) -> None:
    """S8: another card of its rank, or of its suit at most RUN_REACH places away in run
    order; O3: with a wild card in hand, every card is near (a lone wild is not)."""
    rules = build_rules(preset)
    tables = tables_for(rules)
    pack = tables.pack
    place = {rank: i for i, rank in enumerate(pack.run_order)}

    def close(c: int, d: int) -> bool:
        if rank_of(c) == rank_of(d):
            return True
        return suit_of(c) == suit_of(d) and abs(place[rank_of(c)] - place[rank_of(d)]) <= RUN_REACH

    for hand in random_hands(pack.cards, preset):
        wilds = hand & pack.wild_mask
        naturals = cards_of(hand & ~wilds)
        if wilds:
            expected = hand if naturals or wilds.bit_count() > 1 else 0
        else:
            expected = sum(1 << c for c in naturals if any(close(c, d) for d in naturals if d != c))
        assert near_mask(tables, hand) == expected, hex(hand)
