"""Where tables live between interactions: a small interface, kept in memory for now.

``TableRegistry`` is what the Discord layer uses. ``MemoryRegistry`` keeps tables in a dict;
the persistence task backs the same interface with ``bot.store`` (``save`` commits the
table's new version before the caller replies). Each table has one ``asyncio.Lock``: every
change to a table happens while holding it, so a double click acts once.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Protocol

from bot.tables.errors import TableError
from bot.tables.table import CLOSED, Table


class TableRegistry(Protocol):
    """Open tables by id and by channel, with one lock each."""

    async def create(self, make: Callable[[int], Table]) -> Table:
        """Store the table ``make(new_id)`` returns; TableError when its channel has one."""
        ...

    def get(self, table_id: int) -> Table | None:
        """The open table with this id."""
        ...

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table in this channel."""
        ...

    def open_tables(self) -> list[Table]:
        """Every open table."""
        ...

    def lock(self, table_id: int) -> asyncio.Lock:
        """The lock to hold while changing the table."""
        ...

    async def save(self, table: Table) -> None:
        """Commit the table's current version (a closed table is forgotten)."""
        ...


class OpenTables:
    """The open tables in memory, indexed by id and by channel, with one lock each.

    Every registry keeps the same ``Table`` object for an open table (messages and timers
    hold it by reference); subclasses say how tables are created and saved.
    """

    def __init__(self) -> None:
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    def open_tables(self) -> list[Table]:
        return list(self._tables.values())

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def _claim_channel(self, table: Table) -> None:
        """Refuse a second table in a channel (TableError ``channel_taken``)."""
        if table.channel_id in self._by_channel:
            raise TableError("channel_taken")

    def _keep(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def _forget(self, table: Table) -> None:
        self._tables.pop(table.id, None)
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]
        self._locks.pop(table.id, None)


class MemoryRegistry(OpenTables):
    """``TableRegistry`` in a dict: tables are lost when the process ends."""

    def __init__(self) -> None:
        super().__init__()
        self._ids = itertools.count(1)

    async def create(self, make: Callable[[int], Table]) -> Table:
        table = make(next(self._ids))
        self._claim_channel(table)
        self._keep(table)
        return table

    async def save(self, table: Table) -> None:
        if table.status == CLOSED:
            self._forget(table)
