"""The standard game, rule by rule (RULES.md §1, S1-S11), played through scenarios."""

from __future__ import annotations

import pytest

from bot.engine import Action, Hand, build_rules
from bot.engine.cards import mask_of, parse_card
from bot.engine.melds import pack_for
from bot.scenario import ScenarioError, run_scenario
from tests.engine.stacking import act, play, stack

WORKED = {
    "rules": {"preset": "standard", "options": {}, "stake": 1},
    "players": ["ann", "bob", "cat", "dan"],
    "dealer": "cat",
    "deck": ["AC", "AD", "AS", "3S", "2C", "AH", "2H", "4S", "4D", "2D", "4H", "5D",
             "6H", "3H", "5C", "8C", "7S", "5S", "6C", "10C"],
    "actions": [{"player": "dan", "do": "drop"}],
}  # fmt: skip

TWO = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["5H", "6H", "8S", "9S", "QD"]}


def test_S1_a_table_seats_two_to_six() -> None:
    players = [f"p{i}" for i in range(7)]
    with pytest.raises(ScenarioError, match="2 to 6"):
        run_scenario({"players": players, "dealer": "p0"})
    with pytest.raises(ScenarioError):
        run_scenario({"players": ["solo"], "dealer": "solo"})


def test_S1_the_pack_must_serve_every_hand_an_upcard_and_a_stock() -> None:
    # 6 players x 7 cards + upcard + 1 stock = 44 > 40 cards (P10 seven_card_40).
    six = {"rules": {"preset": "seven_card_40"}, "players": list("abcdef"), "dealer": "a"}
    with pytest.raises(ScenarioError, match="40 cards"):
        run_scenario(six)
    status, out = run_scenario({**six, "players": list("abcde")})
    assert status == 0 and out["stock"] == 40 - 35 - 1


def test_S2_aces_count_one_pictures_ten_pips_their_value() -> None:
    out = play({"ann": ["AC", "JD", "QH", "KS", "7C"], "bob": ["2C", "3D", "4H", "5S", "9C"]})
    assert out["counts"] == {"ann": 38, "bob": 23}


def test_S2_cards_laid_on_the_table_do_not_count() -> None:
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"])]
    out = play(TWO, moves, upcard="7D", stock=["4C"])
    assert out["counts"]["ann"] == 9 + 10 + 4  # 9D KS and the drawn 4C
    assert out["spreads"] == [{"owner": "ann", "cards": ["AC", "2C", "3C"]}]


def test_S3_payments_are_multiples_of_the_basic_stake() -> None:
    status, out = run_scenario({**WORKED, "rules": {"stake": 5}})
    assert status == 0
    assert out["payouts"] == {"ann": 20, "bob": 5, "cat": -5, "dan": -20}


def test_S5_deal_one_card_at_a_time_from_the_dealers_left_then_the_upcard() -> None:
    status, out = run_scenario({**WORKED, "actions": []})
    assert status == 0
    hands = {name: set(cards) for name, cards in out["hands"].items()}
    assert hands["dan"] == {"AC", "2C", "4D", "6H", "7S"}
    assert hands["ann"] == {"AD", "AH", "2D", "3H", "5S"}
    assert out["discard_top"] == "3C"  # the first canonical card not named in the deck
    assert out["stock"] == 52 - 20 - 1
    assert out["to_act"] == "dan" and out["phase"] == "start"


def test_S6_a_dealt_fifty_is_paid_double_by_each_other_player() -> None:
    out = play(
        {
            "ann": ["KC", "QD", "JH", "10S", "10C"],
            "bob": ["2C", "3D", "4H", "5S", "9C"],
            "cat": ["2D", "3H", "4S", "5C", "9D"],
        }
    )
    assert out["ending"] == "instant_win" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}
    assert out["counts"]["ann"] == 50 and out["to_act"] is None


def test_S6_two_dealt_instant_wins_throw_the_hand_in() -> None:
    out = play({"ann": ["KC", "QD", "JH", "10S", "9C"], "bob": ["KD", "QH", "JS", "10C", "10D"]})
    assert out["ending"] == "thrown_in"
    assert out["winners"] == [] and out["payouts"] == {"ann": 0, "bob": 0}


