"""Seasons through the fake Discord: ``/tonk config season`` starts one (Manage Server), the
channel reads how the last one ended, and the leaderboard and stats show the season by
default while all time stays one option away, after a restart too. A season that ended is
shown by its number (``season:``), with its dates."""

from __future__ import annotations

import csv
import io
import re
from datetime import UTC, datetime
from pathlib import Path

from tests.cogs.helpers import db_bot, play_a_tonk
from tests.cogs.test_scoreboard import casino, manager, play_three, record_pairs
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
    boss = manager(fake, guild)
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

        # Season 1 ended: its number shows it, from its start to season 2's.
        past = await bob.slash("tonk", "leaderboard", season=1)
        assert not past.ephemeral and past.message is not None
        assert re.fullmatch(
            rf"\*\*Leaderboard: chips, season 1\*\* \({SINCE} to {SINCE}, page 1\)",
            lines_of(past)[0],
        )
        assert lines_of(past)[1:] == [
            "1. **bob 👑**: +2 chips · 1 won of 1 (100%)",
            "2. **ann**: −2 chips · 0 won of 1 (0%)",
            "👑 won season 1.",
        ]
        assert [button["custom_id"] for button in past.message.buttons()] == [
            "tonk:lb:chips:season1:0:prev",
            "tonk:lb:chips:season1:0:next",
        ]
        wins = lines_of(
            await bob.slash("tonk", "leaderboard", by="wins", period="season", season=1)
        )
        assert wins[0].startswith("**Leaderboard: wins, season 1** (")
        record = lines_of(await ann.slash("tonk", "stats", season=1, versus=bob.user))
        assert re.fullmatch(
            rf"\*\*ann\*\* · season 1 \({SINCE} to {SINCE}\) · rank 2 by chips", record[0]
        )
        assert record[2] == (
            "Against **bob**: 1 hand played together · wins: ann 0, bob 1 · chips in it: "
            "ann −2, bob +2"
        )
        ledger = await boss.slash("tonk", "export", season=1)
        assert ledger.message is not None
        (attached,) = ledger.message.attachments
        assert attached.filename == f"tonk-hands-{guild.id}-season-1.csv"
        rows = list(csv.DictReader(io.StringIO(attached.data.decode("utf-8-sig"))))
        assert sorted((row["player"], row["payout"]) for row in rows) == [
            ("ann", "-2"),
            ("bob", "2"),
        ]

        # A season the server never had, or a season with another period, is refused.
        unknown = await bob.slash("tonk", "leaderboard", season=3)
        assert unknown.ephemeral
        assert lines_of(unknown) == [
            "There is no season 3 to show: the seasons this server can show are 1 to 2."
        ]
        both = await ann.slash("tonk", "stats", period="week", season=1)
        assert both.ephemeral
        assert lines_of(both) == [
            "season:1 already says which hands to count: leave period out (or choose this season)."
        ]
        assert lines_of(await boss.slash("tonk", "export", period="all", season=1)) == lines_of(
            both
        )


async def test_a_server_without_seasons_says_so_when_asked_for_one_by_number(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``season:`` on a server that never started a season is refused, saying how to start
    one; nothing else changes."""
    guild, ann, _bob = casino(fake_discord)
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        refused = await ann.slash("tonk", "leaderboard", season=1)
        assert refused.ephemeral
        (said,) = lines_of(refused)
        assert re.fullmatch(
            r"This server has no season 1: it has not started one\. A member with Manage "
            r"Server starts one with </tonk config season:\d+>\.",
            said,
        )
        assert bot.store is not None
        assert (await bot.store.get_guild_settings(guild.id)).season is None


def _day(moment: float) -> str:
    """The UTC day of ``moment`` as English writes a short date: ``Dec 4, 2026``."""
    day = datetime.fromtimestamp(moment, UTC)
    return f"{day:%b} {day.day}, {day.year}"


async def test_the_pages_of_a_season_that_ended_stay_on_it_after_a_restart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Next and Prev under season 1's board carry its number (``season1``): after a
    restart, with season 2 on and still empty, they turn season 1's pages. Typing
    ``season:`` offers the seasons, newest first, with their days."""
    fake = fake_discord
    guild, ann, _bob = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        await ann.slash("tonk", "new")
        await bot.store.start_season(guild.id)
        await record_pairs(bot, guild.id, guild.channel("tonk").id, 7)
        second = await bot.store.start_season(guild.id)
        board = await ann.slash("tonk", "leaderboard", season=1)
        assert board.message is not None
        page = board.message
        first = (await bot.store.seasons(guild.id))[1]
        day = {moment: _day(moment) for moment in (first.started_at, second.started_at)}
        offered = await ann.autocomplete("tonk", "stats", focused="season", season="")
        assert offered == [
            {"name": f"Season 2 (since {day[second.started_at]})", "value": 2},
            {"name": f"Season 1 ({day[first.started_at]} to {day[second.started_at]})", "value": 1},
        ]
        typed = await ann.autocomplete("tonk", "export", focused="season", season="1")
        assert [choice["value"] for choice in typed] == [1]
        lines = page.content.splitlines()
        assert len(lines) == 11 and lines[1] == "1. **w1**: +2 chips · 1 won of 1 (100%)"
    async with run_bot(fake, db_bot(sqlite_store)):
        await ann.click(page, "Next")
        turned = page.content.splitlines()
        assert re.fullmatch(
            rf"\*\*Leaderboard: chips, season 1\*\* \({SINCE} to {SINCE}, page 2\)", turned[0]
        )
        assert turned[1:] == [
            f"{rank}. **l**: −2 chips · 0 won of 1 (0%)" for rank in range(11, 15)
        ]
        await ann.click(page, "Prev")
        assert page.content.splitlines() == lines
