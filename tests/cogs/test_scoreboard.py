"""Leaderboards, stats, history, server settings and ``me forget`` through the fake Discord."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import discord
import pytest

from bot.client import TonkBot
from bot.store import Ending, HandResult, PlayerResult
from tests.cogs.helpers import (
    db_bot,
    menu_options,
    my_hand,
    open_table,
    play_a_tonk,
    play_cards,
    quiet,
    stack_table,
    table_in,
)
from tests.fakediscord import (
    FakeDiscord,
    FakeDiscordError,
    FakeGuild,
    SimulatedMember,
    StoredMessage,
    run_bot,
)


async def record(
    bot: TonkBot,
    guild_id: int,
    channel_id: int,
    number: int,
    winner: tuple[int, str],
    loser: tuple[int, str],
    how: Ending = Ending.TONK_OUT,
) -> None:
    """A finished two-player hand of table 1: the winner takes 2 (by a tonk unless ``how``
    says otherwise)."""
    assert bot.store is not None
    table = await bot.store.get_open_table(channel_id)
    table_id = table.id if table else 0
    await bot.store.record_hand(
        HandResult(
            guild_id=guild_id,
            channel_id=channel_id,
            table_id=table_id,
            hand_number=number,
            preset="standard",
            seed=number,
            ending=how,
            players=[
                PlayerResult(winner[0], winner[1], 2, 0, True, how),
                PlayerResult(loser[0], loser[1], -2, 30, False, how),
            ],
        )
    )


async def record_pairs(bot: TonkBot, guild_id: int, channel_id: int, hands: int) -> None:
    """Hands 1 to ``hands``, each between two players of its own: ``w<number>`` wins it
    from ``l`` (two players per hand, none in two hands)."""
    for number in range(1, hands + 1):
        winner, loser = 100 + 2 * number, 101 + 2 * number
        await record(bot, guild_id, channel_id, number, (winner, f"w{number}"), (loser, "l"))


def casino(fake: FakeDiscord) -> tuple[FakeGuild, SimulatedMember, SimulatedMember]:
    """A server with a channel #tonk, and its members ann and bob."""
    guild = fake.add_guild("Casino", channels=["tonk"])
    return guild, fake.add_member(guild, "ann"), fake.add_member(guild, "bob")


def manager(fake: FakeDiscord, guild: FakeGuild) -> SimulatedMember:
    """boss, a member of ``guild`` with Manage Server."""
    return fake.add_member(guild, "boss", permissions=discord.Permissions(manage_guild=True))


async def play_three(
    bot: TonkBot, guild: FakeGuild, ann: SimulatedMember, bob: SimulatedMember
) -> None:
    """``/tonk new`` by ann, then three recorded hands: bob wins the first and the third
    from ann, ann the second from bob."""
    await ann.slash("tonk", "new")
    channel = guild.channel("tonk").id
    for number, winner, loser in ((1, bob, ann), (2, ann, bob), (3, bob, ann)):
        await record(
            bot, guild.id, channel, number, (winner.id, winner.name), (loser.id, loser.name)
        )


async def test_the_leaderboard_pages_by_ten_and_keeps_servers_apart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    casino = fake.add_guild("Casino", channels=["tonk"])
    other = fake.add_guild("Other", channels=["tonk"])
    ann = fake.add_member(casino, "ann")
    zed = fake.add_member(other, "zed")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await ann.slash("tonk", "new")
        channel = casino.channel("tonk").id
        await record_pairs(bot, casino.id, channel, 6)
        board = await ann.slash("tonk", "leaderboard")
        assert board.message is not None
        page = board.message
        assert "(page 1)" in page.text() and page.text().count("chips ·") == 10
        assert "1. **w1**: +2 chips" in page.text()
        await ann.click(page, "Next")
        assert "(page 2)" in page.text() and "11. **l**" in page.text()
        assert page.text().count("chips ·") == 2
        with pytest.raises(FakeDiscordError):
            await ann.click(page, "Next")  # the last page: Next is disabled
        await ann.click(page, "Prev")
        assert "(page 1)" in page.text() and "1. **w1**: +2 chips" in page.text()

        elsewhere = await zed.slash("tonk", "leaderboard", by="wins")
        assert elsewhere.message is not None
        assert "No hands have been finished" in elsewhere.message.text()


