"""Reading and writing ``guild_settings`` rows, and the ``season`` rows of each guild."""

from __future__ import annotations

import logging
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, insert, update
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col, func, select

from bot.store import jsontext
from bot.store.errors import CorruptRow, SeasonWithoutHands, UnknownSeason
from bot.store.models import GuildSettings, HandRow, PlayerTotals, SeasonRow
from bot.store.records import GuildConfig, ScheduledSeason, Season, SeasonSchedule
from bot.store.reports import SeasonsWon, SeasonWinners
from bot.store.schedule import (
    UTC_ZONE,
    SeasonEvery,
    check_day,
    check_hour,
    next_start,
    notice_at,
    time_zones,
)
from bot.store.sql.dialect import upsert

log = logging.getLogger(__name__)


def _select(guild_id: int) -> Any:
    return select(GuildSettings).where(col(GuildSettings.guild_id) == guild_id)


def _latest_season(guild_id: int) -> Any:
    """The guild's current season: the last it started."""
    return (
        select(SeasonRow.number, SeasonRow.started_at)
        .where(col(SeasonRow.guild_id) == guild_id)
        .order_by(col(SeasonRow.number).desc())
        .limit(1)
    )


def _current(row: Any) -> Season | None:
    return None if row is None else Season(row.number, row.started_at)


def _schedule(row: Any, what: str) -> SeasonSchedule | None:
    """The row's season schedule; None if it has none."""
    if row.season_every is None:
        return None
    if row.season_every not in list(SeasonEvery):
        raise CorruptRow(what, f"unknown season schedule {row.season_every!r}")
    if row.season_channel_id is None or row.season_next_at is None:
        raise CorruptRow(what, "a season schedule needs its channel and its next start")
    zone = row.season_time_zone or UTC_ZONE
    if zone not in time_zones():
        raise CorruptRow(what, f"unknown time zone {zone!r}")
    every, hour = SeasonEvery(row.season_every), row.season_hour or 0
    try:
        check_day(every, row.season_day)
        check_hour(hour)
    except ValueError as wrong:
        raise CorruptRow(what, str(wrong)) from wrong
    return SeasonSchedule(
        every,
        row.season_channel_id,
        row.season_next_at,
        zone,
        row.season_notice_at,
        row.season_day,
        hour,
        row.season_notices,
    )


def _decode(guild_id: int, row: Any, season: Season | None) -> GuildConfig:
    source = GuildSettings(guild_id=guild_id, updated_at=0.0) if row is None else row
    what = f"guild {guild_id} settings"
    channel_ids = jsontext.loads_list(source.allowed_channel_ids_json, what)
    if not all(type(channel_id) is int for channel_id in channel_ids):
        raise CorruptRow(what, "allowed channel ids must be integers")
    champions = jsontext.loads_list(source.champion_ids_json, what)
    if not all(type(user_id) is int for user_id in champions):
        raise CorruptRow(what, "champion ids must be integers")
    return GuildConfig(
        guild_id=guild_id,
        default_preset=source.default_preset,
        default_options=jsontext.loads_object(source.default_options_json, what),
        stake=source.stake,
        turn_timeout=source.turn_timeout,
        allowed_channel_ids=tuple(channel_ids),
        locale=source.locale,
        turn_reminders=source.turn_reminders,
        announce_role=source.announce_role_id,
        threads=source.threads,
        computer_hands=source.computer_hands,
        seats=source.seats,
        season=season,
        season_schedule=_schedule(source, what),
        champion_role=source.champion_role_id,
        champions=tuple(champions),
    )


def computer_hands_off(connection: Connection, guild_ids: Collection[int]) -> set[int]:
    """Of ``guild_ids``, the guilds that keep hands with a computer player off their
    scoreboard (``/tonk config set computer_hands:False``)."""
    rows = connection.execute(
        select(GuildSettings.guild_id).where(
            col(GuildSettings.guild_id).in_(list(guild_ids)),
            col(GuildSettings.computer_hands).is_(False),
        )
    )
    return {guild_id for (guild_id,) in rows}


async def read_quiet_guilds(connection: AsyncConnection) -> set[int]:
    """The guilds that turned turn reminders off."""
    rows = await connection.execute(
        select(GuildSettings.guild_id).where(col(GuildSettings.turn_reminders).is_(False))
    )
    return {guild_id for (guild_id,) in rows}


