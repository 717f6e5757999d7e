"""Whole hands from ``/tonk new`` to the payout, with stacked decks, through the fake Discord."""

from __future__ import annotations

from tests.cogs.helpers import (
    assert_hands_secret,
    button_labels,
    make_bot,
    my_hand,
    open_table,
    play_a_tonk,
    play_cards,
    quiet,
    stack_a_tonk,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, run_bot


async def test_a_two_player_hand_ends_with_a_tonk_and_is_paid_double(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake.add_member(guild, "ann")
    bob = fake.add_member(guild, "bob")
    async with run_bot(fake, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        assert "2 of 4 seats taken" in lobby.text()
        stack_a_tonk(bot, channel)  # ann cuts highest and deals; bob plays first
        started = await ann.click(lobby, "Start")
        assert started.message is lobby  # the lobby message became hand 1's table message
        assert "**bob** to play" in lobby.text() and "J♣" in lobby.text()
        assert "ann K♠ and bob 2♣" in lobby.text()  # the cut for deal
        assert button_labels(lobby) == {
            "My hand": True,
            "Draw": True,
            "Take J♣": True,
            "Drop": True,
        }
        await quiet(fake, bot)
        assert "Your hand: 7♦ 4♥ 5♥ 6♥ 7♠ (count 29)" in bob.dms()[0].content
        assert "Casino · #tonk · hand 1" in bob.dms()[0].content

        await bob.click(lobby, "Draw")
        panel = await my_hand(bob, lobby)
        assert "3♣" in panel.text() and "Count 32" in panel.text()
        await play_cards(bob, panel, "3♣", "Discard 3♣")
        await quiet(fake, bot)
        assert "bob discarded 3♣" in lobby.text() and "**ann** to play" in lobby.text()

        await ann.click(lobby, "Draw")
        ann_panel = await my_hand(ann, lobby)
        await play_cards(ann, ann_panel, "K♣", "Discard K♣")
        await quiet(fake, bot)

        await bob.click(lobby, "Draw")
        await quiet(fake, bot)
        assert_hands_secret(table_in(bot, channel), [ann, bob])
        await play_cards(bob, panel, "4♥ 5♥ 6♥", "Spread")
        assert "1. bob: 4♥ 5♥ 6♥" in panel.text()
        await play_cards(bob, panel, "7♣ 7♦ 7♠", "Spread")
        await quiet(fake, bot)

        result = lobby.text()
        assert "Hand 1 is over." in result
        assert "bob went out without a discard: tonk! Paid ×2." in result
        assert "ann: 8♣ 2♦ 10♦ Q♦ 9♠ (count 39)" in result
        assert "ann −2 · bob +2" in result
        assert button_labels(lobby) == {"Next hand": True}
        assert "This hand is over" in bob.dms()[0].content
        assert bob.dms()[0].content.endswith(f"/{guild.id}/{channel.id}/{lobby.id}>")  # its link
        assert "1. bob: 4♥ 5♥ 6♥" in result and "bob spread" in result  # how bob went out
        assert len(bob.dms()) == 1  # one DM per hand, edited
        assert table_in(bot, channel).balances == {ann.id: -2, bob.id: 2}


async def test_a_four_player_drop_is_caught_and_paid_as_rules_s11c_says(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann, bob, cat, dan = (fake.add_member(guild, n) for n in ("ann", "bob", "cat", "dan"))
    async with run_bot(fake, make_bot()) as bot:
        lobby = await open_table(ann, [bob, cat, dan], stake=1, seats=4)
        stack_table(
            bot,
            channel,
            cuts=["JS", "10S", "KS", "QS"],  # cat deals, dan sits at the dealer's left
            hands={
                "cat": ["KC", "9D", "7D", "3C", "AH"],
                "dan": ["2C", "3D", "4H", "5S", "6C"],
                "ann": ["AC", "AD", "2H", "3S", "5H"],
                "bob": ["2D", "3H", "4S", "7C", "2S"],
            },
            dealer="cat",
        )
        await ann.click(lobby, "Start")
        seats = lobby.embeds[0]["fields"][0]["value"].splitlines()
        assert [line.split("**")[1] for line in seats] == ["cat", "dan", "ann", "bob"]
        assert "(dealer)" in seats[0] and seats[1].startswith("▶")
        await quiet(fake, bot)
        assert_hands_secret(table_in(bot, channel), [ann, bob, cat, dan])

        asked = await dan.click(lobby, "Drop")  # a count of 20: dan confirms in his panel
        assert asked.ephemeral and asked.message is not None and asked.content is not None
        assert asked.content.startswith("⚠️ Your count is 20, high for a drop.")
        assert "dropped" not in lobby.text()
        await dan.click(asked.message, "Drop with 20")
        await quiet(fake, bot)
        result = lobby.text()
        assert "dan dropped with 20 and was caught by ann with 12." in result
        assert "cat −1 · dan −4 · ann +4 · bob +1" in result
        assert "dan: 2♣ 6♣ 3♦ 4♥ 5♠ (count 20)" in result
        balances = table_in(bot, channel).balances
        assert balances == {ann.id: 4, bob.id: 1, cat.id: -1, dan.id: -4}

        # The next hand deals on the host's button: a new table message, the old one keeps
        # the result; the deal passes to the left (dan).
        await ann.click(lobby, "Next hand")
        await quiet(fake, bot)
        assert lobby.buttons() == [] and "dan dropped with 20" in lobby.text()
        assert "The next hand deals" not in lobby.text()
        hand2 = table_message(fake, bot, channel)
        assert hand2.id != lobby.id and "**Hand 2**" in hand2.text()
        assert "**dan** (dealer)" in hand2.text() and "▶ **ann**" in hand2.text()
        assert "balance +4" in hand2.text()
        assert all(len(m.dms()) == 2 for m in (ann, bob, cat, dan))


async def test_a_closed_table_says_who_pays_whom_to_settle_the_session(
    fake_discord: FakeDiscord,
) -> None:
    """S3: once the host ends the table, its message lists the payments that settle the
    session's balances (ann owes bob the 2 chips of his tonk); a push-up table (O42), scored
    in points that nobody pays, lists none."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann, bob = fake.add_member(guild, "ann"), fake.add_member(guild, "bob")
    async with run_bot(fake, make_bot()) as bot:
        finished = await play_a_tonk(fake, bot, ann, bob)
        assert "Settle up" not in finished.text()  # the session goes on
        await ann.slash("tonk", "end")
        await quiet(fake, bot)
        [settle] = [f for f in finished.embeds[0]["fields"] if f["name"] == "Settle up"]
        assert settle["value"] == "ann pays bob 2"

        pushed = await play_a_tonk(fake, bot, ann, bob, preset="push_up")
        await ann.slash("tonk", "end")
        await quiet(fake, bot)
        assert "78" in pushed.text() and "Settle up" not in pushed.text()
