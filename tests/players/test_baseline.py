"""``baseline`` follows exactly its rules, on hands stacked to test each one."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import Action, seat_view
from bot.engine.actions import DISCARD, DRAW, DROP, SPREAD, TAKE
from bot.players import Level
from bot.players.registry import make_player
from tests.players.helpers import dealt, mask

OTHER = ["QC", "QD", "9H", "JC", "3D"]


def _baseline(hand_cards: Sequence[str], upcard: str, stock: Sequence[str] = ()) -> Action:
    hand = dealt({"me": hand_cards, "you": OTHER}, upcard=upcard, stock=stock)
    return make_player(Level.BASELINE, random.Random(0)).choose(seat_view(hand, 0))


def _after_a_spread(kept: str) -> Action:
    """``me`` lays 2♣ 3♣ 4♣, keeps ``kept`` (two cards); its next turn starts."""
    first, second = kept.split()
    hand = dealt(
        {"me": ["2C", "3C", "4C", first, second], "you": OTHER},
        upcard="9S",
        stock=["KS", "KH"],
        moves=[
            (0, "draw", ""),
            (0, "spread", "2C 3C 4C"),
            (0, "discard", "KS"),
            (1, "draw", ""),
            (1, "discard", "KH"),
        ],
    )
    view = seat_view(hand, 0)
    assert view.phase == "start" and view.to_act == 0
    return make_player(Level.BASELINE, random.Random(0)).choose(view)


def test_baseline_drops_on_a_count_of_three_even_with_connected_cards() -> None:
    """Drop rule: a count of 3 or less drops (A♦ 2♦ could still join a run)."""
    assert _after_a_spread("AD 2D").kind == DROP


def test_baseline_drops_on_five_when_no_card_could_join_a_spread() -> None:
    """Drop rule: 5 or less when no card could join a spread (A♦ 4♠: no pair, no run, no hit)."""
    assert _after_a_spread("AD 4S").kind == DROP


def test_baseline_holds_five_when_a_card_could_join_a_spread() -> None:
    """A♣ hits the 2♣ 3♣ 4♣ on the table, so a count of 5 does not drop."""
    assert _after_a_spread("AC 4D").kind != DROP


def test_baseline_holds_four_with_a_pair() -> None:
    """A pair of 2s is two towards a book: above 3 it does not drop."""
    assert _after_a_spread("2D 2S").kind != DROP


def test_baseline_takes_a_discard_that_makes_a_spread() -> None:
    """Take rule: 7♥ makes 5♥ 6♥ 7♥."""
    assert _baseline(["5H", "6H", "9C", "JD", "KS"], upcard="7H").kind == TAKE


def test_baseline_takes_a_discard_that_nearly_makes_a_spread() -> None:
    """Take rule: 9♦ pairs with 9♣ (two cards towards a book)."""
    assert _baseline(["5H", "9C", "JD", "KS", "QH"], upcard="9D").kind == TAKE


def test_baseline_draws_when_the_discard_does_not_help() -> None:
    """Take rule: 2♣ is far from every card in hand, so it draws."""
    assert _baseline(["5H", "9C", "JD", "KS", "QH"], upcard="2S").kind == DRAW


def test_baseline_lays_every_spread_it_can() -> None:
    """Spread rule: after drawing 7♥ it lays 5♥ 6♥ 7♥."""
    hand = dealt(
        {"me": ["5H", "6H", "9C", "JD", "KS"], "you": OTHER},
        upcard="2S",
        stock=["7H"],
        moves=[(0, "draw", "")],
    )
    action = make_player(Level.BASELINE, random.Random(0)).choose(seat_view(hand, 0))
    assert action == Action(SPREAD, 0, mask("5H", "6H", "7H"))


def test_baseline_discards_its_highest_card_outside_potential_spreads() -> None:
    """Discard rule: K♥ K♠ are a pair (kept); 9♦ is the highest loose card."""
    hand = dealt(
        {"me": ["KH", "KS", "9D", "2C", "5H"], "you": OTHER},
        upcard="3S",
        stock=["7S"],
        moves=[(0, "draw", "")],
    )
    action = make_player(Level.BASELINE, random.Random(0)).choose(seat_view(hand, 0))
    assert action == Action(DISCARD, 0, mask("9D"))


def test_baseline_discards_its_highest_card_when_every_card_is_connected() -> None:
    """Discard rule: every card is two towards a spread, so the highest card goes."""
    hand = dealt(
        {"me": ["KH", "KS", "9D", "9C", "5H"], "you": OTHER},
        upcard="3S",
        stock=["5S"],
        moves=[(0, "draw", "")],
    )
    action = make_player(Level.BASELINE, random.Random(0)).choose(seat_view(hand, 0))
    assert action.kind == DISCARD and action.cards in (mask("KH"), mask("KS"))
