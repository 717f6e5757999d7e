"""The private panel: the hand, and one enabled button per move the engine allows."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.actions import DRAW, Action, Kind
from bot.engine.cards import mask_of, parse_card
from bot.render.controls import PanelButton
from bot.render.panel import hint_text, panel_controls, panel_embed
from bot.tables.views import private_hand
from tests.tables.fixtures import IDS, lobby, stack_deal

ANN, BOB = IDS["ann"], IDS["bob"]
HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}


def cards(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def dealt(stock: list[str] | None = None):  # type: ignore[no-untyped-def]
    table = lobby("ann", "bob")
    stack_deal(table, HANDS, "ann", cuts=["KS", "2C"], upcard="JC", stock=stock or ["7C"])
    table.start(ANN, now=0.0)
    return table


def labels(table, user: int, selection: int = 0) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    hand = private_hand(table, user, selection)
    assert hand is not None
    return {b.label: not b.disabled for b in panel_controls(hand).buttons}


def test_at_the_start_of_a_turn_draw_take_and_drop() -> None:
    table = dealt()
    hand = private_hand(table, BOB)
    assert hand is not None
    shown = panel_embed(hand).to_dict()
    assert shown["title"] == "Your hand · hand 1"
    assert shown["description"].startswith("7♦ 4♥ 5♥ 6♥ 7♠\nCount 29 · 5 cards\nYour turn")
    assert labels(table, BOB) == {
        "Draw": True, "Take J♣": True, "Drop with 29": True, "Refresh": True
    }  # fmt: skip
    assert labels(table, ANN) == {"Refresh": True}
    select = panel_controls(hand).select
    assert select is not None
    assert [o.label for o in select.options] == ["7♦", "4♥", "5♥", "6♥", "7♠"]


def test_after_drawing_the_picked_cards_decide_spread_discard_and_hits() -> None:
    table = dealt()
    table.act(BOB, DRAW, now=1.0)
    assert labels(table, BOB) == {"Spread": False, "Discard": False, "Refresh": True}
    assert labels(table, BOB, cards("4H 5H 6H")) == {
        "Spread": True,
        "Discard": False,
        "Refresh": True,
    }
    assert labels(table, BOB, cards("7S"))["Discard 7♠"]
    table.act(BOB, "spread", now=1.0, cards=cards("4H 5H 6H"))
    assert labels(table, BOB, cards("7C 7D 7S"))["Spread"]
    assert labels(table, BOB, cards("7D")) == {
        "Spread": False,
        "Discard 7♦": True,
        "Refresh": True,
    }
    picked = private_hand(table, BOB, cards("7D"))
    assert picked is not None
    assert "Picked: 7♦" in panel_embed(picked).to_dict()["description"]


def test_a_card_that_fits_a_spread_gets_a_hit_button_naming_it() -> None:
    table = dealt(stock=["3H", "7C"])
    table.act(BOB, DRAW, now=1.0)
    table.act(BOB, "spread", now=1.0, cards=cards("4H 5H 6H"))
    buttons = labels(table, BOB, cards("3H"))
    assert buttons["Hit 1: 4♥ 5♥ 6♥"] and buttons["Discard 3♥"]


def test_the_player_to_act_reads_when_the_turn_timer_plays_for_them() -> None:
    """The turn timer's deadline, as a Discord timestamp, on the panel of the player to act
    only, in their language; a table without a timer says nothing of one."""
    table = dealt()
    assert table.turn_deadline == 120.0
    timer = "⏱ Time runs out <t:120:R>: then the timer plays a safe move for you."
    bob, ann = private_hand(table, BOB), private_hand(table, ANN)
    assert bob is not None and ann is not None
    assert str(panel_embed(bob).description).splitlines()[3] == timer
    assert "<t:" not in str(panel_embed(ann).description)
    assert "⏱ Timpul expiră <t:120:R>" in str(panel_embed(bob, "ro").description)
    untimed = lobby("ann", "bob", turn_timeout=None)
    stack_deal(untimed, HANDS, "ann", cuts=["KS", "2C"], upcard="JC", stock=["7C"])
    untimed.start(ANN, now=0.0)
    bob = private_hand(untimed, BOB)
    assert bob is not None and bob.my_turn
    assert "<t:" not in str(panel_embed(bob).description)


def test_the_hint_button_is_there_only_when_the_player_may_ask_for_a_hint() -> None:
    table = dealt()
    hand = private_hand(table, BOB)
    assert hand is not None and not hand.hint  # ann is a person: no hint (bot.tables.hints)
    assert "Hint" not in labels(table, BOB)
    hinted = panel_controls(replace(hand, hint=True)).buttons
    assert [(b.action, b.label, b.row) for b in hinted if b.label == "Hint"] == [
        (PanelButton.HINT, "Hint", 1)
    ]


@pytest.mark.parametrize(
    ("advice", "said"),
    [
        (Action(Kind.DRAW, 1), "💡 Hint: draw from the stock."),
        (Action(Kind.TAKE, 1, cards("JC")), "💡 Hint: take J♣ from the discard pile."),
        (Action(Kind.SPREAD, 1, cards("4H 5H 6H")), "💡 Hint: spread 4♥ 5♥ 6♥ (picked below)."),
        (Action(Kind.HIT, 1, cards("3H"), 0), "💡 Hint: hit spread 1 with 3♥ (picked below)."),
        (Action(Kind.DISCARD, 1, cards("7D")), "💡 Hint: discard 7♦ (picked below)."),
        (Action(Kind.SLAP_DISCARD, 1, cards("7S")), "💡 Hint: discard 7♠ (picked below)."),
        (Action(Kind.DROP, 1), "💡 Hint: drop with your count of 29."),
        (Action(Kind.CLAIM, 1), "💡 Hint: claim your dealt 49."),
        (Action(Kind.SLAP, 1, cards("8H"), 1), "💡 Hint: slap the discard onto spread 2."),
    ],
    ids=lambda value: value.kind if isinstance(value, Action) else "",
)
def test_a_hint_says_the_advised_move_in_words(advice: Action, said: str) -> None:
    assert hint_text(advice, 29) == said


def test_a_hint_is_said_in_the_players_language() -> None:
    assert hint_text(Action(Kind.DRAW, 0), 5, "ro") == "💡 Sfat: trage din stoc."
    assert hint_text(Action(Kind.DROP, 0), 5, "vi") == "💡 Gợi ý: gõ với điểm 5 của bạn."
