"""Options of play (RULES.md §2): spreads and hits O19-O20, going out O21-O24, boobed O36,
waiting O37-O41 and slapping O43, by scenario.

Every test would fail if its option were ignored: it plays the same moves with and without
the option, or asserts a refusal or a payment the standard game does not give. Payments are
worked out by hand from RULES.md in the comments.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from bot.engine import Action, Hand, IllegalAction, RulesError, build_rules
from bot.engine.cards import card_text
from bot.scenario import load
from tests.engine.stacking import act, play, scenario


def pass_turn(player: str, card: str) -> list[dict[str, Any]]:
    """A turn that changes nothing: draw ``card`` from the stock and discard it."""
    return [act(player, "draw"), act(player, "discard", card=card)]


def refused(out: dict[str, Any], index: int, code: str) -> None:
    assert out["status"] == 1
    assert out["error"]["index"] == index and out["error"]["code"] == code


# -- O19 must_spread ----------------------------------------------------------------------

BOOK_HELD = {"ann": ["5C", "5D", "5H", "9S", "KD"], "bob": ["2S", "3H", "7C", "JD", "QH"]}
ACES_HELD = {"ann": ["AC", "AD", "AH", "9S", "KD"], "bob": ["2S", "3H", "7C", "JD", "QH"]}
RUN_HELD = {"ann": ["AC", "2C", "3C", "9S", "KD"], "bob": ["2S", "3H", "7C", "JD", "QH"]}
DRAW_DISCARD = [act("ann", "draw"), act("ann", "discard", card="KD")]


def test_O19_must_spread_on_refuses_to_end_a_turn_with_a_spread_in_hand() -> None:
    out = play(BOOK_HELD, DRAW_DISCARD, stock=["QC"], options={"must_spread": "on"})
    refused(out, 1, "must_lay_spread")
    out = play(BOOK_HELD, DRAW_DISCARD, stock=["QC"])  # off: holding a book is allowed
    assert out["status"] == 0 and out["to_act"] == "bob"
    moves = [act("ann", "draw"), act("ann", "spread", cards=["5C", "5D", "5H"]),
             act("ann", "discard", card="KD")]  # fmt: skip
    out = play(BOOK_HELD, moves, stock=["QC"], options={"must_spread": "on"})
    assert out["status"] == 0 and out["to_act"] == "bob"


def test_O19_must_spread_on_except_aces_lets_three_aces_be_held_but_not_a_run() -> None:
    out = play(ACES_HELD, DRAW_DISCARD, stock=["QC"], options={"must_spread": "on_except_aces"})
    assert out["status"] == 0 and out["to_act"] == "bob"
    out = play(ACES_HELD, DRAW_DISCARD, stock=["QC"], options={"must_spread": "on"})
    refused(out, 1, "must_lay_spread")
    out = play(RUN_HELD, DRAW_DISCARD, stock=["QC"], options={"must_spread": "on_except_aces"})
    refused(out, 1, "must_lay_spread")


def test_O19_must_spread_on_refuses_even_the_discard_of_a_card_of_the_held_spread() -> None:
    moves = [act("ann", "draw"), act("ann", "discard", card="5C")]
    out = play(BOOK_HELD, moves, stock=["QC"], options={"must_spread": "on"})
    refused(out, 1, "must_lay_spread")
    out = play(BOOK_HELD, moves, stock=["QC"])
    assert out["status"] == 0 and out["discard_top"] == "5C"


# -- O20 rare book variants -----------------------------------------------------------------

BOOK_HANDS = {"ann": ["5C", "5D", "5H", "8S", "9S"], "bob": ["5S", "7S", "10S", "JD", "QD"]}
BOOK_MOVES = [act("ann", "draw"), act("ann", "spread", cards=["5C", "5D", "5H"]),
              act("ann", "discard", card="KD"), act("bob", "draw"),
              act("bob", "hit", spread=0, cards=["5S"])]  # fmt: skip
RUN_HANDS = {"ann": ["6H", "7H", "8H", "KC", "KD"], "bob": ["9H", "5H", "10H", "3S", "QC"]}
RUN_START = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
             act("ann", "discard", card="JS"), act("bob", "draw")]  # fmt: skip
RUN_STOCK = ["JS", "JD"]


def test_O20_no_fourth_to_book_a_book_of_three_on_the_table_cannot_be_hit() -> None:
    out = play(BOOK_HANDS, BOOK_MOVES, stock=["KD", "KH"], options={"no_fourth_to_book": True})
    refused(out, 4, "not_allowed")
    out = play(BOOK_HANDS, BOOK_MOVES, stock=["KD", "KH"])  # S8: the fourth card fits
    assert out["status"] == 0 and out["spreads"][0]["cards"] == ["5C", "5D", "5H", "5S"]


def test_O20_no_fourth_to_book_runs_can_still_be_hit() -> None:
    moves = [*RUN_START, act("bob", "hit", spread=0, cards=["9H"])]
    out = play(RUN_HANDS, moves, stock=RUN_STOCK, options={"no_fourth_to_book": True})
    assert out["status"] == 0 and out["spreads"][0]["cards"] == ["6H", "7H", "8H", "9H"]


def test_O20_one_hit_per_turn_allows_one_card_onto_spreads_per_turn() -> None:
    two_hits = [*RUN_START, act("bob", "hit", spread=0, cards=["9H"]),
                act("bob", "hit", spread=0, cards=["5H"])]  # fmt: skip
    two_cards = [*RUN_START, act("bob", "hit", spread=0, cards=["9H", "10H"])]
    options = {"one_hit_per_turn": True}
    refused(play(RUN_HANDS, two_hits, stock=RUN_STOCK, options=options), 5, "not_allowed")
    refused(play(RUN_HANDS, two_cards, stock=RUN_STOCK, options=options), 4, "not_allowed")
    out = play(RUN_HANDS, two_hits, stock=RUN_STOCK)
    assert out["status"] == 0
    assert out["spreads"][0]["cards"] == ["5H", "6H", "7H", "8H", "9H"]


def test_O20_hit_ends_turn_a_turn_with_a_hit_has_no_discard() -> None:
    moves = [*RUN_START, act("bob", "hit", spread=0, cards=["9H"])]
    out = play(RUN_HANDS, moves, stock=RUN_STOCK, options={"hit_ends_turn": True})
    # bob drew (6 cards) and hit (5): the turn passed to ann without a discard.
    assert out["status"] == 0 and out["to_act"] == "ann" and out["phase"] == "start"
    assert len(out["hands"]["bob"]) == 5 and out["discard_top"] == "JS"
    out = play(RUN_HANDS, moves, stock=RUN_STOCK)
    assert out["to_act"] == "bob" and out["phase"] == "play"


MELD_HANDS = {"ann": ["5C", "5D", "9S", "KD", "2H"], "bob": ["2S", "3H", "7C", "JD", "QH"]}


def test_O20_H13_discard_must_meld_the_card_taken_must_be_used_at_once() -> None:
    take_and_discard = [act("ann", "take"), act("ann", "discard", card="5S")]
    # H13: in the standard game the card just taken may be discarded again.
    out = play(MELD_HANDS, take_and_discard, upcard="5S")
    assert out["status"] == 0 and out["discard_top"] == "5S" and out["to_act"] == "bob"
    options = {"discard_must_meld": True}
    refused(play(MELD_HANDS, take_and_discard, upcard="5S", options=options), 1, "not_allowed")
    keep = [act("ann", "take"), act("ann", "discard", card="KD")]
    refused(play(MELD_HANDS, keep, upcard="5S", options=options), 1, "not_allowed")
    meld = [act("ann", "take"), act("ann", "spread", cards=["5C", "5D", "5S"]),
            act("ann", "discard", card="KD")]  # fmt: skip
    out = play(MELD_HANDS, meld, upcard="5S", options=options)
    assert out["status"] == 0 and out["to_act"] == "bob"


def test_O20_discard_must_meld_a_card_that_cannot_be_used_cannot_be_taken() -> None:
    take = [act("ann", "take")]
    out = play(MELD_HANDS, take, upcard="QS", options={"discard_must_meld": True})
    refused(out, 0, "not_allowed")
    assert play(MELD_HANDS, take, upcard="QS")["status"] == 0


# -- O21 tonk_out_pays ------------------------------------------------------------------------

HIT_OUT = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["4C", "5C", "8S", "9S", "10S"],
           "cat": ["4D", "7D", "JS", "KH", "QC"]}  # fmt: skip
HIT_OUT_MOVES = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
                 act("ann", "discard", card="KS"), act("bob", "draw"),
                 act("bob", "spread", cards=["8S", "9S", "10S"]),
                 act("bob", "hit", spread=0, cards=["4C", "5C", "6C"])]  # fmt: skip
HIT_OUT_STOCK = ["QH", "6C"]
TWO_SPREADS = {"ann": ["AC", "2C", "3C", "9D", "9H"], "bob": ["5H", "6H", "8S", "10S", "QD"],
               "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
TWO_SPREADS_MOVES = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
                     act("ann", "spread", cards=["9D", "9H", "9S"])]  # fmt: skip


def test_O21_second_spread_only_going_out_by_hitting_pays_single() -> None:
    options = {"tonk_out_pays": "second_spread_only"}
    out = play(HIT_OUT, HIT_OUT_MOVES, stock=HIT_OUT_STOCK, options=options)
    # bob empties his hand by a hit, no discard: single, 1 from ann and 1 from cat.
    assert out["ending"] == "tonk_out" and out["winners"] == ["bob"]
    assert out["payouts"] == {"ann": -1, "bob": 2, "cat": -1}
    # S11a: double.
    out = play(HIT_OUT, HIT_OUT_MOVES, stock=HIT_OUT_STOCK)
    assert out["payouts"] == {"ann": -2, "bob": 4, "cat": -2}


def test_O21_second_spread_only_going_out_by_a_second_spread_pays_double() -> None:
    options = {"tonk_out_pays": "second_spread_only"}
    out = play(TWO_SPREADS, TWO_SPREADS_MOVES, stock=["9S"], options=options)
    # 2 from bob, 2 from cat.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


ONE_RUN = {"ann": ["AC", "2C", "3C", "4C", "5C"], "bob": ["5H", "6H", "8S", "10S", "QD"],
           "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
ONE_RUN_MOVES = [act("ann", "draw"),
                 act("ann", "spread", cards=["AC", "2C", "3C", "4C", "5C", "6C"])]  # fmt: skip


def test_O21_second_spread_only_going_out_by_a_first_and_only_spread_pays_single() -> None:
    options = {"tonk_out_pays": "second_spread_only"}
    out = play(ONE_RUN, ONE_RUN_MOVES, stock=["6C"], options=options)
    # ann empties her hand with her one spread: single, 1 from bob and 1 from cat.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}
    # S11a: double.
    out = play(ONE_RUN, ONE_RUN_MOVES, stock=["6C"])
    assert out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


def test_O21_second_spread_only_a_second_spread_laid_on_a_later_turn_pays_double() -> None:
    hands = {**TWO_SPREADS, "ann": ["AC", "2C", "3C", "9D", "KS"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
             act("ann", "discard", card="KS"), *pass_turn("bob", "QC"),
             *pass_turn("cat", "QS"), act("ann", "draw"),
             act("ann", "spread", cards=["9D", "9H", "9S"])]  # fmt: skip
    out = play(hands, moves, stock=["9H", "QC", "QS", "9S"], options=SECOND_ONLY)
    # ann's second spread of her own empties her hand: double, 2 from bob and 2 from cat.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


SECOND_ONLY = {"tonk_out_pays": "second_spread_only"}


def test_O21_single_going_out_always_pays_single() -> None:
    out = play(TWO_SPREADS, TWO_SPREADS_MOVES, stock=["9S"], options={"tonk_out_pays": "single"})
    # 1 from bob, 1 from cat.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}


# -- O22 stakes: indiana ----------------------------------------------------------------------

OUT_BY_DISCARD = {"ann": ["AC", "2C", "3C", "4C", "KS"], "bob": ["5H", "6H", "8S", "10S", "QD"],
                  "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
OUT_BY_DISCARD_MOVES = [act("ann", "draw"),
                        act("ann", "spread", cards=["AC", "2C", "3C", "4C", "5C"]),
                        act("ann", "discard", card="KS")]  # fmt: skip


def test_O22_indiana_stakes_going_out_by_discarding_is_a_rum_paid_2_by_each() -> None:
    out = play(OUT_BY_DISCARD, OUT_BY_DISCARD_MOVES, stock=["5C"], options={"stakes": "indiana"})
    # A rum: 2 from bob, 2 from cat (S11b pays 1 each).
    assert out["ending"] == "out_by_discard" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}
    out = play(OUT_BY_DISCARD, OUT_BY_DISCARD_MOVES, stock=["5C"])
    assert out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}
    # The basic stake scales it: 2 x 3 from each.
    out = play(
        OUT_BY_DISCARD, OUT_BY_DISCARD_MOVES, stock=["5C"], options={"stakes": "indiana"}, stake=3
    )
    assert out["payouts"] == {"ann": 12, "bob": -6, "cat": -6}


def test_O22_indiana_stakes_a_tonk_out_is_a_rum_and_a_drop_pays_1() -> None:
    out = play(TWO_SPREADS, TWO_SPREADS_MOVES, stock=["9S"], options={"stakes": "indiana"})
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}
    low = {"ann": ["AC", "2D", "3H", "AS", "2S"], "bob": ["5H", "6H", "8S", "10S", "QD"],
           "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
    out = play(low, [act("ann", "drop")], options={"stakes": "indiana"})
    # ann 9 is lowest: a "tonk" in Indiana, 1 from each.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}


# -- O23 first_turn_two_spreads -------------------------------------------------------------

FIRST_TURN = {"first_turn_two_spreads": True}


def test_O23_going_out_on_the_first_turn_with_two_spreads_pays_quadruple() -> None:
    out = play(TWO_SPREADS, TWO_SPREADS_MOVES, stock=["9S"], options=FIRST_TURN)
    # 4 from bob, 4 from cat (S11a: 2 each).
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 8, "bob": -4, "cat": -4}


def test_O23_one_spread_plus_hits_or_a_later_turn_pays_only_double() -> None:
    out = play(HIT_OUT, HIT_OUT_MOVES, stock=HIT_OUT_STOCK, options=FIRST_TURN)
    # bob's first turn, but one spread and a hit: double, 2 from ann and 2 from cat.
    assert out["payouts"] == {"ann": -2, "bob": 4, "cat": -2}
    later = [*pass_turn("ann", "QH"), *pass_turn("bob", "QS"), *pass_turn("cat", "JH"),
             *TWO_SPREADS_MOVES]  # fmt: skip
    out = play(TWO_SPREADS, later, stock=["QH", "QS", "JH", "9S"], options=FIRST_TURN)
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


# -- O24 chicago_breaking -------------------------------------------------------------------

BREAKING = {"chicago_breaking": True}


def test_O24_chicago_breaking_after_a_hit_going_out_pays_single() -> None:
    out = play(HIT_OUT, HIT_OUT_MOVES, stock=HIT_OUT_STOCK, options=BREAKING)
    # bob hit ann's spread ("broke his hand"): single, 1 from ann and 1 from cat.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": -1, "bob": 2, "cat": -1}


def test_O24_chicago_breaking_a_double_spread_out_pays_double_only_on_the_first_turn() -> None:
    out = play(TWO_SPREADS, TWO_SPREADS_MOVES, stock=["9S"], options=BREAKING)
    assert out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}  # "tonk in the deal"
    later = [*pass_turn("ann", "QH"), *pass_turn("bob", "QS"), *pass_turn("cat", "JH"),
             *TWO_SPREADS_MOVES]  # fmt: skip
    out = play(TWO_SPREADS, later, stock=["QH", "QS", "JH", "9S"], options=BREAKING)
    # Second turn: single, 1 from bob and 1 from cat (S11a: 2 each).
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}
    out = play(TWO_SPREADS, later, stock=["QH", "QS", "JH", "9S"])
    assert out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


# -- O36 boobed -------------------------------------------------------------------------------


def boobed_scenario(
    hands: dict[str, list[str]], keys: list[str], left: int
) -> tuple[list[dict[str, Any]], list[str]]:
    """Moves that burn the stock (each player draws and discards) until ``left`` cards are
    left, then the stock continues with ``keys``; returns (moves, stock). Two players, bob
    deals, upcard KC."""
    named = {c for cards in hands.values() for c in cards} | set(keys) | {"KC"}
    filler = [card_text(c) for c in range(52) if card_text(c) not in named]
    stock_size = 52 - 10 - 1
    burn = filler[: stock_size - left]
    stock = [*burn, *keys]
    moves = []
    for i, c in enumerate(burn):
        moves += pass_turn(("ann", "bob")[i % 2], c)
    return moves, stock


BOOBED_HANDS = {"ann": ["AC", "2C", "3C", "4D", "4H"], "bob": ["7D", "8D", "9D", "QH", "QS"]}
ANN_EMPTIES = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
               act("ann", "spread", cards=["4D", "4H", "4S"])]  # fmt: skip


def test_O36_boobed_emptying_the_hand_does_not_go_out_the_player_drops_next_turn() -> None:
    # Three cards left when ann draws: then two, no more than the two players.
    burn, stock = boobed_scenario(BOOBED_HANDS, ["4S", "QD"], 3)
    assert len(burn) == 2 * 38
    options = {"boobed": True}
    out = play(BOOBED_HANDS, [*burn, *ANN_EMPTIES], upcard="KC", stock=stock, options=options)
    assert out["status"] == 0 and out["ended"] is False
    assert out["hands"]["ann"] == [] and out["counts"]["ann"] == 0
    assert out["to_act"] == "bob" and out["stock"] == 2
    moves = [*burn, *ANN_EMPTIES, *pass_turn("bob", "QD"), act("ann", "drop")]
    out = play(BOOBED_HANDS, moves, upcard="KC", stock=stock, options=options)
    # ann drops with 0 against bob's 44: a successful drop, 1 from bob.
    assert out["ending"] == "drop_won" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 1, "bob": -1}
    # Not boobed: the two spreads are a tonk, 2 from bob.
    out = play(BOOBED_HANDS, [*burn, *ANN_EMPTIES], upcard="KC", stock=stock)
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 2, "bob": -2}


def test_O36_boobed_a_second_emptied_hand_catches_the_dropper_on_equal_count() -> None:
    burn, stock = boobed_scenario(BOOBED_HANDS, ["4S", "QD"], 3)
    bob_empties = [act("bob", "draw"), act("bob", "spread", cards=["7D", "8D", "9D"]),
                   act("bob", "spread", cards=["QH", "QS", "QD"])]  # fmt: skip
    moves = [*burn, *ANN_EMPTIES, *bob_empties, act("ann", "drop")]
    out = play(BOOBED_HANDS, moves, upcard="KC", stock=stock, options={"boobed": True})
    # 0 against 0: ann is caught (S11c) and pays bob double.
    assert out["ending"] == "drop_caught" and out["winners"] == ["bob"]
    assert out["counts"] == {"ann": 0, "bob": 0}
    assert out["payouts"] == {"ann": -2, "bob": 2}


def test_O36_boobed_discarding_the_last_card_does_not_go_out() -> None:
    hands = {"ann": ["AC", "2C", "3C", "4C", "KH"], "bob": ["7D", "8D", "9D", "QH", "QS"]}
    burn, stock = boobed_scenario(hands, ["5C"], 3)
    moves = [*burn, act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C", "4C", "5C"]),
             act("ann", "discard", card="KH")]  # fmt: skip
    out = play(hands, moves, upcard="KC", stock=stock, options={"boobed": True})
    assert out["ended"] is False and out["to_act"] == "bob" and out["hands"]["ann"] == []
    out = play(hands, moves, upcard="KC", stock=stock)
    assert out["ending"] == "out_by_discard" and out["payouts"] == {"ann": 1, "bob": -1}


# -- O37-O41 waiting ----------------------------------------------------------------------------

SPREADER = {"ann": ["6H", "7H", "8H", "AC", "2C"], "bob": ["9H", "QC", "QD", "JS", "8C"]}
FILLER = ["KS", "KH", "QH", "QS", "JD", "JC", "10D", "10C", "10H", "9S", "9C"]


def ann_spreads(stock: list[str]) -> list[dict[str, Any]]:
    return [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
            act("ann", "discard", card=stock[0])]  # fmt: skip


def passes(players: list[str], cards: list[str]) -> list[dict[str, Any]]:
    """Every player in ``players`` passes once, in order, drawing ``cards``."""
    return [m for p, c in zip(players, cards, strict=True) for m in pass_turn(p, c)]


def drop_on_turn(
    turn: int, after_first: list[dict[str, Any]], used: int, seats: list[str]
) -> list[dict[str, Any]]:
    """ann's moves: her first turn (``after_first`` are the others' first-round moves, which
    draw ``used`` cards), then pass rounds until ann's turn ``turn``, where she drops."""
    moves = [*ann_spreads(FILLER), *after_first]
    cursor = 1 + used
    for _ in range(turn - 2):
        moves += passes(seats, FILLER[cursor : cursor + len(seats)])
        cursor += len(seats)
    return [*moves, act("ann", "drop")]


