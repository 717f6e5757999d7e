"""The tables service: what the slash commands and components do, one table at a time.

Every change to a table happens while holding that table's lock, in four steps: check and
apply (``bot.tables``; a refusal becomes an ephemeral sentence and changes nothing), commit
the new version (``TableRegistry.save``), answer the interaction, then bring messages and
timers up to date. An interaction that waits too long for its table is deferred, so that it
is always answered within Discord's three seconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.client import answer, locale_of, show, update
from bot.engine.actions import DRAW, DROP, KINDS, TAKE
from bot.engine.cards import CardError, mask_of, parse_card
from bot.engine.errors import IllegalAction
from bot.engine.rules import RulesError, build_rules
from bot.engine.summary import describe
from bot.i18n import text
from bot.render.panel import REFRESH
from bot.render.rules import rules_embed
from bot.render.table import JOIN, LEAVE, MY_HAND, NEXT, START
from bot.tables.errors import TableError, refusal_message
from bot.tables.table import CLOSED, LEAVING, TABLE_EMPTY, Seat, Table
from cogs.tonk.bots import BotDriver
from cogs.tonk.components import PanelKey, PickKey, TableKey
from cogs.tonk.deadlines import Deadlines, finished_hands
from cogs.tonk.messages import TableMessages

if TYPE_CHECKING:
    from bot.client import TonkBot

T = TypeVar("T")
TURN_MOVES = (DRAW, TAKE, DROP)


def _require_version(table: Table, version: int) -> None:
    if version != table.version:
        raise TableError("stale")


def _require_hand(table: Table, hand: int) -> None:
    if hand != table.hand_number:
        raise TableError("old_hand", number=hand)


def jump_url(table: Table) -> str:
    """A link to the table message (or to the channel)."""
    place = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    return f"{place}/{table.message_id}" if table.message_id else place


class TableService:
    """Commands and clicks in; table changes, replies, messages and timers out."""

    def __init__(self, bot: TonkBot) -> None:
        self.bot = bot
        self.tables = bot.tables
        self.clock = bot.clock
        self.timing = bot.timing
        self.messages = TableMessages(bot, bot.tables, bot.timing)
        self.deadlines = Deadlines(bot.tables, bot.clock, bot.timing, self.messages)
        self.bots = BotDriver(self.deadlines, bot.clock, bot.timing)
        self.deadlines.wake = self.bots.poke

    def close(self) -> None:
        """Stop every timer, computer player and pending edit (the cog is unloading)."""
        self.bots.close()
        self.deadlines.close()
        self.messages.close()

    # -- commands ----------------------------------------------------------------------------

    async def new_table(
        self,
        interaction: discord.Interaction,
        preset: str,
        stake: int,
        seats: int,
        turn_timeout: float | None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        """Open a table in the channel, hosted by the member who asked, with the server's
        default house rules (``/tonk config option``) over the preset."""
        locale = locale_of(interaction)
        existing = self.tables.in_channel(interaction.channel_id or 0)
        if existing is not None:
            link = jump_url(existing)
            await answer(interaction, text("table.refusal.channel_taken_link", locale, link=link))
            return
        host = Seat(interaction.user.id, interaction.user.display_name)
        try:
            rules = build_rules(preset, options)
            table = await self.tables.create(
                lambda table_id: Table.open(
                    table_id,
                    interaction.guild_id or 0,
                    interaction.channel_id or 0,
                    host,
                    rules,
                    now=self.clock.now(),
                    stake=stake,
                    max_seats=seats,
                    turn_timeout=turn_timeout,
                    locale=str(interaction.guild_locale or "en"),
                    shuffler=self.bot.new_shuffler(),
                )
            )
        except (TableError, RulesError) as refusal:
            await answer(interaction, refusal_message(refusal, locale))
            return
        async with self.tables.lock(table.id):
            await self.tables.save(table)
            await self.messages.post_table_message(interaction, table)
        self.deadlines.arm(table)

    async def join(self, interaction: discord.Interaction) -> None:
        table = await self._channel_table(interaction)
        if table is None:
            return
        seat = Seat(interaction.user.id, interaction.user.display_name)
        await self._change(
            interaction,
            table,
            lambda: table.join(seat, self.clock.now()),
            lambda _: self._say(interaction, "table.reply.joined"),
        )

    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self._channel_table(interaction)
        if table is None:
            return
        user_id = interaction.user.id

        async def reply(outcome: str) -> None:
            key = "table.reply.leaving" if outcome == LEAVING else "table.reply.left"
            await self._say(interaction, key)
            self._leave_notice(table, user_id, outcome)

        await self._change(
            interaction, table, lambda: table.leave(user_id, self.clock.now()), reply
        )

    async def start(self, interaction: discord.Interaction) -> None:
        table = await self._channel_table(interaction)
        if table is None:
            return
        await self._change(
            interaction,
            table,
            lambda: table.start(interaction.user.id, self.clock.now()),
            lambda _: self._say(interaction, "table.reply.started"),
        )

    async def kick(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        table = await self._channel_table(interaction)
        if table is None:
            return
        manager = interaction.permissions.manage_guild

        async def reply(outcome: str) -> None:
            player = table.name_of(member.id)
            await self._say(interaction, "table.reply.kicked", player=player)
            key = "table.notice.kicked_leaving" if outcome == LEAVING else "table.notice.kicked"
            self.messages.notice(table, text(key, table.locale, player=player))

        await self._change(
            interaction,
            table,
            lambda: table.kick(interaction.user.id, member.id, manager, self.clock.now()),
            reply,
        )

    async def add_bot(self, interaction: discord.Interaction, level: str) -> None:
        """``/tonk addbot``: the host seats a computer player."""
        table = await self._channel_table(interaction)
        if table is None:
            return
        await self._change(
            interaction,
            table,
            lambda: table.add_bot(interaction.user.id, level, self.clock.now()),
            lambda seat: self._say(interaction, "bots.reply.added", player=seat.name),
        )

    async def remove_bot(self, interaction: discord.Interaction, name: str | None) -> None:
        """``/tonk removebot``: the host stands a computer player up."""
        table = await self._channel_table(interaction)
        if table is None:
            return
        manager = interaction.permissions.manage_guild
        await self._change(
            interaction,
            table,
            lambda: table.remove_bot(interaction.user.id, name, manager, self.clock.now()),
            lambda player: self._say(interaction, "bots.reply.removed", player=player),
        )

    async def end(self, interaction: discord.Interaction) -> None:
        table = await self._channel_table(interaction)
        if table is None:
            return
        manager = interaction.permissions.manage_guild
        closed = text("table.reply.closed", table.locale, player=interaction.user.display_name)
        await self._change(
            interaction,
            table,
            lambda: table.close(interaction.user.id, manager),
            lambda _: answer(interaction, closed, ephemeral=False),
            public=True,
        )

    async def big_one(self, interaction: discord.Interaction, hands: int) -> None:
        """``/tonk bigone``: the host announces the last deals at double stakes (O44)."""
        table = await self._channel_table(interaction)
        if table is None:
            return
        said = text(
            "table.notice.big_one",
            table.locale,
            player=interaction.user.display_name,
            hands=hands,
        )
        await self._change(
            interaction,
            table,
            lambda: table.announce_big_one(interaction.user.id, hands, self.clock.now()),
            lambda _: answer(interaction, said, ephemeral=False),
            public=True,
        )

    async def change_option(self, interaction: discord.Interaction, name: str, value: str) -> None:
        table = await self._channel_table(interaction)
        if table is None:
            return

        async def reply(_: None) -> None:
            now = table.rules.options()[name]
            shown = str(now).lower() if isinstance(now, bool) else str(now)
            sentence = describe(name, now, table.locale)
            said = text("table.reply.option", table.locale, option=name, value=shown, rule=sentence)
            await answer(interaction, said, ephemeral=False)

        await self._change(
            interaction,
            table,
            lambda: table.change_option(interaction.user.id, name, value, self.clock.now()),
            reply,
            public=True,
        )

    async def show_rules(self, interaction: discord.Interaction, preset: str | None) -> None:
        """A preset's rules, or the rules of the channel's table (else the standard game)."""
        locale = locale_of(interaction)
        table = self.tables.in_channel(interaction.channel_id or 0)
        if preset is not None or table is None:
            try:
                rules = build_rules(preset or "standard")
            except RulesError as refusal:
                await answer(interaction, refusal_message(refusal, locale))
                return
            embed = rules_embed(rules, locale)
        else:
            embed = rules_embed(table.rules, locale, table.stake)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def open_panel(self, interaction: discord.Interaction) -> None:
        """``/tonk hand``: the player's private panel."""
        table = await self._channel_table(interaction)
        if table is not None:
            await self._open_panel(interaction, table, None)

    async def repost(self, interaction: discord.Interaction) -> None:
        """``/tonk table``: the table message again, at the bottom of the channel."""
        table = await self._channel_table(interaction)
        if table is None:
            return
        async with self._locked(interaction, table, public=True):
            await self.messages.post_table_message(interaction, table)

    # -- components ------------------------------------------------------------------------

    async def table_button(self, interaction: discord.Interaction, key: TableKey) -> None:
        """A click on a table message's button: its response updates that message."""
        table = await self._component_table(interaction, key.table_id)
        if table is None:
            return
        if key.action == MY_HAND:
            await self._open_panel(interaction, table, key.hand)
            return
        user = interaction.user
        clicked = interaction.message.id if interaction.message else None

        def op() -> str | None:
            if table.message_id is not None and clicked != table.message_id:
                raise TableError("old_message", link=jump_url(table))
            now = self.clock.now()
            if key.action in TURN_MOVES:
                _require_hand(table, key.hand)
                _require_version(table, key.version)
                table.act(user.id, key.action, now)
            elif key.action == JOIN:
                table.join(Seat(user.id, user.display_name), now)
            elif key.action == LEAVE:
                return table.leave(user.id, now)
            elif key.action == START:
                table.start(user.id, now)
            elif key.action == NEXT:
                table.next_hand(now, by=user.id)
            else:
                raise TableError("stale")
            return None

        async def reply(outcome: str | None) -> None:
            await self.messages.answer_on_table_message(interaction, table)
            if key.action == LEAVE:
                self._leave_notice(table, user.id, outcome)

        await self._change(interaction, table, op, reply)

    async def panel_button(self, interaction: discord.Interaction, key: PanelKey) -> None:
        """A move on a private panel (or Refresh); the panel updates in place."""
        table = await self._component_table(interaction, key.table_id)
        if table is None:
            return
        user_id = interaction.user.id
        if key.action == REFRESH:
            selection = self.messages.panel_selection(table, user_id)
            await self._show_panel_again(interaction, table, key.hand, selection)
            return

        def op() -> None:
            _require_hand(table, key.hand)
            _require_version(table, key.version)
            if key.action not in KINDS:
                raise TableError("stale")
            table.act(user_id, key.action, self.clock.now(), key.cards, key.spread)

        await self._change(
            interaction,
            table,
            op,
            lambda _: self._update_panel(interaction, table, 0),
            refuse=lambda sentence: self._update_panel(interaction, table, key.cards, sentence),
            except_panel=user_id,
        )

    async def card_pick(
        self, interaction: discord.Interaction, key: PickKey, values: list[str]
    ) -> None:
        """Cards picked in the panel's menu: the panel shows what they allow."""
        table = await self._component_table(interaction, key.table_id)
        if table is None:
            return
        try:
            selection = mask_of(parse_card(v) for v in values)
        except CardError:
            selection = 0
        await self._show_panel_again(interaction, table, key.hand, selection)

    # -- the steps of a change ---------------------------------------------------------------

    async def _change(
        self,
        interaction: discord.Interaction,
        table: Table,
        op: Callable[[], T],
        reply: Callable[[T], Awaitable[None]],
        *,
        refuse: Callable[[str], Awaitable[None]] | None = None,
        public: bool = False,
        except_panel: int | None = None,
    ) -> None:
        """Check and apply ``op`` under the table's lock, commit, reply, then update the rest
        (except the panel of ``except_panel``, which the reply showed)."""
        locale = locale_of(interaction)
        async with self._locked(interaction, table, public=public):
            finished = finished_hands(table)
            try:
                if table.status == CLOSED:
                    raise TableError("table_closed")
                outcome = op()
            except (TableError, IllegalAction, RulesError) as refusal:
                sentence = refusal_message(refusal, locale)
                await (refuse(sentence) if refuse else answer(interaction, sentence))
                return
            await self.tables.save(table)
            if finished_hands(table) > finished:
                self.messages.hand_finished(table)
            await reply(outcome)
        self.messages.sync(table, except_panel=except_panel)
        self.deadlines.arm(table)

    @asynccontextmanager
    async def _locked(
        self, interaction: discord.Interaction, table: Table, *, public: bool = False
    ) -> AsyncIterator[None]:
        """Hold the table's lock; defer the interaction if the lock is slow to come."""
        lock = self.tables.lock(table.id)
        try:
            await asyncio.wait_for(lock.acquire(), self.timing.lock_patience)
        except TimeoutError:
            if not interaction.response.is_done():
                if interaction.type is discord.InteractionType.component:
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=not public, thinking=True)
            await lock.acquire()
        try:
            yield
        finally:
            lock.release()

    async def _channel_table(self, interaction: discord.Interaction) -> Table | None:
        table = self.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            await self._say(interaction, "table.refusal.no_table")
        return table

    async def _component_table(
        self, interaction: discord.Interaction, table_id: int
    ) -> Table | None:
        table = self.tables.get(table_id)
        if table is None:
            await self._say(interaction, "table.refusal.old_table")
        return table

    async def _say(self, interaction: discord.Interaction, key: str, **params: object) -> None:
        await answer(interaction, text(key, locale_of(interaction), **params))

    # -- panels ------------------------------------------------------------------------------

    async def _open_panel(
        self, interaction: discord.Interaction, table: Table, hand: int | None
    ) -> None:
        """A new private panel for the player (``hand``: the hand the button belongs to)."""
        locale = locale_of(interaction)
        async with self._locked(interaction, table):
            try:
                if hand is not None:
                    _require_hand(table, hand)
                rendered = self.messages.panel_message(table, interaction.user.id, 0, locale)
                if rendered is None:
                    raise TableError("not_in_hand")
            except TableError as refusal:
                await answer(interaction, refusal.message(locale))
                return
            embed, view = rendered
            await show(interaction, embed=embed, view=view, ephemeral=True)
            self.messages.panel_shown(table, interaction.user.id, interaction, 0)

    async def _show_panel_again(
        self, interaction: discord.Interaction, table: Table, hand: int, selection: int
    ) -> None:
        """The clicked panel as it is now, with ``selection`` picked (a panel of an earlier
        hand says so, and shows the hand in play)."""
        async with self._locked(interaction, table):
            if hand != table.hand_number:
                sentence = TableError("old_hand", number=hand).message(locale_of(interaction))
                await self._update_panel(interaction, table, 0, sentence)
            else:
                await self._update_panel(interaction, table, selection)

    async def _update_panel(
        self,
        interaction: discord.Interaction,
        table: Table,
        selection: int,
        notice: str | None = None,
    ) -> None:
        """Show the panel the player clicked as it is now, with ``notice`` above it."""
        locale = locale_of(interaction)
        rendered = self.messages.panel_message(table, interaction.user.id, selection, locale)
        if rendered is None:
            await update(
                interaction,
                content=notice or TableError("not_in_hand").message(locale),
                embed=None,
                view=discord.ui.View(),
            )
            return
        embed, view = rendered
        await update(interaction, content=notice, embed=embed, view=view)
        self.messages.panel_shown(table, interaction.user.id, interaction, selection)

    def _leave_notice(self, table: Table, user_id: int, outcome: str | None) -> None:
        """Tell the channel that a player left mid-hand, or that the last one left."""
        player = table.name_of(user_id)
        if outcome == LEAVING:
            self.messages.notice(table, text("table.notice.left", table.locale, player=player))
        elif outcome == TABLE_EMPTY:
            self.messages.notice(table, text("table.notice.empty", table.locale))
