"""A clock that tests move by hand: timers fire when the test says time has passed."""

from __future__ import annotations

import asyncio

START = 1_800_000_000.0


class ManualClock:
    """``now`` stands still until ``advance``; ``sleep_until`` wakes on each advance."""

    def __init__(self, start: float = START) -> None:
        self._now = start
        self._moved = asyncio.Event()

    def now(self) -> float:
        return self._now

    async def sleep_until(self, deadline: float) -> None:
        while self._now < deadline:
            moved = self._moved
            await moved.wait()

    def advance(self, seconds: float) -> None:
        """Move time on by ``seconds`` and wake every sleeper to check its deadline."""
        self._now += seconds
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()
