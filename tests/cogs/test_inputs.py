"""Every value a member types is checked by the bot, whatever the client let through: a
clear ephemeral refusal, nothing changed, and nothing echoed at length."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest

from tests.cogs.helpers import (
    db_bot,
    is_open,
    make_bot,
    open_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, run_bot

MANAGER = discord.Permissions(manage_guild=True)


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"stake": 0}, "The stake is a whole number from 1 to 1,000,000."),
        ({"stake": 10**12}, "The stake is a whole number from 1 to 1,000,000."),
        ({"seats": 1}, "A table seats 2 to 6 players."),
        ({"seats": 7}, "A table seats 2 to 6 players."),
        ({"seats": 6, "preset": "seven_card_40"}, "A table seats 2 to 5 players."),
        ({"preset": "nope"}, "There is no preset called 'nope': choose one of standard, "),
        ({"turn_timeout": "5"}, "The turn timer is 10 to 3600 seconds, or off."),
        ({"turn_timeout": "²"}, "The turn timer is 10 to 3600 seconds, or off."),
    ],
)
async def test_tonk_new_refuses_a_forged_value_and_opens_no_table(
    fake_discord: FakeDiscord, options: dict[str, Any], refusal: str
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    async with run_bot(fake_discord, make_bot()) as bot:
        refused = await ann.forge_slash("tonk", "new", **options)
        assert refused.ephemeral and refused.content.startswith(refusal)
        assert not is_open(bot, guild.channel("tonk"))


@pytest.mark.parametrize("action", ["frobnicate", "replay", "draw"])
async def test_a_forged_table_button_is_refused_in_words_and_changes_nothing(
    fake_discord: FakeDiscord, action: str
) -> None:
    """A click whose custom id names no move of the table message (an unknown action,
    Replay's, which has its own component, or Draw in the lobby) is refused privately,
    and the table is as it was."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    async with run_bot(fake_discord, make_bot()) as bot:
        await open_table(ann, [])
        channel = guild.channel("tonk")
        table = table_in(bot, channel)
        before = table.to_json()
        forged = f"tonk:t:{table.id}:{table.hand_number}:{table.version}:{action}"
        refused = await ann.forge_click(table_message(fake_discord, bot, channel), forged)
        assert refused.ephemeral and refused.content
        assert refused.content.startswith(
            "That button is out of date" if action != "draw" else "No hand is being played"
        ), refused.content
        assert table_in(bot, channel).to_json() == before


async def test_a_command_typed_in_a_direct_message_is_refused(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    async with run_bot(fake_discord, make_bot()) as bot:
        dm = fake_discord.open_dm(ann.id)
        refused = await ann.at(dm).forge_slash("tonk", "new")
        assert refused.content == "Tonk is played in a server channel."
        assert not is_open(bot, dm)


async def test_kick_names_the_member_who_does_not_sit_never_their_id(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    zed = fake_discord.add_member(guild, "zed")
    async with run_bot(fake_discord, make_bot()):
        await open_table(ann, [])
        refused = await ann.slash("tonk", "kick", member=zed)
        assert refused.ephemeral and refused.content == "zed doesn't sit at this table."
        assert str(zed.id) not in refused.content


@pytest.mark.parametrize(
    ("path", "options", "refusal"),
    [
        (("leaderboard",), {"page": 0}, "Pages are numbered from 1 to 10,000."),
        (("leaderboard",), {"by": "nope"}, "The leaderboard ranks by one of chips, wins, "),
        (("history",), {"page": -1}, "Pages are numbered from 1 to 10,000."),
        (("config", "set"), {"preset": "nope"}, "There is no preset called 'nope'"),
        (("config", "set"), {"stake": 0}, "The stake is a whole number from 1 to 1,000,000."),
        (("config", "set"), {"turn_timeout": "1"}, "The turn timer is 10 to 3600 seconds"),
    ],
)
async def test_the_scoreboard_commands_refuse_forged_values(
    fake_discord: FakeDiscord,
    sqlite_store: Path,
    path: tuple[str, ...],
    options: dict[str, Any],
    refusal: str,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    boss = fake_discord.add_member(
        guild, "boss", permissions=discord.Permissions(manage_guild=True)
    )
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        refused = await boss.forge_slash("tonk", *path, **options)
        assert refused.ephemeral and refused.content.startswith(refusal)
        assert bot.store is not None
        assert (await bot.store.get_guild_settings(guild.id)).default_preset == "standard"


async def test_a_stored_setting_no_longer_valid_falls_back_to_the_default_and_managers_are_told(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk", "lobby"])
    ann = fake_discord.add_member(guild, "ann")
    boss = fake_discord.add_member(
        guild, "boss", permissions=discord.Permissions(manage_guild=True)
    )
    async with run_bot(fake_discord, db_bot(sqlite_store)):
        await boss.slash("tonk", "config", "set", stake=5)
        await boss.slash("tonk", "config", "option", option="catch", value="alt5")
    raw = sqlite3.connect(sqlite_store)
    with raw:
        raw.execute(
            "UPDATE guild_settings SET default_preset = 'gone', turn_timeout = 99999, seats = 9,"
            ' default_options_json = \'{"catch": "alt5", "cats": 1}\''
        )
    raw.close()
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        opened = await ann.slash("tonk", "new")
        assert not opened.ephemeral and opened.followups == []  # ann is no manager
        table = table_in(bot, guild.channel("tonk"))
        assert table.rules.preset == "standard" and table.rules.catch == "alt5"
        assert table.stake == 5 and table.turn_timeout == 120.0 and table.max_seats == 4
        told = await boss.invoke_slash("tonk", ["new"], channel=guild.channel("lobby"))
        notice = told.followups[0]
        assert notice.ephemeral
        for stored in ("preset 'gone'", "cats 1", "turn_timeout 99999", "seats 9"):
            assert f"stored {stored} is no longer valid" in notice.content
        shown = await boss.slash("tonk", "config", "option", option="slap", value="race")
        assert "catch: alt5, slap: race" in shown.content