BOB_PASSES = pass_turn("bob", "KH")
BOB_HITS = [act("bob", "draw"), act("bob", "hit", spread=0, cards=["9H"]),
            act("bob", "discard", card="KH")]  # fmt: skip


@pytest.mark.parametrize("turn", [2, 3, 4])
def test_O37_wait_after_spread_3_bars_dropping_on_the_next_three_turns(turn: int) -> None:
    moves = drop_on_turn(turn, BOB_PASSES, 1, ["ann", "bob"])
    out = play(SPREADER, moves, stock=FILLER, options={"wait_after_spread": 3})
    refused(out, len(moves) - 1, "cannot_drop")
    # The standard game lets ann drop.
    assert play(SPREADER, moves, stock=FILLER)["ending"] == "drop_won"


def test_O37_wait_after_spread_3_the_fourth_turn_after_the_spread_may_drop() -> None:
    moves = drop_on_turn(5, BOB_PASSES, 1, ["ann", "bob"])
    out = play(SPREADER, moves, stock=FILLER, options={"wait_after_spread": 3})
    # ann 1 + 2 = 3 against bob's 47: 1 from bob.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


def test_O38_wait_after_hit_1_being_hit_bars_dropping_on_the_next_turn() -> None:
    moves = drop_on_turn(2, BOB_HITS, 1, ["ann", "bob"])
    out = play(SPREADER, moves, stock=FILLER, options={"wait_after_hit": 1})
    refused(out, len(moves) - 1, "cannot_drop")
    assert play(SPREADER, moves, stock=FILLER)["ending"] == "drop_won"
    moves = drop_on_turn(3, BOB_HITS, 1, ["ann", "bob"])
    out = play(SPREADER, moves, stock=FILLER, options={"wait_after_hit": 1})
    # ann 3 against bob's 10 + 10 + 10 + 8 = 38: 1 from bob.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


