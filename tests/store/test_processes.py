"""Exactly once across processes: two OS processes, each with its own ``Store`` on the same
database, race to record the same hands and to commit the same table versions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bot.store import Store

from .conftest import open_table
from .raw import fetch

ROUNDS = 40
ROOT = Path(__file__).parents[2]


async def test_two_processes_racing_land_each_hand_and_each_version_once(store_url: str) -> None:
    """Every hand is recorded by exactly one process (the other is told it was recorded
    already), every version is committed by exactly one (the other gets StaleVersion), and
    the totals count each hand once."""
    async with await Store.open(store_url) as store:
        table = await open_table(store, channel_id=10)
    racers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.store.racer", store_url, "10", str(ROUNDS)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for racer in racers:
        assert racer.stdout is not None and racer.stdout.readline().strip() == "ready"
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    results = []
    for racer in racers:
        out, _ = racer.communicate(timeout=120)
        assert racer.returncode == 0
        results.append(json.loads(out.strip().splitlines()[-1]))
    rounds = list(range(1, ROUNDS + 1))
    assert sorted(results[0]["hands"] + results[1]["hands"]) == rounds
    assert sorted(results[0]["versions"] + results[1]["versions"]) == rounds
    for mine, theirs in (results, results[::-1]):
        assert sorted(mine["stale"]) == sorted(theirs["versions"])
    assert fetch(store_url, "SELECT count(*) FROM hand") == [(ROUNDS,)]
    assert fetch(store_url, "SELECT user_id, hands_played FROM player_totals ORDER BY 1") == [
        (201, ROUNDS),
        (202, ROUNDS),
    ]
    log = fetch(store_url, f"SELECT version FROM table_log WHERE table_id = {table.id} ORDER BY 1")
    assert [version for (version,) in log] == rounds
