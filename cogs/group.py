"""The bot's one ``/tonk`` group, which the tables cog defines and the scoreboard joins, and
the choices both offer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.engine.rules import PRESETS
from bot.i18n.mentions import GROUP

if TYPE_CHECKING:
    from bot.client import TonkBot

PRESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in PRESETS]


def tonk_group(bot: TonkBot) -> app_commands.Group | None:
    """The ``/tonk`` group in the bot's command tree (None once the tables cog is gone)."""
    group = bot.tree.get_command(GROUP)
    return group if isinstance(group, app_commands.Group) else None
