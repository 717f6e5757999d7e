"""When a server's seasons start by themselves (``/tonk config season every:``): every week,
on Monday at 00:00, or every month, on the 1st at 00:00, in the server's chosen time zone
(an IANA name such as ``Europe/Bucharest``; UTC unless chosen: a Discord server has no time
zone of its own). Each reader sees the moment in their own time zone."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from enum import StrEnum
from functools import cache
from typing import assert_never
from zoneinfo import ZoneInfo, available_timezones

DAYS_IN_WEEK = 7
UTC_ZONE = "UTC"
"""The time zone of a schedule that names none."""
NOTICE_BEFORE = 24 * 60 * 60
"""How long before a season starts by itself its announcement channel is told that the
current one ends, with the board so far (seconds)."""


class SeasonEvery(StrEnum):
    """How often a server's seasons start by themselves."""

    WEEK = "weekly"
    MONTH = "monthly"


@cache
def time_zones() -> frozenset[str]:
    """Every time zone a schedule may name (the IANA database's names)."""
    return frozenset(available_timezones())


def next_start(every: SeasonEvery, after: float, time_zone: str) -> float:
    """The first moment strictly after ``after`` (Unix seconds) at which a season that
    starts ``every`` week or month starts: Monday, or the 1st, at 00:00 in ``time_zone``
    (one of :func:`time_zones`), summer time included."""
    zone = ZoneInfo(time_zone)
    today = datetime.fromtimestamp(after, zone).date()
    match every:
        case SeasonEvery.WEEK:
            start = today + timedelta(days=DAYS_IN_WEEK - today.weekday())
        case SeasonEvery.MONTH:
            start = date(today.year + today.month // 12, today.month % 12 + 1, 1)
        case _:
            assert_never(every)
    return datetime.combine(start, time(), tzinfo=zone).timestamp()


def notice_at(next_at: float, now: float) -> float | None:
    """When the channel is to be told that the season ends at ``next_at``: a day before;
    None if that moment is already past at ``now`` (a schedule set within the last day
    before a start: what the channel read on setting it says when)."""
    moment = next_at - NOTICE_BEFORE
    return moment if moment > now else None
