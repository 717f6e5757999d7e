"""The pack's spread tables (``bot/engine/melds.py``), checked against the rule itself."""

import pytest

from bot.engine.cards import SUIT_BITS
from bot.engine.melds import Pack


def runs_by_the_rule(pattern: int, order: tuple[int, ...]) -> list[int]:
    """S8, O1: every run of three or more cards of ``pattern`` (one suit's ranks) that stand
    next to each other in ``order`` (ace low; in the 40-card pack, 7 next to J), as rank
    patterns, by first card and then by length."""
    runs = []
    for start in range(len(order)):
        for end in range(start, len(order)):
            if not pattern >> order[end] & 1:
                break
            if end - start + 1 >= 3:
                runs.append(sum(1 << rank for rank in order[start : end + 1]))
    return runs


@pytest.mark.parametrize("deck", [52, 40])
def test_S8_O1_the_runs_in_a_suit_are_every_three_or_more_consecutive_ranks(deck: int) -> None:
    """Every pattern of one suit's cards, in each suit: the runs a hand holds (the table
    ``spreads_in`` reads) are exactly the runs the rule names, in the same order, and a
    one-suit hand holds no book."""
    pack = Pack(deck, 0, False, "ten")
    suit = sum(1 << rank for rank in pack.run_order)
    patterns = [pattern for pattern in range(SUIT_BITS + 1) if not pattern & ~suit]
    assert len(patterns) == 1 << len(pack.run_order)
    for pattern in patterns:
        expected = runs_by_the_rule(pattern, pack.run_order)
        for shift in (0, 13, 26, 39):
            spreads = pack.spreads_in(pattern << shift)
            assert spreads == tuple(run << shift for run in expected), (pattern, shift)
