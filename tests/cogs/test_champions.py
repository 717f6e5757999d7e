"""The champion role through the fake Discord: ``/tonk config champion role`` (Manage Server)
names the role the winner of each season that ends gets; at each season's start the bot
gives it to the winners and takes it back from the last ones, and says so in the
announcement. A role the bot could not give is refused in words, changing nothing; one it
cannot give when the season ends is said in the announcement."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import discord

from bot.store import Ending, HandResult, PlayerResult, Store
from tests.cogs.helpers import button_labels, db_bot, play_a_tonk, season_clock
from tests.cogs.test_scoreboard import casino, manager, play_three, record
from tests.cogs.test_seasons import lines_of
from tests.fakediscord import FakeDiscord, SimulatedMember, run_bot
from tests.fakediscord.models import FakeGuild, FakeRole


def roles_to_give(fake: FakeDiscord, guild: FakeGuild) -> FakeRole:
    """The bot may give roles (Manage Roles, its role above the others): the role
    "Champion", below the bot's."""
    bot_role = fake.bot_role(guild)
    bot_role.permissions |= discord.Permissions(manage_roles=True).value
    bot_role.position = 99
    return fake.add_role(guild, "Champion", discord.Permissions.none())


def holders(guild: FakeGuild, role: FakeRole) -> set[str]:
    return {m.user.name for m in guild.members.values() if role.id in m.role_ids}


async def first_season(
    boss: SimulatedMember, guild: FakeGuild, champion: FakeRole
) -> tuple[list[str], set[str]]:
    """A manager starts the first season: the announcement's board before it and who is
    crowned (after its first lines), and who holds ``champion`` then."""
    said = lines_of(await boss.slash("tonk", "config", "season"))
    assert said[1] == "The board before the first season:"
    return said[2:], holders(guild, champion)


