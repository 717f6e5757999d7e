"""Reading and writing ``member_language`` rows."""

from __future__ import annotations

import time

from sqlalchemy import Connection, delete
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col, select

from bot.store.models import MemberLanguage
from bot.store.sql.dialect import upsert


async def read_member_languages(connection: AsyncConnection) -> dict[tuple[int, int], str]:
    """Every member's chosen language, by (guild id, user id)."""
    rows = await connection.execute(
        select(MemberLanguage.guild_id, MemberLanguage.user_id, MemberLanguage.language)
    )
    return {(guild_id, user_id): language for guild_id, user_id, language in rows}


def write_member_language(
    connection: Connection, guild_id: int, user_id: int, language: str | None
) -> None:
    """Store a member's language in a server; None forgets it (they follow Discord again)."""
    if language is None:
        connection.execute(
            delete(MemberLanguage).where(
                col(MemberLanguage.guild_id) == guild_id, col(MemberLanguage.user_id) == user_id
            )
        )
        return
    values = {
        "guild_id": guild_id,
        "user_id": user_id,
        "language": language,
        "updated_at": time.time(),
    }
    statement = upsert(connection.dialect.name, MemberLanguage).values(values)
    connection.execute(
        statement.on_conflict_do_update(
            index_elements=[col(MemberLanguage.guild_id), col(MemberLanguage.user_id)], set_=values
        )
    )
