"""Settlement options (RULES.md §2): catching a dropper O25-O33 (with H8, H9, H14), stock
exhaustion O34-O35 (H2), push-up scoring O42 (H10), The Big One O44 and side bets O45.

Each catch scheme is played on the same deal, RULES.md S11c's worked example, so each
test's payouts differ from the standard game's (ann +4, bob +1, cat -1, dan -4). Every
expected payout is worked out by hand from RULES.md in the comment above it.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import build_rules
from bot.engine.cards import card_text
from bot.engine.settle import push_up_match_over
from tests.engine.stacking import act, play

# S11c's worked example: cat deals, dan plays first and drops with 20; ann 12 (lowest),
# bob 18, cat 30.
WORKED = {
    "ann": ["AD", "AH", "2D", "3H", "5S"],
    "bob": ["AS", "2H", "4H", "5C", "6C"],
    "cat": ["3S", "4S", "5D", "8C", "10C"],
    "dan": ["AC", "2C", "4D", "6H", "7S"],
}
# ann and bob tie for the lowest count, 12; cat 30; dan drops with 20.
TIED = {
    "ann": ["AD", "AH", "2D", "3H", "5S"],
    "bob": ["AS", "2H", "4H", "4C", "AC"],
    "cat": ["3S", "4S", "5D", "8C", "10C"],
    "dan": ["2C", "4D", "6H", "6C", "2S"],
}
# bob's count equals the dropper's: ann 12, bob 20, cat 30, dan drops with 20.
EQUAL = {
    "ann": ["AD", "AH", "2D", "3H", "5S"],
    "bob": ["AS", "2H", "4H", "6C", "7C"],
    "cat": ["3S", "4S", "5D", "8C", "10C"],
    "dan": ["AC", "2C", "4D", "6H", "7S"],
}
DAN_DROPS = [act("dan", "drop")]


def caught(hands: dict[str, list[str]], catch: str, **kw: Any) -> dict[str, Any]:
    out = play(hands, DAN_DROPS, dealer="cat", options={"catch": catch}, **kw)
    assert out["status"] == 0 and out["ending"] == "drop_caught"
    return out


# -- O25-O33 catch schemes on the worked example ---------------------------------------------


def test_O25_standard_catch_is_S11c() -> None:
    out = caught(WORKED, "standard")
    # dan pays 2 to ann and 2 to bob; ann (lowest) is paid 1 by bob and 1 by cat.
    assert out["counts"] == {"ann": 12, "bob": 18, "cat": 30, "dan": 20}
    assert out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 4, "bob": 1, "cat": -1, "dan": -4}


@pytest.mark.parametrize(
    ("catch", "payouts"),
    [
        # O26 alt1: only the lowest is paid by dan, double; ann also 1 from bob, 1 from cat.
        ("alt1", {"ann": 4, "bob": -1, "cat": -1, "dan": -2}),
        # O27 alt2, H8: dan pays ann one stake per other player (ann, bob, cat): 3.
        ("alt2", {"ann": 3, "bob": 0, "cat": 0, "dan": -3}),
        # O28 alt3: dan pays 1 to ann and 1 to bob (12 and 18 <= 20); ann also collects 1
        # from bob, cat and dan. ann 1 + 3 = 4, bob 1 - 1 = 0, cat -1, dan -2 - 1 = -3.
        ("alt3", {"ann": 4, "bob": 0, "cat": -1, "dan": -3}),
        # O29 alt4: dan pays 2 to each of the three others.
        ("alt4", {"ann": 2, "bob": 2, "cat": 2, "dan": -6}),
        # O30 alt5: dan pays 5 to the lowest, nobody else pays.
        ("alt5", {"ann": 5, "bob": 0, "cat": 0, "dan": -5}),
        # O31 indiana: a double rum (4) to each player at or below 20: ann and bob.
        ("indiana", {"ann": 4, "bob": 4, "cat": 0, "dan": -8}),
        # O32 chicago, H9: double to each player at or below 20: ann and bob.
        ("chicago", {"ann": 2, "bob": 2, "cat": 0, "dan": -4}),
        # O33 washington_state: 2 x 4 players = 8 to the lowest.
        ("washington_state", {"ann": 8, "bob": 0, "cat": 0, "dan": -8}),
    ],
)
def test_O26_to_O33_each_catch_scheme_on_the_worked_example(
    catch: str, payouts: dict[str, int]
) -> None:
    out = caught(WORKED, catch)
    assert out["winners"] == ["ann"]
    assert out["payouts"] == payouts


def test_O26_alt1_the_dropper_pays_only_the_lowest() -> None:
    out = caught(WORKED, "alt1")
    # bob beat dan too (18 <= 20) but is not paid: he pays ann 1.
    assert out["payouts"] == {"ann": 4, "bob": -1, "cat": -1, "dan": -2}


def test_O27_H8_alt2_pays_one_stake_per_other_player_to_the_lowest() -> None:
    out = caught(WORKED, "alt2", stake=2)
    # 3 other players x basic stake 2 = 6, from dan to ann; nobody else pays.
    assert out["payouts"] == {"ann": 6, "bob": 0, "cat": 0, "dan": -6}


def test_O28_alt3_is_double_to_the_winner_plus_one_per_beater() -> None:
    out = caught(WORKED, "alt3")
    # RULES.md's second reading: dan pays ann double (2) plus 1 for bob, who beat him: 3;
    # ann collects 1 from cat, who did worse than dan. ann 4, bob 0, cat -1, dan -3.
    assert out["payouts"] == {"ann": 4, "bob": 0, "cat": -1, "dan": -3}


def test_O29_alt4_the_dropper_pays_double_to_every_other_player() -> None:
    out = caught(WORKED, "alt4")
    # Even cat (30, worse than dan) is paid 2.
    assert out["payouts"] == {"ann": 2, "bob": 2, "cat": 2, "dan": -6}


def test_O30_alt5_pays_five_to_the_lowest_nearest_the_dealers_left() -> None:
    # ann deals; bob plays first and drops with 20. ann and dan tie lowest with 12; cat 30.
    # From the dealer's left: bob, cat, dan, ann: dan is nearest, so dan alone is paid 5.
    hands = {
        "ann": ["AD", "AH", "2D", "3H", "5S"],
        "bob": ["AC", "2C", "4D", "6H", "7S"],
        "cat": ["3S", "4S", "5D", "8C", "10C"],
        "dan": ["AS", "2H", "3C", "4C", "2S"],
    }
    out = play(hands, [act("bob", "drop")], dealer="ann", options={"catch": "alt5"})
    assert out["counts"] == {"ann": 12, "bob": 20, "cat": 30, "dan": 12}
    assert out["ending"] == "drop_caught" and out["winners"] == ["dan"]
    assert out["payouts"] == {"ann": 0, "bob": -5, "cat": 0, "dan": 5}


def test_O31_indiana_a_player_equal_to_the_dropper_hits_the_head() -> None:
    out = caught(EQUAL, "indiana")
    # ann 12 and bob 20 (equal: the dropper loses ties) are each paid 4 by dan; cat nothing.
    assert out["payouts"] == {"ann": 4, "bob": 4, "cat": 0, "dan": -8}


def test_O32_H9_chicago_every_player_at_or_below_the_dropper_is_paid_double() -> None:
    out = caught(EQUAL, "chicago")
    # ann 12 and bob 20 caught dan: 2 each from dan; no other payment.
    assert out["payouts"] == {"ann": 2, "bob": 2, "cat": 0, "dan": -4}
    # S11c on the same deal: ann also collects 1 from bob and 1 from cat.
    out = caught(EQUAL, "standard")
    assert out["payouts"] == {"ann": 4, "bob": 1, "cat": -1, "dan": -4}


def test_O33_washington_state_the_dropper_pays_two_per_player_to_the_lowest() -> None:
    hands = {"ann": WORKED["ann"], "bob": WORKED["bob"], "dan": WORKED["dan"]}
    out = play(hands, [act("dan", "drop")], dealer="bob", options={"catch": "washington_state"})
    # Three players: 2 x 3 = 6 from dan to ann; bob nothing.
    assert out["winners"] == ["ann"] and out["payouts"] == {"ann": 6, "bob": 0, "dan": -6}


# -- H14: tied lowest after a catch -----------------------------------------------------------


@pytest.mark.parametrize(
    ("catch", "payouts"),
    [
        # S11c: dan pays ann and bob 2 each; cat pays ann and bob 1 each.
        ("standard", {"ann": 3, "bob": 3, "cat": -2, "dan": -4}),
        # alt1: the double from dan and the 1 from cat go to each tied lowest.
        ("alt1", {"ann": 3, "bob": 3, "cat": -2, "dan": -4}),
        # alt2, H8: dan pays each tied lowest 3 (one per other player).
        ("alt2", {"ann": 3, "bob": 3, "cat": 0, "dan": -6}),
        # alt3: dan pays 1 to each (both beat him), and each collects 1 from cat and 1 from
        # dan: ann 1 + 2 = 3, bob 3, cat -2, dan -2 - 2 = -4.
        ("alt3", {"ann": 3, "bob": 3, "cat": -2, "dan": -4}),
        # washington_state: 2 x 4 = 8 to each of the two.
        ("washington_state", {"ann": 8, "bob": 8, "cat": 0, "dan": -16}),
        # alt5 names its own tie rule: only the nearest the dealer's (cat's) left, ann.
        ("alt5", {"ann": 5, "bob": 0, "cat": 0, "dan": -5}),
    ],
)
def test_H14_players_tied_for_lowest_are_each_paid_as_the_lowest(
    catch: str, payouts: dict[str, int]
) -> None:
    out = caught(TIED, catch)
    assert out["counts"] == {"ann": 12, "bob": 12, "cat": 30, "dan": 20}
    assert out["winners"] == (["ann"] if catch == "alt5" else ["ann", "bob"])
    assert out["payouts"] == payouts


# -- O34, O35, H2: the stock runs out ---------------------------------------------------------


def exhaust(hands: dict[str, list[str]], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every player draws and discards until the stock is empty; then the next one draws."""
    players = list(hands)
    named = {c for cards in hands.values() for c in cards}
    rest = [card_text(c) for c in range(52) if card_text(c) not in named]
    upcard, stock = rest[0], rest[1:]
    moves = []
    for i, c in enumerate(stock):
        player = players[i % len(players)]
        moves += [act(player, "draw"), act(player, "discard", card=c)]
    moves.append(act(players[len(stock) % len(players)], "draw"))
    out = play(hands, moves, upcard=upcard, stock=stock, options=options)
    assert out["status"] == 0 and out["ended"] is True and out["stock"] == 0
    return out


