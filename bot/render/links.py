"""Links and timestamps into Discord: a message's jump URL (or its channel's, when there is
no message), the same link as a sentence carries it, and a moment as relative time or as a
date."""

from __future__ import annotations

DISCORD = "https://discord.com/channels"


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str:
    place = f"{DISCORD}/{guild_id}/{channel_id}"
    return f"{place}/{message_id}" if message_id else place


def message_link(guild_id: int, channel_id: int, message_id: int | None) -> str:
    """:func:`jump_url` in angle brackets, as every sentence writes it: Discord shows it as a
    link without a preview, and ends the link at the bracket, so that the isolation marks a
    right-to-left sentence puts around it (``bot.i18n``) do not become part of the address."""
    return f"<{jump_url(guild_id, channel_id, message_id)}>"


def relative_time(moment: float) -> str:
    """A Discord timestamp of ``moment`` (Unix seconds), which each reader's app shows as
    relative time in its own language ("in 2 minutes", "3 hours ago")."""
    return f"<t:{int(moment)}:R>"


def date_of(moment: float) -> str:
    """A Discord timestamp of ``moment`` (Unix seconds) that each reader's app shows as a
    date in its own language and time zone ("3 December 2026")."""
    return f"<t:{int(moment)}:D>"


def date_time_of(moment: float) -> str:
    """A Discord timestamp of ``moment`` (Unix seconds) that each reader's app shows as a
    date and time in its own language and time zone ("7 December 2026 01:00")."""
    return f"<t:{int(moment)}:f>"
