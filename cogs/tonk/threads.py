"""Tables in threads of their own (``/tonk new thread:True``, ``/tonk config set threads``).

The table opens in a public thread started from the command's answer in the channel; the
thread takes that message's id, so the answer (the thread's *starter*) is found again from
the table's channel id alone, after a restart too, and says whether its table waits for
players, plays or closed.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Final

import discord

from bot.client import DISCORD_FAILURES, show
from bot.i18n import text
from bot.i18n.mentions import command_mentions
from bot.render.limits import clip
from bot.tables.errors import TableError
from bot.tables.table import BETWEEN, CLOSED, LOBBY, PLAYING, Status, Table

log = logging.getLogger(__name__)

THREAD_PARENTS = (discord.ChannelType.text, discord.ChannelType.news)
"""The channels where a public thread can start from a message."""
THREAD_ARCHIVE: Final = 1440
"""Minutes without a message before Discord hides a table's thread (a day: a hand posts a
new message, and an idle table closes within the hour)."""
THREAD_NAME = 100
"""The most characters Discord allows in a thread's name."""

STARTER_SAYS: dict[Status, str] = {
    LOBBY: "table.thread.opened",
    PLAYING: "table.thread.started",
    BETWEEN: "table.thread.started",
    CLOSED: "table.thread.closed",
}
"""What a thread's starter says while its table waits for players, plays (or waits for its
next hand) and once it closed."""
PRIVATE_STARTER = "table.thread.opened_private"
"""What it says while a private table waits for players: only those invited may join."""


Invitation = tuple[str, int, int]


def invitation(table: Table) -> Invitation:
    """What a lobby's invitations (its thread's starter, its announcement) tell of the table:
    the preset, the stake and the seats, which the host may change until the first deal."""
    return table.rules.preset, table.stake, table.max_seats


def starter_says(table: Table) -> tuple[str, Invitation | None]:
    """What the starter of ``table``'s thread says now: its key (``STARTER_SAYS``; in a
    private table's lobby, that only those invited may join), and in the lobby the
    invitation."""
    status = table.status
    if status == LOBBY and table.private:
        return PRIVATE_STARTER, invitation(table)
    return STARTER_SAYS[status], invitation(table) if status == LOBBY else None


def in_thread(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a thread."""
    return isinstance(interaction.channel, discord.Thread)


def starts_thread(interaction: discord.Interaction, thread: bool) -> bool:
    """Whether a table asked for ``thread`` opens in a new thread: not from inside one."""
    return thread and not in_thread(interaction)


def starter_text(table: Table) -> str:
    """What the starter of ``table``'s thread says now (``starter_says``)."""
    locale = table.locale
    return text(
        starter_says(table)[0],
        locale,
        host=table.name_of(table.host_id),
        preset=text(f"preset.{table.rules.preset}", locale),
        stake=table.stake,
        seats=table.max_seats,
    )


async def start_thread(
    bot: discord.Client, interaction: discord.Interaction, table: Table
) -> discord.Thread:
    """Answer ``interaction`` with the starter of ``table`` (in its lobby), start a public
    thread from it and add the member who asked to it. ``TableError("thread_failed")`` (the
    starter deleted) if Discord refuses the thread."""
    message_id = await show(interaction, content=starter_text(table), ephemeral=False)
    starter = bot.get_partial_messageable(
        interaction.channel_id or 0, guild_id=interaction.guild_id
    ).get_partial_message(message_id)
    host = table.name_of(table.host_id)
    name = clip(text("table.thread.name", table.locale, host=host), THREAD_NAME)
    try:
        thread = await starter.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE)
    except DISCORD_FAILURES as refused:
        log.warning("no thread for a table in channel %s: %s", starter.channel.id, refused)
        with contextlib.suppress(*DISCORD_FAILURES):
            await starter.delete()
        raise TableError("thread_failed") from refused
    try:
        await thread.add_user(interaction.user)
    except DISCORD_FAILURES as refused:
        log.info("the host was not added to thread %d: %s", thread.id, refused)
    return thread


async def abandon_thread(
    bot: discord.Client, thread: discord.Thread, locale: str, command_id: int | None
) -> None:
    """Take back the thread of a table that could not open: delete it (with Manage Threads),
    else leave a line in it saying that no table opened there; then delete its starter.
    ``command_id``: Discord's id of ``/tonk``, which the line names."""
    try:
        await thread.delete()
    except DISCORD_FAILURES as refused:
        log.info("thread %d of a table that did not open stays: %s", thread.id, refused)
        with contextlib.suppress(*DISCORD_FAILURES):
            note = text("table.thread.not_opened", locale, **command_mentions(command_id))
            await thread.send(note)
    starter = bot.get_partial_messageable(thread.parent_id, guild_id=thread.guild.id)
    with contextlib.suppress(*DISCORD_FAILURES):
        await starter.get_partial_message(thread.id).delete()