TWO_CARD_HITTER = {**SPREADER, "bob": ["4H", "5H", "QD", "JS", "8C"]}
HIT_TWO_AT_ONCE = [act("bob", "draw"), act("bob", "hit", spread=0, cards=["4H", "5H"]),
                   act("bob", "discard", card="KH")]  # fmt: skip
HIT_ONE_BY_ONE = [act("bob", "draw"), act("bob", "hit", spread=0, cards=["5H"]),
                  act("bob", "hit", spread=0, cards=["4H"]),
                  act("bob", "discard", card="KH")]  # fmt: skip


@pytest.mark.parametrize("bob_hits", [HIT_TWO_AT_ONCE, HIT_ONE_BY_ONE], ids=["together", "split"])
def test_O38_each_card_added_is_one_hit_however_the_play_is_split(
    bob_hits: list[dict[str, Any]],
) -> None:
    options = {"wait_after_hit": 1}
    for turn in (2, 3):  # two cards added: two waits
        moves = drop_on_turn(turn, bob_hits, 1, ["ann", "bob"])
        refused(play(TWO_CARD_HITTER, moves, stock=FILLER, options=options), len(moves) - 1,
                "cannot_drop")  # fmt: skip
    moves = drop_on_turn(4, bob_hits, 1, ["ann", "bob"])
    out = play(TWO_CARD_HITTER, moves, stock=FILLER, options=options)
    # ann 3 against bob's 10 + 10 + 8 + 10 + 10 + 10 = 58: 1 from bob.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


