"""``/tonk practice``: a table of the member's own against computer players, dealt at once
(the seats and the deal are ``Table.add_bot`` and ``Table.start``, made before the table
opens), in a thread of its own where the channel has a table already."""

from __future__ import annotations

from bot.tables.table import PLAYING
from tests.cogs.helpers import is_open, make_bot, quiet, service, table_in, table_message
from tests.fakediscord import FakeDiscord, run_bot


async def test_practice_seats_the_computer_players_and_deals_at_once(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        opened = await ann.slash("tonk", "practice", opponents=2, level="easy")
        assert opened.message is not None and not opened.ephemeral
        table = table_in(bot, channel)
        assert sorted(seat.name for seat in table.seats) == ["Easy bot 1", "Easy bot 2", "ann"]
        assert (table.status, table.hand_number, table.max_seats) == (PLAYING, 1, 3)
        assert table.host_id == ann.id and table.message_id == opened.message.id
        assert "**Hand 1**" in opened.message.text()


async def test_the_computer_players_of_a_practice_table_play_their_turns(
    fake_discord: FakeDiscord,
) -> None:
    """Dealt before the table opened, the hand still has its computer players move: with
    this (seeded) deal the three of them play a turn each before ann's."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        service(bot).tables.bot_rng.seed(3)
        await ann.slash("tonk", "practice", opponents=3)
        await service(bot).tables.computer_players_idle()
        await quiet(fake_discord, bot)
        table = table_in(bot, channel)
        assert table.status is PLAYING and table.to_act_id == ann.id
        assert table.hand is not None and len(table.hand.log) == 6  # three turns before ann's


async def test_practice_in_a_busy_channel_opens_in_a_thread(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        await bob.slash("tonk", "new")
        opened = await ann.slash("tonk", "practice")
        assert opened.message is not None and opened.message.channel_id == channel.id
        thread = fake_discord.channels[opened.message.id]
        assert thread.is_thread and thread.parent_id == channel.id
        table = table_in(bot, thread)
        assert sorted(seat.name for seat in table.seats) == ["Normal bot 1", "ann"]
        assert table.status is PLAYING
        assert table_message(fake_discord, bot, thread).channel_id == thread.id
        assert table_in(bot, channel).host_id == bob.id  # the channel's own table stays


async def test_more_opponents_than_the_game_seats_are_refused_in_words(
    fake_discord: FakeDiscord,
) -> None:
    """Seven-card 40 seats five at most: four opponents fit, five do not."""
    guild = fake_discord.add_guild("Casino", channels=["tonk", "other"])
    ann = fake_discord.add_member(guild, "ann")
    channel, other = guild.channel("tonk"), guild.channel("other")
    async with run_bot(fake_discord, make_bot()) as bot:
        refused = await ann.slash("tonk", "practice", opponents=5, preset="seven_card_40")
        assert refused.ephemeral and refused.content is not None
        assert "2 to 5" in refused.content
        assert not is_open(bot, channel) and fake_discord.messages_in(channel) == []
        await ann.at(other).slash("tonk", "practice", opponents=4, preset="seven_card_40")
        assert len(table_in(bot, other).seats) == 5