LOWEST = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["5H", "6H", "8S", "9S", "QD"]}
TIE_3 = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["AD", "2D", "3D", "9H", "KH"],
         "cat": ["5H", "6H", "8S", "9S", "QD"]}  # fmt: skip


def test_O34_stock_out_dead_hand_pays_nothing() -> None:
    out = exhaust(LOWEST)
    # S11d: ann 25 against bob 38: 1 from bob.
    assert out["ending"] == "stock_out" and out["payouts"] == {"ann": 1, "bob": -1}
    out = exhaust(LOWEST, {"stock_out": "dead_hand"})
    assert out["ending"] == "dead_hand" and out["winners"] == []
    assert out["payouts"] == {"ann": 0, "bob": 0}


def test_O35_H2_stock_out_tie_split_each_tied_lowest_is_paid_by_the_others() -> None:
    out = exhaust(TIE_3, {"stock_out_tie": "split"})
    # ann and bob tie with 25; cat (38) pays each of them 1.
    assert out["ending"] == "stock_out" and out["winners"] == ["ann", "bob"]
    assert out["payouts"] == {"ann": 1, "bob": 1, "cat": -2}


def test_O35_stock_out_tie_dead_hand_a_tie_at_exhaustion_is_a_dead_hand() -> None:
    out = exhaust(TIE_3, {"stock_out_tie": "dead_hand"})
    assert out["ending"] == "dead_hand" and out["winners"] == []
    assert out["payouts"] == {"ann": 0, "bob": 0, "cat": 0}
    # Without a tie the lowest is still paid.
    out = exhaust(LOWEST, {"stock_out_tie": "dead_hand"})
    assert out["ending"] == "stock_out" and out["payouts"] == {"ann": 1, "bob": -1}


