"""Bringing tables back after a restart: messages, timers, and a word in each channel.

The journal (``TonkBot.setup_hook``) read every open table as last committed; here each one
gets its runtime at once and, when the shard that carries its server is ready, its table
message brought up to date, its timers armed from the stored deadlines, its computer players
going again, and a short "back" line. A process that connects several shards identifies them
one after another (Discord allows one every 5 seconds), so each shard's tables go on as soon
as that shard has received its servers, not once the last one has. A table whose stored state
could not be read is closed, and its channel is told so: no table disappears without a word.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from bot.client import DISCORD_FAILURES
from bot.i18n import DEFAULT_LOCALE, text
from bot.i18n.mentions import command_mentions
from bot.shards import shard_of
from bot.store import BrokenTable
from cogs.settings import chosen_language

if TYPE_CHECKING:
    from bot.client import TonkBot
    from cogs.tonk.service import TableService

log = logging.getLogger(__name__)

BROKEN_REASON = "unreadable after restart"

T = TypeVar("T")


def restore_tables(bot: TonkBot, service: TableService) -> None:
    """Run the tables the journal loaded (a click finds its table from the first event on);
    each resumes when its shard is ready (:func:`resume_shard`)."""
    restored, bot.restored = bot.restored, []
    service.resuming = [service.tables.adopt(ledger) for ledger in restored]


async def resume_shard(bot: TonkBot, service: TableService, shard: int) -> None:
    """Once ``shard`` has received its servers, the tables of those servers whose channel or
    server went while the bot was away close; each other restored table of them says it is
    back and catches up (messages, DMs, timers, computer players), and each broken one is
    closed with a word. Not before: what the messages say depends on what the bot knows of
    the table's server (a DM names the server and channel, a thread table's announcement is
    in the thread's parent channel, a server's language may be its Discord locale). The
    commands a notice names were synced before the first shard connected, so they are
    links."""
    count = bot.shard_count or 1

    def on_shard(guild_id: int) -> bool:
        return shard_of(guild_id, count) == shard

    await service.close_vanished(on_shard)
    runtimes, service.resuming = _split(service.resuming, lambda r: on_shard(r.table.guild_id))
    for runtime in runtimes:
        if service.tables.get(runtime.table.id) is not runtime:
            continue  # it closed meanwhile
        runtime.screens.notice(text("scoreboard.restore.back", runtime.table.locale))
        runtime.after_change()
    broken, bot.broken_tables = _split(bot.broken_tables, lambda lost: on_shard(lost.guild_id))
    for lost in broken:
        await _close_broken(bot, lost)


def _split(items: Sequence[T], chosen: Callable[[T], bool]) -> tuple[list[T], list[T]]:
    """``items`` that are ``chosen``, and the others, each in order."""
    return [item for item in items if chosen(item)], [item for item in items if not chosen(item)]


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
    except DISCORD_FAILURES:
        log.warning("could not tell channel %d that table %d is lost", table.channel_id, table.id)
    if bot.store is not None:
        await bot.store.close_table(table.id, BROKEN_REASON)
