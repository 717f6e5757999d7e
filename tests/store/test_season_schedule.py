"""Seasons that start by themselves: a server's schedule (every week, on Monday at 00:00 UTC,
or every month, on the 1st) is kept with its settings; a season due by it starts once, even
with two processes asking at once, and the schedule moves on to the next start; a season
without a finished hand goes on, and the schedule moves on all the same. A day before each
start, the notice that the season ends is due, and taken once."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from bot.store import (
    CorruptRow,
    ScheduledSeason,
    Season,
    SeasonEvery,
    SeasonSchedule,
    Store,
    next_start,
    notice_at,
)

from .conftest import hand, open_table, player
from .raw import execute


def moment(iso: str) -> float:
    """Unix time of an ISO date and time, read as UTC."""
    return datetime.fromisoformat(iso).replace(tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("after", "weekly", "monthly"),
    [
        ("2026-12-04T15:00:00", "2026-12-07T00:00:00", "2027-01-01T00:00:00"),  # a Friday
        ("2026-12-07T00:00:00", "2026-12-14T00:00:00", "2027-01-01T00:00:00"),  # a start
        ("2026-11-30T23:59:59", "2026-12-07T00:00:00", "2026-12-01T00:00:00"),
        ("2026-12-31T23:59:59", "2027-01-04T00:00:00", "2027-01-01T00:00:00"),  # year end
        ("2028-02-28T12:00:00", "2028-03-06T00:00:00", "2028-03-01T00:00:00"),  # leap year
    ],
)
def test_the_next_start_is_the_next_monday_or_first_of_the_month_at_midnight_utc(
    after: str, weekly: str, monthly: str
) -> None:
    """``next_start`` is strictly after the moment it is given: a season that starts at a
    start does not start again at once."""
    assert next_start(SeasonEvery.WEEK, moment(after), "UTC") == moment(weekly)
    assert next_start(SeasonEvery.MONTH, moment(after), "UTC") == moment(monthly)


@pytest.mark.parametrize(
    ("zone", "after", "weekly", "monthly"),
    [
        # Tehran, UTC+3:30 all year: Monday 00:00 there is Sunday 20:30 UTC.
        ("Asia/Tehran", "2026-12-06T20:29:00", "2026-12-06T20:30:00", "2026-12-31T20:30:00"),
        ("Asia/Tehran", "2026-12-06T20:30:00", "2026-12-13T20:30:00", "2026-12-31T20:30:00"),
        # Ho Chi Minh City, UTC+7: already Tuesday 1 December there at 18:00 UTC on the 30th.
        (
            "Asia/Ho_Chi_Minh",
            "2026-11-30T18:00:00",
            "2026-12-06T17:00:00",
            "2026-12-31T17:00:00",
        ),
        # Bucharest moves to summer time (UTC+3) on 28 March 2027: Monday 29 March starts
        # at 21:00 UTC, the Monday before at 22:00 UTC; April too starts in summer time.
        (
            "Europe/Bucharest",
            "2027-03-22T10:00:00",
            "2027-03-28T21:00:00",
            "2027-03-31T21:00:00",
        ),
        (
            "Europe/Bucharest",
            "2027-03-21T21:59:00",
            "2027-03-21T22:00:00",
            "2027-03-31T21:00:00",
        ),
    ],
)
def test_the_next_start_is_at_midnight_in_the_schedules_time_zone(
    zone: str, after: str, weekly: str, monthly: str
) -> None:
    """Monday and the 1st are those of the time zone, at its midnight, summer time
    included."""
    assert next_start(SeasonEvery.WEEK, moment(after), zone) == moment(weekly)
    assert next_start(SeasonEvery.MONTH, moment(after), zone) == moment(monthly)


DAY = 86_400.0
MONTHLY = SeasonSchedule(
    SeasonEvery.MONTH, 555, moment("2027-01-01T00:00:00"), "UTC", moment("2026-12-31T00:00:00")
)
"""A schedule as ``/tonk config season every:monthly`` sets it on 4 December 2026: the
notice that the season ends is due a day before the start."""


async def _hand_at(store: Store, number: int, finished_at: float, store_url: str) -> None:
    """Record hand ``number`` of a new table of server 1, finished at ``finished_at``."""
    table = await open_table(store, channel_id=10 + number)
    assert await store.record_hand(hand(table, number, [player(1, 2, won=True), player(9, -2)]))
    execute(store_url, f"UPDATE hand SET finished_at = {finished_at} WHERE hand_number = {number}")


async def test_a_schedule_is_kept_with_the_settings_and_other_changes_keep_it(
    store: Store, store_url: str
) -> None:
    """The schedule is stored, read back after the store is opened again, kept by a change
    of another setting, and removed by None."""
    assert (await store.get_guild_settings(1)).season_schedule is None
    config = await store.update_guild_settings(1, season_schedule=MONTHLY)
    assert config.season_schedule == MONTHLY
    await store.update_guild_settings(1, stake=3)
    reopened = await Store.open(store_url)
    try:
        assert (await reopened.get_guild_settings(1)).season_schedule == MONTHLY
    finally:
        await reopened.close()
    tehran = SeasonSchedule(SeasonEvery.WEEK, 556, moment("2026-12-06T20:30:00"), "Asia/Tehran")
    assert (await store.update_guild_settings(1, season_schedule=tehran)).season_schedule == tehran
    assert (await store.get_guild_settings(1)).season_schedule == tehran
    assert (await store.update_guild_settings(1, season_schedule=None)).season_schedule is None
    assert (await store.get_guild_settings(1)).season_schedule is None


async def test_a_due_season_starts_once_and_the_schedule_moves_to_the_next_start(
    store: Store, store_url: str
) -> None:
    """Before its start nothing is due; at it, season 1 starts (a first season needs no
    hand) and the next start is 1 February; asked again, nothing more happens."""
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    before = MONTHLY.next_at - 1
    assert await store.due_seasons(before) == []
    assert await store.start_scheduled_season(1, now=before) is None

    at = MONTHLY.next_at + 30  # the clock looks once a minute
    assert await store.due_seasons(at) == [(1, MONTHLY)]
    february = moment("2027-02-01T00:00:00")
    following = SeasonSchedule(SeasonEvery.MONTH, 555, february, "UTC", february - DAY)
    started = await store.start_scheduled_season(1, now=at)
    assert started == ScheduledSeason(Season(1, at), following)
    config = await store.get_guild_settings(1)
    assert (config.season, config.season_schedule) == (Season(1, at), following)
    assert await store.due_seasons(at) == []
    assert await store.start_scheduled_season(1, now=at) is None
    assert [season.number for season in await store.seasons(1)] == [1]


async def test_a_season_without_a_hand_goes_on_and_the_schedule_moves_on(
    store: Store, store_url: str
) -> None:
    """Season 1 has no finished hand at 1 January: it goes on, and the next start is
    1 February; with a hand played in January, season 2 starts then."""
    await store.start_season(1, now=moment("2026-12-04T15:00:00"))
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    january = moment("2027-01-01T00:00:10")
    skipped = await store.start_scheduled_season(1, now=january)
    assert skipped is not None and skipped.season is None
    assert skipped.schedule.next_at == moment("2027-02-01T00:00:00")
    assert (await store.get_guild_settings(1)).season == Season(1, moment("2026-12-04T15:00:00"))

    await _hand_at(store, 1, moment("2027-01-15T20:00:00"), store_url)
    february = moment("2027-02-01T00:00:40")
    started = await store.start_scheduled_season(1, now=february)
    assert started is not None and started.season == Season(2, february)
    assert started.schedule.next_at == moment("2027-03-01T00:00:00")


async def test_a_season_missed_while_the_bot_was_down_starts_once_when_it_is_back(
    store: Store, store_url: str
) -> None:
    """Weekly, and the bot was down for three Mondays: one season starts when it is back,
    and the next start is the Monday after that, not one of the missed ones."""
    weekly = SeasonSchedule(SeasonEvery.WEEK, 555, moment("2026-12-07T00:00:00"))
    await store.update_guild_settings(1, season_schedule=weekly)
    back = moment("2026-12-24T09:00:00")  # a Thursday
    started = await store.start_scheduled_season(1, now=back)
    assert started is not None and started.season == Season(1, back)
    assert started.schedule.next_at == moment("2026-12-28T00:00:00")
    assert await store.due_seasons(back) == []


async def test_two_processes_asking_at_once_start_the_due_season_once(
    store: Store, store_url: str
) -> None:
    """Two stores on one database (two bot processes) both find the season due and ask to
    start it at the same moment: one starts season 2, the other is told none is due."""
    await store.start_season(1, now=moment("2026-12-01T00:00:00"))
    await _hand_at(store, 1, moment("2026-12-04T16:00:00"), store_url)
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    other = await Store.open(store_url)
    try:
        at = MONTHLY.next_at + 5
        results = await asyncio.gather(
            store.start_scheduled_season(1, now=at), other.start_scheduled_season(1, now=at)
        )
    finally:
        await other.close()
    started = [result for result in results if result is not None]
    assert len(started) == 1 and started[0].season == Season(2, at)
    assert [season.number for season in await store.seasons(1)] == [2, 1]


async def test_a_schedule_changed_to_off_or_a_later_start_is_not_due(store: Store) -> None:
    """Only the schedule as stored now counts: off, or moved to a later start by a
    manager, nothing is due at the old start."""
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    await store.update_guild_settings(1, season_schedule=None)
    assert await store.due_seasons(MONTHLY.next_at) == []
    assert await store.start_scheduled_season(1, now=MONTHLY.next_at) is None
    later = SeasonSchedule(SeasonEvery.WEEK, 556, MONTHLY.next_at + 86_400)
    await store.update_guild_settings(1, season_schedule=later)
    assert await store.start_scheduled_season(1, now=MONTHLY.next_at) is None
    assert await store.seasons(1) == []


async def test_an_unreadable_schedule_is_a_corrupt_row_and_is_never_due(
    store: Store, store_url: str
) -> None:
    """A schedule the code does not know (written by hand, or by a later release) makes the
    settings unreadable, as any corrupt setting does, and is never started by itself;
    another server's schedule, due at the same time, is still due."""
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    await store.update_guild_settings(2, season_schedule=MONTHLY)
    execute(store_url, "UPDATE guild_settings SET season_every = 'daily' WHERE guild_id = 1")
    with pytest.raises(CorruptRow, match="unknown season schedule 'daily'"):
        await store.get_guild_settings(1)
    assert await store.due_seasons(MONTHLY.next_at) == [(2, MONTHLY)]
    execute(
        store_url,
        "UPDATE guild_settings SET season_every = 'monthly', season_time_zone = 'Mars/Olympus'"
        " WHERE guild_id = 1",
    )
    with pytest.raises(CorruptRow, match="unknown time zone 'Mars/Olympus'"):
        await store.get_guild_settings(1)
    assert await store.due_seasons(MONTHLY.next_at) == [(2, MONTHLY)]


