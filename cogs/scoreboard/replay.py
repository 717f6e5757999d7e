"""``/tonk replay``: a finished hand of the channel played again, privately, move by move.

``/tonk replay``, Replay under a finished hand's table message, or the menu under a page
of ``/tonk history`` answers with an ephemeral message with four buttons (Deal, Back, Next,
End) and **Scenario file** (the hand as ``tonk scenario``'s input). Each button's custom id
holds the hand and the step shown (``tonk:replay:<table>:<hand>:<step>:<turn>``), so a click
needs nothing kept in memory: it reads the hand's record, deals it again and replays it to
the step asked for (``bot.tables.replay``), and keeps working after a restart. Only hands
recorded in the channel where the replay is asked for are shown.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.client import (
    Defer,
    GuardedItem,
    answer,
    defer_as,
    locale_of,
    refusal_text,
    show,
    update,
)
from bot.i18n import DEFAULT_LOCALE, text
from bot.render.limits import OPTION_LABEL, clip
from bot.render.replay import (
    START_TEMPLATE,
    Turn,
    replay_embed,
    replay_start_id,
    replay_target,
)
from bot.store import CorruptRow, HandReplay, HandSummary, Store
from bot.tables.errors import TableError
from bot.tables.replay import ReplayStep, replay_step, scenario_of
from cogs.inputs import MAX_CHOICES
from cogs.scoreboard.render import ending_words, winners_text

if TYPE_CHECKING:
    from bot.client import TonkBot

_UID = re.compile(r"(\d+):(\d+)")

PICK_ID = "tonk:replay:pick"
"""The custom id of the history page's menu of hands to replay."""


class ReplayButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tonk:replay:(?P<table>\d+):(?P<hand>\d+):(?P<step>\d+):(?P<turn>first|prev|next|last)",
):
    """One of the replay's four buttons, under the step it was shown with."""

    def __init__(
        self,
        hand_uid: str,
        step: int,
        turn: Turn,
        disabled: bool = False,
        locale: str = DEFAULT_LOCALE,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=text(f"replay.button.{turn.value}", locale),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"tonk:replay:{hand_uid}:{step}:{turn.value}",
            )
        )
        self.hand_uid = hand_uid
        self.step = step
        self.turn = turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(f"{match['table']}:{match['hand']}", int(match["step"]), Turn(match["turn"]))

    async def run(self, interaction: discord.Interaction) -> None:
        defer_as(interaction, Defer.UPDATE)
        bot = cast("TonkBot", interaction.client)
        if bot.store is None:
            return
        try:
            replay = await channel_hand(bot.store, interaction, self.hand_uid)
            target = replay_target(self.turn, self.step, len(replay.action_log))
            step = replay_step(replay, target)
        except TableError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        embed, view = replay_message(step, locale_of(interaction))
        await update(interaction, embed=embed, view=view)


class StartReplayButton(
    GuardedItem, discord.ui.DynamicItem[discord.ui.Button[Any]], template=START_TEMPLATE
):
    """Replay under a finished hand's table message (``bot.render.replay.replay_start_id``):
    the hand's replay at its deal, shown privately to whoever clicks."""

    def __init__(self, table_id: int, hand_number: int) -> None:
        super().__init__(discord.ui.Button(custom_id=replay_start_id(table_id, hand_number)))
        self.hand_uid = f"{table_id}:{hand_number}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StartReplayButton:
        return cls(int(match["table"]), int(match["hand"]))

    async def run(self, interaction: discord.Interaction) -> None:
        bot = cast("TonkBot", interaction.client)
        if bot.store is None:
            return
        await start_replay(bot.store, interaction, self.hand_uid)


