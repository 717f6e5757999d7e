"""The message a server reads once, when it adds the bot: how to play, learn and set it up
(``bot.render.help.welcome_embed``), in the server's language, with **How to play** under
it, in its system messages channel, else the first text channel where the bot may post it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.client import command_descriptions
from bot.i18n.mentions import GROUP
from bot.render.help import welcome_embed
from cogs.group import tonk_group
from cogs.settings import guild_language
from cogs.tonk.learn import learn_button

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)


async def welcome(bot: TonkBot, guild: discord.Guild) -> None:
    """Post the welcome in ``guild``, which just added the bot; where it can post in no
    channel, it is only logged."""
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
    except discord.HTTPException as error:
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
