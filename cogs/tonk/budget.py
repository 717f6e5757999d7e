"""The bot's budget of REST requests that count against Discord's global rate limit.

Discord lets a bot make 50 requests a second in all (replies to interactions aside, which
are not counted); past that it answers 429, and a bot that keeps getting 429s is blocked
for a while. Interaction replies and panels (the interaction's own webhook) are free; what
counts is the table messages and DMs the bot edits. At 100 busy tables those would be about
90 a second, so they share a budget: at most ``rate`` a second on average, in bursts of at
most ``burst``, granted in the order asked. Edits are coalesced (``Coalescer``): a table
message or DM waiting for its turn is edited once, with the latest state, when it comes. So
a quiet bot edits as soon as the interval allows, and a busy one edits each message a
little less often instead of being blocked.
"""

from __future__ import annotations

import asyncio


class RequestBudget:
    """At most ``rate`` requests a second on average and ``burst`` at once, first come first
    served (the generic cell rate algorithm: each grant reserves the next slot)."""

    def __init__(self, rate: float, burst: int) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a budget needs a positive rate and burst, got {rate}, {burst}")
        self.rate = rate
        self._interval = 1.0 / rate
        self._tolerance = (burst - 1) * self._interval
        self._next: float | None = None

    def delay(self, now: float) -> float:
        """Reserve the next slot at loop time ``now``: how long to wait before using it."""
        due = now if self._next is None else max(self._next, now)
        self._next = due + self._interval
        return max(0.0, due - self._tolerance - now)

    async def acquire(self) -> None:
        """Wait for this request's slot."""
        wait = self.delay(asyncio.get_running_loop().time())
        if wait > 0:
            await asyncio.sleep(wait)
