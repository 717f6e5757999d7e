"""``/tonk me``: what a member chooses for themselves on a server, through the fake Discord.
Their hand by direct message or not, reminders that mention them or not, their hand sorted
by suit or by rank, their language, the server's role for table announcements; each holds
on that server only, survives a restart, and ``/tonk me forget`` takes it back with the
rest of what is stored of them."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.members import DEFAULT_SETTINGS
from tests.cogs.helpers import (
    clock,
    db_bot,
    dealt,
    drop,
    menu_options,
    my_hand,
    play_cards,
    quiet,
    reminders,
    table_in,
)
from tests.fakediscord import FakeDiscord, run_bot

DEFAULTS = (
    "**Your settings on this server**\n"
    "Language: your Discord app's (English now)\n"
    "Your hand by direct message: yes\n"
    "Reminders that mention you: yes\n"
    "Your hand: by suit\n"
)


async def test_me_show_lists_the_defaults_and_me_set_without_a_setting_is_refused(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    async with dealt(fake_discord, "off", url(sqlite_store)) as (bot, _, _, ann, bob, _):
        (tonk,) = fake_discord.commands()
        shown = await bob.slash("tonk", "me", "show")
        assert shown.ephemeral and shown.content == DEFAULTS + (
            f"</tonk me set:{tonk['id']}> changes them; </tonk me forget:{tonk['id']}> deletes "
            "your totals and settings here."
        )
        refused = await bob.slash("tonk", "me", "set")
        assert refused.ephemeral and refused.content == (
            "Choose at least one setting to change: language, dms, reminders, order or "
            f"announcements (</tonk me show:{tonk['id']}> shows yours)."
        )
        forged = await bob.forge_slash("tonk", "me", "set", order="shuffled", dms=False)
        assert forged.content == (
            "There is no hand order called 'shuffled': choose one of suit, rank."
        )
        assert (await bob.slash("tonk", "me", "show")).content.startswith(DEFAULTS)
        same = await bob.slash("tonk", "me", "set", dms=True, order="suit")
        assert same.content == "Nothing changed: those are your settings already."

        await ann.slash("tonk", "config", "set", turn_reminders=False)
        quiet_server = await bob.slash("tonk", "me", "show")
        assert "Reminders that mention you: yes, but this server has turned them off" in (
            quiet_server.content
        )
        assert bot.members.settings(bob.guild.id, bob.user.id) == DEFAULT_SETTINGS


async def test_a_member_who_turns_dms_off_gets_no_cards_by_dm_until_they_turn_them_on(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The hand's DM loses its cards at once and no new DM comes with the next hands; no
    "I can't send you direct messages" notice either. **My hand** still shows the cards."""
    async with dealt(fake_discord, "off", url(sqlite_store)) as table:
        bot, channel, ann, bob, lobby = table.bot, table.channel, table.ann, table.bob, table.lobby
        await quiet(fake_discord, bot)
        (dm,) = bob.dms()
        assert "Your hand: 7♦ 4♥ 5♥ 6♥ 7♠ (count 29)" in dm.content
        off = await bob.slash("tonk", "me", "set", dms=False)
        assert off.ephemeral and off.content == (
            "Your hand is no longer sent to you by direct message: press **My hand** on the "
            "table message to see it."
        )
        await fake_discord.wait_for(lambda: "turned these direct messages off" in dm.content)
        assert "♥" not in dm.content and dm.content.endswith(
            f"<https://discord.com/channels/{channel.guild_id}/{channel.id}/{lobby.id}>"
        )
        panel = await my_hand(bob, lobby)
        assert "7♦ 4♥ 5♥ 6♥ 7♠" in panel.text()

        await drop(bob, lobby)  # 29 against ann's 39: bob wins the hand
        await quiet(fake_discord, bot)
        await ann.click(lobby, "Next hand")
        await quiet(fake_discord, bot)
        assert table_in(bot, channel).hand_number == 2
        assert bob.dms() == [dm] and len(ann.dms()) == 2  # a new hand: ann's DM only
        assert fake_discord.latest(contains="direct messages", channel=channel) is None

        on = await bob.slash("tonk", "me", "set", dms=True)
        assert on.content == "Your hand is sent to you by direct message again."
        await fake_discord.wait_for(lambda: len(bob.dms()) == 2)
        assert "Your hand: " in bob.dms()[1].content


