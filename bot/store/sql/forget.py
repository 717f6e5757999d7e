"""Erasing one member from one guild's records."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, delete, select, update
from sqlmodel import col

from bot.store import jsontext
from bot.store.models import (
    GuildSettings,
    HandPlayerRow,
    HandRow,
    PlayerTotals,
    SeasonRow,
    TableRow,
)
from bot.store.records import TableStatus


def delete_totals(connection: Connection, guild_id: int, user_id: int) -> bool:
    """Delete the member's totals row; False if there was none."""
    result = connection.execute(
        delete(PlayerTotals).where(
            col(PlayerTotals.guild_id) == guild_id, col(PlayerTotals.user_id) == user_id
        )
    )
    return result.rowcount == 1


def anonymise_hands(connection: Connection, guild_id: int, user_id: int) -> int:
    """Anonymise the member's seats and scrub their id from those hands; return the count."""
    seats = (col(HandPlayerRow.guild_id) == guild_id, col(HandPlayerRow.user_id) == user_id)
    hand_ids = (
        (connection.execute(select(col(HandPlayerRow.hand_id)).where(*seats).distinct()))
        .scalars()
        .all()
    )
    if not hand_ids:
        return 0
    connection.execute(
        update(HandPlayerRow).where(*seats).values(user_id=None, name=jsontext.FORGOTTEN_NAME)
    )
    hands = (
        connection.execute(
            select(col(HandRow.id), col(HandRow.winners_json), col(HandRow.action_log_json)).where(
                col(HandRow.id).in_(hand_ids)
            )
        )
    ).all()
    connection.execute(
        update(HandRow)
        .where(col(HandRow.id) == bindparam("hand_id"))
        .values(winners_json=bindparam("winners"), action_log_json=bindparam("action_log")),
        [
            {
                "hand_id": hand.id,
                "winners": jsontext.scrub_user_text(hand.winners_json, user_id, f"hand {hand.id}"),
                "action_log": jsontext.scrub_user_text(
                    hand.action_log_json, user_id, f"hand {hand.id}"
                ),
            }
            for hand in hands
        ],
    )
    return len(hand_ids)


def scrub_closed_tables(connection: Connection, guild_id: int, user_id: int) -> int:
    """Scrub the member's id from the guild's closed tables that mention it; return the count."""
    mention = f"%{user_id}%"
    tables = (
        connection.execute(
            select(
                col(TableRow.id),
                col(TableRow.rules_json),
                col(TableRow.state_json),
                col(TableRow.seats_json),
                col(TableRow.balances_json),
            ).where(
                col(TableRow.guild_id) == guild_id,
                col(TableRow.status) == TableStatus.CLOSED.value,
                col(TableRow.seats_json).like(mention)
                | col(TableRow.balances_json).like(mention)
                | col(TableRow.state_json).like(mention),
            )
        )
    ).all()
    for table in tables:
        what = f"table {table.id}"
        connection.execute(
            update(TableRow)
            .where(col(TableRow.id) == table.id)
            .values(
                rules_json=jsontext.scrub_user_text(table.rules_json, user_id, what),
                state_json=jsontext.scrub_user_text(table.state_json, user_id, what),
                seats_json=jsontext.scrub_user_text(table.seats_json, user_id, what),
                balances_json=jsontext.scrub_user_text(table.balances_json, user_id, what),
            )
        )
    return len(tables)


def scrub_seasons(connection: Connection, guild_id: int, user_id: int) -> int:
    """Take the member out of the guild's season winners and of the holders of its
    champion role (lists of ids: the id goes, where other ids become null); return how many
    seasons named them."""
    mention = f"%{user_id}%"
    seasons = connection.execute(
        select(col(SeasonRow.number), col(SeasonRow.winners_json)).where(
            col(SeasonRow.guild_id) == guild_id, col(SeasonRow.winners_json).like(mention)
        )
    ).all()
    named = 0
    for number, winners_json in seasons:
        winners = jsontext.loads_list(winners_json, f"guild {guild_id} season {number}")
        if user_id in winners:
            named += 1
            connection.execute(
                update(SeasonRow)
                .where(col(SeasonRow.guild_id) == guild_id, col(SeasonRow.number) == number)
                .values(winners_json=jsontext.dumps([w for w in winners if w != user_id]))
            )
    holders_json = connection.execute(
        select(col(GuildSettings.champion_ids_json)).where(col(GuildSettings.guild_id) == guild_id)
    ).scalar()
    holders = [] if holders_json is None else jsontext.loads_list(holders_json, "champions")
    if user_id in holders:
        connection.execute(
            update(GuildSettings)
            .where(col(GuildSettings.guild_id) == guild_id)
            .values(champion_ids_json=jsontext.dumps([h for h in holders if h != user_id]))
        )
    return named
