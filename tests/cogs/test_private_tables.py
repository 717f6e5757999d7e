"""Private tables through the fake Discord: ``/tonk new private:True`` opens a table that
only the members its host invites may join. **Invite** under it gives the host a menu of
the server's members; those picked are mentioned in the channel (which notifies them and
nobody else) and may join; anyone else pressing **Join** is told why, and the table is as
it was. Invitations outlast a restart, and **New table** under a closed private table opens
another, for those it invited only."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from tests.cogs.helpers import button_labels, db_bot, is_open, make_bot, open_table, quiet, table_in
from tests.fakediscord import FakeDiscord, run_bot
from tests.fakediscord.models import FakeUser

LINK = r"<https://discord\.com/channels/\d+/\d+/\d+>"


async def test_only_the_members_the_host_invites_join_a_private_table(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann, bob, cat, dan = (fake.add_member(guild, name) for name in ("ann", "bob", "cat", "dan"))
    robot = fake.add_member(guild, FakeUser(fake.new_id(), "Robot", bot=True))
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        new = await ann.slash("tonk", "new", private=True)
        assert new.message is not None
        lobby = new.message
        assert "🔒 A private table: only the members the host invites" in lobby.text()
        (at_once,) = ann.ephemerals()  # the host is offered the menu as the table opens
        assert at_once.content.startswith("Choose who to invite (up to 10 members)")
        assert [menu["placeholder"] for menu in at_once.selects()] == ["Members to invite"]
        assert button_labels(lobby) == {
            "Join": True,
            "Leave": True,
            "Start": False,
            "Invite": True,
            "How to play": True,
        }
        listed = await dan.slash("tonk", "tables")
        assert listed.message is not None
        assert "· 🔒 private, in the lobby, 1 of 4 seats taken ·" in listed.message.text()

        refused = await bob.click(lobby, "Join")
        assert refused.ephemeral and refused.content == (
            "This table is private: only the members its host, ann, invites can join. Ask "
            "them for an invitation."
        )
        assert [seat.name for seat in table_in(bot, channel).seats] == ["ann"]
        not_host = await bob.click(lobby, "Invite")
        assert not_host.ephemeral and not_host.content == (
            "Only a player sitting at this table can invite to it."
        )

        offered = await ann.click(lobby, "Invite")
        assert offered.ephemeral and offered.message is not None
        assert offered.content == (
            "Choose who to invite (up to 10 members): the channel will mention them."
        )
        (menu,) = offered.message.selects()
        assert (menu["type"], menu["min_values"], menu["max_values"]) == (5, 1, 10)
        with_robot = await ann.select(offered, "Members to invite", [bob, robot])
        assert with_robot.ephemeral and with_robot.content.startswith("Robot is a bot: to fill ")
        assert table_in(bot, channel).invited == {ann.id: "ann"}

        picked = await ann.select(offered, "Members to invite", [bob, cat])
        assert picked.ephemeral
        assert picked.content == "bob and cat are invited: the channel mentions them."
        await quiet(fake, bot)
        invitation = fake.latest(channel=channel, contains="invites you")
        assert invitation is not None
        assert re.fullmatch(
            rf"✉️ <@{bob.id}> and <@{cat.id}>, ann invites you to this table: press \*\*Join\*\* "
            rf"on {LINK}",
            invitation.content,
        )
        assert invitation.notified == {bob.id, cat.id}
        await quiet(fake, bot)
        assert "Invited, not yet seated: **bob** and **cat**." in lobby.text()
        again = await ann.select(offered, "Members to invite", [cat])
        assert again.ephemeral and again.content == "cat is invited already."

        await bob.click(lobby, "Join")
        assert [seat.name for seat in table_in(bot, channel).seats] == ["ann", "bob"]
        await quiet(fake, bot)
        assert "Invited, not yet seated: **cat**." in lobby.text()
        host_only = await bob.click(lobby, "Invite")
        assert host_only.ephemeral and host_only.content == "Only the host can do that."

    async with run_bot(fake, db_bot(sqlite_store)) as bot:  # invitations outlast a restart
        await cat.click(lobby, "Join")
        refused = await dan.click(lobby, "Join")
        assert refused.ephemeral and refused.content.startswith("This table is private")
        assert [seat.name for seat in table_in(bot, channel).seats] == ["ann", "bob", "cat"]
        await ann.slash("tonk", "kick", member=bob)
        kicked = await bob.click(lobby, "Join")
        assert kicked.ephemeral and kicked.content.startswith("This table is private")

        await ann.slash("tonk", "end")
        await quiet(fake, bot)
        closed = await dan.click(lobby, "New table")
        assert closed.ephemeral and closed.content.startswith("This table is private")
        assert not is_open(bot, channel)
        reopened = await cat.click(lobby, "New table")
        assert reopened.message is not None and "Hosted by cat." in reopened.message.text()
        table = table_in(bot, channel)
        assert table.private and table.invited == {ann.id: "ann", cat.id: "cat"}


async def test_the_host_makes_an_open_table_private_with_settings_and_open_again(
    fake_discord: FakeDiscord,
) -> None:
    """A stranger would take a seat at a table among friends: ``/tonk settings
    private:True`` makes it private (those seated stay invited), and the channel reads it;
    ``private:False`` opens it to all."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann, bob, cat = (fake.add_member(guild, name) for name in ("ann", "bob", "cat"))
    async with run_bot(fake, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        assert "Invite" not in button_labels(lobby)
        made = await ann.slash("tonk", "settings", private=True)
        assert not made.ephemeral and made.content == (
            "🔒 The table is private now: only the members the host invites (**Invite**, under "
            "it) can join; the players seated here are invited."
        )
        await quiet(fake, bot)
        assert "Invite" in button_labels(lobby)
        (offered,) = ann.ephemerals()  # the menu of members to invite, privately
        assert offered.content.startswith("Choose who to invite (up to 10 members)")
        refused = await cat.click(lobby, "Join")
        assert refused.ephemeral and refused.content.startswith("This table is private")
        opened = await ann.slash("tonk", "settings", private=False)
        assert opened.content == "The table is open to everyone now: anyone may press **Join**."
        await cat.click(lobby, "Join")
        assert [seat.name for seat in table_in(bot, channel).seats] == ["ann", "bob", "cat"]


async def test_a_private_table_is_not_announced_and_an_announced_one_made_private_says_so(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The server's announce role is not called to a table it may not join: a private
    table opens without the announcement, and an announced table the host makes private
    has its announcement say so (an edit, which notifies nobody). A private table in a
    thread says in the channel that only those invited can join."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk", "more"])
    players = fake.add_role(guild, "tonk players", discord.Permissions.none())
    ann = fake.add_member(guild, "ann")
    fake.add_member(guild, "dan", roles=[players])
    mod = fake.add_member(guild, "mod", permissions=discord.Permissions(manage_guild=True))
    tonk, more = guild.channel("tonk"), guild.channel("more")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await mod.slash("tonk", "config", "announce", role=players)
        await ann.slash("tonk", "new", private=True)
        await quiet(fake, bot)
        assert [m.content for m in fake.messages_in(tonk) if m.notified] == []

        ann.channel = more
        await ann.slash("tonk", "new")
        await quiet(fake, bot)
        announced = fake.latest(channel=more, contains=f"<@&{players.id}>")
        assert announced is not None
        await ann.slash("tonk", "settings", private=True)
        await quiet(fake, bot)
        link = (
            f"<https://discord.com/channels/{guild.id}/{more.id}/{table_in(bot, more).message_id}>"
        )
        assert announced.content == (
            f"🔒 ann's table is private now: only the members ann invites can join. {link}"
        )
        assert table_in(bot, more).announcement_id is None
        await ann.slash("tonk", "end")

        started = await ann.slash("tonk", "new", private=True, thread=True)
        assert started.content == (
            "🔒 ann opened a private table in a thread, Standard at stake 1, for up to 4 "
            "players: only the members ann invites can join."
        )


async def test_the_host_withdraws_an_invitation_by_kicking_the_member_before_they_sit(
    fake_discord: FakeDiscord,
) -> None:
    """``/tonk kick`` on a member invited who has not sat down takes the invitation back:
    the host is told, the lobby no longer lists them, and their **Join** is refused."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake.add_member(guild, name) for name in ("ann", "bob"))
    async with run_bot(fake, make_bot()) as bot:
        new = await ann.slash("tonk", "new", private=True)
        assert new.message is not None
        lobby = new.message
        offered = await ann.click(lobby, "Invite")
        await ann.select(offered, "Members to invite", [bob])
        await quiet(fake, bot)
        assert "Invited, not yet seated: **bob**." in lobby.text()
        withdrawn = await ann.slash("tonk", "kick", member=bob)
        assert (
            withdrawn.ephemeral and withdrawn.content == "bob is no longer invited to this table."
        )
        await quiet(fake, bot)
        assert "Invited" not in lobby.text()
        refused = await bob.click(lobby, "Join")
        assert refused.ephemeral and refused.content.startswith("This table is private")
