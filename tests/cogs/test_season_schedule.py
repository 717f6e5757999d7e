"""Seasons that start by themselves, through the fake Discord: ``/tonk config season every:``
(Manage Server) sets when and where, the season clock starts each season when it is due and
announces it with the board of the season that ended, a season without a finished hand goes
on, a season missed while the bot was down starts when it is back, and ``every:off`` stops
it; a day before each start, the channel reads the board so far. Wrong input is refused in
words, changing nothing."""

from __future__ import annotations

import re
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import discord

from bot.store import Season, SeasonEvery, SeasonSchedule, Store, next_start, notice_at
from tests.cogs.helpers import db_bot, season_clock
from tests.cogs.test_scoreboard import casino, manager, play_three, record
from tests.cogs.test_seasons import lines_of
from tests.fakediscord import FakeDiscord, run_bot

WHEN = r"<t:(\d+):f> \(<t:\1:R>\)"
"""A start as the bot writes it: date and time, then how far off, in each reader's way."""
DAY = 86_400.0


async def test_a_manager_makes_seasons_start_every_month_and_each_is_announced(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = manager(fake, guild)
    news = fake.add_text_channel(guild, "news")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        await play_three(bot, guild, ann, bob)

        refused = await ann.slash("tonk", "config", "season", every="monthly")
        assert lines_of(refused) == ["Only a member with Manage Server can change settings."]
        alone = await boss.slash("tonk", "config", "season", channel=news)
        assert alone.ephemeral
        assert lines_of(alone) == [
            "channel:, time_zone:, day:, hour: and notice: say where and when the seasons that "
            "start by themselves start: choose every week or every month with them."
        ]
        forged = await boss.forge_slash("tonk", "config", "season", every="daily")
        assert lines_of(forged) == [
            "Seasons start by themselves every week or every month, or not at all: choose "
            "one of weekly, monthly, off."
        ]
        config = await bot.store.get_guild_settings(guild.id)
        assert (config.season, config.season_schedule) == (None, None)

        before = time.time()
        scheduled = await boss.slash("tonk", "config", "season", every="monthly", channel=news)
        after = time.time()
        assert not scheduled.ephemeral
        (said,) = lines_of(scheduled)
        found = re.fullmatch(
            rf"From now on a new season starts by itself on day 1 of every month at 00:00 "
            rf"\(UTC time\), announced in <#{news.id}>: the next {WHEN}\. A day before each "
            r"start, that channel reads the board so far\. A season in which no hand has "
            r"finished goes on until the start after\.",
            said,
        )
        assert found is not None
        first = float(found[1])
        assert first in {next_start(SeasonEvery.MONTH, moment, "UTC") for moment in (before, after)}
        config = await bot.store.get_guild_settings(guild.id)
        assert config.season_schedule == SeasonSchedule(
            SeasonEvery.MONTH, news.id, first, "UTC", notice_at(first, after)
        )
        shown = lines_of(await boss.slash("tonk", "config", "show"))
        assert re.search(
            rf"· no season started, and a new season starts by itself on day 1 of every "
            rf"month at 00:00 \(UTC time\), announced in <#{news.id}>: the next {WHEN}$",
            shown[0],
        )

        # Not yet due: nothing starts. Due (the clock looks once a minute): season 1.
        clock = season_clock(bot)
        await clock.tick(first - 1)
        # A day before, the channel read the board so far (see the last test), unless
        # the schedule was set within that day (as on the last day of a month).
        told = 0 if notice_at(first, after) is None else 1
        assert [m.content[:1] for m in fake.messages_in(news)] == ["⏳"] * told
        await clock.tick(first + 20)
        assert len(fake.messages_in(news)) == told + 1
        announced = fake.messages_in(news)[-1]
        second = next_start(SeasonEvery.MONTH, first + 20, "UTC")
        lines = announced.content.splitlines()
        assert re.fullmatch(
            r"\*\*Season 1 starts now\*\*, as on day 1 of every month: </tonk "
            r"leaderboard:\d+> and stats count this season's hands from here \(with period "
            r"all time, every hand, as before\)\. The next season starts "
            rf"<t:{int(second)}:f>\.",
            lines[0],
        )
        assert lines[1:] == [
            "The board before the first season:",
            "1. **bob**: +2 chips · 2 won of 3 (67%)",
            "2. **ann**: −2 chips · 1 won of 3 (33%)",
        ]
        config = await bot.store.get_guild_settings(guild.id)
        assert config.season == Season(1, first + 20)
        assert config.season_schedule == SeasonSchedule(
            SeasonEvery.MONTH, news.id, second, "UTC", second - DAY
        )
        await clock.tick(first + 80)
        assert len(fake.messages_in(news)) == told + 1
        board = lines_of(await ann.slash("tonk", "leaderboard"))
        assert board[0] == (
            f"**Leaderboard: chips, season 1** (since <t:{int(first + 20)}:D>, the next starts "
            f"<t:{int(second)}:R>, page 1)"
        )

        # A month without a finished hand: season 1 goes on, and the schedule moves on.
        await clock.tick(second + 20)
        assert len(fake.messages_in(news)) == told + 1
        config = await bot.store.get_guild_settings(guild.id)
        assert config.season == Season(1, first + 20)
        assert config.season_schedule is not None
        assert config.season_schedule.next_at == next_start(SeasonEvery.MONTH, second + 20, "UTC")

        stopped = await boss.slash("tonk", "config", "season", every="off")
        assert not stopped.ephemeral
        assert re.fullmatch(
            r"Seasons no longer start by themselves: a member with Manage Server starts one "
            r"with </tonk config season:\d+>\.",
            lines_of(stopped)[0],
        )
        assert (await bot.store.get_guild_settings(guild.id)).season_schedule is None
        with_channel = await boss.slash("tonk", "config", "season", every="off", channel=news)
        assert with_channel.ephemeral and lines_of(with_channel) == lines_of(alone)


async def test_a_season_due_while_the_bot_was_down_starts_and_is_announced_when_it_is_back(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The schedule was due a week ago: the running clock starts the season as soon as the
    bot is back, once, announced in the channel of the command, in the server's language."""
    fake = fake_discord
    guild, _ann, _bob = casino(fake)
    tonk = guild.channel("tonk")
    was_due = time.time() - 7 * 86_400
    async with await Store.open(f"sqlite+aiosqlite:///{sqlite_store}") as store:
        schedule = SeasonSchedule(SeasonEvery.WEEK, tonk.id, was_due)
        await store.update_guild_settings(guild.id, locale="ro", season_schedule=schedule)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        announced = await fake.wait_for(
            lambda: fake.latest(channel=tonk, contains="Sezonul 1"), what="season 1"
        )
        assert announced.content.startswith(
            "**Sezonul 1 începe acum**, ca în fiecare luni: </tonk leaderboard:"
        )
        assert bot.store is not None
        config = await bot.store.get_guild_settings(guild.id)
        assert config.season is not None and config.season.started_at > was_due
        started = config.season.started_at
        following = next_start(SeasonEvery.WEEK, started, "UTC")
        # The notice a day before the next start; none on a Sunday (UTC), the next start
        # then being less than a day away.
        assert config.season_schedule == SeasonSchedule(
            SeasonEvery.WEEK, tonk.id, following, "UTC", notice_at(following, started)
        )
        assert announced.content.endswith(
            f"Următorul sezon începe pe <t:{int(config.season_schedule.next_at)}:f>."
        )
        assert [m.content.startswith("**Sezonul") for m in fake.messages_in(tonk)] == [True]


async def test_a_channel_where_the_bot_cannot_post_is_refused_and_a_thread_announces_in_its_channel(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Seasons announced where the bot cannot send messages would go unseen: refused, naming
    the permission, the schedule unchanged. Run in a thread (a table's, archived when the
    table closes), the command announces in the thread's channel."""
    fake = fake_discord
    guild, _ann, _bob = casino(fake)
    boss = manager(fake, guild)
    news = fake.add_text_channel(guild, "news")
    tonk = guild.channel("tonk")
    await fake.deny(news, fake.bot_user.id, discord.Permissions(send_messages=True))
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        refused = await boss.slash("tonk", "config", "season", every="weekly", channel=news)
        assert refused.ephemeral
        assert lines_of(refused) == [
            f"I cannot announce seasons in <#{news.id}> without Send Messages there: a member "
            "with Manage Server or Manage Channels can allow me that in the channel's "
            "settings, or choose another channel."
        ]
        assert (await bot.store.get_guild_settings(guild.id)).season_schedule is None

        thread = fake.add_thread(tonk, "a table")
        boss.channel = thread
        await boss.slash("tonk", "config", "season", every="weekly")
        config = await bot.store.get_guild_settings(guild.id)
        assert config.season_schedule is not None
        assert config.season_schedule.channel_id == tonk.id


async def test_seasons_start_at_midnight_in_the_time_zone_chosen_from_the_list(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Typing a city lists the time zones that hold it, those with a part that starts with
    it first; the schedule then starts at midnight there, and a new ``every:`` without a
    time zone keeps it. A name that is no time zone is refused, changing nothing; so is a
    time zone without ``every:``."""
    fake = fake_discord
    guild, _ann, _bob = casino(fake)
    boss = manager(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        offered = await boss.autocomplete(
            "tonk", "config", "season", focused="time_zone", every="weekly", time_zone="teh"
        )
        assert [choice["value"] for choice in offered] == ["Asia/Tehran", "America/Whitehorse"]
        offered = await boss.autocomplete(
            "tonk", "config", "season", focused="time_zone", every="weekly", time_zone="ho chi"
        )
        assert [choice["value"] for choice in offered] == ["Asia/Ho_Chi_Minh"]
        many = await boss.autocomplete(
            "tonk", "config", "season", focused="time_zone", every="weekly", time_zone="a"
        )
        assert len(many) == 25

        unknown = await boss.slash(
            "tonk", "config", "season", every="weekly", time_zone="Mars/Olympus"
        )
        assert unknown.ephemeral
        assert lines_of(unknown) == [
            "That is not a time zone I know: start typing a city (Bucharest, Tehran, Ho Chi "
            "Minh) and choose one from the list."
        ]
        alone = await boss.slash("tonk", "config", "season", time_zone="Asia/Tehran")
        assert alone.ephemeral and lines_of(alone)[0].startswith("channel:, time_zone:, day:, ")
        assert (await bot.store.get_guild_settings(guild.id)).season_schedule is None

        before = time.time()
        said = lines_of(
            await boss.slash("tonk", "config", "season", every="weekly", time_zone="Asia/Tehran")
        )[0]
        assert "every Monday at 00:00 (Asia/Tehran time)" in said
        schedule = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert schedule is not None and schedule.time_zone == "Asia/Tehran"
        assert schedule.next_at in {
            next_start(SeasonEvery.WEEK, moment, "Asia/Tehran") for moment in (before, time.time())
        }
        assert (
            datetime.fromtimestamp(schedule.next_at, ZoneInfo("Asia/Tehran")).strftime("%a %H:%M")
            == "Mon 00:00"
        )

        await boss.slash("tonk", "config", "season", every="monthly")
        kept = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert kept is not None and (kept.every, kept.time_zone) == (
            SeasonEvery.MONTH,
            "Asia/Tehran",
        )
        assert (
            datetime.fromtimestamp(kept.next_at, ZoneInfo("Asia/Tehran")).strftime("%d %H:%M")
            == "01 00:00"
        )


async def test_a_day_before_a_season_starts_by_itself_its_channel_reads_the_board_so_far(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """A day before the start the clock posts, once, that the season ends (before the
    first season: that it starts), the top of the board so far, and who gets the champion
    role. A season nobody has finished a hand in does not end, so it is not told until
    someone has."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = manager(fake, guild)
    news = fake.add_text_channel(guild, "news")
    champion = fake.add_role(guild, "Champion", discord.Permissions.none())
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        await play_three(bot, guild, ann, bob)
        start = time.time() + 10 * DAY
        schedule = SeasonSchedule(SeasonEvery.MONTH, news.id, start, "UTC", start - DAY)
        await bot.store.update_guild_settings(
            guild.id, season_schedule=schedule, champion_role=champion.id
        )
        clock = season_clock(bot)
        await clock.tick(start - DAY - 1)
        assert fake.messages_in(news) == []
        await clock.tick(start - DAY + 10)
        (notice,) = fake.messages_in(news)
        lines = notice.content.splitlines()
        assert lines[0] == (
            f"⏳ **The first season starts <t:{int(start)}:R>** (<t:{int(start)}:f>). The "
            "board so far, of all time:"
        )
        assert lines[1:3] == [
            "1. **bob**: +2 chips · 2 won of 3 (67%)",
            "2. **ann**: −2 chips · 1 won of 3 (33%)",
        ]
        assert re.fullmatch(
            r"A hand finished before then still counts: </tonk leaderboard:\d+> shows the "
            r"whole board\.",
            lines[3],
        )
        assert lines[4:] == [f"👑 Whoever leads then gets <@&{champion.id}>."]
        await clock.tick(start - DAY + 70)
        assert len(fake.messages_in(news)) == 1

        # Season 1, started by a manager, has no finished hand when it was due: it goes
        # on, and a day before the next start nothing is said until a hand finishes.
        await boss.slash("tonk", "config", "season")
        await clock.tick(start + 20)
        following = next_start(SeasonEvery.MONTH, start + 20, "UTC")
        await clock.tick(following - DAY + 10)
        assert len(fake.messages_in(news)) == 1
        tonk = guild.channel("tonk").id
        await record(bot, guild.id, tonk, 4, (ann.id, ann.name), (bob.id, bob.name))
        await clock.tick(following - DAY + 70)
        assert len(fake.messages_in(news)) == 2
        lines = fake.messages_in(news)[-1].content.splitlines()
        assert lines[:3] == [
            f"⏳ **Season 1 ends <t:{int(following)}:R>** (<t:{int(following)}:f>), as season "
            "2 starts. The board so far:",
            "1. **ann**: +2 chips · 1 won of 1 (100%)",
            "2. **bob**: −2 chips · 0 won of 1 (0%)",
        ]


async def test_the_seasons_offered_give_their_days_in_the_schedules_time_zone(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Typing ``season:`` offers each season with its days: in UTC without a schedule; in
    the schedule's time zone with one, where its seasons start at midnight (Tehran's
    Monday 00:00 is Sunday 20:30 UTC)."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    tonk = guild.channel("tonk")
    first = datetime(2026, 11, 30, 20, 30, tzinfo=ZoneInfo("UTC")).timestamp()
    second = first + 6 * DAY
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        await ann.slash("tonk", "new")
        await bot.store.start_season(guild.id, now=first)
        await record(bot, guild.id, tonk.id, 1, (ann.id, ann.name), (bob.id, bob.name))
        await bot.store.start_season(guild.id, now=second)
        in_utc = await ann.autocomplete("tonk", "leaderboard", focused="season", season="")
        assert [choice["name"] for choice in in_utc] == [
            "Season 2 (since Dec 6, 2026)",
            "Season 1 (Nov 30, 2026 to Dec 6, 2026)",
        ]
        tehran = SeasonSchedule(SeasonEvery.WEEK, tonk.id, second + 7 * DAY, "Asia/Tehran")
        await bot.store.update_guild_settings(guild.id, season_schedule=tehran)
        in_tehran = await ann.autocomplete("tonk", "stats", focused="season", season="")
        assert [choice["name"] for choice in in_tehran] == [
            "Season 2 (since Dec 7, 2026)",
            "Season 1 (Dec 1, 2026 to Dec 7, 2026)",
        ]


async def test_seasons_start_on_the_day_and_at_the_hour_a_manager_chooses(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``day:`` lists the weekdays in the member's language for a weekly schedule, the days
    1 to 28 for a monthly one; ``hour:`` sets the hour. A later ``every:`` keeps the hour,
    and the day if it is still a day of the same kind. A day that is not one is refused,
    changing nothing, and so are a day or an hour without ``every:``."""
    fake = fake_discord
    guild, _ann, _bob = casino(fake)
    boss = manager(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        offered = await boss.autocomplete(
            "tonk", "config", "season", focused="day", every="weekly", day="fr"
        )
        assert offered == [{"name": "Friday", "value": "friday"}]
        boss.user.locale = "ro"
        romanian = await boss.autocomplete(
            "tonk", "config", "season", focused="day", every="weekly", day="vin"
        )
        assert romanian == [{"name": "vineri", "value": "friday"}]
        boss.user.locale = "en-US"
        days = await boss.autocomplete(
            "tonk", "config", "season", focused="day", every="monthly", day="2"
        )
        assert [choice["value"] for choice in days] == ["2", "12", "20", *map(str, range(21, 29))]

        refusals = [
            await boss.slash("tonk", "config", "season", every="monthly", day="30"),
            await boss.slash("tonk", "config", "season", every="weekly", day="someday"),
            await boss.slash("tonk", "config", "season", hour=20),
        ]
        assert [lines_of(refused)[0] for refused in refusals] == [
            "A monthly season starts on a day from 1 to 28, which every month has: choose one "
            "from the list.",
            "A weekly season starts on a day of the week: choose one from the list.",
            "channel:, time_zone:, day:, hour: and notice: say where and when the seasons that "
            "start by themselves start: choose every week or every month with them.",
        ]
        assert all(refused.ephemeral for refused in refusals)
        assert (await bot.store.get_guild_settings(guild.id)).season_schedule is None

        said = lines_of(
            await boss.slash(
                "tonk",
                "config",
                "season",
                every="weekly",
                day="friday",
                hour=20,
                time_zone="Asia/Tehran",
            )
        )[0]
        assert said.startswith(
            "From now on a new season starts by itself every Friday at 20:00 (Asia/Tehran "
            "time), announced in "
        )
        schedule = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert schedule is not None and (schedule.day, schedule.hour) == (4, 20)
        assert (
            datetime.fromtimestamp(schedule.next_at, ZoneInfo("Asia/Tehran")).strftime("%a %H:%M")
            == "Fri 20:00"
        )
        await boss.slash("tonk", "config", "season", every="weekly")
        kept = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert kept is not None and (kept.day, kept.hour, kept.time_zone) == (4, 20, "Asia/Tehran")
        monthly = lines_of(await boss.slash("tonk", "config", "season", every="monthly"))[0]
        assert "on day 1 of every month at 20:00 (Asia/Tehran time)" in monthly
        fifteenth = lines_of(
            await boss.slash("tonk", "config", "season", every="monthly", day="15", hour=0)
        )[0]
        assert "on day 15 of every month at 00:00 (Asia/Tehran time)" in fifteenth


async def test_a_manager_turns_the_notice_before_each_start_off_and_on(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``notice:False``: the reply no longer promises the notice, none is due, and a later
    ``every:`` keeps it off; ``notice:True`` turns it on again."""
    fake = fake_discord
    guild, _ann, _bob = casino(fake)
    boss = manager(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        assert bot.store is not None
        quiet_reply = lines_of(
            await boss.slash("tonk", "config", "season", every="weekly", notice=False)
        )[0]
        tonk = guild.channel("tonk")
        assert re.fullmatch(
            r"From now on a new season starts by itself every Monday at 00:00 \(UTC time\), "
            rf"announced in <#{tonk.id}>: the next {WHEN}, with no notice the day before\. A "
            r"season in which no hand has finished goes on until the start after\.",
            quiet_reply,
        )
        shown = lines_of(await boss.slash("tonk", "config", "show"))
        assert shown[0].endswith(":R>), with no notice the day before")
        schedule = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert schedule is not None and not schedule.notices and schedule.notice_at is None
        assert await bot.store.due_season_notices(schedule.next_at - 1) == []
        await boss.slash("tonk", "config", "season", every="monthly")
        kept = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert kept is not None and not kept.notices
        loud = lines_of(await boss.slash("tonk", "config", "season", every="monthly", notice=True))
        assert "A day before each start, that channel reads the board so far." in loud[0]
        back = (await bot.store.get_guild_settings(guild.id)).season_schedule
        assert back is not None and back.notices
