"""``Prepared``: a SQLAlchemy Core statement compiled once, run straight on the DB-API cursor.

The writer runs a few statements on every move and every finished hand. SQLAlchemy's
execution machinery (result objects, per-call compiled-cache lookups, events) costs 20 to 200
microseconds a statement there, ten times what SQLite takes. A ``Prepared`` statement keeps
SQLAlchemy Core as the one definition of the SQL, compiles it once per dialect and set of
parameter names, and hands the positional parameters to the DB-API cursor.

Limits, checked by the tests of the statements that use it: positional paramstyles (SQLite's
``qmark``, asyncpg's ``numeric_dollar``), no expanding ``IN`` parameters, and values that the
driver takes as they are (no SQLAlchemy type processors run). Driver errors are wrapped as
SQLAlchemy's (``IntegrityError``, ``OperationalError``...), as ``Connection.execute`` would.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, cast

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement

_Key = tuple[str, tuple[str, ...]]
_Compiled = tuple[str, Callable[[Mapping[str, Any]], tuple[Any, ...]], dict[str, Any]]


class Prepared:
    """One Core statement, compiled per (dialect, parameter names) on first use.

    The statement is given as it is, or as a function of the dialect's name for the few
    that are spelled differently per backend (see ``bot.store.sql.dialect``).
    """

    def __init__(self, statement: ClauseElement | Callable[[str], ClauseElement]) -> None:
        """Wrap ``statement``; nothing is built or compiled until it runs."""
        self._statement = statement
        self._compiled: dict[_Key, _Compiled] = {}

    def execute(self, connection: Connection, parameters: Mapping[str, Any]) -> Any:
        """Run the statement with ``parameters``; return the DB-API cursor (to fetch from)."""
        sql, arguments, fixed = self._compile(connection, tuple(parameters))
        values = {**fixed, **parameters} if fixed else parameters
        return self._run(connection, sql, [arguments(values)], many=False)

    def executemany(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        """Run the statement once per row (every row has the first row's parameter names)."""
        if not rows:
            return
        sql, arguments, fixed = self._compile(connection, tuple(rows[0]))
        if fixed:
            rows = [{**fixed, **row} for row in rows]
        self._run(connection, sql, [arguments(row) for row in rows], many=True)

    def _compile(self, connection: Connection, names: tuple[str, ...]) -> _Compiled:
        key = (connection.dialect.name, names)
        found = self._compiled.get(key)
        if found is None:
            statement = self._statement
            if not isinstance(statement, ClauseElement):
                statement = statement(connection.dialect.name)
            compiled = cast(
                SQLCompiler,
                statement.compile(dialect=connection.dialect, column_keys=list(names)),
            )
            fixed = {
                name: bind.effective_value
                for name, bind in compiled.binds.items()
                if name not in names
            }
            found = (compiled.string, _positional(tuple(compiled.positiontup or ())), fixed)
            self._compiled[key] = found
        return found

    @staticmethod
    def _run(connection: Connection, sql: str, arguments: list[tuple[Any, ...]], many: bool) -> Any:
        dbapi = connection.dialect.loaded_dbapi
        cursor = connection.connection.cursor()
        try:
            if many:
                cursor.executemany(sql, arguments)
            else:
                cursor.execute(sql, arguments[0])
        except dbapi.Error as error:
            cursor.close()
            raise DBAPIError.instance(sql, arguments, error, dbapi.Error) from error
        return cursor


def _positional(order: tuple[str, ...]) -> Callable[[Mapping[str, Any]], tuple[Any, ...]]:
    """A function of the parameters that returns their values in ``order`` (a tuple even
    for one name or none)."""
    if len(order) > 1:
        return cast(Callable[[Mapping[str, Any]], tuple[Any, ...]], itemgetter(*order))
    if order:
        name = order[0]
        return lambda values: (values[name],)
    return lambda _values: ()
