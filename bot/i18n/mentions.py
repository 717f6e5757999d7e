"""The commands a sentence names, written as Discord's command mentions, which a member
clicks to start typing the command."""

from __future__ import annotations

GROUP = "tonk"
"""The bot's one top-level command: every command is below it (``/tonk new``)."""

NAMED: dict[str, str] = {
    "new_command": "new",
    "leave_command": "leave",
    "addbot_command": "addbot",
    "config_set_command": "config set",
    "config_show_command": "config show",
    "config_season_command": "config season",
    "config_announce_command": "config announce",
    "leaderboard_command": "leaderboard",
    "settings_command": "settings",
    "me_show_command": "me show",
    "me_set_command": "me set",
    "me_forget_command": "me forget",
}
"""The fields a sentence may name a command by, and that command's path below ``/tonk``."""


def command_mention(name: str, command_id: int | None) -> str:
    """A command by its full ``name`` (``tonk new``) as Discord's command mention
    (``</tonk new:ID>``, ``ID`` the top-level command's id); plain ``/tonk new`` when that
    id is not known."""
    if command_id is None:
        return f"/{name}"
    return f"</{name}:{command_id}>"


def command_mentions(command_id: int | None) -> dict[str, str]:
    """Every field of :data:`NAMED`, filled with its command's mention."""
    return {field: command_mention(f"{GROUP} {path}", command_id) for field, path in NAMED.items()}
