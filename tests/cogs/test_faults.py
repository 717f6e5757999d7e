"""Faults on the way from a click to the database, through the real client and the fake
Discord: a locked database (the click is deferred in time, the move lands once the lock is
gone), a click that reaches the bot late (deferred at once), a database server that is down
(said in words, nothing opened), a commit that fails (the player is told, the table is as
last committed, the next click works), a computer player whose move the engine refuses (its
seat still moves), a table message a version behind or that Discord failed to update, and a
panel that outlives its interaction; a setting the locked database could not take."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import TonkBot
from bot.engine.actions import DISCARD, Action
from bot.engine.view import SeatView
from bot.members import DEFAULT_SETTINGS, MemberSettings
from bot.store.writer import SQLiteWriter
from tests.cogs.helpers import (
    FAST,
    button_labels,
    clock,
    make_bot,
    my_hand,
    open_table,
    patch_computer_players,
    play_cards,
    quiet,
    service,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import (
    CONNECTION_CUT,
    RATE_LIMITED,
    FakeDiscord,
    SimulatedMember,
    StoredMessage,
    run_bot,
)
from tests.postgres import MigratedDatabases, PostgresServer

HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}
STOCK = ["7C", "10D", "3C", "9D"]
LOCKED_FOR = 6.0
DISCORD_TRIES = 5
"""How many times discord.py sends a request that Discord fails: an interaction's answer
that meets a 5xx, any request over a rate limit (429)."""


class NoWaits:
    """``asyncio`` as discord.py's webhook requests see it, without the seconds they wait
    between two tries of a request that Discord failed (1 s, 3 s, 5 s, 7 s)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(_delay: float) -> None:
        await asyncio.sleep(0)


def ann_and_bob(fake: FakeDiscord) -> tuple[SimulatedMember, SimulatedMember]:
    """Two members in the #tonk channel of a new server."""
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    return fake.add_member(guild, "ann").at(channel), fake.add_member(guild, "bob").at(channel)


async def dealt(
    fake: FakeDiscord, bot: TonkBot, ann: SimulatedMember, bob: SimulatedMember, **stock: Any
) -> StoredMessage:
    """ann opens a table, bob joins, ann deals ``HANDS`` (bob plays first); the table message."""
    lobby = await open_table(ann, [bob])
    cards = {"cuts": ["KS", "2C"], "hands": HANDS, "dealer": "ann", **stock}
    stack_table(bot, ann.channel, **cards)  # type: ignore[arg-type]
    await ann.click(lobby, "Start")
    await quiet(fake, bot)
    return lobby


def url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


