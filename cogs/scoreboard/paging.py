"""Prev and Next under the leaderboard and the history: stateless ``DynamicItem`` templates.

The custom id holds everything a click needs (``tonk:lb:<by>:<page>:<prev|next>:<user>``,
``tonk:hist:<page>:<prev|next>`` and the hall of fame's ``tonk:fame:<page>:<prev|next>``, the
page shown), so the buttons keep working after a
restart. A leaderboard button names the member its page starts from (the first row shown
for Prev, the last for Next): the store seeks the board's index to that member's row
instead of counting rows from the top. The board of a period has its period after the
order (``tonk:lb:<by>:<week|month|season>:<page>:<prev|next>``) and turns pages by number:
its ranks are sums over the period's hands, with no index to seek. A current season's
button shows the server's current season (a new season may have started since the page
was sent); a season that ended has its number (``season3``), and its button shows it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.client import GuardedItem, command_id, update
from bot.i18n import DEFAULT_LOCALE, text
from bot.store import (
    DEFAULT_MIN_HANDS,
    HandSummary,
    LeaderboardOrder,
    LeaderboardPage,
    LeaderboardPeriod,
    SeasonsWon,
)
from cogs.inputs import ORDERS, PERIODS
from cogs.scoreboard.render import fame_pages, hall_of_fame_text, history_text, leaderboard_text
from cogs.scoreboard.replay import ReplayPick
from cogs.settings import server_language

if TYPE_CHECKING:
    from bot.client import TonkBot

PER_PAGE = 10
PREV, NEXT = "prev", "next"


def _page_button(custom_id: str, step: str, disabled: bool, locale: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=text(f"scoreboard.button.{step}", locale),
        style=discord.ButtonStyle.secondary,
        disabled=disabled,
        custom_id=custom_id,
    )


@dataclass(frozen=True, slots=True)
class Shown:
    """The leaderboard page a button is under: its order, period and number (from 0), and
    the number of the season it shows if that season ended (None: the current one)."""

    by: LeaderboardOrder
    period: LeaderboardPeriod
    page: int
    season: int | None = None


class PageButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        rf"tonk:lb:(?P<by>{'|'.join(ORDERS)}):"
        rf"(?:(?P<period>{'|'.join(period for period in PERIODS if period != 'all')})"
        r"(?P<season>\d+)?:)?"
        r"(?P<page>\d+)"
        r":(?P<step>prev|next)(?::(?P<user>\d+))?"
    ),
):
    """Prev or Next under a leaderboard page, anchored at a member's row of that page.

    A button of a message sent before anchors existed has none (``user`` None): it turns
    the page by number, as a period's board always does.
    """

    def __init__(
        self,
        shown: Shown,
        step: str,
        user: int | None,
        disabled: bool = False,
        locale: str = DEFAULT_LOCALE,
    ) -> None:
        number = "" if shown.season is None else str(shown.season)
        period = "" if shown.period == "all" else f"{shown.period}{number}:"
        anchor = "" if user is None else f":{user}"
        custom_id = f"tonk:lb:{shown.by}:{period}{shown.page}:{step}{anchor}"
        super().__init__(_page_button(custom_id, step, disabled, locale))
        self.shown = shown
        self.step = step
        self.user = user

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        shown = Shown(
            cast(LeaderboardOrder, match["by"]),
            cast(LeaderboardPeriod, match["period"] or "all"),
            int(match["page"]),
            None if match["season"] is None else int(match["season"]),
        )
        anchored = match["user"] is not None and shown.period == "all"
        return cls(shown, match["step"], int(match["user"]) if anchored else None)

    async def run(self, interaction: discord.Interaction) -> None:
        bot = cast("TonkBot", interaction.client)
        if bot.store is None or interaction.guild_id is None:
            return
        forward = self.step == NEXT
        board = await bot.store.leaderboard(
            interaction.guild_id,
            self.shown.by,
            max(0, self.shown.page + (1 if forward else -1)),
            PER_PAGE,
            after=self.user if forward else None,
            before=None if forward else self.user,
            period=self.shown.period,
            season=self.shown.season,
        )
        locale = await server_language(bot, interaction)
        content, view = leaderboard_message(board, locale, command_id(interaction))
        await update(interaction, content=content, embed=None, view=view)


def leaderboard_message(
    board: LeaderboardPage, locale: str, command_id: int | None = None
) -> tuple[str, discord.ui.View]:
    """The page as text, with Prev and Next (disabled at either end). An all-time page's
    buttons are anchored at its first and last members; a period's are not. With
    ``command_id`` (the id Discord gave ``/tonk``) the commands it names are clickable."""
    view = discord.ui.View(timeout=None)
    first: int | None = None
    last: int | None = None
    if board.period == "all":
        first = board.entries[0].player.user_id if board.entries else 0
        last = board.entries[-1].player.user_id if board.entries else 0
    season = board.season
    ended = season.number if season is not None and season.ended_at is not None else None
    shown = Shown(board.by, board.period, board.page, ended)
    view.add_item(PageButton(shown, PREV, first, board.page == 0, locale))
    view.add_item(PageButton(shown, NEXT, last, not board.has_next, locale))
    return leaderboard_text(board, DEFAULT_MIN_HANDS, locale, command_id), view


class FameButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tonk:fame:(?P<page>\d+):(?P<step>prev|next)",
):
    """Prev or Next under a page of the hall of fame (``page``: the one shown, from 0)."""

    def __init__(
        self, page: int, step: str, disabled: bool = False, locale: str = DEFAULT_LOCALE
    ) -> None:
        super().__init__(_page_button(f"tonk:fame:{page}:{step}", step, disabled, locale))
        self.page = page
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FameButton:
        return cls(int(match["page"]), match["step"])

    async def run(self, interaction: discord.Interaction) -> None:
        bot = cast("TonkBot", interaction.client)
        if bot.store is None or interaction.guild_id is None:
            return
        fame = await bot.store.hall_of_fame(interaction.guild_id)
        target = self.page + (1 if self.step == NEXT else -1)
        locale = await server_language(bot, interaction)
        content, view = fame_message(fame, target, locale, command_id(interaction))
        await update(interaction, content=content, embed=None, view=view)


def fame_message(
    fame: Sequence[SeasonsWon], page: int, locale: str, command_id: int | None = None
) -> tuple[str, discord.ui.View]:
    """Page ``page`` of the hall of fame (the nearest there is, from 0), with Prev and Next
    when it fills more than one."""
    pages = fame_pages(fame)
    page = min(max(page, 0), pages - 1)
    view = discord.ui.View(timeout=None)
    if pages > 1:
        view.add_item(FameButton(page, PREV, page == 0, locale))
        view.add_item(FameButton(page, NEXT, page == pages - 1, locale))
    return hall_of_fame_text(fame, page, locale, command_id), view


class HistoryButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tonk:hist:(?P<page>\d+):(?P<step>prev|next)",
):
    """Prev or Next under a page of this channel's history."""

    def __init__(
        self, page: int, step: str, disabled: bool = False, locale: str = DEFAULT_LOCALE
    ) -> None:
        super().__init__(_page_button(f"tonk:hist:{page}:{step}", step, disabled, locale))
        self.page = page
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryButton:
        return cls(int(match["page"]), match["step"])

    async def run(self, interaction: discord.Interaction) -> None:
        bot = cast("TonkBot", interaction.client)
        if bot.store is None or interaction.guild_id is None:
            return
        target = max(0, self.page + (1 if self.step == NEXT else -1))
        hands = await bot.store.history(
            interaction.guild_id, interaction.channel_id or 0, PER_PAGE, target
        )
        content, view = history_message(hands, target, await server_language(bot, interaction))
        await update(interaction, content=content, embed=None, view=view)


def history_message(
    hands: list[HandSummary], page: int, locale: str
) -> tuple[str, discord.ui.View]:
    """A page of the channel's history, with Prev and Next (Next off on a short page), and
    a menu of its hands to replay."""
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(page, PREV, page == 0, locale))
    view.add_item(HistoryButton(page, NEXT, len(hands) < PER_PAGE, locale))
    if hands:
        view.add_item(ReplayPick(hands, locale))
    return history_text(hands, locale), view
