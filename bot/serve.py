"""The Discord bot's process: log in, serve until stopped, and say in one line why it could
not (a rejected token, Discord out of reach); the token itself is never printed or logged.
"""

from __future__ import annotations

import asyncio
import gc
import logging
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


def run_bot(settings: Settings) -> int:
    """Serve with ``settings`` (already checked) until stopped; the exit status."""
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
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
        await bot.login(settings.token)
        tune_gc()
        await bot.connect()


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


def tune_gc() -> None:
    """Shorter garbage collections for a long-running bot.

    Every interaction leaves short-lived reference cycles behind (discord.py's interaction,
    view and message objects), so the collector runs often, and its full collections walked
    every object made at start-up (modules, commands, discord.py's tables). Freezing those
    objects once the bot is set up shortened the longest pauses (about 150 ms to 100 ms) and
    the p99 latency of ``bench/bot_load.py`` at 100 tables (about 60-90 ms to 30-60 ms).
    """
    gc.collect()
    gc.freeze()
