"""``tonk play`` driven through standard input (in-process, ``main(argv)``): whole hands,
labelled results, no peeking, and clean endings."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise

import pytest

from bot.cli import main

HAND_RULE = re.compile(r"Hand \d+: \S+ deals")
ENDINGS = ("dropped with", "went out", "stock ran out", "won on the deal", "thrown in", "dead hand")


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


Play = Callable[..., Done]


@pytest.fixture
def play_cmd(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Play:
    """``tonk play ARGS`` with ``stdin`` typed in (a KeyboardInterrupt in it is Ctrl-C)."""

    def run(stdin: str | list[str | type[BaseException]], *args: str) -> Done:
        lines = iter(stdin.splitlines(keepends=True) if isinstance(stdin, str) else stdin)
        monkeypatch.setattr(sys, "stdin", Typed(lines))
        status = main(["play", *args])
        captured = capsys.readouterr()
        return Done(status, captured.out, captured.err)

    return run


class Typed(io.StringIO):
    """Standard input line by line; an exception class among the lines is raised there."""

    def __init__(self, lines: Iterator[str | type[BaseException]]) -> None:
        super().__init__()
        self.lines = lines

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = next(self.lines, "")
        if isinstance(line, type):
            raise line
        return line


def test_a_piped_game_plays_whole_hands_and_shows_each_result(play_cmd: Play) -> None:
    """Answering "2" to every question plays hands to their end; each shows every hand,
    the payments and the balances, and the deal passes to the left (S4)."""
    done = play_cmd("2\n" * 300, "--players", "easy,normal", "--seed", "3", "--name", "ann")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    hands = HAND_RULE.split(out)[1:]
    assert len(hands) >= 2
    finished = [h for h in hands if any(e in h for e in ENDINGS)]
    assert finished
    for text in finished:
        assert "ann:" in text and "easy:" in text and "normal:" in text
        assert "ann +" in text or "ann \N{MINUS SIGN}" in text or "ann 0" in text
    dealers = re.findall(r"Hand \d+: (\S+) deals", out)
    order = ["ann", "easy", "normal"]
    for before, after in pairwise(dealers):
        assert order.index(after) == (order.index(before) + 1) % 3
    assert "Final balances" in out


def test_no_opponent_card_is_shown_before_the_hand_ends(play_cmd: Play) -> None:
    """S7: the others' hands appear only in the result, after the ending is announced."""
    out = play_cmd("2\n" * 300, "--players", "hard,normal", "--seed", "8").stdout
    for text in HAND_RULE.split(out)[1:]:
        lines = text.splitlines()
        shown = [i for i, line in enumerate(lines) if re.match(r"\s+(hard|normal): ", line)]
        ending = next((i for i, line in enumerate(lines) if any(e in line for e in ENDINGS)), None)
        if shown:
            assert ending is not None and min(shown) > ending


def test_q_quits_at_once_and_bad_answers_are_asked_again(play_cmd: Play) -> None:
    done = play_cmd("9\nx\nq\n", "--players", "normal", "--seed", "1")
    assert done.returncode == 0
    assert "Type a number from 1 to" in done.stdout
    assert "Final balances" in done.stdout


def test_play_refuses_an_unknown_level(play_cmd: Play) -> None:
    done = play_cmd("", "--players", "grandmaster")
    assert done.returncode == 2 and "grandmaster" in done.stderr


def test_each_result_labels_this_hand_and_the_session(play_cmd: Play) -> None:
    out = play_cmd("2\n" * 300, "--players", "easy", "--seed", "3", "--name", "ann").stdout
    finished = [h for h in HAND_RULE.split(out)[1:] if any(e in h for e in ENDINGS)]
    for hand in finished:
        assert "This hand:" in hand and re.search(r"Session: ann [+−]?\d+, easy [+−]?\d+", hand)


def test_push_up_scores_read_as_points_against(play_cmd: Play) -> None:
    out = play_cmd("2\n" * 300, "--preset", "push_up", "--players", "easy", "--seed", "3").stdout
    assert "This hand, points against (lowest wins the match):" in out
    assert "Session, points against: " in out and "points against" in out
    assert not re.search(r"Session, points against: .*[+]", out)
    assert "Final points against (lowest wins): " in out


def test_ctrl_c_and_ctrl_d_end_with_the_final_balances(play_cmd: Play) -> None:
    for typed in (["2\n", "2\n", KeyboardInterrupt], ["2\n"]):
        done = play_cmd(typed, "--players", "normal", "--seed", "1")
        assert done.returncode == 0 and done.stderr == ""
        assert "Final balances: Player 0, normal 0" in done.stdout


def test_a_name_with_markup_is_shown_as_typed(play_cmd: Play) -> None:
    done = play_cmd("q\n", "--players", "normal", "--seed", "1", "--name", "Bob [/] [bold]")
    assert done.returncode == 0
    assert "Final balances: Bob [/] [bold] 0, normal 0" in done.stdout


def test_a_drop_above_the_chosen_count_is_asked_again(play_cmd: Play) -> None:
    """Seed 1 deals the person a count of 33 and the drop first: with --confirm-drop 20 the
    drop is asked again, and anything but y chooses again; at 40 it is not asked."""
    asked = play_cmd("1\n\nq\n", "--players", "normal", "--seed", "1", "--confirm-drop", "20")
    assert "Drop with a count of 33? y to drop" in asked.stdout
    assert asked.stdout.count("Number (h for a hint, q to quit)") == 2
    trusted = play_cmd("1\nq\n", "--players", "normal", "--seed", "1", "--confirm-drop", "40")
    assert "Drop with a count of" not in trusted.stdout


def test_h_shows_the_number_and_words_of_the_advisers_move(play_cmd: Play) -> None:
    """The person plays alone against computer players: ``h`` names one of the numbered
    moves (the adviser's, ``bot.players.advice``), the same when asked again; a wrong
    answer says h is there."""
    done = play_cmd("h\nh\nx\nq\n", "--players", "normal", "--seed", "1")
    assert done.returncode == 0 and done.stderr == ""
    hints = re.findall(r"💡 Hint: (\d+)\. (.+)", done.stdout)
    assert len(hints) == 2 and hints[0] == hints[1]
    number, words = hints[0]
    assert f"  {number}. {words}" in done.stdout.split("💡")[0]
    assert "Type a number from 1 to" in done.stdout and "h for a hint, or q to quit" in done.stdout