async def test_a_season_started_by_a_schedule_in_a_time_zone_moves_to_its_next_midnight(
    store: Store,
) -> None:
    """Weekly in Ho Chi Minh City (UTC+7): the season due at Monday 00:00 there (Sunday 17:00
    UTC) starts, and the next start is the Monday after, at 00:00 there, not in UTC."""
    due = moment("2026-12-06T17:00:00")
    saigon = SeasonSchedule(SeasonEvery.WEEK, 555, due, "Asia/Ho_Chi_Minh")
    await store.update_guild_settings(1, season_schedule=saigon)
    started = await store.start_scheduled_season(1, now=due + 15)
    assert started is not None and started.season == Season(1, due + 15)
    following = moment("2026-12-13T17:00:00")
    assert started.schedule == SeasonSchedule(
        SeasonEvery.WEEK, 555, following, "Asia/Ho_Chi_Minh", following - DAY
    )


async def test_the_champion_role_and_its_holders_are_kept_with_the_settings(
    store: Store, store_url: str
) -> None:
    """``/tonk config champion``'s role and the members the bot gave it are stored, kept by
    other changes, and read back after the store is opened again."""
    config = await store.update_guild_settings(1, champion_role=55, champions=[7, 8])
    assert (config.champion_role, config.champions) == (55, (7, 8))
    await store.update_guild_settings(1, stake=2, season_schedule=MONTHLY)
    async with await Store.open(store_url) as reopened:
        kept = await reopened.get_guild_settings(1)
    assert (kept.champion_role, kept.champions, kept.stake) == (55, (7, 8), 2)
    cleared = await store.update_guild_settings(1, champion_role=None, champions=())
    assert (cleared.champion_role, cleared.champions) == (None, ())


