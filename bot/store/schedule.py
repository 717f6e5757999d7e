"""When a server's seasons start by themselves (``/tonk config season every:``): every week,
on Monday at 00:00 UTC, or every month, on the 1st at 00:00 UTC. UTC because a Discord
server has no time zone of its own; each reader sees the moment in theirs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import assert_never

DAYS_IN_WEEK = 7


class SeasonEvery(StrEnum):
    """How often a server's seasons start by themselves."""

    WEEK = "weekly"
    MONTH = "monthly"


def next_start(every: SeasonEvery, after: float) -> float:
    """The first moment strictly after ``after`` (Unix seconds) at which a season that
    starts ``every`` week or month starts: Monday 00:00 UTC, or the 1st at 00:00 UTC."""
    day = datetime.fromtimestamp(after, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    match every:
        case SeasonEvery.WEEK:
            start = day + timedelta(days=DAYS_IN_WEEK - day.weekday())
        case SeasonEvery.MONTH:
            start = day.replace(year=day.year + day.month // 12, month=day.month % 12 + 1, day=1)
        case _:
            assert_never(every)
    return start.timestamp()