def test_S6_reaching_49_after_play_began_wins_nothing() -> None:
    hands = {"ann": ["KC", "QD", "JH", "10S", "AC"], "bob": ["2C", "3D", "4H", "5S", "9C"]}
    out = play(hands, [act("ann", "draw")], stock=["8D"])
    assert out["ended"] is False and out["counts"]["ann"] == 49


def test_S7_the_player_left_of_the_dealer_plays_first_and_turns_go_clockwise() -> None:
    hands = {"ann": ["2C", "4D", "6H", "8S", "10C"], "bob": ["3C", "5D", "7H", "9S", "JC"],
             "cat": ["4C", "6D", "8H", "10S", "QC"]}  # fmt: skip
    out = play(hands, dealer="bob")
    assert out["to_act"] == "cat"
    out = play(hands, [act("cat", "draw"), act("cat", "discard", card="QC")], dealer="bob")
    assert out["to_act"] == "ann" and out["discard_top"] == "QC"


def test_S7_a_drop_is_only_allowed_at_the_very_start_of_a_turn() -> None:
    out = play(TWO, [act("ann", "draw"), act("ann", "drop")])
    assert out["status"] == 1 and out["error"]["code"] == "cannot_drop"
    assert out["error"]["index"] == 1


def test_S7_spreading_or_discarding_before_drawing_is_refused() -> None:
    out = play(TWO, [act("ann", "spread", cards=["AC", "2C", "3C"])])
    assert out["error"]["code"] == "must_draw_first"
    out = play(TWO, [act("ann", "discard", card="KS")])
    assert out["error"]["code"] == "must_draw_first"


def test_S7_one_draw_or_take_per_turn() -> None:
    out = play(TWO, [act("ann", "draw"), act("ann", "take")])
    assert out["error"]["code"] == "already_drew"
    out = play(TWO, [act("ann", "take"), act("ann", "draw")])
    assert out["error"]["code"] == "already_drew"


def test_S7_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    before = play(TWO, [act("ann", "draw")])
    out = play(TWO, [act("ann", "draw"), act("bob", "draw")])
    assert out["status"] == 1
    assert out["error"] == {"index": 1, "code": "not_your_turn", "message": "It is not your turn."}
    del out["error"]
    assert out == before | {"status": 1}


def test_S7_take_puts_the_top_discard_in_the_hand() -> None:
    out = play(TWO, [act("ann", "take")], upcard="4C")
    assert "4C" in out["hands"]["ann"] and out["discard_top"] is None
    assert out["phase"] == "play"


def test_S7_a_card_not_held_cannot_be_played() -> None:
    out = play(TWO, [act("ann", "draw"), act("ann", "discard", card="5H")])
    assert out["error"]["code"] == "not_in_hand" and "5H" in out["error"]["message"]


def test_S7_hitting_another_players_spread_on_your_turn() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["4C", "6H", "8S", "9S", "QD"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
             act("ann", "discard", card="KS"), act("bob", "draw"),
             act("bob", "hit", spread=0, cards=["4C"])]  # fmt: skip
    out = play(hands, moves, stock=["JD", "JH"])
    assert out["spreads"] == [{"owner": "ann", "cards": ["AC", "2C", "3C", "4C"]}]
    assert "4C" not in out["hands"]["bob"]


@pytest.mark.parametrize(
    ("cards", "valid"),
    [
        (["QC", "QD", "QH"], True),  # a book of three
        (["4C", "4D", "4H", "4S"], True),  # a book of four
        (["AH", "2H", "3H"], True),  # ace low
        (["8S", "9S", "10S", "JS"], True),
        (["QH", "KH", "AH"], False),  # the ace is never next to the king
        (["KH", "AH", "2H"], False),
        (["5H", "6H", "7D"], False),  # one suit only
        (["5H", "6H", "8H"], False),  # consecutive only
        (["QC", "QD"], False),  # three or more
    ],
)
def test_S8_books_and_runs(cards: list[str], valid: bool) -> None:
    assert pack_for(build_rules()).is_spread(mask_of(parse_card(c) for c in cards)) is valid


