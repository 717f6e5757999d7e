"""``/tonk settings``: before the first deal the host changes the table's preset, a house
rule, the stake, the seats or the turn timer; a refused change says why and changes
nothing; the lobby's invitations (the announcement, a thread's first message) follow.
Through the real client and the fake Discord."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import discord
import pytest

from bot.engine.rules import build_rules
from bot.i18n import text
from bot.i18n.mentions import command_mention, command_mentions
from bot.tables.errors import TableError
from bot.tables.table import Setup
from cogs.tonk.setup_change import SetupChange
from tests.cogs.helpers import (
    clock,
    db_bot,
    dealt,
    make_bot,
    open_table,
    quiet,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, run_bot

MANAGER = discord.Permissions(manage_guild=True)
STANDARD = Setup(build_rules("standard"), stake=1, max_seats=4, turn_timeout=120.0)
MENTIONS = command_mentions(7)


def test_a_change_keeps_what_it_does_not_ask_and_is_said_in_the_tables_language() -> None:
    change = SetupChange.typed(stake=5, turn_timeout="20")
    after = change.applied(STANDARD, {})
    assert after == Setup(STANDARD.rules, 5, 4, 20.0)
    assert change.said(STANDARD, after, "ro", MENTIONS) == (
        "Gazda a setat miza la 5.\nGazda a setat cronometrul de rând la 20 de secunde."
    )


def test_another_preset_comes_with_the_servers_house_rules_as_a_new_table_would() -> None:
    change = SetupChange.typed(preset="seven_card_40")
    after = change.applied(replace(STANDARD, max_seats=6), {"catch": "alt5"})
    assert after.rules == build_rules("seven_card_40", {"catch": "alt5"})
    assert after.max_seats == 5  # as many as it deals to
    assert change.said(STANDARD, after, "en", MENTIONS).endswith("\nThe table seats 5 players now.")


def test_a_preset_change_names_the_house_rules_the_table_had_that_it_does_not_keep() -> None:
    """Rules the table had over its preset (the host's, or the server's) and that the other
    preset's rules replace are named; those the change sets itself, or that stay, are not."""
    had = STANDARD.with_rules(build_rules("standard", {"catch": "alt5", "slap": "race"}))
    server = {"slap": "race"}
    change = SetupChange.typed(preset="seven_card_40")
    said = change.said(had, change.applied(had, server), "en", MENTIONS).splitlines()
    assert said[1] == (
        "Not kept from the table's rules before: catch alt5 (</tonk settings:7> sets a house "
        "rule again)."
    )
    both = SetupChange.typed(preset="seven_card_40", option="catch", value="alt5")
    assert "Not kept" not in both.said(had, both.applied(had, server), "en", MENTIONS)
    lost = SetupChange.typed(preset="seven_card_40")
    two = lost.said(had, lost.applied(had, {}), "ro", MENTIONS).splitlines()[1]
    assert two.startswith(
        "Nu s-a păstrat din regulile de dinainte ale mesei: catch alt5 și slap race"
    )


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ({}, "settings_nothing"),
        ({"option": "catch"}, "settings_option_value"),
        ({"value": "alt5"}, "settings_option_value"),
        ({"turn_timeout": "soon"}, "bad_timeout"),
    ],
)
def test_what_cannot_be_a_change_is_refused_as_typed(typed: dict[str, str], reason: str) -> None:
    with pytest.raises(TableError) as refused:
        SetupChange.typed(**typed)
    assert refused.value.reason == reason


