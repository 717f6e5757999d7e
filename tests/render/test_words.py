"""Moves and endings in words."""

from __future__ import annotations

import pytest

from bot.engine.cards import parse_card
from bot.engine.settle import Result
from bot.i18n import amount_text
from bot.render.cards import cards_text
from bot.render.words import ending_text, move_text, names_text
from bot.tables.views import PublicMove

NAMES = ("cat", "dan", "ann", "bob")


def test_cards_are_sorted_with_suit_symbols_and_amounts_are_signed() -> None:
    mask = sum(1 << parse_card(c) for c in ("QS", "10H", "AC", "JK1"))
    assert cards_text(mask) == "A♣ 10♥ Q♠ 🃏1"
    assert [amount_text(n) for n in (4, 0, -1)] == ["+4", "0", "−1"]


def test_lists_of_names() -> None:
    assert names_text([], "en") == "" and names_text(["ann"], "en") == "ann"
    assert names_text(["ann", "bob", "cat"], "en") == "ann, bob and cat"


def test_a_list_past_its_most_names_counts_the_others_in_each_language() -> None:
    names = ["ann", "bob", "cat", "dan", "eve"]
    assert names_text(names, "en", 5) == "ann, bob, cat, dan and eve"
    assert names_text(names, "en", 2) == "ann, bob and 3 others"
    assert names_text(names, "en", 4) == "ann, bob, cat, dan and 1 other"
    assert names_text(names, "ro", 3) == "ann, bob, cat și încă 2 membri"
    assert names_text(names, "vi", 1) == "ann và 4 người khác"


@pytest.mark.parametrize(
    ("kind", "cards", "spread", "auto", "sentence"),
    [
        ("draw", "", -1, False, "ann drew from the stock"),
        ("take", "7D", -1, False, "ann took 7♦ from the discard pile"),
        ("spread", "4H 5H 6H", -1, False, "ann spread 4♥ 5♥ 6♥"),
        ("hit", "7H", 0, False, "ann hit spread 1 with 7♥"),
        ("discard", "KS", -1, True, "ann discarded K♠ (automatic)"),
        ("drop", "", -1, False, "ann dropped"),
    ],
)
def test_moves_in_words(kind: str, cards: str, spread: int, auto: bool, sentence: str) -> None:
    mask = sum(1 << parse_card(c) for c in cards.split())
    assert move_text(PublicMove(kind, "ann", mask, spread, auto), "en") == sentence


@pytest.mark.parametrize(
    ("result", "sentence"),
    [
        (
            Result("drop_caught", (2,), (-1, -4, 4, 1), (30, 20, 12, 18), 2, 1),
            "dan dropped with 20 and was caught by ann with 12.",
        ),
        (
            Result("drop_caught", (2, 3), (0, -4, 2, 2), (30, 20, 12, 12), 2, 1),
            "dan dropped with 20 and was caught by ann with 12 and bob with 12.",
        ),
        (Result("drop_won", (1,), (-1, 3, -1, -1), (9, 3, 5, 7), 1, 1), "dan dropped with 3"),
        (Result("tonk_out", (3,), (-2, -2, -2, 6), (9, 3, 5, 0), 2), "bob went out without"),
        (Result("out_by_discard", (3,), (-1, -1, -1, 3), (9, 3, 5, 0), 1), "bob went out by"),
        (Result("stock_out", (0, 2), (1, -2, 1, 0), (3, 9, 3, 9), 1), "cat and ann had the"),
        (Result("instant_win", (0,), (6, -2, -2, -2), (50, 9, 9, 9), 2), "cat won on the deal"),
        (Result("thrown_in", (), (0, 0, 0, 0), (50, 50, 9, 9)), "thrown in"),
        (Result("dead_hand", (), (0, 0, 0, 0), (3, 3, 9, 9)), "A dead hand"),
    ],
)
def test_every_ending_in_words(result: Result, sentence: str) -> None:
    assert sentence in ending_text(result, NAMES, "en")
