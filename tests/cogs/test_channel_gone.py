"""A table whose channel goes away (the channel deleted, or the bot removed from the server)
closes at once, its hand abandoned without payments as ``/tonk end`` does: no timer plays on
where nobody can see it, and a restart does not bring it back."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.store import Store
from tests.cogs.helpers import clock, is_open, make_bot, open_table, quiet, stack_table
from tests.fakediscord import FakeDiscord, run_bot

HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}


async def test_a_table_whose_channel_is_deleted_closes_and_plays_no_more(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk", "other"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel, other = guild.channel("tonk"), guild.channel("other")
    database = f"sqlite+aiosqlite:///{sqlite_store}"
    caplog.set_level(logging.WARNING)
    async with run_bot(fake_discord, make_bot(database_url=database)) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann")
        await ann.click(lobby, "Start")
        elsewhere = await open_table(ann.at(other), [bob.at(other)])

        await fake_discord.delete_channel(channel)
        await fake_discord.wait_for(lambda: not is_open(bot, channel), what="the close")
        clock(bot).advance(600)  # past every turn timer and next-hand pause
        await quiet(fake_discord, bot)
        assert is_open(bot, other) and "Join" in elsewhere.text()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not [r for r in caplog.records if "again in" in r.getMessage()]  # no retries

    store = await Store.open(database)
    try:
        assert [t.channel_id for t in (await store.load_open_tables()).tables] == [other.id]
        assert await store.history(guild.id, ann.user.id) == []  # the hand paid nobody
    finally:
        await store.close()


async def test_a_table_whose_thread_is_deleted_closes(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    thread = fake_discord.add_thread(guild.channel("tonk"), "friday game")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann.at(thread), [bob.at(thread)])
        stack_table(bot, thread, cuts=["KS", "2C"], hands=HANDS, dealer="ann")
        await ann.click(lobby, "Start")
        await fake_discord.delete_channel(thread)
        await fake_discord.wait_for(lambda: not is_open(bot, thread), what="the close")


async def test_the_tables_of_a_server_the_bot_leaves_close(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    casino = fake_discord.add_guild("Casino", channels=["tonk"])
    club = fake_discord.add_guild("Club", channels=["tonk"])
    ann, bob = (fake_discord.add_member(casino, name) for name in ("ann", "bob"))
    cat, dan = (fake_discord.add_member(club, name) for name in ("cat", "dan"))
    async with run_bot(fake_discord, make_bot()) as bot:
        await open_table(ann, [bob])
        kept = await open_table(cat, [dan])
        await fake_discord.remove_bot(casino)
        await fake_discord.wait_for(
            lambda: not is_open(bot, casino.channel("tonk")), what="the close"
        )
        assert is_open(bot, club.channel("tonk"))
        await cat.click(kept, "Start")
        assert "**Hand 1**" in kept.text()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not [r for r in caplog.records if "again in" in r.getMessage()]


async def test_tables_whose_channel_or_server_went_while_the_bot_was_away_close_on_its_return(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Three tables, then the bot stops; one channel is deleted and the bot removed from
    another server meanwhile. Back, the bot closes those two tables before it resumes any
    (nothing is sent where it cannot be), and resumes the third."""
    caplog.set_level(logging.WARNING)
    casino = fake_discord.add_guild("Casino", channels=["tonk", "kept"])
    club = fake_discord.add_guild("Club", channels=["tonk"])
    ann, bob = (fake_discord.add_member(casino, name) for name in ("ann", "bob"))
    cat, dan = (fake_discord.add_member(club, name) for name in ("cat", "dan"))
    deleted, kept = casino.channel("tonk"), casino.channel("kept")
    database = f"sqlite+aiosqlite:///{sqlite_store}"
    async with run_bot(fake_discord, make_bot(database_url=database)) as bot:
        first = await open_table(ann, [bob])
        stack_table(bot, deleted, cuts=["KS", "2C"], hands=HANDS, dealer="ann")
        await ann.click(first, "Start")
        await open_table(ann.at(kept), [bob.at(kept)])
        await open_table(cat, [dan])
    await fake_discord.delete_channel(deleted)
    await fake_discord.remove_bot(club)

    async with run_bot(fake_discord, make_bot(database_url=database)) as bot:
        await fake_discord.wait_for(
            lambda: not is_open(bot, deleted) and not is_open(bot, club.channel("tonk")),
            what="the two tables closed",
        )
        assert is_open(bot, kept)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    said = [r.getMessage() for r in caplog.records if r.name.startswith("cogs.")]
    sent_to_the_gone = [m for m in said if "refused by Discord" in m or "not be updated" in m]
    assert sent_to_the_gone == []  # closed before resuming: no "I'm back" line, no update

    store = await Store.open(database)
    try:
        assert [t.channel_id for t in (await store.load_open_tables()).tables] == [kept.id]
        assert await store.history(casino.id, ann.user.id) == []  # the dealt hand paid nobody
    finally:
        await store.close()


async def test_a_table_whose_channel_went_while_the_bot_was_away_closes_when_its_server_is_back(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Two tables of Casino, then the bot stops and one table's channel is deleted. Casino
    is unavailable (an outage) when the bot comes back, so the bot cannot tell which of its
    channels are gone and closes neither table; when Casino is back, the table of the
    deleted channel closes and the other plays on."""
    caplog.set_level(logging.WARNING)
    casino = fake_discord.add_guild("Casino", channels=["tonk", "kept"])
    ann, bob = (fake_discord.add_member(casino, name) for name in ("ann", "bob"))
    deleted, kept = casino.channel("tonk"), casino.channel("kept")
    database = f"sqlite+aiosqlite:///{sqlite_store}"
    async with run_bot(fake_discord, make_bot(database_url=database)) as bot:
        await open_table(ann, [bob])
        await open_table(ann.at(kept), [bob.at(kept)])
    await fake_discord.delete_channel(deleted)
    casino.unavailable = True

    async with run_bot(fake_discord, make_bot(database_url=database)) as bot:
        await quiet(fake_discord, bot)
        assert is_open(bot, deleted) and is_open(bot, kept)
        await fake_discord.guild_back(casino)
        await fake_discord.wait_for(lambda: not is_open(bot, deleted), what="the close")
        await quiet(fake_discord, bot)
        assert is_open(bot, kept)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

    store = await Store.open(database)
    try:
        assert [t.channel_id for t in (await store.load_open_tables()).tables] == [kept.id]
    finally:
        await store.close()