# -- O42 push-up scoring, H10 ---------------------------------------------------------------------

PUSH_UP = {"scoring": "push_up"}
THREE = {"ann": ["AC", "2D", "3H", "AS", "2S"], "bob": ["5H", "6H", "8S", "10S", "QD"],
         "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip


def test_O42_push_up_a_won_drop_pushes_each_loser_up_by_their_count() -> None:
    out = play(THREE, [act("ann", "drop")], options=PUSH_UP)
    # ann (9) wins the drop and scores nothing; bob is pushed 39, cat 41 (not -1 each).
    assert out["ending"] == "drop_won" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 0, "bob": 39, "cat": 41}


def test_O42_push_up_a_tonk_out_pushes_twice_the_count_and_a_discard_out_once() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "9H"], "bob": THREE["bob"], "cat": THREE["cat"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
             act("ann", "spread", cards=["9D", "9H", "9S"])]  # fmt: skip
    out = play(hands, moves, stock=["9S"], options=PUSH_UP)
    # A double win: bob 2 x 39 = 78, cat 2 x 41 = 82.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 0, "bob": 78, "cat": 82}
    hands["ann"] = ["AC", "2C", "3C", "4C", "KS"]
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C", "4C", "5C"]),
             act("ann", "discard", card="KS")]  # fmt: skip
    out = play(hands, moves, stock=["5C"], options=PUSH_UP)
    assert out["ending"] == "out_by_discard"
    assert out["payouts"] == {"ann": 0, "bob": 39, "cat": 41}


