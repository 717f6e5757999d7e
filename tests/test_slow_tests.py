"""Which tests a run includes: the ``slow`` ones under CI or when chosen, not by default
(``tests/conftest.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RANDOM_PLAY = (
    "tests/engine/test_random_play.py"
    "::test_ten_thousand_random_hands_conserve_cards_pay_zero_sum_and_end"
)


def collected(*options: str, ci: str | None) -> list[str]:
    """The test ids a run of the random-play invariant with ``options`` would include."""
    environment = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        environment["CI"] = ci
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            *options,
            RANDOM_PLAY,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        check=True,
    )
    return [line for line in result.stdout.splitlines() if line.startswith("tests/")]


@pytest.mark.parametrize(
    ("options", "ci", "chunks"),
    [
        ((), None, ["0"]),
        ((), "true", [str(c) for c in range(10)]),
        (("-m", "slow"), None, [str(c) for c in range(1, 10)]),
        (("-m", "not slow"), "true", ["0"]),
    ],
    ids=["default", "ci", "chosen", "ci-with-m"],
)
def test_the_slow_random_hands_run_under_ci_or_when_chosen(
    options: tuple[str, ...], ci: str | None, chunks: list[str]
) -> None:
    """A plain run plays 1,000 random hands; CI plays all 10,000; ``-m`` decides when given."""
    assert collected(*options, ci=ci) == [f"{RANDOM_PLAY}[{c}]" for c in chunks]
