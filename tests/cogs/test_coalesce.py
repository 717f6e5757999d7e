"""Coalesced edits: one at a time per key, at most one per interval, the latest wins."""

from __future__ import annotations

import asyncio
import logging

import pytest

from cogs.tonk.coalesce import Coalescer


async def test_a_burst_of_requests_runs_once_with_the_latest_job() -> None:
    coalescer = Coalescer(interval=0.05)
    runs: list[int] = []

    def job(n: int):  # type: ignore[no-untyped-def]
        async def run() -> None:
            runs.append(n)

        return run

    for n in range(10):
        coalescer.request("table", job(n))
    coalescer.request("other", job(100))
    await coalescer.drain()
    assert runs == [9, 100] and not coalescer.busy()


async def test_runs_of_one_key_are_spaced_by_the_interval() -> None:
    coalescer = Coalescer(interval=0.05)
    loop = asyncio.get_running_loop()
    times: list[float] = []

    async def job() -> None:
        times.append(loop.time())

    coalescer.request("k", job)
    await asyncio.sleep(0.01)
    coalescer.request("k", job)
    await coalescer.drain()
    assert len(times) == 2 and times[1] - times[0] >= 0.045


async def test_a_key_requested_with_its_own_interval_is_spaced_by_it() -> None:
    coalescer = Coalescer(interval=0.01)
    loop = asyncio.get_running_loop()
    times: list[float] = []

    async def job() -> None:
        times.append(loop.time())

    coalescer.request("table", job, interval=0.08)
    await asyncio.sleep(0.01)
    coalescer.request("table", job, interval=0.08)
    await coalescer.drain()
    assert len(times) == 2 and times[1] - times[0] >= 0.075


async def test_a_keys_interval_lasts_only_while_it_has_work() -> None:
    """Once a key's jobs have all run, nothing of it is kept: a later request without an
    interval is spaced by the default one (the coalescer does not grow with every table
    and member it ever served)."""
    coalescer = Coalescer(interval=0.01)
    loop = asyncio.get_running_loop()
    times: list[float] = []

    async def job() -> None:
        times.append(loop.time())

    coalescer.request("table", job, interval=5.0)
    await asyncio.sleep(0)  # the first run starts; the key then waits out its interval
    coalescer.cancel()
    await asyncio.sleep(0)
    assert not coalescer.busy()
    coalescer.request("table", job)
    await asyncio.sleep(0.005)
    coalescer.request("table", job)
    await asyncio.wait_for(coalescer.drain(), 1.0)
    assert len(times) == 3 and times[2] - times[1] < 1.0


async def test_a_failing_job_is_logged_and_the_next_one_runs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    coalescer = Coalescer(interval=0.0)
    ran = asyncio.Event()

    async def broken() -> None:
        raise RuntimeError("edit failed")

    async def fine() -> None:
        ran.set()

    with caplog.at_level(logging.ERROR):
        coalescer.request("k", broken)
        await coalescer.drain()
        coalescer.request("k", fine)
        await coalescer.drain()
    assert ran.is_set() and "update k failed" in caplog.text


async def test_a_closed_coalescer_drops_its_jobs_and_takes_no_more() -> None:
    """At shutdown: what waits is dropped, and nothing asked afterwards runs on a closed
    connection to Discord."""
    coalescer = Coalescer(interval=5.0)
    ran: list[str] = []

    async def job(name: str) -> None:
        ran.append(name)

    coalescer.request("table", lambda: job("first"))
    await asyncio.sleep(0)  # runs, then waits out its interval
    coalescer.request("table", lambda: job("waiting"))
    coalescer.close()
    coalescer.request("dm", lambda: job("late"))
    await asyncio.sleep(0)
    assert ran == ["first"] and not coalescer.busy()
