"""The ``/tonk`` commands as members type them."""

from __future__ import annotations

import discord

from tests.cogs.helpers import (
    button_labels,
    is_open,
    make_bot,
    open_table,
    quiet,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, run_bot

HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}


async def test_the_commands_are_one_guild_only_group(fake_discord: FakeDiscord) -> None:
    fake_discord.add_guild("Casino")
    async with run_bot(fake_discord, make_bot()):
        (tonk,) = fake_discord.commands()
    assert tonk["name"] == "tonk" and tonk["contexts"] == [0]
    names = {o["name"] for o in tonk["options"]}
    assert names == {
        "new", "join", "leave", "start", "kick", "host", "end", "settings", "rules", "hand",
        "table", "addbot", "removebot", "bigone", "me", "help", "tables", "practice",
    }  # fmt: skip


async def test_dev_guild_id_syncs_the_commands_to_one_server(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino")
    async with run_bot(fake_discord, make_bot(dev_guild_id=guild.id)):
        assert [c["name"] for c in fake_discord.commands(guild)] == ["tonk"]


async def test_one_table_per_channel_and_joining_by_command(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [], preset="chicago", stake=5, seats=2)
        assert "Chicago (P6) · stake 5" in lobby.text() and "1 of 2 seats taken" in lobby.text()
        second = await bob.slash("tonk", "new")
        assert second.ephemeral and second.content.startswith("This channel already has a table")
        assert f"/{lobby.id}" in second.content  # a link to the first table's message
        joined = await bob.slash("tonk", "join")
        assert joined.ephemeral and joined.content == "You sat down at the table."
        again = await bob.slash("tonk", "join")
        assert again.content == "You already sit at this table."
        await quiet(fake_discord, bot)
        assert "Hosted by ann. All 2 seats are taken: the host presses **Start**." in lobby.text()
        assert button_labels(lobby) == {
            "Join": False,
            "Leave": True,
            "Start": True,
            "How to play": True,
        }
        left = await bob.slash("tonk", "leave")
        assert left.content == "You left the table."
        await quiet(fake_discord, bot)
        assert button_labels(lobby)["Join"]  # a seat is free again
        bad = await bob.slash("tonk", "new", turn_timeout="soon")
        assert bad.content == "The turn timer is 10 to 3600 seconds, or off."


async def test_settings_with_autocomplete_and_refused_conflicts(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot()) as bot:
        await open_table(ann, [bob])
        options = await ann.autocomplete("tonk", "settings", focused="option", option="wait")
        assert [c["value"] for c in options] == [
            "wait_after_spread",
            "wait_after_hit",
            "wait_hit_once_per_round",
            "wait_after_own_hit",
        ]
        values = await ann.autocomplete(
            "tonk", "settings", focused="value", option="catch", value="al"
        )
        assert [c["value"] for c in values] == ["alt1", "alt2", "alt3", "alt4", "alt5"]

        refused = await ann.slash("tonk", "settings", option="face_values", value="rank")
        assert (
            refused.ephemeral and "face_values: rank conflicts with instant_win" in refused.content
        )
        not_host = await bob.slash("tonk", "settings", option="deck", value="40")
        assert not_host.content == "Only the host can do that."
        changed = await ann.slash("tonk", "settings", option="wait_after_spread", value="3")
        assert not changed.ephemeral and changed.content == (
            "The host set wait_after_spread to 3: "
            "Laying a spread stops you dropping on your next 3 turns."
        )

        rules = await bob.slash("tonk", "rules")
        assert rules.ephemeral and rules.embed_titles == ["Standard (P1)"]
        assert rules.message is not None
        assert "Laying a spread stops you dropping on your next 3 turns" in rules.message.text()
        preset = await bob.slash("tonk", "rules", preset="chicago")
        assert preset.embed_titles == ["Chicago (P6)"]

        stack_table(bot, guild.channel("tonk"), cuts=["KS", "2C"], hands=HANDS, dealer="ann")
        await ann.slash("tonk", "start")
        await quiet(fake_discord, bot)
        assert "waits 0" in table_message(fake_discord, bot, guild.channel("tonk")).text()
        locked = await ann.slash("tonk", "settings", option="deck", value="40")
        assert locked.content == (
            "A table's rules and stake can be changed only before the first deal; its seats, "
            "turn timer and privacy at any time."
        )


async def test_kick_end_hand_and_table_commands(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    cat = fake_discord.add_member(guild, "cat")
    mod = fake_discord.add_member(guild, "mod", permissions=discord.Permissions(manage_guild=True))
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob, cat])
        refused = await bob.slash("tonk", "kick", member=cat)
        assert refused.content == "Only the host or a member with Manage Server can do that."
        kicked = await mod.slash("tonk", "kick", member=cat)
        assert kicked.ephemeral and kicked.content == "cat is removed from the table."
        await quiet(fake_discord, bot)
        assert fake_discord.latest(contains="cat was removed", channel=channel) is not None

        stack_table(bot, channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann")
        started = await ann.slash("tonk", "start")
        assert started.ephemeral
        hand = await bob.slash("tonk", "hand")
        assert hand.ephemeral and hand.embed_titles == ["Your hand · hand 1"]
        assert hand.message is not None and "7♦ 4♥ 5♥ 6♥ 7♠" in hand.message.text()
        nothing = await cat.slash("tonk", "hand")
        assert nothing.content == "You don't play in this hand."

        reposted = await cat.slash("tonk", "table")
        await quiet(fake_discord, bot)
        assert reposted.message is not None and not reposted.ephemeral
        assert "**Hand 1**" in reposted.message.text()
        assert lobby.deleted and table_message(fake_discord, bot, channel) is reposted.message

        not_host = await bob.slash("tonk", "end")
        assert not_host.content == "Only the host or a member with Manage Server can do that."
        ended = await ann.slash("tonk", "end")
        assert not ended.ephemeral and ended.content == "ann closed the table."
        await quiet(fake_discord, bot)
        assert not is_open(bot, channel)
        assert "This table is closed." in reposted.message.text()  # type: ignore[union-attr]
        assert button_labels(reposted.message) == {"New table": True}  # type: ignore[arg-type]
        nothing_here = await ann.slash("tonk", "join")
        assert nothing_here.content.startswith("There is no table in this channel")


async def test_the_host_hands_the_table_to_another_player(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob, cat = (fake_discord.add_member(guild, name) for name in ("ann", "bob", "cat"))
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        absent = await ann.slash("tonk", "host", member=cat)
        assert absent.ephemeral and absent.content == "cat doesn't sit at this table."
        refused = await bob.slash("tonk", "host", member=bob)
        assert refused.content == "Only the host or a member with Manage Server can do that."
        passed = await ann.slash("tonk", "host", member=bob)
        assert not passed.ephemeral and passed.content == "ann made bob the host of this table."
        await quiet(fake_discord, bot)
        assert "**bob** (host)" in lobby.text() and "**ann** (host)" not in lobby.text()
        not_any_more = await ann.click(lobby, "Start")
        assert not_any_more.ephemeral and not_any_more.content == "Only the host can do that."
        changed = await bob.slash("tonk", "settings", stake=3)
        assert changed.content == "The host set the stake to 3."
        assert table_in(bot, guild.channel("tonk")).host_id == bob.id


async def test_O44_bigone_is_announced_by_the_host_and_refused_to_others(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot()) as bot:
        await open_table(ann, [bob])
        refused = await bob.slash("tonk", "bigone", hands=2)
        assert refused.ephemeral and "host" in refused.content.lower()
        said = await ann.slash("tonk", "bigone", hands=2)
        assert (
            not said.ephemeral and "The Big One" in said.content and "last 2 hand" in said.content
        )
        await quiet(fake_discord, bot)
        assert ann.channel is not None and table_in(bot, ann.channel).big_one_left == 2
