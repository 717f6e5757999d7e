"""What differs between the two backends' SQL: the ``INSERT … ON CONFLICT`` construct and the
two-argument maximum. Everything else in ``bot.store.sql`` is the same Core statement on both."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.expression import TableClause

POSTGRESQL = "postgresql"
"""SQLAlchemy's name of the PostgreSQL dialect (``Dialect.name``)."""


def upsert(dialect_name: str, table: type[Any] | TableClause) -> Any:
    """``INSERT INTO table`` of the dialect, which has ``on_conflict_do_nothing`` and
    ``on_conflict_do_update`` (same arguments on both backends)."""
    if dialect_name == POSTGRESQL:
        return postgresql.insert(table)
    return sqlite.insert(table)


def greatest(dialect_name: str, a: Any, b: Any) -> ColumnElement[Any]:
    """The larger of two values: ``greatest`` on PostgreSQL, scalar ``max`` on SQLite."""
    if dialect_name == POSTGRESQL:
        return func.greatest(a, b)
    return func.max(a, b)