async def test_the_current_seasons_boards_say_when_the_next_is_due(store: Store) -> None:
    """With a schedule, the current season as the leaderboard and stats count it carries
    the next start; a season asked for by number, or a server without a schedule, not."""
    season = await store.start_season(1, now=moment("2026-12-01T00:00:00"))
    assert (await store.leaderboard(1, "chips", period="season")).season == season
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    board = await store.leaderboard(1, "chips", period="season")
    assert board.season == replace(season, next_start=MONTHLY.next_at)
    stats = await store.stats(1, 7, period="season")
    assert stats.season == board.season
    assert (await store.leaderboard(1, "chips", period="season", season=1)).season == season


async def test_a_season_started_by_its_schedule_records_its_winners(
    store: Store, store_url: str
) -> None:
    """The winners the clock read are recorded as the ended season's, as for a start by a
    manager."""
    await store.start_season(1, now=moment("2026-12-01T00:00:00"))
    await _hand_at(store, 1, moment("2026-12-10T00:00:00"), store_url)
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    started = await store.start_scheduled_season(1, now=MONTHLY.next_at, winners=[1])
    assert started is not None and started.season is not None
    assert (await store.stats(1, 1)).seasons_won == (1,)


def test_the_notice_is_due_a_day_before_a_start_unless_that_moment_is_past() -> None:
    """A schedule set more than a day before its start tells the channel a day before; one
    set within that day does not (its own message says when)."""
    start = moment("2027-01-01T00:00:00")
    assert notice_at(start, moment("2026-12-04T15:00:00")) == moment("2026-12-31T00:00:00")
    assert notice_at(start, moment("2026-12-31T00:00:00")) is None
    assert notice_at(start, moment("2026-12-31T18:00:00")) is None


