"""Coalesced jobs: at most one running per key, started at most once per interval.

A request while a job for the same key runs (or waits out its interval, or its turn in a
``RequestBudget``) replaces any pending one, so a burst of changes becomes one edit that
shows the latest state: jobs render when they run, not when they are requested.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

from cogs.tonk.budget import RequestBudget

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]


class Coalescer:
    """Runs requested jobs per key, one at a time, no more than once per ``interval`` (or
    the interval the request names), each after its turn in the request's budget if any."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._pending: dict[Hashable, Job] = {}
        self._intervals: dict[Hashable, float] = {}
        self._budgets: dict[Hashable, RequestBudget] = {}
        self._workers: dict[Hashable, asyncio.Task[None]] = {}
        self._closed = False

    def request(
        self,
        key: Hashable,
        job: Job,
        interval: float | None = None,
        budget: RequestBudget | None = None,
    ) -> None:
        """Run ``job`` soon; a job already waiting under ``key`` is replaced by it. Jobs of
        ``key`` start at most once per ``interval`` (default: the coalescer's), and each
        once ``budget`` grants it a request. Nothing, once closed."""
        if self._closed:
            return
        self._pending[key] = job
        if interval is not None:
            self._intervals[key] = interval
        if budget is not None:
            self._budgets[key] = budget
        if key not in self._workers:
            self._workers[key] = asyncio.create_task(self._work(key), name=f"coalesce {key}")

    def busy(self) -> bool:
        """Whether any job is pending or running."""
        return bool(self._workers)

    async def drain(self) -> None:
        """Wait until every requested job has run."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    def cancel(self) -> None:
        for task in self._workers.values():
            task.cancel()
        self._pending.clear()

    def close(self) -> None:
        """Cancel every job and take no more (the bot is shutting down)."""
        self._closed = True
        self.cancel()

    async def _work(self, key: Hashable) -> None:
        loop = asyncio.get_running_loop()
        try:
            while key in self._pending:
                budget = self._budgets.get(key)
                if budget is not None:
                    await budget.acquire()
                job = self._pending.pop(key)
                started = loop.time()
                try:
                    await job()
                except Exception:
                    log.exception("update %s failed", key)
                interval = self._intervals.get(key, self.interval)
                await asyncio.sleep(max(0.0, interval - (loop.time() - started)))
        finally:
            del self._workers[key]
            self._intervals.pop(key, None)
            self._budgets.pop(key, None)
