"""The turn reminder: a member the table waits for is mentioned in the channel (notifying
them and nobody else) once per turn, and the reminder goes as soon as the table moves on;
nothing else the bot posts notifies anyone. Time is a manual clock moved by the tests."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from tests.cogs.helpers import (
    TWO_HANDS,
    clock,
    dealt,
    make_bot,
    my_hand,
    open_table,
    play_cards,
    quiet,
    reminders,
    stack_table,
    table_in,
)
from tests.fakediscord import (
    FakeDiscord,
    run_bot,
)
from tests.tables.manual_clock import ManualClock


async def test_a_member_who_keeps_the_table_waiting_is_reminded_once_until_they_move(
    fake_discord: FakeDiscord,
) -> None:
    async with dealt(fake_discord, "120") as (bot, guild, channel, ann, bob, lobby):
        clock(bot).advance(44)
        await quiet(fake_discord, bot)
        assert reminders(fake_discord) == []
        clock(bot).advance(2)  # 45 s without a move (the timer gives 120)
        (nudge,) = await fake_discord.wait_for(lambda: reminders(fake_discord))
        assert nudge.content == (
            f"⏳ <@{bob.user.id}>, the table is waiting for you: "
            f"<https://discord.com/channels/{guild.id}/{channel.id}/{lobby.id}>"
        )
        assert nudge.notified == {bob.user.id}
        clock(bot).advance(30)
        await quiet(fake_discord, bot)
        assert reminders(fake_discord) == [nudge] and not nudge.deleted  # once per turn

        await bob.click(lobby, "Draw")
        await fake_discord.wait_for(lambda: nudge.deleted)  # the table moved on
        clock(bot).advance(40)  # bob stalls again within the same turn: no second reminder
        await quiet(fake_discord, bot)
        assert len(reminders(fake_discord)) == 1

        panel = await my_hand(bob, lobby)
        await play_cards(bob, panel, "7♠", "Discard 7♠")
        clock(bot).advance(46)
        await fake_discord.wait_for(lambda: len(reminders(fake_discord)) == 2)
        second = reminders(fake_discord)[1]
        assert second.content.startswith(f"⏳ <@{ann.user.id}>,")
        assert second.notified == {ann.user.id}

        await ann.slash("tonk", "end")  # the table closes: its reminder goes with it
        await fake_discord.wait_for(lambda: second.deleted)


@pytest.mark.parametrize(("turn_timeout", "after"), [("off", 45), ("30", 15)])
async def test_the_reminder_comes_after_45_seconds_or_halfway_to_the_turn_timer(
    fake_discord: FakeDiscord, turn_timeout: str, after: int
) -> None:
    async with dealt(fake_discord, turn_timeout) as table:
        clock(table.bot).advance(after - 1)
        await quiet(fake_discord, table.bot)
        assert reminders(fake_discord) == []
        clock(table.bot).advance(1)
        (nudge,) = await fake_discord.wait_for(lambda: reminders(fake_discord))
        assert nudge.notified == {table.bob.user.id}


async def test_a_fast_table_has_no_reminders(fake_discord: FakeDiscord) -> None:
    """With a 20-second turn timer the timer itself is the reminder: bob's turn runs out
    and ann's follows without any mention."""
    async with dealt(fake_discord, "20") as table:
        clock(table.bot).advance(21)
        await fake_discord.wait_for(
            lambda: fake_discord.latest(contains="time ran out", channel=table.channel)
        )
        clock(table.bot).advance(19)
        await quiet(fake_discord, table.bot)
    assert reminders(fake_discord) == []


async def test_a_server_can_turn_reminders_off_and_on_again(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``/tonk config set turn_reminders`` (Manage Server) applies to the open tables at once."""
    url = f"sqlite+aiosqlite:///{sqlite_store}"
    async with dealt(fake_discord, "120", url) as (bot, _, _, ann, bob, lobby):
        off = await ann.slash("tonk", "config", "set", turn_reminders=False)
        assert "turn reminders off" in off.content
        clock(bot).advance(50)
        await quiet(fake_discord, bot)
        assert reminders(fake_discord) == []

        refused = await bob.slash("tonk", "config", "set", turn_reminders=True)
        assert refused.content == "Only a member with Manage Server can change settings."
        on = await ann.slash("tonk", "config", "set", turn_reminders=True)
        assert "turn reminders on" in on.content
        await bob.click(lobby, "Draw")
        panel = await my_hand(bob, lobby)
        await play_cards(bob, panel, "7♠", "Discard 7♠")
        clock(bot).advance(46)
        (nudge,) = await fake_discord.wait_for(lambda: reminders(fake_discord))
        assert nudge.notified == {ann.user.id}


async def test_reminders_stay_off_after_a_restart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    url = f"sqlite+aiosqlite:///{sqlite_store}"
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann", permissions=discord.Permissions(manage_guild=True))
    async with run_bot(fake_discord, make_bot(database_url=url)) as bot:
        await ann.slash("tonk", "config", "set", turn_reminders=False)
        assert bot.quiet_guilds == {guild.id}
    async with run_bot(fake_discord, make_bot(database_url=url)) as bot:
        assert bot.quiet_guilds == {guild.id}
        await ann.slash("tonk", "config", "set", turn_reminders=True)
        assert bot.quiet_guilds == set()


async def test_a_reminder_left_by_a_restart_is_deleted_and_the_member_reminded_again(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The reminder's id is saved with the table: the bot that comes back deletes it."""
    url, shared = f"sqlite+aiosqlite:///{sqlite_store}", ManualClock()
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann, bob = fake_discord.add_member(guild, "ann"), fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot(database_url=url, clock=shared)) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, channel, cuts=["KS", "2C"], hands=TWO_HANDS, dealer="ann", stock=["KH"])
        await ann.click(lobby, "Start")
        shared.advance(46)
        (nudge,) = await fake_discord.wait_for(lambda: reminders(fake_discord))
        await quiet(fake_discord, bot)  # its id committed
        assert table_in(bot, channel).reminder_id == nudge.id
    async with run_bot(fake_discord, make_bot(database_url=url, clock=shared)) as bot:
        await fake_discord.wait_for(lambda: nudge.deleted)
        shared.advance(46)
        await fake_discord.wait_for(lambda: len(reminders(fake_discord)) == 2)
        again = reminders(fake_discord)[1]
        assert not again.deleted and again.notified == {bob.user.id}
        await quiet(fake_discord, bot)
    assert fake_discord.requests["DELETE /channels/{channel_id}/messages/{message_id}"] == 1


async def test_a_name_that_looks_like_a_mention_notifies_nobody(
    fake_discord: FakeDiscord,
) -> None:
    """A member called ``@everyone`` (the bot may mention everyone here): the notice that
    they left names them and pings nobody, nor does any other message of the table."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    prankster = fake_discord.add_member(guild, "@everyone")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob, prankster], turn_timeout="off")
        await ann.click(lobby, "Start")
        await prankster.slash("tonk", "leave")
        await quiet(fake_discord, bot)
        left = fake_discord.latest(contains="@everyone left", channel=channel)
        assert left is not None
    assert all(not m.notified for m in fake_discord.messages_in(channel, include_deleted=True))
