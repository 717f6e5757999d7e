"""Tables survive restarts: a bot killed mid-hand is replaced by a new one on the same
database file, which finishes the hand exactly as an uninterrupted bot would."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import TonkBot
from bot.i18n import text
from bot.i18n.mentions import command_mentions
from tests.cogs.helpers import (
    is_open,
    make_bot,
    my_hand,
    open_table,
    play_cards,
    quiet,
    service,
    stack_a_tonk,
    table_in,
    table_message,
)
from tests.fakediscord import FakeChannel, FakeDiscord, SimulatedMember, run_bot

Step = Callable[[FakeDiscord, TonkBot], Awaitable[None]]


class Game:
    """A two-player hand in one channel, played step by step (bob tonks on his third turn)."""

    def __init__(self, fake: FakeDiscord, name: str) -> None:
        guild = fake.add_guild(name, channels=["tonk"])
        self.channel: FakeChannel = guild.channel("tonk")
        self.ann = fake.add_member(guild, "ann")
        self.bob = fake.add_member(guild, "bob")

    async def deal(self, fake: FakeDiscord, bot: TonkBot) -> None:
        lobby = await open_table(self.ann, [self.bob])
        stack_a_tonk(bot, self.channel)
        await self.ann.click(lobby, "Start")
        await quiet(fake, bot)

    def steps(self) -> list[Step]:
        ann, bob = self.ann, self.bob
        return [
            lambda f, b: self._click(f, b, bob, "Draw"),
            lambda f, b: self._play(f, b, bob, "3♣", "Discard 3♣"),
            lambda f, b: self._click(f, b, ann, "Draw"),
            lambda f, b: self._play(f, b, ann, "K♣", "Discard K♣"),
            lambda f, b: self._click(f, b, bob, "Draw"),
            lambda f, b: self._play(f, b, bob, "4♥ 5♥ 6♥", "Spread"),
            lambda f, b: self._play(f, b, bob, "7♣ 7♦ 7♠", "Spread"),
        ]

    async def _click(
        self, fake: FakeDiscord, bot: TonkBot, member: SimulatedMember, label: str
    ) -> None:
        await member.click(table_message(fake, bot, self.channel), label)
        await quiet(fake, bot)

    async def _play(
        self, fake: FakeDiscord, bot: TonkBot, member: SimulatedMember, cards: str, button: str
    ) -> None:
        panel = await my_hand(member, table_message(fake, bot, self.channel))
        await play_cards(member, panel, cards, button)
        await quiet(fake, bot)

    async def outcome(self, fake: FakeDiscord, bot: TonkBot) -> tuple[str, str]:
        """The hand's result line on the table message, and the server's leaderboard."""
        result = next(
            line
            for m in fake.messages_in(self.channel)
            for line in m.text().splitlines()
            if "ann −" in line or "ann +" in line
        )
        board = await self.ann.slash("tonk", "leaderboard")
        assert board.message is not None
        return result, board.message.text()


def url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


async def uninterrupted(fake: FakeDiscord, tmp_path: Path) -> tuple[str, str]:
    game = Game(fake, "Calm")
    async with run_bot(fake, make_bot(database_url=url(tmp_path / "calm.db"))) as bot:
        await game.deal(fake, bot)
        for step in game.steps():
            await step(fake, bot)
        return await game.outcome(fake, bot)


@pytest.mark.parametrize("stop", range(1, 7))
async def test_a_hand_interrupted_by_a_restart_at_any_step_ends_as_an_uninterrupted_one(
    fake_discord: FakeDiscord, tmp_path: Path, stop: int
) -> None:
    """The result and the scoreboard are the same, and each player still has one DM for
    the hand, naming its server and channel, which says at the end that the hand is over.
    The bot stopped cleanly, keeping what each DM showed: the restart edits only a DM
    whose text changes (one that waited for its player's turn to end)."""
    fake = fake_discord
    expected = await uninterrupted(fake, tmp_path)
    assert "ann −2 · bob +2" in expected[0] and "**bob**: +2 chips" in expected[1]

    game = Game(fake, "Stormy")
    database = url(tmp_path / "stormy.db")
    steps = game.steps()
    async with run_bot(fake, make_bot(database_url=database)) as bot:
        await game.deal(fake, bot)
        for step in steps[:stop]:
            await step(fake, bot)
        await quiet(fake, bot)
        before = table_in(bot, game.channel).to_json()
        written = {member.name: member.dms()[0].versions[-1] for member in (game.ann, game.bob)}
    async with run_bot(fake, make_bot(database_url=database)) as bot:
        await quiet(fake, bot)
        assert any("I'm back" in m.text() for m in fake.messages_in(game.channel))
        after = table_in(bot, game.channel).to_json()
        assert all(dm[4] for dm in after["direct_messages"].values())  # each DM's digest
        assert _without_digests(after) == _without_digests(before)  # rebuilt exactly
        for member in (game.ann, game.bob):  # edited again only to show what changed
            shown, last = member.dms()[0].versions[-1], written[member.name]
            assert (shown is last) == (shown.content == last.content)
        for step in steps[stop:]:
            await step(fake, bot)
        assert await game.outcome(fake, bot) == expected
        for member in (game.ann, game.bob):
            (dm,) = member.dms()  # the hand's one DM, edited on after the restart
            assert dm.content.startswith("**Tonk** · Stormy · #tonk · hand 1\n")
            assert "This hand is over" in dm.content


def _without_digests(state: dict[str, Any]) -> dict[str, Any]:
    """A table's state without what its players' DMs showed (kept when the bot stops)."""
    kept = {user: dm[:4] for user, dm in state["direct_messages"].items()}
    return {**state, "direct_messages": kept}


async def test_a_move_committed_before_a_crash_in_its_reply_is_kept(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    expected = await uninterrupted(fake, tmp_path)
    game = Game(fake, "Crashy")
    database = url(tmp_path / "crashy.db")
    steps = game.steps()
    async with run_bot(fake, make_bot(database_url=database)) as bot:
        await game.deal(fake, bot)
        for step in steps[:3]:
            await step(fake, bot)
        crash_in_next_reply(bot, game.channel)
        await steps[3](fake, bot)  # ann discards K♣: committed, then the reply fails
        assert any("went wrong" in m.text() for m in fake.ephemerals_of(game.ann))
    async with run_bot(fake, make_bot(database_url=database)) as bot:
        await quiet(fake, bot)
        assert table_in(bot, game.channel).to_act_id == game.bob.id  # the discard is there
        for step in steps[4:]:
            await step(fake, bot)
        assert await game.outcome(fake, bot) == expected


def crash_in_next_reply(bot: TonkBot, channel: FakeChannel) -> None:
    """Make the reply after the next commit fail, as a crash before the reply would."""
    runtime = service(bot).tables.in_channel(channel.id)
    assert runtime is not None
    ledger, screens = runtime.ledger, runtime.screens
    commit, render = ledger.commit, screens.panel_message
    committed: list[bool] = []

    async def committing() -> None:
        await commit()
        committed.append(True)

    def rendering(user_id: int, selection: int, locale: str) -> Any:
        if committed:
            raise RuntimeError("the process died before replying")
        return render(user_id, selection, locale)

    ledger.commit = committing  # type: ignore[method-assign]
    screens.panel_message = rendering  # type: ignore[method-assign]


async def test_an_unreadable_table_is_closed_with_a_word_and_the_others_load(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["one", "two"])
    one, two = guild.channel("one"), guild.channel("two")
    ann = fake.add_member(guild, "ann")
    bob = fake.add_member(guild, "bob")
    database = sqlite_store
    async with run_bot(fake, make_bot(database_url=url(database))) as bot:
        await ann.invoke_slash("tonk", ["new"], channel=one)
        await bob.invoke_slash("tonk", ["new"], channel=two)
        broken_id = table_in(bot, one).id
        await quiet(fake, bot)
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE tonk_table SET state_json = '{oops' WHERE id = ?", (broken_id,))
    guild.preferred_locale = "ro"  # the server's Discord locale: the word about the loss is in it
    async with run_bot(fake, make_bot(database_url=url(database))) as bot:
        await quiet(fake, bot)
        assert not is_open(bot, one)
        assert is_open(bot, two)
        lost = text("scoreboard.restore.broken", "ro", **command_mentions(bot.command_id))
        assert "</tonk new:" in lost  # the command is a link
        assert any(m.text() == lost for m in fake.messages_in(one))
        assert any("I'm back" in m.text() for m in fake.messages_in(two))
        reopened = await ann.invoke_slash("tonk", ["new"], channel=one)  # the channel is free again
        assert reopened.message is not None and not reopened.ephemeral


async def test_a_bot_that_has_shut_down_sends_nothing_more(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """At shutdown the tables' edits, notices and timers stop: work still on its way (a
    deletion that a closing table asks for, an edit) is dropped, not sent on the closed
    connection to Discord, which would fail it with an error in the logs."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann").at(guild.channel("tonk"))
    async with run_bot(fake_discord, make_bot()) as bot:
        await open_table(ann, [])
        tables = service(bot).tables
    sent: list[str] = []

    async def send(what: str) -> None:
        sent.append(what)

    tables.spawn(send("a notice"))
    tables.updates.request("table", lambda: send("an edit"))
    await tables.drain()
    assert sent == [] and not tables.updates.busy()
    assert not [record for record in caplog.records if record.levelname == "ERROR"]
