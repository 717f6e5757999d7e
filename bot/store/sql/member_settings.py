"""Reading and writing ``member_settings`` rows."""

from __future__ import annotations

import time

from sqlalchemy import Connection, delete, select
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col

from bot.members import DEFAULT_SETTINGS, HandOrder, Member, MemberSettings
from bot.store.models import MemberSettingsRow
from bot.store.sql.dialect import upsert


async def read_member_settings(connection: AsyncConnection) -> dict[Member, MemberSettings]:
    """Every member's settings, by (guild id, user id)."""
    row = MemberSettingsRow
    rows = await connection.execute(
        select(
            col(row.guild_id),
            col(row.user_id),
            col(row.language),
            col(row.dms),
            col(row.reminders),
            col(row.hand_order),
        )
    )
    return {
        (guild_id, user_id): MemberSettings(language or None, dms, reminders, _order(order))
        for guild_id, user_id, language, dms, reminders, order in rows
    }


def _order(value: str) -> HandOrder:
    """The hand order stored, or the default for one this code does not know."""
    try:
        return HandOrder(value)
    except ValueError:
        return DEFAULT_SETTINGS.order


def write_member_settings(
    connection: Connection, guild_id: int, user_id: int, settings: MemberSettings
) -> None:
    """Store a member's settings in a server; the defaults leave no row."""
    if settings == DEFAULT_SETTINGS:
        connection.execute(
            delete(MemberSettingsRow).where(
                col(MemberSettingsRow.guild_id) == guild_id,
                col(MemberSettingsRow.user_id) == user_id,
            )
        )
        return
    values = {
        "guild_id": guild_id,
        "user_id": user_id,
        "language": settings.language,
        "dms": settings.dms,
        "reminders": settings.reminders,
        "hand_order": settings.order.value,
        "updated_at": time.time(),
    }
    statement = upsert(connection.dialect.name, MemberSettingsRow).values(values)
    connection.execute(
        statement.on_conflict_do_update(
            index_elements=[col(MemberSettingsRow.guild_id), col(MemberSettingsRow.user_id)],
            set_=values,
        )
    )
