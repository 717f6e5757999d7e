"""Writing finished hands (``hand`` and ``hand_player``) and reading them back."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, TypedDict

from sqlalchemy import ColumnElement, Connection, Row, case, func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm import Mapped, aliased
from sqlmodel import col

from bot.store import jsontext
from bot.store.errors import CorruptRow, UnknownTable
from bot.store.hands import HandDeal, HandResult
from bot.store.models import HandPlayerRow, HandRow
from bot.store.reports import (
    HandReplay,
    HandSeat,
    HandSummary,
    HeadToHead,
    RecentHand,
    Span,
)
from bot.store.sql.dialect import POSTGRESQL, upsert
from bot.store.sql.prepared import Prepared

logger = logging.getLogger(__name__)


def encode_hand(result: HandResult, now: float) -> dict[str, Any]:
    """The ``hand`` row of ``result``."""
    return {
        "hand_uid": result.hand_uid,
        "guild_id": result.guild_id,
        "channel_id": result.channel_id,
        "table_id": result.table_id,
        "hand_number": result.hand_number,
        "preset": result.preset,
        "options_json": jsontext.dumps(dict(result.options)),
        "seed": str(result.seed),
        "action_log_json": jsontext.dumps(list(result.action_log)),
        "ending": result.ending,
        "winners_json": jsontext.dumps(result.winners),
        "finished_at": now,
        "deal_json": None if result.deal is None else jsontext.dumps(result.deal.to_json()),
    }


def encode_seats(result: HandResult) -> list[dict[str, Any]]:
    """The ``hand_player`` rows of ``result``, without the hand id (known after insert)."""
    return [
        {
            "seat": seat,
            "guild_id": result.guild_id,
            "user_id": player.user_id,
            "name": player.name,
            "is_bot": player.is_bot,
            "payout": player.payout,
            "count": player.count,
            "is_winner": player.won,
            "how": str(player.how),
            "caught": player.caught,
            "pushed_up": player.pushed_up,
            "won_match": player.won_match,
        }
        for seat, player in enumerate(result.players)
    ]


_INSERT_HAND = Prepared(
    lambda dialect: (
        upsert(dialect, HandRow)
        .on_conflict_do_nothing(index_elements=[col(HandRow.hand_uid)])
        .returning(col(HandRow.id))
    )
)
"""Two processes racing to record one hand: the loser's insert waits for the winner's
transaction, then does nothing and returns no row (``ON CONFLICT DO NOTHING``)."""
_INSERT_SEATS = Prepared(insert(HandPlayerRow))


def insert_hands(
    connection: Connection, rows: Sequence[tuple[dict[str, Any], int]]
) -> list[int | None]:
    """Insert ``hand`` rows (each with its table's id); the id of each, or None where its
    ``hand_uid`` exists already (nothing inserted for it).

    One row at a time, raising :class:`UnknownTable` for a table id the store never
    created. On PostgreSQL several rows are one statement (SQLAlchemy's "insertmanyvalues":
    one ``INSERT … VALUES (…), (…) … RETURNING``), which raises the database's
    ``IntegrityError`` for an unknown table id (the writer then runs its units one by one).
    """
    if connection.dialect.name == POSTGRESQL and len(rows) > 1:
        inserted = connection.execute(_INSERT_MANY_HANDS, [row for row, _ in rows]).all()
        ids = {uid: hand_id for hand_id, uid in inserted}
        return [ids.get(row["hand_uid"]) for row, _ in rows]
    return [_insert_hand(connection, row, table_id) for row, table_id in rows]


_INSERT_MANY_HANDS = (
    upsert(POSTGRESQL, HandRow)
    .on_conflict_do_nothing(index_elements=[col(HandRow.hand_uid)])
    .returning(col(HandRow.id), col(HandRow.hand_uid))
)
"""PostgreSQL: :data:`_INSERT_HAND` of several rows, returning each inserted row's id with
its ``hand_uid`` (a row recorded already returns nothing)."""


def _insert_hand(connection: Connection, hand: dict[str, Any], table_id: int) -> int | None:
    try:
        cursor = _INSERT_HAND.execute(connection, hand)
    except IntegrityError as exc:
        raise UnknownTable(table_id) from exc
    try:
        row = cursor.fetchone()
    finally:
        cursor.close()
    return None if row is None else int(row[0])


def insert_seats(connection: Connection, seats: list[dict[str, Any]]) -> None:
    """Insert ``hand_player`` rows (each with its ``hand_id``)."""
    _INSERT_SEATS.executemany(connection, seats)


def finished_in(span: Span) -> list[ColumnElement[bool]]:
    """The conditions on ``hand.finished_at`` of the hands ``span`` counts."""
    conditions = [col(HandRow.finished_at) >= span.since]
    if span.until is not None:
        conditions.append(col(HandRow.finished_at) < span.until)
    return conditions


_SEAT_RESULT_COLUMNS: tuple[Mapped[Any] | ColumnElement[Any], ...] = (
    col(HandPlayerRow.payout),
    col(HandPlayerRow.count).label("points"),
    col(HandPlayerRow.is_winner),
    col(HandPlayerRow.how),
    col(HandPlayerRow.caught),
    col(HandPlayerRow.pushed_up),
    col(HandPlayerRow.ranked),
    col(HandPlayerRow.won_match),
)
"""The columns of a ``hand_player`` row that say how its seat came out of the hand."""


class SeatResult(TypedDict):
    """How a seat came out of its hand: the fields that :class:`RecentHand` and
    :class:`HandSeat` share."""

    payout: int
    count: int
    won: bool
    how: str
    caught: bool
    pushed_up: int | None
    ranked: bool
    won_match: bool


def _seat_result(row: Row[*tuple[Any, ...]]) -> SeatResult:
    """The :class:`SeatResult` of a row holding :data:`_SEAT_RESULT_COLUMNS`."""
    return SeatResult(
        payout=row.payout,
        count=row.points,
        won=row.is_winner,
        how=row.how,
        caught=row.caught,
        pushed_up=row.pushed_up,
        ranked=row.ranked,
        won_match=row.won_match,
    )


async def recent_hands(
    connection: AsyncConnection,
    guild_id: int,
    user_id: int,
    limit: int | None,
    span: Span | None = None,
) -> list[RecentHand]:
    """The member's last ``limit`` hands in the guild (all with None), newest first; with
    ``span``, only those it counts."""
    conditions = [col(HandPlayerRow.guild_id) == guild_id, col(HandPlayerRow.user_id) == user_id]
    if span is not None:
        conditions.extend(finished_in(span))
    rows: Sequence[Row[*tuple[Any, ...]]] = (
        await connection.execute(
            select(
                col(HandRow.hand_uid),
                col(HandRow.channel_id),
                col(HandRow.hand_number),
                col(HandRow.preset),
                col(HandRow.ending),
                col(HandRow.finished_at),
                *_SEAT_RESULT_COLUMNS,
            )
            .join(HandRow, col(HandRow.id) == col(HandPlayerRow.hand_id))
            .where(*conditions)
            .order_by(col(HandPlayerRow.hand_id).desc())
            .limit(limit)
        )
    ).all()
    return [
        RecentHand(
            hand_uid=row.hand_uid,
            channel_id=row.channel_id,
            hand_number=row.hand_number,
            preset=row.preset,
            ending=row.ending,
            finished_at=row.finished_at,
            **_seat_result(row),
        )
        for row in rows
    ]


async def biggest_win(connection: AsyncConnection, guild_id: int, user_id: int) -> int:
    """The most chips the member won in one of the guild's ranked hands; 0 if they won none
    (read off the member's rows of ``ix_hand_player_guild_user``)."""
    most = (
        await connection.execute(
            select(func.max(col(HandPlayerRow.payout))).where(
                col(HandPlayerRow.guild_id) == guild_id,
                col(HandPlayerRow.user_id) == user_id,
                col(HandPlayerRow.ranked).is_(True),
            )
        )
    ).scalar_one()
    return max(0, most or 0)


async def head_to_head(
    connection: AsyncConnection,
    guild_id: int,
    user_id: int,
    rival_id: int,
    span: Span | None = None,
) -> HeadToHead:
    """The ranked hands of the guild that both members played (those ``span`` counts, if
    given): the member's rows of ``ix_hand_player_guild_user``, each joined to the rival's seat of
    the same hand."""
    mine, theirs = aliased(HandPlayerRow), aliased(HandPlayerRow)
    query = (
        select(
            func.count(),
            func.coalesce(func.sum(case((col(mine.is_winner), 1), else_=0)), 0),
            func.coalesce(func.sum(case((col(theirs.is_winner), 1), else_=0)), 0),
            func.coalesce(func.sum(col(mine.payout)), 0),
            func.coalesce(func.sum(col(theirs.payout)), 0),
        )
        .select_from(mine)
        .join(theirs, col(theirs.hand_id) == col(mine.hand_id))
        .where(
            col(mine.guild_id) == guild_id,
            col(mine.user_id) == user_id,
            col(theirs.user_id) == rival_id,
            col(mine.ranked).is_(True),
        )
    )
    if span is not None:
        query = query.join(HandRow, col(HandRow.id) == col(mine.hand_id)).where(*finished_in(span))
    hands, won, rival_won, net, rival_net = (await connection.execute(query)).one()
    return HeadToHead(int(hands), int(won), int(rival_won), int(net), int(rival_net))


_SUMMARY_COLUMNS = (
    col(HandRow.id),
    col(HandRow.hand_uid),
    col(HandRow.table_id),
    col(HandRow.hand_number),
    col(HandRow.preset),
    col(HandRow.ending),
    col(HandRow.finished_at),
    col(HandRow.channel_id),
)
"""The columns of a ``hand`` row that a :class:`HandSummary` shows, and its id (for its seats)."""


async def channel_history(
    connection: AsyncConnection, guild_id: int, channel_id: int, limit: int, offset: int
) -> list[HandSummary]:
    """The channel's hands, newest first, with their seats."""
    in_channel = [col(HandRow.guild_id) == guild_id, col(HandRow.channel_id) == channel_id]
    return await _summaries(connection, in_channel, limit, offset)


async def guild_hands(
    connection: AsyncConnection, guild_id: int, span: Span | None, limit: int
) -> list[HandSummary]:
    """The guild's last ``limit`` hands (those ``span`` counts, if given), newest first,
    with their seats."""
    conditions = [col(HandRow.guild_id) == guild_id]
    if span is not None:
        conditions.extend(finished_in(span))
    return await _summaries(connection, conditions, limit, 0)


async def _summaries(
    connection: AsyncConnection, conditions: list[ColumnElement[bool]], limit: int, offset: int
) -> list[HandSummary]:
    """The hands that meet ``conditions``, newest first, ``limit`` from ``offset``, with
    their seats."""
    hands = (
        await connection.execute(
            select(*_SUMMARY_COLUMNS)
            .where(*conditions)
            .order_by(col(HandRow.id).desc())
            .limit(limit)
            .offset(offset)
        )
    ).all()
    seats = await _seats(connection, [hand.id for hand in hands])
    return [_summary(hand, seats.get(hand.id, ())) for hand in hands]


async def hand_replay(
    connection: AsyncConnection, guild_id: int, hand_uid: str
) -> HandReplay | None:
    """The guild's hand ``hand_uid`` with its seats, deal and action log; None if the guild
    has no such hand.

    Raises :class:`CorruptRow` if its deal or action log is not JSON, or its log not a list
    of objects. A deal that is JSON but not a deal is logged and read as None: the hand
    still shows, as one recorded before deals were kept.
    """
    hand = (
        await connection.execute(
            select(
                *_SUMMARY_COLUMNS,
                col(HandRow.channel_id),
                col(HandRow.deal_json),
                col(HandRow.action_log_json),
            ).where(col(HandRow.guild_id) == guild_id, col(HandRow.hand_uid) == hand_uid)
        )
    ).first()
    if hand is None:
        return None
    seats = await _seats(connection, [hand.id])
    what = f"hand {hand_uid}"
    return HandReplay(
        summary=_summary(hand, seats.get(hand.id, ())),
        channel_id=hand.channel_id,
        deal=_decode_deal(hand.deal_json, what),
        action_log=_decode_log(hand.action_log_json, what),
    )


async def _seats(connection: AsyncConnection, hand_ids: list[int]) -> dict[int, list[HandSeat]]:
    """The seats of the hands ``hand_ids``, by hand id, each hand's in seat order."""
    if not hand_ids:
        return {}
    seat_rows: Sequence[Row[*tuple[Any, ...]]] = (
        await connection.execute(
            select(
                col(HandPlayerRow.hand_id),
                col(HandPlayerRow.seat),
                col(HandPlayerRow.user_id),
                col(HandPlayerRow.name),
                col(HandPlayerRow.is_bot),
                *_SEAT_RESULT_COLUMNS,
            )
            .where(col(HandPlayerRow.hand_id).in_(hand_ids))
            .order_by(col(HandPlayerRow.hand_id), col(HandPlayerRow.seat))
        )
    ).all()
    seats: dict[int, list[HandSeat]] = {}
    for row in seat_rows:
        seats.setdefault(row.hand_id, []).append(
            HandSeat(
                seat=row.seat,
                user_id=row.user_id,
                name=row.name,
                is_bot=row.is_bot,
                **_seat_result(row),
            )
        )
    return seats


def _summary(hand: Row[*tuple[Any, ...]], seats: Sequence[HandSeat]) -> HandSummary:
    """The :class:`HandSummary` of a row holding :data:`_SUMMARY_COLUMNS`, with its seats."""
    return HandSummary(
        hand_uid=hand.hand_uid,
        table_id=hand.table_id,
        hand_number=hand.hand_number,
        preset=hand.preset,
        ending=hand.ending,
        finished_at=hand.finished_at,
        seats=tuple(seats),
        channel_id=hand.channel_id,
    )


def _decode_deal(text: str | None, what: str) -> HandDeal | None:
    """The stored deal: None for NULL, and (with a warning) for JSON that is not a deal.
    Raises :class:`CorruptRow` for text that is not JSON."""
    if text is None:
        return None
    value = jsontext.loads(text, f"{what} deal")
    try:
        return HandDeal.from_json(value)
    except (KeyError, TypeError, ValueError) as exc:
        logger.warning("%s: its stored deal is not a deal (%r); read without one", what, exc)
        return None


def _decode_log(text: str, what: str) -> list[dict[str, Any]]:
    """The stored action log, raising :class:`CorruptRow` unless it is a list of objects."""
    log = jsontext.loads_list(text, f"{what} action log")
    if not all(isinstance(entry, dict) for entry in log):
        raise CorruptRow(f"{what} action log", "expected a list of JSON objects")
    return log
