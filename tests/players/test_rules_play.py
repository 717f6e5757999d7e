"""The levels play the options of docs/guide.md correctly: claims, waiting, must_spread, slaps."""

from __future__ import annotations

import random

import pytest

from bot.engine import Hand, SeatView, build_rules, seat_view
from bot.engine.actions import CLAIM, DROP, SLAP, SLAP_DISCARD, SPREAD
from bot.players import Level
from bot.players.registry import make_player
from bot.players.table import play_hand
from tests.players.helpers import dealt, mask

OTHER = ["QC", "QD", "9H", "JC", "3D"]
THINKING_LEVELS = [level for level in Level if level != Level.RANDOM]


@pytest.mark.parametrize("level", THINKING_LEVELS)
def test_a_dealt_chicago_49_is_claimed(level: str) -> None:
    """O17: a dealt 49 is claimed at the start of the holder's first turn."""
    hand = dealt({"me": ["KH", "QS", "JH", "10H", "9D"], "you": OTHER}, preset="chicago")
    view = seat_view(hand, 0)
    assert view.legal.claim
    assert make_player(level, random.Random(1)).choose(view).kind == CLAIM


def _low_after_spreading(preset: str) -> SeatView:
    """``me`` laid 2♣ 3♣ 4♣ last turn and holds A♦ A♠ (count 2) at the start of its turn."""
    hand = dealt(
        {"me": ["2C", "3C", "4C", "AD", "AS"], "you": OTHER},
        upcard="9S",
        stock=["KS", "KH"],
        preset=preset,
        moves=[
            (0, "draw", ""),
            (0, "spread", "2C 3C 4C"),
            (0, "discard", "KS"),
            (1, "draw", ""),
            (1, "discard", "KH"),
        ],
    )
    return seat_view(hand, 0)


def test_hard_drops_a_count_of_two_when_free_to() -> None:
    """Without waiting, a count of 2 against five unknown cards is a drop."""
    view = _low_after_spreading("standard")
    assert make_player(Level.HARD, random.Random(1)).choose(view).kind == DROP


@pytest.mark.parametrize("level", THINKING_LEVELS)
def test_no_level_drops_while_waiting(level: str) -> None:
    """O37: after laying a spread it must wait three turns before dropping, count 2 or not."""
    view = _low_after_spreading("waiting")
    assert view.drop_barred and not view.legal.drop
    assert make_player(level, random.Random(1)).choose(view).kind != DROP


def test_hard_never_drops_while_waiting_over_many_hands() -> None:
    """O37, O38: in the waiting preset, no view that bars a drop gets one from ``hard``."""
    rules = build_rules("waiting")
    barred = 0

    class Watched:
        level = "hard"

        def __init__(self, seed: int) -> None:
            self.player = make_player(Level.HARD, random.Random(seed))

        def choose(self, view: SeatView) -> object:
            nonlocal barred
            action = self.player.choose(view)
            if view.drop_barred:
                barred += 1
                assert action.kind != DROP
            return action

        def slap(self, view: SeatView) -> object:
            return self.player.slap(view)

    for seed in range(12):
        hand = Hand.deal(rules, ["a", "b"], seed % 2, rng=random.Random(seed))
        play_hand(hand, [Watched(seed), make_player(Level.NORMAL, random.Random(seed))])  # type: ignore[list-item]
    assert barred > 0


@pytest.mark.parametrize("level", THINKING_LEVELS)
def test_a_spread_in_hand_is_laid_when_must_spread_is_on(level: str) -> None:
    """O19: with must_spread on, the turn cannot end while a spread is held."""
    hand = dealt(
        {"me": ["5H", "6H", "9C", "JD", "KS"], "you": OTHER},
        upcard="2S",
        stock=["7H"],
        options={"must_spread": "on"},
        moves=[(0, "draw", "")],
    )
    view = seat_view(hand, 0)
    assert not view.legal.discards
    assert make_player(level, random.Random(1)).choose(view).kind == SPREAD


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_card_that_fits_a_spread_is_slapped_for_the_extra_discard(level: str) -> None:
    """O43 race: the next player slaps 8♥ onto 5♥ 6♥ 7♥, then makes its extra discard."""
    hand = dealt(
        {"me": ["5H", "6H", "7H", "8H", "KD"], "you": OTHER},
        upcard="2S",
        stock=["4S"],
        options={"slap": "race"},
        moves=[(0, "draw", ""), (0, "spread", "5H 6H 7H"), (0, "discard", "8H")],
    )
    player = make_player(level, random.Random(3))
    view = seat_view(hand, 1)
    assert view.legal.slaps == (0,)
    slap = player.slap(view)
    assert slap is not None and slap.kind == SLAP
    hand.act(slap)
    follow = player.choose(seat_view(hand, 1))
    assert follow.kind == SLAP_DISCARD and follow.cards & mask(*OTHER)
