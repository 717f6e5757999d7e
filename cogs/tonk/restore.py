"""Bringing tables back after a restart: messages, timers, and a word in each channel.

The journal (``TonkBot.setup_hook``) read every open table as last committed; here each one
gets its runtime at once and, when the bot has received its servers, its table message
brought up to date, its timers armed from the stored deadlines, its computer players going
again, and a short "back" line. A table whose stored state could not be read is closed, and
its channel is told so: no table disappears without a word.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import DEFAULT_LOCALE, text
from bot.i18n.mentions import command_mentions
from bot.store import BrokenTable
from cogs.settings import chosen_language

if TYPE_CHECKING:
    from bot.client import TonkBot
    from cogs.tonk.runtime import TableRuntime
    from cogs.tonk.service import TableService

log = logging.getLogger(__name__)

BROKEN_REASON = "unreadable after restart"


async def restore_tables(bot: TonkBot, service: TableService) -> None:
    """Run the tables the journal loaded (a click finds its table from the first event on),
    and resume them once the bot is ready."""
    restored, bot.restored = bot.restored, []
    runtimes = [service.tables.adopt(ledger) for ledger in restored]
    service.tables.spawn(_resume(bot, service, runtimes))


async def _resume(bot: TonkBot, service: TableService, runtimes: list[TableRuntime]) -> None:
    """Once the bot has received its servers, the tables whose channel or server went while
    it was away close; each other restored table says it is back and catches up (messages,
    DMs, timers, computer players), and each broken one is closed with a word. Not before:
    what the messages say depends on what the bot knows of its servers (a DM names the
    server and channel, a thread table's announcement is in the thread's parent channel, a
    server's language may be its Discord locale), and the commands a notice names are
    synced by then, so they are links."""
    await bot.wait_until_ready()
    await service.close_vanished()
    for runtime in runtimes:
        if service.tables.get(runtime.table.id) is not runtime:
            continue  # it closed meanwhile
        runtime.screens.notice(text("scoreboard.restore.back", runtime.table.locale))
        runtime.after_change()
    await close_broken_tables(bot)


async def close_broken_tables(bot: TonkBot) -> None:
    """Close the tables the journal could not read, telling each channel."""
    broken, bot.broken_tables = bot.broken_tables, []
    for lost in broken:
        await _close_broken(bot, lost)


async def _close_broken(bot: TonkBot, table: BrokenTable) -> None:
    """Tell the channel, in the server's language, that its table could not be restored,
    then close it for good."""
    guild = bot.get_guild(table.guild_id)
    locale = await chosen_language(bot, table.guild_id) or str(
        guild.preferred_locale if guild is not None else DEFAULT_LOCALE
    )
    try:
        channel = bot.get_partial_messageable(table.channel_id)
        mentions = command_mentions(bot.command_id)
        await channel.send(text("scoreboard.restore.broken", locale, **mentions))
    except discord.HTTPException:
        log.warning("could not tell channel %d that table %d is lost", table.channel_id, table.id)
    if bot.store is not None:
        await bot.store.close_table(table.id, BROKEN_REASON)
