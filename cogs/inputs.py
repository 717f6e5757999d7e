"""What members type, checked by the bot before anything acts on it.

Discord's client keeps options to their ranges and choices, but a bot must not rely on a
client: every check here refuses with a ``TableError`` whose sentence quotes nothing of
what was typed. (Stakes, seats, presets and options are checked where tables are made:
``Table.open``, ``check_stake``, ``build_rules``.) No Discord here.
"""

from __future__ import annotations

from typing import get_args

from bot.i18n import Grouped
from bot.store import LeaderboardOrder, LeaderboardPeriod, SeasonEvery, time_zones
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
