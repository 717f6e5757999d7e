"""Reading and writing ``tonk_table`` rows, with the optimistic version check on saves."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

from sqlalchemy import ColumnElement, Row, Select, insert, literal_column, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col

from bot.store import jsontext
from bot.store.errors import CorruptRow, StaleVersion, TableAlreadyOpen, TableNotOpen
from bot.store.models import TableRow
from bot.store.records import OpenTable, Seat, TableRules, TableSave, TableStatus, TableUpdate

logger = logging.getLogger(__name__)

_T = TypeVar("_T")

IS_OPEN: ColumnElement[bool] = col(TableRow.status) != literal_column(
    f"'{TableStatus.CLOSED.value}'"
)
"""Tables that are not closed; a literal, so it matches the partial unique index's WHERE."""


def encode_update(changes: TableUpdate) -> dict[str, Any]:
    """Column values for the fields present in ``changes``.

    Raises ``TypeError`` for an unknown field and ``ValueError`` for closing by update.
    """
    unknown = sorted(set(changes) - set(TableUpdate.__annotations__))
    if unknown:
        raise TypeError(f"unknown table fields: {', '.join(unknown)}")
    values: dict[str, Any] = {}
    if "status" in changes:
        status = TableStatus(changes["status"])
        if status is TableStatus.CLOSED:
            raise ValueError("close a table with Store.close_table, not with a save")
        values["status"] = status.value
    if "host_id" in changes:
        values["host_id"] = changes["host_id"]
    if "rules" in changes:
        values["rules_json"] = _encode_rules(changes["rules"])
    if "seats" in changes:
        values["seats_json"] = _encode_seats(changes["seats"])
    if "balances" in changes:
        values["balances_json"] = jsontext.dumps(
            {str(user_id): chips for user_id, chips in changes["balances"].items()}
        )
    if "table_message_id" in changes:
        values["table_message_id"] = changes["table_message_id"]
    if "turn_deadline" in changes:
        values["turn_deadline"] = changes["turn_deadline"]
    return values


def encode_save(save: TableSave, now: float) -> dict[str, Any]:
    """Column values that commit ``save``; encoded before taking the write lock."""
    if save.version < 1:
        raise ValueError(f"saved versions count from 1, got {save.version}")
    return {
        "state_json": jsontext.dumps(dict(save.state)),
        "version": save.version,
        "updated_at": now,
        **encode_update(save.update),
    }


def _encode_rules(rules: TableRules) -> str:
    return jsontext.dumps(
        {"preset": rules.preset, "options": dict(rules.options), "stake": rules.stake}
    )


def _encode_seats(seats: Sequence[Seat]) -> str:
    return jsontext.dumps(
        [
            {"user_id": seat.user_id, "name": seat.name, "is_bot": seat.is_bot, "level": seat.level}
            for seat in seats
        ]
    )


async def insert_table(connection: AsyncConnection, values: Mapping[str, Any]) -> int:
    """Insert a table row and return its id; :class:`TableAlreadyOpen` if its channel is taken."""
    try:
        result = await connection.execute(
            insert(TableRow).values(dict(values)).returning(col(TableRow.id))
        )
    except IntegrityError as exc:
        raise TableAlreadyOpen(values["channel_id"]) from exc
    return cast(int, result.scalar_one())


async def apply_save(
    connection: AsyncConnection, save: TableSave, values: Mapping[str, Any]
) -> None:
    """Write ``values`` if the table is open at ``save.version - 1``; else raise, writing none."""
    result = await connection.execute(
        update(TableRow)
        .where(
            col(TableRow.id) == save.table_id, col(TableRow.version) == save.version - 1, IS_OPEN
        )
        .values(dict(values))
    )
    if result.rowcount == 1:
        return
    row = (
        await connection.execute(
            select(col(TableRow.version), col(TableRow.status)).where(
                col(TableRow.id) == save.table_id
            )
        )
    ).first()
    if row is None or row.status == TableStatus.CLOSED.value:
        raise TableNotOpen(save.table_id)
    logger.info(
        "stale save of table %d refused: stored version %d, saving version %d",
        save.table_id,
        row.version,
        save.version,
    )
    raise StaleVersion(save.table_id, expected=save.version - 1, actual=row.version)


async def close_table(connection: AsyncConnection, table_id: int, reason: str, now: float) -> bool:
    """Mark an open table closed (its version goes up by one); False if it was not open."""
    result = await connection.execute(
        update(TableRow)
        .where(col(TableRow.id) == table_id, IS_OPEN)
        .values(
            status=TableStatus.CLOSED.value,
            close_reason=reason,
            turn_deadline=None,
            version=col(TableRow.version) + 1,
            updated_at=now,
        )
    )
    return result.rowcount == 1


def select_tables() -> Select[*tuple[Any, ...]]:
    """Every column :func:`decode_table` needs, oldest table first."""
    return select(
        col(TableRow.id),
        col(TableRow.guild_id),
        col(TableRow.channel_id),
        col(TableRow.host_id),
        col(TableRow.status),
        col(TableRow.rules_json),
        col(TableRow.state_json),
        col(TableRow.seats_json),
        col(TableRow.balances_json),
        col(TableRow.table_message_id),
        col(TableRow.version),
        col(TableRow.turn_deadline),
        col(TableRow.created_at),
        col(TableRow.updated_at),
    ).order_by(col(TableRow.id))


def decode_table(row: Row[Any]) -> OpenTable:
    """Parse a row of :func:`select_tables`; :class:`CorruptRow` if its JSON is unreadable."""
    what = f"table {row.id}"
    rules = jsontext.loads_object(row.rules_json, f"{what} rules")
    seats = jsontext.loads_list(row.seats_json, f"{what} seats")
    balances = jsontext.loads_object(row.balances_json, f"{what} balances")
    state = jsontext.loads_object(row.state_json, f"{what} state")
    try:
        return OpenTable(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_id=row.host_id,
            status=TableStatus(row.status),
            rules=TableRules(
                preset=_expect(rules["preset"], str),
                options=_expect(rules["options"], dict),
                stake=_expect(rules["stake"], int),
            ),
            state=state,
            seats=tuple(
                Seat(
                    user_id=_expect(seat["user_id"], int),
                    name=_expect(seat["name"], str),
                    is_bot=_expect(seat["is_bot"], bool),
                    level=None if seat["level"] is None else _expect(seat["level"], str),
                )
                for seat in seats
            ),
            balances={int(user_id): _expect(chips, int) for user_id, chips in balances.items()},
            table_message_id=row.table_message_id,
            version=row.version,
            turn_deadline=row.turn_deadline,
            created_at=row.created_at,
            updated_at=row.updated_at,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptRow(what, f"unexpected shape ({exc!r})") from exc


def _expect(value: Any, kind: type[_T]) -> _T:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"expected {kind.__name__}, got {value!r}")
    return value
