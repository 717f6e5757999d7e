"""The adviser behind the Hint button: the strongest level's move for the seat that must act,
from that seat's view only, the same for the same view and seed."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from bot.engine import PRESETS, Hand, build_rules
from bot.engine.actions import SLAP, Action
from bot.engine.cards import parse_card
from bot.engine.view import seat_view
from bot.i18n import text
from bot.players.advice import advise
from bot.players.levels import ADVISER
from bot.players.registry import make_player
from bot.players.terminal import TerminalPlayer, menu
from bot.render.panel import hint_text, let_go_text
from tests.players.helpers import dealt

ADVICES_PER_PRESET = 8


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_advice_is_a_move_the_engine_accepts_from_the_seat_that_must_act(preset: str) -> None:
    """P1-P11: played as advised, turn after turn (a slap's extra discard included), every
    advised move is the acting seat's, legal (``Hand.act`` would raise otherwise) and one of
    the numbered moves ``tonk play`` offers."""
    hand = Hand.deal(build_rules(preset), ["ann", "bob", "cat"], 0, rng=random.Random(preset))
    for step in range(ADVICES_PER_PRESET):
        if hand.over:
            break
        seat = hand.actor
        assert seat is not None
        view = seat_view(hand, seat)
        advice = advise(view, f"{preset}:{step}")
        assert advice.seat == seat and hand.can(advice) and advice in menu(view)
        hand.act(advice)
    assert hand.over or len(hand.log) >= ADVICES_PER_PRESET


def test_the_advice_is_the_advisers_choice_and_the_same_for_the_same_view_and_seed() -> None:
    hand = Hand.deal(build_rules(), ["ann", "bob"], 1, rng=random.Random(5))
    view = seat_view(hand, hand.actor or 0)
    advised = {advise(view, "table 1") for _ in range(3)}
    adviser = make_player(ADVISER, random.Random("table 1"))
    assert advised == {adviser.choose(view)}
    assert ADVISER == "hard"


def test_at_the_terminal_h_names_the_advised_move_and_its_number_plays_it() -> None:
    """``tonk play``: the person types h, reads the adviser's move and its number, and types
    that number: the move played is the advice."""
    hand = Hand.deal(build_rules(), ["ann", "bob"], 1, rng=random.Random(5))
    view = seat_view(hand, hand.actor or 0)
    output = io.StringIO()
    answers = iter(["h"])

    def read(prompt: str) -> str:
        return next(answers, None) or re.findall(r"💡 Hint: (\d+)\.", output.getvalue())[-1]

    person = TerminalPlayer(Console(file=output, width=120), read, [0, 0], 50, "en")
    played = person.choose(view)
    assert played == advise(view, f"{len(view.moves)}:{view.hand:x}")
    assert f"💡 Hint: {menu(view).index(played) + 1}. " in output.getvalue()


def test_on_a_move_that_may_slap_the_advice_is_the_slap_the_adviser_would_make() -> None:
    """O43 race: bob's turn comes after ann discarded 8♥ beside her 5♥ 6♥ 7♥; the hard
    player would slap it for the extra discard, so that is the advice, not a draw."""
    hand = dealt(
        {"me": ["5H", "6H", "7H", "8H", "KD"], "you": ["QC", "QD", "9H", "JC", "3D"]},
        upcard="2S",
        stock=["4S"],
        options={"slap": "race"},
        moves=[(0, "draw", ""), (0, "spread", "5H 6H 7H"), (0, "discard", "8H")],
    )
    view = seat_view(hand, 1)
    assert hand.actor == 1 and view.legal.slaps == (0,)
    advice = advise(view, "table 1")
    assert advice == Action(SLAP, 1, 0, 0) and advice in menu(view)
    assert hint_text(advice, view.count) == text("table.hint.slap", spread=1)


def test_a_seat_that_need_not_act_is_advised_to_slap_or_to_let_the_card_go() -> None:
    """O43 race, three seats: ann discarded 8♥ beside her 5♥ 6♥ 7♥ and bob is to move. cat,
    who need not act, may slap it for an extra discard: that is the advice. ann may slap
    her own discard but would earn no extra discard: the advice is to let it go (None), and
    at the terminal ``h`` names the "0" entry that passes."""
    hand = dealt(
        {
            "ann": ["5H", "6H", "7H", "8H", "KD"],
            "bob": ["QC", "QD", "9S", "JC", "3D"],
            "cat": ["2C", "4D", "6S", "10C", "KS"],
        },
        upcard="2S",
        stock=["4S"],
        options={"slap": "race"},
        moves=[(0, "draw", ""), (0, "spread", "5H 6H 7H"), (0, "discard", "8H")],
    )
    assert hand.actor == 1
    cat = seat_view(hand, 2)
    assert cat.legal.slaps == (0,) and len(cat.legal) == 1
    assert advise(cat, "table 1") == Action(SLAP, 2, 0, 0)
    ann = seat_view(hand, 0)
    assert ann.legal.slaps == (0,) and len(ann.legal) == 1
    assert advise(ann, "table 1") is None
    said = let_go_text(parse_card("8H"))
    assert said == "💡 Hint: let 8♥ go: slapping it would earn you no extra discard."

    output = io.StringIO()
    answers = iter(["h", "0"])
    person = TerminalPlayer(
        Console(file=output, width=200), lambda _: next(answers), [0] * 3, 50, "en"
    )
    assert person.slap(ann) is None
    assert "💡 Hint: 0. " in output.getvalue()
