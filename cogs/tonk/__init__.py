"""The Tonk extension: the ``/tonk`` commands and the tables' persistent components.

- ``commands``: the slash-command group.  ``components``: the buttons' and menus' routes.
- ``service``: what commands and clicks ask of a table.
- ``open_tables``: the tables open in this process.  ``runtime``: one open table, and
  ``transact``, the one way it changes (lock, check, commit, reply, catch up).
- ``screens``: a table's message, DMs and panels kept current (``announcements``: what it
  says of itself outside its message).  ``coalesce``: rate limits.
- ``panels``: the private "My hand" panel shown.  ``stale``: the checks that refuse a click
  on an out-of-date component.
- ``deadlines``: a table's timers.  ``bots``: a table's computer players.
- ``views``: render specs → Discord components.  ``restore``: tables back after a restart.
- ``welcome``: what a server that adds the bot reads.  ``learn``: **How to play**.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.tonk import learn
from cogs.tonk.commands import TonkCommands
from cogs.tonk.components import ROUTES
from cogs.tonk.restore import restore_tables

STATUS_EVERY = 60.0
"""Seconds between two status lines in the log."""

if TYPE_CHECKING:
    from bot.client import TonkBot


async def setup(bot: TonkBot) -> None:
    cog = TonkCommands(bot)
    await bot.add_cog(cog)
    for pattern, handler in ROUTES:
        bot.components.add(pattern, handler)
    bot.components.add(learn.PATTERN, learn.show_learn)
    restore_tables(bot, cog.service)
    cog.service.tables.report_every(STATUS_EVERY)


async def teardown(bot: TonkBot) -> None:
    for pattern, _handler in ROUTES:
        bot.components.remove(pattern)
    bot.components.remove(learn.PATTERN)
