"""What members type, checked by the bot before anything acts on it.

Discord's client keeps options to their ranges and choices, but a bot must not rely on a
client: every check here refuses with a ``TableError`` whose sentence quotes nothing of
what was typed. (Stakes, seats, presets and options are checked where tables are made:
``Table.open``, ``check_stake``, ``build_rules``.) No Discord here.
"""

from __future__ import annotations

from typing import get_args

from bot.i18n import Grouped, weekday_text
from bot.store import (
    DAYS,
    MONTH_DAYS,
    LeaderboardOrder,
    LeaderboardPeriod,
    SeasonEvery,
    time_zones,
)
from bot.tables.errors import TableError
from bot.tables.table import DEFAULT_TURN_TIMEOUT

MIN_TIMEOUT, MAX_TIMEOUT = 10, 3600
MAX_CHOICES = 25
"""The most choices Discord offers for an option as it is typed."""
MAX_PAGE = 10_000
ORDERS: tuple[LeaderboardOrder, ...] = get_args(LeaderboardOrder)
PERIODS: tuple[LeaderboardPeriod, ...] = get_args(LeaderboardPeriod)
OFF = "off"
SEASON_EVERY = (*(every.value for every in SeasonEvery), OFF)
"""How often seasons may start by themselves, as ``/tonk config season every:`` takes it."""


def parse_timeout(value: str | None) -> float | None:
    """The turn timer in seconds (None when ``off``; the default when not given)."""
    if value is None:
        return DEFAULT_TURN_TIMEOUT
    typed = value.strip().lower()
    if typed == OFF:
        return None
    if typed.isascii() and typed.isdecimal() and MIN_TIMEOUT <= int(typed) <= MAX_TIMEOUT:
        return float(typed)
    raise TableError("bad_timeout", low=MIN_TIMEOUT, high=MAX_TIMEOUT)


def check_page(page: int) -> int:
    """A page number, from 1."""
    if not 1 <= page <= MAX_PAGE:
        raise TableError("bad_page", high=Grouped(MAX_PAGE))
    return page


def check_order(by: str) -> LeaderboardOrder:
    """An order of the leaderboard."""
    if by not in ORDERS:
        raise TableError("bad_order", orders=", ".join(ORDERS))
    return by


def check_period(period: str) -> LeaderboardPeriod:
    """A period of the leaderboard."""
    if period not in PERIODS:
        raise TableError("bad_period", periods=", ".join(PERIODS))
    return period


def check_season_every(every: str) -> SeasonEvery | None:
    """How often the server's seasons start by themselves; None: ``off``."""
    if every == OFF:
        return None
    if every not in SEASON_EVERY:
        raise TableError("bad_season_every", choices=", ".join(SEASON_EVERY))
    return SeasonEvery(every)


def check_time_zone(name: str) -> str:
    """A time zone of the IANA database, by its exact name (``Europe/Bucharest``)."""
    if name not in time_zones():
        raise TableError("bad_time_zone")
    return name


WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
"""The weekdays as ``day:`` takes them for a weekly season (0 Monday)."""


def check_season_day(every: SeasonEvery, typed: str, locale: str) -> int:
    """The day a season ``every`` week or month starts on: a weekday (its English name, as
    the list offers it, or its name in ``locale``) as 0 Monday to 6 Sunday, or a day of the
    month from 1 to :data:`MONTH_DAYS`."""
    wanted = typed.strip().casefold()
    if every is SeasonEvery.WEEK:
        for weekday in DAYS[every]:
            if wanted in (WEEKDAYS[weekday], weekday_text(weekday, locale).casefold()):
                return weekday
        raise TableError("bad_season_weekday")
    if wanted.isdecimal() and int(wanted) in DAYS[every]:
        return int(wanted)
    raise TableError("bad_season_day", most=MONTH_DAYS)


def season_days(every: str | None, typed: str, locale: str) -> list[tuple[str, str]]:
    """The days ``day:`` offers as it is typed, as (name, value): the weekdays in
    ``locale`` for a weekly season, the days of the month for a monthly one, each that
    holds what was typed."""
    wanted = typed.strip().casefold()
    if every == SeasonEvery.MONTH:
        days = [(str(day), str(day)) for day in DAYS[SeasonEvery.MONTH]]
    else:
        week = DAYS[SeasonEvery.WEEK]
        days = [(weekday_text(day, locale), WEEKDAYS[day]) for day in week]
    return [(name, value) for name, value in days if wanted in name.casefold()][:MAX_CHOICES]


def time_zone_names(typed: str) -> list[str]:
    """The time zones whose name holds what was typed (a space is an underscore, case is
    ignored), those with a part that starts with it first (``teh``: ``Asia/Tehran``), in
    alphabetical order, at most as many as Discord offers."""
    wanted = "_".join(typed.lower().split())
    found = [name for name in time_zones() if wanted in name.lower()]

    def order(name: str) -> tuple[bool, str]:
        parts = name.lower().split("/")
        return (not any(part.startswith(wanted) for part in parts), name)

    return sorted(found, key=order)[:MAX_CHOICES]
