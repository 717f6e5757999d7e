"""Queries the bot and the computer players use: legal moves, hit targets, the seat view."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.engine import Action, Hand, IllegalAction, build_rules, seat_view
from bot.engine.actions import (
    CLAIM,
    DISCARD,
    DRAW,
    DROP,
    HIT,
    SLAP,
    SLAP_DISCARD,
    SPREAD,
    TAKE,
)
from bot.engine.cards import mask_of, parse_card
from tests.engine.randomplay import random_hand
from tests.engine.stacking import stack


def cards(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def test_an_unknown_action_is_refused_in_words_and_changes_nothing() -> None:
    hand = Hand.deal(build_rules(), ["a", "b"], 0, seed=1)
    before = hand.to_json()
    with pytest.raises(IllegalAction) as refused:
        hand.act(Action("juggle", 1))
    assert refused.value.code == "not_allowed" and "juggle" in refused.value.message()
    assert hand.to_json() == before


def test_hit_targets_finds_every_spread_a_set_of_cards_fits() -> None:
    hands = {"ann": ["6H", "7H", "8H", "KC", "KD"], "bob": ["9H", "10H", "2C", "3D", "5S"]}
    top = [parse_card(c) for c in stack(hands, ["ann", "bob"], "bob", stock=["JS", "QS"])]
    hand = Hand.deal(build_rules(), ["ann", "bob"], 1, top=top)
    hand.act(Action("draw", 0))
    hand.act(Action("spread", 0, cards("6H", "7H", "8H")))
    hand.act(Action("discard", 0, cards("KC")))
    hand.act(Action("draw", 1))
    assert hand.hit_targets(1, cards("9H", "10H")) == [0]
    assert hand.hit_targets(1, cards("10H")) == []  # S8: not onto the end of 6-7-8


def test_the_seat_view_shows_no_other_hand_and_no_stock_order() -> None:
    """S7: hands are secret until play ends; only the top discard and the stock size show."""
    hand = Hand.deal(build_rules(), ["a", "b", "c"], 0, seed=5)
    view = seat_view(hand, 1)
    assert view.hand == hand.hands[1] and view.card_counts == (5, 5, 5)
    assert view.revealed is None and view.stock_size == len(hand.stock)
    fields = {f.name for f in dataclasses.fields(view)}
    assert not fields & {"hands", "stock", "order", "dealt", "pile"}
    hand.act(Action(DRAW, 1))
    drawn = seat_view(hand, 2).moves[-1]
    assert drawn.kind == DRAW and drawn.cards == 0  # a drawn card is hidden from the others


def test_public_moves_grow_with_the_log_and_match_a_fresh_build() -> None:
    rng = random.Random(8)
    hand = random_hand(build_rules(), 3, rng)
    moves = hand.public_moves()
    assert len(moves) == len(hand.log)
    assert all(m.cards == 0 for m, a in zip(moves, hand.log, strict=True) if a.kind == DRAW)
    copy = Hand.from_json(hand.to_json())
    assert copy.public_moves() == moves
    assert seat_view(hand, 0).revealed == tuple(hand.hands)  # over: every hand shown


def shared(action: Action) -> bool:
    """Whether ``action`` is one the process keeps a single value for (``Action.of``): a
    whole-hand move, or a discard or take of one card."""
    whole = action.kind in (DRAW, TAKE, DROP, CLAIM) and not action.cards
    one_card = action.kind in (DISCARD, SLAP_DISCARD, TAKE) and action.cards.bit_count() == 1
    return action.spread is None and (whole or one_card)


def test_a_hands_log_holds_shared_values_for_its_draws_discards_and_takes() -> None:
    """A long hand costs little memory (issue 9's soak): every draw, drop, discard and take it
    logs, restored hands' too, is the process's one value for that move, and its public
    moves are the log's own actions, each draw replaced by the seat's hidden draw (S7)."""
    rng = random.Random(21)
    rules = build_rules("standard", {"slap": "race"})
    counted = 0
    for _ in range(30):
        hand = random_hand(rules, 3, rng)
        restored = Hand.from_json(hand.to_json())
        moves = zip(hand.log, restored.log, hand.public_moves(), strict=True)
        for logged, read, public in moves:
            assert read == logged
            if shared(logged):
                counted += 1
                assert logged is Action.of(*logged) and read is logged
            assert public is (Action.of(DRAW, logged.seat) if logged.kind == DRAW else logged)
    assert counted > 1_000
    assert Action.of(HIT, 0, cards("9H"), 0) is not Action.of(HIT, 0, cards("9H"), 0)
    assert Action.of("discard", 1, cards("KC")) is Action.of(DISCARD, 1, cards("KC"))


def test_the_seat_view_names_the_upcard_and_a_slapped_card_is_logged() -> None:
    """S5/O6: the upcard was seen by all; O43: a slap shows the card it took from the pile."""
    hand = Hand.deal(build_rules(), ["a", "b"], 0, seed=2)
    assert seat_view(hand, 1).upcard == hand.pile[0]
    no_upcard = Hand.deal(build_rules("chicago"), ["a", "b"], 0, seed=2)
    assert seat_view(no_upcard, 1).upcard is None
    hands = {"ann": ["6H", "7H", "8H", "KC", "KD"], "bob": ["9H", "10H", "2C", "3D", "5S"]}
    top = [parse_card(c) for c in stack(hands, ["ann", "bob"], "bob", stock=["9S", "QS"])]
    slap = Hand.deal(build_rules("standard", {"slap": "race"}), ["ann", "bob"], 1, top=top)
    slap.act(Action("draw", 0))
    slap.act(Action("spread", 0, cards("6H", "7H", "8H")))
    slap.act(Action("discard", 0, cards("KC")))
    slap.act(Action("draw", 1))
    slap.act(Action("discard", 1, cards("9H")))
    slap.act(Action("slap", 0, 0, 0))  # logged, then rewritten with the card it took
    assert slap.public_moves()[-1].cards == cards("9H")
    assert slap.log_json()[-1] == {"player": "ann", "do": "slap", "card": "9H", "spread": 0}
    assert Hand.from_json(slap.to_json()).log == slap.log


def slapped_by_cat() -> Hand:
    """O43 race: ann lays 6H 7H 8H and discards 9H; cat slaps it onto ann's run and owes
    the extra discard, before bob's turn starts."""
    hands = {"ann": ["6H", "7H", "8H", "9H", "KC"], "bob": ["2S", "3S", "5D", "JD", "QC"],
             "cat": ["4D", "7C", "10S", "KH", "KS"]}  # fmt: skip
    players = ["ann", "bob", "cat"]
    top = [parse_card(c) for c in stack(hands, players, "cat", stock=["QS", "JH"])]
    hand = Hand.deal(build_rules("standard", {"slap": "race"}), players, 2, top=top)
    hand.act(Action(DRAW, 0))
    hand.act(Action(SPREAD, 0, cards("6H", "7H", "8H")))
    hand.act(Action(DISCARD, 0, cards("9H")))
    hand.act(Action(SLAP, 2, 0, 0))
    return hand


def test_O43_actor_is_the_slapper_who_owes_a_discard_then_the_player_to_act() -> None:
    hand = slapped_by_cat()
    assert hand.phase == "slap_discard" and hand.actor == 2 and hand.to_act == 1
    assert hand.legal_moves(2).slap_discards == hand.hands[2]
    assert not hand.legal_moves(1)  # bob's turn waits for cat's discard
    hand.act(Action(SLAP_DISCARD, 2, cards("KS")))
    assert hand.phase == "start" and hand.actor == 1 and hand.owes is None
    hand.act(Action(DROP, 1))
    assert hand.over and hand.actor is None


def test_a_hand_saved_in_format_1_with_minus_one_for_nobody_still_loads() -> None:
    """Tables saved before format 2 wrote -1 for nobody and kept an owed slap discard in
    the start phase; they load as the same hand."""
    hand = slapped_by_cat()
    saved = hand.to_json()
    old = {**saved, "format": 1, "phase": "start", "slap_from": -1, "naturals_by": -1}
    assert Hand.from_json(old).to_json() == saved
    hand.act(Action(SLAP_DISCARD, 2, cards("KS")))
    hand.act(Action(DRAW, 1))
    saved = hand.to_json()
    old = {**saved, "format": 1, "owes": -1, "slap_from": -1}
    assert Hand.from_json(old).to_json() == saved
    hand.act(Action(DISCARD, 1, cards("QC")))
    hand.act(Action(DROP, 2))
    saved = hand.to_json()
    assert saved["result"]["dropper"] == 2
    old_result = {**saved["result"], "dropper": -1, "ending": "tonk_out"}
    loaded = Hand.from_json({**saved, "format": 1, "owes": -1, "result": old_result})
    assert loaded.result is not None and loaded.result.dropper is None
