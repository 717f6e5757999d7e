"""The store-backed journal: a failed commit never leaves a table ahead of the database."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.engine.rules import build_rules
from bot.store import Store
from bot.tables.dealing import Shuffler
from bot.tables.stored import StoredJournal
from bot.tables.table import Table
from tests.tables.fixtures import IDS, seat


def new_table(table_id: int) -> Table:
    shuffler = Shuffler(random.Random(0))
    return Table.open(table_id, 1, 10, seat("ann"), build_rules(), now=0.0, shuffler=shuffler)


async def test_a_failed_commit_puts_the_table_back_as_it_was_last_committed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'tonk.db'}")
    try:
        journal = StoredJournal(store)
        assert await journal.load() == ([], [])
        table = new_table(0)
        ledger = await journal.create(table)
        table.join(seat("bob"), now=1.0)
        await ledger.commit()
        committed = table.to_json()

        async def broken(*args: object, **kwargs: object) -> None:
            raise RuntimeError("disk full")

        monkeypatch.setattr(store, "save_table", broken)
        table.join(seat("cat"), now=2.0)
        with pytest.raises(RuntimeError):
            await ledger.commit()
        restored = ledger.rollback()
        assert restored is ledger.table and restored is not table  # a new object
        assert restored.to_json() == committed and not restored.is_seated(IDS["cat"])
    finally:
        await store.close()
