"""``tonk scenario FILE``: the scenario contract (docs/scenarios.md), checked through the real
command: in-process as ``main(argv)``, and once as a process."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main

TONK = str(Path(sys.executable).parent / "tonk")
ROOT = Path(__file__).resolve().parents[2]

EXAMPLE = {
    "rules": {"preset": "standard", "options": {}, "stake": 1},
    "players": ["ann", "bob", "cat", "dan"],
    "dealer": "cat",
    "deck": ["AC", "AD", "AS", "3S", "2C", "AH", "2H", "4S", "4D", "2D", "4H", "5D",
             "6H", "3H", "5C", "8C", "7S", "5S", "6C", "10C"],
    "actions": [{"player": "dan", "do": "drop"}],
}  # fmt: skip
EXAMPLE_PAYOUTS = {"ann": 4, "bob": 1, "cat": -1, "dan": -4}


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


Tonk = Callable[..., Run]


@pytest.fixture
def tonk(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Tonk:
    """``tonk scenario -`` with ``data`` as JSON (or ``raw`` bytes) on standard input."""

    def run(data: Any = None, *, raw: bytes | None = None) -> Run:
        source = raw if raw is not None else json.dumps(data).encode()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(source)))
        status = main(["scenario", "-"])
        captured = capsys.readouterr()
        return Run(status, captured.out, captured.err)

    return run


def test_the_worked_example_of_S11c_prints_the_documented_object(tonk: Tonk) -> None:
    result = tonk(EXAMPLE)
    assert result.returncode == 0 and result.stderr == ""
    out = json.loads(result.stdout)
    hands = {name: sorted(cards) for name, cards in out.pop("hands").items()}
    assert out == {
        "ended": True,
        "ending": "drop_caught",
        "winners": ["ann"],
        "payouts": {"ann": 4, "bob": 1, "cat": -1, "dan": -4},
        "counts": {"ann": 12, "bob": 18, "cat": 30, "dan": 20},
        "spreads": [],
        "discard_top": "3C",
        "stock": 31,
        "to_act": None,
    }
    assert hands == {
        "ann": sorted(["AD", "AH", "2D", "3H", "5S"]),
        "bob": sorted(["AS", "2H", "4H", "5C", "6C"]),
        "cat": sorted(["3S", "4S", "5D", "8C", "10C"]),
        "dan": sorted(["AC", "2C", "4D", "6H", "7S"]),
    }


def test_a_file_argument_works_like_standard_input(tmp_path: Path) -> None:
    """The one run as a separate process, as a user types it."""
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE), "utf-8")
    result = subprocess.run([TONK, "scenario", str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and json.loads(result.stdout)["ending"] == "drop_caught"


def test_the_documented_example_file_runs_as_documented(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/scenarios.md shows docs/examples/caught-drop.json and its output."""
    assert main(["scenario", str(ROOT / "docs/examples/caught-drop.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    documented = (ROOT / "docs/scenarios.md").read_text("utf-8")
    assert out["ending"] == "drop_caught" and out["payouts"] == EXAMPLE_PAYOUTS
    assert json.dumps(out["payouts"]) in documented


def test_an_unfinished_hand_prints_whose_turn_and_the_phase(tonk: Tonk) -> None:
    result = tonk({**EXAMPLE, "actions": [{"player": "dan", "do": "draw"}]})
    out = json.loads(result.stdout)
    assert result.returncode == 0
    assert out["ended"] is False and out["ending"] is None
    assert out["winners"] == [] and out["payouts"] == {}
    assert out["to_act"] == "dan" and out["phase"] == "play"


def test_an_illegal_action_exits_1_with_the_state_before_it_and_the_error(tonk: Tonk) -> None:
    actions = [{"player": "dan", "do": "draw"}, {"player": "ann", "do": "draw"}]
    result = tonk({**EXAMPLE, "actions": actions})
    assert result.returncode == 1
    out = json.loads(result.stdout)
    assert out["error"]["index"] == 1 and out["error"]["code"] == "not_your_turn"
    assert out["error"]["message"]
    assert out["to_act"] == "dan" and out["phase"] == "play" and out["stock"] == 30


@pytest.mark.parametrize(
    ("data", "raw", "words"),
    [
        (None, b"{not json", "not JSON"),
        (None, b"\xff\xfe{}", "not UTF-8"),
        (None, b"[" * 100_000, "nested too deeply"),
        ({**EXAMPLE, "rules": {"preset": "atlantis"}}, None, "atlantis"),
        ({**EXAMPLE, "rules": {"options": {"jokrs": 2}}}, None, "jokrs"),
        ({**EXAMPLE, "rules": {"options": {"deck": 36}}}, None, "deck"),
        ({**EXAMPLE, "deck": ["ZZ"]}, None, "ZZ"),
        ({**EXAMPLE, "deck": ["AC", "AC"]}, None, "AC"),
        ({**EXAMPLE, "dealer": "eve"}, None, "eve"),
        ({**EXAMPLE, "actions": [{"player": "eve", "do": "draw"}]}, None, "eve"),
        ({**EXAMPLE, "actions": [{"player": "dan", "do": "dance"}]}, None, "dance"),
        ({**EXAMPLE, "players": ["ann", "ann"]}, None, "twice"),
        ([1, 2], None, "object"),
    ],
)
def test_input_that_is_not_a_scenario_exits_2_with_one_line_on_stderr(
    tonk: Tonk, data: Any, raw: bytes | None, words: str
) -> None:
    result = tonk(data, raw=raw)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert words in result.stderr
