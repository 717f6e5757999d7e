"""The tables service: what the slash commands and components ask of a table.

Each one finds the table's ``TableRuntime`` and changes it through ``transact`` (lock,
check and apply, commit, answer, then messages and timers). Interactions that wait too long
for their answer are deferred by the bot (``TonkBot.on_interaction``), so every one is
answered within Discord's three seconds whatever it waits for.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, assert_never

import discord

from bot.client import (
    DISCORD_FAILURES,
    Defer,
    answer,
    command_id,
    defer_as,
    locale_of,
    refusal_text,
    server_locale,
    show,
)
from bot.engine.actions import Kind
from bot.engine.cards import CardError, mask_of, parse_card
from bot.engine.rules import RulesError, build_rules
from bot.i18n import render, text
from bot.i18n.mentions import command_mentions
from bot.i18n.refusal import Refusal
from bot.render.controls import PanelButton, TableButton
from bot.render.links import message_link
from bot.render.open_tables import joinable, listed, open_tables_embed
from bot.render.rules import rules_embed
from bot.render.words import names_text
from bot.tables.errors import TableError
from bot.tables.table import (
    MAX_INVITED,
    Departure,
    Seat,
    Setup,
    Table,
)
from cogs.settings import NewTableDefaults, new_table_defaults
from cogs.tonk import panels
from cogs.tonk.components import PanelKey, Picked, PickKey, TableKey
from cogs.tonk.learn import learn_button
from cogs.tonk.open_tables import OpenTables
from cogs.tonk.runtime import TableRuntime
from cogs.tonk.screens import missing_permissions
from cogs.tonk.setup_change import SetupChange
from cogs.tonk.stale import require_hand, require_top, require_version
from cogs.tonk.threads import (
    THREAD_PARENTS,
    abandon_thread,
    in_thread,
    start_thread,
    starts_thread,
)
from cogs.tonk.views import invite_view, join_view

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)

MAX_PICKED = 10
"""How many members the host may pick at once in the menu of members to invite."""


def _button(action: str) -> TableButton | None:
    """The table-message button a custom id names, None for one this version does not know."""
    try:
        return TableButton(action)
    except ValueError:
        return None


def _panel_button(action: str) -> Kind | PanelButton | None:
    """The move or other panel button a custom id names, None for one this version does not
    know."""
    for kind in (Kind, PanelButton):
        try:
            return kind(action)
        except ValueError:
            continue
    return None


def table_link(table: Table) -> str:
    """A link to the table message (or to the channel)."""
    return message_link(table.guild_id, table.channel_id, table.message_id)


class TableService:
    """Commands and clicks in; table changes, replies, messages and timers out."""

    def __init__(self, bot: TonkBot) -> None:
        self.bot = bot
        self.clock = bot.clock
        self.tables = OpenTables(
            bot, bot.journal, bot.clock, bot.timing, bot.metrics, share=bot.own_shards.share
        )
        self.resuming: list[TableRuntime] = []
        """The tables restored at start whose shard is not ready yet (``cogs.tonk.restore``)."""
        self._looking_for_vanished = asyncio.Lock()
        """One :meth:`close_vanished` at a time (shards may be ready at once)."""

    async def close(self) -> None:
        """Keep what the players' DMs show, then stop every timer, computer player and
        pending edit (the cog is unloading)."""
        await self.tables.keep_dms()
        self.tables.close()

    # -- commands ----------------------------------------------------------------------------

    async def new_table(
        self,
        interaction: discord.Interaction,
        preset: str,
        stake: int,
        seats: int,
        turn_timeout: float | None,
        options: Mapping[str, object] | None = None,
        language: str = "",
        announce_role: int | None = None,
        *,
        thread: bool = False,
        computer_players: Sequence[str] = (),
        private: bool = False,
        invited: Mapping[int, str] | None = None,
    ) -> None:
        """Open a table in the channel, hosted by the member who asked, with the server's
        default house rules (``/tonk config option``) over the preset. The table speaks
        the server's ``language`` (``/tonk config language``), else the server's locale;
        once it is posted, ``announce_role`` is told (``/tonk config announce``), unless the
        table is private: then the host is offered, privately, the menu of members to invite.

        With ``thread`` (outside a thread), the command's answer says so in the channel
        and the table opens in a new public thread started from it, which the host joins:
        a channel then holds any number of tables, one per thread. With
        ``computer_players`` (their levels, ``/tonk practice``), they are seated and the
        first hand is dealt before the table opens. A ``private`` table lets only the host
        and the members ``invited`` (and those invited later) join.
        """
        defer_as(interaction, Defer.PUBLIC)
        new_thread = starts_thread(interaction, thread)
        existing = None if new_thread else self.tables.in_channel(interaction.channel_id or 0)
        if existing is not None:
            reason = "channel_taken_link" if in_thread(interaction) else "channel_taken_thread"
            refusal = TableError(reason, link=table_link(existing.table))
            await answer(interaction, refusal_text(refusal, interaction))
            return
        host = Seat(interaction.user.id, interaction.user.display_name)
        try:
            table = Table.open(
                0,
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                host,
                build_rules(preset, options),
                now=self.clock.now(),
                stake=stake,
                max_seats=seats,
                turn_timeout=turn_timeout,
                locale=server_locale(interaction, language),
                shuffler=self.bot.new_shuffler(),
                private=private,
                invited=invited,
            )
            for level in computer_players:
                table.add_bot(table.host_id, level, self.clock.now())
            if computer_players:
                table.start(table.host_id, self.clock.now())
            started = await start_thread(self.bot, interaction, table) if new_thread else None
            if started is not None:
                table = replace(table, channel_id=started.id)
            runtime = await self._open(interaction, table, started)
        except Refusal as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        if new_thread:
            runtime.screens.announcements.starter_posted()
        await runtime.post_table_message(None if new_thread else interaction)
        if announce_role is not None and not private:
            runtime.screens.announcements.announce(announce_role)
        if private:
            await self._offer_invitations(interaction, runtime)

    async def _open(
        self, interaction: discord.Interaction, table: Table, thread: discord.Thread | None
    ) -> TableRuntime:
        """Commit and run a new table; ``TableError("not_opened")`` if it could not be saved
        (the database locked, down or refusing it). A thread started for a table that did
        not open is taken back."""
        try:
            return await self.tables.open(table)
        except Exception as error:
            if thread is not None:
                await abandon_thread(self.bot, thread, table.locale, command_id(interaction))
            if isinstance(error, Refusal):
                raise
            log.exception("a new table in channel %d could not be saved", table.channel_id)
            raise TableError("not_opened") from error

    async def practice(
        self, interaction: discord.Interaction, opponents: int, level: str, preset: str | None
    ) -> None:
        """``/tonk practice``: a table against ``opponents`` computer players of ``level``,
        dealt at once, at the server's stake and timer; in a thread of its own where the
        channel has a table already (or where the server opens tables in threads)."""
        defer_as(interaction, Defer.PUBLIC)  # the answer is the table message
        busy = self.tables.in_channel(interaction.channel_id or 0) is not None
        defaults = await self.opening_defaults(interaction, thread=busy or None)
        if defaults is None:
            return
        await self.new_table(
            interaction,
            defaults.preset if preset is None else preset,
            defaults.stake,
            opponents + 1,
            defaults.turn_timeout,
            defaults.options,
            defaults.language,
            thread=defaults.thread,
            computer_players=(level,) * opponents,
        )

    async def opening_defaults(
        self, interaction: discord.Interaction, *, thread: bool | None = None
    ) -> NewTableDefaults | None:
        """The server's defaults for a table opened in the interaction's channel, and whether
        it opens in a new thread of it (``thread``; None: as the server chose, ``/tonk config
        set threads``, where the channel can start threads; never from inside a thread);
        None, and the member is told why, where the bot lacks a permission it needs there or
        the server keeps tables out of the channel (``/tonk config channel``; a thread is
        allowed where its channel is)."""
        locale = locale_of(interaction)
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        defaults = await new_table_defaults(
            self.bot, interaction.guild_id or 0, interaction.channel_id or 0, parent
        )
        new_thread = starts_thread(interaction, defaults.thread if thread is None else thread)
        if new_thread and getattr(channel, "type", None) not in THREAD_PARENTS:
            if thread:  # asked for by the member, not by the server's default
                await answer(interaction, text("table.refusal.thread_needs_text_channel", locale))
                return None
            new_thread = False
        missing = missing_permissions(interaction, new_thread=new_thread)
        if missing:
            names = names_text(missing, locale)
            await answer(
                interaction, text("table.refusal.bot_cannot_post", locale, permissions=names)
            )
            return None
        if not defaults.allowed:
            refusal = Refusal("scoreboard.refusal.channel_not_allowed")
            await answer(interaction, refusal_text(refusal, interaction))
            return None
        return replace(defaults, thread=new_thread)

    async def open_again(self, interaction: discord.Interaction, table_id: int) -> None:
        """**New table** under a closed table's message: a table where it was (the channel,
        or its thread) with the closed one's rules (without an announced Big One), stake,
        seats and turn timer, hosted by the member who pressed it. A private table's is
        private, open to those it invited, and only they may press it."""
        defer_as(interaction, Defer.PUBLIC)  # the answer is the new table message
        closed = await self.tables.journal.closed(table_id)
        if closed is None or closed.channel_id != interaction.channel_id:
            await self._say(interaction, "table.refusal.old_table")
            return
        if not closed.may_sit(interaction.user.id):
            host = closed.name_of(closed.host_id)
            await answer(
                interaction, refusal_text(TableError("private_table", host=host), interaction)
            )
            return
        defaults = await self.opening_defaults(interaction, thread=False)
        if defaults is None:
            return
        await self.new_table(
            interaction,
            closed.rules.preset,
            closed.stake,
            closed.max_seats,
            closed.turn_timeout,
            closed.rules.overrides(),
            defaults.language,
            defaults.announce_role,
            thread=defaults.thread,
            private=closed.private,
            invited=closed.invited,
        )

    async def join(self, interaction: discord.Interaction) -> None:
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        seat = Seat(interaction.user.id, interaction.user.display_name)
        await runtime.transact(
            lambda table: table.join(seat, self.clock.now()),
            interaction=interaction,
            reply=lambda _: self._say(interaction, "table.reply.joined"),
        )

    async def leave(self, interaction: discord.Interaction) -> None:
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        user_id = interaction.user.id

        async def reply(outcome: Departure) -> None:
            key = "table.reply.leaving" if outcome == Departure.LEAVING else "table.reply.left"
            await self._say(interaction, key)
            self._leave_notice(runtime, user_id, outcome)

        await runtime.transact(
            lambda table: table.leave(user_id, self.clock.now()),
            interaction=interaction,
            reply=reply,
        )

    async def start(self, interaction: discord.Interaction) -> None:
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        await runtime.transact(
            lambda table: table.start(interaction.user.id, self.clock.now()),
            interaction=interaction,
            reply=lambda _: self._say(interaction, "table.reply.started"),
        )

    async def kick(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        """``/tonk kick``: the host (or a server manager) removes a player, or withdraws the
        invitation of a member invited to a private table who has not sat down; the channel
        is told of a player removed."""
        runtime = await self._table_seating(interaction, member, invited=True)
        if runtime is None:
            return
        manager = interaction.permissions.manage_guild
        player = runtime.table.name_of(member.id)

        async def reply(outcome: Departure) -> None:
            if outcome == Departure.UNINVITED:
                await self._say(interaction, "table.reply.uninvited", player=member.display_name)
                return
            await self._say(interaction, "table.reply.kicked", player=player)
            key = (
                "table.notice.kicked_leaving"
                if outcome == Departure.LEAVING
                else "table.notice.kicked"
            )
            runtime.screens.notice(text(key, runtime.table.locale, player=player))

        await runtime.transact(
            lambda table: table.kick(interaction.user.id, member.id, manager, self.clock.now()),
            interaction=interaction,
            reply=reply,
        )

    async def pass_host(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        """``/tonk host``: the host (or a server manager) hands the table to another player;
        the channel is told."""
        runtime = await self._table_seating(interaction, member)
        if runtime is None:
            return
        manager = interaction.permissions.manage_guild

        async def reply(_: None) -> None:
            table = runtime.table
            by, player = interaction.user.display_name, table.name_of(member.id)
            said = text("table.reply.host", table.locale, by=by, player=player)
            await answer(interaction, said, ephemeral=False)

        await runtime.transact(
            lambda table: table.pass_host(
                interaction.user.id, member.id, manager, self.clock.now()
            ),
            interaction=interaction,
            reply=reply,
        )

    async def _offer_invitations(
        self, interaction: discord.Interaction, runtime: TableRuntime
    ) -> None:
        """**Invite** under a private table: the host gets a menu of the server's members to
        invite, privately; anyone else, or a table that cannot invite now, is told why."""
        table = runtime.table
        try:
            table.check_inviter(interaction.user.id)
        except TableError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        most = min(MAX_PICKED, MAX_INVITED - len(table.invited))
        locale = locale_of(interaction)
        menu = invite_view(table.id, most, text("table.invite.placeholder", locale))
        await answer(interaction, text("table.invite.pick", locale, most=most), view=menu)

    async def invite_pick(
        self, interaction: discord.Interaction, table_id: int, members: list[Picked]
    ) -> None:
        """The host picked ``members`` to invite: each may then join; the channel mentions
        them (which notifies them, and nobody else). A bot among them is refused, inviting
        nobody: a computer player is seated with ``/tonk addbot``."""
        runtime = await self._component_table(interaction, table_id)
        if runtime is None:
            return
        bots = [member.name for member in members if member.bot]
        if bots:
            refusal = TableError("invite_bot", player=names_text(bots, locale_of(interaction)))
            await answer(interaction, refusal_text(refusal, interaction))
            return
        by = interaction.user
        invited = [(member.user_id, member.name) for member in members]

        async def reply(_: None) -> None:
            names = names_text([member.name for member in members], locale_of(interaction))
            await self._say(interaction, "table.reply.invited", players=names, invited=len(members))
            runtime.screens.invite([member.user_id for member in members], by.display_name)

        await runtime.transact(
            lambda table: table.invite(by.id, invited, self.clock.now()),
            interaction=interaction,
            reply=reply,
        )

    async def _table_seating(
        self, interaction: discord.Interaction, member: discord.abc.User, *, invited: bool = False
    ) -> TableRuntime | None:
        """The channel's table, if ``member`` sits at it (or, with ``invited``, is invited
        to it); else None, and the one who asked is told why."""
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return None
        table = runtime.table
        if not table.is_seated(member.id) and not (invited and member.id in table.invited):
            refusal = TableError("not_seated_other", player=member.display_name)
            await answer(interaction, refusal_text(refusal, interaction))
            return None
        return runtime

    async def add_bot(self, interaction: discord.Interaction, level: str) -> None:
        """``/tonk addbot``: the host seats a computer player."""
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        await runtime.transact(
            lambda table: table.add_bot(interaction.user.id, level, self.clock.now()),
            interaction=interaction,
            reply=lambda seat: self._say(interaction, "bots.reply.added", player=seat.name),
        )

    async def remove_bot(self, interaction: discord.Interaction, name: str | None) -> None:
        """``/tonk removebot``: the host stands a computer player up."""
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        manager = interaction.permissions.manage_guild
        await runtime.transact(
            lambda table: table.remove_bot(interaction.user.id, name, manager, self.clock.now()),
            interaction=interaction,
            reply=lambda player: self._say(interaction, "bots.reply.removed", player=player),
        )

    async def end(self, interaction: discord.Interaction) -> None:
        defer_as(interaction, Defer.PUBLIC)
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        manager = interaction.permissions.manage_guild
        player = interaction.user.display_name
        closed = text("table.reply.closed", runtime.table.locale, player=player)
        await runtime.transact(
            lambda table: table.close(interaction.user.id, manager),
            interaction=interaction,
            reply=lambda _: answer(interaction, closed, ephemeral=False),
        )

    async def channel_gone(self, channel_id: int) -> None:
        """The channel (or thread) was deleted: its table closes, a hand in progress
        abandoned without payments (as ``/tonk end`` does), so no timer plays on unseen."""
        runtime = self.tables.in_channel(channel_id)
        if runtime is not None:
            await runtime.transact(lambda table: table.shut())

    async def close_vanished(self, on_shard: Callable[[int], bool]) -> None:
        """Once a shard is ready, or one of its servers is back from an outage: close the
        tables of those servers (those ``on_shard`` is true of) whose channel was deleted, or
        whose server the bot left, while it was away (a server Discord says is unavailable is
        left alone, until it is back)."""
        async with self._looking_for_vanished:
            for runtime in self.tables:
                table = runtime.table
                if not on_shard(table.guild_id):
                    continue
                guild = self.bot.get_guild(table.guild_id)
                if guild is None or (
                    not guild.unavailable
                    and guild.get_channel_or_thread(table.channel_id) is None
                    and await self._gone(table.channel_id)
                ):
                    await runtime.transact(lambda table: table.shut())

    async def _channel_of(
        self, guild: discord.Guild, channel_id: int
    ) -> discord.abc.GuildChannel | discord.Thread | None:
        """A table's channel or thread: from the bot's cache, else (a thread archived, which
        the cache does not hold) as Discord gives it; None where Discord does not."""
        cached = guild.get_channel_or_thread(channel_id)
        if cached is not None:
            return cached
        try:
            fetched = await self.bot.fetch_channel(channel_id)
        except DISCORD_FAILURES as failed:
            log.info("channel %d of an open table could not be looked up: %s", channel_id, failed)
            return None
        if isinstance(fetched, discord.Thread) and fetched.parent is not None:
            return fetched
        return None

    async def _seen_by(
        self, guild: discord.Guild, user: discord.User | discord.Member, channel_id: int
    ) -> discord.abc.GuildChannel | discord.Thread | None:
        """A table's channel or thread, if ``user`` (a member of ``guild``) can see it."""
        channel = await self._channel_of(guild, channel_id)
        if channel is None or not isinstance(user, discord.Member):
            return None
        return channel if channel.permissions_for(user).view_channel else None

    async def _gone(self, channel_id: int) -> bool:
        """Whether Discord says the channel is gone, or out of the bot's sight. Asked of a
        channel missing from the bot's cache, which holds no archived thread: a table's
        thread archived meanwhile is still there, and its table plays on."""
        try:
            await self.bot.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return True
        except DISCORD_FAILURES as failed:
            log.warning(
                "channel %d could not be looked up, its table stays: %s", channel_id, failed
            )
            return False
        return False

    async def guild_gone(self, guild_id: int) -> None:
        """The bot left the server, or was removed from it: the server's tables close."""
        for runtime in self.tables:
            if runtime.table.guild_id == guild_id:
                await runtime.transact(lambda table: table.shut())

    async def big_one(self, interaction: discord.Interaction, hands: int) -> None:
        """``/tonk bigone``: the host announces the last deals at double stakes (O44)."""
        defer_as(interaction, Defer.PUBLIC)
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        player = interaction.user.display_name
        said = text("table.notice.big_one", runtime.table.locale, player=player, hands=hands)
        await runtime.transact(
            lambda table: table.announce_big_one(interaction.user.id, hands, self.clock.now()),
            interaction=interaction,
            reply=lambda _: answer(interaction, said, ephemeral=False),
        )

    async def change_setup(self, interaction: discord.Interaction, change: SetupChange) -> None:
        """``/tonk settings``: the host changes the table (its rules and stake before the
        first deal; another preset comes with the server's house rules, as ``/tonk new``
        would open it); the channel is told what changed. A table made private offers its
        host, privately, the menu of members to invite."""
        defer_as(interaction, Defer.PUBLIC)
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        server_options: Mapping[str, object] = {}
        if change.preset is not None:
            guild, channel = interaction.guild_id or 0, interaction.channel_id or 0
            server_options = (await new_table_defaults(self.bot, guild, channel)).options

        def op(table: Table) -> tuple[Setup, Setup]:
            before = table.setup
            after = table.change_setup(
                interaction.user.id, lambda s: change.applied(s, server_options), self.clock.now()
            )
            return before, after

        async def reply(setups: tuple[Setup, Setup]) -> None:
            mentions = command_mentions(self.bot.command_id)
            said = change.said(*setups, runtime.table.locale, mentions)
            await answer(interaction, said, ephemeral=False)
            before, after = setups
            if after.private and not before.private:
                await self._offer_invitations(interaction, runtime)

        await runtime.transact(op, interaction=interaction, reply=reply)

    async def show_rules(self, interaction: discord.Interaction, preset: str | None) -> None:
        """A preset's rules, or the rules of the channel's table (else the standard game)."""
        locale = locale_of(interaction)
        runtime = self.tables.in_channel(interaction.channel_id or 0)
        if preset is not None or runtime is None:
            try:
                rules = build_rules(preset or "standard")
            except RulesError as refusal:
                await answer(interaction, refusal_text(refusal, interaction))
                return
            embed = rules_embed(rules, locale)
        else:
            embed = rules_embed(runtime.table.rules, locale, runtime.table.stake)
        await show(interaction, embed=embed, view=learn_button(locale), ephemeral=True)

    async def open_panel(self, interaction: discord.Interaction) -> None:
        """``/tonk hand``: the player's private panel."""
        runtime = await self._channel_table(interaction)
        if runtime is not None:
            await panels.open_panel(interaction, runtime, None)

    async def list_tables(self, interaction: discord.Interaction) -> None:
        """``/tonk tables``: the server's open tables in the channels the member can see."""
        defer_as(interaction, Defer.EPHEMERAL)
        locale = locale_of(interaction)
        guild, member = interaction.guild, interaction.user
        found = []
        for runtime in self.tables:
            table = runtime.table
            if guild is None or table.guild_id != guild.id:
                continue
            channel = await self._seen_by(guild, member, table.channel_id)
            if channel is not None:
                found.append(listed(table, locale, member.id, f"#{channel.name}"))
        await show(
            interaction,
            embed=open_tables_embed(found, locale, command_id(interaction)),
            view=join_view(joinable(found)),
            ephemeral=True,
        )

    async def join_listed(self, interaction: discord.Interaction, table_id: int) -> None:
        """A Join button of the ``/tonk tables`` list: a seat at that table, wherever it is,
        said privately with a link to it (the list stays as it was)."""
        runtime = await self._component_table(interaction, table_id)
        if runtime is None:
            return
        user, guild, channel_id = interaction.user, interaction.guild, runtime.table.channel_id
        if guild is None or await self._seen_by(guild, user, channel_id) is None:
            await self._say(interaction, "table.refusal.channel_hidden")
            return
        seat = Seat(user.id, user.display_name)
        await runtime.transact(
            lambda table: table.join(seat, self.clock.now()),
            interaction=interaction,
            reply=lambda _: self._say(
                interaction,
                "table.reply.joined_there",
                host=runtime.table.name_of(runtime.table.host_id),
                channel=f"<#{channel_id}>",
                link=table_link(runtime.table),
            ),
        )

    async def repost(self, interaction: discord.Interaction) -> None:
        """``/tonk table``: the table message again, at the bottom of the channel."""
        defer_as(interaction, Defer.PUBLIC)
        runtime = await self._channel_table(interaction)
        if runtime is None:
            return
        await runtime.post_table_message(interaction)

    # -- components ------------------------------------------------------------------------

    async def table_button(self, interaction: discord.Interaction, key: TableKey) -> None:
        """A click on a table message's button: its response updates that message.

        Draw, Take and Drop are taken at their word while their meaning holds: the engine
        checks that the clicker is to act and may, and Take needs the same card on top, so
        a click on a message a second behind the table still plays, and a double click acts
        once.
        """
        button = _button(key.action)
        if button == TableButton.AGAIN:
            await self.open_again(interaction, key.table_id)
            return
        if button == TableButton.MY_HAND:
            defer_as(interaction, Defer.EPHEMERAL)
        runtime = await self._component_table(interaction, key.table_id)
        if runtime is None:
            return
        if button == TableButton.MY_HAND:
            await panels.open_panel(interaction, runtime, key.hand)
            return
        if button == TableButton.INVITE:
            await self._offer_invitations(interaction, runtime)
            return
        if button == TableButton.DROP and await panels.confirm_drop(interaction, runtime, key.hand):
            return
        user = interaction.user
        clicked = interaction.message.id if interaction.message else None

        def op(table: Table) -> Departure | None:
            if table.message_id is not None and clicked != table.message_id:
                raise TableError("old_message", link=table_link(table))
            now = self.clock.now()
            match button:
                case TableButton.DRAW | TableButton.TAKE | TableButton.DROP:
                    require_hand(table, key.hand)
                    require_top(table, key.cards)
                    table.act(user.id, Kind(button), now)  # named as the moves they make
                case TableButton.JOIN:
                    table.join(Seat(user.id, user.display_name), now)
                case TableButton.LEAVE:
                    return table.leave(user.id, now)
                case TableButton.START:
                    table.start(user.id, now)
                case TableButton.NEXT:
                    table.next_hand(now, by=user.id)
                case (
                    TableButton.MY_HAND
                    | TableButton.INVITE
                    | TableButton.AGAIN
                    | TableButton.REPLAY
                    | TableButton.LEARN
                    | None
                ):
                    raise TableError("stale")  # answered above, their own routes, or unknown
                case _:
                    assert_never(button)
            return None

        async def reply(outcome: Departure | None) -> None:
            await runtime.screens.answer_on_table_message(interaction)
            if button == TableButton.LEAVE:
                self._leave_notice(runtime, user.id, outcome)

        await runtime.transact(op, interaction=interaction, reply=reply)

    async def panel_button(self, interaction: discord.Interaction, key: PanelKey) -> None:
        """A move on a private panel (or Refresh); the panel updates in place."""
        runtime = await self._component_table(interaction, key.table_id)
        if runtime is None:
            return
        user_id = interaction.user.id
        match button := _panel_button(key.action):
            case PanelButton.REFRESH | PanelButton.HINT:
                selection = runtime.screens.panel_selection(user_id)
                await panels.show_panel_again(
                    interaction, runtime, key.hand, selection, hint=button == PanelButton.HINT
                )
                return
            case Kind() | None:
                pass
            case _:
                assert_never(button)

        def op(table: Table) -> None:
            require_hand(table, key.hand)
            require_version(table, key.version)
            if button is None:
                raise TableError("stale")
            table.act(user_id, button, self.clock.now(), key.cards, key.spread)

        await runtime.transact(
            op,
            interaction=interaction,
            reply=lambda _: panels.update_panel(interaction, runtime, 0),
            refuse=lambda sentence: panels.update_panel(interaction, runtime, key.cards, sentence),
            except_panel=user_id,
        )

    async def card_pick(
        self, interaction: discord.Interaction, key: PickKey, values: list[str]
    ) -> None:
        """Cards picked in the panel's menu: the panel shows what they allow."""
        runtime = await self._component_table(interaction, key.table_id)
        if runtime is None:
            return
        try:
            selection = mask_of(parse_card(v) for v in values)
        except CardError:
            selection = 0
        await panels.show_panel_again(interaction, runtime, key.hand, selection)

    # -- finding the table -------------------------------------------------------------------

    async def _channel_table(self, interaction: discord.Interaction) -> TableRuntime | None:
        runtime = self.tables.in_channel(interaction.channel_id or 0)
        if runtime is None:
            await self._say(interaction, "table.refusal.no_table")
        return runtime

    async def _component_table(
        self, interaction: discord.Interaction, table_id: int
    ) -> TableRuntime | None:
        runtime = self.tables.get(table_id)
        if runtime is None:
            await self._say(interaction, "table.refusal.old_table")
        return runtime

    async def _say(self, interaction: discord.Interaction, key: str, **params: object) -> None:
        mentions = command_mentions(command_id(interaction))
        await answer(interaction, render(key, mentions | params, locale_of(interaction)))

    def _leave_notice(self, runtime: TableRuntime, user_id: int, outcome: Departure | None) -> None:
        """Tell the channel that a player left mid-hand, or that the last one left."""
        table = runtime.table
        player = table.name_of(user_id)
        if outcome == Departure.LEAVING:
            runtime.screens.notice(text("table.notice.left", table.locale, player=player))
        elif outcome == Departure.TABLE_EMPTY:
            runtime.screens.notice(text("table.notice.empty", table.locale))
