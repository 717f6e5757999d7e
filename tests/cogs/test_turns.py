"""Turns never get stuck: the turn timer, players who leave, the pause between hands, and
idle tables. Time is a manual clock moved by the tests; they wait on the fake's events."""

from __future__ import annotations

from bot.tables.table import LOBBY
from tests.cogs.helpers import (
    assert_hands_secret,
    clock,
    drop,
    is_open,
    make_bot,
    my_hand,
    open_table,
    play_cards,
    quiet,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, run_bot

HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}
TIMEOUT_NOTICE = "time ran out, so they played automatically"


def timeouts(fake: FakeDiscord) -> int:
    """How many turn-timer notices the channels got."""
    return sum(TIMEOUT_NOTICE in m.content for m in fake.messages.values())


async def test_the_turn_timer_plays_a_safe_move_and_three_misses_remove_the_player(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob], turn_timeout="60")
        stack_table(
            bot, channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann", stock=["KH", "3C", "QH"]
        )
        await ann.click(lobby, "Start")
        assert "time runs out <t:" in lobby.text()
        deadline = table_in(bot, channel).turn_deadline
        assert deadline == clock(bot).now() + 60

        clock(bot).advance(59)
        await quiet(fake_discord, bot)
        assert fake_discord.latest(contains=TIMEOUT_NOTICE, channel=channel) is None
        clock(bot).advance(2)
        notice = await fake_discord.wait_for(
            lambda: fake_discord.latest(contains=TIMEOUT_NOTICE, channel=channel)
        )
        assert notice.content == (
            "⏰ bob's time ran out, so they played automatically: bob drew from the stock; "
            "bob spread 4♥ 5♥ 6♥; bob discarded K♥."
        )
        await quiet(fake_discord, bot)
        assert "bob discarded K♥ (automatic)" in lobby.text()
        assert "**ann** to play" in lobby.text()

        for missed, card in ((2, "2♦"), (3, "8♣")):
            await quiet(fake_discord, bot)
            await ann.click(lobby, "Draw")
            panel = await my_hand(ann, lobby)
            await play_cards(ann, panel, card, f"Discard {card}")
            clock(bot).advance(61)
            await fake_discord.wait_for(lambda n=missed: timeouts(fake_discord) == n)
        await quiet(fake_discord, bot)
        assert fake_discord.latest(contains="missed three turns", channel=channel) is not None
        assert "left: played automatically" in lobby.text()
        assert_hands_secret(table_in(bot, channel), [ann, bob])

        await drop(ann, lobby)
        await quiet(fake_discord, bot)
        table = table_in(bot, channel)
        assert [s.name for s in table.seats] == ["ann"] and table.status == LOBBY
        assert "Hand 1 is over." in lobby.text() and lobby.buttons() == []
        new_lobby = table_message(fake_discord, bot, channel)
        assert new_lobby.id != lobby.id and "1 of 4 seats taken" in new_lobby.text()


async def test_a_player_who_leaves_mid_hand_is_played_until_the_hand_ends(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann, bob, cat = (fake_discord.add_member(guild, n) for n in ("ann", "bob", "cat"))
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob, cat], turn_timeout="off")
        hands = {
            "ann": ["KC", "QD", "9S", "8C", "2D"],
            "bob": ["4H", "5H", "6H", "7S", "7D"],
            "cat": ["AC", "AD", "3H", "3S", "10H"],
        }
        stack_table(
            bot,
            channel,
            cuts=["KS", "QS", "JS"],
            hands=hands,
            dealer="ann",
            stock=["9H", "JH", "10C", "8S"],
        )
        await ann.click(lobby, "Start")
        assert "time runs out" not in lobby.text()
        left = await cat.slash("tonk", "leave")
        assert left.ephemeral and "played automatically until this hand ends" in left.content
        await quiet(fake_discord, bot)
        assert "**cat** · 5 cards · balance 0 · left: played automatically" in lobby.text()

        await bob.click(lobby, "Draw")
        panel = await my_hand(bob, lobby)
        await play_cards(bob, panel, "9♥", "Discard 9♥")
        await quiet(fake_discord, bot)
        assert "cat drew from the stock (automatic)" in lobby.text()
        assert "cat discarded J♥ (automatic)" in lobby.text()
        assert "**ann** to play" in lobby.text()
        notice = fake_discord.latest(contains="cat left", channel=channel)
        assert notice is not None

        await drop(ann, lobby)
        await quiet(fake_discord, bot)
        assert "ann dropped with" in lobby.text()
        assert [s.name for s in table_in(bot, channel).seats] == ["ann", "bob"]


async def test_the_next_hand_deals_after_a_pause_and_an_idle_table_closes(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob], turn_timeout="off")
        stack_table(bot, channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann")
        await ann.click(lobby, "Start")
        await drop(bob, lobby)
        await quiet(fake_discord, bot)
        assert "The next hand deals in a moment" in lobby.text()
        clock(bot).advance(31)
        await fake_discord.wait_for(lambda: table_in(bot, channel).hand_number == 2)
        await quiet(fake_discord, bot)
        hand2 = table_message(fake_discord, bot, channel)
        assert "**Hand 2**" in hand2.text() and "**bob** (dealer)" in hand2.text()

        clock(bot).advance(30 * 60 + 1)
        notice = await fake_discord.wait_for(
            lambda: fake_discord.latest(contains="without activity", channel=channel)
        )
        assert notice.content == "This table closed after 30 minutes without activity."
        await quiet(fake_discord, bot)
        assert not is_open(bot, channel)
        assert "This table is closed." in hand2.text()
        assert [b["label"] for b in hand2.buttons()] == ["New table"]