async def test_the_leaderboard_of_a_period_counts_its_hands_and_pages_after_a_restart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``period:week`` ranks only the last 7 days' hands; its Prev and Next carry the period
    in their custom ids and still turn its pages once the bot has restarted; a period the
    client did not offer is refused in words."""
    fake = fake_discord
    casino = fake.add_guild("Casino", channels=["tonk"])
    ann = fake.add_member(casino, "ann")
    database = sqlite_store
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await ann.slash("tonk", "new")
        channel = casino.channel("tonk").id
        await record_pairs(bot, casino.id, channel, 7)
    with sqlite3.connect(database) as raw:  # hand 1 was played 8 days ago
        raw.execute("UPDATE hand SET finished_at = finished_at - 8 * 86400 WHERE hand_number = 1")
    async with run_bot(fake, db_bot(sqlite_store)):
        alltime = await ann.slash("tonk", "leaderboard")
        assert alltime.message is not None and "1. **w1**: +2 chips" in alltime.message.text()
        board = await ann.slash("tonk", "leaderboard", period="week")
        assert board.message is not None
        page = board.message
        lines = page.content.splitlines()
        assert lines[0] == "**Leaderboard: chips, last 7 days** (page 1)"
        assert lines[1] == "1. **w2**: +2 chips · 1 won of 1 (100%)"
        assert "**w1**" not in page.content and len(lines) == 11
        assert [button["custom_id"] for button in page.buttons()] == [
            "tonk:lb:chips:week:0:prev",
            "tonk:lb:chips:week:0:next",
        ]
    async with run_bot(fake, db_bot(sqlite_store)):
        await ann.click(page, "Next")
        assert page.content.splitlines() == [
            "**Leaderboard: chips, last 7 days** (page 2)",
            "11. **l**: −2 chips · 0 won of 1 (0%)",
            "12. **l**: −2 chips · 0 won of 1 (0%)",
        ]
        await ann.click(page, "Prev")
        assert page.content.splitlines() == lines
        refused = await ann.forge_slash("tonk", "leaderboard", period="year")
        assert refused.ephemeral
        assert (
            refused.content
            == "The leaderboard counts the hands of one of all, week, month, season."
        )
        quiet = await ann.slash("tonk", "leaderboard", by="wins", period="month")
        assert quiet.message is not None
        assert quiet.message.content.startswith("**Leaderboard: wins, last 30 days** (page 1)\n")


async def test_the_tonks_board_ranks_wins_by_a_tonk_and_turns_its_pages_after_a_restart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``by:tonks`` ranks by hands won going out without a discard (a winning drop is none),
    counted in the plural each number needs; its Next names the order, so it turns the tonks
    board's page after a restart."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await ann.slash("tonk", "new")
        channel = guild.channel("tonk").id
        await record_pairs(bot, guild.id, channel, 10)
        for number, winner, loser, how in (
            (11, bob, ann, Ending.TONK_OUT),
            (12, bob, ann, Ending.TONK_OUT),
            (13, ann, bob, Ending.DROP_WON),
        ):
            pair = (winner.id, winner.name), (loser.id, loser.name)
            await record(bot, guild.id, channel, number, *pair, how=how)
        board = await ann.slash("tonk", "leaderboard", by="tonks")
        assert board.message is not None
        page = board.message
        lines = page.content.splitlines()
        assert lines[:3] == [
            "**Leaderboard: tonks** (page 1)",
            "1. **bob**: 2 tonks · 2 won of 3 · +2 chips",
            "2. **w1**: 1 tonk · 1 won of 1 · +2 chips",
        ]
        assert len(lines) == 11
        next_id = page.buttons()[1]["custom_id"]
        assert next_id.startswith("tonk:lb:tonks:0:next:")
    async with run_bot(fake, db_bot(sqlite_store)):
        await ann.click(page, "Next")
        assert page.content.splitlines()[:3] == [
            "**Leaderboard: tonks** (page 2)",
            "11. **w10**: 1 tonk · 1 won of 1 · +2 chips",
            "12. **ann**: 0 tonks · 1 won of 3 · −2 chips",
        ]


async def test_a_push_up_hand_shows_its_points_in_the_history_and_the_stats(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """O42: a push-up hand played through the buttons pays no chips; the history and the
    stats show the points it pushed each player up by (ann's count of 39, doubled by bob's
    tonk), and the scoreboard counts no chips for it."""
    fake = fake_discord
    _, ann, bob = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_a_tonk(fake, bot, ann, bob, preset="push_up")
        history = await ann.slash("tonk", "history")
        assert history.message is not None
        assert (
            history.message.text()
            .splitlines()[1]
            .endswith("· won by bob · ann 78 points against · bob 0 points against")
        )
        stats = await ann.slash("tonk", "stats")
        assert stats.message is not None
        lines = stats.message.text().splitlines()
        assert lines[1].startswith("0 chips · 0 won of 1 (0%)")
        assert lines[-1].endswith("a tonk (out without a discard), 78 points against")


async def test_the_winner_of_a_push_up_match_has_it_counted_in_the_stats(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """H10: with the server's push-up limit at 50, bob's tonk pushes ann up by 78 (O42: her
    count of 39, doubled) and ends the match, which bob wins with the lowest total. His
    stats count the match, of all time and of the week, and keep it after a restart; ann's
    count none; the history says who won the match; the board of push-up matches ranks him
    first."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    boss = fake.add_member(guild, "boss", permissions=discord.Permissions(manage_guild=True))
    won_one = "🏁 Won 1 push-up match."
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        limit = await boss.slash("tonk", "config", "option", option="push_up_limit", value="50")
        assert limit.message is not None and "50" in limit.message.text()
        table = await play_a_tonk(fake, bot, ann, bob, preset="push_up")
        assert "bob wins the push-up match" in table.text()
        for period in ("all", "week"):
            stats = await ann.slash("tonk", "stats", member=bob, period=period)
            assert stats.message is not None
            assert stats.message.text().splitlines()[2] == won_one
        mine = await ann.slash("tonk", "stats")
        assert mine.message is not None and "push-up match" not in mine.message.text()
        history = await ann.slash("tonk", "history")
        assert history.message is not None
        assert (
            history.message.text()
            .splitlines()[1]
            .endswith(
                "· won by bob · ann 78 points against · bob 0 points against · "
                "🏁 bob won the push-up match"
            )
        )
        board = await ann.slash("tonk", "leaderboard", by="matches")
        assert board.message is not None and board.message.content.splitlines() == [
            "**Leaderboard: push-up matches** (page 1)",
            "1. **bob**: 🏁 1 push-up match · 1 won of 1",
            "2. **ann**: 🏁 0 push-up matches · 0 won of 1",
        ]
    async with run_bot(fake, db_bot(sqlite_store)):
        again = await bob.slash("tonk", "stats")
        assert again.message is not None and won_one in again.message.text().splitlines()


