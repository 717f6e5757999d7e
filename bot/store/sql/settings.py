"""Reading and writing ``guild_settings`` rows, and the ``season`` rows of each guild."""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping
from typing import Any

from sqlalchemy import Connection, insert
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col, func, select

from bot.store import jsontext
from bot.store.errors import CorruptRow, SeasonWithoutHands, UnknownSeason
from bot.store.models import GuildSettings, HandRow, SeasonRow
from bot.store.records import GuildConfig, Season
from bot.store.sql.dialect import upsert


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


def _decode(guild_id: int, row: Any, season: Season | None) -> GuildConfig:
    source = GuildSettings(guild_id=guild_id, updated_at=0.0) if row is None else row
    what = f"guild {guild_id} settings"
    channel_ids = jsontext.loads_list(source.allowed_channel_ids_json, what)
    if not all(type(channel_id) is int for channel_id in channel_ids):
        raise CorruptRow(what, "allowed channel ids must be integers")
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
    )
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
        "updated_at": time.time(),
    }
    statement = upsert(connection.dialect.name, GuildSettings).values(values)
    connection.execute(
        statement.on_conflict_do_update(index_elements=[col(GuildSettings.guild_id)], set_=values)
    )
    return updated


def start_season(connection: Connection, guild_id: int, now: float) -> Season:
    """Start the guild's next season at ``now`` and return it. Raises
    :class:`SeasonWithoutHands`, writing nothing, while the current season has no finished
    hand: a second start by mistake would lose nothing, but tells nobody anything new."""
    current = _current(connection.execute(_latest_season(guild_id)).first())
    if current is not None and not _hand_since(connection, guild_id, current.started_at):
        raise SeasonWithoutHands(guild_id, current.number)
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
