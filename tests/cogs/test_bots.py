"""Computer players at a Discord table: ``/tonk addbot``, ``/tonk removebot``, and a whole
hand of a person against a computer player that moves by itself."""

from __future__ import annotations

import threading

import pytest

from bot.client import TonkBot
from bot.engine.actions import Action
from bot.engine.view import SeatView
from bot.players.protocol import Player
from bot.players.registry import make_player
from bot.tables.table import CLOSED, PLAYING
from tests.cogs.helpers import (
    assert_hands_secret,
    is_open,
    make_bot,
    my_hand,
    open_table,
    patch_computer_players,
    pick,
    quiet,
    service,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeChannel, FakeDiscord, SimulatedMember, run_bot


class Watched:
    """A real computer player that notes the thread each decision is made in."""

    def __init__(self, player: Player, threads: list[threading.Thread]) -> None:
        self.player = player
        self.level = player.level
        self.threads = threads

    def choose(self, view: SeatView) -> Action:
        self.threads.append(threading.current_thread())
        return self.player.choose(view)

    def slap(self, view: SeatView) -> Action | None:
        self.threads.append(threading.current_thread())
        return self.player.slap(view)


async def settled(fake: FakeDiscord, bot: TonkBot) -> None:
    """Wait until the computer players have moved and every message shows it."""
    await service(bot).tables.computer_players_idle()
    await quiet(fake, bot)


async def play_my_turn(
    fake: FakeDiscord, bot: TonkBot, ann: SimulatedMember, channel: FakeChannel
) -> None:
    """ann draws from the stock and discards the first card of her panel's menu."""
    draw = await ann.click(table_message(fake, bot, channel), "Draw")
    assert not draw.ephemeral, draw.content
    await settled(fake, bot)
    if table_in(bot, channel).hand_number != 1 or table_in(bot, channel).to_act_id != ann.id:
        return  # drawing from the empty stock ended the hand
    panel = await my_hand(ann, table_message(fake, bot, channel))
    first = panel.selects()[0]["options"][0]["label"]
    await pick(ann, panel, first)
    discarded = await ann.click(panel, f"Discard {first}")
    assert "Discard" not in discarded.content, discarded.content
    await settled(fake, bot)


async def test_a_person_plays_a_whole_hand_against_a_hard_bot_that_moves_by_itself(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake.add_member(guild, "ann")
    threads: list[threading.Thread] = []
    async with run_bot(fake, make_bot()) as bot:
        patch_computer_players(
            monkeypatch, lambda level, rng: Watched(make_player(level, rng), threads)
        )
        service(bot).tables.bot_rng.seed(3)  # the bot's decisions and pauses
        lobby = await open_table(ann, [])
        added = await ann.slash("tonk", "addbot", level="hard")
        assert added.ephemeral and added.content == "**Hard bot 1** sits at the table."
        await quiet(fake, bot)
        assert "🤖 **Hard bot 1**" in lobby.text() and "2 of 4 seats taken" in lobby.text()
        stack_table(
            bot,
            channel,
            cuts=["KS", "2C"],  # ann deals; the bot plays first
            hands={
                "ann": ["KC", "QD", "9S", "8C", "2D"],
                "Hard bot 1": ["KH", "QS", "JD", "10C", "8D"],
            },
            dealer="ann",
            upcard="JC",
            stock=["3C", "10D", "7C", "4S", "9H", "5D"],
        )
        await ann.click(lobby, "Start")
        table = table_in(bot, channel)
        await settled(fake, bot)
        for _ in range(60):
            if table.status != PLAYING or table.hand_number != 1:
                break
            assert table.to_act_id == ann.id  # the bot never keeps the table waiting
            assert_hands_secret(table, [ann])
            await play_my_turn(fake, bot, ann, channel)
        assert table.last_hand is not None and table.last_hand.number == 1
        result = lobby.text()  # the hand's table message keeps its result
        assert "Hand 1 is over." in result and "Payments" in result and "Hard bot 1: " in result
        assert sum(table.balances.values()) == 0 and table.balances[-1] != 0
        assert len([a for a in table.last_hand.result.payouts if a]) == 2
        assert any(ann.has_seen(f"Hard bot 1 {verb}") for verb in ("drew", "took", "dropped"))
        assert len(threads) >= 3 and threading.main_thread() not in threads
        assert not fake.dms_of(-1)  # a computer player gets no DM


async def test_only_the_host_seats_a_bot_and_the_host_removes_it(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake.add_member(guild, "ann")
    bob = fake.add_member(guild, "bob")
    async with run_bot(fake, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        refused = await bob.slash("tonk", "addbot", level="easy")
        assert refused.ephemeral and refused.content == "Only the host can do that."
        assert (await ann.slash("tonk", "addbot")).content == "**Normal bot 1** sits at the table."
        await ann.slash("tonk", "addbot", level="easy")
        choices = await ann.autocomplete("tonk", "removebot", focused="bot", bot="easy")
        assert [c["name"] for c in choices] == ["Easy bot 2"]
        not_host = await bob.slash("tonk", "removebot")
        assert not_host.content == "Only the host or a member with Manage Server can do that."
        removed = await ann.slash("tonk", "removebot", bot="Normal bot 1")
        assert removed.content == "**Normal bot 1** leaves the table."
        await quiet(fake, bot)
        assert "Normal bot 1" not in lobby.text() and "🤖 **Easy bot 2**" in lobby.text()
        assert [s.name for s in table_in(bot, channel).seats] == ["ann", "bob", "Easy bot 2"]
        gone = await ann.slash("tonk", "removebot", bot="Normal bot 1")
        assert gone.content == "No computer player called 'Normal bot 1' sits at this table."


async def test_when_the_last_person_leaves_the_bots_the_table_closes(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake.add_member(guild, "ann")
    async with run_bot(fake, make_bot()) as bot:
        lobby = await open_table(ann, [])
        await ann.slash("tonk", "addbot", level="hard")
        await quiet(fake, bot)
        await ann.click(lobby, "Start")
        await settled(fake, bot)
        table = table_in(bot, channel)
        await ann.slash("tonk", "leave")
        await settled(fake, bot)
        assert table.status == CLOSED and not is_open(bot, channel)


class Broken:
    """A computer player with a bug: every move it picks is illegal (each is noted)."""

    level = "hard"

    def __init__(self, picked: list[Action]) -> None:
        self.picked = picked

    def choose(self, view: SeatView) -> Action:
        self.picked.append(Action("discard", view.seat, 0))
        return self.picked[-1]

    def slap(self, view: SeatView) -> Action | None:
        return None


async def test_an_illegal_move_from_a_bot_is_replaced_by_the_automatic_move(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake.add_member(guild, "ann")
    picked: list[Action] = []
    async with run_bot(fake, make_bot()) as bot:
        patch_computer_players(monkeypatch, lambda level, rng: Broken(picked))
        lobby = await open_table(ann, [])
        await ann.slash("tonk", "addbot", level="hard")
        await quiet(fake, bot)
        stack_table(bot, channel, cuts=["KS", "2C"])  # ann deals; the bot plays first
        await ann.click(lobby, "Start")
        await settled(fake, bot)
        table = table_in(bot, channel)
        assert table.to_act_id == ann.id and table.hand is not None
        assert [a.kind for a in table.hand.log] == ["draw", "discard"]
        assert picked and picked[-1] not in table.hand.log  # asked, refused, replaced