def test_O38_O39_wait_hit_once_per_round_a_two_card_hit_costs_one_wait() -> None:
    options = {"wait_after_hit": 1, "wait_hit_once_per_round": True}
    moves = drop_on_turn(2, HIT_TWO_AT_ONCE, 1, ["ann", "bob"])
    refused(play(TWO_CARD_HITTER, moves, stock=FILLER, options=options), len(moves) - 1,
            "cannot_drop")  # fmt: skip
    moves = drop_on_turn(3, HIT_TWO_AT_ONCE, 1, ["ann", "bob"])
    assert play(TWO_CARD_HITTER, moves, stock=FILLER, options=options)["ending"] == "drop_won"


THREE = {**SPREADER, "cat": ["5H", "KC", "KD", "10S", "4S"]}
TWO_HITS = [*BOB_HITS, act("cat", "draw"), act("cat", "hit", spread=0, cards=["5H"]),
            act("cat", "discard", card="QH")]  # fmt: skip


def test_O39_two_hits_between_turns_add_up() -> None:
    seats = ["ann", "bob", "cat"]
    for turn in (2, 3):
        moves = drop_on_turn(turn, TWO_HITS, 2, seats)
        out = play(THREE, moves, stock=FILLER, options={"wait_after_hit": 1})
        refused(out, len(moves) - 1, "cannot_drop")
    moves = drop_on_turn(4, TWO_HITS, 2, seats)
    out = play(THREE, moves, stock=FILLER, options={"wait_after_hit": 1})
    # ann 3 against bob 38 and cat 10 + 10 + 10 + 4 = 34: 1 from each.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}


