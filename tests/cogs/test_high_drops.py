"""The table message's **Drop** shows no count and sits beside **Draw**: a player who presses
it with a count above ``CONFIRM_DROP_ABOVE`` (15) is asked to confirm in their private panel,
whose **Drop with N** drops; at 15 or less it drops at once. Through the real client and the
fake Discord."""

from __future__ import annotations

import pytest

from bot.players.levels import CONFIRM_DROP_ABOVE
from tests.cogs.helpers import make_bot, open_table, quiet, stack_table, table_in
from tests.fakediscord import FakeDiscord, run_bot

ANN = ["KC", "QD", "9S", "8C", "7D"]
SIXTEEN = ["9C", "2D", "2H", "2S", "AC"]
FIFTEEN = ["8H", "2D", "2H", "2S", "AC"]


async def test_a_drop_above_fifteen_is_confirmed_in_the_players_panel(
    fake_discord: FakeDiscord,
) -> None:
    assert CONFIRM_DROP_ABOVE == 15
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(
            bot, channel, cuts=["KS", "2C"], hands={"ann": ANN, "bob": SIXTEEN}, dealer="ann"
        )
        await ann.click(lobby, "Start")
        await quiet(fake_discord, bot)
        table = table_in(bot, channel)
        before = table.to_json()

        refused = await ann.click(lobby, "Drop")  # not ann's turn: refused as ever
        assert refused.ephemeral and refused.content == "It is not your turn."

        asked = await bob.click(lobby, "Drop")
        assert asked.ephemeral and asked.message is not None
        assert asked.content == (
            "⚠️ Your count is 16, high for a drop. To drop anyway, press **Drop with 16** "
            "below; to play on, draw or take the discard."
        )
        assert "Count 16 · 5 cards" in asked.message.text()
        await quiet(fake_discord, bot)
        assert table.to_json() == before  # asking dropped nothing
        assert not ann.has_seen("Your count is 16")

        await bob.click(asked.message, "Drop with 16")
        await quiet(fake_discord, bot)
        assert table.hand is not None and table.hand.over
        assert "bob dropped with 16" in lobby.text()


@pytest.mark.parametrize("changes_mind", [False, True], ids=["drops", "draws instead"])
async def test_a_drop_at_fifteen_or_a_draw_instead_plays_at_once(
    fake_discord: FakeDiscord, changes_mind: bool
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    bobs = SIXTEEN if changes_mind else FIFTEEN
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, channel, cuts=["KS", "2C"], hands={"ann": ANN, "bob": bobs}, dealer="ann")
        await ann.click(lobby, "Start")
        await quiet(fake_discord, bot)
        table = table_in(bot, channel)
        hand = table.hand
        assert hand is not None
        if changes_mind:
            asked = await bob.click(lobby, "Drop")
            assert asked.message is not None
            await bob.click(asked.message, "Draw")
            assert not hand.over and len(hand.log) == 1 and hand.log[0].kind == "draw"
        else:
            dropped = await bob.click(lobby, "Drop")
            assert dropped.message is lobby and not dropped.ephemeral
            assert hand.over and "bob dropped with 15" in lobby.text()
