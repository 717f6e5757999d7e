"""Options O1-O18 (RULES.md §2, "Deck and deal" and "Instant wins on the deal"), by scenario.

Every test would fail if its option were ignored: it asserts an outcome the standard game
does not give (or compares the same deal with and without the option). Payouts are worked
out by hand from RULES.md in the comments; "each other player pays X" means the winner
collects X from every other seat.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.scenario import ScenarioError, run_scenario
from tests.engine.stacking import act, play, scenario

# Hands with known counts (S2: A = 1, pictures 10). Tests pick hands that share no card.
FIFTY = ["KC", "QC", "JC", "10C", "KD"]  # 50
FIFTY_B = ["KH", "QH", "JH", "10H", "KS"]  # 50
FORTY_NINE = ["QD", "JD", "10D", "9D", "QS"]  # 49
FORTY_NINE_B = ["9H", "10H", "JH", "QH", "KH"]  # 49
MID = ["3C", "5D", "7H", "8S", "2S"]  # 25
MID_B = ["4C", "6D", "6H", "8D", "7S"]  # 31
LOW_16 = ["AC", "2C", "3D", "4H", "6S"]  # 16
LOW_15 = ["AC", "2C", "3D", "4H", "5S"]  # 15
LOW_14 = ["AC", "2C", "3D", "4H", "4S"]  # 14
LOW_13 = ["AC", "2C", "3D", "2D", "5C"]  # 13
LOW_12 = ["AC", "AD", "2C", "4D", "4C"]  # 12
LOW_11 = ["AC", "AD", "2C", "3D", "4C"]  # 11
LOW_10 = ["AC", "AD", "2C", "2D", "4C"]  # 10
LOW_9 = ["AC", "AD", "2C", "2D", "3C"]  # 9
LOW_9_B = ["AH", "AS", "2H", "2S", "3H"]  # 9
LOW_12_B = ["AH", "AS", "2H", "4S", "4H"]  # 12
PICTURES = ["JC", "QD", "KH", "JS", "QC"]  # five picture cards, 50
PICTURES_B = ["JD", "QH", "KS", "JH", "KC"]  # five picture cards, 50


def deal(
    ann: list[str], bob: list[str], cat: list[str], options: dict[str, Any], **kw: Any
) -> dict[str, Any]:
    """Deal three hands (cat deals, ann plays first) and play no move."""
    return play({"ann": ann, "bob": bob, "cat": cat}, options=options, **kw)


def assert_instant(out: dict[str, Any], winners: list[str], payouts: dict[str, int]) -> None:
    assert out["status"] == 0 and out["ended"] is True
    assert out["ending"] == "instant_win"
    assert out["winners"] == winners
    assert out["payouts"] == payouts


def assert_thrown_in(out: dict[str, Any]) -> None:
    assert out["status"] == 0 and out["ending"] == "thrown_in"
    assert out["winners"] == []
    assert out["payouts"] == {"ann": 0, "bob": 0, "cat": 0}


def assert_plays_on(out: dict[str, Any]) -> None:
    assert out["status"] == 0 and out["ended"] is False
    assert out["to_act"] == "ann" and out["phase"] == "start"


# -- O1 deck ------------------------------------------------------------------------------


def test_O1_the_40_card_pack_has_no_8s_9s_or_10s() -> None:
    hands = {"ann": ["AC", "2C", "3C", "4C", "5C"], "bob": ["AD", "2D", "3D", "4D", "5D"]}
    out = play(hands, options={"deck": 40})
    # 40 cards - 2 x 5 dealt - 1 upcard = 29 (the 52-card pack leaves 41).
    assert out["stock"] == 29 and out["discard_top"] == "6C"
    assert play(hands)["stock"] == 41
    data = scenario(hands, options={"deck": 40})
    data["deck"] = [*data["deck"], "8C"]
    with pytest.raises(ScenarioError, match="8C"):
        run_scenario(data)


def test_O1_in_the_40_card_pack_seven_is_next_to_the_jack_6_7_J_and_7_J_Q() -> None:
    hands = {"ann": ["6H", "7H", "JH", "KC", "KD"], "bob": ["QH", "2S", "3S", "5C", "6C"]}
    moves = [
        act("ann", "draw"),
        act("ann", "spread", cards=["6H", "7H", "JH"]),
        act("ann", "discard", card="5S"),
        act("bob", "draw"),
        act("bob", "hit", spread=0, cards=["QH"]),
        act("bob", "discard", card="4S"),
    ]
    out = play(hands, moves, upcard="AC", stock=["5S", "4S"], options={"deck": 40})
    assert out["status"] == 0
    assert out["spreads"] == [{"owner": "ann", "cards": ["6H", "7H", "JH", "QH"]}]
    # The 52-card pack: 6-7-J has a gap (8, 9, 10).
    out = play(hands, moves, upcard="AC", stock=["5S", "4S"])
    assert out["status"] == 1 and out["error"]["index"] == 1
    assert out["error"]["code"] == "invalid_spread"


# -- O2 jokers ----------------------------------------------------------------------------


def test_O2_jokers_are_added_count_zero_and_cannot_be_used_in_spreads() -> None:
    hands = {"ann": ["JK1", "JK2", "5C", "5D", "9S"], "bob": ["2C", "3C", "4C", "8H", "9H"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["5C", "5D", "JK1"])]
    out = play(hands, moves, stock=["5H"], options={"jokers": 2})
    # ann: 0 + 0 + 5 + 5 + 9 = 19, plus the 5H drawn = 24.
    assert out["counts"] == {"ann": 24, "bob": 26}
    # 54 cards - 10 dealt - 1 upcard - 1 drawn = 42.
    assert out["stock"] == 42
    assert out["status"] == 1 and out["error"]["code"] == "invalid_spread"
    # Without the option there is no joker in the pack.
    with pytest.raises(ScenarioError, match="JK1"):
        play(hands, moves, stock=["5H"])


# -- O3 wilds, H3-H5 ----------------------------------------------------------------------

WILD = {"wilds": "deuces_jokers"}


def test_O3_H4_two_jokers_are_added_a_wild_2_counts_2_and_a_joker_0() -> None:
    hands = {"ann": ["7C", "7D", "2S", "JK1", "KH"], "bob": ["3C", "4C", "8H", "9H", "QS"]}
    out = play(hands, options=WILD)
    # ann 7 + 7 + 2 + 0 + 10 = 26; bob 3 + 4 + 8 + 9 + 10 = 34; 54 - 10 - 1 = 43 in stock.
    assert out["counts"] == {"ann": 26, "bob": 34}
    assert out["stock"] == 43
    with pytest.raises(ScenarioError, match="JK3"):  # two jokers, not three
        play({"ann": ["JK3", *hands["ann"][1:]], "bob": hands["bob"]}, options=WILD)


def test_O3_wild_cards_stand_for_any_card_in_a_book_and_in_a_run() -> None:
    hands = {"ann": ["7C", "7D", "2S", "JK1", "4H"], "bob": ["3C", "4C", "8H", "9H", "QS"]}
    moves = [
        act("ann", "draw"),
        act("ann", "spread", cards=["7C", "7D", "2S"]),  # 2S is a third 7
        act("ann", "spread", cards=["4H", "JK1", "6H"]),  # JK1 is the 5H
    ]
    out = play(hands, moves, stock=["6H"], options=WILD)
    # Two spreads empty ann's hand: a tonk (S11a), 2 from bob.
    assert out["ending"] == "tonk_out" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 2, "bob": -2}
    # Jokers without wilds: 7-7-2 is no book.
    out = play(hands, moves, stock=["6H"], options={"jokers": 2})
    assert out["status"] == 1 and out["error"]["index"] == 1
    assert out["error"]["code"] == "invalid_spread"


def test_O3_H3_a_spread_must_hold_a_natural_card() -> None:
    hands = {"ann": ["JK1", "JK2", "2S", "9C", "KD"], "bob": ["3C", "4C", "8H", "9H", "QS"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["JK1", "JK2", "2S"])]
    out = play(hands, moves, stock=["6H"], options=WILD)
    assert out["status"] == 1 and out["error"]["code"] == "invalid_spread"


def test_O3_H5_a_hit_is_valid_when_some_assignment_of_the_wilds_makes_a_run() -> None:
    # 4H 2S 6H is laid with the 2S as the 5H; the natural 5H still fits, the 2S moving to
    # the 3H or the 7H (a fixed-position reading would refuse it).
    hands = {"ann": ["4H", "6H", "2S", "KC", "KD"], "bob": ["5H", "3C", "8C", "9S", "QS"]}
    moves = [
        act("ann", "draw"),
        act("ann", "spread", cards=["4H", "2S", "6H"]),
        act("ann", "discard", card="QH"),
        act("bob", "draw"),
        act("bob", "hit", spread=0, cards=["5H"]),
    ]
    out = play(hands, moves, stock=["QH", "JD"], options=WILD)
    assert out["status"] == 0
    assert out["spreads"] == [{"owner": "ann", "cards": ["4H", "5H", "6H", "2S"]}]


# -- O4 face_values ---------------------------------------------------------------------

RANK = {"face_values": "rank", "instant_win": "none"}


def test_O4_rank_values_count_jack_11_queen_12_king_13() -> None:
    hands = {"ann": ["JC", "QD", "KH", "2C", "3C"], "bob": ["4C", "5D", "6H", "7S", "8S"]}
    # ann 11 + 12 + 13 + 2 + 3 = 41 (35 with pictures at 10); bob 30 either way.
    assert play(hands, options=RANK)["counts"] == {"ann": 41, "bob": 30}
    assert play(hands, options={"instant_win": "none"})["counts"] == {"ann": 35, "bob": 30}


def test_O4_rank_values_turn_a_winning_drop_into_a_catch() -> None:
    hands = {"ann": ["KC", "AC", "AD", "AH", "AS"], "bob": ["2C", "2D", "2H", "3C", "6S"]}
    # ann: 13 + 4 = 17 against bob's 15: caught, pays bob double (S11c): ann -2, bob +2.
    out = play(hands, [act("ann", "drop")], options=RANK)
    assert out["ending"] == "drop_caught" and out["winners"] == ["bob"]
    assert out["counts"] == {"ann": 17, "bob": 15}
    assert out["payouts"] == {"ann": -2, "bob": 2}
    # Pictures at 10: ann 14 < 15 wins the drop, 1 from bob.
    out = play(hands, [act("ann", "drop")], options={"instant_win": "none"})
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


# -- O5 hand_size, O6 upcard --------------------------------------------------------------


def test_O5_seven_cards_are_dealt_to_each_player() -> None:
    ann = ["AC", "2C", "3C", "4C", "5C", "6C", "7C"]
    bob = ["AD", "2D", "3D", "4D", "5D", "6D", "7D"]
    out = play({"ann": ann, "bob": bob}, options={"hand_size": 7})
    assert sorted(out["hands"]["ann"]) == sorted(ann)
    assert sorted(out["hands"]["bob"]) == sorted(bob)
    # 1 + ... + 7 = 28 each; 52 - 14 - 1 = 37 in the stock.
    assert out["counts"] == {"ann": 28, "bob": 28}
    assert out["stock"] == 37 and out["discard_top"] == "8C"


def test_O6_no_upcard_the_first_player_must_draw_and_the_pile_starts_with_a_discard() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["5H", "6H", "8S", "9S", "QD"]}
    # The card after the deal is not turned up: it is the top of the stock.
    out = play(hands, upcard="4D", options={"upcard": False})
    assert out["discard_top"] is None and out["stock"] == 42
    out = play(hands, [act("ann", "take")], upcard="4D", options={"upcard": False})
    assert out["status"] == 1 and out["error"]["code"] == "not_allowed"
    moves = [act("ann", "draw"), act("ann", "discard", card="4D")]
    out = play(hands, moves, upcard="4D", options={"upcard": False})
    assert out["status"] == 0 and out["discard_top"] == "4D" and out["stock"] == 41
    # With the upcard the same take is allowed.
    assert play(hands, [act("ann", "take")], upcard="4D")["status"] == 0


# -- O7 standard --------------------------------------------------------------------------


def test_O7_standard_pays_a_dealt_49_double_and_a_low_hand_nothing() -> None:
    out = deal(FORTY_NINE, LOW_15, MID, {"instant_win": "standard"})
    # S6: ann 49 is paid 2 by bob and 2 by cat; bob's 15 means nothing.
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    assert_plays_on(deal(LOW_9, MID_B, LOW_12_B, {"instant_win": "standard"}))


# -- O8 fifty_double ----------------------------------------------------------------------


def test_O8_fifty_double_pays_a_lone_49_single() -> None:
    out = deal(FORTY_NINE, MID, MID_B, {"instant_win": "fifty_double"})
    # 49 is paid single: 1 from bob, 1 from cat (S6 would pay 4).
    assert out["counts"]["ann"] == 49
    assert_instant(out, ["ann"], {"ann": 2, "bob": -1, "cat": -1})


def test_O8_fifty_double_pays_a_50_double_and_a_49_beside_it_nothing() -> None:
    out = deal(FORTY_NINE, FIFTY, MID, {"instant_win": "fifty_double"})
    # bob's 50 beats ann's 49: bob is paid 2 by ann and 2 by cat (S6: thrown in).
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})
    assert_thrown_in(deal(FORTY_NINE, FIFTY, MID, {"instant_win": "standard"}))


def test_O8_fifty_double_two_equal_best_totals_are_a_draw() -> None:
    assert_thrown_in(deal(FIFTY, FIFTY_B, FORTY_NINE, {"instant_win": "fifty_double"}))
    assert_thrown_in(deal(FORTY_NINE, FORTY_NINE_B, MID, {"instant_win": "fifty_double"}))


# -- O9 low15 -----------------------------------------------------------------------------

HIGH_41 = ["9S", "10S", "QS", "5H", "7C"]  # 41


def test_O9_low15_pays_15_or_fewer_double() -> None:
    out = deal(LOW_15, MID, MID_B, {"instant_win": "low15"})
    # ann 15: paid 2 by bob and 2 by cat.
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    assert_plays_on(deal(LOW_15, MID, MID_B, {"instant_win": "standard"}))
    assert_plays_on(deal(LOW_16, MID, MID_B, {"instant_win": "low15"}))


def test_O9_low15_any_other_automatic_win_throws_the_hand_in() -> None:
    assert_thrown_in(deal(LOW_15, FORTY_NINE, MID_B, {"instant_win": "low15"}))
    # Two low hands: not "the lowest wins", thrown in.
    assert_thrown_in(deal(LOW_12, LOW_9_B, HIGH_41, {"instant_win": "low15"}))


# -- O10 low9_triple ----------------------------------------------------------------------


def test_O10_low9_triple_pays_9_or_fewer_triple() -> None:
    out = deal(LOW_9, MID_B, LOW_12_B, {"instant_win": "low9_triple"})
    # ann 9: triple, 3 from bob and 3 from cat (cat's 12 is no automatic win here).
    assert_instant(out, ["ann"], {"ann": 6, "bob": -3, "cat": -3})
    assert_plays_on(deal(LOW_10, MID, LOW_12_B, {"instant_win": "low9_triple"}))


def test_O10_low9_triple_pays_49_double_and_H6_two_automatic_wins_are_thrown_in() -> None:
    out = deal(MID_B, FORTY_NINE, MID, {"instant_win": "low9_triple"})
    # bob 49: 2 from ann, 2 from cat.
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})
    assert_thrown_in(deal(LOW_9, MID_B, FIFTY_B, {"instant_win": "low9_triple"}))


# -- O11 low9_only ------------------------------------------------------------------------


def test_O11_low9_only_pays_9_or_fewer_double_and_ignores_49_and_50() -> None:
    out = deal(LOW_9, MID_B, FIFTY_B, {"instant_win": "low9_only"})
    # Only ann's 9 counts: 2 from bob, 2 from cat; cat's 50 is nothing.
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    assert_plays_on(deal(FIFTY, MID_B, FORTY_NINE_B, {"instant_win": "low9_only"}))
    assert_plays_on(deal(LOW_10, MID, FIFTY_B, {"instant_win": "low9_only"}))
    assert_thrown_in(deal(LOW_9, LOW_9_B, MID_B, {"instant_win": "low9_only"}))  # H6


# -- O12 low13 ----------------------------------------------------------------------------


def test_O12_low13_pays_13_or_fewer_double() -> None:
    out = deal(LOW_13, MID_B, HIGH_41, {"instant_win": "low13"})
    # ann 13: 2 from bob, 2 from cat.
    assert out["counts"] == {"ann": 13, "bob": 31, "cat": 41}
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    assert_plays_on(deal(LOW_13, MID_B, HIGH_41, {"instant_win": "standard"}))
    assert_plays_on(deal(LOW_14, MID_B, HIGH_41, {"instant_win": "low13"}))


def test_O12_H6_low13_two_automatic_wins_are_thrown_in() -> None:
    assert_thrown_in(deal(LOW_13, MID_B, FORTY_NINE, {"instant_win": "low13"}))
    assert_thrown_in(deal(LOW_13, LOW_9_B, MID_B, {"instant_win": "low13"}))


# -- O13 washington_dc --------------------------------------------------------------------


def test_O13_washington_dc_eleven_or_fewer_beats_50() -> None:
    out = deal(FIFTY, LOW_11, MID, {"instant_win": "washington_dc"})
    # bob's 11 beats ann's 50: only bob is paid, 2 by ann and 2 by cat.
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})
    # S6 pays ann's 50 instead.
    out = deal(FIFTY, LOW_11, MID, {"instant_win": "standard"})
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})


def test_O13_washington_dc_50_beats_49_and_the_lowest_low_is_best() -> None:
    out = deal(FORTY_NINE, FIFTY, MID, {"instant_win": "washington_dc"})
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})
    # 10, 9 and 50: bob's 9 is best.
    out = deal(LOW_10, LOW_9_B, FIFTY_B, {"instant_win": "washington_dc"})
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})


def test_O13_H6_washington_dc_equal_best_totals_are_thrown_in_and_12_is_nothing() -> None:
    assert_thrown_in(deal(LOW_9, LOW_9_B, MID_B, {"instant_win": "washington_dc"}))
    assert_plays_on(deal(LOW_12, MID, HIGH_41, {"instant_win": "washington_dc"}))


# -- O14 new_jersey -----------------------------------------------------------------------


def test_O14_new_jersey_49_beats_13_or_fewer() -> None:
    out = deal(LOW_9, FORTY_NINE, MID_B, {"instant_win": "new_jersey"})
    # bob's 49 beats ann's 9: bob is paid 2 by ann and 2 by cat.
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})
    # washington_dc pays the 9 instead.
    out = deal(LOW_9, FORTY_NINE, MID_B, {"instant_win": "washington_dc"})
    assert out["winners"] == ["ann"]


def test_O14_new_jersey_50_beats_49_and_the_lowest_low_wins() -> None:
    out = deal(FORTY_NINE, FIFTY, MID, {"instant_win": "new_jersey"})
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})
    out = deal(LOW_12, LOW_9_B, HIGH_41, {"instant_win": "new_jersey"})
    # 12 and 9: bob's 9 wins double; ann's 12 wins nothing (and pays 2).
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})


def test_O14_new_jersey_an_exact_tie_goes_to_the_player_nearest_the_dealers_left() -> None:
    # ann and cat both hold 9. bob deals: his left is cat, then ann.
    out = deal(LOW_9, HIGH_41, LOW_9_B, {"instant_win": "new_jersey"}, dealer="bob")
    assert_instant(out, ["cat"], {"ann": -2, "bob": -2, "cat": 4})
    # cat deals: ann is at the dealer's left.
    out = deal(LOW_9, HIGH_41, LOW_9_B, {"instant_win": "new_jersey"}, dealer="cat")
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})


# -- O15 louisiana ------------------------------------------------------------------------

FORTY_SEVEN = ["KC", "QC", "JC", "KD", "7D"]  # 47, in the 40-card pack


def test_O15_louisiana_pays_a_dealt_47_double() -> None:
    low_15, low_16 = ["AH", "2H", "3H", "4H", "5H"], ["AS", "2S", "3S", "4S", "6S"]
    out = deal(FORTY_SEVEN, low_15, low_16, {"deck": 40, "instant_win": "louisiana"})
    # ann 47: 2 from bob, 2 from cat (47 is nothing in S6).
    assert out["counts"]["ann"] == 47
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    assert_plays_on(deal(FORTY_SEVEN, low_15, low_16, {"deck": 40}))


def test_O15_louisiana_49_is_nothing_and_H6_several_are_thrown_in() -> None:
    assert_plays_on(deal(FORTY_NINE, MID, MID_B, {"instant_win": "louisiana"}))
    fifty_40 = ["QH", "JH", "KH", "QS", "JS"]
    low_16 = ["AS", "2S", "3S", "4S", "6S"]
    assert_thrown_in(deal(FORTY_SEVEN, fifty_40, low_16, {"deck": 40, "instant_win": "louisiana"}))


# -- O16 five_faces -----------------------------------------------------------------------


def test_O16_five_faces_five_picture_cards_are_a_rum_paid_2_by_each() -> None:
    out = deal(PICTURES, MID, MID_B, {"instant_win": "five_faces"})
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    # With J = 11, Q = 12, K = 13 (59) it is still five pictures (O4 allows five_faces).
    out = deal(PICTURES, MID, MID_B, {"instant_win": "five_faces", "face_values": "rank"})
    assert out["counts"]["ann"] == 59
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})


def test_O16_five_faces_tens_are_not_pictures_and_no_count_wins() -> None:
    four_pictures_and_a_ten = ["10C", "JD", "QH", "KS", "JC"]  # 50
    assert_plays_on(deal(four_pictures_and_a_ten, MID, MID_B, {"instant_win": "five_faces"}))
    assert_plays_on(deal(FORTY_NINE, LOW_9_B, MID_B, {"instant_win": "five_faces"}))
    # S6 would pay the 50.
    out = deal(four_pictures_and_a_ten, MID, MID_B, {"instant_win": "standard"})
    assert out["ending"] == "instant_win"


def test_O16_H6_five_faces_two_rums_on_the_deal_are_thrown_in() -> None:
    assert_thrown_in(deal(PICTURES, PICTURES_B, MID, {"instant_win": "five_faces"}))


# -- O17 chicago --------------------------------------------------------------------------

CHICAGO = {"instant_win": "chicago"}


def test_O17_chicago_a_big_50_wins_double_before_any_low_hand() -> None:
    out = deal(FIFTY, LOW_9_B, MID_B, CHICAGO)
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})


def test_O17_O17b_chicago_several_big_50s_are_a_dead_hand() -> None:
    out = deal(FIFTY, FIFTY_B, MID, CHICAGO)
    # A dead hand, not S6's thrown-in hand.
    assert out["ending"] == "dead_hand" and out["winners"] == []
    assert out["payouts"] == {"ann": 0, "bob": 0, "cat": 0}


def test_O17b_chicago_big50_tie_first_from_dealer_pays_the_earliest_from_the_dealers_left() -> None:
    options = {**CHICAGO, "chicago_big50_tie": "first_from_dealer"}
    out = deal(FIFTY, FIFTY_B, MID, options)  # cat deals: ann, then bob
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    out = deal(FIFTY, FIFTY_B, MID, options, dealer="ann")  # ann deals: bob, cat, ann
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})


def test_O17_chicago_the_lowest_of_13_or_fewer_wins_double_the_others_nothing() -> None:
    out = deal(LOW_12, LOW_9_B, HIGH_41, CHICAGO)
    # bob's 9 is lowest: 2 from ann (whose 12 wins nothing) and 2 from cat.
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})
    assert_thrown_in(deal(LOW_9, LOW_9_B, MID_B, CHICAGO))  # a tie for that lowest
    assert_plays_on(deal(LOW_14, MID_B, HIGH_41, CHICAGO))


CHICAGO_HANDS = {"ann": ["5C", "6C", "7C", "KH", "2H"], "bob": FORTY_NINE, "cat": MID_B}


def test_O17_chicago_a_dealt_49_is_claimed_at_the_start_of_the_first_turn_for_single() -> None:
    out = play(CHICAGO_HANDS, options=CHICAGO)
    assert out["ended"] is False  # S6 would pay the 49 at once
    moves = [act("ann", "draw"), act("ann", "discard", card="9C"), act("bob", "claim")]
    out = play(CHICAGO_HANDS, moves, stock=["9C"], options=CHICAGO)
    # bob 49, single: 1 from ann, 1 from cat.
    assert_instant(out, ["bob"], {"ann": -1, "bob": 2, "cat": -1})


def test_O17c_chicago_49_pays_2_makes_the_claimed_49_double() -> None:
    moves = [act("ann", "draw"), act("ann", "discard", card="9C"), act("bob", "claim")]
    out = play(CHICAGO_HANDS, moves, stock=["9C"], options={**CHICAGO, "chicago_49_pays": 2})
    assert_instant(out, ["bob"], {"ann": -2, "bob": 4, "cat": -2})


def test_O17_chicago_no_49_claim_after_a_spread_or_after_the_first_turn() -> None:
    moves = [act("ann", "draw"), act("ann", "spread", cards=["5C", "6C", "7C"]),
             act("ann", "discard", card="9C"), act("bob", "claim")]  # fmt: skip
    out = play(CHICAGO_HANDS, moves, stock=["9C"], options=CHICAGO)
    assert out["status"] == 1 and out["error"]["index"] == 3
    assert out["error"]["code"] == "not_allowed"
    stock = ["9C", "8C", "4D", "3S"]
    moves = [act("ann", "draw"), act("ann", "discard", card="9C"),
             act("bob", "draw"), act("bob", "discard", card="8C"),
             act("cat", "draw"), act("cat", "discard", card="4D"),
             act("ann", "draw"), act("ann", "discard", card="3S"),
             act("bob", "claim")]  # fmt: skip
    out = play(CHICAGO_HANDS, moves, stock=stock, options=CHICAGO)
    assert out["status"] == 1 and out["error"]["index"] == 8
    assert out["error"]["code"] == "not_allowed"
    out = play(CHICAGO_HANDS, [act("ann", "claim")], options=CHICAGO)  # ann has no 49
    assert out["status"] == 1 and out["error"]["code"] == "not_allowed"


# -- O18 washington_state -----------------------------------------------------------------


def test_O18_washington_state_14_or_fewer_is_a_double_tonk() -> None:
    out = deal(LOW_14, MID_B, MID, {"instant_win": "washington_state"})
    # ann 14: 2 from bob and 2 from cat.
    assert_instant(out, ["ann"], {"ann": 4, "bob": -2, "cat": -2})
    assert_plays_on(deal(LOW_15, MID_B, MID, {"instant_win": "washington_state"}))


def test_O18_H7_washington_state_every_double_tonk_is_paid_by_each_player_without_one() -> None:
    hands = {"ann": LOW_14, "bob": FIFTY, "cat": MID, "dan": MID_B}
    out = play(hands, options={"instant_win": "washington_state"})
    # ann (14) and bob (50) are each paid 2 by cat and 2 by dan; they do not pay each other.
    assert out["ending"] == "instant_win" and out["winners"] == ["ann", "bob"]
    assert out["payouts"] == {"ann": 4, "bob": 4, "cat": -4, "dan": -4}
    # S6 pays bob's 50 alone.
    out = play(hands)
    assert out["winners"] == ["bob"] and out["payouts"]["bob"] == 6
