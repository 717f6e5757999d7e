"""What players see of one table: its table message, the players' DMs and open panels
(and, through ``Announcements``, what the table says of itself outside its message).

``TableScreens`` belongs to the table's ``TableRuntime`` and holds every piece of Discord
state the table has; dropping it drops them all. Edits are coalesced (``Coalescer``, shared
by every table): at most about one per interval per table message, DM and panel, each
showing the latest state when it runs. Table-message and panel edits are rendered under the
table's lock and sent outside it; one that may have crossed a click's own response is sent
again, so that what players see always ends on the latest state. The table message's id is
part of the table's committed state: it changes only under the lock, and is committed then.

The table message of a hand stays in the channel with the hand's result: when the next hand
is dealt (or the table goes back to its lobby) it loses its buttons and a new table message
is posted. The lobby message itself becomes the first hand's table message.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.client import (
    DISCORD_FAILURES,
    discord_busy,
    edit_message,
    edit_original,
    failure_text,
    locale_of,
    member_locale,
    member_settings,
    show,
    update,
)
from bot.engine.hand import OVER
from bot.i18n import text
from bot.render.dm import dm_off_text, dm_over_text, dm_text
from bot.render.links import message_link
from bot.render.panel import panel_controls, panel_embed
from bot.render.table import final_controls, table_controls, table_embed
from bot.render.words import names_text
from bot.tables.table import CLOSED, LOBBY, HandDM, Table
from bot.tables.timers import Timers
from bot.tables.views import PublicTable, hand_key, private_hand, private_key, public_table
from cogs.tonk.announcements import Announcements
from cogs.tonk.views import panel_view, table_view

if TYPE_CHECKING:
    from cogs.tonk.runtime import TableRuntime

log = logging.getLogger(__name__)

PANEL_LIFETIME = 14 * 60.0
"""Discord lets a bot edit an interaction's message for 15 minutes; a panel says it expired
a minute before."""
LAST_RETRY = 60.0
"""A failed update of the table message or of a player's DM is tried again after
``Timing.message_retry``, then twice as long each time, up to this."""

Era = tuple[str, int]
HAND = "hand"


TABLE_PERMISSIONS = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
)
"""What a table needs of the bot in its channel, by ``discord.Permissions`` flag and by
Discord's name: each hand's table message is a new message there, with an embed (a slash
command's answer is not: it needs none of them)."""


THREAD_PERMISSIONS = (
    ("view_channel", "View Channel"),
    ("send_messages_in_threads", "Send Messages in Threads"),
    ("embed_links", "Embed Links"),
)
"""The same in a thread, where posting takes Send Messages in Threads."""


NEW_THREAD_PERMISSIONS = (
    ("view_channel", "View Channel"),
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
    ("embed_links", "Embed Links"),
)
"""What a table opened in a new thread (``/tonk new thread:True``) needs in the channel: the
thread starts from the command's answer, which needs none of them, and the table plays in
the thread."""


def missing_permissions(interaction: discord.Interaction, *, new_thread: bool = False) -> list[str]:
    """Discord's names of the permissions a table needs in the interaction's channel (or,
    with ``new_thread``, in a thread it starts there) that the bot lacks there (Discord
    sends the bot's permissions with every interaction)."""
    needed: tuple[tuple[str, str], ...]
    if new_thread:
        needed = NEW_THREAD_PERMISSIONS
    elif isinstance(interaction.channel, discord.Thread):
        needed = THREAD_PERMISSIONS
    else:
        needed = TABLE_PERMISSIONS
    granted = interaction.app_permissions
    return [name for flag, name in needed if not getattr(granted, flag)]


@dataclass(frozen=True, slots=True)
class Shown:
    """What the table message shows: its id, the era (lobby or hand N) and the version
    (None once an edit failed: what it shows is unknown)."""

    message_id: int
    era: Era
    version: int | None


@dataclass(frozen=True, slots=True)
class SentDM:
    """The DM of one player for one hand, and the digest of the text it shows."""

    hand: int
    channel_id: int
    message_id: int
    digest: str


def text_digest(content: str) -> str:
    """A short digest of a DM's text: whether an edit would change it."""
    return hashlib.blake2b(content.encode(), digest_size=8).hexdigest()


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


class Backoff:
    """Trying an update again after Discord failed it: after ``first`` seconds, then twice
    as long each time, up to :data:`LAST_RETRY`; a success starts over."""

    def __init__(self, first: float) -> None:
        self._first = first
        self.delay = first
        """The pause before the next try, once one fails."""
        self._handle: asyncio.TimerHandle | None = None

    def failed(self, again: Callable[[], None]) -> None:
        """Call ``again`` after :attr:`delay` (replacing a try still to come); the next
        pause is twice as long."""
        self.cancel()
        self._handle = asyncio.get_running_loop().call_later(self.delay, again)
        self.delay = min(self.delay * 2, LAST_RETRY)

    def succeeded(self) -> None:
        self.delay = self._first

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


class TableScreens:
    """One table's messages, DMs and panels: rendering them and keeping them current."""

    def __init__(self, runtime: TableRuntime) -> None:
        self._runtime = runtime
        self._id = runtime.table.id
        self._clock = runtime.host.clock
        self._timers = Timers(self._clock)
        self._first_retry = runtime.host.timing.message_retry
        self._table_retry = Backoff(self._first_retry)
        self._dm_retries: dict[int, Backoff] = {}
        self._panel_retries: dict[int, Backoff] = {}
        self._shown: Shown | None = None
        self._finals: dict[int, PublicTable] = {}
        self._dms: dict[int, SentDM] = {}
        self._panels: dict[int, Panel] = {}
        self._dm_shows: dict[int, tuple[object, ...]] = {}
        self._snapshot: PublicTable | None = None
        self._nudges = 0
        """Counts reminders asked for and dropped: a reminder posted after it was dropped
        deletes itself."""
        self._dropping: int | None = None
        """The reminder being deleted (it is deleted once)."""
        self.announcements = Announcements(runtime)
        """The table's role announcement and its thread's first message."""

    @property
    def _table(self) -> Table:
        return self._runtime.table

    @property
    def _bot(self) -> discord.Client:
        return self._runtime.host.bot

    @property
    def _replays(self) -> bool:
        """Finished hands are recorded (a database), so they can be replayed."""
        return self._runtime.host.bot.store is not None

    # -- rendering ---------------------------------------------------------------------------

    def public(self) -> PublicTable:
        """The table's public snapshot, made once per version."""
        table = self._table
        snapshot = self._snapshot
        if snapshot is None or snapshot.version != table.version:
            snapshot = self._snapshot = public_table(table)
        return snapshot

    def table_message(self) -> tuple[discord.Embed, discord.ui.View]:
        """The table message for the table's current state."""
        table = self._table
        controls = table_controls(self.public(), table.locale, replays=self._replays)
        embed = table_embed(self.public(), table.locale)
        return embed, table_view(table.id, table.hand_number, table.version, controls)

    def final_message(self, final: PublicTable) -> tuple[discord.Embed, discord.ui.View]:
        """A finished hand's message once the game has moved on: its result, and Replay."""
        locale = self._table.locale
        controls = final_controls(final, locale, replays=self._replays)
        view = table_view(final.table_id, final.hand_number, final.version, controls)
        return table_embed(final, locale, final=True), view

    def panel_message(
        self, user_id: int, selection: int, locale: str
    ) -> tuple[discord.Embed, discord.ui.View] | None:
        """``user_id``'s private panel, or None when they don't play in the hand."""
        table = self._table
        hand = private_hand(table, user_id, selection, self.public())
        if hand is None:
            return None
        order = member_settings(self._bot, table.guild_id, user_id).order
        controls = panel_controls(hand, locale, order)
        view = panel_view(table.id, table.hand_number, table.version, controls)
        return panel_embed(hand, locale, order), view

    # -- what interactions showed (under the table's lock) ------------------------------------

    async def answer_on_table_message(self, interaction: discord.Interaction) -> None:
        """Update the table message the player clicked through the interaction's response.

        If the message's hand is over and another began, it keeps the hand's result, with only
        Replay for buttons, and the new table message is posted by the next sync; where the
        bot may not post in the channel (a permission taken away during the game), this
        message shows the new hand instead.
        """
        table = self._table
        shown = self._shown
        era = era_of(table, shown)
        ended = shown is not None and shown.era != era and shown.era[0] == HAND
        final = self._finals.pop(shown.era[1], None) if shown and ended else None
        if final is not None and not missing_permissions(interaction):
            embed, view = self.final_message(final)
            await update(interaction, embed=embed, view=view)
            self._shown = None
            table.message_id = None
        else:
            embed, view = self.table_message()
            await update(interaction, embed=embed, view=view)
            if interaction.message is not None:
                table.message_id = interaction.message.id
                self._shown = Shown(interaction.message.id, era, table.version)

    async def post_table_message(self, interaction: discord.Interaction | None) -> None:
        """A new table message at the bottom of the channel (the previous one, if any, is
        deleted): the answer to ``interaction``, or (None) a message of the bot's own."""
        table = self._table
        old = table.message_id
        embed, view = self.table_message()
        if interaction is None:
            message_id = (await self._channel().send(embed=embed, view=view)).id
        else:
            message_id = await show(interaction, embed=embed, view=view, ephemeral=False)
        table.message_id = message_id
        self._shown = Shown(message_id, era_of(table, None), table.version)
        if old is not None and old != message_id:
            self._runtime.host.spawn(self._channel().get_partial_message(old).delete())

    def hand_finished(self) -> None:
        """Keep the public view of the hand that just ended, for its message to keep."""
        self._finals[self._table.hand_number] = self.public()

    def panel_shown(self, user_id: int, interaction: discord.Interaction, selection: int) -> None:
        """``interaction``'s message is now ``user_id``'s panel, at the current version; it
        says it expired just before Discord stops letting the bot edit it.

        The panel keeps the interaction (its token edits the panel) but not the message it
        was clicked on, parsed into some hundred objects that nothing reads again: kept
        until the player's next click, they would reach the collector's oldest generation
        and lengthen its full collections (about 100 ms at 300 busy tables)."""
        interaction.message = None
        panel = Panel(
            interaction, selection, private_key(self._table, user_id), locale_of(interaction)
        )
        self._panels[user_id] = panel
        expires = self._clock.now() + PANEL_LIFETIME
        self._timers.set(("panel", user_id), expires, lambda: self._expire_panel(user_id, panel))

    def close(self) -> None:
        """Stop the retries and panel timers for good (the table closed or the cog unloads)."""
        self._nudges += 1
        self._timers.close()
        for backoff in (
            self._table_retry,
            *self._dm_retries.values(),
            *self._panel_retries.values(),
        ):
            backoff.cancel()

    def panel_selection(self, user_id: int) -> int:
        panel = self._panels.get(user_id)
        return panel.selection if panel else 0

    # -- keeping things current --------------------------------------------------------------

    def sync(self, *, except_panel: int | None = None) -> None:
        """Bring the table message up to date, and every player's DM and open panel where
        what they show changed (``hand_key``, ``private_key``).

        A player who plays their turn through an open panel sees their hand there: their DM
        catches up when the turn passes, instead of being edited at every move.
        """
        table = self._table
        self._request_table()
        self.announcements.sync()
        if table.status == CLOSED:
            return
        for user_id in table.hand_players:
            if table.is_bot(user_id):
                continue  # a computer player has no DM and no panel
            panel = self._panels.get(user_id)
            in_panel = panel is not None and table.to_act_id == user_id
            dm_shows = hand_key(table, user_id)
            if (
                user_id not in table.dm_refused
                and not in_panel
                and self._dm_shows.get(user_id) != dm_shows
            ):
                self._dm_shows[user_id] = dm_shows
                self._request_dm(user_id)
            if (
                panel is not None
                and user_id != except_panel
                and panel.shows != private_key(table, user_id)
            ):
                self._request_panel(user_id)

    def notice(self, content: str) -> None:
        """Tell the channel something (no card of any hand may be in ``content``)."""
        self._runtime.host.spawn(self._channel().send(content))

    def invite(self, user_ids: Sequence[int], by: str) -> None:
        """Tell the members ``user_ids`` in the channel that ``by`` invites them: mentions
        that notify them and nobody else, with a link to the table message."""
        self._runtime.host.spawn(self._post_invitation(user_ids, by))

    async def _post_invitation(self, user_ids: Sequence[int], by: str) -> None:
        table = self._table
        link = message_link(table.guild_id, table.channel_id, table.message_id)
        players = names_text([f"<@{user_id}>" for user_id in user_ids], table.locale)
        content = text(
            "table.notice.invited",
            table.locale,
            players=players,
            by=by,
            link=link,
            invited=len(user_ids),
        )
        mention = discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])
        await self._channel().send(content, allowed_mentions=mention)

    def nudge(self, user_id: int) -> None:
        """Remind ``user_id`` in the channel that the table waits for them: a mention that
        notifies them and nobody else, with a link to the table message."""
        self._nudges += 1
        self._runtime.host.spawn(self._post_nudge(user_id, self._nudges))

    def drop_nudge(self) -> None:
        """Delete the reminder, if there is one (the table moved on, or it is left from
        before a restart)."""
        self._nudges += 1
        reminder = self._table.reminder_id
        if reminder is not None and reminder != self._dropping:
            self._dropping = reminder
            self._runtime.host.spawn(self._delete_reminder(reminder))

    async def _delete_reminder(self, reminder_id: int) -> None:
        """Forget the reminder's id (committed under the table's lock, unless a newer
        reminder took its place), then delete it."""
        async with self._runtime.lock:
            if self._table.reminder_id == reminder_id:
                self._table.reminder_id = None
                await self._runtime.commit_message()
        await self._channel().get_partial_message(reminder_id).delete()

    async def _post_nudge(self, user_id: int, nudge: int) -> None:
        """Post the reminder; its id is committed with the table, so that the bot deletes
        it even after a restart."""
        table = self._table
        link = message_link(table.guild_id, table.channel_id, table.message_id)
        content = text("table.notice.nudge", table.locale, player=f"<@{user_id}>", link=link)
        mention = discord.AllowedMentions(users=[discord.Object(user_id)])
        message = await self._channel().send(content, allowed_mentions=mention)
        async with self._runtime.lock:
            if nudge == self._nudges and self._table.status != CLOSED:
                self._table.reminder_id = message.id
                await self._runtime.commit_message()
                return
        await message.delete()

    def _request_table(self) -> None:
        host = self._runtime.host
        interval = host.timing.table_edit_interval
        host.updates.request(("table", self._id), self._sync_table, interval, host.channel_budget)

    async def _sync_table(self) -> None:
        """Bring the table message up to date.

        Posting a new message (and finalizing the finished hand's) happens under the table's
        lock. A plain edit is rendered under the lock but sent outside it, so that it never
        holds up a player's click; if a click showed the message meanwhile, the two edits may
        have landed in either order, so the edit is made once more.
        """
        try:
            await self._bring_table_message_up_to_date()
        except DISCORD_FAILURES as error:
            if self._table.status == CLOSED and isinstance(
                error, discord.NotFound | discord.Forbidden
            ):  # the channel is gone, or closed to the bot: nothing more to show there
                log.warning("table %d: its closing could not be shown (%s)", self._id, error.text)
                return
            log.warning(
                "table %d: the table message could not be updated (%s); again in %.0f s",
                self._id,
                failure_text(error),
                self._table_retry.delay,
            )
            if self._shown is not None:
                self._shown = replace(self._shown, version=None)
            self._table_retry.failed(self._request_table)
        else:
            self._table_retry.succeeded()

    async def _bring_table_message_up_to_date(self) -> None:
        async with self._runtime.lock:
            table = self._table
            shown = self._shown
            era = era_of(table, shown)
            if (
                shown is not None
                and shown.message_id == table.message_id
                and shown.era == era
                and shown.version is not None
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
                await self._replace_table_message(shown, era)
                await self._runtime.commit_message()
                return
            embed, view = self.table_message()
            ours = Shown(table.message_id, era, table.version)
            self._shown = ours
        try:
            await edit_message(
                self._bot, self._table.channel_id, ours.message_id, embed=embed, view=view
            )
        except discord.NotFound:
            async with self._runtime.lock:
                if self._table.message_id == ours.message_id:
                    self._table.message_id = None
                    await self._runtime.commit_message()
            self._request_table()
            return
        current = self._shown
        if current is not ours and current is not None and current.message_id == ours.message_id:
            self._shown = replace(current, version=None)
            self._request_table()

    async def _replace_table_message(self, shown: Shown | None, era: Era) -> None:
        """A new era (a hand dealt, back to the lobby) or a closed table: under the lock.

        A finished hand's message keeps its result, and a new message shows the table; if
        the bot may no longer post in the channel (a permission taken away during the game),
        the finished hand's message shows the table instead, so the game goes on in sight.
        """
        table = self._table
        embed, view = self.table_message()
        if (
            shown is not None
            and shown.message_id == table.message_id
            and shown.era != era
            and shown.era[0] == HAND
            and table.status != CLOSED
        ):
            try:
                posted = await self._channel().send(embed=embed, view=view)
            except discord.Forbidden as refused:
                log.warning(
                    "table %d: a new table message is refused (%s): the last one shows the table",
                    self._id,
                    refused.text,
                )
                self._finals.pop(shown.era[1], None)
            else:
                await self._finalize(shown)
                table.message_id = posted.id
                self._shown = Shown(posted.id, era, table.version)
                return
        if table.message_id is not None:
            try:
                await edit_message(
                    self._bot, table.channel_id, table.message_id, embed=embed, view=view
                )
            except discord.NotFound:
                table.message_id = None
        if table.message_id is None:
            table.message_id = (await self._channel().send(embed=embed, view=view)).id
        self._shown = Shown(table.message_id, era, table.version)

    async def _finalize(self, shown: Shown) -> None:
        """Leave the finished hand's message with its result and no buttons but Replay."""
        final = self._finals.pop(shown.era[1], None)
        if final is None:
            return
        embed, view = self.final_message(final)
        try:
            await edit_message(
                self._bot, self._table.channel_id, shown.message_id, embed=embed, view=view
            )
        except discord.NotFound:
            log.info("table %d: the message of hand %d was deleted", self._id, final.hand_number)

    def member_changed(self, user_id: int) -> None:
        """The member changed their settings (``/tonk me``): their DM and their open panel
        show them."""
        panel = self._panels.get(user_id)
        if panel is not None:
            panel.shows = None
            self._request_panel(user_id)
        self._request_dm(user_id)

    def _request_dm(self, user_id: int) -> None:
        host = self._runtime.host
        key = ("dm", self._id, user_id)
        host.updates.request(key, lambda: self._sync_dm(user_id), budget=host.channel_budget)

    async def _sync_dm(self, user_id: int) -> None:
        """Bring the player's DM up to date; if Discord fails it (an outage: the player
        blocking the bot is :meth:`_dm_refused`), try again later (:class:`Backoff`)."""
        try:
            await self._bring_dm_up_to_date(user_id)
        except DISCORD_FAILURES as error:
            self._dm_shows.pop(user_id, None)  # the next change asks for it again too
            self._failed(self._dm_retries, user_id, "hand DM", error, self._request_dm)
        else:
            self._succeeded(self._dm_retries, user_id)

    def _failed(
        self,
        retries: dict[int, Backoff],
        user_id: int,
        what: str,
        error: discord.HTTPException | aiohttp.ClientConnectionError,
        request: Callable[[int], None],
    ) -> None:
        """Discord failed the update of ``user_id``'s ``what``: ask for it again after the
        member's :class:`Backoff` in ``retries``."""
        backoff = retries.setdefault(user_id, Backoff(self._first_retry))
        log.warning(
            "table %d: the %s of member %d could not be updated (%s); again in %.0f s",
            self._id,
            what,
            user_id,
            failure_text(error),
            backoff.delay,
        )
        backoff.failed(lambda: request(user_id))

    @staticmethod
    def _succeeded(retries: dict[int, Backoff], user_id: int) -> None:
        """The update of ``user_id``'s DM or panel went through: its backoff starts over."""
        retrying = retries.pop(user_id, None)
        if retrying is not None:
            retrying.cancel()

    async def _bring_dm_up_to_date(self, user_id: int) -> None:
        table = self._table
        hand = private_hand(table, user_id, public=self.public())
        if hand is None or user_id in table.dm_refused or table.status == CLOSED:
            return
        guild, place = self._place()
        kept = table.direct_messages.get(user_id)
        written = kept.locale if kept is not None and kept.hand == hand.hand_number else None
        locale = member_locale(self._bot, table.guild_id, user_id, written or table.locale)
        chosen = member_settings(self._bot, table.guild_id, user_id)
        link = message_link(table.guild_id, table.channel_id, table.message_id)
        if hand.legal.phase == OVER:
            content = dm_over_text(guild, place, hand.hand_number, link, locale)
        elif not chosen.dms:
            content = dm_off_text(guild, place, hand.hand_number, link, locale)
        else:
            content = dm_text(
                guild, place, hand.hand_number, hand.cards, hand.count, locale, chosen.order
            )
        sent = self._sent_dm(user_id)
        digest = text_digest(content)
        if sent is not None and sent.hand == hand.hand_number:
            if sent.digest != digest:
                try:
                    await edit_message(self._bot, sent.channel_id, sent.message_id, content=content)
                except discord.Forbidden:
                    await self._dm_refused(user_id)
                    return
                self._dms[user_id] = replace(sent, digest=digest)
            return
        if hand.legal.phase == OVER or not chosen.dms:
            return  # a member who turned their DMs off is sent none
        try:
            channel = await self._dm_channel(user_id)
            message = await channel.send(content)
        except discord.Forbidden:
            await self._dm_refused(user_id)
            return
        self._dms[user_id] = SentDM(hand.hand_number, channel.id, message.id, digest)
        async with self._runtime.lock:
            table = self._table
            current = {  # an earlier hand's DMs were told it was over
                player: dm
                for player, dm in table.direct_messages.items()
                if dm.hand >= table.hand_number
            }
            if hand.hand_number == table.hand_number:
                current[user_id] = HandDM(hand.hand_number, channel.id, message.id, locale)
            table.direct_messages = current
            await self._runtime.commit_message()

    async def _dm_refused(self, user_id: int) -> None:
        """The player takes no DMs from the bot (Discord refused one): the table keeps that,
        sends them none for the rest of the session, and the channel is told."""
        async with self._runtime.lock:
            table = self._table
            table.dm_refused.add(user_id)
            await self._runtime.commit_message()
        player = table.name_of(user_id)
        self.notice(text("table.notice.dm_failed", table.locale, player=player))

    def _sent_dm(self, user_id: int) -> SentDM | None:
        """The player's latest DM; after a restart, the one the table kept, with the digest
        of its text if the bot kept it when it stopped (else the next sync writes it
        again)."""
        sent = self._dms.get(user_id)
        kept = self._table.direct_messages.get(user_id)
        if sent is None and kept is not None:
            sent = SentDM(kept.hand, kept.channel_id, kept.message_id, kept.digest)
        return sent

    def shown_dms(self) -> dict[int, HandDM]:
        """The table's DMs, each with the digest of the text it shows now (for the table
        to keep when the bot stops)."""
        shown = {}
        for user_id, kept in self._table.direct_messages.items():
            sent = self._dms.get(user_id)
            if sent is not None and sent.message_id == kept.message_id:
                kept = replace(kept, digest=sent.digest)
            shown[user_id] = kept
        return shown

    async def _expire_panel(self, user_id: int, panel: Panel) -> None:
        """The panel's interaction is about to expire: it says so, and stops updating."""
        async with self._runtime.lock:
            if self._panels.get(user_id) is not panel:
                return
            del self._panels[user_id]
        with contextlib.suppress(*DISCORD_FAILURES):
            await edit_original(
                panel.interaction,
                content=text("table.panel.expired", panel.locale),
                embed=None,
                view=discord.ui.View(),
            )

    def _request_panel(self, user_id: int) -> None:
        key = ("panel", self._id, user_id)
        self._runtime.host.updates.request(key, lambda: self._sync_panel(user_id))

    async def _sync_panel(self, user_id: int) -> None:
        """Refresh an open panel: rendered under the lock, sent outside it (and sent again if
        the player's own click showed the panel meanwhile). If Discord fails the edit (an
        outage, a rate limit, a cut connection), it is tried again later (:class:`Backoff`);
        a panel whose message is gone or whose token no longer works is forgotten."""
        async with self._runtime.lock:
            panel = self._panels.get(user_id)
            shows = private_key(self._table, user_id)
            if panel is None or panel.shows == shows or self._table.status == CLOSED:
                return
            rendered = self.panel_message(user_id, panel.selection, panel.locale)
            if rendered is None:
                del self._panels[user_id]
                return
            panel.shows = shows
        embed, view = rendered
        try:
            await edit_original(panel.interaction, content=None, embed=embed, view=view)
        except DISCORD_FAILURES as error:
            if self._panels.get(user_id) is not panel:
                return  # the player's click showed a newer panel meanwhile
            if discord_busy(error) or isinstance(error, aiohttp.ClientConnectionError):
                panel.shows = None  # the next change asks for it again too
                self._failed(self._panel_retries, user_id, "panel", error, self._request_panel)
            else:  # its message is gone, or its token no longer works: the next click opens one
                del self._panels[user_id]
            return
        self._succeeded(self._panel_retries, user_id)
        newer = self._panels.get(user_id)
        if newer is not None and newer is not panel:
            newer.shows = None
            self._request_panel(user_id)

    # -- helpers -------------------------------------------------------------------------

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable | discord.DMChannel:
        """The DM channel with ``user_id``: opened once per player for the whole bot
        (discord.py remembers only the last 128, so a busy bot would open them again)."""
        channels = self._runtime.host.dm_channels
        known = channels.get(user_id)
        if known is not None:
            return self._bot.get_partial_messageable(known, type=discord.ChannelType.private)
        channel = await self._bot.create_dm(discord.Object(user_id))
        channels[user_id] = channel.id
        return channel

    def _channel(self) -> discord.PartialMessageable:
        table = self._table
        return self._bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def _place(self) -> tuple[str, str]:
        """The server's and channel's names, for a DM."""
        channel = self._bot.get_channel(self._table.channel_id)
        guild = getattr(channel, "guild", None)
        return (getattr(guild, "name", ""), getattr(channel, "name", ""))
