"""Reads the database cannot answer: ``ReadUnavailable``, on each backend, with the real
pool of reading connections (the database server going down is tested end to end in
``tests/cogs/test_faults.py``)."""

from __future__ import annotations

from contextlib import AsyncExitStack

import pytest

from bot.store import ReadUnavailable, Store
from bot.store.connection import create_engine_for

READERS = 2
"""Reading connections of the store under test (one pooled, one overflow)."""


async def test_a_read_that_finds_every_reader_busy_past_the_wait_is_unavailable(
    store: Store, store_url: str
) -> None:
    """Every reading connection is held by a read that does not end: the next read waits
    for one for the pool's time, then fails as ``ReadUnavailable``, naming the wait; once a
    connection comes back, the same read answers."""
    engine = create_engine_for(store_url, pool_size=1, max_overflow=READERS - 1, pool_timeout=0.2)
    readers = Store(engine, store.writer)
    try:
        async with AsyncExitStack() as held:
            for _ in range(READERS):
                await held.enter_async_context(engine.connect())
            with pytest.raises(ReadUnavailable, match="timed out"):
                await readers.get_guild_settings(1)
        assert (await readers.get_guild_settings(1)).guild_id == 1
    finally:
        await engine.dispose()
