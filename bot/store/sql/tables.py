"""Reading and writing ``tonk_table`` and ``table_log`` rows, with the optimistic version check.

The writes are synchronous functions of the writer's connection (``bot.store.writer``); the
reads build statements that the async readers execute.

A snapshot replaces the log rows of its table up to its version. PostgreSQL deletes them in
the snapshot's own statement. SQLite keeps them, **dead**, until the writer deletes them in
its idle time (:func:`drop_dead_log`): its log rows follow each other in the order they were
written, so one table's rows lie on as many pages as it made commits, and deleting them
with the snapshot would put those page writes on the commit's path. Every read of the log
and every head version leave out the rows at or below their table's snapshot version.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

from sqlalchemy import (
    ColumnElement,
    Connection,
    Row,
    Select,
    bindparam,
    delete,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.expression import ClauseElement
from sqlmodel import col

from bot.store import jsontext
from bot.store.errors import CorruptRow, StaleVersion, TableAlreadyOpen, TableNotOpen
from bot.store.models import TableLogRow, TableRow
from bot.store.records import OpenTable, Seat, TableRules, TableStatus, TableUpdate
from bot.store.sql.dialect import POSTGRESQL
from bot.store.sql.prepared import Prepared

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


def encode_snapshot(
    state: Mapping[str, Any], version: int, changes: TableUpdate, now: float
) -> dict[str, Any]:
    """Column values that commit ``state`` as the snapshot at ``version``, with ``changes``."""
    if version < 1:
        raise ValueError(f"saved versions count from 1, got {version}")
    return {
        "state_json": jsontext.dumps(dict(state)),
        "version": version,
        "updated_at": now,
        **encode_update(changes),
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


def insert_table(connection: Connection, values: Mapping[str, Any]) -> int:
    """Insert a table row and return its id; :class:`TableAlreadyOpen` if its channel is taken."""
    try:
        result = connection.execute(
            insert(TableRow).values(dict(values)).returning(col(TableRow.id))
        )
    except IntegrityError as exc:
        if not _duplicate_key(exc):
            raise  # another constraint or a trigger: the database refused the write
        raise TableAlreadyOpen(values["channel_id"]) from exc
    return cast(int, result.scalar_one())


_APPEND = Prepared(insert(TableLogRow))
_LOG_DELETION = delete(TableLogRow).where(col(TableLogRow.table_id) == bindparam("table_id"))


def _snapshot(dialect: str) -> ClauseElement:
    """The update of a table's row with its new snapshot; on PostgreSQL the deletion of its
    log rows goes with it, as a data-modifying ``WITH``: one round trip, not two."""
    statement = update(TableRow).where(col(TableRow.id) == bindparam("table_id"))
    if dialect == POSTGRESQL:
        return statement.add_cte(_LOG_DELETION.cte("dropped"))
    return statement


_SNAPSHOT = Prepared(_snapshot)

_DROP_DEAD = Prepared(
    text(
        "DELETE FROM table_log WHERE table_id = :table_id"
        " AND version <= (SELECT t.version FROM tonk_table t WHERE t.id = :table_id)"
    )
)
_DROP_ALL_DEAD = Prepared(
    text(
        "DELETE FROM table_log WHERE version"
        " <= (SELECT t.version FROM tonk_table t WHERE t.id = table_log.table_id)"
    )
)


def drop_dead_log(connection: Connection, table_id: int | None) -> None:
    """SQLite: delete the log rows of ``table_id`` (of every table if None) that its
    snapshot replaced (see the module docstring)."""
    if table_id is None:
        _DROP_ALL_DEAD.execute(connection, {}).close()
    else:
        _DROP_DEAD.execute(connection, {"table_id": table_id}).close()


def head_version(connection: Connection, table_id: int) -> int:
    """The version of the table's last commit; :class:`TableNotOpen` if closed or unknown.

    On PostgreSQL the table's row stays locked until the transaction ends (see
    :func:`heads`), so two processes cannot both commit one version. (SQLite's writer
    already holds the database's write lock.)
    """
    status, head = heads(connection, [table_id]).get(table_id, (None, 0))
    if status is None or status == TableStatus.CLOSED:
        raise TableNotOpen(table_id)
    return head


_HEAD_POSTGRES = (
    "greatest(t.version, coalesce((SELECT max(l.version) FROM table_log l"
    " WHERE l.table_id = t.id), t.version))"
)
"""PostgreSQL: the head version of table ``t`` (its last log row's, else its snapshot's),
for the statements that lock the row and append in one go.

Such a statement may wait on ``FOR UPDATE`` for another process's commit of the same
table; the row is then read again as that transaction left it, but the log subquery still
sees the statement's older snapshot. So the head is the greater of the two: a snapshot
rewrite (which raises ``tonk_table.version``) is seen through the row, and an appended log
row the subquery missed makes our own append of that version fail on the log's primary key,
which is reported as stale. (A snapshot appends no log row: :func:`heads` locks first and
reads after.)"""

_APPEND_IF_NEXT = Prepared(
    text(
        "WITH head AS ("
        f" SELECT t.status, {_HEAD_POSTGRES} AS version"
        " FROM tonk_table t WHERE t.id = :table_id FOR UPDATE OF t),"
        " appended AS ("
        " INSERT INTO table_log (table_id, version, body_json)"
        " SELECT :table_id, :version, :body_json FROM head"
        f" WHERE head.status != '{TableStatus.CLOSED.value}' AND head.version = :version - 1"
        " RETURNING 1)"
        " SELECT head.status, head.version, (SELECT count(*) FROM appended) FROM head"
    )
)
"""PostgreSQL: :func:`check_next` and :func:`append_log` in one round trip (the row's lock
and :data:`_HEAD_POSTGRES`, then the insert if the version is the next one)."""


def append_next(connection: Connection, table_id: int, version: int, body: str) -> None:
    """Append the table's log row ``version`` if the table is open at ``version - 1``.

    Raises :class:`StaleVersion` or :class:`TableNotOpen` as :func:`check_next` does,
    writing nothing. On PostgreSQL one statement (:data:`_APPEND_IF_NEXT`): each move's
    commit is one round trip to the server.
    """
    if connection.dialect.name != POSTGRESQL:
        check_next(connection, table_id, version)
        append_log(connection, table_id, version, body)
        return
    parameters = {"table_id": table_id, "version": version, "body_json": body}
    try:
        cursor = _APPEND_IF_NEXT.execute(connection, parameters)
    except IntegrityError as exc:
        if not _duplicate_key(exc):
            raise  # another constraint or a trigger: the database refused the write
        raise _version_exists(table_id, version) from exc
    try:
        row = cursor.fetchone()
    finally:
        cursor.close()
    if row is None or row[0] == TableStatus.CLOSED.value:
        raise TableNotOpen(table_id)
    if not row[2]:
        logger.info(
            "stale commit of table %d refused: stored version %d, committing version %d",
            table_id,
            row[1],
            version,
        )
        raise StaleVersion(table_id, expected=version - 1, actual=row[1])


_APPEND_MANY = Prepared(
    text(
        "WITH input AS ("
        " SELECT * FROM unnest(CAST(:table_ids AS integer[]), CAST(:versions AS integer[]),"
        " CAST(:bodies AS text[])) WITH ORDINALITY AS i(table_id, version, body_json, n)),"
        " head AS ("
        f" SELECT t.id, t.status, {_HEAD_POSTGRES} AS version"
        " FROM tonk_table t WHERE t.id IN (SELECT table_id FROM input)"
        " ORDER BY t.id FOR UPDATE OF t),"
        " appended AS ("
        " INSERT INTO table_log (table_id, version, body_json)"
        " SELECT i.table_id, i.version, i.body_json FROM input i JOIN head h ON h.id = i.table_id"
        f" WHERE h.status != '{TableStatus.CLOSED.value}' AND h.version = i.version - 1"
        " RETURNING table_id)"
        " SELECT h.status, h.version, i.table_id IN (SELECT table_id FROM appended)"
        " FROM input i LEFT JOIN head h ON h.id = i.table_id ORDER BY i.n"
    )
)
"""PostgreSQL: :data:`_APPEND_IF_NEXT` for several tables (each once) in one statement; the
rows are locked in id order, so two processes appending to the same tables cannot
deadlock."""


_HEADS_SQLITE = Prepared(
    text(
        "SELECT t.id, t.status, coalesce((SELECT max(l.version) FROM table_log l"
        " WHERE l.table_id = t.id AND l.version > t.version), t.version) FROM tonk_table t"
        " WHERE t.id IN (SELECT value FROM json_each(:table_ids))"
    )
)
"""SQLite: the status and head version of several tables (ids as one JSON array: the last
live log row's version, else the snapshot's); the writer already holds the database's
write lock."""

_LOCK_POSTGRES = Prepared(
    text(
        "SELECT t.id FROM tonk_table t WHERE t.id = ANY(CAST(:table_ids AS integer[]))"
        " ORDER BY t.id FOR UPDATE OF t"
    )
)
"""PostgreSQL: lock the tables' rows until the transaction ends, in id order (two processes
locking the same tables cannot deadlock)."""

_HEADS_POSTGRES = Prepared(
    text(
        f"SELECT t.id, t.status, {_HEAD_POSTGRES} FROM tonk_table t"
        " WHERE t.id = ANY(CAST(:table_ids AS integer[]))"
    )
)
"""PostgreSQL: :data:`_HEADS_SQLITE`, read once :data:`_LOCK_POSTGRES` holds the rows."""


def heads(connection: Connection, table_ids: Sequence[int]) -> dict[int, tuple[str, int]]:
    """The status and head version of each of ``table_ids`` that exists.

    On PostgreSQL their rows are locked first, until the transaction ends, and read by a
    second statement: a lock that waited for another process's commit of one of them is
    followed by a read that sees that commit (one statement would read the log as it was
    before the wait, and a snapshot could then delete the entry it did not see).
    """
    if connection.dialect.name == POSTGRESQL:
        parameters = {"table_ids": list(table_ids)}
        _LOCK_POSTGRES.execute(connection, parameters).close()
        cursor = _HEADS_POSTGRES.execute(connection, parameters)
    else:
        cursor = _HEADS_SQLITE.execute(connection, {"table_ids": jsontext.dumps(table_ids)})
    try:
        return {row[0]: (row[1], row[2]) for row in cursor.fetchall()}
    finally:
        cursor.close()


class LogEntry(Protocol):
    """One journal entry to append: the table, the version it commits as, its JSON text."""

    @property
    def table_id(self) -> int: ...

    @property
    def version(self) -> int: ...

    @property
    def body(self) -> str: ...


def append_many(connection: Connection, entries: Sequence[LogEntry]) -> list[tuple[bool, Any]]:
    """Append ``entries`` (of distinct tables) together, each as :func:`append_next` would;
    each one's outcome as the writer reports it, ``(True, None)`` or ``(False, error)``: a
    refused entry wrote nothing and leaves the transaction usable.

    On PostgreSQL one statement (:data:`_APPEND_MANY`); on SQLite one query of the heads
    and one ``executemany`` of the accepted rows. If a statement itself fails (another
    process appended one of the versions meanwhile) it raises, and the writer runs the
    units one by one instead.
    """
    if connection.dialect.name == POSTGRESQL:
        rows = _append_many_postgres(connection, entries)
    else:
        rows = _append_many_sqlite(connection, entries)
    return [
        judge(entry.table_id, entry.version, row) for entry, row in zip(entries, rows, strict=True)
    ]


def _append_many_postgres(connection: Connection, appends: Sequence[LogEntry]) -> list[Any]:
    """``(status, head version, appended)`` per append, from :data:`_APPEND_MANY`."""
    cursor = _APPEND_MANY.execute(
        connection,
        {
            "table_ids": [append.table_id for append in appends],
            "versions": [append.version for append in appends],
            "bodies": [append.body for append in appends],
        },
    )
    try:
        return list(cursor.fetchall())
    finally:
        cursor.close()


def _append_many_sqlite(connection: Connection, appends: Sequence[LogEntry]) -> list[Any]:
    """``(status, head version, appended)`` per append: the heads read at once, then the
    rows whose version is the next one inserted with one ``executemany``."""
    found = heads(connection, [append.table_id for append in appends])
    rows: list[tuple[Any, Any, bool]] = []
    accepted: list[dict[str, Any]] = []
    for append in appends:
        status, head = found.get(append.table_id, (None, None))
        appended = follows(status, head, append.version)
        rows.append((status, head, appended))
        if appended:
            accepted.append(
                {"table_id": append.table_id, "version": append.version, "body_json": append.body}
            )
    _APPEND.executemany(connection, accepted)
    return rows


def follows(status: str | None, head: int | None, version: int) -> bool:
    """Whether a commit as ``version`` follows a table found with ``status`` and ``head``
    (both None for a table that does not exist): it is open at ``version - 1``."""
    return status not in (None, TableStatus.CLOSED) and head == version - 1


def judge(table_id: int, version: int, row: Sequence[Any]) -> tuple[bool, Any]:
    """The outcome of one table commit from its ``(status, head version, written)`` row:
    ``(True, None)``, or ``(False, error)`` for a closed or unknown table or a stale one."""
    status, head, appended = row
    if status is None or status == TableStatus.CLOSED:
        return False, TableNotOpen(table_id)
    if not appended:
        logger.info(
            "stale commit of table %d refused: stored version %d, committing version %d",
            table_id,
            head,
            version,
        )
        return False, StaleVersion(table_id, expected=version - 1, actual=head)
    return True, None


def check_next(connection: Connection, table_id: int, version: int) -> None:
    """Accept a commit as ``version`` only if the table is open at ``version - 1``."""
    stored = head_version(connection, table_id)
    if stored != version - 1:
        logger.info(
            "stale commit of table %d refused: stored version %d, committing version %d",
            table_id,
            stored,
            version,
        )
        raise StaleVersion(table_id, expected=version - 1, actual=stored)


DUPLICATE_KEY_CODES = frozenset(
    {"SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE", "23505"}
)
"""SQLite's extended result names and PostgreSQL's SQLSTATE for a key that already exists."""


def _duplicate_key(error: IntegrityError) -> bool:
    """Whether ``error`` says the row's key exists (not another constraint or a trigger)."""
    cause = error.orig
    code = getattr(cause, "sqlite_errorname", None) or getattr(cause, "sqlstate", None)
    return code in DUPLICATE_KEY_CODES