async def test_stats_of_a_period_count_only_its_hands(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``/tonk stats period:week`` leaves out a hand ten days old; a member with none in the
    period is told so in words."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_three(bot, guild, ann, bob)
    with sqlite3.connect(sqlite_store) as raw:  # ann's win, 10 days ago
        raw.execute("UPDATE hand SET finished_at = finished_at - 10 * 86400 WHERE hand_number = 2")
    async with run_bot(fake, db_bot(sqlite_store)):
        week = await ann.slash("tonk", "stats", member=ann, period="week")
        assert week.message is not None
        assert week.message.content.splitlines()[:2] == [
            "**ann** · last 7 days · rank 2 by chips",
            "−4 chips · 0 won of 2 (0%) · tonks 0 · drops won 0 · caught 0 · best streak 0 · "
            "biggest win 0",
        ]
        alltime = await ann.slash("tonk", "stats", member=ann)
        assert alltime.message is not None
        assert "−2 chips · 1 won of 3 (33%)" in alltime.message.content
        assert "best streak 1 · biggest win +2" in alltime.message.content
        nothing = await bob.slash(
            "tonk", "stats", member=fake.add_member(guild, "cat"), period="month"
        )
        assert nothing.message is not None
        assert nothing.message.content == (
            "cat has not finished a hand on this server in the last 30 days."
        )


async def test_stats_and_history_show_the_recorded_hands_until_forget_me(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild, ann, bob = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_three(bot, guild, ann, bob)

        stats = await ann.slash("tonk", "stats", member=bob)
        assert stats.message is not None
        assert "**bob** · rank 1 by chips" in stats.message.text()
        assert "+2 chips · 2 won of 3 (67%) · tonks 2" in stats.message.text()
        assert re.search(
            r"Hand 2 \(<t:\d+:R>\): a tonk \(out without a discard\), −2", stats.message.text()
        )

        history = await ann.slash("tonk", "history")
        assert history.message is not None
        lines = history.message.text().splitlines()
        finished = re.fullmatch(  # when, as Discord's relative time: "a few seconds ago"
            r"Hand 3 · <t:(\d+):R> · a tonk \(out without a discard\) · won by bob · "
            r"bob \+2 · ann −2",
            lines[1],
        )
        assert finished is not None and abs(int(finished[1]) - time.time()) < 60

        forgot = await bob.slash("tonk", "me", "forget")
        assert forgot.ephemeral and "3 hands no longer name you" in forgot.message.text()
        gone = await ann.slash("tonk", "stats", member=bob)
        assert gone.message is not None and "has not finished a hand" in gone.message.text()
        history = await ann.slash("tonk", "history")
        assert history.message is not None and "bob" not in history.message.text()
        mine = await ann.slash("tonk", "stats")
        assert mine.message is not None and "1 won of 3" in mine.message.text()


async def test_server_settings_are_kept_and_used_by_tonk_new(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk", "lobby"])
    ann = fake.add_member(guild, "ann")
    boss = manager(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        refused = await ann.slash("tonk", "config", "set", stake=5)
        assert "Manage Server" in refused.message.text()  # type: ignore[union-attr]
        changed = await boss.slash("tonk", "config", "set", stake=5, turn_timeout="off", seats=6)
        assert "stake 5 · 6 seats · turn timer off" in changed.message.text()  # type: ignore[union-attr]
        await boss.invoke_slash(
            "tonk", ["config", "channel"], {"channel": guild.channel("tonk"), "allowed": True}
        )

        await ann.slash("tonk", "new")
        table = table_in(bot, guild.channel("tonk"))
        assert table.stake == 5 and table.turn_timeout is None and table.max_seats == 6
        fewer = await ann.slash("tonk", "new", preset="seven_card_40", thread=True)
        assert fewer.message is not None
        assert table_in(bot, fake.channels[fewer.message.id]).max_seats == 5  # deals to 5
        elsewhere = await ann.invoke_slash("tonk", ["new"], channel=guild.channel("lobby"))
        assert elsewhere.ephemeral
        assert "cannot be opened in this channel" in elsewhere.message.text()  # type: ignore[union-attr]


async def test_server_house_rules_apply_to_new_tables_and_conflicts_are_refused(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Issue 5 §4: default options per server, used by /tonk new; O4 conflict refused."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann = fake.add_member(guild, "ann")
    boss = manager(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        refused = await ann.slash("tonk", "config", "option", option="catch", value="alt5")
        assert "Manage Server" in refused.message.text()  # type: ignore[union-attr]
        set_rule = await boss.slash("tonk", "config", "option", option="catch", value="alt5")
        assert "catch: alt5" in set_rule.message.text()  # type: ignore[union-attr]
        clash = await boss.slash("tonk", "config", "option", option="face_values", value="rank")
        said = clash.message.text()  # type: ignore[union-attr]
        assert "face_values: rank" in said and "instant_win: standard" in said
        await ann.slash("tonk", "new")
        assert table_in(bot, guild.channel("tonk")).rules.catch == "alt5"
        cleared = await boss.slash("tonk", "config", "option", option="catch", value="default")
        assert "house rules none" in cleared.message.text()  # type: ignore[union-attr]


def replay_menu(page: StoredMessage) -> list[str]:
    """The labels of the menu of hands to replay under a history page."""
    return [option["label"] for option in menu_options(page)]


async def test_history_pages_by_ten_with_prev_and_next(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann = fake.add_member(guild, "ann")
    bob = fake.add_member(guild, "bob")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await ann.slash("tonk", "new")
        channel = guild.channel("tonk").id
        for number in range(1, 13):
            await record(bot, guild.id, channel, number, (ann.id, "ann"), (bob.id, "bob"))
        history = await ann.slash("tonk", "history")
        assert history.message is not None
        page = history.message
        assert page.content.count("Hand ") == 10 and "Hand 12 ·" in page.content
        assert replay_menu(page)[0].startswith("Hand 12 · ") and len(replay_menu(page)) == 10
        await ann.click(page, "Next")
        assert page.content.count("Hand ") == 2 and "Hand 2 ·" in page.content
        assert [label.split(" · ")[0] for label in replay_menu(page)] == ["Hand 2", "Hand 1"]
        with pytest.raises(FakeDiscordError):
            await ann.click(page, "Next")  # the last page: Next is disabled
        await ann.click(page, "Prev")
        assert "Hand 12 ·" in page.text()
        second = await bob.slash("tonk", "history", page=2)
        assert second.message is not None and "Hand 1 ·" in second.message.text()


async def test_stats_versus_shows_the_hands_two_members_played_together(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``/tonk stats member versus``: after a tonk through the buttons (bob takes 2 from
    ann), ann's record against bob, right under her totals; nobody against themself."""
    fake = fake_discord
    guild, ann, bob = casino(fake)
    cat = fake.add_member(guild, "cat")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_a_tonk(fake, bot, ann, bob)
        stats = await cat.slash("tonk", "stats", member=ann.user, versus=bob.user)
        assert stats.message is not None and not stats.ephemeral
        lines = stats.message.text().splitlines()
        assert lines[1].startswith("−2 chips · 0 won of 1 (0%)")
        assert lines[2] == (
            "Against **bob**: 1 hand played together · wins: ann 0, bob 1 · chips in it: "
            "ann −2, bob +2"
        )
        assert lines[3] == "Recent hands:"
        apart = await ann.slash("tonk", "stats", versus=cat.user)
        assert apart.message is not None
        assert apart.message.text().splitlines()[2] == "Against **cat**: no hand played together."
        same = await ann.slash("tonk", "stats", versus=ann.user)
        assert same.ephemeral and same.content == "Choose another member to compare ann with."


async def test_a_server_can_keep_hands_with_computer_players_off_its_scoreboard(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``/tonk config set computer_hands:False`` (Manage Server): ann's tonk against a
    computer player (who deals; ann draws 7♣ and goes out with two spreads) is in the
    channel's history but on no board and in no stats."""
    fake = fake_discord
    guild, ann, _ = casino(fake)
    boss = manager(fake, guild)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        off = await boss.slash("tonk", "config", "set", computer_hands=False)
        assert off.message is not None
        assert "hands with a computer player stay off the scoreboard" in off.message.text()
        table = await open_table(ann, [])
        await ann.slash("tonk", "addbot", level="easy")
        await quiet(fake, bot)
        stack_table(
            bot,
            ann.channel,  # type: ignore[arg-type]
            cuts=["2C", "KS"],
            hands={
                "ann": ["4H", "5H", "6H", "7S", "7D"],
                "Easy bot 1": ["KC", "QD", "9S", "8C", "2D"],
            },
            dealer="Easy bot 1",
            upcard="JC",
            stock=["7C"],
        )
        await ann.click(table, "Start")
        await ann.click(table, "Draw")
        panel = await my_hand(ann, table)
        await play_cards(ann, panel, "4♥ 5♥ 6♥", "Spread")
        await play_cards(ann, panel, "7♣ 7♦ 7♠", "Spread")
        await quiet(fake, bot)
        assert "ann went out without a discard" in table.text()

        history = await ann.slash("tonk", "history")
        assert history.message is not None and "Hand 1 ·" in history.message.text()
        board = await ann.slash("tonk", "leaderboard")
        assert board.message is not None and "ann" not in board.message.text()
        stats = await ann.slash("tonk", "stats")
        assert stats.message is not None
        lines = stats.message.text().splitlines()
        assert lines[0] == (
            "**ann** has played only hands with a computer player here, which this server "
            "keeps off its scoreboard."
        )
        assert lines[1] == "Recent hands:"
        assert lines[2].startswith("Hand 1 (") and lines[2].endswith(
            ": a tonk (out without a discard), +2 (with a computer player: not ranked)"
        )
        on = await boss.slash("tonk", "config", "set", computer_hands=True)
        assert on.message is not None
        assert "hands with a computer player count on the scoreboard" in on.message.text()