async def read_guild_config(connection: AsyncConnection, guild_id: int) -> GuildConfig:
    """The guild's stored settings, or the model's defaults if it has no row."""
    row = (await connection.execute(_select(guild_id))).first()
    season = (await connection.execute(_latest_season(guild_id))).first()
    return _decode(guild_id, row, _current(season))


async def read_seasons(connection: AsyncConnection, guild_id: int) -> list[Season]:
    """Every season of the guild that the store kept, newest first, each that ended with
    its end (the start of the one after it)."""
    rows = await connection.execute(
        select(SeasonRow.number, SeasonRow.started_at)
        .where(col(SeasonRow.guild_id) == guild_id)
        .order_by(col(SeasonRow.number).desc())
    )
    seasons: list[Season] = []
    for number, started_at in rows:
        after = seasons[-1] if seasons and seasons[-1].number == number + 1 else None
        seasons.append(Season(number, started_at, None if after is None else after.started_at))
    return seasons


async def read_season(connection: AsyncConnection, guild_id: int, number: int) -> Season:
    """The guild's season ``number``, with its end if the next has started.

    Raises :class:`UnknownSeason` if the guild never started it, or started it before
    revision 0014 kept each season's start.
    """
    rows = await connection.execute(
        select(SeasonRow.number, SeasonRow.started_at).where(
            col(SeasonRow.guild_id) == guild_id,
            col(SeasonRow.number).in_([number, number + 1]),
        )
    )
    started = {row.number: row.started_at for row in rows}
    if number not in started:
        first, last = (
            await connection.execute(
                select(func.min(SeasonRow.number), func.max(SeasonRow.number)).where(
                    col(SeasonRow.guild_id) == guild_id
                )
            )
        ).one()
        raise UnknownSeason(guild_id, number, None if first is None else (first, last))
    return Season(number, started[number], started.get(number + 1))


def update_guild_config(
    connection: Connection, guild_id: int, changes: Mapping[str, Any]
) -> GuildConfig:
    """Apply ``changes`` (checked field names) to the stored settings; return them all.

    Raises ``ValueError`` for an invalid value, writing nothing.
    """
    current = _decode(
        guild_id,
        connection.execute(_select(guild_id)).first(),
        _current(connection.execute(_latest_season(guild_id)).first()),
    )
    updated = GuildConfig(
        guild_id=guild_id,
        default_preset=changes.get("default_preset", current.default_preset),
        default_options=dict(changes.get("default_options", current.default_options)),
        stake=changes.get("stake", current.stake),
        turn_timeout=changes.get("turn_timeout", current.turn_timeout),
        allowed_channel_ids=tuple(changes.get("allowed_channel_ids", current.allowed_channel_ids)),
        locale=changes.get("locale", current.locale),
        turn_reminders=bool(changes.get("turn_reminders", current.turn_reminders)),
        announce_role=changes.get("announce_role", current.announce_role),
        threads=bool(changes.get("threads", current.threads)),
        computer_hands=bool(changes.get("computer_hands", current.computer_hands)),
        seats=changes.get("seats", current.seats),
        season=current.season,
        season_schedule=changes.get("season_schedule", current.season_schedule),
        champion_role=changes.get("champion_role", current.champion_role),
        champions=tuple(changes.get("champions", current.champions)),
    )
    schedule = updated.season_schedule
    values = {
        "guild_id": updated.guild_id,
        "default_preset": updated.default_preset,
        "default_options_json": jsontext.dumps(dict(updated.default_options)),
        "stake": updated.stake,
        "turn_timeout": updated.turn_timeout,
        "allowed_channel_ids_json": jsontext.dumps(list(updated.allowed_channel_ids)),
        "locale": updated.locale,
        "turn_reminders": updated.turn_reminders,
        "announce_role_id": updated.announce_role,
        "threads": updated.threads,
        "computer_hands": updated.computer_hands,
        "seats": updated.seats,
        "season_every": None if schedule is None else schedule.every.value,
        "season_channel_id": None if schedule is None else schedule.channel_id,
        "season_next_at": None if schedule is None else schedule.next_at,
        "season_time_zone": None if schedule is None else schedule.time_zone,
        "season_notice_at": None if schedule is None else schedule.notice_at,
        "season_day": None if schedule is None else schedule.day,
        "season_hour": None if schedule is None else schedule.hour,
        "season_notices": True if schedule is None else schedule.notices,
        "champion_role_id": updated.champion_role,
        "champion_ids_json": jsontext.dumps(list(updated.champions)),
        "updated_at": time.time(),
    }
    statement = upsert(connection.dialect.name, GuildSettings).values(values)
    connection.execute(
        statement.on_conflict_do_update(index_elements=[col(GuildSettings.guild_id)], set_=values)
    )
    return updated


