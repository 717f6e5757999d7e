"""``/tonk replay`` through the fake Discord: a finished hand played again, privately."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import NamedTuple

import pytest

from bot.scenario import run_scenario
from bot.store import Ending, HandResult, PlayerResult
from tests.cogs.helpers import (
    FAST,
    button_labels,
    clock,
    db_bot,
    make_bot,
    menu_options,
    play_a_tonk,
    quiet,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, FakeGuild, SimulatedMember, StoredMessage, run_bot
from tests.postgres import MigratedDatabases, PostgresServer


class Casino(NamedTuple):
    """A server with a #tonk channel, and three of its members."""

    guild: FakeGuild
    ann: SimulatedMember
    bob: SimulatedMember
    cat: SimulatedMember


def casino(fake: FakeDiscord) -> Casino:
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann, bob, cat = (fake.add_member(guild, name) for name in ("ann", "bob", "cat"))
    return Casino(guild, ann, bob, cat)


async def test_a_finished_hand_is_replayed_privately_move_by_move_even_after_a_restart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild, ann, bob, cat = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_a_tonk(fake, bot, ann, bob)
        asked = await cat.slash("tonk", "replay")  # cat did not play: a replay is for anyone
        assert asked.ephemeral and asked.message is not None
        page: StoredMessage = asked.message
        assert "Replay · hand 1 · Standard (P1)" in page.text()
        assert "The deal, by ann: 7 moves follow." in page.text()
        assert "**ann** (dealer): 8♣ K♣ 2♦ Q♦ 9♠ (count 39)" in page.text()
        assert "▶ **bob**: 7♦ 4♥ 5♥ 6♥ 7♠ (count 29)" in page.text()
        assert button_labels(page) == {
            "Deal": False,
            "Back": False,
            "Next": True,
            "End": True,
            "Scenario file": True,
        }

        await cat.click(page, "Next")
        assert "Move 1 of 7: bob drew 3♣ from the stock." in page.text()  # hidden at the table
        await cat.click(page, "End")
        assert "Move 7 of 7: bob spread 7♣ 7♦ 7♠." in page.text()
        assert "bob went out without a discard: tonk! Paid ×2." in page.text()
        assert "ann −2 · bob +2" in page.text()
        assert button_labels(page) == {
            "Deal": True,
            "Back": True,
            "Next": False,
            "End": False,
            "Scenario file": True,
        }
        assert not ann.has_seen("drew 3♣") and not bob.has_seen("drew 3♣")  # cat's alone
        table_id = table_in(bot, guild.channel("tonk")).id

    async with run_bot(fake, db_bot(sqlite_store)):
        await cat.click(page, "Back")  # the buttons hold all they need
        assert "Move 6 of 7: bob spread 4♥ 5♥ 6♥." in page.text()
        await cat.click(page, "Deal")
        assert "The deal, by ann" in page.text()
        choices = await bob.autocomplete("tonk", "replay", focused="hand", hand="tonk")
        assert [(c["name"], c["value"]) for c in choices] == [
            (
                f"Hand 1 · table {table_id} · a tonk (out without a discard) · won by bob",
                f"{table_id}:1",
            )
        ]
        by_number = await bob.slash("tonk", "replay", hand="1")
        assert by_number.message is not None and "Replay · hand 1" in by_number.message.text()


