"""``/tonk leaderboard``, ``stats``, ``history``, ``replay``, ``export`` and ``config …``.

They join the bot's one ``/tonk`` group (``cogs.group``): ``build_commands`` makes fresh
command objects for one cog (discord.py binds a command to one parent), which
``ScoreboardCog`` adds to that group when it loads and removes when it unloads. Every value
typed is checked here before the store is asked (``cogs.inputs``).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Defer, answer, command_id, defer_as, locale_of, refusal_text
from bot.engine.rules import MAX_PLAYERS, MIN_PLAYERS, RulesError, build_rules, preset_rules
from bot.i18n import LOCALES, text
from bot.i18n.bounds import quote
from bot.i18n.refusal import Refusal
from bot.store import (
    MAX_GUILD_HANDS,
    LeaderboardPeriod,
    Store,
    UnknownSeason,
)
from bot.tables.errors import TableError
from bot.tables.table import MAX_STAKE, check_stake
from cogs.group import PRESET_CHOICES, tonk_group
from cogs.inputs import (
    MAX_CHOICES,
    SEASON_EVERY,
    check_order,
    check_page,
    check_period,
    parse_timeout,
    season_days,
    time_zone_names,
)
from cogs.scoreboard.champions import set_champion_role
from cogs.scoreboard.ledger import ledger_file
from cogs.scoreboard.paging import PER_PAGE, fame_message, history_message, leaderboard_message
from cogs.scoreboard.render import config_text, season_choice, stats_text
from cogs.scoreboard.replay import hand_choices, start_replay
from cogs.scoreboard.seasons import (
    SeasonAsked,
    SeasonClock,
    schedule_seasons,
    start_season_now,
)
from cogs.settings import checked_defaults, server_language

if TYPE_CHECKING:
    from bot.client import TonkBot

SCOREBOARD_COG = "Scoreboard"
MAX_SEASON = 10_000
HALL_OF_FAME = "seasons"
"""The leaderboard's ``by`` that shows the hall of fame: the seasons each member won."""
"""The largest season number a command takes."""
log = logging.getLogger(__name__)
Command = app_commands.Command[Any, ..., Any] | app_commands.Group


def _size_text(size: int) -> str:
    """A file size limit as Discord states it: ``10 MB`` (MiB, as Discord counts), or KB."""
    return f"{size // 1_048_576} MB" if size >= 1_048_576 else f"{size // 1024} KB"


