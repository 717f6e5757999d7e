"""The servers the bot welcomed (``welcomed_guild``): each server reads the welcome once for
each time it adds the bot, also when it adds the bot while the bot is not running."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, select
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col

from bot.store.models import WelcomedGuild, WelcomeSince
from bot.store.sql.dialect import upsert


async def read_unwelcomed(connection: AsyncConnection, joined: Mapping[int, float]) -> list[int]:
    """Of the servers ``joined`` (guild id → when the bot joined it, as Discord says), those
    that joined since the bot keeps its welcomes (``welcome_since``) and were not welcomed
    for that join, in the order given."""
    since = (await connection.execute(select(col(WelcomeSince.since)))).scalar_one_or_none()
    if since is None:
        return []
    recent = [guild_id for guild_id, joined_at in joined.items() if joined_at >= since]
    if not recent:
        return []
    rows = await connection.execute(
        select(col(WelcomedGuild.guild_id), col(WelcomedGuild.joined_at)).where(
            col(WelcomedGuild.guild_id).in_(recent)
        )
    )
    welcomed = dict(rows.all())
    return [guild_id for guild_id in recent if welcomed.get(guild_id, -1.0) < joined[guild_id]]


def claim_welcome(connection: Connection, guild_id: int, joined_at: float) -> bool:
    """Take the welcome of the server for the bot's join at ``joined_at``; False, writing
    nothing, if it was welcomed for that join (or a later one) already: by this process or
    another, only one posts it."""
    statement = upsert(connection.dialect.name, WelcomedGuild).values(
        guild_id=guild_id, joined_at=joined_at
    )
    taken = connection.execute(
        statement.on_conflict_do_update(
            index_elements=[col(WelcomedGuild.guild_id)],
            set_={"joined_at": statement.excluded.joined_at},
            where=col(WelcomedGuild.joined_at) < statement.excluded.joined_at,
        )
    )
    return taken.rowcount == 1
