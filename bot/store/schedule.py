"""When a server's seasons start by themselves (``/tonk config season every:``): every week,
on a weekday (Monday unless chosen), or every month, on a day from the 1st to the 28th (the
1st unless chosen), at an hour (00:00 unless chosen) in the server's chosen time zone (an
IANA name such as ``Europe/Bucharest``; UTC unless chosen: a Discord server has no time zone
of its own). Each reader sees the moment in their own time zone."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from enum import StrEnum
from functools import cache
from typing import assert_never
from zoneinfo import ZoneInfo, available_timezones

DAYS_IN_WEEK = 7
HOURS_IN_DAY = 24
MONTH_DAYS = 28
"""The last day of the month a monthly season may start on: every month has it."""
UTC_ZONE = "UTC"
"""The time zone of a schedule that names none."""
NOTICE_BEFORE = 24 * 60 * 60
"""How long before a season starts by itself its announcement channel is told that the
current one ends, with the board so far (seconds)."""


class SeasonEvery(StrEnum):
    """How often a server's seasons start by themselves."""

    WEEK = "weekly"
    MONTH = "monthly"


DAYS: dict[SeasonEvery, range] = {
    SeasonEvery.WEEK: range(DAYS_IN_WEEK),
    SeasonEvery.MONTH: range(1, MONTH_DAYS + 1),
}
"""The days a season may start on: weekdays (0 Monday to 6 Sunday), or days of the month."""


@cache
def time_zones() -> frozenset[str]:
    """Every time zone a schedule may name (the IANA database's names)."""
    return frozenset(available_timezones())


def next_start(
    every: SeasonEvery, after: float, time_zone: str, day: int | None = None, hour: int = 0
) -> float:
    """The first moment strictly after ``after`` (Unix seconds) at which a season that
    starts ``every`` week or month starts: on weekday ``day`` (0 Monday to 6 Sunday) or on
    day ``day`` of the month (1 to :data:`MONTH_DAYS`), Monday or the 1st if None, at
    ``hour`` o'clock in ``time_zone`` (one of :func:`time_zones`), summer time included."""
    zone = ZoneInfo(time_zone)
    today = datetime.fromtimestamp(after, zone).date()
    match every:
        case SeasonEvery.WEEK:
            weekday = 0 if day is None else day
            start = today + timedelta(days=(weekday - today.weekday()) % DAYS_IN_WEEK)
            if _at(start, hour, zone) <= after:
                start += timedelta(days=DAYS_IN_WEEK)
        case SeasonEvery.MONTH:
            start = today.replace(day=1 if day is None else day)
            if _at(start, hour, zone) <= after:
                start = date(start.year + start.month // 12, start.month % 12 + 1, start.day)
        case _:
            assert_never(every)
    return _at(start, hour, zone)


def _at(day: date, hour: int, zone: ZoneInfo) -> float:
    """Unix time of ``hour`` o'clock on ``day`` in ``zone``."""
    return datetime.combine(day, time(hour), tzinfo=zone).timestamp()


def check_day(every: SeasonEvery, day: int | None) -> None:
    """ValueError unless ``day`` is a day a season ``every`` week or month may start on
    (:data:`DAYS`; None: the first)."""
    if day is not None and day not in DAYS[every]:
        raise ValueError(f"a {every} season cannot start on day {day}")


def check_hour(hour: int) -> None:
    """ValueError unless ``hour`` is an hour of the day (0 to 23)."""
    if not 0 <= hour < HOURS_IN_DAY:
        raise ValueError(f"a season cannot start at hour {hour}")


def notice_at(next_at: float, now: float) -> float | None:
    """When the channel is to be told that the season ends at ``next_at``: a day before;
    None if that moment is already past at ``now`` (a schedule set within the last day
    before a start: what the channel read on setting it says when)."""
    moment = next_at - NOTICE_BEFORE
    return moment if moment > now else None
