"""Every refusal is one ``Refusal``: a key and parameters, rendered in the reader's language
only where it is shown."""

from __future__ import annotations

import pytest

from bot.engine.actions import DRAW
from bot.engine.errors import IllegalAction
from bot.engine.rules import RulesError, build_rules
from bot.i18n.refusal import Refusal
from bot.tables.errors import TableError
from tests.tables.fixtures import IDS, worked_example


def refusals() -> list[Refusal]:
    table = worked_example()
    caught: list[Refusal] = []
    with pytest.raises(IllegalAction) as engine:
        table.act(IDS["ann"], DRAW, now=1.0)
    caught.append(engine.value)
    with pytest.raises(RulesError) as rules:
        build_rules("standard", {"jokers": 9})
    caught.append(rules.value)
    with pytest.raises(TableError) as tables:
        table.start(IDS["ann"], now=2.0)
    caught.append(tables.value)
    return caught


def test_the_engine_the_rules_and_the_tables_refuse_with_one_class_and_no_sentence() -> None:
    for refusal in refusals():
        assert isinstance(refusal, Refusal)
        assert refusal.args == (refusal.key, refusal.params)


def test_a_refusal_is_rendered_in_the_language_it_is_shown_in() -> None:
    engine, rules, tables = refusals()
    assert [engine.message(lang) for lang in ("en", "ro", "vi", "fa")] == [
        "It is not your turn.",
        "Nu este rândul tău.",
        "Chưa đến lượt bạn.",
        "نوبت شما نیست.",
    ]
    assert rules.message("ro").startswith("9 nu este o valoare a lui jokers")
    assert tables.message("vi") == "Trò chơi đã bắt đầu."
    assert str(tables) == "The game has already started."


def test_an_illegal_action_keeps_its_scenario_code() -> None:
    refusal = IllegalAction("not_your_turn", "not_your_turn")
    assert (refusal.code, refusal.reason, refusal.key) == (
        "not_your_turn",
        "not_your_turn",
        "refusal.not_your_turn",
    )
