"""Shard processes on one database (here two bots in one test process, each with its own
store, as two processes would have): each restores, times, serves and answers only the
guilds on its shards, and a table another process wrote first is let go with a word to the
player."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest

from bot.client import TonkBot
from bot.i18n import text
from bot.i18n.mentions import command_mentions
from bot.shards import Shards
from bot.store import Store
from bot.tables.journal import StoreJournal
from tests.cogs.helpers import FAST, clock, is_open, make_bot, open_table, quiet, table_in
from tests.fakediscord import FakeDiscord, FakeGuild, SimulatedMember, run_bot

BACK = text("scoreboard.restore.back")


def broken(fake: FakeDiscord) -> str:
    """The notice of a table lost in a restart: sent once the commands are synced, so its
    ``/tonk new`` is a link."""
    (tonk,) = fake.commands()
    return text("scoreboard.restore.broken", **command_mentions(int(tonk["id"])))


def url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


def shard_bot(database: Path, shard: int) -> TonkBot:
    """The bot of shard ``shard`` of two, on ``database``."""
    return make_bot(database_url=url(database), shards=Shards(2, (shard,)))


def two_shards(fake: FakeDiscord) -> list[FakeGuild]:
    """A guild on each of two shards, each with the channels ``tonk`` and ``lost``."""
    fake.shard_count = 2
    return [fake.add_guild(f"shard {n}", channels=["tonk", "lost"], shard=n) for n in (0, 1)]


def members(fake: FakeDiscord, guild: FakeGuild) -> tuple[SimulatedMember, SimulatedMember]:
    return fake.add_member(guild, "ann"), fake.add_member(guild, "bob")


def open_tables(database: Path) -> list[int]:
    """The channels with an open table in the database."""
    with sqlite3.connect(database) as raw:
        rows = raw.execute("SELECT channel_id FROM tonk_table WHERE status != 'closed'")
        return sorted(channel for (channel,) in rows)


def stored(database: Path, channel: int) -> list[tuple[object, ...]]:
    """Every row the database holds of the table in ``channel`` and its entries."""
    with sqlite3.connect(database) as raw:
        table = raw.execute("SELECT * FROM tonk_table WHERE channel_id = ?", (channel,)).fetchall()
        entries = raw.execute(
            "SELECT * FROM table_log WHERE table_id IN "
            "(SELECT id FROM tonk_table WHERE channel_id = ?)",
            (channel,),
        ).fetchall()
    return table + entries


async def test_each_shard_restores_and_times_only_its_own_guilds_tables(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake, database = fake_discord, sqlite_store
    guilds = two_shards(fake)
    seated = [members(fake, guild) for guild in guilds]
    bots = [shard_bot(database, 0), shard_bot(database, 1)]
    async with run_bot(fake, bots[0]), run_bot(fake, bots[1]):
        for (ann, bob), guild in zip(seated, guilds, strict=True):
            await open_table(ann.at(guild.channel("tonk")), [bob])
            await bob.at(guild.channel("lost")).slash("tonk", "new")
        for bot in bots:
            await quiet(fake, bot)
    lost = [guild.channel("lost").id for guild in guilds]
    with sqlite3.connect(database) as raw:
        raw.executemany(
            "UPDATE tonk_table SET state_json = '{oops' WHERE channel_id = ?",
            [(channel,) for channel in lost],
        )
    shard0, shard1 = (guild.channel("tonk") for guild in guilds)
    others = {channel: stored(database, channel) for channel in (shard1.id, lost[1])}

    async with run_bot(fake, shard_bot(database, 0)) as bot:
        await quiet(fake, bot)
        assert is_open(bot, shard0) and not is_open(bot, shard1)
        assert seated[0][1].id in [seat.user_id for seat in table_in(bot, shard0).seats]
        clock(bot).advance(FAST.idle_timeout + 1)  # its timers run again: idle, it closes
        await fake.wait_for(lambda: not is_open(bot, shard0))
        await quiet(fake, bot)
    assert any(BACK in m.text() for m in fake.messages_in(shard0))
    lost_notice = broken(fake)
    assert "</tonk new:" in lost_notice
    assert any(lost_notice in m.text() for m in fake.messages_in(guilds[0].channel("lost")))
    assert {channel: stored(database, channel) for channel in others} == others
    assert not any(BACK in m.text() or lost_notice in m.text() for m in fake.messages_in(shard1))
    assert not any(lost_notice in m.text() for m in fake.messages_in(lost[1]))

    async with run_bot(fake, shard_bot(database, 1)) as bot:
        await quiet(fake, bot)
        assert is_open(bot, shard1) and not is_open(bot, shard0)
    assert any(BACK in m.text() for m in fake.messages_in(shard1))
    assert any(lost_notice in m.text() for m in fake.messages_in(lost[1]))
    assert open_tables(database) == [shard1.id]


async def test_an_interaction_from_another_shards_guild_is_ignored(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake, database = fake_discord, sqlite_store
    ours, theirs = two_shards(fake)
    ann, stranger = fake.add_member(ours, "ann"), fake.add_member(theirs, "stranger")
    fake.gateway.ignore_shards = True  # as if Discord sent this process another shard's event
    async with run_bot(fake, shard_bot(database, 0)) as bot:
        with caplog.at_level(logging.WARNING, logger="bot.client"):
            unanswered = asyncio.create_task(stranger.invoke_slash("tonk", ["new"], timeout=60))
            [foreign] = await fake.wait_for(
                lambda: [r for r in fake.interactions.values() if r.guild is theirs]
            )
            answered = await ann.slash("tonk", "new")  # sent after it, on the same connection
            await quiet(fake, bot)
        unanswered.cancel()
    assert answered.message is not None and not foreign.responded
    assert open_tables(database) == [ours.channel("tonk").id]
    assert f"ignored interaction {foreign.id}" in caplog.text


async def test_a_table_another_process_wrote_first_is_let_go_with_a_word(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake, database = fake_discord, sqlite_store
    [guild, _] = two_shards(fake)
    ann, bob = members(fake, guild)
    channel = guild.channel("tonk")
    async with run_bot(fake, shard_bot(database, 0)) as bot:
        lobby = await open_table(ann.at(channel), [bob])
        async with await Store.open(url(database)) as other:  # another process, same table
            [ledger], _ = await StoreJournal(other).load()
            ledger.table.leave(bob.id, now=0.0)
            await ledger.commit()
        started = await ann.click(lobby, "Start")
        await quiet(fake, bot)
        assert not is_open(bot, channel)
    assert started.content == text("table.refusal.served_elsewhere")
    async with await Store.open(url(database)) as store:
        [kept], _ = await StoreJournal(store).load()
    assert kept.version == ledger.version and kept.table.to_json() == ledger.table.to_json()


def two_shard_bot(database: Path, hold: asyncio.Event | None = None) -> TonkBot:
    """The bot of both shards of two in one process. Discord lets a process identify one
    shard every 5 seconds (discord.py's ``before_identify_hook`` sleeps); here shard 1
    identifies at once, or once ``hold`` is set."""
    bot = make_bot(database_url=url(database), shards=Shards(2))

    async def identify(shard_id: int | None, *, initial: bool = False) -> None:
        if shard_id == 1 and hold is not None:
            await hold.wait()

    bot.before_identify_hook = identify  # type: ignore[method-assign]
    return bot


async def test_a_process_of_two_shards_resumes_each_shards_tables_once_that_shard_is_ready(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake, database = fake_discord, sqlite_store
    guilds = two_shards(fake)
    seated = [members(fake, guild) for guild in guilds]
    shard0, shard1 = (guild.channel("tonk") for guild in guilds)
    async with run_bot(fake, two_shard_bot(database)) as bot:
        for (ann, bob), guild in zip(seated, guilds, strict=True):
            await open_table(ann.at(guild.channel("tonk")), [bob])
        await quiet(fake, bot)

    hold = asyncio.Event()
    bot = two_shard_bot(database, hold)
    identified = fake.gateway.identify_count
    seen: dict[str, object] = {}

    async def while_shard_one_waits() -> None:
        try:
            await fake.wait_for(lambda: any(BACK in m.text() for m in fake.messages_in(shard0)))
            seen["identified"] = fake.gateway.identify_count - identified
            seen["shard 1 back"] = any(BACK in m.text() for m in fake.messages_in(shard1))
            seen["shard 1 open"] = is_open(bot, shard1)  # its server unknown yet, not vanished
        finally:
            hold.set()

    waiting = asyncio.create_task(while_shard_one_waits())
    async with run_bot(fake, bot, ready_timeout=30):
        await waiting
        await fake.wait_for(lambda: any(BACK in m.text() for m in fake.messages_in(shard1)))
        await quiet(fake, bot)
        assert is_open(bot, shard0) and is_open(bot, shard1)
    assert seen == {"identified": 1, "shard 1 back": False, "shard 1 open": True}
    for channel in (shard0, shard1):
        assert sum(BACK in m.text() for m in fake.messages_in(channel)) == 1
