"""The bot's permissions in a table's channel (README, setting up: View Channel, Send
Messages, Embed Links): ``/tonk new`` says which are missing and opens nothing; a permission
taken away during a game leaves the game in sight, in its last table message."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.client import TonkBot
from bot.tables.table import LOBBY
from tests.cogs.helpers import (
    button_labels,
    drop,
    is_open,
    make_bot,
    open_table,
    quiet,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, SimulatedMember, StoredMessage, run_bot

FIRST = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["AH", "2H", "AS", "3C", "4D"]}
SECOND = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        (discord.Permissions(send_messages=True), "Send Messages"),
        (discord.Permissions(embed_links=True), "Embed Links"),
        (discord.Permissions(view_channel=True), "View Channel"),
        (
            discord.Permissions(send_messages=True, embed_links=True),
            "Send Messages and Embed Links",
        ),
    ],
    ids=["send", "embed", "view", "send-and-embed"],
)
async def test_no_table_opens_where_the_bot_cannot_post_and_the_host_is_told_why(
    fake_discord: FakeDiscord, denied: discord.Permissions, named: str
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk", "lobby"])
    ann = fake_discord.add_member(guild, "ann")
    closed, other = guild.channel("tonk"), guild.channel("lobby")
    await fake_discord.deny(closed, fake_discord.bot_user.id, denied)
    async with run_bot(fake_discord, make_bot()) as bot:
        refused = await ann.at(closed).slash("tonk", "new")
        assert refused.ephemeral
        assert refused.content == (
            f"I cannot run a table in this channel without {named} here: a member with Manage "
            "Server or Manage Channels can allow me that in the channel's settings."
        )
        assert not is_open(bot, closed)
        assert fake_discord.messages_in(closed) == []

        opened = await ann.at(other).slash("tonk", "new")  # the other channel is fine
        assert not opened.ephemeral and is_open(bot, other)


async def test_in_a_thread_the_bot_needs_send_messages_in_threads(
    fake_discord: FakeDiscord,
) -> None:
    """A thread: posting there takes Send Messages in Threads, not Send Messages. Without it,
    no table; with it (and Send Messages denied), a table plays two hands, each hand's
    message posted in the thread."""
    guild = fake_discord.add_guild("Casino", channels=["tonk", "games"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    closed = fake_discord.add_thread(guild.channel("tonk"), "no posting")
    games = guild.channel("games")
    thread = fake_discord.add_thread(games, "friday game")
    bot_id = fake_discord.bot_user.id
    await fake_discord.deny(
        guild.channel("tonk"), bot_id, discord.Permissions(send_messages_in_threads=True)
    )
    await fake_discord.deny(games, bot_id, discord.Permissions(send_messages=True))
    async with run_bot(fake_discord, make_bot()) as bot:
        refused = await ann.at(closed).slash("tonk", "new")
        assert refused.ephemeral and refused.content is not None
        assert "without Send Messages in Threads here" in refused.content
        assert not is_open(bot, closed)

        lobby = await open_table(ann.at(thread), [bob.at(thread)])
        stack_table(bot, thread, cuts=["KS", "2C"], hands=FIRST, dealer="ann")
        await ann.click(lobby, "Start")
        await drop(bob, lobby)
        stack_table(bot, thread, hands=SECOND, dealer="bob")
        await ann.click(lobby, "Next hand")
        await quiet(fake_discord, bot)
        second = table_message(fake_discord, bot, thread)
        assert second is not lobby and second.channel_id == thread.id
        assert "**Hand 2**" in second.text() and "bob dropped" in lobby.text()


async def test_the_refusal_speaks_the_members_language(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    ann.user.locale = "ro"
    channel = guild.channel("tonk")
    await fake_discord.deny(
        channel, fake_discord.bot_user.id, discord.Permissions(embed_links=True)
    )
    async with run_bot(fake_discord, make_bot()) as bot:
        refused = await ann.slash("tonk", "new")
        assert refused.ephemeral and refused.content is not None
        assert refused.content.startswith("Nu pot ține o masă în acest canal fără Embed Links")
        assert not is_open(bot, channel)


async def hand_over_then_no_posting(
    fake: FakeDiscord, bot: TonkBot, ann: SimulatedMember, bob: SimulatedMember
) -> StoredMessage:
    """Hand 1 played in ann's channel (bob drops and wins), then Send Messages taken from
    the bot there: the table message."""
    channel = ann.channel
    assert channel is not None
    lobby = await open_table(ann, [bob])
    stack_table(bot, channel, cuts=["KS", "2C"], hands=FIRST, dealer="ann")
    await ann.click(lobby, "Start")
    await bob.click(lobby, "Drop")
    assert "bob dropped with 11, the lowest count, and wins." in lobby.text()
    await fake.deny(channel, fake.bot_user.id, discord.Permissions(send_messages=True))
    return lobby


async def test_a_game_goes_on_in_sight_when_the_bot_may_no_longer_post(
    fake_discord: FakeDiscord,
) -> None:
    """Send Messages taken away between two hands: Next hand, pressed on the finished hand's
    message, shows hand 2 there (its result stays in the channel only while the bot may post
    a new message), and its buttons play it."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await hand_over_then_no_posting(fake_discord, bot, ann, bob)
        stack_table(bot, channel, hands=SECOND, dealer="bob")
        await ann.click(lobby, "Next hand")
        await quiet(fake_discord, bot)
        assert table_message(fake_discord, bot, channel) is lobby
        assert "**Hand 2**" in lobby.text()
        assert fake_discord.messages_in(channel) == [lobby]
        await ann.click(lobby, "Draw")  # ann, left of the dealer, plays first
        hand = table_in(bot, channel).hand
        assert hand is not None and len(hand.log) == 1


async def test_a_table_back_in_its_lobby_stays_in_sight_when_the_bot_may_no_longer_post(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """Send Messages taken away, then a player leaves between two hands: the table is back
    in its lobby, which the finished hand's message shows (the refused new message is a
    warning in the log), and its Join button seats a newcomer."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob, cat = (fake_discord.add_member(guild, name) for name in ("ann", "bob", "cat"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await hand_over_then_no_posting(fake_discord, bot, ann, bob)
        with caplog.at_level(logging.WARNING, logger="cogs.tonk.screens"):
            await bob.slash("tonk", "leave")
            await quiet(fake_discord, bot)
        assert table_in(bot, channel).status == LOBBY
        assert table_message(fake_discord, bot, channel) is lobby
        assert fake_discord.messages_in(channel) == [lobby]
        assert "Join" in button_labels(lobby)
        assert any("a new table message is refused" in r.message for r in caplog.records)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

        await cat.click(lobby, "Join")
        assert sorted(seat.name for seat in table_in(bot, channel).seats) == ["ann", "cat"]


async def test_a_notice_the_bot_may_not_post_is_a_warning_not_an_error(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """Send Messages taken away mid-hand, then a player leaves: the channel notice that says
    so is refused by Discord, which the log records as a warning, and the hand goes on."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, channel, cuts=["KS", "2C"], hands=FIRST, dealer="ann")
        await ann.click(lobby, "Start")
        denied = discord.Permissions(send_messages=True)
        await fake_discord.deny(channel, fake_discord.bot_user.id, denied)
        with caplog.at_level(logging.WARNING):
            await bob.slash("tonk", "leave")
            await quiet(fake_discord, bot)
        assert any("notice" in r.message and "refused" in r.message for r in caplog.records)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert fake_discord.messages_in(channel) == [lobby]