async def test_a_click_while_another_connection_locks_the_database_is_deferred_then_lands(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    ann, bob = ann_and_bob(fake_discord)
    database = sqlite_store
    async with run_bot(fake_discord, make_bot(database_url=url(database))) as bot:
        lobby = await dealt(fake_discord, bot, ann, bob, stock=STOCK)
        stock = len(table_in(bot, bob.channel).hand.stock)  # type: ignore[arg-type,union-attr]
        locker = sqlite3.connect(database, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        released = asyncio.Event()

        def release() -> None:
            locker.execute("ROLLBACK")
            released.set()

        asyncio.get_running_loop().call_later(LOCKED_FOR, release)
        started = time.monotonic()
        draw = await bob.click(table_message(fake_discord, bot, bob.channel), "Draw", settle=False)
        answered = time.monotonic() - started
        assert draw.type is discord.InteractionResponseType.deferred_message_update
        assert answered < 3.0, f"answered after {answered:.1f} s"
        await released.wait()
        await fake_discord.wait_for(
            lambda: len(table_in(bot, bob.channel).hand.stock) == stock - 1,  # type: ignore
            timeout=30,
        )
        await quiet(fake_discord, bot)
        locker.close()
        panel = await my_hand(bob, table_message(fake_discord, bot, bob.channel))
        spread = await play_cards(bob, panel, "4♥ 5♥ 6♥", "Spread")
        assert not spread.content, spread.content
        await play_cards(bob, panel, "7♣ 7♦ 7♠", "Spread")
        await quiet(fake_discord, bot)
        assert "bob went out without a discard" in lobby.text()
        assert "ann −2 · bob +2" in lobby.text()


async def test_a_click_that_reaches_the_bot_late_is_deferred_at_once(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Discord's three seconds run from the click, not from when the bot reads it: a click
    that reaches the bot as late as its patience (a busy process, a slow gateway), while its
    move waits for a locked database, is deferred as soon as it arrives, not two seconds
    later; the move lands once the lock is gone."""
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot(database_url=url(sqlite_store))) as bot:
        await dealt(fake_discord, bot, ann, bob, stock=STOCK)
        stock = len(table_in(bot, bob.channel).hand.stock)  # type: ignore[arg-type,union-attr]
        locker = sqlite3.connect(sqlite_store, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        draw = await bob.click(
            table_message(fake_discord, bot, bob.channel),
            "Draw",
            settle=False,
            delivered_after=bot.timing.reply_patience,
        )
        age = discord.utils.utcnow() - discord.utils.snowflake_time(draw.id)
        locker.execute("ROLLBACK")
        locker.close()
        assert draw.type is discord.InteractionResponseType.deferred_message_update
        assert age.total_seconds() < 3.0, f"deferred {age.total_seconds():.1f} s after the click"
        await fake_discord.wait_for(
            lambda: len(table_in(bot, bob.channel).hand.stock) == stock - 1,  # type: ignore
            timeout=30,
        )
        await quiet(fake_discord, bot)
        hand = table_in(bot, bob.channel).hand  # type: ignore[arg-type]
        assert hand is not None and len(hand.log) == 1  # bob's draw, once


LATE = 3.2
"""Seconds after a click at which it reaches the bot in the tests of Discord's window: past
the three seconds within which Discord takes an answer."""


async def test_a_click_that_reaches_the_bot_after_discord_gave_up_on_it_does_nothing(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord takes an interaction's first answer within three seconds of it. bob's click
    on Draw reaches the bot later than that (a gateway that held it back, a process too
    busy to read it), and Discord has shown bob that it failed. The bot defers it at once;
    Discord's 10062 Unknown interaction says it gave up on the click, so the draw is not
    played (what bob saw fail did not happen), with a warning and no error. bob's next
    click draws."""
    fake_discord.answer_window = 3.0
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await dealt(fake_discord, bot, ann, bob, stock=STOCK)
        with caplog.at_level(logging.WARNING):
            late = await bob.click(lobby, "Draw", settle=False, delivered_after=LATE)
            await quiet(fake_discord, bot)
        hand = table_in(bot, bob.channel).hand  # type: ignore[arg-type]
        assert late.failed and not late.responded
        assert hand is not None and hand.log == []  # nothing was played
        draw = await bob.click(lobby, "Draw")
        assert draw.responded and not draw.failed
        assert len(hand.log) == 1  # bob's draw, once
    (warned,) = [r for r in caplog.records if "too late" in r.getMessage()]
    assert warned.exc_info is None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_command_that_reaches_the_bot_after_discord_gave_up_on_it_is_not_run(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """ann's /tonk new reaches the bot after Discord's three seconds: Discord showed her
    that it failed, so no table opens behind her back (the command tree's check finds
    that Discord gave up on it); the same command, in time, opens one. The status report
    counts the one that came too late."""
    fake_discord.answer_window = 3.0
    ann, _bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        with caplog.at_level(logging.WARNING):
            late = await ann.invoke_slash("tonk", ["new"], delivered_after=LATE)
        tables = service(bot).tables
        assert late.failed and tables.in_channel(ann.channel.id) is None
        assert bot.metrics.snapshot(open_tables=0).gone == 1
        opened = await ann.slash("tonk", "new")
        assert not opened.failed and tables.in_channel(ann.channel.id) is not None
    (warned,) = [r for r in caplog.records if "too late" in r.getMessage()]
    assert "(tonk new)" in warned.getMessage() and warned.exc_info is None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_an_answer_that_comes_too_late_for_discord_is_a_warning_not_an_error(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """bob's Draw waits for a database another process locked, and its deferral comes
    after Discord's three seconds (played here by a patience of five seconds: a process too
    busy to run the timer in time). Discord refuses the deferral, then the answer, as too
    late (10062): bob was shown that the click failed, though the draw, under way when
    Discord gave up, lands once the lock is gone. Each refusal is a warning; nothing is
    logged as an error, and no apology is tried (it would come too late as well)."""
    fake_discord.answer_window = 3.0
    bot = make_bot(database_url=url(sqlite_store), timing=replace(FAST, reply_patience=5.0))
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, bot):
        lobby = await dealt(fake_discord, bot, ann, bob, stock=STOCK)
        locker = sqlite3.connect(sqlite_store, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")
        with caplog.at_level(logging.WARNING):
            draw = await bob.click(lobby, "Draw", settle=False, timeout=10)
            locker.execute("ROLLBACK")
            locker.close()
            hand = table_in(bot, bob.channel).hand  # type: ignore[arg-type]
            await fake_discord.wait_for(lambda: hand is not None and len(hand.log) == 1)
            await quiet(fake_discord, bot)
    assert draw.failed and not draw.responded
    logged = [r.getMessage() for r in caplog.records]
    assert "could not defer an interaction (404)" in logged
    assert [line for line in logged if "came too late for Discord" in line]
    assert not [line for line in logged if "could not apologise" in line]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_database_server_that_is_down_is_said_in_words_and_opens_no_table(
    fake_discord: FakeDiscord, postgres_server: PostgresServer, migrated_postgres: MigratedDatabases
) -> None:
    """The PostgreSQL server goes down: ``/tonk new`` cannot read the server's settings, so
    ann is told the database is busy or unreachable (not an apology) and no table opens;
    once the server is back, the same command opens the table."""
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot(database_url=migrated_postgres.take())) as bot:
        postgres_server.pause()
        try:
            refused = await ann.slash("tonk", "new")
        finally:
            postgres_server.resume()
        assert refused.ephemeral and "could not look that up" in refused.content
        assert not fake_discord.discord_errors, fake_discord.error_report()
        assert service(bot).tables.in_channel(ann.channel.id) is None  # type: ignore[union-attr]
        await open_table(ann, [bob])
        assert [seat.name for seat in table_in(bot, ann.channel).seats] == ["ann", "bob"]  # type: ignore[arg-type]


async def test_a_commit_that_fails_tells_the_player_changes_nothing_and_the_next_click_works(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    ann, bob = ann_and_bob(fake_discord)
    database = sqlite_store
    async with run_bot(fake_discord, make_bot(database_url=url(database))) as bot:
        await dealt(fake_discord, bot, ann, bob)
        before = table_in(bot, bob.channel).to_json()  # type: ignore[arg-type]
        with sqlite3.connect(database) as admin:  # the database refuses every write
            admin.execute(FAILING_TRIGGER)
        refused = await bob.click(table_message(fake_discord, bot, bob.channel), "Draw")
        assert refused.ephemeral and "could not be saved" in refused.content
        assert table_in(bot, bob.channel).to_json() == before  # type: ignore[arg-type]
        with sqlite3.connect(database) as admin:
            admin.execute("DROP TRIGGER refuse_writes")
        drawn = await bob.click(table_message(fake_discord, bot, bob.channel), "Draw")
        assert not drawn.ephemeral, drawn.content
        table = table_in(bot, bob.channel)  # type: ignore[arg-type]
        assert table.hand is not None and len(table.hand.log) == 1
        status = service(bot).tables.status()  # what operators see
        assert status.failed_commits == 1 and status.commits >= 3
        assert status.interactions >= 5 and status.late == 0


async def test_a_setting_the_database_cannot_save_is_said_and_changes_nothing(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Another connection holds the write lock past the store's lock timeout while a member
    changes a setting: they are told it was not saved, to try again (not the apology for a
    bug, whose traceback is logged), and nothing changed; once the lock is gone it saves."""
    ann, _ = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot(database_url=url(sqlite_store))) as bot:
        assert bot.store is not None and isinstance(bot.store.writer, SQLiteWriter)
        bot.store.writer.lock_timeout = 0.2
        blocker = sqlite3.connect(sqlite_store, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            refused = await ann.slash("tonk", "me", "set", dms=False)
        finally:
            blocker.rollback()
            blocker.close()
        assert refused.ephemeral and refused.content == (
            "That could not be saved just now (the database is busy or unreachable), so "
            "nothing changed. Please try again in a moment."
        )
        assert bot.members.settings(ann.guild.id, ann.user.id) == DEFAULT_SETTINGS
        assert not [r for r in caplog.records if r.getMessage().startswith("error handling")]
        saved = await ann.slash("tonk", "me", "set", dms=False)
        assert saved.content.startswith("Your hand is no longer sent to you")
        assert await bot.store.member_settings() == {
            (ann.guild.id, ann.user.id): MemberSettings(dms=False)
        }


FAILING_TRIGGER = """
CREATE TRIGGER refuse_writes BEFORE INSERT ON table_log
BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END
"""


class Stubborn:
    """A computer player with a bug: it always wants to discard a card it does not hold
    (each choice is noted)."""

    level = "normal"

    def __init__(self, picked: list[Action]) -> None:
        self.picked = picked

    def choose(self, view: SeatView) -> Action:
        missing = next(c for c in range(52) if not view.hand >> c & 1)
        self.picked.append(Action(DISCARD, view.seat, 1 << missing))
        return self.picked[-1]

    def slap(self, view: SeatView) -> Action | None:
        return None


async def test_a_computer_players_refused_move_is_replaced_and_its_seat_is_not_stuck(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann").at(guild.channel("tonk"))
    picked: list[Action] = []
    async with run_bot(fake_discord, make_bot()) as bot:
        patch_computer_players(monkeypatch, lambda level, rng: Stubborn(picked))
        lobby = await open_table(ann, [])
        await ann.slash("tonk", "addbot", level="normal")
        await quiet(fake_discord, bot)
        stack_table(bot, ann.channel, cuts=["KS", "2C"], dealer="ann")  # type: ignore[arg-type]
        await ann.click(lobby, "Start")
        await service(bot).tables.computer_players_idle()
        await quiet(fake_discord, bot)
        table = table_in(bot, ann.channel)  # type: ignore[arg-type]
        assert table.hand is not None
        assert table.to_act_id == ann.id, "the computer seat is stuck"
        assert len(table.hand.log) >= 2  # it drew, then played the automatic discard
        assert picked and not set(picked) & set(table.hand.log)  # its own discard was refused


async def test_a_table_button_a_version_behind_still_means_what_it_says(
    fake_discord: FakeDiscord,
) -> None:
    ann, bob = ann_and_bob(fake_discord)
    timing = replace(FAST, message_retry=60.0)  # the message stays behind for the whole test
    async with run_bot(fake_discord, make_bot(timing=timing)) as bot:
        lobby = await dealt(fake_discord, bot, ann, bob)
        shown = table_in(bot, bob.channel).version  # type: ignore[arg-type]
        fake_discord.fail_requests("PATCH", f"/messages/{lobby.id}")
        await ann.slash("tonk", "bigone", hands=1)  # the table moves on; its message can't
        await quiet(fake_discord, bot)
        assert table_in(bot, bob.channel).version > shown  # type: ignore[arg-type]
        assert f":{shown}:draw" in str(lobby.buttons())  # the message is a version behind
        draw = await bob.click(lobby, "Draw")
        assert not draw.ephemeral, draw.content  # taken at its word: bob is to act and may
        table = table_in(bot, bob.channel)  # type: ignore[arg-type]
        assert table.hand is not None and len(table.hand.log) == 1


FAILURES = pytest.mark.parametrize(
    ("status", "logged"),
    [(503, "(503)"), (CONNECTION_CUT, "(ServerDisconnectedError)")],
    ids=["outage", "connection-cut"],
)
"""Discord failing a request: an outage's 503, or a connection cut before any answer."""


@FAILURES
async def test_a_failed_table_message_update_is_retried_until_the_buttons_work(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture, status: int, logged: str
) -> None:
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, ann.channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann")  # type: ignore[arg-type]
        fake_discord.fail_requests("PATCH", f"/messages/{lobby.id}", status=status, times=2)
        with caplog.at_level(logging.WARNING):
            await ann.slash("tonk", "start")
            current = await fake_discord.wait_for(
                lambda: "Hand 1" in lobby.text() and lobby, what="the table message"
            )
        assert "Draw" in [b["label"] for b in current.buttons() if not b.get("disabled")]
        retried = [r for r in caplog.records if "could not be updated" in r.message]
        assert len(retried) == 2  # failed twice, then shown
        assert all(logged in r.message for r in retried)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@FAILURES
async def test_a_hand_dm_that_discord_fails_is_tried_again_until_it_shows_the_hand(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture, status: int, logged: str
) -> None:
    """During a Discord outage (or with connections cut) the hand's DMs cannot be opened,
    then bob's cannot be edited after his draw: each is tried again (a warning per failure,
    never an error) until the DM shows the hand as it is."""
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        cards = {"cuts": ["KS", "2C"], "hands": HANDS, "dealer": "ann", "stock": STOCK}
        stack_table(bot, ann.channel, **cards)  # type: ignore[arg-type]
        fake_discord.fail_requests("POST", "/users/@me/channels", status=status, times=2)
        with caplog.at_level(logging.WARNING):
            await ann.click(lobby, "Start")
            await fake_discord.wait_for(lambda: ann.dms() and bob.dms(), what="both DMs")
            (dm,) = bob.dms()
            fake_discord.fail_requests("PATCH", f"/messages/{dm.id}", status=status)
            await bob.click(lobby, "Draw")
            await fake_discord.wait_for(lambda: "7♣" in dm.text(), what="bob's DM after his draw")
            await quiet(fake_discord, bot)
    assert "Your hand: 8♣ K♣ 2♦ Q♦ 9♠ (count 39)" in ann.dms()[0].text()
    assert "Your hand: 7♣ 7♦ 4♥ 5♥ 6♥ 7♠ (count 36)" in dm.text()
    failed = [r.getMessage() for r in caplog.records if "hand DM of member" in r.getMessage()]
    assert len(failed) == 3 and all(logged in line for line in failed)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("times", "retried"), [(2, 0), (DISCORD_TRIES + 1, 1)], ids=["waited-out", "past-five-tries"]
)
async def test_a_rate_limited_table_message_is_waited_out_and_shows_the_hand(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture, times: int, retried: int
) -> None:
    """Discord answers the table message's edits with 429 (over a rate limit), ``times`` in
    a row. discord.py waits each out and sends the edit again, five tries in all; past
    them the bot tries again later, with a warning naming the 429. Either way the message
    shows the hand with its buttons, and nothing is logged as an error."""
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, ann.channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann")  # type: ignore[arg-type]
        fake_discord.fail_requests(
            "PATCH", f"/messages/{lobby.id}", status=RATE_LIMITED, times=times
        )
        with caplog.at_level(logging.WARNING):
            await ann.slash("tonk", "start")
            await fake_discord.wait_for(lambda: "Hand 1" in lobby.text(), what="the table message")
        draw = await bob.click(lobby, "Draw")
    assert not draw.ephemeral, draw.content
    waited = [r for r in caplog.records if "responded with 429" in r.getMessage()]
    assert len(waited) == times
    ours = [r.getMessage() for r in caplog.records if "could not be updated" in r.getMessage()]
    assert len(ours) == retried and all("(429)" in line for line in ours)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("status", "times", "retried", "logged"),
    [(503, DISCORD_TRIES, 1, "(503)"), (CONNECTION_CUT, 2, 2, "(ServerDisconnectedError)")],
    ids=["outage", "connection-cut"],
)
async def test_a_panel_refresh_discord_fails_is_tried_again_until_it_shows_the_turn(
    fake_discord: FakeDiscord,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    times: int,
    retried: int,
    logged: str,
) -> None:
    """ann keeps her panel open while bob plays. Discord fails the edits that would show
    her that her turn has come: 503s past discord.py's five tries of a panel's edit (its
    waits between them skipped here: ``NoWaits``), or connections cut, which it does not
    try again. The bot tries again, with a warning each time, never an error, until her
    panel offers Draw: she did not have to click."""
    monkeypatch.setattr(discord.webhook.async_, "asyncio", NoWaits())
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await dealt(fake_discord, bot, ann, bob, stock=STOCK)
        ann_panel = await my_hand(ann, lobby)
        assert not button_labels(ann_panel).get("Draw")  # bob plays first
        fake_discord.fail_requests("PATCH", "/messages/@original", status=status, times=times)
        with caplog.at_level(logging.WARNING):
            await bob.click(lobby, "Draw")
            await play_cards(bob, await my_hand(bob, lobby), "4♥", "Discard 4♥")
            await fake_discord.wait_for(
                lambda: button_labels(ann_panel).get("Draw"), what="ann's panel on her turn"
            )
            await quiet(fake_discord, bot)
    failed = [r.getMessage() for r in caplog.records if "the panel of member" in r.getMessage()]
    assert len(failed) == retried and all(logged in line for line in failed)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("status", "times"), [(503, 1), (RATE_LIMITED, DISCORD_TRIES)], ids=["outage", "rate-limit"]
)
async def test_a_notice_lost_to_a_discord_outage_is_a_warning_and_the_table_goes_on(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture, status: int, times: int
) -> None:
    """The channel's notice that ann removed bob cannot be posted: Discord answers 503
    (an outage), or 429 (over a rate limit) each of the five times discord.py sends it.
    That is a warning naming the status, not an error, and bob sits down again."""
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        fake_discord.fail_requests(
            "POST", f"/channels/{ann.channel.id}/messages", status=status, times=times
        )
        with caplog.at_level(logging.WARNING):
            kicked = await ann.slash("tonk", "kick", member=bob.user)
            await quiet(fake_discord, bot)
        assert kicked.content == "bob is removed from the table."
        await bob.click(lobby, "Join")
        assert table_in(bot, bob.channel).is_seated(bob.id)  # type: ignore[arg-type]
    assert f"a notice or deletion was lost: Discord did not take it ({status})" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    ("status", "times", "warning"),
    [
        (503, DISCORD_TRIES, "Discord failed a request for"),  # discord.py tries five times
        (RATE_LIMITED, DISCORD_TRIES, "Discord failed a request for"),  # so past a 429
        (CONNECTION_CUT, 1, "Discord could not be reached for"),  # it does not try again
    ],
    ids=["outage", "rate-limit", "connection-cut"],
)
async def test_an_answer_discord_fails_is_a_warning_and_the_member_is_told_to_try_again(
    fake_discord: FakeDiscord,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    times: int,
    warning: str,
) -> None:
    """Discord fails the bot's answer to ann's /tonk help: a 503 (an outage) or a 429 (over
    a rate limit) each of the five times discord.py sends it (its waits between them are
    skipped here: ``NoWaits``), or a connection cut before any answer. The one error path
    logs a warning naming it, without a traceback and never an error, and ann is told that
    Discord is not answering, to try again; her next /tonk help is answered."""
    monkeypatch.setattr(discord.webhook.async_, "asyncio", NoWaits())
    ann, _bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        fake_discord.fail_requests("POST", "/callback", status=status, times=times)
        with caplog.at_level(logging.WARNING):
            failed = await ann.slash("tonk", "help")
            await quiet(fake_discord, bot)
        helped = await ann.slash("tonk", "help")
    assert failed.ephemeral and failed.content == (
        "Discord is not answering the bot just now. Please try again in a moment."
    )
    (warned,) = [r for r in caplog.records if warning in r.getMessage()]
    assert warned.exc_info is None
    assert status == CONNECTION_CUT or f"({status})" in warned.getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert helped.embed_titles == ["Tonk on Discord"]


async def test_a_panel_says_it_expired_before_discord_stops_it_updating(
    fake_discord: FakeDiscord,
) -> None:
    ann, bob = ann_and_bob(fake_discord)
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await dealt(fake_discord, bot, ann, bob)
        panel = await my_hand(ann, lobby)
        clock(bot).advance(13 * 60)
        await quiet(fake_discord, bot)
        assert "expired" not in panel.text()
        clock(bot).advance(60)
        await fake_discord.wait_for(lambda: "expired" in panel.text())
        assert "press **My hand**" in panel.text() and not panel.buttons()


async def test_my_hand_while_the_table_is_busy_is_deferred_privately_then_shows_the_panel(
    fake_discord: FakeDiscord,
) -> None:
    ann, bob = ann_and_bob(fake_discord)
    timing = replace(FAST, reply_patience=0.05)
    async with run_bot(fake_discord, make_bot(timing=timing)) as bot:
        lobby = await dealt(fake_discord, bot, ann, bob)
        runtime = service(bot).tables.in_channel(bob.channel.id)  # type: ignore[union-attr]
        assert runtime is not None
        async with runtime.lock:  # something slow holds the table
            opened = await bob.click(lobby, "My hand", settle=False)
            assert opened.type is discord.InteractionResponseType.deferred_channel_message
            assert opened.ephemeral
        await fake_discord.wait_for(
            lambda: opened.message is not None and "Your hand" in opened.message.text(),
            what="the panel in the deferred answer",
        )
        panel = opened.message
        assert panel is not None
        assert panel.ephemeral and "Your hand" in panel.text()
        drawn = await bob.click(panel, "Draw")
        assert not drawn.content, drawn.content
        assert len(runtime.table.hand.log) == 1  # type: ignore[union-attr]