def test_S8_a_book_of_three_takes_the_fourth_card() -> None:
    hands = {"ann": ["5C", "5D", "5H", "8S", "9S"], "bob": ["5S", "7S", "10S", "JD", "QD"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["5C", "5D", "5H"]),
             act("ann", "discard", card="8S"), act("bob", "draw"),
             act("bob", "hit", spread=0, cards=["5S"])]  # fmt: skip
    out = play(hands, moves, stock=["KD", "KH"])
    assert out["status"] == 0
    assert out["spreads"] == [{"owner": "ann", "cards": ["5C", "5D", "5H", "5S"]}]


def test_S8_a_run_is_hit_at_either_end_never_in_a_gap() -> None:
    hands = {"ann": ["6H", "7H", "8H", "KC", "KD"], "bob": ["5H", "9H", "10H", "2C", "3D"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["6H", "7H", "8H"]),
             act("ann", "discard", card="KC"), act("bob", "draw")]  # fmt: skip
    hits = [act("bob", "hit", spread=0, cards=["5H"]),
            act("bob", "hit", spread=0, cards=["9H", "10H"])]  # fmt: skip
    out = play(hands, moves + hits, stock=["JS", "QS"])
    assert out["spreads"][0]["cards"] == ["5H", "6H", "7H", "8H", "9H", "10H"]
    bad = play(hands, [*moves, act("bob", "hit", spread=0, cards=["10H"])], stock=["JS", "QS"])
    assert bad["status"] == 1 and bad["error"]["code"] == "invalid_hit"


def test_S9_S11a_emptying_the_hand_by_laying_spreads_is_a_tonk_paid_double() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "9H"], "bob": ["5H", "6H", "8S", "10S", "QD"],
             "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
             act("ann", "spread", cards=["9D", "9H", "9S"])]  # fmt: skip
    out = play(hands, moves, stock=["9S"])
    assert out["ending"] == "tonk_out" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 4, "bob": -2, "cat": -2}


def test_S9_S11a_going_out_by_a_hit_without_a_discard_is_also_a_tonk() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["4C", "5C", "8S", "9S", "10S"]}
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C"]),
             act("ann", "discard", card="KS"), act("bob", "draw"),
             act("bob", "spread", cards=["8S", "9S", "10S"]),
             act("bob", "hit", spread=0, cards=["4C", "5C", "6C"])]  # fmt: skip
    out = play(hands, moves, stock=["QH", "6C"])
    assert out["ending"] == "tonk_out" and out["winners"] == ["bob"]
    assert out["payouts"] == {"ann": -2, "bob": 2}


def test_S9_S11b_discarding_the_last_card_wins_a_single_stake() -> None:
    hands = {"ann": ["AC", "2C", "3C", "4C", "KS"], "bob": ["5H", "6H", "8S", "10S", "QD"],
             "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
    moves = [act("ann", "draw"), act("ann", "spread", cards=["AC", "2C", "3C", "4C", "5C"]),
             act("ann", "discard", card="KS")]  # fmt: skip
    out = play(hands, moves, stock=["5C"])
    assert out["ending"] == "out_by_discard" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}
    assert out["discard_top"] == "KS"


def _exhaust(hand: Hand) -> None:
    """Every player draws and discards the card drawn until the stock is empty."""
    while hand.stock:
        seat = hand.to_act
        before = hand.hands[seat]
        hand.act(Action("draw", seat))
        hand.act(Action("discard", seat, hand.hands[seat] & ~before))


def _stacked(hands: dict[str, list[str]], options: dict[str, object] | None = None) -> Hand:
    players = list(hands)
    top = [parse_card(c) for c in stack(hands, players, players[-1])]
    return Hand.deal(build_rules("standard", options), players, len(players) - 1, top=top)


def test_S10_play_goes_on_by_taking_discards_after_the_stock_runs_out() -> None:
    hand = _stacked(TWO)
    _exhaust(hand)
    assert not hand.stock and not hand.over
    seat = hand.to_act
    top = hand.pile[-1]
    hand.act(Action("take", seat))
    hand.act(Action("discard", seat, 1 << top))
    assert not hand.over and hand.to_act != seat


def test_S10_a_drop_is_still_allowed_once_the_stock_is_empty() -> None:
    hand = _stacked(TWO)
    _exhaust(hand)
    assert hand.may_drop(hand.to_act)


