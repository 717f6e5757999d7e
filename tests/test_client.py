"""``bot.client``, through the real client and the fake Discord: an answered interaction is
freed as soon as nothing holds it, without the garbage collector (see ``RESPONSE_SLOT``); a
part of the bot that fails to set up is undone, and the bot runs without it; the patience
left to an interaction counts from when Discord made it."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import discord
import pytest

import cogs.scoreboard
from bot.client import TonkBot, patience_left
from cogs.scoreboard.commands import ScoreboardCog
from tests.cogs.helpers import (
    db_bot,
    make_bot,
    my_hand,
    open_table,
    play_cards,
    quiet,
    stack_table,
)
from tests.fakediscord import FakeDiscord, run_bot

HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}


@contextmanager
def collector_off() -> Iterator[None]:
    """No garbage collection meanwhile: what is left in a reference cycle stays in memory."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def interactions_in_memory() -> int:
    return sum(isinstance(thing, discord.Interaction) for thing in gc.get_objects())


async def test_answered_interactions_are_freed_once_nothing_holds_them(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake_discord.add_member(guild, "ann").at(channel)
    bob = fake_discord.add_member(guild, "bob").at(channel)
    with collector_off():
        async with run_bot(fake_discord, make_bot()) as bot:
            before = interactions_in_memory()
            lobby = await open_table(ann, [bob])  # /tonk open, Join
            stack_table(bot, channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann")
            await ann.click(lobby, "Start")
            await quiet(fake_discord, bot)
            ann_panel = await my_hand(ann, lobby)
            bob_panel = await my_hand(bob, lobby)
            await bob.click(bob_panel, "Draw")
            await play_cards(bob, bob_panel, "7♠", "Discard 7♠")  # a pick, then Discard
            await quiet(fake_discord, bot)
            await ann.click(ann_panel, "Draw")
            await quiet(fake_discord, bot)
            # Nine interactions answered; each player's panel keeps its last one (its token
            # edits the panel). Every other one is gone, though nothing collected cycles.
            assert interactions_in_memory() - before == 2


def subcommands(fake: FakeDiscord) -> set[str]:
    """The names under the ``/tonk`` the bot synced."""
    (tonk,) = fake.commands()
    return {option["name"] for option in tonk["options"]}


async def test_a_part_that_fails_to_set_up_is_undone_and_the_bot_runs_without_it(
    fake_discord: FakeDiscord,
    sqlite_store: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The scoreboard's setup adds its cog, then fails: the failure is logged, the cog is
    removed (its commands leave ``/tonk``), and the tables part serves as usual."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann").at(guild.channel("tonk"))
    async with run_bot(fake_discord, db_bot(sqlite_store)):
        assert "leaderboard" in subcommands(fake_discord)

    async def half_a_setup(bot: TonkBot) -> None:
        assert bot.store is not None
        await bot.add_cog(ScoreboardCog(bot, bot.store))
        raise RuntimeError("the scoreboard broke")

    monkeypatch.setattr(cogs.scoreboard, "setup", half_a_setup)
    caplog.set_level(logging.ERROR, logger="bot.client")
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        assert [r.getMessage() for r in caplog.records] == [
            "could not set up cogs.scoreboard: the bot runs without it"
        ]
        assert bot.get_cog("Scoreboard") is None and bot.get_cog("Tonk") is not None
        assert "leaderboard" not in subcommands(fake_discord)
        assert "new" in subcommands(fake_discord)
        lobby = await open_table(ann, [])
        assert lobby.embeds
    assert not bot.cogs  # closing tore the tables part down too


@pytest.mark.parametrize(
    ("age", "left"),
    [
        (0.0, 2.0),  # read at once: the whole patience
        (0.5, 1.5),  # read half a second late: the rest of it
        (2.0, 0.0),  # read as late as the patience: deferred at once
        (7.0, 0.0),  # later still: at once, not a negative delay
        (-3.0, 2.0),  # a host clock behind Discord's: never more than the patience
    ],
)
def test_the_patience_left_is_what_remains_of_two_seconds_since_discord_made_the_interaction(
    age: float, left: float
) -> None:
    assert patience_left(2.0, age) == pytest.approx(left)
