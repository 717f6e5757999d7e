"""Tables in threads (``cogs/tonk/threads.py``), through the fake Discord.

``/tonk new thread:True`` answers in the channel and opens the table in a new public thread
started from that answer, so that one channel holds any number of tables; the answer then
says when its table plays and when it closed. A server can make threads the default
(``/tonk config set threads``), which gives way where no thread can start. A thread is
allowed where its channel is (``/tonk config channel``); a thread's table announces itself
in its text channel (a bot's role mention in a thread notifies nobody outside it), a forum
post's in the post. A table whose thread was archived while the bot was away plays on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord

from bot.tables.table import LOBBY
from tests.cogs.helpers import (
    button_labels,
    db_bot,
    drop,
    is_open,
    make_bot,
    open_table,
    quiet,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import (
    FORUM_CHANNEL,
    VOICE_CHANNEL,
    FakeChannel,
    FakeDiscord,
    SimulatedMember,
    Visibility,
    run_bot,
)

MANAGER = discord.Permissions(manage_guild=True)
FIRST = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["AH", "2H", "AS", "3C", "4D"]}


async def open_in_thread(
    fake: FakeDiscord, host: SimulatedMember, **options: object
) -> FakeChannel:
    """``/tonk new thread:True`` by ``host``: the answer in the channel, the new thread."""
    opened = await host.slash("tonk", "new", thread=True, **options)
    assert not opened.ephemeral and opened.message is not None
    thread = fake.channels[opened.message.id]
    assert thread.is_thread
    return thread


async def test_a_busy_channel_opens_a_second_table_in_a_thread_that_plays_a_hand(
    fake_discord: FakeDiscord,
) -> None:
    """The channel's table stays; the refusal points to a thread; the thread's table plays
    a hand and closes, its answer in the channel following it."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob, cat, dan = (fake_discord.add_member(guild, n) for n in ("ann", "bob", "cat", "dan"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        first = await open_table(cat, [dan])

        refused = await ann.slash("tonk", "new")
        assert refused.ephemeral and refused.content is not None
        assert refused.content.startswith("This channel already has a table: <https://")
        assert "open it in a thread: </tonk new:" in refused.content
        assert "with thread: True." in refused.content

        opened = await ann.slash("tonk", "new", thread=True, stake=5, seats=3)
        assert not opened.ephemeral and opened.message is not None
        assert opened.message.channel_id == channel.id
        assert opened.message.content == (
            "🃏 ann opened a table in a thread, Standard at stake 5, for up to 3 players: "
            "open the thread under this message and press **Join** to play."
        )
        thread = fake_discord.channels[opened.message.id]
        assert thread.is_thread and thread.parent_id == channel.id
        assert thread.name == "Tonk: ann's table" and thread.auto_archive_duration == 1440
        assert thread.thread_members == {ann.id}  # the host finds it in their list

        lobby = table_message(fake_discord, bot, thread)
        assert lobby.channel_id == thread.id
        assert button_labels(lobby) == {
            "Join": True,
            "Leave": True,
            "Start": False,
            "How to play": True,
        }
        await bob.click(lobby, "Join")
        stack_table(bot, thread, cuts=["KS", "2C"], hands=FIRST, dealer="ann")
        await ann.click(lobby, "Start")
        await quiet(fake_discord, bot)
        assert opened.message.content == (
            "🃏 ann's table, Standard at stake 5, is playing in the thread under this message."
        )
        await drop(bob, lobby)
        await quiet(fake_discord, bot)
        assert "bob dropped" in lobby.text()
        assert table_in(bot, thread).balances == {ann.id: -5, bob.id: 5}
        await ann.at(thread).slash("tonk", "end")
        await quiet(fake_discord, bot)
        assert opened.message.content == (
            "🃏 ann's table, Standard at stake 5, has closed: its hands are in the thread under "
            "this message."
        )
        assert len(opened.message.versions) == 3  # opened, playing, closed: no more edits

        again = await bob.click(lobby, "New table")  # the closed table's message
        assert again.message is not None and again.message.channel_id == thread.id
        await quiet(fake_discord, bot)
        assert opened.message.content == (  # the thread's new table, hosted by bob
            "🃏 bob opened a table in a thread, Standard at stake 5, for up to 3 players: "
            "open the thread under this message and press **Join** to play."
        )

        assert "Join" in first.text() and table_in(bot, channel).seats[1].name == "dan"
        assert [m.id for m in fake_discord.messages_in(channel)] == [first.id, opened.message.id]