def test_S10_S11d_drawing_from_the_empty_stock_ends_the_hand_lowest_count_wins() -> None:
    hand = _stacked(TWO)
    _exhaust(hand)
    result = hand.act(Action("draw", hand.to_act))
    assert result is not None and result.ending == "stock_out"
    # ann 1+2+3+9+10 = 25, bob 5+6+8+9+10 = 38
    assert result.counts == (25, 38) and result.winners == (0,)
    assert result.payouts == (1, -1)


def test_S11d_H2_tied_lowest_at_stock_out_are_each_paid_by_the_others() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["AD", "2D", "3D", "9H", "KH"],
             "cat": ["5H", "6H", "8S", "9S", "QD"]}  # fmt: skip
    hand = _stacked(hands)
    _exhaust(hand)
    result = hand.act(Action("draw", hand.to_act))
    assert result is not None and result.ending == "stock_out"
    assert result.winners == (0, 1) and result.payouts == (1, 1, -2)


def test_S11d_O35_a_tie_at_stock_out_can_be_a_dead_hand() -> None:
    hands = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["AD", "2D", "3D", "9H", "KH"]}
    hand = _stacked(hands, options={"stock_out_tie": "dead_hand"})
    _exhaust(hand)
    result = hand.act(Action("draw", hand.to_act))
    assert result is not None and result.ending == "dead_hand" and result.payouts == (0, 0)


def test_S11c_worked_example_four_players() -> None:
    status, out = run_scenario(WORKED)
    assert status == 0
    assert out["ending"] == "drop_caught" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 4, "bob": 1, "cat": -1, "dan": -4}
    assert out["counts"] == {"ann": 12, "bob": 18, "cat": 30, "dan": 20}
    assert out["discard_top"] == "3C" and out["stock"] == 31 and out["to_act"] is None


def test_S11c_a_dropper_strictly_lowest_is_paid_the_basic_stake_by_each() -> None:
    hands = {"ann": ["AC", "2D", "3H", "AS", "2S"], "bob": ["5H", "6H", "8S", "10S", "QD"],
             "cat": ["4D", "7D", "JS", "KH", "KC"]}  # fmt: skip
    out = play(hands, [act("ann", "drop")])
    assert out["ending"] == "drop_won" and out["winners"] == ["ann"]
    assert out["payouts"] == {"ann": 2, "bob": -1, "cat": -1}


def test_S11c_the_dropper_loses_a_tie_two_players() -> None:
    hands = {"ann": ["AC", "2D", "3H", "4S", "5S"], "bob": ["AD", "2H", "3S", "4C", "5C"]}
    out = play(hands, [act("ann", "drop")])
    assert out["ending"] == "drop_caught" and out["winners"] == ["bob"]
    assert out["payouts"] == {"ann": -2, "bob": 2}


def test_S11c_three_players_caught_by_the_lowest() -> None:
    # ann drops with 15; bob 10 (lowest), cat 20.
    hands = {"ann": ["AC", "2D", "3H", "4S", "5S"], "bob": ["AD", "2H", "3S", "2C", "2S"],
             "cat": ["4D", "4H", "4C", "3C", "5D"]}  # fmt: skip
    out = play(hands, [act("ann", "drop")])
    assert out["counts"] == {"ann": 15, "bob": 10, "cat": 20}
    assert out["winners"] == ["bob"]
    assert out["payouts"] == {"ann": -2, "bob": 3, "cat": -1}


def test_S11c_two_tied_lowest_are_each_paid_double_by_the_dropper_and_single_by_the_rest() -> None:
    # dan drops with 20; ann and bob tie lowest with 12; cat has 30.
    hands = {
        "ann": ["AD", "AH", "2D", "3H", "5S"],
        "bob": ["AS", "2H", "4H", "4C", "AC"],
        "cat": ["3S", "4S", "5D", "8C", "10C"],
        "dan": ["2C", "4D", "6H", "6C", "2S"],
    }
    out = play(hands, [act("dan", "drop")], dealer="cat")
    assert out["counts"] == {"ann": 12, "bob": 12, "cat": 30, "dan": 20}
    assert out["ending"] == "drop_caught" and out["winners"] == ["ann", "bob"]
    assert out["payouts"] == {"ann": 3, "bob": 3, "cat": -2, "dan": -4}