def _version_exists(table_id: int, version: int) -> StaleVersion:
    """Another commit appended ``version`` of the table first."""
    logger.info("stale commit of table %d refused: version %d exists", table_id, version)
    return StaleVersion(table_id, expected=version - 1, actual=version)


def append_log(connection: Connection, table_id: int, version: int, body: str) -> None:
    """Add the table's log row ``version`` (checked by :func:`check_next` first).

    Raises :class:`StaleVersion` if another process appended that version meanwhile.
    """
    try:
        _APPEND.execute(
            connection, {"table_id": table_id, "version": version, "body_json": body}
        ).close()
    except IntegrityError as exc:
        if not _duplicate_key(exc):
            raise  # another constraint or a trigger: the database refused the write
        raise _version_exists(table_id, version) from exc


def write_snapshot(connection: Connection, table_id: int, values: Mapping[str, Any]) -> None:
    """Replace the table's snapshot and columns with ``values``; its log rows are dropped
    (on SQLite later, see the module docstring)."""
    write_snapshots(connection, [(table_id, values)])


def write_snapshots(
    connection: Connection, snapshots: Sequence[tuple[int, Mapping[str, Any]]]
) -> None:
    """:func:`write_snapshot` of each ``(table_id, values)``: one ``executemany`` of the
    updates per set of columns written (on PostgreSQL each drops its table's log too)."""
    by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for table_id, values in snapshots:
        by_columns.setdefault(tuple(values), []).append({**values, "table_id": table_id})
    for rows in by_columns.values():
        _SNAPSHOT.executemany(connection, rows)


