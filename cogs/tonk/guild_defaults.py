"""What ``/tonk new`` takes from the server's ``/tonk config`` when the member leaves it out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.tables.table import DEFAULT_TURN_TIMEOUT

if TYPE_CHECKING:
    from bot.client import TonkBot


@dataclass(frozen=True, slots=True)
class NewTableDefaults:
    """The server's defaults for a new table, and whether the channel may have one."""

    preset: str = "standard"
    stake: int = 1
    turn_timeout: float | None = DEFAULT_TURN_TIMEOUT
    allowed: bool = True
    options: Mapping[str, Any] = field(default_factory=dict)


async def new_table_defaults(bot: TonkBot, guild_id: int, channel_id: int) -> NewTableDefaults:
    """The guild's stored settings (the built-in defaults when the bot has no database)."""
    if bot.store is None:
        return NewTableDefaults()
    config = await bot.store.get_guild_settings(guild_id)
    return NewTableDefaults(
        preset=config.default_preset,
        stake=config.stake,
        turn_timeout=None if config.turn_timeout is None else float(config.turn_timeout),
        allowed=config.allows_channel(channel_id),
        options=dict(config.default_options),
    )
