"""The Discord bot's process: log in, serve until stopped, and say in one line why it could
not (a rejected token, Discord out of reach); the token itself is never printed or logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import aiohttp
import discord

from bot.client import TonkBot
from bot.config import Settings, Timing
from bot.dburl import masked
from bot.i18n import text
from bot.store.errors import DatabaseUnreachable

EXIT_LOGIN = 1
T = TypeVar("T")

log = logging.getLogger(__name__)

OPEN_FILES_WANTED = 10_240
"""The open-file limit the bot raises its own soft limit to, within the hard limit (10,240
is also the most macOS allows a process to ask for)."""


def run_bot(settings: Settings) -> int:
    """Serve with ``settings`` (already checked) until stopped; the exit status."""
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    raise_open_file_limit()
    try:
        run_loop(serve(settings))
    except discord.LoginFailure:
        print(text("run.rejected_token"), file=sys.stderr)
        return EXIT_LOGIN
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as error:
        print(text("run.unreachable", error=type(error).__name__), file=sys.stderr)
        return EXIT_LOGIN
    except DatabaseUnreachable as error:
        url = masked(settings.database_url)
        print(text("run.database_unreachable", url=url, error=error.detail), file=sys.stderr)
        return EXIT_LOGIN
    except KeyboardInterrupt:
        pass
    return 0


async def serve(settings: Settings, timing: Timing | None = None) -> None:
    """Run the bot until it is stopped (``timing``: the defaults, unless a benchmark says)."""
    async with TonkBot(
        dev_guild_id=settings.dev_guild_id,
        timing=timing,
        database_url=settings.database_url,
        shards=settings.shards,
    ) as bot:
        close_on_sigterm(bot)
        await bot.login(settings.token)
        tune_gc()
        await bot.connect()


def close_on_sigterm(bot: TonkBot) -> None:
    """SIGTERM (what a service manager or ``docker stop`` sends) closes the bot cleanly, as
    Ctrl-C does: the tables keep what their players' DMs show and the database is closed,
    where the signal's default would end the process at once. Not on Windows, which has
    no such signal handlers."""
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()  # the loop keeps only a weak reference

    def close() -> None:
        task = loop.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    with contextlib.suppress(NotImplementedError):
        loop.add_signal_handler(signal.SIGTERM, close)


def raise_open_file_limit() -> None:
    """Raise the process's soft limit of open files towards :data:`OPEN_FILES_WANTED`, as far
    as the hard limit allows; never lower it.

    Every request in flight to Discord holds a socket of its own (discord.py's HTTP client
    puts no cap on its connections), and the database holds files and sockets too: at 1,000
    busy tables of ``bench/bot_load.py`` the bot had up to 794 sockets open at once. Many
    hosts start a service with a soft limit of 1,024 (systemd's default) under a far higher
    hard limit, and leave it to a program that needs more to raise it, as this does: past
    the soft limit every new request would fail with "Too many open files". Nothing to do
    where there are no such limits (Windows).
    """
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES_WANTED)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (OSError, ValueError) as error:
            log.warning("open files: the limit stays at %d (raising it failed: %s)", soft, error)
            return
        log.info("open files: the soft limit is raised from %d to %d", soft, wanted)


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` to the end on uvloop's event loop where uvloop is installed (it is a
    dependency everywhere but Windows), else on asyncio's own.

    uvloop's loop and transports are written in C: at 100 busy tables of
    ``bench/bot_load.py`` the bot spent about 15% less CPU per interaction on it.
    """
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop, or None (asyncio's default) where uvloop is not installed."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


YOUNG_COLLECTION_THRESHOLD = 10_000
"""Allocations (less deallocations) of tracked objects between two young collections:
CPython's default of 700 is tuned for scripts, not for a server answering hundreds of
interactions a second (see :func:`tune_gc`)."""


def tune_gc() -> None:
    """Shorter and fewer garbage collections for a long-running bot.

    Every interaction leaves short-lived reference cycles behind (discord.py's interaction,
    view and message objects), so the collector runs often, and its full collections walked
    every object made at start-up (modules, commands, discord.py's tables). Freezing those
    objects once the bot is set up shortened the longest pauses (about 150 ms to 100 ms) and
    the p99 latency of ``bench/bot_load.py`` at 100 tables (about 60-90 ms to 30-60 ms).

    With the default young threshold (700) a busy bot runs a young collection every few
    hundred objects: the objects of the interactions in flight, alive for a second or so,
    survive two of them and reach the oldest generation, and once they are a quarter of it
    CPython collects it whole. At 1,000 tables of ``bench/bot_load.py`` that was a full
    collection about every second, each 0.2-0.44 s long and freeing nothing (every one of
    those objects dies by its reference count): half the bot's CPU, and the stalls that put
    a few answers past Discord's three seconds. With :data:`YOUNG_COLLECTION_THRESHOLD` the
    objects of an interaction die before a young collection sees them twice: one full
    collection in a 30 s run, CPU per interaction 2.27 ms to 1.14-1.19 ms, 439 to 833-851
    interactions a second, p50 990 ms to 55-87 ms, none answered after 3 s, the resident set
    no larger.
    """
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, older, oldest)
