"""Keeping what players see current: the table message, private DMs and open panels.

Edits are coalesced (``Coalescer``): at most about one per interval per table message, DM
and panel, each showing the latest state when it runs. Table-message and panel edits are
rendered under the table's lock and sent outside it; one that may have crossed a click's own
response is sent again, so that what players see always ends on the latest state.

The table message of a hand stays in the channel with the hand's result: when the next hand
is dealt (or the table goes back to its lobby) it loses its buttons and a new table message
is posted. The lobby message itself becomes the first hand's table message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.client import show, update
from bot.config import Timing
from bot.engine.hand import OVER
from bot.i18n import text
from bot.render.dm import dm_over_text, dm_text
from bot.render.links import jump_url
from bot.render.panel import panel_controls, panel_embed
from bot.render.table import table_controls, table_embed
from bot.tables.registry import TableRegistry
from bot.tables.table import CLOSED, LOBBY, Table
from bot.tables.views import PublicTable, hand_key, private_hand, private_key, public_table
from cogs.tonk.coalesce import Coalescer
from cogs.tonk.views import panel_view, table_view

log = logging.getLogger(__name__)

Era = tuple[str, int]
HAND = "hand"


@dataclass(frozen=True, slots=True)
class Shown:
    """What the table message shows: its id, the era (lobby or hand N) and the version."""

    message_id: int
    era: Era
    version: int


@dataclass(frozen=True, slots=True)
class SentDM:
    """The DM of one player for one hand, and the text it shows."""

    hand: int
    channel_id: int
    message_id: int
    content: str


@dataclass
class Panel:
    """A player's open "My hand" panel: the interaction whose message it is, the cards the
    player picked, what it shows (``private_key``; None: unknown) and the player's language."""

    interaction: discord.Interaction
    selection: int
    shows: tuple[object, ...] | None
    locale: str


def era_of(table: Table, shown: Shown | None) -> Era:
    """A lobby (after N hands) or hand N; a closed table stays in the era it closed in."""
    if table.status == CLOSED:
        return shown.era if shown else ("lobby", table.hand_number)
    if table.status == LOBBY:
        return ("lobby", table.hand_number)
    return (HAND, table.hand_number)