def test_O39_wait_hit_once_per_round_several_hits_cost_one_wait() -> None:
    options = {"wait_after_hit": 1, "wait_hit_once_per_round": True}
    seats = ["ann", "bob", "cat"]
    moves = drop_on_turn(2, TWO_HITS, 2, seats)
    refused(play(THREE, moves, stock=FILLER, options=options), len(moves) - 1, "cannot_drop")
    moves = drop_on_turn(3, TWO_HITS, 2, seats)
    out = play(THREE, moves, stock=FILLER, options=options)
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}


def test_O39_a_spread_and_then_a_hit_add_up() -> None:
    options = {"wait_after_spread": 1, "wait_after_hit": 1}
    for turn in (2, 3):
        moves = drop_on_turn(turn, BOB_HITS, 1, ["ann", "bob"])
        out = play(SPREADER, moves, stock=FILLER, options=options)
        refused(out, len(moves) - 1, "cannot_drop")
    # The spread alone would have let ann drop on her third turn.
    moves = drop_on_turn(3, BOB_HITS, 1, ["ann", "bob"])
    out = play(SPREADER, moves, stock=FILLER, options={"wait_after_spread": 1})
    assert out["ending"] == "drop_won"
    moves = drop_on_turn(4, BOB_HITS, 1, ["ann", "bob"])
    out = play(SPREADER, moves, stock=FILLER, options=options)
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


