"""``bot.client``: an answered interaction is freed as soon as nothing holds it, without the
garbage collector (see ``RESPONSE_SLOT``), through the real client and the fake Discord."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

import discord

from tests.cogs.helpers import make_bot, my_hand, open_table, play_cards, quiet, stack_table
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