class TableMessages:
    """The messages of every table: rendering them and keeping them current."""

    def __init__(self, bot: discord.Client, registry: TableRegistry, timing: Timing) -> None:
        self._bot = bot
        self._registry = registry
        self._updates = Coalescer(timing.edit_interval)
        self._shown: dict[int, Shown] = {}
        self._finals: dict[tuple[int, int], PublicTable] = {}
        self._dms: dict[tuple[int, int], SentDM] = {}
        self._dm_blocked: set[tuple[int, int]] = set()
        self._panels: dict[tuple[int, int], Panel] = {}
        self._dm_shows: dict[tuple[int, int], tuple[object, ...]] = {}
        self._snapshots: dict[int, PublicTable] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    # -- rendering ---------------------------------------------------------------------------

    def public(self, table: Table) -> PublicTable:
        """The table's public snapshot, made once per version."""
        snapshot = self._snapshots.get(table.id)
        if snapshot is None or snapshot.version != table.version:
            snapshot = self._snapshots[table.id] = public_table(table)
        return snapshot

    def table_message(self, table: Table) -> tuple[discord.Embed, discord.ui.View]:
        """The table message for the table's current state."""
        public = self.public(table)
        controls = table_controls(public, table.locale)
        embed = table_embed(public, table.locale)
        return embed, table_view(table.id, table.hand_number, table.version, controls)

    def panel_message(
        self, table: Table, user_id: int, selection: int, locale: str
    ) -> tuple[discord.Embed, discord.ui.View] | None:
        """``user_id``'s private panel, or None when they don't play in the hand."""
        hand = private_hand(table, user_id, selection, self.public(table))
        if hand is None:
            return None
        controls = panel_controls(hand, locale)
        view = panel_view(table.id, table.hand_number, table.version, controls)
        return panel_embed(hand, locale), view

    # -- what interactions showed ------------------------------------------------------------

    async def answer_on_table_message(self, interaction: discord.Interaction, table: Table) -> None:
        """Update the table message the player clicked through the interaction's response.

        If the message's hand is over and another began, it keeps the hand's result without
        buttons, and the new table message is posted by the next sync.
        """
        shown = self._shown.get(table.id)
        era = era_of(table, shown)
        final = self._finals.get((table.id, shown.era[1])) if shown else None
        if shown is not None and shown.era != era and shown.era[0] == HAND and final is not None:
            embed = table_embed(final, table.locale, final=True)
            await update(interaction, embed=embed, view=discord.ui.View())
            del self._finals[(table.id, shown.era[1])]
            del self._shown[table.id]
            table.message_id = None
        else:
            embed, view = self.table_message(table)
            await update(interaction, embed=embed, view=view)
            if interaction.message is not None:
                table.message_id = interaction.message.id
                self._shown[table.id] = Shown(interaction.message.id, era, table.version)
        self.sync(table)

    async def post_table_message(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer a command with a new table message at the bottom of the channel (the
        previous one, if any, is deleted)."""
        old = table.message_id
        embed, view = self.table_message(table)
        message_id = await show(interaction, embed=embed, view=view, ephemeral=False)
        table.message_id = message_id
        self._shown[table.id] = Shown(message_id, era_of(table, None), table.version)
        if old is not None and old != message_id:
            self._spawn(self._channel(table).get_partial_message(old).delete())

    def hand_finished(self, table: Table) -> None:
        """Keep the public view of the hand that just ended, for its message to keep."""
        self._finals[(table.id, table.hand_number)] = self.public(table)

    def panel_shown(
        self, table: Table, user_id: int, interaction: discord.Interaction, selection: int
    ) -> None:
        """``interaction``'s message is now ``user_id``'s panel, at the current version."""
        self._panels[(table.id, user_id)] = Panel(
            interaction, selection, private_key(table, user_id), str(interaction.locale)
        )

    def panel_selection(self, table: Table, user_id: int) -> int:
        panel = self._panels.get((table.id, user_id))
        return panel.selection if panel else 0

    # -- keeping things current --------------------------------------------------------------

    def sync(self, table: Table, *, except_panel: int | None = None) -> None:
        """Bring the table message up to date, and every player's DM and open panel where
        what they show changed (``hand_key``, ``private_key``).

        A player who plays their turn through an open panel sees their hand there: their DM
        catches up when the turn passes, instead of being edited at every move.
        """
        self._request_table(table)
        if table.status == CLOSED:
            return
        for user_id in table.hand_players:
            if table.is_bot(user_id):
                continue  # a computer player has no DM and no panel
            key = (table.id, user_id)
            panel = self._panels.get(key)
            in_panel = panel is not None and table.to_act_id == user_id
            dm_shows = hand_key(table, user_id)
            if key not in self._dm_blocked and not in_panel and self._dm_shows.get(key) != dm_shows:
                self._dm_shows[key] = dm_shows
                self._request_dm(table, user_id)
            if (
                panel is not None
                and user_id != except_panel
                and panel.shows != private_key(table, user_id)
            ):
                self._request_panel(table, user_id)

    def notice(self, table: Table, content: str) -> None:
        """Tell the channel something (no card of any hand may be in ``content``)."""
        self._spawn(self._channel(table).send(content))

    async def drain(self) -> None:
        """Wait until every pending edit and notice is done (for tests and shutdown)."""
        while self._updates.busy() or self._tasks:
            await self._updates.drain()
            if self._tasks:
                await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def close(self) -> None:
        self._updates.cancel()
        for task in self._tasks:
            task.cancel()

    def _request_table(self, table: Table) -> None:
        self._updates.request(("table", table.id), lambda: self._sync_table(table))

    async def _sync_table(self, table: Table) -> None:
        """Bring the table message up to date.

        Posting a new message (and finalizing the finished hand's) happens under the table's
        lock. A plain edit is rendered under the lock but sent outside it, so that it never
        holds up a player's click; if a click showed the message meanwhile, the two edits may
        have landed in either order, so the edit is made once more.
        """
        async with self._registry.lock(table.id):
            shown = self._shown.get(table.id)
            era = era_of(table, shown)
            if (
                shown is not None
                and shown.message_id == table.message_id
                and shown.era == era
                and shown.version >= table.version
            ):
                return
            if (
                shown is None
                or shown.message_id != table.message_id
                or shown.era != era
                or table.status == CLOSED
                or table.message_id is None
            ):
                await self._replace_table_message(table, shown, era)
                return
            embed, view = self.table_message(table)
            ours = Shown(table.message_id, era, table.version)
            self._shown[table.id] = ours
        try:
            await (
                self._channel(table)
                .get_partial_message(ours.message_id)
                .edit(embed=embed, view=view)
            )
        except discord.NotFound:
            if table.message_id == ours.message_id:
                table.message_id = None
            self._request_table(table)
            return
        current = self._shown.get(table.id)
        if current is not ours and current is not None and current.message_id == ours.message_id:
            self._shown[table.id] = replace(current, version=-1)
            self._request_table(table)

    async def _replace_table_message(self, table: Table, shown: Shown | None, era: Era) -> None:
        """A new era (a hand dealt, back to the lobby) or a closed table: under the lock."""
        channel = self._channel(table)
        if (
            shown is not None
            and shown.message_id == table.message_id
            and shown.era != era
            and shown.era[0] == HAND
            and table.status != CLOSED
        ):
            await self._finalize(channel, table, shown)
            table.message_id = None
        embed, view = self.table_message(table)
        if table.message_id is not None:
            try:
                await channel.get_partial_message(table.message_id).edit(embed=embed, view=view)
            except discord.NotFound:
                table.message_id = None
        if table.message_id is None:
            table.message_id = (await channel.send(embed=embed, view=view)).id
        self._shown[table.id] = Shown(table.message_id, era, table.version)
        if table.status == CLOSED:
            self._forget(table)

    async def _finalize(
        self, channel: discord.PartialMessageable, table: Table, shown: Shown
    ) -> None:
        """Leave the finished hand's message with its result and no buttons."""
        final = self._finals.pop((table.id, shown.era[1]), None)
        if final is None:
            return
        try:
            await channel.get_partial_message(shown.message_id).edit(
                embed=table_embed(final, table.locale, final=True), view=discord.ui.View()
            )
        except discord.NotFound:
            log.info("table %d: the message of hand %d was deleted", table.id, final.hand_number)

    def _request_dm(self, table: Table, user_id: int) -> None:
        key = ("dm", table.id, user_id)
        self._updates.request(key, lambda: self._sync_dm(table, user_id))

    async def _sync_dm(self, table: Table, user_id: int) -> None:
        key = (table.id, user_id)
        hand = private_hand(table, user_id, public=self.public(table))
        if hand is None or key in self._dm_blocked or table.status == CLOSED:
            return
        guild, place = self._place(table)
        if hand.legal.phase == OVER:
            link = jump_url(table.guild_id, table.channel_id, table.message_id)
            content = dm_over_text(guild, place, hand.hand_number, link, table.locale)
        else:
            content = dm_text(guild, place, hand.hand_number, hand.cards, hand.count, table.locale)
        sent = self._dms.get(key)
        if sent is not None and sent.hand == hand.hand_number:
            if sent.content != content:
                dm = self._bot.get_partial_messageable(sent.channel_id)
                await dm.get_partial_message(sent.message_id).edit(content=content)
                self._dms[key] = replace(sent, content=content)
            return
        if hand.legal.phase == OVER:
            return
        try:
            channel = await self._bot.create_dm(discord.Object(user_id))
            message = await channel.send(content)
        except discord.Forbidden:
            self._dm_blocked.add(key)
            player = table.name_of(user_id)
            self.notice(table, text("table.notice.dm_failed", table.locale, player=player))
            return
        self._dms[key] = SentDM(hand.hand_number, channel.id, message.id, content)

    def _request_panel(self, table: Table, user_id: int) -> None:
        key = ("panel", table.id, user_id)
        self._updates.request(key, lambda: self._sync_panel(table, user_id))

    async def _sync_panel(self, table: Table, user_id: int) -> None:
        """Refresh an open panel: rendered under the lock, sent outside it (and sent again if
        the player's own click showed the panel meanwhile)."""
        key = (table.id, user_id)
        async with self._registry.lock(table.id):
            panel = self._panels.get(key)
            shows = private_key(table, user_id)
            if panel is None or panel.shows == shows or table.status == CLOSED:
                return
            rendered = self.panel_message(table, user_id, panel.selection, panel.locale)
            if rendered is None:
                del self._panels[key]
                return
            panel.shows = shows
        embed, view = rendered
        try:
            await panel.interaction.edit_original_response(content=None, embed=embed, view=view)
        except discord.HTTPException:
            if self._panels.get(key) is panel:
                del self._panels[key]
            return
        newer = self._panels.get(key)
        if newer is not None and newer is not panel:
            newer.shows = None
            self._request_panel(table, user_id)

    # -- helpers -------------------------------------------------------------------------

    def _channel(self, table: Table) -> discord.PartialMessageable:
        return self._bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def _place(self, table: Table) -> tuple[str, str]:
        """The server's and channel's names, for a DM."""
        channel = self._bot.get_channel(table.channel_id)
        guild = getattr(channel, "guild", None)
        return (getattr(guild, "name", ""), getattr(channel, "name", ""))

    def _forget(self, table: Table) -> None:
        self._shown.pop(table.id, None)
        self._snapshots.pop(table.id, None)
        for store in (self._finals, self._dms, self._panels, self._dm_shows):
            for key in [k for k in store if k[0] == table.id]:
                del store[key]
        self._dm_blocked = {k for k in self._dm_blocked if k[0] != table.id}

    def _spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a message could not be sent", exc_info=task.exception())