async def test_each_seasons_winner_gets_the_role_and_the_last_one_gives_it_back(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = manager(fake, guild)
    champion = roles_to_give(fake, guild)
    high = fake.add_role(guild, "Admins", discord.Permissions.none())
    high.position = 100
    channel = guild.channel("tonk")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        refused = await boss.slash("tonk", "config", "champion", role=high)
        assert refused.ephemeral
        assert lines_of(refused) == [
            f"I cannot give <@&{high.id}>: it is not below my own role. Move my role above it "
            "in Server Settings, Roles, or choose a lower role."
        ]
        everyone = await boss.slash("tonk", "config", "champion", role=guild.roles[guild.id])
        assert lines_of(everyone) == [
            "Everyone has @everyone: choose a role of its own for the winner of a season."
        ]
        assert (await bot.store.get_guild_settings(guild.id)).champion_role is None
        member = await ann.slash("tonk", "config", "champion", role=champion)
        assert lines_of(member) == ["Only a member with Manage Server can change settings."]

        chosen = await boss.slash("tonk", "config", "champion", role=champion)
        assert lines_of(chosen) == [
            f"From now on the winner of each season that ends gets <@&{champion.id}> (the most "
            "chips in that season, or in a season of push-up hands, which pay no chips, the most "
            "push-up matches won, else the most hands won; each of them, on a tie) and keeps it "
            "until the next season ends."
        ]
        shown = lines_of(await boss.slash("tonk", "config", "show"))
        assert shown[0].endswith(
            f"· no season started · the winner of each season gets <@&{champion.id}>"
        )

        await play_three(bot, guild, ann, bob)  # bob +2, ann −2
        first = lines_of(await boss.slash("tonk", "config", "season"))
        assert first[-1] == (
            f"👑 **bob** led the board before the first season and holds <@&{champion.id}> "
            "until the next season ends."
        )
        assert holders(guild, champion) == {"bob"}

        await record(bot, guild.id, channel.id, 4, (ann.id, "ann"), (bob.id, "bob"))
        second = lines_of(await boss.slash("tonk", "config", "season"))
        assert second[1:] == [
            "How season 1 ended:",
            "1. **ann**: +2 chips · 1 won of 1 (100%)",
            "2. **bob**: −2 chips · 0 won of 1 (0%)",
            f"👑 **ann** won season 1 and holds <@&{champion.id}> until the next season ends.",
        ]
        assert holders(guild, champion) == {"ann"}
        config = await bot.store.get_guild_settings(guild.id)
        assert config.champions == (ann.id,)
        stats = lines_of(await ann.slash("tonk", "stats"))  # season 2: no hand of hers yet
        assert stats == [
            "ann has not finished a hand on this server in season 2.",
            "👑 Won season 1.",
        ]

        # Season 2 ends in a tie: both winners hold the role.
        for number, winner in enumerate((bob, bob, boss, boss), start=5):  # +4 each
            await record(
                bot, guild.id, channel.id, number, (winner.id, winner.name), (ann.id, "ann")
            )
        third = lines_of(await boss.slash("tonk", "config", "season"))
        assert third[-1] == (
            f"👑 **bob** and **boss** shared the win of season 2 and hold <@&{champion.id}> "
            "until the next season ends."
        )
        assert holders(guild, champion) == {"bob", "boss"}
        bob_stats = lines_of(await bob.slash("tonk", "stats", period="all"))
        assert bob_stats[2] == "👑 Won season 2."
        # The all-time board crowns the winners of season 2, the last that ended; season
        # 1's board its own winner.
        board = lines_of(await ann.slash("tonk", "leaderboard", period="all"))
        assert board[1:] == [
            "1. **bob 👑**: +4 chips · 4 won of 6 (67%)",
            "2. **boss 👑**: +4 chips · 2 won of 2 (100%)",
            "3. **ann**: −8 chips · 2 won of 8 (25%)",
            "👑 won season 2.",
        ]
        fame = await ann.slash("tonk", "leaderboard", by="seasons")
        assert not fame.ephemeral
        assert lines_of(fame) == [
            "**Hall of fame: seasons won**",
            "1. **bob**: 👑 1 season (2)",
            "2. **boss**: 👑 1 season (2)",
            "3. **ann**: 👑 1 season (1)",
        ]
        alone = await ann.slash("tonk", "leaderboard", by="seasons", period="week")
        assert alone.ephemeral and lines_of(alone) == [
            "The hall of fame counts every season's winners: leave period and season out."
        ]
        earlier = lines_of(await ann.slash("tonk", "leaderboard", season=1))
        assert earlier[1:] == [
            "1. **ann 👑**: +2 chips · 1 won of 1 (100%)",
            "2. **bob**: −2 chips · 0 won of 1 (0%)",
            "👑 won season 1.",
        ]

        off = await boss.slash("tonk", "config", "champion")
        assert lines_of(off) == ["Season winners no longer get a role."]
        assert holders(guild, champion) == set()
        config = await bot.store.get_guild_settings(guild.id)
        assert (config.champion_role, config.champions) == (None, ())


async def test_a_role_the_bot_cannot_give_when_the_season_ends_is_said_in_the_announcement(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The role was moved above the bot's after it was chosen: the season still starts by
    itself, the announcement names the winner and says the role could not be given, and the
    next season's start tries again."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = manager(fake, guild)
    champion = roles_to_give(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        await boss.slash("tonk", "config", "champion", role=champion)
        await play_three(bot, guild, ann, bob)
        await boss.slash("tonk", "config", "season", every="weekly")
        champion.position = 200  # a manager moved it above the bot's role
        schedule = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert schedule is not None
        await season_clock(bot).tick(schedule.next_at + 1)
        announced = fake.latest(channel=guild.channel("tonk"), contains="Season 1 starts now")
        assert announced is not None
        assert announced.content.splitlines()[-2:] == [
            f"👑 **bob** led the board before the first season and holds <@&{champion.id}> "
            "until the next season ends.",
            f"I could not give or take back <@&{champion.id}> for <@{bob.id}>: I need Manage "
            f"Roles, and my own role above <@&{champion.id}>.",
        ]
        assert holders(guild, champion) == set()
        assert (await bot.store.get_guild_settings(guild.id)).champions == (bob.id,)


async def test_without_manage_roles_the_role_is_refused(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild, _ann, _bob = casino(fake)
    boss = manager(fake, guild)
    champion = fake.add_role(guild, "Champion", discord.Permissions.none())
    fake.bot_role(guild).position = 99
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        refused = await boss.slash("tonk", "config", "champion", role=champion)
        assert re.fullmatch(
            rf"I cannot give <@&{champion.id}> without Manage Roles: a member with Manage "
            r"Server can give me that permission in Server Settings, Roles\.",
            lines_of(refused)[0],
        )
        assert bot.store is not None
        assert (await bot.store.get_guild_settings(guild.id)).champion_role is None


async def test_a_tie_past_the_top_three_crowns_every_winner(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Four members end level at the top: the announcement shows the top three as always,
    and all four get the role."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = manager(fake, guild)
    cat, dan = (fake.add_member(guild, name) for name in ("cat", "dan"))
    champion = roles_to_give(fake, guild)
    channel = guild.channel("tonk")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await boss.slash("tonk", "config", "champion", role=champion)
        await ann.slash("tonk", "new")
        for number, winner in enumerate((bob, boss, cat, dan), start=1):
            await record(
                bot, guild.id, channel.id, number, (winner.id, winner.name), (ann.id, "ann")
            )
        said = lines_of(await boss.slash("tonk", "config", "season"))
        assert said[1] == "The board before the first season:"
        assert [line.split(":")[0] for line in said[2:5]] == [
            "1. **bob**",
            "2. **boss**",
            "3. **cat**",
        ]
        assert said[5] == (
            "👑 **bob**, **boss**, **cat** and **dan** shared the lead before the first season "
            f"and hold <@&{champion.id}> until the next season ends."
        )
        assert holders(guild, champion) == {"bob", "boss", "cat", "dan"}


async def test_a_tie_past_a_page_of_the_board_crowns_every_winner_and_names_ten(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Thirty members end level at the top, more than one page of the board the bot reads
    (25): all thirty get the role and are kept as champions, and the announcement names the
    first ten and counts the others."""
    fake = fake_discord
    guild, ann, _ = casino(fake)
    boss = manager(fake, guild)
    level = [fake.add_member(guild, f"m{number:02}") for number in range(1, 31)]
    champion = roles_to_give(fake, guild)
    channel = guild.channel("tonk")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        await boss.slash("tonk", "config", "champion", role=champion)
        await ann.slash("tonk", "new")
        for number, winner in enumerate(level, start=1):
            await record(
                bot, guild.id, channel.id, number, (winner.id, winner.name), (ann.id, "ann")
            )
        said = lines_of(await boss.slash("tonk", "config", "season"))
        named = ", ".join(f"**m{number:02}**" for number in range(1, 11))
        assert said[-1] == (
            f"👑 {named} and 20 others shared the lead before the first season and hold "
            f"<@&{champion.id}> until the next season ends."
        )
        assert holders(guild, champion) == {member.name for member in level}
        config = await bot.store.get_guild_settings(guild.id)
        assert sorted(config.champions) == sorted(member.id for member in level)


async def test_a_season_of_push_up_hands_crowns_the_member_with_the_most_hands_won(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """O42: push-up hands pay no chips, so a season of them would leave everyone level on
    chips; where no push-up match ended in it either, its champion is the member with the
    most hands won (bob, by the tonk he played through the buttons)."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = manager(fake, guild)
    champion = roles_to_give(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await boss.slash("tonk", "config", "champion", role=champion)
        await play_a_tonk(fake, bot, ann, bob, preset="push_up")
        assert await first_season(boss, guild, champion) == (
            [
                "1. **bob**: 0 chips · 1 won of 1 (100%)",
                "2. **ann**: 0 chips · 0 won of 1 (0%)",
                f"👑 **bob** led the board before the first season and holds <@&{champion.id}> "
                "until the next season ends.",
            ],
            {"bob"},
        )


async def test_a_season_of_push_up_hands_with_a_match_won_crowns_the_match_winner(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """H10: in a season of push-up hands, ann won the one push-up match that ended though bob
    won more hands: the announcement shows the board of push-up matches, and ann is crowned
    and holds the role."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = manager(fake, guild)
    champion = roles_to_give(fake, guild)
    channel = guild.channel("tonk")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await boss.slash("tonk", "config", "champion", role=champion)
        await ann.slash("tonk", "new", preset="push_up")
        assert bot.store is not None
        table = await bot.store.get_open_table(channel.id)
        assert table is not None
        for number, (winner, loser, ends_match) in enumerate(
            [(bob, ann, False), (bob, ann, False), (ann, bob, True)], start=1
        ):
            seats = [
                PlayerResult(winner.id, winner.name, 0, 0, True, Ending.TONK_OUT, pushed_up=0,
                             won_match=ends_match),
                PlayerResult(loser.id, loser.name, 0, 40, False, Ending.TONK_OUT, pushed_up=80),
            ]  # fmt: skip
            result = HandResult(
                guild.id, channel.id, table.id, number, "push_up", number, "tonk_out", seats
            )
            assert await bot.store.record_hand(result)
        assert await first_season(boss, guild, champion) == (
            [
                "1. **ann**: 🏁 1 push-up match · 1 won of 3",
                "2. **bob**: 🏁 0 push-up matches · 2 won of 3",
                f"👑 **ann** led the board before the first season and holds <@&{champion.id}> "
                "until the next season ends.",
            ],
            {"ann"},
        )


async def test_the_hall_of_fame_turns_its_pages_of_25_with_prev_and_next(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """27 seasons, each won by another member: page 1 lists 25 of them, Next shows the last
    two ranked 26 and 27, and a page past the end shows the last one."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    async with await Store.open(f"sqlite+aiosqlite:///{sqlite_store}"):
        pass  # the schema, as the bot makes it
    with sqlite3.connect(sqlite_store) as raw:
        raw.executemany(
            "INSERT INTO season (guild_id, number, started_at, winners_json) VALUES (?, ?, ?, ?)",
            [(guild.id, n, 1000.0 * n, f"[{100 + n}]" if n < 28 else "[]") for n in range(1, 29)],
        )  # season 28 is the current one: nobody won it yet
    async with run_bot(fake_discord, db_bot(sqlite_store)):
        first = await ann.slash("tonk", "leaderboard", by="seasons")
        assert first.message is not None
        lines = lines_of(first)
        assert lines[0] == "**Hall of fame: seasons won** (page 1 of 2)" and len(lines) == 26
        assert lines[1] == "1. **127**: 👑 1 season (27)"  # the latest win first
        assert button_labels(first.message) == {"Prev": False, "Next": True}
        second = await ann.click(first.message, "Next")
        assert second.message is not None and lines_of(second) == [
            "**Hall of fame: seasons won** (page 2 of 2)",
            "26. **102**: 👑 1 season (2)",
            "27. **101**: 👑 1 season (1)",
        ]
        assert button_labels(second.message) == {"Prev": True, "Next": False}
        past = await ann.slash("tonk", "leaderboard", by="seasons", page=9)
        assert lines_of(past)[0] == "**Hall of fame: seasons won** (page 2 of 2)"
