"""The welcome a server reads once, when it adds the bot: in its system messages channel,
else the first text channel where the bot may post, in the server's language; nothing
where it may post nowhere, and nothing for the servers it was already in."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

import discord
import pytest

from bot.store import Store
from tests.cogs.helpers import db_bot, make_bot, quiet
from tests.fakediscord import FakeDiscord, StoredMessage, run_bot
from tests.fakediscord.models import iso_now

POST = discord.Permissions(send_messages=True)


async def test_a_server_that_adds_the_bot_reads_how_to_play_and_set_it_up_once(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    before = fake.add_guild("Casino", channels=["general"])
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        (tonk,) = fake.commands()
        guild = fake.add_guild("Club", channels=["general", "news"])
        guild.system_channel_id = guild.channel("news").id
        await fake.invite_bot(guild)
        welcome = await fake.wait_for(
            lambda: fake.latest(title="🃏 Thanks for adding Tonk", channel=guild.channel("news"))
        )
        await quiet(fake, bot)
    description = welcome.embeds[0]["description"]
    assert description.startswith(
        f"**To play:** </tonk new:{tonk['id']}> opens a table in a channel; the others press "
        f"**Join**, and the host presses **Start**. </tonk practice:{tonk['id']}> deals"
    )
    assert f"**To set it up** (Manage Server): </tonk config set:{tonk['id']}> chooses" in (
        description
    )
    assert description.endswith(f"each member chooses theirs with </tonk me set:{tonk['id']}>.")
    assert [m for m in fake.messages.values() if m.embeds] == [welcome]  # once, and not Casino's
    assert not fake.messages_in(before.channel("general"))


async def test_the_welcome_goes_where_the_bot_may_post_in_the_servers_language(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """The system channel refuses the bot: the first channel that lets it post has the
    welcome, in Romanian; a server where it may post nowhere gets none (without a database
    the managers' paragraph is left out: there are no server settings)."""
    fake = fake_discord
    caplog.set_level(logging.INFO)
    async with run_bot(fake, make_bot()):
        shut = fake.add_guild("Closed", channels=["a", "b"])
        for channel in shut.text_channels:
            await fake.deny(channel, fake.bot_user.id, POST)
        await fake.invite_bot(shut)  # its welcome would come first: the gateway keeps order
        guild = fake.add_guild("Clubul", channels=["anunturi", "reguli", "joc"])
        guild.preferred_locale = "ro"
        guild.system_channel_id = guild.channel("anunturi").id
        await fake.deny(guild.channel("anunturi"), fake.bot_user.id, POST)
        await fake.deny(guild.channel("reguli"), fake.bot_user.id, POST)
        await fake.invite_bot(guild)
        welcome = await fake.wait_for(lambda: fake.latest(channel=guild.channel("joc")))
    assert f"server {shut.id} added the bot, which can post in none of its channels" in (
        caplog.text
    )
    assert welcome.embeds[0]["title"] == "🃏 Mulțumim că ai adăugat Tonk"
    assert "**Pentru configurare**" not in welcome.embeds[0]["description"]
    assert not fake.messages_in(guild.channel("anunturi"))
    assert not [m for c in shut.text_channels for m in fake.messages_in(c)]


async def test_a_server_that_added_the_bot_while_it_was_away_is_welcomed_when_it_starts(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Club added the bot while it was not running: the bot welcomes it when it starts, and
    not again after a restart; Casino had the bot before the bot kept its welcomes (before
    the database was migrated to revision 0021, as on an upgrade) and is not welcomed. Club
    removes the bot and adds it again while it is away: welcomed again at the next start."""
    fake = fake_discord
    with sqlite3.connect(sqlite_store) as raw:
        [(since,)] = raw.execute("SELECT since FROM welcome_since").fetchall()
    before_upgrade = datetime.fromtimestamp(since - 60, UTC).isoformat()
    casino = fake.add_guild("Casino", channels=["general"], bot_joined_at=before_upgrade)
    club = fake.add_guild("Club", channels=["general"], bot_joined_at=iso_now())

    def welcomes() -> list[StoredMessage]:
        return [m for m in fake.messages_in(club.channel("general")) if m.embeds]

    for _ in range(2):
        async with run_bot(fake, db_bot(sqlite_store)) as bot:
            await fake.wait_for(lambda: welcomes())
            await quiet(fake, bot)
    assert len(welcomes()) == 1
    assert welcomes()[0].embeds[0]["title"] == "🃏 Thanks for adding Tonk"
    assert not fake.messages_in(casino.channel("general"))

    # While the bot is away, Club removes it and adds it again: it joined Club anew, now.
    club.members[fake.bot_user.id].joined_at = iso_now()
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await fake.wait_for(lambda: len(welcomes()) == 2)
        await quiet(fake, bot)
    assert not fake.messages_in(casino.channel("general"))


async def test_a_server_in_an_outage_when_the_bot_starts_is_welcomed_when_it_comes_back(
    fake_discord: FakeDiscord, sqlite_store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Club added the bot while it was away, and Discord says Club is unavailable (an
    outage) when the bot starts: nothing can be posted there then. Club is welcomed when it
    comes back, once: not again when it comes back from a second outage, nor at the next
    start. The servers there at the start (Casino, Bar) are looked up in one read of the
    database, Club in one read of its own when it comes back, and all three in one read when
    the bot connects to Discord anew."""
    fake = fake_discord
    for name in ("Casino", "Bar"):
        fake.add_guild(name, channels=["general"])
    club = fake.add_guild("Club", channels=["general"], bot_joined_at=iso_now())
    club.unavailable = True

    def welcomes() -> list[StoredMessage]:
        return [m for m in fake.messages_in(club.channel("general")) if m.embeds]

    reads: list[list[int]] = []
    read = Store.unwelcomed

    async def counted(store: Store, joined: Mapping[int, float]) -> list[int]:
        reads.append(sorted(joined))
        fake.notify()
        return await read(store, joined)

    monkeypatch.setattr(Store, "unwelcomed", counted)
    bot = db_bot(sqlite_store)

    async def identify(shard_id: int | None, *, initial: bool = False) -> None:
        """Identify anew at once (discord.py waits Discord's 5 s between identifies)."""

    bot.before_identify_hook = identify  # type: ignore[method-assign]
    async with run_bot(fake, bot):
        await quiet(fake, bot)
        assert not welcomes()
        await fake.guild_back(club)
        await fake.wait_for(lambda: welcomes())
        await quiet(fake, bot)
        await fake.guild_back(club)
        await fake.wait_for(lambda: len(reads) >= 3)
        await quiet(fake, bot)
        await fake.gateway.request_new_sessions()  # the bot connects anew: its servers again
        await fake.wait_for(lambda: len(reads) >= 4)
        await quiet(fake, bot)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await quiet(fake, bot)
    assert len(welcomes()) == 1
    assert welcomes()[0].embeds[0]["title"] == "🃏 Thanks for adding Tonk"
    at_start = sorted(guild.id for guild in fake.guilds.values() if guild is not club)
    every = sorted([*at_start, club.id])
    assert reads == [at_start, [club.id], [club.id], every, every]


async def test_without_a_database_no_server_is_welcomed_at_a_start(
    fake_discord: FakeDiscord,
) -> None:
    """Without a database the bot cannot know whom it welcomed: it welcomes the servers that
    add it while it runs, and none when it starts."""
    fake = fake_discord
    club = fake.add_guild("Club", channels=["general"], bot_joined_at=iso_now())
    async with run_bot(fake, make_bot()) as bot:
        await quiet(fake, bot)
    assert not fake.messages_in(club.channel("general"))
