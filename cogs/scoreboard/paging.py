"""The leaderboard's Prev and Next buttons: stateless ``DynamicItem`` templates.

The custom id holds everything a click needs (``tonk:lb:<by>:<page>:<prev|next>``, the page
shown), so the buttons keep working after a restart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.i18n import text
from bot.store import DEFAULT_MIN_HANDS, LeaderboardOrder, LeaderboardPage
from cogs.scoreboard.render import leaderboard_text

if TYPE_CHECKING:
    from bot.client import TonkBot

PER_PAGE = 10
PREV, NEXT = "prev", "next"


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tonk:lb:(?P<by>chips|wins|win_rate):(?P<page>\d+):(?P<step>prev|next)",
):
    """Prev or Next under a leaderboard page."""

    def __init__(self, by: LeaderboardOrder, page: int, step: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=text(f"scoreboard.button.{step}"),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"tonk:lb:{by}:{page}:{step}",
            )
        )
        self.by = by
        self.page = page
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(cast(LeaderboardOrder, match["by"]), int(match["page"]), match["step"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = cast("TonkBot", interaction.client)
        if bot.store is None or interaction.guild_id is None:
            return
        target = max(0, self.page + (1 if self.step == NEXT else -1))
        board = await bot.store.leaderboard(interaction.guild_id, self.by, target, PER_PAGE)
        content, view = leaderboard_message(board, str(interaction.locale))
        await interaction.response.edit_message(content=content, view=view)


def leaderboard_message(board: LeaderboardPage, locale: str) -> tuple[str, discord.ui.View]:
    """The page as text, with Prev and Next (disabled at either end)."""
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(board.by, board.page, PREV, disabled=board.page == 0))
    last = board.page + 1 >= board.page_count
    view.add_item(PageButton(board.by, board.page, NEXT, disabled=last))
    return leaderboard_text(board, DEFAULT_MIN_HANDS, locale), view
