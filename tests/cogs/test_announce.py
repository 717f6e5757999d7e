"""``/tonk config announce``: a role the server picks is mentioned when a table opens, the
mention notifying that role's members and nobody else, with a link to the table message;
through the fake Discord."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.i18n import text
from tests.cogs.helpers import db_bot, quiet, table_in
from tests.fakediscord import FakeChannel, FakeDiscord, FakeRole, StoredMessage, run_bot

ANNOUNCED = "🃏 "
"""How an announcement starts, before and after it says the table started or closed."""
MANAGER = discord.Permissions(manage_guild=True)
ROLE_DELETED = "discord.py: on_guild_role_delete"
"""The task discord.py runs a deleted role's listeners in."""


def announcements(fake: FakeDiscord, channel: FakeChannel) -> list[StoredMessage]:
    return [m for m in fake.messages_in(channel) if m.content.startswith(ANNOUNCED)]


async def test_a_new_table_mentions_the_servers_role_until_it_is_turned_off(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    players = fake.add_role(guild, "tonk players", discord.Permissions.none())
    ann, bob = fake.add_member(guild, "ann"), fake.add_member(guild, "bob")
    dan = fake.add_member(guild, "dan", roles=[players])
    eve = fake.add_member(guild, "eve", roles=[players])
    mod = fake.add_member(guild, "mod", permissions=MANAGER)
    channel = guild.channel("tonk")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        refused = await bob.slash("tonk", "config", "announce", role=players)
        assert refused.content == text("scoreboard.refusal.manage_server")
        chosen = await mod.slash("tonk", "config", "announce", role=players)
        assert chosen.ephemeral and chosen.content == (
            f"New tables will mention <@&{players.id}> when they open, with a link to join."
        )  # the bot may mention every role here: no word on notifications
        shown = await bob.slash("tonk", "config", "show")
        assert f"new tables announced to <@&{players.id}>" in shown.content

        await ann.slash("tonk", "new", stake=5, seats=3)
        await quiet(fake, bot)
        (announced,) = announcements(fake, channel)
        table = table_in(bot, channel)
        assert announced.content == (
            f"🃏 <@&{players.id}>: ann opened a table, Standard at stake 5, for up to 3 players. "
            f"Press **Join** to play: <https://discord.com/channels/{guild.id}/{channel.id}/"
            f"{table.message_id}>"
        )
        assert announced.notified == {dan.user.id, eve.user.id}  # not ann, bob or mod
        assert table.announcement_id == announced.id  # committed with the table

    async with run_bot(fake, db_bot(sqlite_store)) as bot:  # a restart while it waits
        table = table_in(bot, channel)
        lobby = fake.messages[table.message_id or 0]
        await bob.click(lobby, "Join")
        await ann.click(lobby, "Start")
        await quiet(fake, bot)
        link = f"<https://discord.com/channels/{guild.id}/{channel.id}/{table.message_id}>"
        assert announced.content == f"🃏 ann's table has started: {link}"
        assert announced.notified == {dan.user.id, eve.user.id}  # an edit notifies nobody
        assert table.announcement_id is None
        await ann.slash("tonk", "end")
        await quiet(fake, bot)
        again = await bob.click(fake.messages[table.message_id or 0], "New table")
        assert again.message is not None
        await quiet(fake, bot)
        assert len(announcements(fake, channel)) == 2  # New table announces as /tonk new does
        second = announcements(fake, channel)[-1]
        assert "bob opened a table" in second.content
        await bob.slash("tonk", "end")
        await quiet(fake, bot)
        assert second.content == "🃏 bob's table closed before it started."
        assert announced.content.startswith("🃏 ann's table has started")

        stopped = await mod.slash("tonk", "config", "announce")
        assert stopped.content == "New tables will open without mentioning a role."
        shown = await bob.slash("tonk", "config", "show")
        assert "new tables announced to no role" in shown.content
        await ann.slash("tonk", "new")
        await quiet(fake, bot)
        assert len(announcements(fake, channel)) == 2


async def test_a_role_the_bot_cannot_notify_is_kept_with_a_word_on_why(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Without Mention Everyone the bot notifies only a mentionable role: choosing another
    one says so and what to change; @everyone is refused, and nothing is stored."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    staff = fake.add_role(guild, "staff", discord.Permissions.none())
    players = fake.add_role(guild, "players", discord.Permissions.none(), mentionable=True)
    dan = fake.add_member(guild, "dan", roles=[staff, players])
    mod = fake.add_member(guild, "mod", permissions=MANAGER)
    channel = guild.channel("tonk")
    await fake.deny(channel, fake.bot_user.id, discord.Permissions(mention_everyone=True))
    everyone: FakeRole = guild.roles[guild.id]
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        refused = await mod.slash("tonk", "config", "announce", role=everyone)
        assert refused.content.startswith("Pick a role: announcing every table to @everyone")
        assert bot.store is not None
        assert (await bot.store.get_guild_settings(guild.id)).announce_role is None

        silent = await mod.slash("tonk", "config", "announce", role=staff)
        assert silent.content.splitlines()[1].startswith(
            f"The bot cannot notify <@&{staff.id}>: make the role mentionable"
        )
        await mod.slash("tonk", "new")
        await quiet(fake, bot)
        (unheard,) = announcements(fake, channel)
        assert f"<@&{staff.id}>" in unheard.content and unheard.notified == set()

        heard = await mod.slash("tonk", "config", "announce", role=players)
        assert len(heard.content.splitlines()) == 1
        await mod.slash("tonk", "end")
        await mod.slash("tonk", "new")
        await quiet(fake, bot)
        assert announcements(fake, channel)[-1].notified == {dan.user.id}


async def test_a_table_opens_in_the_servers_language_with_its_announcement(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    players = fake.add_role(guild, "jucători", discord.Permissions.none())
    mod = fake.add_member(guild, "mod", permissions=MANAGER)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await mod.slash("tonk", "config", "language", value="ro")
        await mod.slash("tonk", "config", "announce", role=players)
        await mod.slash("tonk", "new")
        await quiet(fake, bot)
        (announced,) = [m for m in fake.messages_in(guild.channel("tonk")) if "<@&" in m.content]
        assert announced.content.startswith(f"🃏 <@&{players.id}>: mod a deschis o masă")
        assert "pentru cel mult 4 jucători. Apasă **Intră** ca să joci" in announced.content


async def test_a_deleted_announce_role_is_forgotten_and_tables_open_without_it(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Deleting the role leaves no setting that names it: ``/tonk config show`` says no
    role and a new table mentions none; deleting another role changes nothing."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    players = fake.add_role(guild, "players", discord.Permissions.none())
    other = fake.add_role(guild, "other", discord.Permissions.none())
    mod = fake.add_member(guild, "mod", permissions=MANAGER)

    async def role_deleted(role: FakeRole) -> str:
        """Delete ``role``, let the bot handle it, and show the server's settings."""
        await fake.delete_role(guild, role)
        await mod.slash("tonk", "config", "show")  # the bot has read every earlier event
        await fake.settle(task_prefixes=(ROLE_DELETED,))  # and handled the deletion
        return (await mod.slash("tonk", "config", "show")).content

    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await mod.slash("tonk", "config", "announce", role=players)
        assert f"new tables announced to <@&{players.id}>" in await role_deleted(other)
        assert "new tables announced to no role" in await role_deleted(players)
        await mod.slash("tonk", "new")
        await quiet(fake, bot)
        assert announcements(fake, guild.channel("tonk")) == []
