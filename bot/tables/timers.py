"""Deadlines for tables: turn timers, the pause between hands, closing idle tables.

A ``Clock`` gives the time (Unix seconds, so deadlines can be shown as Discord timestamps)
and waits; tests inject one they move by hand. ``Timers`` runs one asyncio task per key and
calls back once the deadline has passed; setting a key again replaces its timer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Protocol

log = logging.getLogger(__name__)


class Clock(Protocol):
    """The time now, and a way to wait until a given time."""

    def now(self) -> float: ...

    async def sleep_until(self, deadline: float) -> None: ...


class SystemClock:
    """Wall-clock time and ``asyncio.sleep``."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))


class Timers:
    """One pending callback per key; an error in one callback is logged and stops nothing.

    Once closed (its owner, a table, is gone), it sets no timer again: a callback still on
    its way when the table closed cannot leave a task behind, waiting on the owner."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}
        self._running: set[asyncio.Task[Any]] = set()
        """The timers whose deadline passed, while their callback runs."""
        self._closed = False

    def set(self, key: Hashable, deadline: float, callback: Callable[[], Awaitable[None]]) -> None:
        """Call ``callback`` once ``deadline`` has passed, replacing any timer under ``key``
        (nothing, once closed)."""
        if self._closed:
            log.debug("timer %s not set: its table is gone", key)
            return
        self.cancel(key)
        self._tasks[key] = asyncio.create_task(
            self._run(key, deadline, callback), name=f"timer {key}"
        )

    def cancel(self, key: Hashable) -> None:
        task = self._tasks.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def pending(self, key: Hashable) -> bool:
        return key in self._tasks

    def cancel_all(self) -> None:
        for key in list(self._tasks):
            self.cancel(key)

    def close(self) -> None:
        """Cancel every timer, those whose callback is running too (but the one calling),
        and set none from now on."""
        self._closed = True
        self.cancel_all()
        current = asyncio.current_task()
        for task in self._running:
            if task is not current:
                task.cancel()

    async def _run(
        self, key: Hashable, deadline: float, callback: Callable[[], Awaitable[None]]
    ) -> None:
        await self.clock.sleep_until(deadline)
        task = asyncio.current_task()
        assert task is not None
        if self._tasks.get(key) is task:
            del self._tasks[key]
        self._running.add(task)
        try:
            await callback()
        except Exception:
            log.exception("timer %s failed", key)
        finally:
            self._running.discard(task)
