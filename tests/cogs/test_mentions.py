"""A sentence that tells a member which command to use names it as Discord's command mention
(``</tonk new:ID>``), which they click to start typing it; plain ``/tonk new`` where the id
Discord gave ``/tonk`` is not known (the terminal, a table lost in a restart)."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.i18n import FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE, text
from bot.i18n.mentions import command_mentions
from bot.tables.errors import TableError
from cogs.settings import StoredProblem
from tests.cogs.helpers import make_bot, open_table
from tests.fakediscord import FakeDiscord, run_bot


async def test_a_refusal_names_the_command_to_use_as_a_clickable_mention(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk", "quiet"])
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    ana = fake_discord.add_member(guild, "ana")
    ana.user.locale = "ro"
    mod = fake_discord.add_member(guild, "mod", permissions=discord.Permissions(manage_guild=True))
    bot = make_bot(database_url=f"sqlite+aiosqlite:///{sqlite_store}")
    async with run_bot(fake_discord, bot):
        (tonk,) = fake_discord.commands()
        assert bot.command_id == int(tonk["id"])  # kept from the sync, for clicks and notices
        new, leave = f"</tonk new:{tonk['id']}>", f"</tonk leave:{tonk['id']}>"

        nothing_here = await ann.slash("tonk", "join")
        assert nothing_here.content == f"There is no table in this channel: open one with {new}."
        none_open = await ann.slash("tonk", "tables")
        assert none_open.embeds[0]["description"] == (
            f"No table is open in a channel you can see: open one with {new}."
        )
        in_romanian = await ana.slash("tonk", "join")
        assert in_romanian.content == f"Nu este nicio masă în acest canal: deschide una cu {new}."

        await open_table(ann, [bob])
        own_kick = await ann.slash("tonk", "kick", member=ann)
        assert own_kick.content == f"You can't remove yourself: use {leave}."

        only_tonk = {"channel": guild.channel("tonk"), "allowed": True}
        assert (await mod.invoke_slash("tonk", ["config", "channel"], only_tonk)).ephemeral
        refused = await ann.invoke_slash("tonk", ["new"], channel=guild.channel("quiet"))
        assert refused.content == (
            "Tables cannot be opened in this channel on this server "
            f"(see </tonk config show:{tonk['id']}>)."
        )


def test_without_the_commands_id_a_command_is_named_in_plain_text() -> None:
    """The terminal's refusals, and a restart's notice from a bot that did not sync its commands."""
    assert TableError("kick_self").message() == "You can't remove yourself: use /tonk leave."
    assert TableError("no_table").message("en", 42) == (
        "There is no table in this channel: open one with </tonk new:42>."
    )
    assert text("scoreboard.restore.broken", **command_mentions(None)).endswith(
        "Open a new one with /tonk new."
    )
    assert (
        StoredProblem().message("en", 42).endswith("can set them again with </tonk config set:42>.")
    )


def test_a_mention_in_a_right_to_left_sentence_keeps_the_isolation_marks_outside_it() -> None:
    """Persian isolates each filled-in field; Discord reads the mention between them."""
    sentence = TableError("no_table").message("fa", 42)
    assert f"{FIRST_STRONG_ISOLATE}</tonk new:42>{POP_DIRECTIONAL_ISOLATE}" in sentence