class ReplayPick(GuardedItem, discord.ui.DynamicItem[discord.ui.Select[Any]], template=PICK_ID):
    """The menu under a page of ``/tonk history``: the hand picked is replayed privately to
    whoever picked it (its value is the hand's uid, so nothing is kept in memory)."""

    def __init__(self, hands: Sequence[HandSummary] = (), locale: str = DEFAULT_LOCALE) -> None:
        options = [
            discord.SelectOption(label=_choice_line(hand, locale), value=hand.hand_uid)
            for hand in hands
        ]
        placeholder = text("replay.pick", locale)
        super().__init__(
            discord.ui.Select(custom_id=PICK_ID, placeholder=placeholder, options=options)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayPick:
        return cls()

    async def run(self, interaction: discord.Interaction) -> None:
        bot = cast("TonkBot", interaction.client)
        if bot.store is None or not self.item.values:
            return
        await start_replay(bot.store, interaction, self.item.values[0])


class ScenarioButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tonk:replay:(?P<table>\d+):(?P<hand>\d+):scenario",
):
    """**Scenario file** under a replay: the hand as a scripted hand (``tonk scenario``'s
    input, ``bot.tables.replay.scenario_of``), sent privately as a JSON file."""

    def __init__(self, hand_uid: str, locale: str = DEFAULT_LOCALE) -> None:
        super().__init__(
            discord.ui.Button(
                label=text("replay.button.scenario", locale),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tonk:replay:{hand_uid}:scenario",
            )
        )
        self.hand_uid = hand_uid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ScenarioButton:
        return cls(f"{match['table']}:{match['hand']}")

    async def run(self, interaction: discord.Interaction) -> None:
        defer_as(interaction, Defer.EPHEMERAL)
        bot = cast("TonkBot", interaction.client)
        if bot.store is None:
            return
        try:
            replay = await channel_hand(bot.store, interaction, self.hand_uid)
            scenario = scenario_of(replay)
        except TableError as refusal:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        table_id, number = self.hand_uid.split(":")
        name = f"tonk-table-{table_id}-hand-{number}.json"
        data = json.dumps(scenario, ensure_ascii=False, indent=2).encode()
        said = text("replay.scenario", locale_of(interaction), number=number, file=name)
        await answer(interaction, said, file=discord.File(io.BytesIO(data), filename=name))


def replay_message(step: ReplayStep, locale: str) -> tuple[discord.Embed, discord.ui.View]:
    """The replay at ``step``, with its buttons (Deal and Back off at the deal, Next and End
    at the end) and **Scenario file**."""
    view = discord.ui.View(timeout=None)
    for turn in Turn:
        target = replay_target(turn, step.step, step.steps)
        view.add_item(ReplayButton(step.hand_uid, step.step, turn, target == step.step, locale))
    view.add_item(ScenarioButton(step.hand_uid, locale))
    return replay_embed(step, locale), view


async def start_replay(store: Store, interaction: discord.Interaction, hand: str | None) -> None:
    """Answer ``/tonk replay``: the chosen hand (the channel's last one if none) at its deal,
    privately."""
    defer_as(interaction, Defer.EPHEMERAL)
    try:
        uid = await _chosen(store, interaction, hand)
        step = replay_step(await channel_hand(store, interaction, uid), 0)
    except TableError as refusal:
        await answer(interaction, refusal_text(refusal, interaction))
        return
    embed, view = replay_message(step, locale_of(interaction))
    await show(interaction, embed=embed, view=view, ephemeral=True)


async def hand_choices(
    store: Store, interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    """The channel's last finished hands whose line contains what was typed, newest first."""
    hands = await store.history(interaction.guild_id or 0, interaction.channel_id or 0, MAX_CHOICES)
    locale = locale_of(interaction)
    lines = ((hand.hand_uid, _choice_line(hand, locale)) for hand in hands)
    wanted = typed.strip().casefold()
    return [
        app_commands.Choice(name=line, value=uid)
        for uid, line in lines
        if wanted in line.casefold()
    ]


async def channel_hand(store: Store, interaction: discord.Interaction, uid: str) -> HandReplay:
    """The recorded hand ``uid`` of this server and channel; ``TableError`` otherwise (a
    hand of another channel is not shown here: its channel may be private) or when its
    record cannot be read."""
    try:
        replay = await store.hand_replay(interaction.guild_id or 0, uid)
    except CorruptRow as error:
        raise TableError("replay_unreadable", number=uid.partition(":")[2]) from error
    if replay is None or replay.channel_id != interaction.channel_id:
        raise TableError("replay_unknown")
    return replay


async def _chosen(store: Store, interaction: discord.Interaction, hand: str | None) -> str:
    """The hand asked for: a choice of the list (``<table>:<hand>``), a hand number typed
    (the channel's latest hand with that number), or the channel's last hand."""
    if hand is not None and _UID.fullmatch(hand.strip()):
        return hand.strip()
    hands = await store.history(interaction.guild_id or 0, interaction.channel_id or 0, MAX_CHOICES)
    if not hands:
        raise TableError("nothing_to_replay")
    if hand is None:
        return hands[0].hand_uid
    typed = hand.strip()
    for summary in hands:
        if typed.isdecimal() and summary.hand_number == int(typed):
            return summary.hand_uid
    raise TableError("replay_unknown")


def _choice_line(hand: HandSummary, locale: str) -> str:
    line = text(
        "replay.choice",
        locale,
        number=hand.hand_number,
        table=hand.table_id,
        ending=ending_words(hand.ending, locale),
        winners=winners_text(hand, locale),
    )
    return clip(line, OPTION_LABEL)