async def test_the_host_changes_the_table_in_its_lobby_and_nothing_else_does(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob, cat = (fake_discord.add_member(guild, name) for name in ("ann", "bob", "cat"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob, cat])
        table = table_in(bot, channel)

        changed = await ann.slash("tonk", "settings", stake=5, seats=3, turn_timeout="off")
        assert not changed.ephemeral and changed.content == (
            "The host set the stake to 5.\n"
            "The table seats 3 players now.\n"
            "The host turned the turn timer off."
        )
        await quiet(fake_discord, bot)
        assert (table.stake, table.max_seats, table.turn_timeout) == (5, 3, None)
        shown = lobby.text()
        assert "stake 5" in shown and "All 3 seats are taken" in shown
        assert text("table.timer_off") in shown

        before = table.to_json()
        refusals = {
            "bob's": (bob, {"stake": 7}, text("table.refusal.host_only")),
            "nothing": (ann, {}, text("table.refusal.settings_nothing")),
            "half a rule": (ann, {"option": "catch"}, text("table.refusal.settings_option_value")),
            "fewer seats": (
                ann,
                {"stake": 9, "seats": 2},
                "3 players sit at this table: it needs 3 seats, and rules that deal to as many.",
            ),
            "a bad timer": (
                ann,
                {"turn_timeout": "9"},
                "The turn timer is 10 to 3600 seconds, or off.",
            ),
            "a conflict": (ann, {"option": "face_values", "value": "rank"}, "conflicts"),
        }
        for name, (member, options, said) in refusals.items():
            refused = await member.slash("tonk", "settings", **options)
            assert refused.ephemeral and said in (refused.content or ""), name
        assert table.to_json() == before  # every refused change left the table as it was

        timer = await ann.slash("tonk", "settings", turn_timeout="60", option="catch", value="alt5")
        assert timer.content is not None
        assert timer.content.startswith("The host set catch to alt5: ")
        assert timer.content.endswith("\nThe host set the turn timer to 60 seconds.")
        assert table.turn_timeout == 60.0 and table.rules.catch == "alt5"

        other = await ann.slash("tonk", "settings", preset="seven_card_40")
        settings = command_mention("tonk settings", bot.command_id)
        assert other.content == (
            "The host chose Seven cards, 40-card pack: the table plays its rules now, with the "
            "server's house rules.\n"
            f"Not kept from the table's rules before: catch alt5 ({settings} sets a house rule "
            "again)."
        )
        assert settings.startswith("</tonk settings:")
        assert table.rules.preset == "seven_card_40" and table.rules.catch != "alt5"
        assert table.max_seats == 3  # it deals to five: three seats stay
        too_many = await ann.slash("tonk", "settings", seats=6)
        assert too_many.content == "A table seats 2 to 5 players."

        await ann.click(table_message(fake_discord, bot, channel), "Start")
        await quiet(fake_discord, bot)
        dealt = table.to_json()
        locked = await ann.slash("tonk", "settings", stake=2)
        assert locked.ephemeral and locked.content == text("table.refusal.settings_locked")
        assert table.to_json() == dealt


async def test_the_lobby_invitations_follow_what_the_host_changed(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The announcement to the server's role and a thread table's first message in the
    channel say the new preset, stake and seats, after a restart too; the edit notifies
    nobody again."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    players = fake.add_role(guild, "tonk players", discord.Permissions.none())
    ann, dan = fake.add_member(guild, "ann"), fake.add_member(guild, "dan", roles=[players])
    mod = fake.add_member(guild, "mod", permissions=MANAGER)
    channel = guild.channel("tonk")
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        await mod.slash("tonk", "config", "announce", role=players)
        opened = await ann.slash("tonk", "new", thread=True, stake=5, seats=3)
        assert opened.message is not None
        starter = opened.message
        await quiet(fake, bot)
        thread = fake.channels[starter.id]
        (announced,) = [m for m in fake.messages_in(channel) if f"<@&{players.id}>" in m.content]
        assert "Standard at stake 5, for up to 3 players" in announced.content
        assert announced.notified == {dan.user.id}

        await ann.at(thread).slash("tonk", "settings", stake=20, seats=4, preset="chicago")
        await quiet(fake, bot)
        table = table_in(bot, thread)
        link = f"<https://discord.com/channels/{guild.id}/{thread.id}/{table.message_id}>"
        assert announced.content == (
            f"🃏 <@&{players.id}>: ann opened a table, Chicago at stake 20, for up to 4 players. "
            f"Press **Join** to play: {link}"
        )
        assert announced.notified == {dan.user.id}  # the edit notified nobody
        assert starter.content == (
            "🃏 ann opened a table in a thread, Chicago at stake 20, for up to 4 players: "
            "open the thread under this message and press **Join** to play."
        )

    caplog.set_level(logging.WARNING)
    async with run_bot(fake, db_bot(sqlite_store)) as bot:  # a restart: the role is kept
        await ann.at(thread).slash("tonk", "settings", stake=7, seats=2)
        await quiet(fake, bot)
        assert announced.content == (
            f"🃏 <@&{players.id}>: ann opened a table, Chicago at stake 7, for up to 2 players. "
            f"Press **Join** to play: {link}"
        )
        assert announced.notified == {dan.user.id}
        assert "Chicago at stake 7, for up to 2 players" in starter.content
    refused = [r.getMessage() for r in caplog.records if r.name.startswith("cogs.")]
    assert refused == []  # no edit went to the thread instead of the channel it hangs from


async def test_during_a_hand_the_host_changes_the_seats_the_timer_and_privacy_not_the_stake(
    fake_discord: FakeDiscord,
) -> None:
    """bob's turn began with 120 seconds; 100 seconds in, the host sets 60: bob has 60 from
    then. A third seat and privacy apply at once; the stake stays for the session."""
    async with dealt(fake_discord, "120") as (bot, guild, channel, ann, _, _):
        clock(bot).advance(100)
        said = await ann.slash("tonk", "settings", turn_timeout="60", seats=3, private=True)
        assert not said.ephemeral and said.content is not None
        assert said.content.splitlines() == [
            "The table seats 3 players now.",
            "The host set the turn timer to 60 seconds.",
            text("table.reply.private"),
        ]
        table = table_in(bot, channel)
        assert (table.max_seats, table.turn_timeout, table.private) == (3, 60.0, True)
        clock(bot).advance(59)
        await quiet(fake_discord, bot)
        assert fake_discord.latest(contains="time ran out", channel=channel) is None
        clock(bot).advance(2)
        timed_out = await fake_discord.wait_for(
            lambda: fake_discord.latest(contains="time ran out", channel=channel)
        )
        assert timed_out.content.startswith("⏰ bob's time ran out")

        cat = fake_discord.add_member(guild, "cat").at(channel)
        refused = await cat.slash("tonk", "join")
        assert refused.ephemeral and "This table is private" in (refused.content or "")
        await quiet(fake_discord, bot)
        before = table.to_json()
        locked = await ann.slash("tonk", "settings", stake=3, seats=2)
        assert locked.ephemeral and locked.content == text("table.refusal.settings_locked")
        assert table.to_json() == before