def start_season(
    connection: Connection, guild_id: int, now: float, winners: Sequence[int] = ()
) -> Season:
    """Start the guild's next season at ``now`` and return it, recording ``winners`` as the
    winners of the one that ends. Raises :class:`SeasonWithoutHands`, writing nothing,
    while the current season has no finished hand: a second start by mistake would lose
    nothing, but tells nobody anything new."""
    current = _current(connection.execute(_latest_season(guild_id)).first())
    if current is not None and not _hand_since(connection, guild_id, current.started_at):
        raise SeasonWithoutHands(guild_id, current.number)
    if current is not None:
        connection.execute(
            update(SeasonRow)
            .where(col(SeasonRow.guild_id) == guild_id, col(SeasonRow.number) == current.number)
            .values(winners_json=jsontext.dumps(list(winners)))
        )
    season = Season(1 if current is None else current.number + 1, now)
    connection.execute(
        insert(SeasonRow).values(
            guild_id=guild_id, number=season.number, started_at=season.started_at
        )
    )
    return season


def _hand_since(connection: Connection, guild_id: int, since: float) -> bool:
    """Whether a hand of the guild finished at ``since`` or later."""
    found = connection.execute(
        select(HandRow.id)
        .where(col(HandRow.guild_id) == guild_id, col(HandRow.finished_at) >= since)
        .limit(1)
    )
    return found.first() is not None


async def read_due_schedules(
    connection: AsyncConnection, now: float
) -> list[tuple[int, SeasonSchedule]]:
    """The guilds whose next season was due to start by itself at ``now`` or before, with
    their schedules, the longest due first; an unreadable schedule is logged and left out,
    so that it holds up no other guild's."""
    return await _read_schedules(
        connection,
        select(GuildSettings)
        .where(
            col(GuildSettings.season_every).in_(list(SeasonEvery)),
            col(GuildSettings.season_next_at) <= now,
        )
        .order_by(col(GuildSettings.season_next_at)),
    )


async def read_due_notices(
    connection: AsyncConnection, now: float
) -> list[tuple[int, SeasonSchedule]]:
    """The guilds whose channel was due to be told at ``now`` or before that the current
    season ends (a day before the next starts by itself, which it has not yet), with their
    schedules, the longest due first; an unreadable schedule is left out, as by
    :func:`read_due_schedules`."""
    return await _read_schedules(
        connection,
        select(GuildSettings)
        .where(
            col(GuildSettings.season_every).in_(list(SeasonEvery)),
            col(GuildSettings.season_notice_at) <= now,
            col(GuildSettings.season_next_at) > now,
        )
        .order_by(col(GuildSettings.season_notice_at)),
    )


async def _read_schedules(
    connection: AsyncConnection, statement: Any
) -> list[tuple[int, SeasonSchedule]]:
    """The guild ids and schedules of the ``guild_settings`` rows ``statement`` selects;
    an unreadable schedule is logged and left out."""
    rows = await connection.execute(statement)
    due: list[tuple[int, SeasonSchedule]] = []
    for row in rows:
        try:
            schedule = _schedule(row, f"guild {row.guild_id} settings")
        except CorruptRow as corrupt:
            log.warning("a season schedule is left out: %s", corrupt)
            continue
        if schedule is not None:
            due.append((row.guild_id, schedule))
    return due


def start_scheduled_season(
    connection: Connection, guild_id: int, now: float, winners: Sequence[int] = ()
) -> ScheduledSeason | None:
    """Start the guild's season that was due to start by itself at ``now`` or before, and
    set its next start; None, writing nothing, if none is due (the schedule changed, or
    another process started it: the schedule moves on in the same statement that finds it
    due, so two processes never both start it). A current season without a finished hand
    goes on (``ScheduledSeason.season`` None): the schedule moves on all the same.
    ``winners`` are recorded as the ended season's, as :func:`start_season` does."""
    what = f"guild {guild_id} settings"
    row = connection.execute(_select(guild_id)).first()
    schedule = None if row is None else _schedule(row, what)
    if schedule is None or schedule.next_at > now:
        return None
    upcoming = next_start(schedule.every, now, schedule.time_zone, schedule.day, schedule.hour)
    notice = notice_at(upcoming, now) if schedule.notices else None
    following = replace(schedule, next_at=upcoming, notice_at=notice)
    moved = connection.execute(
        update(GuildSettings)
        .where(
            col(GuildSettings.guild_id) == guild_id,
            col(GuildSettings.season_every) == schedule.every.value,
            col(GuildSettings.season_next_at) <= now,
        )
        .values(season_next_at=following.next_at, season_notice_at=following.notice_at)
    )
    if moved.rowcount != 1:
        return None
    try:
        season: Season | None = start_season(connection, guild_id, now, winners)
    except SeasonWithoutHands:
        season = None
    return ScheduledSeason(season, following)