def test_O42_O21_push_up_a_tonk_out_pushes_twice_whatever_tonk_out_pays_says() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "9H"], "bob": THREE["bob"], "cat": THREE["cat"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
             act("ann", "spread", cards=["9D", "9H", "9S"])]  # fmt: skip
    out = play(hands, moves, stock=["9S"], options={**PUSH_UP, "tonk_out_pays": "single"})
    # The stakes would pay single, but push-up pushes a double win twice: 2 x 39, 2 x 41.
    assert out["ending"] == "tonk_out" and out["payouts"] == {"ann": 0, "bob": 78, "cat": 82}


def test_O42_O8_push_up_an_instant_win_paid_single_still_pushes_twice() -> None:
    hands = {"ann": ["KC", "QC", "JC", "9C", "KD"], "bob": ["3C", "5D", "7H", "8S", "2S"],
             "cat": ["4C", "6D", "6H", "8D", "7S"]}  # fmt: skip
    out = play(hands, options={**PUSH_UP, "instant_win": "fifty_double"})
    # ann's 49 pays single as stakes (O8), yet pushes bob 2 x 25 = 50 and cat 2 x 31 = 62.
    assert out["ending"] == "instant_win" and out["payouts"] == {"ann": 0, "bob": 50, "cat": 62}


def test_O42_push_up_an_instant_win_pushes_twice_the_dealt_count() -> None:
    hands = {"ann": ["KC", "QC", "JC", "10C", "KD"], "bob": ["3C", "5D", "7H", "8S", "2S"],
             "cat": ["4C", "6D", "6H", "8D", "7S"]}  # fmt: skip
    out = play(hands, options=PUSH_UP)
    # ann's 50: bob 2 x 25 = 50, cat 2 x 31 = 62.
    assert out["ending"] == "instant_win" and out["payouts"] == {"ann": 0, "bob": 50, "cat": 62}


def test_O42_push_up_a_caught_dropper_and_everyone_but_the_lowest_are_pushed_up() -> None:
    out = play(WORKED, DAN_DROPS, dealer="cat", options=PUSH_UP)
    # ann (lowest) wins; bob 18, cat 30, dan 20 are pushed up by their counts.
    assert out["ending"] == "drop_caught" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 0, "bob": 18, "cat": 30, "dan": 20}


def test_O42_H2_push_up_tied_winners_at_stock_out_score_nothing() -> None:
    out = exhaust(TIE_3, PUSH_UP)
    assert out["winners"] == ["ann", "bob"]
    assert out["payouts"] == {"ann": 0, "bob": 0, "cat": 38}


def test_H10_a_push_up_match_ends_when_a_player_reaches_the_limit() -> None:
    rules = build_rules("push_up")
    assert rules.push_up_limit == 100
    assert push_up_match_over([99, 40, 0], rules) is False
    assert push_up_match_over([100, 40, 0], rules) is True
    fifty = build_rules("push_up", {"push_up_limit": "50"})
    assert push_up_match_over([49, 0], fifty) is False
    assert push_up_match_over([50, 0], fifty) is True
    assert push_up_match_over([500, 0], build_rules()) is False  # stakes: no push-up match


# -- O44 The Big One ----------------------------------------------------------------------------


def test_O44_big_one_doubles_every_payment_of_the_hand() -> None:
    out = play(WORKED, DAN_DROPS, dealer="cat", options={"big_one": True})
    # S11c's payouts (ann 4, bob 1, cat -1, dan -4), doubled.
    assert out["payouts"] == {"ann": 8, "bob": 2, "cat": -2, "dan": -8}
    out = play(WORKED, DAN_DROPS, dealer="cat", options={"big_one": True}, stake=3)
    assert out["payouts"] == {"ann": 24, "bob": 6, "cat": -6, "dan": -24}
    hands = {"ann": ["KC", "QC", "JC", "10C", "KD"], "bob": ["3C", "5D", "7H", "8S", "2S"]}
    # A dealt 50: 2 from bob, doubled to 4.
    assert play(hands, options={"big_one": True})["payouts"] == {"ann": 4, "bob": -4}


