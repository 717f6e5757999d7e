"""Where committed tables live in memory, and deadlines driven by a manual clock."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.engine.rules import build_rules
from bot.tables.errors import TableError
from bot.tables.ledger import MemoryJournal
from bot.tables.table import Seat, Table
from bot.tables.timers import SystemClock, Timers
from tests.tables.manual_clock import ManualClock


def make(channel: int) -> Table:
    return Table.open(0, 1, channel, Seat(5, "ann"), build_rules(), now=0.0)


async def test_the_memory_journal_gives_ids_one_table_per_channel_and_frees_closed_ones() -> None:
    journal = MemoryJournal()
    one = await journal.create(make(10))
    two = await journal.create(make(20))
    assert (one.table.id, two.table.id) == (1, 2)
    with pytest.raises(TableError) as taken:
        await journal.create(make(10))
    assert taken.value.reason == "channel_taken"
    one.table.close(5, manage_server=False)
    await one.commit()
    assert (await journal.create(make(10))).table.id == 3  # the channel is free again


async def test_a_memory_rollback_is_a_new_table_equal_to_the_last_commit() -> None:
    ledger = await MemoryJournal().create(make(10))
    before = ledger.table
    committed = before.to_json()
    before.join(Seat(6, "bob"), now=1.0)
    after = ledger.rollback()
    assert after is ledger.table and after is not before
    assert after.to_json() == committed and not after.is_seated(6)


async def test_timers_fire_once_the_clock_passes_the_deadline() -> None:
    clock = ManualClock(100.0)
    timers = Timers(clock)
    fired: list[str] = []
    done = asyncio.Event()

    async def fire(name: str) -> None:
        fired.append(name)
        done.set()

    timers.set("a", 150.0, lambda: fire("a"))
    timers.set("b", 130.0, lambda: fire("b"))
    timers.set("b", 160.0, lambda: fire("b2"))  # replaces the first "b"
    timers.set("c", 120.0, lambda: fire("c"))
    timers.cancel("c")
    clock.advance(49)
    await asyncio.sleep(0)
    assert fired == [] and timers.pending("a")
    clock.advance(1)
    await asyncio.wait_for(done.wait(), 1)
    assert fired == ["a"] and not timers.pending("a")
    timers.cancel_all()
    assert not timers.pending("b")


async def test_closed_timers_cancel_theirs_and_set_no_more() -> None:
    """A table's timers once it is gone: a callback running is stopped, and one still on its
    way (a panel opened as the table closed) sets nothing that would wait, holding the table,
    for a deadline."""
    clock = ManualClock(100.0)
    timers = Timers(clock)
    fired: list[str] = []

    async def fire(name: str) -> None:
        fired.append(name)

    started, never = asyncio.Event(), asyncio.Event()

    async def slow() -> None:
        started.set()
        await never.wait()  # an edit on its way when the table closes
        fired.append("slow")

    timers.set("slow", 101.0, slow)
    timers.set("a", 110.0, lambda: fire("a"))
    clock.advance(1)
    await asyncio.wait_for(started.wait(), 1)
    timers.close()
    timers.set("b", 120.0, lambda: fire("b"))
    assert not timers.pending("a") and not timers.pending("b")
    await asyncio.sleep(0)  # "a" and "slow" take their cancellation
    assert [t for t in asyncio.all_tasks() if t.get_name().startswith("timer")] == []
    clock.advance(30)
    await asyncio.sleep(0)
    assert fired == []


async def test_an_error_in_a_timer_is_logged_and_stops_no_other(
    caplog: pytest.LogCaptureFixture,
) -> None:
    timers = Timers(SystemClock())
    done = asyncio.Event()

    async def broken() -> None:
        raise RuntimeError("boom")

    async def fine() -> None:
        done.set()

    with caplog.at_level(logging.ERROR):
        timers.set("broken", 0.0, broken)
        timers.set("fine", 0.0, fine)
        await asyncio.wait_for(done.wait(), 1)
        await asyncio.sleep(0)
    assert "timer broken failed" in caplog.text
