"""Erasing one member from one guild's records."""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, delete, select, update
from sqlmodel import col

from bot.store import jsontext
from bot.store.models import HandPlayerRow, HandRow, PlayerTotals, TableRow
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
