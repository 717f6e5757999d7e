"""``tonk rules [PRESET] [--option NAME=VALUE]``: the rules summary in the terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine.rules import PRESETS

TONK = str(Path(sys.executable).parent / "tonk")


def rules(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TONK, "rules", *args], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_prints_a_summary_naming_it(preset: str) -> None:
    result = rules(preset)
    assert result.returncode == 0
    assert PRESETS[preset][0] in result.stdout.splitlines()[0]


def test_new_jersey_lists_what_differs_from_the_standard_game_first() -> None:
    lines = rules("new_jersey").stdout.splitlines()
    assert lines[2] == "Different from the standard game:"
    assert "13-or-less" in lines[3] and "quadruple" in lines[4]


def test_an_option_override_is_listed_as_a_difference() -> None:
    out = rules("standard", "--option", "catch=alt5").stdout
    assert "pays 5 stakes to the lowest" in out.split("Deck and deal")[0]


def test_a_conflict_is_refused_naming_both_options() -> None:
    result = rules("standard", "--option", "face_values=rank")
    assert result.returncode == 2 and result.stdout == ""
    assert "face_values: rank" in result.stderr and "instant_win: standard" in result.stderr
