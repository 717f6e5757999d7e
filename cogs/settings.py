"""A server's ``/tonk config`` as new tables use it, checked each time it is read.

A stored value that is no longer valid (a preset or option that does not exist, a value out
of range, an unreadable row) never breaks ``/tonk new``: the default is used instead, and the
problem is named so that the managers can be told.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.client import server_locale
from bot.engine.melds import most_players
from bot.engine.rules import MIN_PLAYERS, RulesError, build_rules, preset_rules
from bot.i18n import language, text
from bot.i18n.bounds import quote
from bot.i18n.mentions import command_mentions
from bot.store import CorruptRow, GuildConfig, StoreError
from bot.tables.errors import TableError
from bot.tables.table import DEFAULT_SEATS, DEFAULT_TURN_TIMEOUT, check_stake
from cogs.inputs import MAX_TIMEOUT, MIN_TIMEOUT

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)
DEFAULT_PRESET = "standard"
DEFAULT_STAKE = 1


@dataclass(frozen=True, slots=True)
class StoredProblem:
    """A stored setting that is not valid any more: which one, and what was stored (no
    setting: the stored row could not be read at all)."""

    setting: str | None = None
    stored: object = None

    def message(self, locale: str, command_id: int | None = None) -> str:
        """What is wrong and what to do, in ``locale``; with ``command_id`` (the id Discord
        gave ``/tonk``) the command to use is a clickable mention."""
        mentions = command_mentions(command_id)
        if self.setting is None:
            return text("scoreboard.notice.unreadable", locale, **mentions)
        return text(
            "scoreboard.notice.bad_stored",
            locale,
            setting=self.setting,
            stored=quote(self.stored),
            **mentions,
        )


@dataclass(frozen=True, slots=True)
class NewTableDefaults:
    """The server's defaults for a new table, whether the channel may have one, and the
    stored settings that were set aside."""

    preset: str = DEFAULT_PRESET
    stake: int = DEFAULT_STAKE
    turn_timeout: float | None = DEFAULT_TURN_TIMEOUT
    allowed: bool = True
    options: Mapping[str, Any] = field(default_factory=dict)
    problems: tuple[StoredProblem, ...] = ()
    language: str = ""
    """The server's chosen language (``/tonk config language``); empty: none chosen."""
    announce_role: int | None = None
    """The role a new table mentions when it opens (``/tonk config announce``)."""
    thread: bool = False
    """Whether the table opens in a new thread of the channel: the server's choice
    (``/tonk config set threads``) unless the command made its own."""
    seats: int = DEFAULT_SEATS
    """How many players a new table seats (``/tonk config set seats``)."""

    def seats_for(self, preset: str) -> int:
        """``seats``, lowered to as many as ``preset`` deals to with the server's house
        rules (an unknown preset, or rules in conflict, is said when the table opens)."""
        try:
            return min(self.seats, most_players(build_rules(preset, self.options)))
        except RulesError:
            return self.seats


def checked_defaults(
    config: GuildConfig, channel_id: int, parent_id: int | None = None
) -> NewTableDefaults:
    """``config`` with every invalid value replaced by the built-in default, for a table in
    ``channel_id`` (a thread of ``parent_id``)."""
    problems: list[StoredProblem] = []
    preset = config.default_preset
    try:
        preset_rules(preset)
    except RulesError:
        problems.append(StoredProblem("preset", preset))
        preset = DEFAULT_PRESET
    options: dict[str, Any] = {}
    for name, value in config.default_options.items():
        try:
            build_rules(preset, {**options, name: value})
        except RulesError:
            problems.append(StoredProblem(name, value))
        else:
            options[name] = value
    stake = config.stake
    try:
        check_stake(stake)
    except TableError:
        problems.append(StoredProblem("stake", stake))
        stake = DEFAULT_STAKE
    timeout: float | None = None if config.turn_timeout is None else float(config.turn_timeout)
    if timeout is not None and not MIN_TIMEOUT <= timeout <= MAX_TIMEOUT:
        problems.append(StoredProblem("turn_timeout", config.turn_timeout))
        timeout = DEFAULT_TURN_TIMEOUT
    seats = config.seats
    if not MIN_PLAYERS <= seats <= most_players(build_rules(preset, options)):
        problems.append(StoredProblem("seats", seats))
        seats = DEFAULT_SEATS
    return NewTableDefaults(
        preset,
        stake,
        timeout,
        config.allows_channel(channel_id, parent_id),
        options,
        tuple(problems),
        language(config.locale) if config.locale else "",
        config.announce_role,
        config.threads,
        seats,
    )


async def new_table_defaults(
    bot: TonkBot, guild_id: int, channel_id: int, parent_id: int | None = None
) -> NewTableDefaults:
    """The guild's stored settings, checked, for a table in ``channel_id`` (a thread of
    ``parent_id``); the built-in defaults without a database, or when the stored row cannot
    be read at all. A database that cannot answer now raises ``ReadUnavailable``: a table
    is not opened on defaults the server may have changed."""
    if bot.store is None:
        return NewTableDefaults()
    try:
        config = await bot.store.get_guild_settings(guild_id)
    except (CorruptRow, ValueError) as error:
        log.warning("the settings of server %d cannot be read: %s", guild_id, error)
        return NewTableDefaults(problems=(StoredProblem(),))
    return checked_defaults(config, channel_id, parent_id)


async def stored_settings(bot: TonkBot, guild_id: int) -> GuildConfig | None:
    """The server's stored settings; None without a database, or when its stored row cannot
    be read."""
    if bot.store is None:
        return None
    try:
        return await bot.store.get_guild_settings(guild_id)
    except (StoreError, ValueError) as error:
        log.warning("the settings of server %d cannot be read: %s", guild_id, error)
        return None


async def chosen_language(bot: TonkBot, guild_id: int) -> str:
    """The language the server chose with ``/tonk config language``; empty when it chose
    none, has no database, or its stored row cannot be read."""
    config = await stored_settings(bot, guild_id)
    return "" if config is None else config.locale


async def server_language(bot: TonkBot, interaction: discord.Interaction) -> str:
    """The language of the server's public messages: chosen with ``/tonk config language``,
    else the server's Discord locale, else English."""
    chosen = await chosen_language(bot, interaction.guild_id) if interaction.guild_id else ""
    return server_locale(interaction, chosen)


async def guild_language(bot: TonkBot, guild: discord.Guild) -> str:
    """:func:`server_language` for a message that no interaction asked for (a season that
    started by itself)."""
    return await chosen_language(bot, guild.id) or str(guild.preferred_locale)
