"""What this process is doing, for its operators: interactions answered, how fast, and how
long the database takes to commit, over a sliding window.

``Metrics`` is fed by the bot (``answered``: an interaction got its first answer or
deferral; ``committed``: a table commit finished) and read as a ``Snapshot``, which the bot
logs once a minute (``cogs.tonk.open_tables``). Nothing here touches Discord or the database.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

WINDOW = 60.0
"""Seconds of history a snapshot covers."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The figures of the last ``window`` seconds."""

    window: float
    open_tables: int
    interactions: int
    interactions_per_s: float
    answer_p50_ms: float | None
    answer_p99_ms: float | None
    late: int
    """Interactions first answered (or deferred) more than three seconds after Discord sent
    them: those Discord showed as failed."""
    gone: int
    """Interactions that reached the bot after Discord stopped taking an answer to them
    (shown to the member as failed): not acted on."""
    commits: int
    commit_p50_ms: float | None
    commit_p99_ms: float | None
    failed_commits: int


def percentile(values: list[float], fraction: float) -> float | None:
    """The value below which ``fraction`` of ``values`` lie (nearest rank), None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


class Metrics:
    """Sliding-window counters of one process."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._answers: deque[tuple[float, float]] = deque()
        self._gone: deque[float] = deque()
        self._commits: deque[tuple[float, float, bool]] = deque()

    def answered(self, seconds: float) -> None:
        """An interaction got its first answer ``seconds`` after Discord sent it."""
        now = self._clock()
        self._answers.append((now, seconds))
        self._forget_before(now - WINDOW)

    def gone(self) -> None:
        """An interaction reached the bot after Discord stopped taking an answer to it."""
        now = self._clock()
        self._gone.append(now)
        self._forget_before(now - WINDOW)

    def committed(self, seconds: float, *, ok: bool = True) -> None:
        """A table commit took ``seconds`` (``ok`` False: it failed)."""
        now = self._clock()
        self._commits.append((now, seconds, ok))
        self._forget_before(now - WINDOW)

    def _forget_before(self, since: float) -> None:
        """Drop the samples older than ``since``: memory stays one window's worth."""
        while self._answers and self._answers[0][0] < since:
            self._answers.popleft()
        while self._gone and self._gone[0] < since:
            self._gone.popleft()
        while self._commits and self._commits[0][0] < since:
            self._commits.popleft()

    def snapshot(self, open_tables: int, window: float = WINDOW) -> Snapshot:
        """The figures of the last ``window`` seconds (at most ``WINDOW``)."""
        self._forget_before(self._clock() - window)
        answers = [seconds * 1000 for _, seconds in self._answers]
        commits = [seconds * 1000 for _, seconds, ok in self._commits if ok]
        return Snapshot(
            window=window,
            open_tables=open_tables,
            interactions=len(answers),
            interactions_per_s=len(answers) / window,
            answer_p50_ms=percentile(answers, 0.5),
            answer_p99_ms=percentile(answers, 0.99),
            late=sum(ms > 3000 for ms in answers),
            gone=len(self._gone),
            commits=len(commits),
            commit_p50_ms=percentile(commits, 0.5),
            commit_p99_ms=percentile(commits, 0.99),
            failed_commits=sum(not ok for _, _, ok in self._commits),
        )