async def test_the_notice_that_a_season_ends_is_due_a_day_before_and_taken_once(
    store: Store, store_url: str
) -> None:
    """Before its moment the notice is not due; from then until the start it is, and once
    taken it is not again; the season that starts moves it to a day before the next start."""
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    assert MONTHLY.notice_at is not None
    early = MONTHLY.notice_at - 1
    assert await store.due_season_notices(early) == []
    assert await store.claim_season_notice(1, now=early) is None

    at = MONTHLY.notice_at + 40
    assert await store.due_season_notices(at) == [(1, MONTHLY)]
    assert await store.claim_season_notice(1, now=at) == MONTHLY
    assert await store.due_season_notices(at + 60) == []
    assert await store.claim_season_notice(1, now=at + 60) is None
    told = (await store.get_guild_settings(1)).season_schedule
    assert told == replace(MONTHLY, notice_at=None)

    started = await store.start_scheduled_season(1, now=MONTHLY.next_at + 20)
    assert started is not None and started.schedule.notice_at == moment("2027-01-31T00:00:00")
    assert await store.due_season_notices(MONTHLY.next_at + 20) == []
    assert await store.due_season_notices(moment("2027-01-31T00:00:30")) == [(1, started.schedule)]


async def test_a_notice_not_taken_before_the_start_is_not_due_after_it(store: Store) -> None:
    """The bot was down from before the notice until after the start: the season starts
    when it is back, and no notice says it will end."""
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    after = MONTHLY.next_at + 3 * DAY
    assert await store.due_season_notices(after) == []
    assert await store.claim_season_notice(1, now=after) is None
    assert await store.due_seasons(after) == [(1, MONTHLY)]


