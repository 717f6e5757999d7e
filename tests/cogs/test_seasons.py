"""Seasons through the fake Discord: ``/tonk config season`` starts one (Manage Server), the
channel reads how the last one ended, and the leaderboard and stats show the season by
default while all time stays one option away, after a restart too."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from tests.cogs.helpers import db_bot, play_a_tonk
from tests.cogs.test_scoreboard import casino, play_three
from tests.fakediscord import FakeDiscord, InteractionResult, run_bot

SINCE = r"<t:\d+:D>"
"""A season's start as the bot writes it: a Discord date, shown in each reader's own way."""


def lines_of(result: InteractionResult) -> list[str]:
    assert result.message is not None
    return result.message.content.splitlines()


async def test_a_season_starts_with_last_seasons_board_and_the_boards_then_count_it(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = fake.add_member(guild, "boss", permissions=discord.Permissions(manage_guild=True))
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_three(bot, guild, ann, bob)
        await ann.slash("tonk", "end")

        # No season yet: the season board is all time, and says how to start one.
        before = lines_of(await ann.slash("tonk", "leaderboard", period="season"))
        assert before[0] == "**Leaderboard: chips** (page 1)"
        assert re.fullmatch(
            r"This server has not started a season, so this counts every hand\. A member "
            r"with Manage Server starts one with </tonk config season:\d+>\.",
            before[-1],
        )

        refused = await ann.slash("tonk", "config", "season")
        assert refused.ephemeral
        assert lines_of(refused) == ["Only a member with Manage Server can change settings."]

        started = await boss.slash("tonk", "config", "season")
        assert not started.ephemeral
        said = lines_of(started)
        assert re.fullmatch(
            r"\*\*Season 1 starts now\*\*, started by boss: </tonk leaderboard:\d+> and stats "
            r"count this season's hands from here \(with period all time, every hand, as "
            r"before\)\.",
            said[0],
        )
        assert said[1:] == [
            "The board before the first season:",
            "1. **bob**: +2 chips · 2 won of 3 (67%)",
            "2. **ann**: −2 chips · 1 won of 3 (33%)",
        ]

        again = await boss.slash("tonk", "config", "season")
        assert again.ephemeral
        assert lines_of(again) == [
            "Season 1 has no finished hand yet: it is as new as a new one would be."
        ]

        empty = lines_of(await bob.slash("tonk", "leaderboard"))
        assert re.fullmatch(
            rf"\*\*Leaderboard: chips, season 1\*\* \(since {SINCE}, page 1\)", empty[0]
        )
        assert empty[1:] == ["No hands have been finished on this server in season 1 yet."]

        await play_a_tonk(fake, bot, ann, bob)  # bob's tonk: ann pays 2

        season = await bob.slash("tonk", "leaderboard")
        assert season.message is not None
        assert lines_of(season)[1:] == [
            "1. **bob**: +2 chips · 1 won of 1 (100%)",
            "2. **ann**: −2 chips · 0 won of 1 (0%)",
        ]
        assert [button["custom_id"] for button in season.message.buttons()] == [
            "tonk:lb:chips:season:0:prev",
            "tonk:lb:chips:season:0:next",
        ]
        alltime = lines_of(await bob.slash("tonk", "leaderboard", period="all"))
        assert alltime[1:] == [
            "1. **bob**: +4 chips · 3 won of 4 (75%)",
            "2. **ann**: −4 chips · 1 won of 4 (25%)",
        ]
        stats = lines_of(await ann.slash("tonk", "stats"))
        assert re.fullmatch(
            rf"\*\*ann\*\* · season 1 \(since {SINCE}\) · rank 2 by chips", stats[0]
        )
        assert stats[1].startswith("−2 chips · 0 won of 1 (0%)")
        shown = lines_of(await boss.slash("tonk", "config", "show"))
        assert re.search(rf"· season 1 since {SINCE}$", shown[0])

    async with run_bot(fake, db_bot(sqlite_store)):
        second = lines_of(await boss.slash("tonk", "config", "season"))
        assert second[0].startswith("**Season 2 starts now**, started by boss: ")
        assert second[1:] == [
            "How season 1 ended:",
            "1. **bob**: +2 chips · 1 won of 1 (100%)",
            "2. **ann**: −2 chips · 0 won of 1 (0%)",
        ]
        export = await boss.slash("tonk", "export", period="season")
        assert lines_of(export) == ["No hand has been finished on this server in season 2 yet."]
        cleared = lines_of(await ann.slash("tonk", "stats"))
        assert cleared == ["ann has not finished a hand on this server in season 2."]
        kept = lines_of(await ann.slash("tonk", "stats", period="all"))
        assert kept[0] == "**ann** · rank 2 by chips"
