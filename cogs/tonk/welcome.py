"""The message a server reads once each time it adds the bot: how to play, learn and set it
up (``bot.render.help.welcome_embed``), in the server's language, with **How to play** under
it, in its system messages channel, else the first text channel where the bot may post it.

A server that adds the bot while it runs is welcomed at once; one that adds it while the
bot is not running, when the bot starts (or, if Discord says then that the server is
unavailable, in an outage, when it comes back): with a database, the bot keeps which servers it
welcomed, for which join (``Store.claim_welcome``), so none is welcomed twice for one join,
by one process or several. Without a database, only a server that adds the bot while it
runs is welcomed."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

from bot.client import DISCORD_FAILURES, command_descriptions
from bot.i18n.mentions import GROUP
from bot.render.help import welcome_embed
from bot.store import StoreError
from cogs.group import tonk_group
from cogs.settings import guild_language
from cogs.tonk.learn import learn_button

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)


async def welcome(bot: TonkBot, guild: discord.Guild) -> None:
    """Welcome ``guild``, which just added the bot (if the database cannot say whether it
    was welcomed for this join, it is welcomed anyway)."""
    joined_at = _joined_at(guild) or time.time()
    try:
        claimed = bot.store is None or await bot.store.claim_welcome(guild.id, joined_at)
    except StoreError as error:
        log.warning("server %d: could not keep its welcome: %s", guild.id, error)
        claimed = True
    if claimed:
        await _post(bot, guild)


async def welcome_missed(bot: TonkBot, guilds: Iterable[discord.Guild]) -> None:
    """Welcome those of ``guilds`` (a shard's, as it connects) that added the bot while it
    was not running; tried again at the next start if the database is unavailable."""
    if bot.store is None:
        return
    joined = {guild.id: at for guild in guilds if (at := _joined_at(guild)) is not None}
    try:
        missed = await bot.store.unwelcomed(joined)
        for guild_id in missed:
            guild = bot.get_guild(guild_id)
            if guild is not None and await bot.store.claim_welcome(guild_id, joined[guild_id]):
                log.info("server %d added the bot while it was away: welcomed now", guild_id)
                await _post(bot, guild)
    except StoreError as error:
        log.warning("could not welcome the servers added while the bot was away: %s", error)


def _joined_at(guild: discord.Guild) -> float | None:
    """When the bot joined ``guild`` (Discord's time, in seconds), if Discord said."""
    me = guild.me
    return None if me is None or me.joined_at is None else me.joined_at.timestamp()


async def _post(bot: TonkBot, guild: discord.Guild) -> None:
    """Post the welcome in ``guild``; where it can post in no channel, it is only logged."""
    channel = _where(guild)
    if channel is None:
        log.info("server %d added the bot, which can post in none of its channels", guild.id)
        return
    group = tonk_group(bot)
    described = {} if group is None else command_descriptions(group)
    locale = await guild_language(bot, guild)
    try:
        embed = welcome_embed(GROUP, described, bot.command_id, locale)
        await channel.send(embed=embed, view=learn_button(locale))
    except DISCORD_FAILURES as error:
        log.warning("could not welcome server %d in #%s: %s", guild.id, channel.name, error)


def _where(guild: discord.Guild) -> discord.TextChannel | None:
    """The system messages channel, else the first text channel, where the bot may post an
    embed."""
    ordered = sorted(guild.text_channels, key=lambda channel: channel.position)
    candidates = [guild.system_channel, *ordered]
    return next((c for c in candidates if c is not None and _may_post(c, guild.me)), None)


def _may_post(channel: discord.TextChannel, me: discord.Member) -> bool:
    allowed = channel.permissions_for(me)
    return allowed.view_channel and allowed.send_messages and allowed.embed_links