GOES_OUT = {"ann": ["6H", "7H", "8H", "AC", "AD"], "bob": ["9H", "QC", "QD", "JS", "8C"]}
GOES_OUT_MOVES = [*ann_spreads(["KS"]), *BOB_HITS, act("ann", "draw"),
                  act("ann", "spread", cards=["AC", "AD", "AH"])]  # fmt: skip


def test_O40_waiting_never_stops_going_out() -> None:
    out = play(GOES_OUT, GOES_OUT_MOVES, stock=["KS", "KH", "AH"], options={"wait_after_hit": 1})
    # ann was hit, yet empties her hand with a second spread: a tonk, 2 from bob.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 2, "bob": -2}


def test_O40_hit_blocks_going_out_being_hit_stops_emptying_the_hand_next_turn() -> None:
    options = {"wait_after_hit": 1, "hit_blocks_going_out": True}
    out = play(GOES_OUT, GOES_OUT_MOVES, stock=["KS", "KH", "AH"], options=options)
    refused(out, len(GOES_OUT_MOVES) - 1, "not_allowed")


OWN_HIT_HANDS = {"ann": ["6H", "7H", "8H", "AC", "2C"], "bob": ["9C", "QC", "QD", "JS", "8C"]}
OWN_HIT = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
           act("ann", "hit", spread=0, cards=["9H"]), act("ann", "discard", card="2C"),
           *pass_turn("bob", "KH"), act("ann", "drop")]  # fmt: skip
