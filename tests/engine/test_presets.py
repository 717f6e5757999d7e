"""Presets P1-P11 (RULES.md §3): each regional game's distinctive behaviour, played through
scenarios, and its rules summary (``tonk rules PRESET``) naming what differs from the
standard game. Payouts are worked out by hand from RULES.md in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.cli import main
from bot.engine import build_rules
from bot.engine.cards import card_text
from bot.engine.rules import OPTIONS, PRESETS
from bot.engine.summary import summarize
from bot.scenario import ScenarioError
from tests.engine.stacking import act, play


def tonk(*argv: str) -> int:
    """Run ``tonk ARGV…`` as the command line does (in English, whatever the environment)."""
    return main([*argv, "--lang", "en"])


# S11c's worked example: cat deals, dan drops with 20; ann 12 (lowest), bob 18, cat 30.
WORKED = {
    "ann": ["AD", "AH", "2D", "3H", "5S"],
    "bob": ["AS", "2H", "4H", "5C", "6C"],
    "cat": ["3S", "4S", "5D", "8C", "10C"],
    "dan": ["AC", "2C", "4D", "6H", "7S"],
}
# A catch with no count of 14 or fewer (no instant win under P6 or P7): dan drops with 20;
# ann 15 (lowest), bob 20 (equal: beats the dropper), cat 30.
CATCH_HIGH = {
    "ann": ["AD", "AH", "3D", "3H", "7D"],
    "bob": ["AS", "2H", "4H", "6C", "7C"],
    "cat": ["3S", "4S", "5D", "8C", "10C"],
    "dan": ["AC", "2C", "4D", "6H", "7S"],
}
THREE = {"ann": ["AC", "2C", "3C", "9D", "9H"], "bob": ["5H", "6H", "8S", "10S", "QD"],
         "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
TWO_SPREADS_MOVES = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
                     act("ann", "spread", cards=["9D", "9H", "9S"])]  # fmt: skip
MID = ["3C", "5D", "7H", "8S", "2S"]  # 25
MID_B = ["4C", "6D", "6H", "8D", "7S"]  # 31


def pass_turn(player: str, card: str) -> list[dict[str, Any]]:
    return [act(player, "draw"), act(player, "discard", card=card)]


def refused(out: dict[str, Any], index: int, code: str) -> None:
    assert out["status"] == 1
    assert out["error"]["index"] == index and out["error"]["code"] == code


# -- P1 standard ----------------------------------------------------------------------------


def test_P1_standard_is_the_game_of_RULES_section_1() -> None:
    assert build_rules("standard").differences_from_standard() == {}
    out = play(WORKED, [act("dan", "drop")], dealer="cat", preset="standard")
    assert out["payouts"] == {"ann": 4, "bob": 1, "cat": -1, "dan": -4}


# -- P2 washington_dc -----------------------------------------------------------------------


def test_P2_washington_dc_eleven_or_fewer_beats_a_dealt_50() -> None:
    hands = {"ann": ["KC", "QC", "JC", "10C", "KD"], "bob": ["AC", "AD", "2C", "3D", "4C"],
             "cat": MID}  # fmt: skip
    out = play(hands, preset="washington_dc")
    # bob's 11 beats ann's 50: 2 from ann, 2 from cat.
    assert out["ending"] == "instant_win" and out["winners"] == ["bob"]
    assert out["payouts"] == {"ann": -2, "bob": 4, "cat": -2}


# -- P3 new_jersey --------------------------------------------------------------------------


def test_P3_new_jersey_two_spreads_on_the_first_turn_pay_quadruple() -> None:
    out = play(THREE, TWO_SPREADS_MOVES, stock=["9S"], preset="new_jersey")
    # 4 from bob, 4 from cat.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 8, "bob": -4, "cat": -4}


def test_P3_new_jersey_a_dealt_49_beats_a_low_hand() -> None:
    hands = {"ann": ["AC", "AD", "2C", "2D", "3C"], "bob": ["QD", "JD", "10D", "9D", "QS"],
             "cat": MID_B}  # fmt: skip
    out = play(hands, preset="new_jersey")
    # bob 49 over ann 9: 2 from ann, 2 from cat.
    assert out["winners"] == ["bob"] and out["payouts"] == {"ann": -2, "bob": 4, "cat": -2}


# -- P4 louisiana ---------------------------------------------------------------------------


def test_P4_louisiana_a_dealt_47_wins_in_the_40_card_pack() -> None:
    hands = {"ann": ["KC", "QC", "JC", "KD", "7D"], "bob": ["AH", "2H", "3H", "4H", "5H"],
             "cat": ["AS", "2S", "3S", "4S", "6S"]}  # fmt: skip
    out = play(hands, preset="louisiana")
    # ann 47: 2 from bob, 2 from cat.
    assert out["ending"] == "instant_win" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


def test_P4_louisiana_plays_the_40_card_pack_with_7_next_to_the_jack() -> None:
    hands = {"ann": ["6H", "7H", "JH", "KC", "KD"], "bob": ["QH", "2S", "3S", "5C", "6C"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "JH"])]
    out = play(hands, moves, upcard="AC", stock=["5S"], preset="louisiana")
    assert out["status"] == 0 and out["stock"] == 40 - 10 - 1 - 1
    with pytest.raises(ScenarioError, match="9C"):
        play({**hands, "bob": ["9C", "2S", "3S", "5C", "6C"]}, preset="louisiana")


# -- P5 indiana -----------------------------------------------------------------------------


def test_P5_indiana_five_picture_cards_are_a_rum_and_a_50_with_a_ten_is_nothing() -> None:
    hands = {"ann": ["JC", "QD", "KH", "JS", "QC"], "bob": MID, "cat": MID_B}
    out = play(hands, preset="indiana")
    # An automatic rum: 2 from bob, 2 from cat.
    assert out["ending"] == "instant_win" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}
    hands["ann"] = ["10C", "JD", "QH", "KS", "JC"]
    assert play(hands, preset="indiana")["ended"] is False


def test_P5_indiana_going_out_by_discarding_is_a_rum_paid_2() -> None:
    hands = {**THREE, "ann": ["AC", "2C", "3C", "4C", "KS"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C", "4C", "5C"]),
             act("ann", "discard", card="KS")]  # fmt: skip
    out = play(hands, moves, stock=["5C"], preset="indiana")
    # 2 from bob, 2 from cat (S11b: 1 each).
    assert out["ending"] == "out_by_discard" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


def test_P5_indiana_a_caught_dropper_pays_4_to_each_who_hit_the_head() -> None:
    out = play(WORKED, [act("dan", "drop")], dealer="cat", preset="indiana")
    # ann 12 and bob 18 are at or below dan's 20: 4 each from dan; cat nothing.
    assert out["payouts"] == {"ann": 4, "bob": 4, "cat": 0, "dan": -8}


def test_P5_indiana_a_tie_when_the_stock_runs_out_is_a_dead_hand() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["AD", "2D", "3D", "9H", "KH"],
             "cat": ["5H", "6H", "8S", "9S", "QD"]}  # fmt: skip
    named = {c for cards in hands.values() for c in cards}
    rest = [card_text(c) for c in range(52) if card_text(c) not in named]
    moves = [m for i, c in enumerate(rest[1:]) for m in pass_turn(list(hands)[i % 3], c)]
    moves.append(act(list(hands)[len(rest[1:]) % 3], "draw"))
    out = play(hands, moves, upcard=rest[0], stock=rest[1:], preset="indiana")
    # ann and bob tie with 25 (H2 would have cat pay each 1).
    assert out["ending"] == "dead_hand" and out["payouts"] == {"ann": 0, "bob": 0, "cat": 0}


# -- P6 chicago -----------------------------------------------------------------------------


def test_P6_chicago_no_upcard_and_deuces_and_jokers_are_wild() -> None:
    hands = {"ann": ["7C", "7D", "2S", "JK1", "KH"], "bob": ["3C", "4C", "8H", "9H", "QS"]}
    out = play(hands, preset="chicago")
    # 52 + 2 jokers - 10 dealt = 44, all in the stock.
    assert out["discard_top"] is None and out["stock"] == 44
    refused(play(hands, [act("ann", "take")], preset="chicago"), 0, "not_allowed")
    moves = [act("ann", "draw"), act("ann", "spread", cards=["7C", "7D", "2S"])]
    out = play(hands, moves, upcard="5D", preset="chicago")  # 5D is the top of the stock
    assert out["status"] == 0 and out["spreads"][0]["cards"] == ["7C", "7D", "2S"]
    assert sorted(out["hands"]["ann"]) == ["5D", "JK1", "KH"]


def test_P6_chicago_a_caught_dropper_pays_double_to_each_who_caught_him_only() -> None:
    out = play(CATCH_HIGH, [act("dan", "drop")], dealer="cat", preset="chicago")
    # ann 15 and bob 20 caught dan (H9): 2 each; no other payment.
    assert out["ending"] == "drop_caught"
    assert out["payouts"] == {"ann": 2, "bob": 2, "cat": 0, "dan": -4}


def test_P6_chicago_breaking_going_out_after_a_hit_pays_single() -> None:
    hands = {"ann": ["AC", "3C", "4C", "9D", "KS"], "bob": ["5C", "6C", "8S", "9S", "10S"],
             "cat": ["4D", "7D", "JS", "KH", "QC"]}  # fmt: skip
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "3C", "4C", "JK1"]),
             act("ann", "discard", card="KS"), act("bob", "draw"),
             act("bob", "spread", cards=["8S", "9S", "10S"]),
             act("bob", "hit", spread=0, cards=["5C", "6C", "7C"])]  # fmt: skip
    out = play(hands, moves, upcard="JK1", stock=["7C"], preset="chicago")
    # ann 1 + 3 + 4 + 9 + 10 = 27, bob 38, cat 41: no instant win. bob hit a spread, so
    # going out pays single: 1 from ann, 1 from cat.
    assert out["ending"] == "tonk_out" and out["winners"] == ["bob"]
    assert out["payouts"] == {"ann": -1, "bob": 2, "cat": -1}


# -- P7 washington_state --------------------------------------------------------------------


def test_P7_washington_state_14_or_fewer_is_a_double_tonk() -> None:
    hands = {"ann": ["AC", "2C", "3D", "4H", "4S"], "bob": MID_B, "cat": MID}
    out = play(hands, preset="washington_state")
    # ann 14: 2 from bob, 2 from cat.
    assert out["ending"] == "instant_win" and out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


def test_P7_washington_state_a_caught_dropper_pays_2_per_player_to_the_lowest() -> None:
    out = play(CATCH_HIGH, [act("dan", "drop")], dealer="cat", preset="washington_state")
    # 2 x 4 players = 8 from dan to ann (15); bob (20) nothing.
    assert out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 8, "bob": 0, "cat": 0, "dan": -8}


def test_P7_washington_state_being_hit_waits_one_turn_hitting_your_own_spread_not() -> None:
    hands = {"ann": ["6H", "7H", "8H", "AC", "2C"], "bob": ["9H", "QC", "QD", "JS", "8C"]}
    spread = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
              act("ann", "discard", card="KS")]  # fmt: skip
    hit = [act("bob", "draw"), act("bob", "hit", spread=0, cards=["9H"]),
           act("bob", "discard", card="KH")]  # fmt: skip
    moves = [*spread, *hit, act("ann", "drop")]
    out = play(hands, moves, stock=["KS", "KH"], preset="washington_state")
    refused(out, 6, "cannot_drop")
    # P7 sets wait_after_own_hit false: ann hits her own spread and may still drop.
    own = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
           act("ann", "hit", spread=0, cards=["5H"]), act("ann", "discard", card="2C"),
           *pass_turn("bob", "KH"), act("ann", "drop")]  # fmt: skip
    out = play(hands, own, stock=["5H", "KH"], preset="washington_state")
    # ann 1 against bob 47: 1 from bob.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


# -- P8 push_up -----------------------------------------------------------------------------


def test_P8_push_up_losers_are_pushed_up_by_their_counts() -> None:
    out = play(WORKED, [act("dan", "drop")], dealer="cat", preset="push_up")
    # ann (lowest) wins and scores 0; bob 18, cat 30, dan 20.
    assert out["payouts"] == {"ann": 0, "bob": 18, "cat": 30, "dan": 20}


# -- P9 seattle, P10 seven_card_40, H12 ------------------------------------------------------

SEVEN_A = ["AC", "2C", "3C", "4C", "5C", "6C", "7C"]  # 28
SEVEN_B = ["AD", "2D", "3D", "4D", "5D", "6D", "7D"]  # 28


def test_P9_seattle_deals_seven_cards() -> None:
    out = play({"ann": SEVEN_A, "bob": SEVEN_B}, preset="seattle")
    assert out["counts"] == {"ann": 28, "bob": 28} and len(out["hands"]["ann"]) == 7
    assert out["stock"] == 52 - 14 - 1


def test_P9_H12_seattle_a_dealt_50_in_seven_cards_still_wins_double() -> None:
    hands = {"ann": ["KC", "QC", "JC", "10C", "5D", "4D", "AD"],
             "bob": ["2C", "3C", "4C", "6H", "7H", "8S", "9S"]}  # fmt: skip
    out = play(hands, preset="seattle")
    # ann 10 x 4 + 5 + 4 + 1 = 50: 2 from bob.
    assert out["ending"] == "instant_win" and out["payouts"] == {"ann": 2, "bob": -2}


def test_P10_seven_card_40_deals_seven_cards_from_the_40_card_pack() -> None:
    out = play({"ann": SEVEN_A, "bob": SEVEN_B}, preset="seven_card_40")
    assert len(out["hands"]["bob"]) == 7 and out["discard_top"] == "JC"
    assert out["stock"] == 40 - 14 - 1


# -- P11 waiting ----------------------------------------------------------------------------


def test_P11_waiting_a_spread_bars_dropping_for_three_turns_a_hit_for_one() -> None:
    hands = {"ann": ["6H", "7H", "8H", "AC", "2C"], "bob": ["9H", "QC", "QD", "JS", "8C"]}
    stock = ["KS", "KH", "QH", "QS", "JD", "JC", "10D", "10C", "10H", "9S"]
    moves = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
             act("ann", "discard", card="KS"), act("bob", "draw"),
             act("bob", "hit", spread=0, cards=["9H"]),
             act("bob", "discard", card="KH")]  # fmt: skip

    def drop_on_turn(turn: int) -> list[dict[str, Any]]:
        rounds = []
        for i in range(turn - 2):
            rounds += pass_turn("ann", stock[2 + 2 * i]) + pass_turn("bob", stock[3 + 2 * i])
        return [*moves, *rounds, act("ann", "drop")]

    # Spread (3) + hit (1) add up (O39): ann may not drop on her next four turns.
    for turn in range(2, 6):
        drop = drop_on_turn(turn)
        refused(play(hands, drop, stock=stock, preset="waiting"), len(drop) - 1, "cannot_drop")
    out = play(hands, drop_on_turn(6), stock=stock, preset="waiting")
    # ann 3 against bob 38: 1 from bob.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": 1, "bob": -1}


# -- tonk rules PRESET: the summary names what differs ------------------------------------------

DIFFERENCES = {
    "standard": [],
    "washington_dc": ["11-or-less beats 50"],
    "new_jersey": ["50 beats 49 beats 13-or-less", "two spreads of your own pays quadruple"],
    "louisiana": ["40-card pack without 8s, 9s and 10s", "Only a dealt 47 or 50"],
    "indiana": [
        "Five picture cards dealt",
        "a successful drop pays 1 from each, going out (a rum) 2",
        "double rum (4)",
        "A tie for lowest at stock-out is a dead hand",
        "nobody can go out",
    ],
    "chicago": [
        "2s and two jokers are wild",
        "No upcard",
        "big 50 wins double",
        "Once you have hit a spread you can only go out for single",
        "A caught dropper pays double to each player with an equal or lower count; nobody",
    ],
    "washington_state": [
        "14-or-less is a double tonk",
        "2 per player in the game to the lowest",
        "can't drop on your next turn",
        "Hitting your own spread doesn't make you wait",
    ],
    "push_up": ["Push-up: losers are pushed up by their count"],
    "seattle": ["7 cards each"],
    "seven_card_40": ["40-card pack", "7 cards each"],
    "waiting": ["stops you dropping on your next 3 turns", "can't drop on your next turn"],
}


@pytest.mark.parametrize("preset", list(PRESETS), ids=[f"{PRESETS[p][0]}-{p}" for p in PRESETS])
def test_P1_to_P11_tonk_rules_preset_names_what_differs_from_the_standard_game(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = summarize(build_rules(preset))
    assert summary.title.endswith(f"({PRESETS[preset][0]})")
    expected = DIFFERENCES[preset]
    assert len(summary.differences) == len(expected)
    for sentence, words in zip(summary.differences, expected, strict=True):
        assert words in sentence
    assert tonk("rules", preset) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(summary.title)
    if expected:
        assert "Different from the standard game:" in printed
        for sentence in summary.differences:
            assert f"  * {sentence}" in printed
    else:
        assert "This is the standard game" in printed


def test_P1_tonk_rules_with_an_option_lists_it_as_a_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert tonk("rules", "standard", "--option", "catch=alt5") == 0
    printed = capsys.readouterr().out
    assert "Different from the standard game:" in printed
    assert "  * A caught dropper pays 5 stakes to the lowest" in printed


def test_P8_H10_tonk_rules_push_up_shows_the_match_limit() -> None:
    assert "reaches 100 (H10)" in summarize(build_rules("push_up")).to_text()


def test_P6_P7_P9_P10_tonk_rules_shows_the_house_decisions_the_preset_relies_on() -> None:
    # P6: a wild 2 counts 2, a joker 0 (H4); wilds judged by some assignment (H5).
    # P7: several double tonks are each paid by the players without one (H7).
    # P9, P10: seven cards change only the deal (H12).
    relies_on = {"chicago": ("H4", "H5"), "washington_state": ("H7",),
                 "seattle": ("H12",), "seven_card_40": ("H12",)}  # fmt: skip
    missing = [
        (preset, house)
        for preset, houses in relies_on.items()
        for house in houses
        if house not in summarize(build_rules(preset)).to_text()
    ]
    assert missing == []


def test_P2_to_P11_tonk_rules_names_each_differing_option_and_its_rule_id() -> None:
    unnamed = []
    for preset in PRESETS:
        rules = build_rules(preset)
        text = "\n".join(summarize(rules).differences)
        for name in rules.differences_from_standard():
            if name not in text or OPTIONS[name].rule_id_of(getattr(rules, name)) not in text:
                unnamed.append((preset, name))
    assert unnamed == []