async def test_in_a_thread_the_table_opens_right_there(fake_discord: FakeDiscord) -> None:
    """A thread cannot hold a thread: ``thread:True`` from one opens the table in it."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    thread = fake_discord.add_thread(guild.channel("tonk"), "friday game")
    async with run_bot(fake_discord, make_bot()) as bot:
        opened = await ann.at(thread).slash("tonk", "new", thread=True)
        assert opened.message is not None and not opened.ephemeral
        assert opened.message.id == table_in(bot, thread).message_id
        assert [c for c in fake_discord.channels.values() if c.is_thread] == [thread]

        again = await ann.at(thread).slash("tonk", "new")
        assert again.content is not None
        assert again.content.startswith("This channel already has a table: <https://")
        assert "thread" not in again.content


async def test_without_create_public_threads_nothing_is_opened(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    channel = guild.channel("tonk")
    denied = discord.Permissions(create_public_threads=True)
    await fake_discord.deny(channel, fake_discord.bot_user.id, denied)
    async with run_bot(fake_discord, make_bot()) as bot:
        refused = await ann.slash("tonk", "new", thread=True)
        assert refused.ephemeral and refused.content == (
            "I cannot run a table in this channel without Create Public Threads here: a member "
            "with Manage Server or Manage Channels can allow me that in the channel's settings."
        )
        assert fake_discord.messages_in(channel) == []
        assert not [c for c in fake_discord.channels.values() if c.is_thread]

        opened = await ann.slash("tonk", "new")  # in the channel itself it needs none
        assert not opened.ephemeral and is_open(bot, channel)


async def test_a_thread_discord_refuses_leaves_no_table_and_no_answer(
    fake_discord: FakeDiscord,
) -> None:
    """Discord refuses the thread: the member is told, the channel keeps nothing, and the
    next try opens the table."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        fake_discord.fail_requests("POST", "/threads", status=400)
        refused = await ann.slash("tonk", "new", thread=True)
        (said,) = refused.followups
        assert said.visibility is Visibility.EPHEMERAL and said.content == (
            "Discord did not let me start a thread here, so no table was opened. Try again, "
            "or open the table here without thread."
        )
        assert fake_discord.messages_in(channel) == []  # the answer that opened it is gone
        assert not [c for c in fake_discord.channels.values() if c.is_thread]

        thread = await open_in_thread(fake_discord, ann)
        assert is_open(bot, thread) and not is_open(bot, channel)


REFUSE_TABLES = """
CREATE TRIGGER refuse_tables BEFORE INSERT ON tonk_table
BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END
"""


