"""The budget of requests that count against Discord's global rate limit
(``cogs/tonk/budget.py``), and coalesced edits waiting their turn in it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import replace

import pytest

from cogs.tonk.budget import RequestBudget
from cogs.tonk.coalesce import Coalescer
from tests.cogs.helpers import (
    FAST,
    clock,
    drop,
    make_bot,
    my_hand,
    open_table,
    play_cards,
    quiet,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, run_bot


def test_a_burst_is_granted_at_once_then_one_request_per_interval() -> None:
    budget = RequestBudget(rate=10.0, burst=3)
    waits = [budget.delay(now=0.0) for _ in range(6)]
    assert waits == pytest.approx([0.0, 0.0, 0.0, 0.1, 0.2, 0.3])


def test_an_idle_budget_fills_up_to_its_burst_and_no_further() -> None:
    budget = RequestBudget(rate=10.0, burst=3)
    for _ in range(6):
        budget.delay(now=0.0)  # booked until 0.6 s
    assert budget.delay(now=0.65) == pytest.approx(0.0)
    later = [budget.delay(now=100.0) for _ in range(4)]  # long idle: a burst of 3, no more
    assert later == pytest.approx([0.0, 0.0, 0.0, 0.1])


def test_a_budget_needs_a_positive_rate_and_burst() -> None:
    with pytest.raises(ValueError, match="positive"):
        RequestBudget(rate=0.0, burst=1)
    with pytest.raises(ValueError, match="positive"):
        RequestBudget(rate=1.0, burst=0)


async def test_an_edit_waiting_for_the_budget_shows_the_latest_state_once() -> None:
    """Two tables share a budget of one request per 50 ms: the second table's edit waits its
    turn, and the changes made meanwhile are shown by that one edit."""
    coalescer = Coalescer(interval=0.0)
    budget = RequestBudget(rate=20.0, burst=1)
    loop = asyncio.get_running_loop()
    runs: list[tuple[str, float]] = []

    def edit(state: str):  # type: ignore[no-untyped-def]
        async def run() -> None:
            runs.append((state, loop.time()))

        return run

    started = loop.time()
    coalescer.request("table 1", edit("table 1 v1"), budget=budget)
    coalescer.request("table 2", edit("table 2 v1"), budget=budget)
    coalescer.request("table 2", edit("table 2 v2"), budget=budget)
    coalescer.request("table 2", edit("table 2 v3"), budget=budget)
    await coalescer.drain()
    assert [state for state, _ in runs] == ["table 1 v1", "table 2 v3"]
    assert runs[1][1] - started >= 0.045


HANDS: dict[str, Sequence[str]] = {
    "ann": ["KC", "QD", "9S", "8C", "2D"],
    "bob": ["4H", "5H", "6H", "7S", "7D"],
}
EDITS = "PATCH /channels/{channel_id}/messages/{message_id}"


async def test_two_busy_tables_edit_within_the_budget_and_end_on_the_latest_state(
    fake_discord: FakeDiscord,
) -> None:
    """With 4 edits a second for the whole bot, two tables playing turns edit their table
    messages and DMs no faster than that, and each table message ends on its last move."""
    rate = 4.0
    timing = replace(FAST, channel_requests_per_s=rate)
    guild = fake_discord.add_guild("Casino", channels=["one", "two"])
    ann, bob = fake_discord.add_member(guild, "ann"), fake_discord.add_member(guild, "bob")
    tables = [(guild.channel(name), ann.at(guild.channel(name)), bob.at(guild.channel(name)))
              for name in ("one", "two")]  # fmt: skip
    async with run_bot(fake_discord, make_bot(timing=timing)) as bot:
        for channel, host, guest in tables:
            lobby = await open_table(host, [guest])
            stack_table(bot, channel, cuts=["KS", "2C"], hands=HANDS, dealer="ann",
                        stock=["KH", "3C", "QH"])  # fmt: skip
            await host.click(lobby, "Start")
        await quiet(fake_discord, bot)
        before, started = fake_discord.requests[EDITS], time.monotonic()
        for bobs_turn, card in ((True, "7♦"), (False, "K♣")):  # at both tables at once
            for channel, host, guest in tables:
                player = guest if bobs_turn else host
                message = table_message(fake_discord, bot, channel)
                await player.click(message, "Draw")
                await play_cards(player, await my_hand(player, message), card, f"Discard {card}")
            await quiet(fake_discord, bot)
        edits = fake_discord.requests[EDITS] - before
        elapsed = time.monotonic() - started
        assert edits <= rate + rate * elapsed, (edits, elapsed)
        for channel, _, _ in tables:
            shown = table_message(fake_discord, bot, channel).text()
            assert "ann discarded K♣" in shown and "**bob** to play" in shown


async def test_a_players_dm_channel_is_opened_once_even_when_discord_py_forgot_it(
    fake_discord: FakeDiscord,
) -> None:
    """discord.py keeps only the last 128 DM channels: a busy bot's players would have their
    DM channel opened again at every hand (a request against the global limit). The bot
    keeps each player's DM channel id itself."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann, bob = fake_discord.add_member(guild, "ann"), fake_discord.add_member(guild, "bob")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann.at(channel), [bob.at(channel)])
        await ann.at(channel).click(lobby, "Start")
        await quiet(fake_discord, bot)
        assert fake_discord.requests["POST /users/@me/channels"] == 2
        state = bot._connection
        state._private_channels.clear()  # as when 128 other players' DMs came since
        state._private_channels_by_user.clear()
        await drop(bob.at(channel), table_message(fake_discord, bot, channel))
        clock(bot).advance(FAST.next_hand_delay + 1)
        await fake_discord.wait_for(lambda: table_in(bot, channel).hand_number == 2)
        await quiet(fake_discord, bot)
        assert len(ann.dms()) == len(bob.dms()) == 2  # one DM of each hand
        assert fake_discord.requests["POST /users/@me/channels"] == 2
