"""The Tonk extension: the ``/tonk`` commands and the tables' persistent components.

- ``commands``: the slash-command group.  ``components``: the ``DynamicItem`` templates.
- ``service``: what commands and clicks do to a table (lock, check, commit, reply).
- ``messages``: the table message, DMs and panels kept current.  ``coalesce``: rate limits.
- ``views``: render specs → Discord components.  ``restore``: tables back after a restart.
- ``bots``: the computer players' moves, played by themselves after a short pause.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.tonk.commands import TonkCommands
from cogs.tonk.components import DYNAMIC_ITEMS
from cogs.tonk.restore import restore_tables

if TYPE_CHECKING:
    from bot.client import TonkBot


async def setup(bot: TonkBot) -> None:
    cog = TonkCommands(bot)
    await bot.add_cog(cog)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await restore_tables(bot, cog.service)


async def teardown(bot: TonkBot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
