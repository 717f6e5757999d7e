"""Running discord.py against the fake: patching its URLs, serving the fake, running a bot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .errors import FakeDiscordError, FakeDiscordTimeout
from .fake import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextmanager
def patch_discord(fake: FakeDiscord) -> Iterator[None]:
    """Point discord.py's REST base URL and default gateway at ``fake``; restore them on exit."""
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = fake.api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


@asynccontextmanager
async def open_fake_discord(
    *, bot_name: str = "FakeBot", timeout: float = 5.0, shard_count: int = 1
) -> AsyncIterator[FakeDiscord]:
    """A started :class:`FakeDiscord` (recommending ``shard_count`` shards) with discord.py
    patched to use it."""
    fake = FakeDiscord(bot_name=bot_name, timeout=timeout, shard_count=shard_count)
    await fake.start()
    try:
        with patch_discord(fake):
            yield fake
    finally:
        await fake.close()


@asynccontextmanager
async def run_bot(
    fake: FakeDiscord,
    bot: ClientT,
    *,
    guild_ready_timeout: float = 0.05,
    ready_timeout: float | None = None,
) -> AsyncIterator[ClientT]:
    """Log ``bot`` in to ``fake``, connect it and wait for READY and its ``on_ready`` handlers.

    ``guild_ready_timeout`` (the Client option: how long discord.py waits for more
    GUILD_CREATEs before READY) is lowered so start-up is fast. On exit the bot is closed and
    its connection task awaited.
    """
    timeout = fake.timeout if ready_timeout is None else ready_timeout
    bot._connection.guild_ready_timeout = guild_ready_timeout
    connect: asyncio.Task[None] | None = None
    try:
        await bot.login(fake.token)
        connect = asyncio.create_task(bot.connect(), name="fakediscord: bot.connect")
        ready = asyncio.create_task(bot.wait_until_ready(), name="fakediscord: wait_until_ready")
        done, _ = await asyncio.wait(
            {ready, connect}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            if connect in done:
                connect.result()
                raise FakeDiscordError("bot.connect() returned before the bot was ready")
            raise FakeDiscordTimeout(f"the bot was not ready after {timeout}s{fake.error_report()}")
        await fake.settle(timeout, task_prefixes=("discord.py: on_ready",))
        yield bot
    finally:
        await bot.close()
        if connect is not None:
            await connect