def close_values(reason: str) -> dict[str, Any]:
    """Column values that close a table for good."""
    return {"status": TableStatus.CLOSED.value, "close_reason": reason, "turn_deadline": None}


def close_table(connection: Connection, table_id: int, reason: str, now: float) -> bool:
    """Close an open table as it stands (one version up, log dropped); False if not open."""
    try:
        version = head_version(connection, table_id)
    except TableNotOpen:
        return False
    write_snapshot(
        connection, table_id, {**close_values(reason), "version": version + 1, "updated_at": now}
    )
    if connection.dialect.name != POSTGRESQL:
        drop_dead_log(connection, table_id)
    return True


def select_log() -> Select[*tuple[Any, ...]]:
    """The live log rows of the open tables (after their snapshots), in table then version
    order."""
    return (
        select(col(TableLogRow.table_id), col(TableLogRow.version), col(TableLogRow.body_json))
        .join(TableRow, col(TableRow.id) == col(TableLogRow.table_id))
        .where(IS_OPEN, col(TableLogRow.version) > col(TableRow.version))
        .order_by(col(TableLogRow.table_id), col(TableLogRow.version))
    )


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


def decode_table(row: Row[Any], log: Sequence[Row[Any]] = ()) -> OpenTable:
    """Parse a row of :func:`select_tables` and its rows of :func:`select_log`.

    Raises :class:`CorruptRow` if any of its JSON is unreadable or the log has a gap.
    """
    what = f"table {row.id}"
    entries = tuple(
        jsontext.loads_object(entry.body_json, f"{what} log {entry.version}") for entry in log
    )
    if [entry.version for entry in log] != list(range(row.version + 1, row.version + 1 + len(log))):
        raise CorruptRow(what, f"log rows do not follow the snapshot's version {row.version}")
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
            version=row.version + len(entries),
            turn_deadline=row.turn_deadline,
            created_at=row.created_at,
            updated_at=row.updated_at,
            log=entries,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptRow(what, f"unexpected shape ({exc!r})") from exc


def _expect(value: Any, kind: type[_T]) -> _T:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"expected {kind.__name__}, got {value!r}")
    return value