async def test_a_member_who_sorts_by_rank_sees_sets_side_by_side_in_the_dm_and_panel(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    async with dealt(fake_discord, "off", url(sqlite_store)) as (bot, _, _, ann, bob, lobby):
        await quiet(fake_discord, bot)
        panel = await my_hand(bob, lobby)
        said = await bob.slash("tonk", "me", "set", order="rank")
        assert said.content == "Your hand is shown by rank now: sets side by side."
        (dm,) = bob.dms()
        await fake_discord.wait_for(lambda: "Your hand: 4♥ 5♥ 6♥ 7♦ 7♠" in dm.content)
        await fake_discord.wait_for(lambda: "4♥ 5♥ 6♥ 7♦ 7♠" in panel.text())
        labels = [option["label"] for option in menu_options(panel)]
        assert labels == ["4♥", "5♥", "6♥", "7♦", "7♠"]
        assert "Your hand: 8♣ K♣ 2♦ Q♦ 9♠" in ann.dms()[0].content  # ann's stays by suit
        shown = await bob.slash("tonk", "hand")
        assert shown.message is not None and "4♥ 5♥ 6♥ 7♦ 7♠" in shown.message.text()


async def test_a_member_who_turns_reminders_off_is_not_mentioned_and_the_others_are(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    async with dealt(fake_discord, "off", url(sqlite_store)) as (bot, _, _, ann, bob, lobby):
        said = await bob.slash("tonk", "me", "set", reminders=False)
        assert said.content == "A table that waits for you no longer mentions you."
        clock(bot).advance(46)
        await quiet(fake_discord, bot)
        assert reminders(fake_discord) == []
        await bob.click(lobby, "Draw")
        await play_cards(bob, await my_hand(bob, lobby), "7♠", "Discard 7♠")
        clock(bot).advance(46)
        (nudge,) = await fake_discord.wait_for(lambda: reminders(fake_discord))
        assert nudge.notified == {ann.user.id}


async def test_settings_hold_on_their_server_survive_a_restart_and_go_with_me_forget(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    other = fake.add_guild("Poker", channels=["cards"])
    bob = fake.add_member(guild, "bob")
    bob_there = fake.add_member(other, bob.user)
    async with run_bot(fake, db_bot(sqlite_store)):
        said = await bob.slash("tonk", "me", "set", language="ro", order="rank", dms=False)
        assert said.content == (
            "Tonk îți vorbește acum în Română pe acest server.\n"
            "Mâna ta nu-ți mai este trimisă prin mesaj direct: apasă **Mâna mea** pe mesajul "
            "mesei ca s-o vezi.\n"
            "Mâna ta e arătată acum pe valori: cărțile de trei una lângă alta."
        )
    async with run_bot(fake, db_bot(sqlite_store)):
        shown = await bob.slash("tonk", "me", "show")
        assert shown.content.startswith(
            "**Setările tale pe acest server**\n"
            "Limba: Română\n"
            "Mâna ta prin mesaj direct: nu (**Mâna mea** o arată)\n"
            "Mementouri care te menționează: da\n"
            "Mâna ta: pe valori\n"
        )
        elsewhere = await bob_there.slash("tonk", "me", "show")
        assert elsewhere.content.startswith(DEFAULTS)
        forgot = await bob.slash("tonk", "me", "forget")
        assert forgot.content == (
            "Uitat: totalurile și setările tale de aici sunt șterse și 0 mâini nu te mai numesc."
        )
        assert (await bob.slash("tonk", "me", "show")).content.startswith(DEFAULTS)
    async with run_bot(fake, db_bot(sqlite_store)):
        assert (await bob.slash("tonk", "me", "show")).content.startswith(DEFAULTS)


def url(database: Path) -> str:
    return f"sqlite+aiosqlite:///{database}"


async def test_a_member_takes_or_gives_back_the_servers_announce_role_themselves(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``announcements``: the role ``/tonk config announce`` chose, given or taken back by
    the bot; refused in words, changing nothing, where the server has no such role or the
    bot cannot give it."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    boss = fake.add_member(guild, "boss", permissions=discord.Permissions(manage_guild=True))
    bob = fake.add_member(guild, "bob")
    players = fake.add_role(guild, "tonk players", discord.Permissions.none())
    bot_role = fake.bot_role(guild)
    bot_role.position = 99

    def has_role() -> bool:
        return players.id in guild.members[bob.user.id].role_ids

    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        (tonk,) = fake.commands()
        none = await bob.slash("tonk", "me", "set", announcements=True, dms=False)
        assert none.content == (
            "This server announces new tables to no role: a member with Manage Server can "
            f"choose one with </tonk config announce:{tonk['id']}>."
        )
        await boss.slash("tonk", "config", "announce", role=players)
        refused = await bob.slash("tonk", "me", "set", announcements=True, dms=False)
        assert refused.content == (
            f"I cannot give or take back <@&{players.id}>: I need Manage Roles, and my own "
            "role above that one. Ask a member with Manage Server."
        )
        assert not has_role() and bot.members.settings(guild.id, bob.user.id) == DEFAULT_SETTINGS

        bot_role.permissions |= discord.Permissions(manage_roles=True).value
        await fake.update_role(guild, bot_role)
        given = await bob.slash("tonk", "me", "set", announcements=True, dms=False)
        assert given.content.endswith(
            f"You have <@&{players.id}> now: you are told whenever a table opens here."
        )
        assert has_role() and not bot.members.settings(guild.id, bob.user.id).dms
        shown = await bob.slash("tonk", "me", "show")
        assert f"Told when a table opens (<@&{players.id}>): yes" in shown.content
        again = await bob.slash("tonk", "me", "set", announcements=True)
        assert again.content == "Nothing changed: those are your settings already."
        back = await bob.slash("tonk", "me", "set", announcements=False)
        assert back.content == (
            f"You no longer have <@&{players.id}>: tables open here without telling you."
        )
        assert not has_role()
