"""What a table says of itself outside its table message: the announcement that mentions
the server's announce role (``/tonk config announce``) while the table waits in its lobby,
and, for a table in a thread the bot started, the thread's first message in the channel.
Each is edited when the table changes, so the channel never keeps inviting players to a
table that started, closed, went private or changed its game.

``Announcements`` belongs to the table's ``TableScreens``, which calls :meth:`sync` whenever
the table changed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.client import DISCORD_FAILURES, edit_message
from bot.i18n import text
from bot.render.links import message_link
from bot.tables.table import CLOSED, LOBBY
from cogs.tonk.threads import Invitation, invitation, starter_says, starter_text

if TYPE_CHECKING:
    from cogs.tonk.runtime import TableRuntime

log = logging.getLogger(__name__)


class Announcements:
    """One table's announcement and thread starter, kept saying what the table is."""

    def __init__(self, runtime: TableRuntime) -> None:
        self._runtime = runtime
        self._id = runtime.table.id
        self._bot: discord.Client = runtime.host.bot
        self._ending: int | None = None
        """The announcement being edited to say the table started or closed (once)."""
        self._starter_says: tuple[str, Invitation | None] | None = None
        """What the message a table's thread hangs from says (``starter_says``), if known:
        unknown after a restart, or for a new table in a thread an old one left."""
        self._announced: Invitation | None = None
        """The invitation the announcement says, as this process last wrote it (unknown
        after a restart: the announcement is then written again once)."""

    def sync(self) -> None:
        """The table changed: the announcement ends or follows the lobby, and the thread's
        first message says what the table is now."""
        self._over()
        self._refresh()
        self._tell_starter()

    def announce(self, role_id: int) -> None:
        """Tell the server's announce role (``/tonk config announce``) that the table opened:
        a mention that notifies that role's members and nobody else, with a link to the
        table message."""
        self._runtime.host.spawn(self._post_announcement(role_id))

    async def _post_announcement(self, role_id: int) -> None:
        """Post the announcement; its id is committed with the table while it waits in its
        lobby, so that the announcement says when the table started or closed."""
        table = self._runtime.table
        self._announced = invitation(table)
        mention = discord.AllowedMentions(roles=[discord.Object(role_id)])
        channel = self._bot.get_partial_messageable(self._channel_id(), guild_id=table.guild_id)
        message = await channel.send(self._announcement(role_id), allowed_mentions=mention)
        async with self._runtime.lock:
            if table.status == LOBBY and not table.private and table.announcement_id is None:
                table.announcement_id = message.id
                table.announcement_role = role_id
                await self._runtime.commit_message()
                self._refresh()  # the host may have changed the table meanwhile
                return
        await self._end_announcement(message.id)

    def _announcement(self, role_id: int) -> str:
        """The announcement of the table in its lobby, mentioning ``role_id``."""
        table = self._runtime.table
        return text(
            "table.notice.announce",
            table.locale,
            role=f"<@&{role_id}>",
            host=table.name_of(table.host_id),
            preset=text(f"preset.{table.rules.preset}", table.locale),
            stake=table.stake,
            seats=table.max_seats,
            link=message_link(table.guild_id, table.channel_id, table.message_id),
        )

    def _refresh(self) -> None:
        """The announcement follows the lobby: the preset, stake and seats the host changed
        (an edit notifies nobody)."""
        table = self._runtime.table
        role_id = table.announcement_role
        if (
            table.status != LOBBY
            or table.private
            or table.announcement_id is None
            or role_id is None
            or self._announced == invitation(table)
        ):
            return
        self._announced = invitation(table)
        self._runtime.host.spawn(
            edit_message(
                self._bot,
                self._channel_id(),
                table.announcement_id,
                content=self._announcement(role_id),
            )
        )

    def _over(self) -> None:
        """The table started, closed or became private: its announcement says so (once)."""
        announcement = self._runtime.table.announcement_id
        if (
            announcement is not None
            and announcement != self._ending
            and (self._runtime.table.status != LOBBY or self._runtime.table.private)
        ):
            self._ending = announcement
            self._runtime.host.spawn(self._end_announcement(announcement))

    async def _end_announcement(self, message_id: int) -> None:
        """Forget the announcement's id (committed under the table's lock), then edit it to
        say that the table started, or closed before it did (an edit notifies nobody)."""
        table = self._runtime.table
        async with self._runtime.lock:
            if table.announcement_id == message_id:
                table.announcement_id = None
                table.announcement_role = None
                await self._runtime.commit_message()
            if table.status == CLOSED:
                key = "table.notice.announce_closed"
            elif table.status == LOBBY and table.private:
                key = "table.notice.announce_private"
            else:
                key = "table.notice.announce_started"
            content = text(
                key,
                table.locale,
                host=table.name_of(table.host_id),
                link=message_link(table.guild_id, table.channel_id, table.message_id),
            )
        await edit_message(self._bot, self._channel_id(), message_id, content=content)

    def starter_posted(self) -> None:
        """The table's thread was just started from a message saying that it opened."""
        self._starter_says = starter_says(self._runtime.table)

    def _tell_starter(self) -> None:
        """A table in a thread the bot started (``/tonk new thread:True``): the message the
        thread hangs from, in the channel (the command's answer, whose id the thread took),
        says whether the table waits for players (for which game, stake and seats), plays
        or closed; edited when that changes, so the channel does not keep inviting players
        to a closed table, or to a game the host changed."""
        says = starter_says(self._runtime.table)
        if says == self._starter_says:
            return
        self._starter_says = says
        thread = self._thread()
        if thread is None or self._bot.user is None or thread.owner_id != self._bot.user.id:
            return
        content = starter_text(self._runtime.table)
        self._runtime.host.spawn(self._edit_starter(thread.parent_id, thread.id, content))

    async def _edit_starter(self, channel_id: int, message_id: int, content: str) -> None:
        try:
            await edit_message(self._bot, channel_id, message_id, content=content)
        except DISCORD_FAILURES as failed:
            log.info("table %d: its thread's first message stays as it was: %s", self._id, failed)

    def _channel_id(self) -> int:
        """Where the announcement is: the table's channel, or the text channel a thread's
        table hangs from (a bot's role mention in a thread notifies nobody outside the
        thread); a forum post's own thread, since nobody posts in a forum itself."""
        thread = self._thread()
        if thread is None or not isinstance(thread.parent, discord.TextChannel):
            return self._runtime.table.channel_id
        return thread.parent_id

    def _thread(self) -> discord.Thread | None:
        """The table's thread, if its channel is one (as the bot knows it)."""
        guild = self._bot.get_guild(self._runtime.table.guild_id)
        return None if guild is None else guild.get_thread(self._runtime.table.channel_id)
