"""Every benchmark still runs against today's code: each script answers ``--help``.

The benchmarks are not imported by the bot, so nothing else would notice that a change to
the code they drive broke them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
SCRIPTS = ("bot_load.py", "engine.py", "players.py", "store.py")


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_benchmark_starts_and_explains_itself(script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
