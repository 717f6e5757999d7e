"""``/tonk``: the slash-command group. Each command checks what was typed (whatever the
client let through), then hands over to the tables service; the words come from the
catalogue."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import (
    Defer,
    answer,
    command_descriptions,
    command_id,
    defer_as,
    locale_of,
    refusal_text,
    show,
)
from bot.engine.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from bot.i18n import text
from bot.i18n.mentions import GROUP
from bot.players.levels import SEATABLE
from bot.render.help import help_embed
from bot.tables.errors import TableError
from bot.tables.table import MAX_STAKE, MIN_STAKE
from cogs.group import PRESET_CHOICES, tonk_group
from cogs.inputs import MAX_CHOICES, parse_timeout
from cogs.tonk.components import TONK_COG
from cogs.tonk.learn import learn_button
from cogs.tonk.me import LANGUAGES, ORDERS, MemberService
from cogs.tonk.restore import resume_shard
from cogs.tonk.service import TableService
from cogs.tonk.setup_change import SetupChange
from cogs.tonk.welcome import welcome, welcome_missed

if TYPE_CHECKING:
    from bot.client import TonkBot

TIMEOUT_SUGGESTIONS = ("off", "30", "60", "120", "300", "600")
BOT_LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in SEATABLE]
LANGUAGE_CHOICES = [
    app_commands.Choice(name=text(f"language.{code}"), value=code) for code in LANGUAGES
]
ORDER_CHOICES = [
    app_commands.Choice(name=text(f"command.choice.{order}"), value=order) for order in ORDERS
]


@app_commands.guild_only()
class TonkCommands(
    commands.GroupCog,
    name=TONK_COG,
    group_name=GROUP,
    group_description=text("table.command.tonk"),
):
    """Tonk tables: one per channel."""

    def __init__(self, bot: TonkBot) -> None:
        self.bot = bot
        self.service = TableService(bot)
        self.me_service = MemberService(bot, self.service.tables)
        self.ready_shards: set[int] = set()
        """The shards that received their servers since they last connected anew."""
        super().__init__()

    async def cog_unload(self) -> None:
        await self.service.close()

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.service.channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.service.channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A server added the bot: it is welcomed once (``cogs.tonk.welcome``)."""
        await welcome(self.bot, guild)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.service.guild_gone(guild.id)

    @commands.Cog.listener()
    async def on_shard_connect(self, shard_id: int) -> None:
        """The shard connects anew (not a resume): its servers come again, then it is
        ready."""
        self.ready_shards.discard(shard_id)

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        """At start and whenever the shard connects anew (its servers received again)."""
        self.ready_shards.add(shard_id)
        self.service.tables.spawn(resume_shard(self.bot, self.service, shard_id))
        on_shard = [guild for guild in self.bot.guilds if guild.shard_id == shard_id]
        self.service.tables.spawn(welcome_missed(self.bot, on_shard))

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A server Discord had said was unavailable (an outage) is back. One that comes
        back after its shard is ready has what the shard did for its servers when it was
        ready done now: its tables whose channel was deleted while the bot was away close,
        and it is welcomed if it added the bot while the bot was away."""
        if guild.shard_id in self.ready_shards:
            self.service.tables.spawn(self.service.close_vanished(lambda id_: id_ == guild.id))
            self.service.tables.spawn(welcome_missed(self.bot, [guild]))

    @app_commands.command(name="new", description=text("table.command.new"))
    @app_commands.describe(
        preset=text("table.command.new.preset"),
        stake=text("table.command.new.stake"),
        seats=text("table.command.new.seats"),
        turn_timeout=text("table.command.new.turn_timeout"),
        thread=text("table.command.new.thread"),
        private=text("table.command.new.private"),
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        stake: app_commands.Range[int, MIN_STAKE, MAX_STAKE] | None = None,
        seats: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] | None = None,
        turn_timeout: str | None = None,
        thread: bool | None = None,
        private: bool = False,
    ) -> None:
        """Stake, seats, preset and options are checked where the table is made; a stored
        server setting that is no longer valid is left out, and a manager is told."""
        defer_as(interaction, Defer.PUBLIC)  # the answer is the table message
        locale = locale_of(interaction)
        defaults = await self.service.opening_defaults(interaction, thread=thread)
        if defaults is None:
            return
        try:
            timeout = defaults.turn_timeout if turn_timeout is None else parse_timeout(turn_timeout)
        except TableError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        chosen = defaults.preset if preset is None else preset
        await self.service.new_table(
            interaction,
            chosen,
            defaults.stake if stake is None else stake,
            defaults.seats_for(chosen) if seats is None else seats,
            timeout,
            defaults.options,
            defaults.language,
            defaults.announce_role,
            thread=defaults.thread,
            private=private,
        )
        if defaults.problems and interaction.permissions.manage_guild:
            await answer(
                interaction,
                "\n".join(p.message(locale, command_id(interaction)) for p in defaults.problems),
            )

    @app_commands.command(name="practice", description=text("table.command.practice"))
    @app_commands.describe(
        opponents=text("table.command.practice.opponents"),
        level=text("bots.command.addbot.level"),
        preset=text("table.command.new.preset"),
    )
    @app_commands.choices(level=BOT_LEVEL_CHOICES, preset=PRESET_CHOICES)
    async def practice(
        self,
        interaction: discord.Interaction,
        opponents: app_commands.Range[int, 1, MAX_PLAYERS - 1] = 1,
        level: str = "normal",
        preset: str | None = None,
    ) -> None:
        await self.service.practice(interaction, opponents, level, preset)

    me = app_commands.Group(name="me", description=text("members.command.me"))

    @me.command(name="show", description=text("members.command.me.show"))
    async def me_show(self, interaction: discord.Interaction) -> None:
        await self.me_service.show(interaction)

    @me.command(name="set", description=text("members.command.me.set"))
    @app_commands.describe(
        language=text("members.command.me.set.language"),
        dms=text("members.command.me.set.dms"),
        reminders=text("members.command.me.set.reminders"),
        order=text("members.command.me.set.order"),
        announcements=text("members.command.me.set.announcements"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, order=ORDER_CHOICES)
    async def me_set(
        self,
        interaction: discord.Interaction,
        language: str | None = None,
        dms: bool | None = None,
        reminders: bool | None = None,
        order: str | None = None,
        announcements: bool | None = None,
    ) -> None:
        await self.me_service.change(interaction, language, dms, reminders, order, announcements)

    @me.command(name="forget", description=text("members.command.me.forget"))
    async def me_forget(self, interaction: discord.Interaction) -> None:
        await self.me_service.forget(interaction)

    @app_commands.command(name="join", description=text("table.command.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await self.service.join(interaction)

    @app_commands.command(name="leave", description=text("table.command.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.service.leave(interaction)

    @app_commands.command(name="start", description=text("table.command.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await self.service.start(interaction)

    @app_commands.command(name="kick", description=text("table.command.kick"))
    @app_commands.describe(member=text("table.command.kick.member"))
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        await self.service.kick(interaction, member)

    @app_commands.command(name="host", description=text("table.command.host"))
    @app_commands.describe(member=text("table.command.host.member"))
    async def host(self, interaction: discord.Interaction, member: discord.User) -> None:
        await self.service.pass_host(interaction, member)

    @app_commands.command(name="end", description=text("table.command.end"))
    async def end(self, interaction: discord.Interaction) -> None:
        await self.service.end(interaction)

    @app_commands.command(name="bigone", description=text("table.command.bigone"))
    @app_commands.describe(hands=text("table.command.bigone.hands"))
    async def bigone(
        self, interaction: discord.Interaction, hands: app_commands.Range[int, 1, 10] = 3
    ) -> None:
        await self.service.big_one(interaction, hands)

    @app_commands.command(name="settings", description=text("table.command.settings"))
    @app_commands.describe(
        option=text("table.command.settings.option"),
        value=text("table.command.settings.value"),
        preset=text("table.command.settings.preset"),
        stake=text("table.command.settings.stake"),
        seats=text("table.command.settings.seats"),
        turn_timeout=text("table.command.new.turn_timeout"),
        private=text("table.command.settings.private"),
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        option: str | None = None,
        value: str | None = None,
        preset: str | None = None,
        stake: app_commands.Range[int, MIN_STAKE, MAX_STAKE] | None = None,
        seats: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] | None = None,
        turn_timeout: str | None = None,
        private: bool | None = None,
    ) -> None:
        """Everything asked is checked as typed here, and against the table by the service."""
        try:
            change = SetupChange.typed(
                preset=preset,
                option=option,
                value=value,
                stake=stake,
                seats=seats,
                turn_timeout=turn_timeout,
                private=private,
            )
        except TableError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        await self.service.change_setup(interaction, change)

    @new.autocomplete("turn_timeout")
    @settings.autocomplete("turn_timeout")
    async def timeout_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=v, value=v) for v in TIMEOUT_SUGGESTIONS if current in v]

    @settings.autocomplete("option")
    async def option_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.lower()
        names = [name for name in OPTIONS if typed in name]
        return [app_commands.Choice(name=n, value=n) for n in names[:MAX_CHOICES]]

    @settings.autocomplete("value")
    async def value_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        spec = OPTIONS.get(str(getattr(interaction.namespace, "option", "")))
        if spec is None:
            return []
        values = [v for v in spec.values_text() if v.startswith(current.lower())]
        return [app_commands.Choice(name=v, value=v) for v in values[:MAX_CHOICES]]

    @app_commands.command(name="rules", description=text("table.command.rules"))
    @app_commands.describe(preset=text("table.command.rules.preset"))
    @app_commands.choices(preset=PRESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await self.service.show_rules(interaction, preset)

    @app_commands.command(name="hand", description=text("table.command.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.service.open_panel(interaction)

    @app_commands.command(name="table", description=text("table.command.table"))
    async def table(self, interaction: discord.Interaction) -> None:
        await self.service.repost(interaction)

    @app_commands.command(name="tables", description=text("table.command.tables"))
    async def tables(self, interaction: discord.Interaction) -> None:
        await self.service.list_tables(interaction)

    @app_commands.command(name="help", description=text("table.command.help"))
    async def show_help(self, interaction: discord.Interaction) -> None:
        group = tonk_group(self.bot)
        described = {} if group is None else command_descriptions(group)
        locale = locale_of(interaction)
        embed = help_embed(GROUP, described, command_id(interaction), locale)
        await show(interaction, embed=embed, view=learn_button(locale), ephemeral=True)

    @app_commands.command(name="addbot", description=text("bots.command.addbot"))
    @app_commands.describe(level=text("bots.command.addbot.level"))
    @app_commands.choices(level=BOT_LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        await self.service.add_bot(interaction, level)

    @app_commands.command(name="removebot", description=text("bots.command.removebot"))
    @app_commands.describe(bot=text("bots.command.removebot.bot"))
    async def removebot(self, interaction: discord.Interaction, bot: str | None = None) -> None:
        await self.service.remove_bot(interaction, bot)

    @removebot.autocomplete("bot")
    async def bot_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        runtime = self.service.tables.in_channel(interaction.channel_id or 0)
        seats = runtime.table.seats if runtime is not None else []
        names = [s.name for s in seats if s.is_bot and current.lower() in s.name.lower()]
        return [app_commands.Choice(name=n, value=n) for n in names[:MAX_CHOICES]]
