"""The private panel: the hand, and one enabled button per move the engine allows."""

from __future__ import annotations

from bot.engine.actions import DRAW
from bot.engine.cards import mask_of, parse_card
from bot.render.panel import panel_controls, panel_embed
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