# -- O45 side bets --------------------------------------------------------------------------------


def side(bets: dict[str, Any], hands: dict[str, list[str]] = WORKED, **kw: Any) -> dict[str, Any]:
    out = play(hands, DAN_DROPS, dealer="cat", options={"side_bets": bets}, **kw)
    assert out["status"] == 0 and out["ended"] is True
    # The hand's own payouts are untouched and zero-sum (S11c).
    assert out["payouts"] == {"ann": 4, "bob": 1, "cat": -1, "dan": -4}
    return out["side_bets"]


def test_O45_the_high_card_pot_goes_to_the_bettor_dealt_the_highest_card_of_the_suit() -> None:
    # Hearts: ann AH 3H, bob 2H 4H, dan 6H; cat none. Four bettors put 1 each in the pot;
    # dan's 6H is highest: dan +4 - 1 = 3, the others -1.
    bets = side({"suit": "H", "high_card": ["ann", "bob", "cat", "dan"]})
    assert bets["high_card"] == {"winner": "dan", "pot": 4}
    assert bets["payouts"] == {"ann": -1, "bob": -1, "cat": -1, "dan": 3}
    # Stake 2, three bettors: each bets 2, the pot is 6; dan +6 - 2 = 4.
    bets = {"suit": "H", "high_card": ["ann", "bob", "dan"]}
    out = play(WORKED, DAN_DROPS, dealer="cat", stake=2, options={"side_bets": bets})
    assert out["side_bets"]["high_card"] == {"winner": "dan", "pot": 6}
    assert out["side_bets"]["payouts"] == {"ann": -2, "bob": -2, "cat": 0, "dan": 4}


def test_O45_only_bettors_compete_for_the_high_card() -> None:
    # Spades: ann 5S, cat 3S 4S bet; dan's 7S is higher but dan did not bet.
    bets = side({"suit": "S", "high_card": ["ann", "cat"]})
    assert bets["high_card"] == {"winner": "ann", "pot": 2}
    assert bets["payouts"] == {"ann": 1, "bob": 0, "cat": -1, "dan": 0}


def test_O45_the_naturals_pot_grows_every_deal_until_someone_lays_a_natural_book() -> None:
    bets = side({"naturals": ["ann", "bob", "cat", "dan"], "naturals_pot": 3})
    # Nobody lays a book: 3 carried + 4 new stakes = 7 carried to the next deal.
    assert bets["naturals"] == {"winner": None, "pot": 7, "carried": 7}
    assert bets["payouts"] == {"ann": -1, "bob": -1, "cat": -1, "dan": -1}


def test_O45_the_naturals_pot_goes_to_the_first_bettor_to_lay_a_natural_book() -> None:
    hands = {"ann": ["5C", "5D", "5H", "8S", "9S"], "bob": ["AS", "2H", "3H", "4C", "6C"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["5C", "5D", "5H"]),
             act("ann", "discard", card="KD"), act("bob", "drop")]  # fmt: skip
    bets = {"naturals": ["ann", "bob"], "naturals_pot": 4}
    out = play(hands, moves, stock=["KD"], options={"side_bets": bets})
    # The pot: 4 from earlier deals + 1 from each: 6, to ann: ann +6 - 1 = 5, bob -1.
    assert out["side_bets"]["naturals"] == {"winner": "ann", "pot": 6, "carried": 0}
    assert out["side_bets"]["payouts"] == {"ann": 5, "bob": -1}
    # The hand itself: bob drops with 16 against ann's 17: 1 from ann.
    assert out["ending"] == "drop_won" and out["payouts"] == {"ann": -1, "bob": 1}


def test_O45_O3_a_book_with_a_wild_card_is_not_a_natural() -> None:
    hands = {"ann": ["5C", "5D", "2S", "8S", "9S"], "bob": ["AS", "3H", "4H", "4C", "6C"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["5C", "5D", "2S"]),
             act("ann", "discard", card="KD"), act("bob", "drop")]  # fmt: skip
    options = {"wilds": "deuces_jokers", "side_bets": {"naturals": ["ann", "bob"]}}
    out = play(hands, moves, stock=["KD"], options=options)
    assert out["status"] == 0 and out["spreads"][0]["cards"] == ["5C", "5D", "2S"]
    assert out["side_bets"]["naturals"] == {"winner": None, "pot": 2, "carried": 2}