async def test_replay_under_a_finished_hand_shows_it_privately_to_whoever_clicks(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The finished hand's table message offers Replay while the next hand waits, and keeps
    it (its only button) once the next is dealt, after a restart too; the table message
    itself is not changed by a click."""
    fake = fake_discord
    guild, ann, bob, cat = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        finished = await play_a_tonk(fake, bot, ann, bob)
        assert button_labels(finished) == {"Next hand": True, "Replay": True}
        shown = finished.text()
        watched = await cat.click(finished, "Replay")
        assert watched.ephemeral and watched.message is not None
        page = watched.message
        assert page is not finished and finished.text() == shown
        assert "Replay · hand 1 · Standard (P1)" in page.text()
        assert "The deal, by ann: 7 moves follow." in page.text()
        await cat.click(page, "End")
        assert "bob went out without a discard: tonk! Paid ×2." in page.text()
        assert not ann.has_seen("Replay · hand 1") and not bob.has_seen("Replay · hand 1")

        await ann.click(finished, "Next hand")
        await quiet(fake, bot)
        assert button_labels(finished) == {"Replay": True}
        assert "bob went out without a discard" in finished.text()
        dealt = table_message(fake, bot, guild.channel("tonk"))
        assert dealt.id != finished.id and "Replay" not in button_labels(dealt)

    async with run_bot(fake, db_bot(sqlite_store)):
        again = await bob.click(finished, "Replay")
        assert again.ephemeral and again.message is not None
        assert "Replay · hand 1 · Standard (P1)" in again.message.text()


async def test_a_replay_click_that_reaches_the_bot_after_discord_gave_up_on_it_shows_nothing(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Replay is one of discord.py's dynamic items, which discord.py runs itself: a click
    on it that reaches the bot after Discord's three seconds (Discord showed cat that it
    failed) runs nothing either, and nothing is logged as an error; cat's next click, in
    time, shows the replay."""
    fake = fake_discord
    _guild, ann, bob, cat = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        finished = await play_a_tonk(fake, bot, ann, bob)
        fake.answer_window = 3.0
        with caplog.at_level(logging.WARNING):
            late = await cat.click(finished, "Replay", delivered_after=3.2)
            await quiet(fake, bot)
        assert late.failed and not cat.has_seen("Replay · hand 1")
        watched = await cat.click(finished, "Replay")
        assert watched.message is not None and "Replay · hand 1" in watched.message.text()
    assert [r for r in caplog.records if "too late for Discord" in r.getMessage()]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_replay_the_database_cannot_read_is_said_in_words(
    fake_discord: FakeDiscord,
    postgres_server: PostgresServer,
    migrated_postgres: MigratedDatabases,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """An error under a dynamic item goes through the bot's one error path, as one under a
    table button does: with the PostgreSQL server down, cat's Replay is answered that the
    database is busy or unreachable (a warning, not an error); once it is back, the same
    button replays the hand."""
    fake = fake_discord
    _guild, ann, bob, cat = casino(fake)
    async with run_bot(fake, make_bot(database_url=migrated_postgres.take())) as bot:
        finished = await play_a_tonk(fake, bot, ann, bob)
        await quiet(fake, bot)  # the table's own writes are done before the server stops
        postgres_server.pause()
        try:
            with caplog.at_level(logging.WARNING):
                refused = await cat.click(finished, "Replay")
        finally:
            postgres_server.resume()
        watched = await cat.click(finished, "Replay")
    assert refused.ephemeral and refused.content == (
        "I could not look that up just now (the database is busy or unreachable), so nothing "
        "changed. Please try again in a moment."
    )
    assert watched.message is not None and "Replay · hand 1" in watched.message.text()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_hand_picked_under_the_history_is_replayed_privately(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """``/tonk history`` lists the channel's hands with a menu of them: the hand picked is
    replayed to whoever picked it, and the history page stays as it was."""
    fake = fake_discord
    guild, ann, bob, cat = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_a_tonk(fake, bot, ann, bob)
        table_id = table_in(bot, guild.channel("tonk")).id
        listed = await cat.slash("tonk", "history")
        assert listed.message is not None
        history = listed.message
        assert [(o["label"], o["value"]) for o in menu_options(history)] == [
            (
                f"Hand 1 · table {table_id} · a tonk (out without a discard) · won by bob",
                f"{table_id}:1",
            )
        ]
        shown = history.text()
        picked = await cat.select(history, "Replay a hand…", [f"{table_id}:1"])
        assert picked.ephemeral and picked.message is not None
        assert picked.message is not history and history.text() == shown
        assert "Replay · hand 1 · Standard (P1)" in picked.message.text()
        await cat.click(picked.message, "Next")
        assert "Move 1 of 7: bob drew 3♣ from the stock." in picked.message.text()


async def test_a_hand_dealt_by_the_timer_leaves_replay_on_the_finished_hands_message(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """When nobody clicks Next hand, the next hand deals after its delay: the finished
    hand's message is left with its result and Replay, and the new table message has none."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann, bob = fake.add_member(guild, "ann"), fake.add_member(guild, "bob")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        finished = await play_a_tonk(fake, bot, ann, bob)
        clock(bot).advance(FAST.next_hand_delay + 1)
        await fake.wait_for(lambda: table_message(fake, bot, guild.channel("tonk")) != finished)
        await quiet(fake, bot)
        assert button_labels(finished) == {"Replay": True}
        assert "bob went out without a discard" in finished.text()
        assert "Replay" not in button_labels(table_message(fake, bot, guild.channel("tonk")))
        watched = await ann.click(finished, "Replay")
        assert watched.message is not None and "Replay · hand 1" in watched.message.text()


async def test_without_a_database_a_finished_hand_offers_no_replay(
    fake_discord: FakeDiscord,
) -> None:
    """Replays read the hands' records: a bot without a database shows no Replay."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann, bob = fake.add_member(guild, "ann"), fake.add_member(guild, "bob")
    async with run_bot(fake, make_bot()) as bot:
        finished = await play_a_tonk(fake, bot, ann, bob)
        assert button_labels(finished) == {"Next hand": True}
        await ann.click(finished, "Next hand")
        await quiet(fake, bot)
        assert button_labels(finished) == {}


async def test_a_replayed_hand_comes_as_a_scenario_file_that_plays_to_the_same_end(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """**Scenario file** under a replay sends the hand privately as ``tonk scenario``'s
    input; played by the real scenario runner it ends as the table's hand did."""
    fake = fake_discord
    guild, ann, bob, cat = casino(fake)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await play_a_tonk(fake, bot, ann, bob)
        table_id = table_in(bot, guild.channel("tonk")).id
        asked = await cat.slash("tonk", "replay")
        assert asked.message is not None
        sent = await cat.click(asked.message, "Scenario file")
        assert sent.ephemeral and sent.message is not None and sent.message is not asked.message
        name = f"tonk-table-{table_id}-hand-1.json"
        assert sent.content == (
            f"Hand 1 as a scripted hand: `tonk scenario {name}` plays it again, move by move, "
            "to the same end."
        )
        (attached,) = sent.message.attachments
        assert attached.filename == name
        scenario = json.loads(attached.data)
        assert (scenario["players"], scenario["dealer"]) == (["ann", "bob"], "ann")
        status, out = run_scenario(scenario)
        assert status == 0
        assert (out["ending"], out["winners"], out["payouts"]) == (
            "tonk_out",
            ["bob"],
            {"ann": -2, "bob": 2},
        )
        assert not ann.has_seen(name) and not bob.has_seen(name)  # cat's alone


async def test_a_replay_is_refused_in_words_where_there_is_none_to_show(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk", "lounge"])
    ann = fake.add_member(guild, "ann")
    bob = fake.add_member(guild, "bob")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        none = await ann.slash("tonk", "replay")
        assert none.ephemeral and "No hand has been finished in this channel yet" in none.content

        await ann.slash("tonk", "new")
        tonk = guild.channel("tonk")
        table_id = table_in(bot, tonk).id
        assert bot.store is not None
        await bot.store.record_hand(  # as the release before replays recorded a hand: no deal
            HandResult(
                guild_id=guild.id,
                channel_id=tonk.id,
                table_id=table_id,
                hand_number=1,
                preset="standard",
                seed=1,
                ending=Ending.TONK_OUT,
                players=[
                    PlayerResult(ann.id, "ann", 2, 0, True, Ending.TONK_OUT),
                    PlayerResult(bob.id, "bob", -2, 30, False, Ending.TONK_OUT),
                ],
            )
        )
        old = await ann.slash("tonk", "replay")
        assert "Hand 1 was finished before the bot kept what replays need" in old.content

        elsewhere = await ann.invoke_slash(
            "tonk", ["replay"], {"hand": f"{table_id}:1"}, channel=guild.channel("lounge")
        )
        assert "That is not a finished hand of this channel" in elsewhere.content
        unknown = await ann.slash("tonk", "replay", hand="7")
        assert "That is not a finished hand of this channel" in unknown.content

        with sqlite3.connect(sqlite_store) as database:
            database.execute("UPDATE hand SET action_log_json = '[{not JSON'")
        broken = await ann.slash("tonk", "replay")
        assert broken.content == "Hand 1's record cannot be played back."
