"""Links into Discord: a message's jump URL (or its channel's, when there is no message)."""

from __future__ import annotations

DISCORD = "https://discord.com/channels"


def jump_url(guild_id: int, channel_id: int, message_id: int | None) -> str:
    place = f"{DISCORD}/{guild_id}/{channel_id}"
    return f"{place}/{message_id}" if message_id else place
