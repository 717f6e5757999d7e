"""The operators' figures: a sliding window of answers and commits."""

from __future__ import annotations

from bot.metrics import Metrics, percentile
from cogs.tonk.open_tables import status_line


class Ticks:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_percentile_is_the_nearest_rank_and_none_for_no_values() -> None:
    assert percentile([], 0.99) is None
    assert percentile([5.0, 1.0, 3.0], 0.5) == 3.0
    assert percentile([float(v) for v in range(1, 101)], 0.99) == 100.0


def test_a_snapshot_counts_the_last_window_only_and_flags_late_answers() -> None:
    ticks = Ticks()
    metrics = Metrics(ticks)
    metrics.answered(0.010)
    metrics.committed(0.002)
    ticks.now = 61.0
    metrics.answered(0.020)
    metrics.answered(3.5)  # Discord showed this one as failed
    metrics.gone()  # and this one, which reached the bot after Discord gave up on it
    metrics.committed(0.004)
    metrics.committed(0.5, ok=False)
    snapshot = metrics.snapshot(open_tables=7)
    assert snapshot.interactions == 2 and snapshot.late == 1 and snapshot.gone == 1
    assert snapshot.interactions_per_s == 2 / 60
    assert snapshot.answer_p50_ms == 3500.0
    assert snapshot.commits == 1 and snapshot.commit_p99_ms == 4.0
    assert snapshot.failed_commits == 1 and snapshot.open_tables == 7
    line = status_line(snapshot)
    assert line.startswith("status: 7 open tables; 0.0 interactions/s")
    assert "1 late, 1 too late for Discord" in line and "1 failed" in line


def test_samples_older_than_the_window_are_dropped_as_new_ones_come() -> None:
    """Memory stays one window's worth even if nobody asks for a snapshot."""
    ticks = Ticks()
    metrics = Metrics(ticks)
    for second in range(600):
        ticks.now = float(second)
        metrics.answered(0.001)
        metrics.committed(0.001)
    snapshot = metrics.snapshot(open_tables=1)
    assert snapshot.interactions == 61 and snapshot.commits == 61