async def test_two_processes_asking_at_once_take_the_notice_once(
    store: Store, store_url: str
) -> None:
    """Two stores on one database both find the notice due and ask for it at the same
    moment: one takes it, the other is told none is due."""
    await store.update_guild_settings(1, season_schedule=MONTHLY)
    assert MONTHLY.notice_at is not None
    at = MONTHLY.notice_at + 5
    async with await Store.open(store_url) as other:
        results = await asyncio.gather(
            store.claim_season_notice(1, now=at), other.claim_season_notice(1, now=at)
        )
    assert sorted(results, key=lambda taken: taken is None) == [MONTHLY, None]


@pytest.mark.parametrize(
    ("every", "zone", "day", "hour", "after", "start"),
    [
        # Friday 20:00 in Tehran (UTC+3:30) is Friday 16:30 UTC: the same day, then a week on.
        (SeasonEvery.WEEK, "Asia/Tehran", 4, 20, "2026-12-04T10:00:00", "2026-12-04T16:30:00"),
        (SeasonEvery.WEEK, "Asia/Tehran", 4, 20, "2026-12-04T16:30:00", "2026-12-11T16:30:00"),
        # Sunday 20:00 in Bucharest: 18:00 UTC in winter, 17:00 UTC once summer time began.
        (SeasonEvery.WEEK, "Europe/Bucharest", 6, 20, "2027-03-22T00:00:00", "2027-03-28T17:00:00"),
        (SeasonEvery.WEEK, "Europe/Bucharest", 6, 20, "2027-03-15T00:00:00", "2027-03-21T18:00:00"),
        # The 15th at 18:00 UTC: this month's, until it is past; the 28th of February.
        (SeasonEvery.MONTH, "UTC", 15, 18, "2026-12-15T17:59:59", "2026-12-15T18:00:00"),
        (SeasonEvery.MONTH, "UTC", 15, 18, "2026-12-15T18:00:00", "2027-01-15T18:00:00"),
        (SeasonEvery.MONTH, "UTC", 28, 0, "2027-02-01T00:00:00", "2027-02-28T00:00:00"),
    ],
)
def test_the_next_start_is_on_the_day_and_at_the_hour_chosen(
    every: SeasonEvery, zone: str, day: int, hour: int, after: str, start: str
) -> None:
    """``/tonk config season day: hour:``: a weekday or a day of the month, and an hour, in
    the schedule's time zone (summer time included), strictly after the moment given."""
    assert next_start(every, moment(after), zone, day, hour) == moment(start)


async def test_a_schedules_day_and_hour_are_kept_and_its_next_start_follows_them(
    store: Store, store_url: str
) -> None:
    """The day and hour are stored with the schedule; the season they start moves the
    schedule to the same weekday and hour a week on; a day no month or week has makes the
    settings a corrupt row."""
    friday = moment("2026-12-04T20:00:00")
    weekly = SeasonSchedule(SeasonEvery.WEEK, 555, friday, "UTC", friday - DAY, 4, 20)
    assert (await store.update_guild_settings(1, season_schedule=weekly)).season_schedule == weekly
    started = await store.start_scheduled_season(1, now=friday + 30)
    assert started is not None
    following = moment("2026-12-11T20:00:00")
    assert started.schedule == replace(weekly, next_at=following, notice_at=following - DAY)
    execute(store_url, "UPDATE guild_settings SET season_every = 'monthly', season_day = 31")
    with pytest.raises(CorruptRow, match="a monthly season cannot start on day 31"):
        await store.get_guild_settings(1)


async def test_a_schedule_without_notices_is_never_due_a_notice(store: Store) -> None:
    """``notice:False`` is kept with the schedule; the season it starts moves the schedule
    on without a notice, and none is ever due."""
    quiet = replace(MONTHLY, notice_at=None, notices=False)
    assert (await store.update_guild_settings(1, season_schedule=quiet)).season_schedule == quiet
    assert await store.due_season_notices(MONTHLY.next_at - DAY + 60) == []
    started = await store.start_scheduled_season(1, now=MONTHLY.next_at + 30)
    assert started is not None
    assert (started.schedule.notices, started.schedule.notice_at) == (False, None)
    assert await store.due_season_notices(moment("2027-01-31T00:00:30")) == []