class ScoreboardCog(commands.Cog, name=SCOREBOARD_COG):
    """Scoreboards, server settings and forgetting, read from and written to the store."""

    def __init__(self, bot: TonkBot, store: Store) -> None:
        self.bot = bot
        self.store = store
        self.commands: list[Command] = build_commands(self)
        self.clock = SeasonClock(bot, store)

    async def cog_load(self) -> None:
        group = tonk_group(self.bot)
        assert group is not None, "the tables cog, which defines /tonk, loads first"
        for command in self.commands:
            group.add_command(command)
        self.clock.start()

    @commands.Cog.listener()
    async def on_guild_role_delete(self, role: discord.Role) -> None:
        """A server that deletes its announce role (``/tonk config announce``) opens its
        tables without one, rather than mentioning a role that is gone; one that deletes its
        champion role (``/tonk config champion``) crowns nobody."""
        guild_id = role.guild.id
        config = await self.store.get_guild_settings(guild_id)
        if config.announce_role == role.id:
            await self.store.update_guild_settings(guild_id, announce_role=None)
            log.info("server %d deleted its announce role: tables open without one", guild_id)
        if config.champion_role == role.id:
            await self.store.update_guild_settings(guild_id, champion_role=None, champions=())
            log.info("server %d deleted its champion role: seasons crown nobody", guild_id)

    async def cog_unload(self) -> None:
        await self.clock.stop()
        group = tonk_group(self.bot)
        if group is not None:
            for command in self.commands:
                group.remove_command(command.name)

    async def _period(
        self, interaction: discord.Interaction, period: str | None, season: int | None
    ) -> LeaderboardPeriod:
        """The period asked for (a ``Refusal`` if unknown); with ``season`` (a season's
        number) the season's, and a refusal for any other; left out, the server's season
        once it has started one, else all time."""
        if season is not None:
            if period not in (None, "season"):
                raise Refusal("scoreboard.refusal.season_and_period", season=season)
            return "season"
        if period is not None:
            return check_period(period)
        config = await self.store.get_guild_settings(interaction.guild_id or 0)
        return "all" if config.season is None else "season"

    async def leaderboard(
        self,
        interaction: discord.Interaction,
        by: str,
        period: str | None,
        page: int,
        season: int | None = None,
    ) -> None:
        defer_as(interaction, Defer.PUBLIC)
        if by == HALL_OF_FAME:
            await self._hall_of_fame(interaction, period is None and season is None, page)
            return
        try:
            order, page = check_order(by), check_page(page)
            chosen = await self._period(interaction, period, season)
            board = await self.store.leaderboard(
                interaction.guild_id or 0, order, page - 1, PER_PAGE, period=chosen, season=season
            )
        except (Refusal, UnknownSeason) as refused:
            await answer(interaction, refusal_text(_refusal(refused), interaction))
            return
        locale = await server_language(self.bot, interaction)
        content, view = leaderboard_message(board, locale, command_id(interaction))
        await answer(interaction, content, ephemeral=False, view=view)

    async def _hall_of_fame(self, interaction: discord.Interaction, alone: bool, page: int) -> None:
        """``/tonk leaderboard by:seasons``: every member who won a season, the most seasons
        first, from page ``page`` on (Prev and Next turn them); ``alone`` is False when a
        period or season was asked for too, which this board does not take (refused, in
        words)."""
        try:
            page = check_page(page)
        except TableError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        if not alone:
            await answer(interaction, text("scoreboard.refusal.fame_alone", locale_of(interaction)))
            return
        fame = await self.store.hall_of_fame(interaction.guild_id or 0)
        locale = await server_language(self.bot, interaction)
        content, view = fame_message(fame, page - 1, locale, command_id(interaction))
        await answer(interaction, content, ephemeral=False, view=view)

    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.abc.User,
        period: str | None,
        versus: discord.abc.User | None = None,
        season: int | None = None,
    ) -> None:
        """A member's record; with ``versus``, and the hands the two played together."""
        defer_as(interaction, Defer.PUBLIC)
        guild_id = interaction.guild_id or 0
        try:
            if versus is not None and versus.id == member.id:
                raise Refusal("scoreboard.refusal.versus_self", name=member.display_name)
            chosen = await self._period(interaction, period, season)
            stats = await self.store.stats(guild_id, member.id, period=chosen, season=season)
        except (Refusal, UnknownSeason) as refused:
            await answer(interaction, refusal_text(_refusal(refused), interaction))
            return
        locale = await server_language(self.bot, interaction)
        rival = None
        if versus is not None and stats.player is not None:
            record = await self.store.head_to_head(
                guild_id, member.id, versus.id, period=chosen, season=season
            )
            rival = (versus.display_name, record)
        said = stats_text(stats, member.display_name, locale, rival, command_id(interaction))
        await answer(interaction, said, ephemeral=False)

    async def history(self, interaction: discord.Interaction, page: int) -> None:
        defer_as(interaction, Defer.PUBLIC)
        try:
            page = check_page(page)
        except TableError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        hands = await self.store.history(
            interaction.guild_id or 0, interaction.channel_id or 0, PER_PAGE, page - 1
        )
        locale = await server_language(self.bot, interaction)
        content, view = history_message(hands, page - 1, locale)
        await answer(interaction, content, ephemeral=False, view=view)

    async def config_show(self, interaction: discord.Interaction) -> None:
        config = await self.store.get_guild_settings(interaction.guild_id or 0)
        await answer(
            interaction, config_text(config, locale_of(interaction), command_id(interaction))
        )

    async def config_set(
        self,
        interaction: discord.Interaction,
        preset: str | None,
        stake: int | None,
        turn_timeout: str | None,
        turn_reminders: bool | None = None,
        threads: bool | None = None,
        computer_hands: bool | None = None,
        seats: int | None = None,
    ) -> None:
        if not await self._may_configure(interaction):
            return
        changes: dict[str, object] = {}
        try:
            if preset is not None:
                changes["default_preset"] = preset_rules(preset).preset
            if stake is not None:
                changes["stake"] = check_stake(stake)
            if turn_timeout is not None:
                seconds = parse_timeout(turn_timeout)
                changes["turn_timeout"] = None if seconds is None else int(seconds)
            if turn_reminders is not None:
                changes["turn_reminders"] = turn_reminders
            if threads is not None:
                changes["threads"] = threads
            if computer_hands is not None:
                changes["computer_hands"] = computer_hands
            if seats is not None:
                changes["seats"] = seats
        except Refusal as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        config = await self.store.update_guild_settings(
            interaction.guild_id or 0,
            **changes,  # type: ignore[arg-type]
        )
        if config.turn_reminders:
            self.bot.quiet_guilds.discard(config.guild_id)
        else:
            self.bot.quiet_guilds.add(config.guild_id)
        await answer(
            interaction, config_text(config, locale_of(interaction), command_id(interaction))
        )

    async def config_channel(
        self, interaction: discord.Interaction, channel: discord.abc.GuildChannel, allowed: bool
    ) -> None:
        if not await self._may_configure(interaction):
            return
        guild_id = interaction.guild_id or 0
        current = await self.store.get_guild_settings(guild_id)
        channels = [c for c in current.allowed_channel_ids if c != channel.id]
        if allowed:
            channels.append(channel.id)
        config = await self.store.update_guild_settings(guild_id, allowed_channel_ids=channels)
        await answer(
            interaction, config_text(config, locale_of(interaction), command_id(interaction))
        )

    async def config_announce(
        self, interaction: discord.Interaction, role: discord.Role | None
    ) -> None:
        """The role a new table mentions when it opens (Manage Server); none turns the
        announcement off. A role the bot cannot mention is kept, with a word on why its
        members would not be notified."""
        if not await self._may_configure(interaction):
            return
        locale = locale_of(interaction)
        if role is not None and role.is_default():
            await answer(interaction, text("scoreboard.refusal.announce_everyone", locale))
            return
        role_id = None if role is None else role.id
        await self.store.update_guild_settings(interaction.guild_id or 0, announce_role=role_id)
        if role is None:
            await answer(interaction, text("scoreboard.config.announce_off", locale))
            return
        said = [text("scoreboard.config.announce_on", locale, role=role.mention)]
        if not (role.mentionable or interaction.app_permissions.mention_everyone):
            said.append(text("scoreboard.config.announce_silent", locale, role=role.mention))
        await answer(interaction, "\n".join(said))

    async def config_option(self, interaction: discord.Interaction, name: str, value: str) -> None:
        """A server-wide house rule for new tables; ``default`` removes it (checked against the
        server's default preset, conflicts refused in words). Stored options that are no
        longer valid are dropped."""
        if not await self._may_configure(interaction):
            return
        guild_id = interaction.guild_id or 0
        current = checked_defaults(await self.store.get_guild_settings(guild_id), 0)
        options = dict(current.options)
        options.pop(name, None)
        if value.strip().lower() != "default":
            options[name] = value
        try:
            rules = build_rules(current.preset, options)
        except RulesError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        chosen = {key: getattr(rules, key) for key in options}
        config = await self.store.update_guild_settings(guild_id, default_options=chosen)
        await answer(
            interaction, config_text(config, locale_of(interaction), command_id(interaction))
        )

    async def config_season(
        self, interaction: discord.Interaction, every: str | None, asked: SeasonAsked
    ) -> None:
        """Start the server's next season now, or with ``every`` make seasons start by
        themselves (``cogs.scoreboard.seasons``), Manage Server."""
        if not await self._may_configure(interaction):
            return
        if every is not None:
            await schedule_seasons(self.bot, self.store, interaction, every, asked)
        elif asked.when_or_where:
            refused = text("scoreboard.refusal.season_channel_alone", locale_of(interaction))
            await answer(interaction, refused)
        else:
            await start_season_now(self.bot, self.store, interaction)

    async def config_champion(
        self, interaction: discord.Interaction, role: discord.Role | None
    ) -> None:
        """The role of each season's winner (``cogs.scoreboard.champions``), Manage Server."""
        if await self._may_configure(interaction):
            await set_champion_role(self.bot, self.store, interaction, role)

    async def config_language(self, interaction: discord.Interaction, value: str) -> None:
        """The language of the server's new tables and its scoreboard (Manage Server)."""
        if not await self._may_configure(interaction):
            return
        if value not in LOCALES:
            refusal = TableError("bad_language", value=quote(value), known=", ".join(LOCALES))
            await answer(interaction, refusal_text(refusal, interaction))
            return
        await self.store.update_guild_settings(interaction.guild_id or 0, locale=value)
        locale = locale_of(interaction)
        name = text(f"language.{value}", locale)
        await answer(interaction, text("scoreboard.config.language", locale, language=name))

    async def export(
        self, interaction: discord.Interaction, period: str | None, season: int | None = None
    ) -> None:
        """The server's finished hands (of the period, all of them unless told; the last
        :data:`MAX_GUILD_HANDS`) as a CSV file, one row per seat, privately. Manage Server
        only: the hands of every channel are in it, private ones too."""
        locale = locale_of(interaction)
        if not interaction.permissions.manage_guild:
            await answer(interaction, text("scoreboard.refusal.export_manage_server", locale))
            return
        defer_as(interaction, Defer.EPHEMERAL)
        guild_id = interaction.guild_id or 0
        try:
            chosen: LeaderboardPeriod = "all"
            if period is not None or season is not None:
                chosen = await self._period(interaction, period, season)
            if chosen == "season" and season is None:
                current = (await self.store.get_guild_settings(guild_id)).season
                if current is None:
                    chosen = "all"  # a server without seasons: its season is all time
                else:
                    season = current.number
            hands = await self.store.guild_hands(
                guild_id, period=chosen, season=season, limit=MAX_GUILD_HANDS
            )
        except (Refusal, UnknownSeason) as refused:
            await answer(interaction, refusal_text(_refusal(refused), interaction))
            return
        if not hands:
            none = text(f"scoreboard.export.none.{chosen}", locale, season=season)
            await answer(interaction, none)
            return
        span = chosen if season is None else f"season-{season}"
        name = f"tonk-hands-{guild_id}-{span}.csv"
        limit = interaction.filesize_limit  # the largest file Discord takes here
        data, kept = await asyncio.to_thread(ledger_file, hands, limit)  # 10,000: ~0.3 s CPU
        said = [text("scoreboard.export.done", locale, hands=kept, file=name)]
        if kept < len(hands):
            said.append(text("scoreboard.export.too_large", locale, size=_size_text(limit)))
        elif kept == MAX_GUILD_HANDS:
            said.append(text("scoreboard.export.capped", locale, hands=MAX_GUILD_HANDS))
        file = discord.File(io.BytesIO(data), filename=name)
        await answer(interaction, "\n".join(said), file=file)

    async def season_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        """The server's seasons whose number starts with what was typed, newest first, each
        with its days (as many as Discord shows), in the time zone of the server's season
        schedule if it has one (UTC if not)."""
        guild_id = interaction.guild_id or 0
        seasons = await self.store.seasons(guild_id)
        schedule = (await self.store.get_guild_settings(guild_id)).season_schedule
        zone = None if schedule is None else schedule.time_zone
        wanted = typed.strip()
        locale = locale_of(interaction)
        return [
            app_commands.Choice(name=season_choice(season, locale, zone), value=season.number)
            for season in seasons
            if str(season.number).startswith(wanted)
        ][:MAX_CHOICES]

    async def _may_configure(self, interaction: discord.Interaction) -> bool:
        if interaction.permissions.manage_guild:
            return True
        await answer(interaction, text("scoreboard.refusal.manage_server", locale_of(interaction)))
        return False


