"""Only a seat's player acts for it; out-of-turn, double and stale clicks change nothing;
closed DMs and errors don't stop a game."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.config import Timing
from tests.cogs.helpers import (
    assert_hands_secret,
    button_labels,
    db_bot,
    drop,
    is_open,
    make_bot,
    my_hand,
    open_table,
    play_cards,
    quiet,
    service,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, SimulatedMember, run_bot

TWO_HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}


def _players(fake: FakeDiscord, *names: str, closed_dms: str = "") -> list[SimulatedMember]:
    guild = fake.add_guild("Casino", channels=["tonk"])
    return [fake.add_member(guild, n, dms_open=n != closed_dms) for n in names]


async def test_out_of_turn_and_spectator_clicks_are_refused_and_change_nothing(
    fake_discord: FakeDiscord,
) -> None:
    ann, bob, eve = _players(fake_discord, "ann", "bob", "eve")
    channel = ann.channel
    assert channel is not None
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, channel, cuts=["KS", "2C"], hands=TWO_HANDS, dealer="ann")
        await ann.click(lobby, "Start")
        version = table_in(bot, channel).version

        out_of_turn = await ann.click(lobby, "Draw")
        assert out_of_turn.ephemeral and out_of_turn.content == "It is not your turn."
        spectator = await eve.click(lobby, "Drop")
        assert spectator.ephemeral and spectator.content == "You don't play in this hand."
        no_panel = await eve.click(lobby, "My hand")
        assert no_panel.content == "You don't play in this hand."
        not_yet = await bob.slash("tonk", "start")
        assert not_yet.content == "Only the host can do that."
        assert table_in(bot, channel).version == version

        panel = await my_hand(bob, lobby)
        assert button_labels(panel)["Draw"]
        illegal = await play_cards(bob, panel, "4♥ 5♥ 6♥", "Refresh")
        assert illegal.message is panel and "Picked: 4♥ 5♥ 6♥" in panel.text()
        assert not button_labels(panel).get("Spread", False)  # spreading comes after drawing
        assert table_in(bot, channel).version == version


async def test_a_double_click_acts_once(fake_discord: FakeDiscord) -> None:
    ann, bob = _players(fake_discord, "ann", "bob")
    channel = ann.channel
    assert channel is not None
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, channel, cuts=["KS", "2C"], hands=TWO_HANDS, dealer="ann")
        await ann.click(lobby, "Start")
        stock = len(table_in(bot, channel).hand.stock)  # type: ignore[union-attr]

        clicks = await asyncio.gather(
            bob.click(lobby, "Draw", settle=False), bob.click(lobby, "Draw", settle=False)
        )
        await quiet(fake_discord, bot)
        assert len(table_in(bot, channel).hand.stock) == stock - 1  # type: ignore[union-attr]
        refused = [c for c in clicks if c.ephemeral]
        assert len(refused) == 1
        assert refused[0].content.startswith("You have already drawn")  # the engine says why

        panel = await my_hand(bob, lobby)
        await play_cards(bob, panel, "7♠", "Refresh")
        discards = await asyncio.gather(
            bob.click(panel, "Discard 7♠", settle=False),
            bob.click(panel, "Discard 7♠", settle=False),
        )
        await quiet(fake_discord, bot)
        hand = table_in(bot, channel).hand
        assert hand is not None and len(hand.log) == 2 and hand.pile[-1] == 45  # 7♠ once
        assert sum("out of date" in (d.message.content if d.message else "") for d in discards) >= 1


async def test_buttons_of_a_finished_hand_or_a_closed_table_say_why_they_do_nothing(
    fake_discord: FakeDiscord,
) -> None:
    ann, bob = _players(fake_discord, "ann", "bob")
    channel = ann.channel
    assert channel is not None
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        hands = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["AH", "2H", "AS", "3C", "4D"]}
        stack_table(bot, channel, cuts=["KS", "2C"], hands=hands, dealer="ann")
        await ann.click(lobby, "Start")
        opened = await bob.click(lobby, "My hand")
        old_panel = opened.message
        assert old_panel is not None
        opened.expire()  # 15 minutes later: this panel can no longer be refreshed
        await bob.click(lobby, "Drop")
        assert "bob dropped with 11, the lowest count, and wins." in lobby.text()
        stack_table(bot, channel, hands=TWO_HANDS, dealer="bob")
        await ann.click(lobby, "Next hand")
        await quiet(fake_discord, bot)
        assert "**Hand 2**" in table_message(fake_discord, bot, channel).text()

        stale = await bob.click(old_panel, "Drop with 11")  # the panel shows bob's count
        assert stale.message is old_panel
        assert old_panel.content == "That button belongs to hand 1, which is over."
        assert "Your hand · hand 2" in old_panel.text()  # the panel caught up with hand 2
        assert table_in(bot, channel).hand_number == 2

        reopened = await ann.click(table_message(fake_discord, bot, channel), "My hand")
        reopened.expire()
        await ann.slash("tonk", "end")
        closed = await ann.click(reopened.message, "Refresh")  # type: ignore[arg-type]
        assert closed.content == "That button belongs to a table that is closed."
        assert not is_open(bot, channel)


async def test_closed_dms_are_announced_without_cards_and_the_game_goes_on(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """Said once for the table, without a card; neither the next hand nor a restart tries
    bob's DMs again or says it again."""
    ann, bob = _players(fake_discord, "ann", "bob", closed_dms="bob")
    channel = ann.channel
    assert channel is not None
    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:
        lobby = await open_table(ann, [bob])
        stack_table(bot, channel, cuts=["KS", "2C"], hands=TWO_HANDS, dealer="ann")
        await ann.click(lobby, "Start")
        await quiet(fake_discord, bot)
        notice = fake_discord.latest(contains="can't send you direct messages", channel=channel)
        assert notice is not None and "bob" in notice.content and "**My hand**" in notice.content
        assert not bob.dms() and len(ann.dms()) == 1
        await bob.click(lobby, "Draw")
        panel = await my_hand(bob, lobby)
        await play_cards(bob, panel, "7♠", "Discard 7♠")
        await quiet(fake_discord, bot)
        assert "bob discarded 7♠" in lobby.text()
        assert_hands_secret(table_in(bot, channel), [ann, bob])

    async with run_bot(fake_discord, db_bot(sqlite_store)) as bot:  # a restart
        await quiet(fake_discord, bot)
        await drop(ann, table_message(fake_discord, bot, channel))
        await quiet(fake_discord, bot)
        await ann.click(table_message(fake_discord, bot, channel), "Next hand")
        await quiet(fake_discord, bot)
        assert "**Hand 2**" in table_message(fake_discord, bot, channel).text()
        told = [m for m in fake_discord.messages_in(channel) if "can't send you" in m.content]
        assert len(told) == 1 and not bob.dms()  # a refusal is always told: not tried again


