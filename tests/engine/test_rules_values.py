"""Building a table's rules (RULES.md §2, §3): unknown names and values are refused with a
sentence, every conflict is refused with a sentence naming both options, and option values
typed as text ("true", "7") are coerced to the option's type.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.engine import RulesError, build_rules
from bot.engine.rules import PRESETS, Catch, InstantWin, Rules
from bot.scenario import ScenarioError, run_scenario
from tests.engine.stacking import play, scenario


def tonk(*argv: str) -> int:
    """Run ``tonk ARGV…`` as the command line does (in English, whatever the environment)."""
    return main([*argv, "--lang", "en"])


TWO = {"ann": ["AC", "2C", "3C", "9D", "KS"], "bob": ["5H", "6H", "8S", "9S", "QD"]}


def refusal(preset: str = "standard", **options: Any) -> str:
    """The sentence ``build_rules`` refuses these rules with."""
    with pytest.raises(RulesError) as caught:
        build_rules(preset, options)
    return str(caught.value)


# -- unknown names and values -------------------------------------------------------------------


def test_O1_a_misspelt_option_name_is_refused_suggesting_the_nearest_name() -> None:
    assert refusal(decks=40) == "There is no option called 'decks': did you mean deck?"
    assert refusal(zzz=1) == "There is no option called 'zzz'."
    with pytest.raises(ScenarioError, match="There is no option called 'decks'"):
        run_scenario(scenario(TWO, options={"decks": 40}))


def test_P9_a_misspelt_preset_is_refused_naming_the_presets() -> None:
    message = refusal("seatle")
    assert message.startswith("There is no preset called 'seatle': choose one of ")
    for name in PRESETS:
        assert name in message
    with pytest.raises(ScenarioError, match="no preset called 'seatle'"):
        run_scenario(scenario(TWO, preset="seatle"))


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("hand_size", 6, "6 is not a value of hand_size: use one of 5, 7."),
        ("push_up_limit", "5", "'5' is not a value of push_up_limit: use a whole number "
         "from 10 to 1000."),
        ("hand_size", "6", "'6' is not a value of hand_size: use one of 5, 7."),
        ("deck", 36, "36 is not a value of deck: use one of 52, 40."),
        ("upcard", "maybe", "'maybe' is not a value of upcard: use one of true, false."),
        ("catch", "alt6", "'alt6' is not a value of catch: use one of standard, alt1, alt2, "
         "alt3, alt4, alt5, indiana, chicago, washington_state."),
        ("hand_size", True, "True is not a value of hand_size: use one of 5, 7."),
    ],
)  # fmt: skip
def test_O5_O1_O6_O25_a_value_an_option_does_not_take_is_refused_naming_the_values(
    option: str, value: object, message: str
) -> None:
    assert refusal(**{option: value}) == message


def test_O7_every_instant_win_scheme_of_RULES_is_a_value_and_no_other() -> None:
    for scheme in InstantWin:
        assert build_rules("standard", {"instant_win": scheme}).instant_win == scheme
    assert "is not a value of instant_win" in refusal(instant_win="texas")


def test_O5_a_bad_value_in_a_scenario_is_bad_input_exit_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario(TWO, options={"hand_size": 6})), "utf-8")
    assert tonk("scenario", str(path)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().count("\n") == 0
    assert "6 is not a value of hand_size" in captured.err


# -- conflicts ------------------------------------------------------------------------------

RANK_SCHEMES = ("none", "low9_only", "five_faces")


@pytest.mark.parametrize("scheme", [s for s in InstantWin if s not in RANK_SCHEMES])
def test_O4_face_values_rank_conflicts_with_every_scheme_that_pays_49_or_50(scheme: str) -> None:
    message = refusal(face_values="rank", instant_win=scheme)
    assert f"face_values: rank conflicts with instant_win: {scheme}" in message
    assert "none, low9_only, five_faces" in message


def test_O4_face_values_rank_conflicts_with_the_default_instant_win_standard() -> None:
    message = refusal(face_values="rank")
    assert message.startswith("face_values: rank conflicts with instant_win: standard")


@pytest.mark.parametrize("scheme", RANK_SCHEMES)
def test_O4_face_values_rank_is_allowed_with_none_low9_only_and_five_faces(scheme: str) -> None:
    rules = build_rules("standard", {"face_values": "rank", "instant_win": scheme})
    assert (rules.face_values, rules.instant_win) == ("rank", scheme)


@pytest.mark.parametrize(
    ("preset", "options", "names"),
    [
        # O40: being hit can block going out only where being hit makes you wait.
        ("standard", {"hit_blocks_going_out": True}, ("hit_blocks_going_out", "wait_after_hit")),
        # O39: one wait per round needs a wait.
        ("standard", {"wait_hit_once_per_round": True},
         ("wait_hit_once_per_round", "wait_after_hit")),
        # O22: in Indiana going out by any means is a rum, paid 2.
        ("standard", {"stakes": "indiana", "tonk_out_pays": "single"},
         ("tonk_out_pays: single", "stakes: indiana")),
        ("standard", {"stakes": "indiana", "tonk_out_pays": "second_spread_only"},
         ("tonk_out_pays: second_spread_only", "stakes: indiana")),
        # O36: a boobed stock that runs out pays the lowest as for a drop.
        ("standard", {"boobed": True, "stock_out": "dead_hand"},
         ("boobed: true", "stock_out: dead_hand")),
        # The same conflicts reached from a preset's own options.
        ("indiana", {"tonk_out_pays": "single"}, ("tonk_out_pays: single", "stakes: indiana")),
        ("indiana", {"stock_out": "dead_hand"}, ("boobed: true", "stock_out: dead_hand")),
        ("chicago", {"face_values": "rank"}, ("face_values: rank", "instant_win: chicago")),
        ("washington_state", {"wait_after_hit": 0, "hit_blocks_going_out": True},
         ("hit_blocks_going_out", "wait_after_hit")),
    ],
)  # fmt: skip
def test_O40_O39_O22_O21_O36_O34_P5_P6_P7_a_conflict_is_refused_naming_both_options(
    preset: str, options: dict[str, Any], names: tuple[str, str]
) -> None:
    message = refusal(preset, **options)
    assert " conflicts with " in message
    for name in names:
        assert name in message
    with pytest.raises(ScenarioError, match="conflicts with"):
        run_scenario(scenario(TWO, preset=preset, options=options))


def test_O4_tonk_rules_refuses_a_conflict_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert tonk("rules", "standard", "--option", "face_values=rank") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "face_values: rank conflicts with instant_win: standard" in captured.err


# -- values typed as text -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [
        ("upcard", "false", False),
        ("upcard", "TRUE", True),
        ("big_one", "true", True),
        ("boobed", "on", True),
        ("no_fourth_to_book", "no", False),
        ("hand_size", "7", 7),
        ("deck", "40", 40),
        ("jokers", "2", 2),
        ("wait_after_spread", "3", 3),
        ("chicago_49_pays", "2", 2),
        ("push_up_limit", "150", 150),
        ("catch", "ALT5", Catch.ALT5),
        ("instant_win", "Washington_DC", InstantWin.WASHINGTON_DC),
    ],
)
def test_O6_O44_O36_O20_O5_O1_O2_O37_O17c_H10_O25_O13_values_are_coerced_from_text(
    option: str, text: str, value: object
) -> None:
    got = getattr(build_rules("standard", {option: text}), option)
    assert got == value and type(got) is type(value)


def test_O5_O6_text_values_in_a_scenario_change_the_deal() -> None:
    ann = ["AC", "2C", "3C", "4C", "5C", "6C", "7C"]
    bob = ["AD", "2D", "3D", "4D", "5D", "6D", "7D"]
    out = play({"ann": ann, "bob": bob}, options={"hand_size": "7", "upcard": "false"})
    # Seven cards each and no upcard: 52 - 14 = 38 in the stock.
    assert len(out["hands"]["ann"]) == 7 and out["discard_top"] is None and out["stock"] == 38


def test_O5_with_option_coerces_and_checks_like_build_rules() -> None:
    rules = build_rules("louisiana").with_option("hand_size", "7")
    assert (rules.preset, rules.deck, rules.hand_size) == ("louisiana", 40, 7)
    assert rules.overrides() == {"hand_size": 7}
    with pytest.raises(RulesError, match="conflicts with instant_win: louisiana"):
        rules.with_option("face_values", "rank")


def test_P1_to_P11_every_preset_is_its_table_of_options() -> None:
    # RULES.md §3, "options that differ from the standard game".
    table: dict[str, dict[str, object]] = {
        "standard": {},
        "washington_dc": {"instant_win": "washington_dc"},
        "new_jersey": {"instant_win": "new_jersey", "first_turn_two_spreads": True},
        "louisiana": {"deck": 40, "instant_win": "louisiana"},
        "indiana": {"instant_win": "five_faces", "stakes": "indiana", "catch": "indiana",
                    "boobed": True, "stock_out_tie": "dead_hand"},
        "chicago": {"wilds": "deuces_jokers", "instant_win": "chicago", "upcard": False,
                    "chicago_breaking": True, "catch": "chicago"},
        "washington_state": {"instant_win": "washington_state", "wait_after_hit": 1,
                             "wait_after_own_hit": False, "catch": "washington_state"},
        "push_up": {"scoring": "push_up"},
        "seattle": {"hand_size": 7},
        "seven_card_40": {"hand_size": 7, "deck": 40},
        "waiting": {"wait_after_spread": 3, "wait_after_hit": 1},
    }  # fmt: skip
    assert list(table) == list(PRESETS)
    for preset, options in table.items():
        assert build_rules(preset).differences_from_standard() == options
    assert Rules().options() == build_rules("standard").options()