OWN_HIT_STOCK = ["9H", "KH"]


def test_O41_O38_hitting_your_own_spread_makes_you_wait_by_default() -> None:
    out = play(OWN_HIT_HANDS, OWN_HIT, stock=OWN_HIT_STOCK, options={"wait_after_hit": 1})
    refused(out, 6, "cannot_drop")


def test_O41_wait_after_own_hit_false_hitting_your_own_spread_does_not_make_you_wait() -> None:
    options = {"wait_after_hit": 1, "wait_after_own_hit": False}
    out = play(OWN_HIT_HANDS, OWN_HIT, stock=OWN_HIT_STOCK, options=options)
    # ann 1 against bob 9 + 10 + 10 + 10 + 8 = 47: 1 from bob.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


# -- O43 slap, H11 ----------------------------------------------------------------------------

SLAP_HANDS = {"ann": ["6H", "7H", "8H", "9H", "KC"], "bob": ["2S", "3S", "5D", "JD", "QC"],
              "cat": ["4D", "7C", "10S", "KH", "KS"]}  # fmt: skip
ANN_DISCARDS_9H = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
                   act("ann", "discard", card="9H")]  # fmt: skip
SLAP_STOCK = ["QS", "JH", "JC"]
RACE = {"slap": "race"}


def test_O43_slap_off_nobody_may_slap() -> None:
    out = play(SLAP_HANDS, [*ANN_DISCARDS_9H, act("cat", "slap", spread=0)], stock=SLAP_STOCK)
    refused(out, 3, "not_allowed")


def test_O43_slap_race_a_later_player_slaps_discards_an_extra_card_and_play_goes_on() -> None:
    moves = [*ANN_DISCARDS_9H, act("cat", "slap", spread=0)]
    out = play(SLAP_HANDS, [*moves, act("bob", "draw")], stock=SLAP_STOCK, options=RACE)
    refused(out, 4, "not_your_turn")  # cat owes the extra discard first
    moves.append(act("cat", "slap_discard", card="KS"))
    out = play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=RACE)
    assert out["status"] == 0
    assert out["spreads"] == [{"owner": "ann", "cards": ["6H", "7H", "8H", "9H"]}]
    assert sorted(out["hands"]["cat"]) == ["10S", "4D", "7C", "KH"]
    assert out["discard_top"] == "KS"
    # Play continues with the next player's turn: bob's.
    assert out["to_act"] == "bob" and out["phase"] == "start"


def test_O43_slap_race_the_next_player_slaps_discards_then_takes_the_normal_turn() -> None:
    moves = [*ANN_DISCARDS_9H, act("bob", "slap", spread=0),
             act("bob", "slap_discard", card="QC")]  # fmt: skip
    out = play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=RACE)
    assert out["status"] == 0 and out["to_act"] == "bob" and out["phase"] == "start"
    assert sorted(out["hands"]["bob"]) == ["2S", "3S", "5D", "JD"]
    out = play(SLAP_HANDS, [*moves, act("bob", "draw")], stock=SLAP_STOCK, options=RACE)
    assert out["status"] == 0 and out["phase"] == "play"


def test_O43_slap_the_discarder_slapping_their_own_card_discards_nothing_extra() -> None:
    moves = [*ANN_DISCARDS_9H, act("ann", "slap", spread=0)]
    out = play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=RACE)
    assert out["status"] == 0 and out["spreads"][0]["cards"] == ["6H", "7H", "8H", "9H"]
    assert sorted(out["hands"]["ann"]) == ["KC", "QS"] and out["to_act"] == "bob"
    out = play(SLAP_HANDS, [*moves, act("ann", "slap_discard", card="KC")], stock=SLAP_STOCK,
               options=RACE)  # fmt: skip
    refused(out, 4, "not_allowed")


def test_O43_slap_the_card_is_dead_once_the_next_player_draws() -> None:
    moves = [*ANN_DISCARDS_9H, act("bob", "draw"), act("cat", "slap", spread=0)]
    refused(play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=RACE), 4, "not_allowed")


def test_O43_slap_next_player_priority_the_next_players_slap_has_no_extra_discard() -> None:
    options = {"slap": "next_player_priority"}
    moves = [*ANN_DISCARDS_9H, act("bob", "slap", spread=0), act("bob", "draw")]
    out = play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=options)
    assert out["status"] == 0 and out["to_act"] == "bob" and out["phase"] == "play"
    assert len(out["hands"]["bob"]) == 6  # 5 dealt + 1 drawn, nothing discarded
    # Under race the same draw is refused: bob owes an extra discard.
    refused(play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=RACE), 4, "must_discard")
    # A later player's slap still earns the extra discard.
    moves = [*ANN_DISCARDS_9H, act("cat", "slap", spread=0), act("bob", "draw")]
    refused(play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=options), 4, "not_your_turn")