async def test_an_error_in_one_table_is_logged_apologised_for_and_stops_no_other_table(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["one", "two"])
    ann = fake_discord.add_member(guild, "ann")
    bob = fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot()) as bot:
        one = await open_table(ann.at(guild.channel("one")), [])
        two = await open_table(ann.at(guild.channel("two")), [])
        runtime = service(bot).tables.in_channel(guild.channel("one").id)
        assert runtime is not None

        def table_message() -> Any:
            raise RuntimeError("a rendering bug")

        monkeypatch.setattr(runtime.screens, "table_message", table_message)
        with caplog.at_level(logging.ERROR):
            failed = await bob.at(guild.channel("one")).click(one, "Join")
            joined = await bob.at(guild.channel("two")).click(two, "Join")
            await quiet(fake_discord, bot)
        assert failed.ephemeral and failed.content.startswith("Sorry, something went wrong")
        assert "Traceback" not in failed.content
        assert any(r.exc_info and "a rendering bug" in str(r.exc_info[1]) for r in caplog.records)
        assert joined.message is two and "2 of 4 seats taken" in two.text()
        started = await ann.at(guild.channel("two")).click(two, "Start")
        assert "Hand 1" in started.message.text()  # type: ignore[union-attr]


async def test_a_click_that_waits_for_its_table_is_deferred_then_answered(
    fake_discord: FakeDiscord,
) -> None:
    ann, bob = _players(fake_discord, "ann", "bob")
    timing = Timing(edit_interval=0.005, table_edit_interval=0.005, reply_patience=0.05)
    async with run_bot(fake_discord, make_bot(timing=timing)) as bot:
        lobby = await open_table(ann, [])
        runtime = service(bot).tables.in_channel(ann.channel.id)  # type: ignore[union-attr]
        assert runtime is not None
        async with runtime.lock:  # something slow holds the table
            joined = await bob.click(lobby, "Join", settle=False)
            assert joined.type is discord.InteractionResponseType.deferred_message_update
            assert "1 of 4 seats taken" in lobby.text()
        await quiet(fake_discord, bot)
        assert "2 of 4 seats taken" in lobby.text() and runtime.table.is_seated(bob.id)