async def test_a_table_the_database_cannot_save_opens_nowhere_and_its_thread_goes(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The database refuses a new table: the member is told so in words and nothing opens;
    a thread started for it is deleted with its answer, or, where the bot may not delete
    threads, says that no table opened in it. Once the database takes writes, it opens."""
    guild = fake_discord.add_guild("Casino", channels=["tonk", "chat"])
    tonk, chat = guild.channel("tonk"), guild.channel("chat")
    ann = fake_discord.add_member(guild, "ann")
    await fake_discord.deny(
        chat, fake_discord.bot_user.id, discord.Permissions(manage_threads=True)
    )
    not_saved = "The table could not be saved, so it was not opened. Please try again in a moment."
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        with sqlite3.connect(sqlite_store) as admin:
            admin.execute(REFUSE_TABLES)
        here = await ann.at(tonk).slash("tonk", "new")
        assert here.ephemeral and here.content == not_saved
        in_thread = await ann.at(tonk).slash("tonk", "new", thread=True)
        (said,) = in_thread.followups
        assert said.visibility is Visibility.EPHEMERAL and said.content == not_saved
        assert fake_discord.messages_in(tonk) == []
        assert not [c for c in fake_discord.channels.values() if c.is_thread]

        kept = await ann.at(chat).slash("tonk", "new", thread=True)
        assert [m.content for m in kept.followups] == [not_saved]
        assert fake_discord.messages_in(chat) == []  # the answer that started the thread
        (thread,) = (c for c in fake_discord.channels.values() if c.is_thread)
        (tonk_command,) = fake_discord.commands()
        assert [m.content for m in fake_discord.messages_in(thread)] == [
            "No table opened in this thread: it could not be saved. Open one with "
            f"</tonk new:{tonk_command['id']}>."
        ]
        assert not is_open(bot, tonk) and not is_open(bot, chat) and not is_open(bot, thread)

        with sqlite3.connect(sqlite_store) as admin:
            admin.execute("DROP TRIGGER refuse_tables")
        opened = await open_in_thread(fake_discord, ann.at(tonk))
        assert is_open(bot, opened)


async def test_a_thread_of_an_allowed_channel_may_hold_a_table(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``/tonk config channel``: a thread is allowed where its channel is."""
    guild = fake_discord.add_guild("Casino", channels=["tonk", "chat"])
    ann = fake_discord.add_member(guild, "ann")
    admin = fake_discord.add_member(guild, "admin", permissions=MANAGER)
    tonk, chat = guild.channel("tonk"), guild.channel("chat")
    friday = fake_discord.add_thread(tonk, "friday game")
    gossip = fake_discord.add_thread(chat, "gossip")
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        await admin.slash("tonk", "config", "channel", channel=tonk, allowed=True)
        refused = await ann.at(gossip).slash("tonk", "new")
        assert refused.ephemeral and not is_open(bot, gossip)

        await ann.at(friday).slash("tonk", "new")
        assert is_open(bot, friday)
        thread = await open_in_thread(fake_discord, ann.at(tonk))
        assert is_open(bot, thread)


async def test_a_threads_table_is_announced_in_its_channel_and_resumes_after_a_restart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    role = fake_discord.add_role(guild, "Tonk", discord.Permissions.none())
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob", roles=[role])
    admin = fake_discord.add_member(guild, "admin", permissions=MANAGER)
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        await admin.slash("tonk", "config", "announce", role=role)
        thread = await open_in_thread(fake_discord, ann)
        await quiet(fake_discord, bot)
        announcement = fake_discord.messages_in(channel)[-1]
        assert announcement.content.startswith(f"🃏 <@&{role.id}>: ann opened a table")
        assert announcement.notified == {bob.id}
        lobby = table_message(fake_discord, bot, thread)
        assert f"/{thread.id}/{lobby.id}" in announcement.content

    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        assert is_open(bot, thread)
        await bob.click(lobby, "Join")
        await ann.click(lobby, "Start")
        await quiet(fake_discord, bot)
        assert announcement.content.startswith("🃏 ann's table has started: <https://")
        assert table_in(bot, thread).status is not LOBBY


async def test_a_server_can_open_every_new_table_in_a_thread(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``/tonk config set threads:True``: ``/tonk new`` opens a thread unless it says
    ``thread:False``; **New table** under a closed table opens where that one was."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob, cat = (fake_discord.add_member(guild, name) for name in ("ann", "bob", "cat"))
    admin = fake_discord.add_member(guild, "admin", permissions=MANAGER)
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        chosen = await admin.slash("tonk", "config", "set", threads=True)
        assert " · new tables open in a thread of their own · " in chosen.content
        thread = await open_in_thread(fake_discord, ann)
        assert is_open(bot, thread) and not is_open(bot, channel)

        here = await bob.slash("tonk", "new", thread=False)
        assert here.message is not None and is_open(bot, channel)
        await bob.slash("tonk", "end")
        await quiet(fake_discord, bot)
        assert not is_open(bot, channel)
        again = await cat.click(here.message, "New table")
        assert again.message is not None and again.message.channel_id == channel.id
        assert table_in(bot, channel).host_id == cat.id
        assert [c for c in fake_discord.channels.values() if c.is_thread] == [thread]

    async with run_bot(fake_discord, db_bot(sqlite_store)):  # the choice is kept
        shown = await admin.slash("tonk", "config", "show")
        assert "new tables open in a thread of their own" in shown.content
        await admin.slash("tonk", "config", "set", threads=False)
        shown = await admin.slash("tonk", "config", "show")
        assert " · new tables open in the channel · " in shown.content


async def test_where_no_thread_can_start_the_servers_default_gives_way(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """A voice channel's text chat cannot start threads: ``thread:True`` there is refused in
    words, while the server's default (``/tonk config set threads:True``) opens the table in
    the chat itself."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    admin = fake_discord.add_member(guild, "admin", permissions=MANAGER)
    lounge = fake_discord.add_text_channel(guild, "lounge", VOICE_CHANNEL)
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        refused = await ann.at(lounge).slash("tonk", "new", thread=True)
        assert refused.ephemeral and refused.content == (
            "I can start a thread for a table only in a text channel: open the table here "
            "without thread, or in a text channel."
        )
        assert not is_open(bot, lounge)

        await admin.slash("tonk", "config", "set", threads=True)
        opened = await ann.at(lounge).slash("tonk", "new")
        assert opened.message is not None and opened.message.channel_id == lounge.id
        assert is_open(bot, lounge)
        assert not [c for c in fake_discord.channels.values() if c.is_thread]


async def test_a_table_in_a_forum_post_is_announced_in_the_post(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """A forum holds no messages of its own, only posts (threads): a table in a post is
    announced in the post."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    role = fake_discord.add_role(guild, "Tonk", discord.Permissions.none())
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob", roles=[role])
    admin = fake_discord.add_member(guild, "admin", permissions=MANAGER)
    forum = fake_discord.add_text_channel(guild, "games", FORUM_CHANNEL)
    post = fake_discord.add_thread(forum, "tonk tonight")
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        await admin.slash("tonk", "config", "announce", role=role)
        await ann.at(post).slash("tonk", "new")
        await quiet(fake_discord, bot)
        lobby = table_message(fake_discord, bot, post)
        (announcement,) = [m for m in fake_discord.messages_in(post) if m.id != lobby.id]
        assert announcement.content.startswith(f"🃏 <@&{role.id}>: ann opened a table")
        assert announcement.notified == {bob.id}
        assert fake_discord.messages_in(forum) == []


async def test_a_table_whose_thread_was_archived_while_the_bot_was_away_plays_on(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Discord lists only active threads when the bot connects: a table's thread archived
    meanwhile is looked up before its table is taken for gone, ``/tonk tables`` still lists
    it, and the hand goes on."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob, cat = (fake_discord.add_member(guild, name) for name in ("ann", "bob", "cat"))
    thread = fake_discord.add_thread(guild.channel("tonk"), "friday game")
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        lobby = await open_table(ann.at(thread), [bob.at(thread)])
        stack_table(bot, thread, cuts=["KS", "2C"], hands=FIRST, dealer="ann")
        await ann.click(lobby, "Start")
    thread.archived = True

    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        await quiet(fake_discord, bot)
        assert is_open(bot, thread)
        listed = await cat.at(guild.channel("tonk")).slash("tonk", "tables")
        assert listed.embed_titles == ["1 open table"]
        assert f"<#{thread.id}>" in listed.embeds[0]["description"]
        await drop(bob, lobby)
        await quiet(fake_discord, bot)
        assert "bob dropped" in lobby.text()
