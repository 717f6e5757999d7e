"""``tonk rules [PRESET] [--option NAME=VALUE] [--list]``: the rules summary in the terminal,
called in-process as ``main(argv)``."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import EXIT_BROKEN_PIPE, main
from bot.engine.rules import OPTIONS, PRESETS

TONK = str(Path(sys.executable).parent / "tonk")


def rules(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["rules", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_prints_a_summary_naming_it(
    capsys: pytest.CaptureFixture[str], preset: str
) -> None:
    status, out, _ = rules(capsys, preset)
    assert status == 0
    assert PRESETS[preset][0] in out.splitlines()[0]
    assert out.splitlines()[-1].endswith("docs/guide.md in the bot's repository.")


def test_new_jersey_lists_what_differs_from_the_standard_game_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = rules(capsys, "new_jersey")[1].splitlines()
    assert lines[2] == "Different from the standard game:"
    assert "13-or-less" in lines[3] and "quadruple" in lines[4]


def test_an_option_override_is_listed_as_a_difference(capsys: pytest.CaptureFixture[str]) -> None:
    out = rules(capsys, "standard", "--option", "catch=alt5", "--option", "deck=40")[1]
    differences = out.split("Deck and deal")[0]
    assert "pays 5 stakes to the lowest" in differences and "(deck: 40, O1)" in differences


def test_a_conflict_is_refused_naming_both_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = rules(capsys, "standard", "--option", "face_values=rank")
    assert status == 2 and out == ""
    assert "face_values: rank" in err and "instant_win: standard" in err


def test_a_misspelt_option_name_gets_the_nearest_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = rules(capsys, "--option", "catsh=alt5")
    assert status == 2 and out == ""
    assert err == "There is no option called 'catsh': did you mean catch?\n"


def test_list_names_every_option_with_its_values_and_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = rules(capsys, "--list")
    lines = out.splitlines()
    assert status == 0 and [line.split()[0] for line in lines] == list(OPTIONS)
    assert "push_up_limit (H10): 10 to 1000; default 100" in lines
    assert "catch (O25): standard, alt1, alt2, alt3, alt4, alt5, indiana, chicago, " in out
    assert "upcard (O6): true, false; default true" in lines


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("tonk ")


def test_a_reader_that_goes_away_ends_the_output_quietly() -> None:
    """``tonk rules | head``, with the reader gone before a line is written: no
    BrokenPipeError, nothing on standard error."""
    with subprocess.Popen([TONK, "rules"], stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
        assert run.stdout is not None and run.stderr is not None
        run.stdout.close()
        status = run.wait(timeout=30)
        assert run.stderr.read() == b""
    assert status == EXIT_BROKEN_PIPE


def test_python_m_bot_is_the_tonk_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["bot", "rules", "--option", "catsh=alt5"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("bot", run_name="__main__")
    assert done.value.code == 2 and "did you mean catch?" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args", [["rules", "chicago"], ["scenario", "docs/examples/caught-drop.json"]]
)
def test_rules_and_scenario_load_no_discord_sqlalchemy_rich_or_computer_player(
    args: list[str],
) -> None:
    heavy = ("discord", "sqlalchemy", "sqlmodel", "aiohttp", "aiosqlite", "rich", "dotenv")
    players = "bot.players.registry"  # the help of simulate and play names only the levels
    probe = (
        "import sys, contextlib, io\n"
        "from bot.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main({args!r}) == 0\n"
        f"loaded = {{m.split('.')[0] for m in sys.modules}} & set({heavy!r})\n"
        f"print(sorted(loaded | ({{{players!r}}} & set(sys.modules))))\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=root, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
