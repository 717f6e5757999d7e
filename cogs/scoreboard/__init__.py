"""The scoreboard extension: leaderboards, stats, history, replays, server settings and
forgetting.

- ``commands``: the ``/tonk`` subcommands (added to the bot's ``/tonk`` group).
- ``paging``: the leaderboard's Prev/Next ``DynamicItem``.  ``render``: text (pure).
- ``replay``: ``/tonk replay``, its buttons, Replay under a finished hand, and the
  history's menu of hands to replay.  ``ledger``: ``/tonk export``'s CSV.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cogs.scoreboard.commands import ScoreboardCog
from cogs.scoreboard.paging import FameButton, HistoryButton, PageButton
from cogs.scoreboard.replay import ReplayButton, ReplayPick, ScenarioButton, StartReplayButton

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)

DYNAMIC_ITEMS = (
    PageButton,
    HistoryButton,
    FameButton,
    ReplayButton,
    StartReplayButton,
    ReplayPick,
    ScenarioButton,
)
"""The scoreboard's components that answer clicks by their custom id, after restarts too."""


async def setup(bot: TonkBot) -> None:
    if bot.store is None:
        log.info("no database: the scoreboard commands are not loaded")
        return
    await bot.add_cog(ScoreboardCog(bot, bot.store))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)


async def teardown(bot: TonkBot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