def claim_season_notice(connection: Connection, guild_id: int, now: float) -> SeasonSchedule | None:
    """Take the guild's notice that the current season ends, due at ``now`` or before, and
    return the schedule it is for (with ``notice_at`` as it was); None, writing nothing, if
    none is due (told already, by this process or another: the notice is taken in the same
    statement that finds it due, so the channel is told once)."""
    row = connection.execute(_select(guild_id)).first()
    schedule = None if row is None else _schedule(row, f"guild {guild_id} settings")
    if schedule is None or schedule.notice_at is None:
        return None
    if schedule.notice_at > now or schedule.next_at <= now:
        return None
    taken = connection.execute(
        update(GuildSettings)
        .where(
            col(GuildSettings.guild_id) == guild_id,
            col(GuildSettings.season_notice_at) == schedule.notice_at,
            col(GuildSettings.season_next_at) == schedule.next_at,
        )
        .values(season_notice_at=None)
    )
    return schedule if taken.rowcount == 1 else None


async def read_crowned(
    connection: AsyncConnection, guild_id: int, counted: Season | None
) -> SeasonWinners | None:
    """The winners a board shows crowned: of ``counted``, the season it counts, if that
    ended; else of the guild's last season that ended; None before any did."""
    if counted is not None and counted.ended_at is not None:
        number = counted.number
    else:
        current = counted or _current((await connection.execute(_latest_season(guild_id))).first())
        if current is None or current.number == 1:
            return None
        number = current.number - 1
    found = (
        await connection.execute(
            select(SeasonRow.winners_json).where(
                col(SeasonRow.guild_id) == guild_id, col(SeasonRow.number) == number
            )
        )
    ).first()
    if found is None:
        return None
    what = f"guild {guild_id} season {number}"
    winners = jsontext.loads_list(found.winners_json, what)
    if not all(type(user_id) is int for user_id in winners):
        raise CorruptRow(what, "winner ids must be integers")
    return SeasonWinners(number, frozenset(winners))


async def read_seasons_won(
    connection: AsyncConnection, guild_id: int, user_id: int
) -> tuple[int, ...]:
    """The numbers of the guild's seasons that ``user_id`` won (alone or on a tie), oldest
    first."""
    return (await _seasons_won(connection, guild_id)).get(user_id, ())


async def read_hall_of_fame(connection: AsyncConnection, guild_id: int) -> list[SeasonsWon]:
    """Every member who won one of the guild's seasons, with the seasons they won: the most
    seasons first, then the latest win, then the lower user id. Their names are those the
    scoreboard keeps."""
    won = await _seasons_won(connection, guild_id)
    rows = await connection.execute(
        select(PlayerTotals.user_id, PlayerTotals.display_name).where(
            col(PlayerTotals.guild_id) == guild_id, col(PlayerTotals.user_id).in_(list(won))
        )
    )
    names = {user_id: name for user_id, name in rows}
    fame = [SeasonsWon(user, names.get(user, str(user)), seasons) for user, seasons in won.items()]
    return sorted(
        fame, key=lambda member: (-len(member.seasons), -member.seasons[-1], member.user_id)
    )


async def _seasons_won(connection: AsyncConnection, guild_id: int) -> dict[int, tuple[int, ...]]:
    """Each member who won one of the guild's seasons (alone or on a tie): the numbers of
    those seasons, oldest first."""
    rows = await connection.execute(
        select(SeasonRow.number, SeasonRow.winners_json)
        .where(col(SeasonRow.guild_id) == guild_id, col(SeasonRow.winners_json) != "[]")
        .order_by(col(SeasonRow.number))
    )
    won: dict[int, tuple[int, ...]] = {}
    for number, winners in rows:
        for user_id in jsontext.loads_list(winners, f"guild {guild_id} season {number}"):
            won[user_id] = (*won.get(user_id, ()), number)
    return won
