"""A fake Discord for end-to-end tests of a discord.py 2.x bot.

The REAL discord.py client runs against an in-process aiohttp server on 127.0.0.1 (random free
port) serving the REST API v10 routes and the gateway (plain JSON text frames) a bot uses.
Simulated members run slash commands, click buttons, pick select options and submit modals;
the fake records every message the bot produced, every version of it, and who could see it.

Fixtures: ``fake_discord`` (in ``plugin``; import it into your ``conftest.py``) yields a started
:class:`FakeDiscord` with discord.py patched, and fails the test at teardown if discord.py
logged an ERROR or the bot called a route the fake lacks. Without pytest, use
``async with open_fake_discord() as fake``.

Usage::

    async def test_join(fake_discord: FakeDiscord) -> None:
        guild = fake_discord.add_guild("Casino", channels=["tonk"])
        alice = fake_discord.add_member(guild, "alice")
        bob = fake_discord.add_member(guild, "bob", dms_open=False)
        admin = fake_discord.add_member(
            guild, "admin", permissions=discord.Permissions(manage_guild=True)
        )
        async with run_bot(fake_discord, make_bot()):  # login, connect, wait for on_ready
            table = await alice.slash("tonk", "new", preset="standard", stake=1)
            assert table.embed_titles == ["Tonk table"] and not table.ephemeral
            joined = await bob.click(table, label="Join")
            assert joined.type is discord.InteractionResponseType.message_update
            await fake_discord.wait_for(lambda: fake_discord.dms_of(alice))
        assert not bob.has_seen("alice's hand")  # every version of every message bob saw

Set up guilds, channels and members before starting the bot: they are sent once, in
GUILD_CREATE. Sharded bots work as on Discord: ``open_fake_discord(shard_count=N)`` recommends
N shards, ``add_guild(..., shard=k)`` makes a guild on shard k, and each gateway connection
gets only the guilds, events and interactions of its shard. The interaction methods (``slash``,
``invoke_slash``, ``click``, ``select``, ``submit_modal``, ``autocomplete``) wait for the bot's
callback and then, unless ``settle=False``, for discord.py's handler tasks to finish, so
whatever the handler did is in the log when they return. No answer raises
:class:`FakeDiscordTimeout`; an ERROR logged by discord.py meanwhile raises
:class:`FakeDiscordError` at once, with the traceback. Work the bot does in tasks of its own is
awaited with ``fake.wait_for(predicate)``, woken by every change.

Modules: ``models`` (records and payloads), ``fake`` (state, queries, waiting), ``server``
(REST routes), ``gateway`` (websocket), ``interactions`` (interaction payloads and callbacks),
``options`` (slash options and select values), ``member`` (simulated members), ``harness``
(patching discord.py, running a bot), ``plugin`` (pytest fixtures).
"""

from .errors import FakeDiscordError, FakeDiscordTimeout
from .fake import FakeDiscord
from .harness import open_fake_discord, patch_discord, run_bot
from .interactions import InteractionResult
from .member import SimulatedMember
from .models import (
    CONNECTION_CUT,
    FORUM_CHANNEL,
    RATE_LIMITED,
    VOICE_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    MessageVersion,
    StoredMessage,
    Visibility,
)

__all__ = [
    "CONNECTION_CUT",
    "FORUM_CHANNEL",
    "RATE_LIMITED",
    "VOICE_CHANNEL",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeDiscordTimeout",
    "FakeGuild",
    "FakeMember",
    "FakeRole",
    "FakeUser",
    "InteractionResult",
    "MessageVersion",
    "SimulatedMember",
    "StoredMessage",
    "Visibility",
    "open_fake_discord",
    "patch_discord",
    "run_bot",
]
