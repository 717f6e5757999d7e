"""Reading and writing ``guild_settings`` rows."""

from __future__ import annotations

import time

from sqlalchemy.dialects.sqlite import insert
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col, select

from bot.store import jsontext
from bot.store.errors import CorruptRow
from bot.store.models import GuildSettings
from bot.store.records import GuildConfig


async def read_guild_config(connection: AsyncConnection, guild_id: int) -> GuildConfig:
    """The guild's stored settings, or the model's defaults if it has no row."""
    row = (
        await connection.execute(
            select(GuildSettings).where(col(GuildSettings.guild_id) == guild_id)
        )
    ).first()
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
    )


async def write_guild_config(connection: AsyncConnection, config: GuildConfig) -> None:
    """Insert or replace the guild's settings row."""
    values = {
        "guild_id": config.guild_id,
        "default_preset": config.default_preset,
        "default_options_json": jsontext.dumps(dict(config.default_options)),
        "stake": config.stake,
        "turn_timeout": config.turn_timeout,
        "allowed_channel_ids_json": jsontext.dumps(list(config.allowed_channel_ids)),
        "locale": config.locale,
        "updated_at": time.time(),
    }
    statement = insert(GuildSettings).values(values)
    await connection.execute(
        statement.on_conflict_do_update(index_elements=[col(GuildSettings.guild_id)], set_=values)
    )
