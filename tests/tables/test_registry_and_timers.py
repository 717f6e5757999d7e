"""Where tables live, and deadlines driven by a manual clock."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.engine.rules import build_rules
from bot.tables.errors import TableError
from bot.tables.registry import MemoryRegistry
from bot.tables.table import Seat, Table
from bot.tables.timers import SystemClock, Timers
from tests.tables.manual_clock import ManualClock


def make(channel: int):  # type: ignore[no-untyped-def]
    return lambda table_id: Table.open(table_id, 1, channel, Seat(5, "ann"), build_rules(), now=0.0)


async def test_tables_by_id_and_channel_one_per_channel_and_closed_ones_forgotten() -> None:
    registry = MemoryRegistry()
    one = await registry.create(make(10))
    two = await registry.create(make(20))
    assert (one.id, two.id) == (1, 2) and registry.in_channel(20) is two
    with pytest.raises(TableError) as taken:
        await registry.create(make(10))
    assert taken.value.key == "channel_taken"
    assert registry.lock(1) is registry.lock(1) and registry.lock(1) is not registry.lock(2)
    one.close(5, manage_server=False)
    await registry.save(one)
    assert registry.get(1) is None and registry.in_channel(10) is None
    assert registry.open_tables() == [two]


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
