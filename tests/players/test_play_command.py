"""``tonk play`` driven through standard input: whole hands, results, and no peeking."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HAND_RULE = re.compile(r"Hand \d+: \S+ deals")
ENDINGS = ("dropped with", "went out", "stock ran out", "won on the deal", "thrown in", "dead hand")


def _play(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_a_piped_game_plays_whole_hands_and_shows_each_result() -> None:
    """Answering "2" to every question plays hands to their end; each shows every hand,
    the payments and the balances, and the deal passes to the left (S4)."""
    done = _play("2\n" * 300, "--players", "easy,normal", "--seed", "3", "--name", "ann")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    hands = HAND_RULE.split(out)[1:]
    assert len(hands) >= 2
    finished = [h for h in hands if any(e in h for e in ENDINGS)]
    assert finished
    for text in finished:
        assert "ann:" in text and "easy:" in text and "normal:" in text
        assert "ann +" in text or "ann -" in text or "ann 0" in text
    dealers = re.findall(r"Hand \d+: (\S+) deals", out)
    order = ["ann", "easy", "normal"]
    for before, after in pairwise(dealers):
        assert order.index(after) == (order.index(before) + 1) % 3
    assert "Final balances" in out


def test_no_opponent_card_is_shown_before_the_hand_ends() -> None:
    """S7: the others' hands appear only in the result, after the ending is announced."""
    out = _play("2\n" * 300, "--players", "hard,normal", "--seed", "8").stdout
    for text in HAND_RULE.split(out)[1:]:
        lines = text.splitlines()
        shown = [i for i, line in enumerate(lines) if re.match(r"\s+(hard|normal): ", line)]
        ending = next((i for i, line in enumerate(lines) if any(e in line for e in ENDINGS)), None)
        if shown:
            assert ending is not None and min(shown) > ending


def test_q_quits_at_once_and_bad_answers_are_asked_again() -> None:
    done = _play("9\nx\nq\n", "--players", "normal", "--seed", "1")
    assert done.returncode == 0
    assert "Type a number from 1 to" in done.stdout
    assert "Final balances" in done.stdout


def test_play_refuses_an_unknown_level() -> None:
    done = _play("", "--players", "grandmaster")
    assert done.returncode == 2 and "grandmaster" in done.stderr
