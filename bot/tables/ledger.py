"""Where an open table's committed state lives: a ``Journal`` for the process, a ``Ledger``
per table.

``Ledger.table`` is the table in memory. ``commit`` makes its current state durable (or
raises, and then the committed state is what it was); ``rollback`` replaces ``table`` by a
new object equal to the last committed state, so a change that could not be committed is
undone without touching the object the change was made on. A closed table's ledger is done
with after its last commit.

``MemoryJournal`` keeps committed states in memory only (tables are lost when the process
ends); ``bot.tables.journal.StoreJournal`` keeps them in the database.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from bot.store import BrokenTable
from bot.tables.errors import TableError
from bot.tables.table import CLOSED, Table


class Ledger(Protocol):
    """One open table's committed state."""

    table: Table

    async def commit(self) -> None:
        """Make ``table``'s current state the committed one; raises when it could not be."""
        ...

    def rollback(self) -> Table:
        """``table`` replaced by a new object equal to the last committed state."""
        ...


class Journal(Protocol):
    """Every open table's ledger, and new tables."""

    async def load(self) -> tuple[Sequence[Ledger], list[BrokenTable]]:
        """The open tables (as last committed), and those that could not be read."""
        ...

    async def create(self, table: Table) -> Ledger:
        """Open ``table`` (its id assigned here) and commit it; ``TableError`` with
        ``channel_taken`` when its channel has an open table."""
        ...

    async def closed(self, table_id: int) -> Table | None:
        """The table ``table_id`` as it closed, if the journal still has it (None if it is
        open or unknown)."""
        ...


class MemoryLedger:
    """``Ledger`` whose committed state is the table's JSON, in memory."""

    def __init__(self, table: Table, release: Callable[[Table], None]) -> None:
        self.table = table
        self._committed: dict[str, Any] = table.to_json()
        self._release = release

    async def commit(self) -> None:
        self._committed = self.table.to_json()
        if self.table.status == CLOSED:
            self._release(self.table)

    def rollback(self) -> Table:
        self.table = Table.from_json(self._committed, self.table.shuffler)
        return self.table


class MemoryJournal:
    """``Journal`` in memory: ids count from 1, one open table per channel; of the closed
    tables, it keeps each channel's last one."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self._channels: set[int] = set()
        self._last_closed: dict[int, dict[str, Any]] = {}

    async def load(self) -> tuple[Sequence[Ledger], list[BrokenTable]]:
        return [], []

    async def create(self, table: Table) -> Ledger:
        if table.channel_id in self._channels:
            raise TableError("channel_taken")
        table.id = next(self._ids)
        self._channels.add(table.channel_id)
        return MemoryLedger(table, self._release)

    async def closed(self, table_id: int) -> Table | None:
        for state in self._last_closed.values():
            if state["id"] == table_id:
                return Table.from_json(state)
        return None

    def _release(self, table: Table) -> None:
        self._channels.discard(table.channel_id)
        self._last_closed[table.channel_id] = table.to_json()