def test_O43_H11_O38_a_slapped_card_counts_as_a_hit_for_waiting() -> None:
    moves = [*ANN_DISCARDS_9H, act("cat", "slap", spread=0),
             act("cat", "slap_discard", card="KS"), *pass_turn("bob", "JH"),
             *pass_turn("cat", "JC"), act("ann", "drop")]  # fmt: skip
    options = {"slap": "race", "wait_after_hit": 1}
    refused(play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=options), 9, "cannot_drop")
    out = play(SLAP_HANDS, moves, stock=SLAP_STOCK, options=RACE)
    # Without waiting ann drops: KC + QS = 20 against bob 30 and cat 4 + 7 + 10 + 10 = 31.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}


# -- option combinations that must not freeze a hand -------------------------------------------
# A hand in play where nobody has a legal move can never end. Where the fix is a design
# choice, these tests accept each reasonable one (named in the docstring) and nothing else.


def hand_after(
    hands: dict[str, list[str]], moves: list[dict[str, Any]], **kw: Any
) -> tuple[Hand, list[str]]:
    """The hand after ``moves`` (all of which must be accepted), and its player names."""
    hand, actions = load(scenario(hands, moves, **kw))
    for action in actions:
        hand.act(action)
    return hand, list(hands)


def test_O43_O36_a_boobed_empty_handed_player_who_slaps_does_not_freeze_the_hand() -> None:
    """Either the slap is refused (no card to discard) or it owes no discard; either way ann
    may then drop with her empty hand (O36)."""
    hands = {"ann": ["AC", "2C", "3C", "4D", "4H"], "bob": ["7D", "8D", "9D", "QH", "4C"]}
    burn, stock = boobed_scenario(hands, ["4S", "QD"], 3)
    # ann empties her hand while boobed; bob discards the 4C, which fits ann's book of 4s.
    moves = [*burn, *ANN_EMPTIES, act("bob", "draw"), act("bob", "discard", card="4C")]
    options = {"boobed": True, "slap": "race"}
    hand, _ = hand_after(hands, moves, upcard="KC", stock=stock, options=options)
    assert hand.hands[0] == 0 and hand.to_act == 0
    with contextlib.suppress(IllegalAction):
        hand.act(Action("slap", 0, 0, 1))
    result = hand.act(Action("drop", 0))
    # ann 0 against bob 7 + 8 + 9 + 10 + 10 = 44: a successful drop, 1 from bob.
    assert result is not None and result.ending == "drop_won" and result.payouts == (1, -1)


BLOCKED = {"ann": ["6H", "7H", "8H", "AC", "AD"], "bob": ["9H", "QC", "QD", "JS", "8C"]}
BLOCKED_MOVES = [
    *ann_spreads(["KS"]),
    act("bob", "draw"),
    act("bob", "hit", spread=0, cards=["9H"]),
]


def assert_refused_as_conflict_or_playable(
    options: dict[str, Any], names: tuple[str, str], moves: list[dict[str, Any]], stock: list[str]
) -> None:
    try:
        build_rules("standard", options)
    except RulesError as error:  # the combination refused, naming both options
        assert all(name in str(error) for name in names)
        return
    try:
        hand, _ = hand_after(BLOCKED, moves, stock=stock, options=options)
    except IllegalAction as refusal:  # the last move refused instead
        assert refusal.code == "not_allowed"
        return
    legal = hand.legal_moves(0)
    assert legal, "ann, to act, has no legal move"
    hand.act(legal.action(0, 0))


def test_O19_O40_must_spread_and_hit_blocks_going_out_never_leave_a_player_without_a_move() -> None:
    """ann was hit (O40: she may not empty her hand this turn) and draws AH: AC AD AH is her
    whole hand, which O19 says she must lay. Accepted fixes: refuse the two options together,
    or give ann a legal move (e.g. let her discard, or lay the book without going out)."""
    moves = [*BLOCKED_MOVES, act("bob", "discard", card="KH"), act("ann", "draw")]
    options = {"must_spread": "on", "wait_after_hit": 1, "hit_blocks_going_out": True}
    assert_refused_as_conflict_or_playable(
        options, ("must_spread", "hit_blocks_going_out"), moves, ["KS", "KH", "AH"]
    )


def test_O20_O40_discard_must_meld_and_hit_blocks_going_out_never_leave_a_player_stuck() -> None:
    """ann was hit (O40) and holds AC AD; bob discards AH. Taking it, she must meld it at
    once (O20), and the only meld, AC AD AH, empties her hand. Accepted fixes: refuse the
    two options together, refuse the take (not_allowed), or give ann a legal move."""
    moves = [*BLOCKED_MOVES, act("bob", "discard", card="AH"), act("ann", "take")]
    options = {"discard_must_meld": True, "wait_after_hit": 1, "hit_blocks_going_out": True}
    assert_refused_as_conflict_or_playable(
        options, ("discard_must_meld", "hit_blocks_going_out"), moves, ["KS", "AH"]
    )