def _refusal(refused: Refusal | UnknownSeason) -> Refusal:
    """Why a scoreboard was refused, as a ``Refusal``: a season the server cannot show says
    which seasons it can."""
    if isinstance(refused, Refusal):
        return refused
    if refused.known is None:
        return Refusal("scoreboard.refusal.no_season", season=refused.season)
    first, last = refused.known
    if first == last:
        return Refusal("scoreboard.refusal.unknown_season.one", season=refused.season, first=first)
    return Refusal(
        "scoreboard.refusal.unknown_season", season=refused.season, first=first, last=last
    )


def build_commands(cog: ScoreboardCog) -> list[Command]:
    """Fresh ``leaderboard``, ``stats``, ``history``, ``replay``, ``export`` and ``config``
    commands."""

    @app_commands.command(name="leaderboard", description=text("scoreboard.command.leaderboard"))
    @app_commands.describe(
        by=text("scoreboard.command.leaderboard.by"),
        period=text("scoreboard.command.leaderboard.period"),
        page=text("scoreboard.command.leaderboard.page"),
        season=text("scoreboard.command.leaderboard.season"),
    )
    async def leaderboard(
        interaction: discord.Interaction,
        by: Literal["chips", "wins", "win_rate", "tonks", "matches", "seasons"] = "chips",
        period: Literal["all", "week", "month", "season"] | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        season: app_commands.Range[int, 1, MAX_SEASON] | None = None,
    ) -> None:
        await cog.leaderboard(interaction, by, period, page, season)

    @app_commands.command(name="stats", description=text("scoreboard.command.stats"))
    @app_commands.describe(
        member=text("scoreboard.command.stats.member"),
        period=text("scoreboard.command.stats.period"),
        versus=text("scoreboard.command.stats.versus"),
        season=text("scoreboard.command.stats.season"),
    )
    async def stats(
        interaction: discord.Interaction,
        member: discord.User | None = None,
        period: Literal["all", "week", "month", "season"] | None = None,
        versus: discord.User | None = None,
        season: app_commands.Range[int, 1, MAX_SEASON] | None = None,
    ) -> None:
        await cog.stats(interaction, member or interaction.user, period, versus, season)

    @app_commands.command(name="history", description=text("scoreboard.command.history"))
    @app_commands.describe(page=text("scoreboard.command.history.page"))
    async def history(
        interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        await cog.history(interaction, page)

    config = app_commands.Group(name="config", description=text("scoreboard.command.config"))

    @config.command(name="show", description=text("scoreboard.command.config.show"))
    async def config_show(interaction: discord.Interaction) -> None:
        await cog.config_show(interaction)

    @config.command(name="set", description=text("scoreboard.command.config.set"))
    @app_commands.describe(
        preset=text("scoreboard.command.config.set.preset"),
        stake=text("scoreboard.command.config.set.stake"),
        turn_timeout=text("scoreboard.command.config.set.turn_timeout"),
        turn_reminders=text("scoreboard.command.config.set.turn_reminders"),
        threads=text("scoreboard.command.config.set.threads"),
        computer_hands=text("scoreboard.command.config.set.computer_hands"),
        seats=text("scoreboard.command.config.set.seats"),
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def config_set(
        interaction: discord.Interaction,
        preset: str | None = None,
        stake: app_commands.Range[int, 1, MAX_STAKE] | None = None,
        turn_timeout: str | None = None,
        turn_reminders: bool | None = None,
        threads: bool | None = None,
        computer_hands: bool | None = None,
        seats: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] | None = None,
    ) -> None:
        await cog.config_set(
            interaction,
            preset,
            stake,
            turn_timeout,
            turn_reminders,
            threads,
            computer_hands,
            seats,
        )

    @config.command(name="channel", description=text("scoreboard.command.config.channel"))
    @app_commands.describe(
        channel=text("scoreboard.command.config.channel.channel"),
        allowed=text("scoreboard.command.config.channel.allowed"),
    )
    async def config_channel(
        interaction: discord.Interaction, channel: discord.TextChannel, allowed: bool
    ) -> None:
        await cog.config_channel(interaction, channel, allowed)

    @config.command(name="announce", description=text("scoreboard.command.config.announce"))
    @app_commands.describe(role=text("scoreboard.command.config.announce.role"))
    async def config_announce(
        interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        await cog.config_announce(interaction, role)

    @config.command(name="season", description=text("scoreboard.command.config.season"))
    @app_commands.describe(
        every=text("scoreboard.command.config.season.every"),
        channel=text("scoreboard.command.config.season.channel"),
        time_zone=text("scoreboard.command.config.season.time_zone"),
        day=text("scoreboard.command.config.season.day"),
        hour=text("scoreboard.command.config.season.hour"),
        notice=text("scoreboard.command.config.season.notice"),
    )
    @app_commands.choices(
        every=[
            app_commands.Choice(name=text(f"command.choice.{value}"), value=value)
            for value in SEASON_EVERY
        ]
    )
    async def config_season(
        interaction: discord.Interaction,
        every: str | None = None,
        channel: discord.TextChannel | None = None,
        time_zone: str | None = None,
        day: str | None = None,
        hour: app_commands.Range[int, 0, 23] | None = None,
        notice: bool | None = None,
    ) -> None:
        asked = SeasonAsked(channel, time_zone, day, hour, notice)
        await cog.config_season(interaction, every, asked)

    @config_season.autocomplete("day")
    async def season_days_typed(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        every = getattr(interaction.namespace, "every", None)
        days = season_days(every, current, locale_of(interaction))
        return [app_commands.Choice(name=name, value=value) for name, value in days]

    @config_season.autocomplete("time_zone")
    async def time_zones_typed(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in time_zone_names(current)]

    @config.command(name="champion", description=text("scoreboard.command.config.champion"))
    @app_commands.describe(role=text("scoreboard.command.config.champion.role"))
    async def config_champion(
        interaction: discord.Interaction, role: discord.Role | None = None
    ) -> None:
        await cog.config_champion(interaction, role)

    @config.command(name="option", description=text("scoreboard.command.config.option"))
    @app_commands.describe(
        option=text("scoreboard.command.config.option.option"),
        value=text("scoreboard.command.config.option.value"),
    )
    async def config_option(interaction: discord.Interaction, option: str, value: str) -> None:
        await cog.config_option(interaction, option, value)

    @config.command(name="language", description=text("scoreboard.command.config.language"))
    @app_commands.describe(value=text("scoreboard.command.config.language.value"))
    @app_commands.choices(
        value=[app_commands.Choice(name=text(f"language.{code}"), value=code) for code in LOCALES]
    )
    async def config_language(interaction: discord.Interaction, value: str) -> None:
        await cog.config_language(interaction, value)

    @app_commands.command(name="replay", description=text("scoreboard.command.replay"))
    @app_commands.describe(hand=text("scoreboard.command.replay.hand"))
    async def replay(interaction: discord.Interaction, hand: str | None = None) -> None:
        await start_replay(cog.store, interaction, hand)

    @replay.autocomplete("hand")
    async def replay_hands(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await hand_choices(cog.store, interaction, current)

    @app_commands.command(name="export", description=text("scoreboard.command.export"))
    @app_commands.describe(
        period=text("scoreboard.command.export.period"),
        season=text("scoreboard.command.export.season"),
    )
    async def export(
        interaction: discord.Interaction,
        period: Literal["all", "week", "month", "season"] | None = None,
        season: app_commands.Range[int, 1, MAX_SEASON] | None = None,
    ) -> None:
        await cog.export(interaction, period, season)

    @leaderboard.autocomplete("season")
    @stats.autocomplete("season")
    @export.autocomplete("season")
    async def season_numbers(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await cog.season_choices(interaction, current)

    return [leaderboard, stats, history, replay, export, config]
