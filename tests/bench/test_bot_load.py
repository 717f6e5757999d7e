"""The load benchmark's parts that must be right for its figures to mean anything: the floor
bot answers a click with one edit of the panel it was given, and the meter takes a deferral
as the callback but still requires the edit that completes it."""

from __future__ import annotations

import asyncio
import random
import sys
from functools import partial
from pathlib import Path

import discord
import pytest
from discord import InteractionResponseType, app_commands

from bench.bot_load import NEW_TABLE_TRIES, Meter, Player, count_live_blocks, new_lobby
from bench.floor_bot import FloorBot
from tests.fakediscord import FakeDiscord, run_bot

PANEL = {
    "content": "",
    "embeds": [{"title": "Your hand · hand 1", "description": "A♣ 5♣ 6♥\nCount 12"}],
    "components": [
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "pick",
                    "min_values": 0,
                    "max_values": 2,
                    "placeholder": "Pick cards",
                    "options": [{"label": "A♣", "value": "AC"}, {"label": "5♣", "value": "5C"}],
                }
            ],
        },
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "Draw", "custom_id": "draw"},
                {"type": 2, "style": 3, "label": "Spread", "custom_id": "spread", "disabled": True},
            ],
        },
    ],
}
GO = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]


async def test_the_floor_answers_a_click_and_a_pick_with_one_edit_of_its_panel(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Floor", channels=["t0"])
    alice = fake_discord.add_member(guild, "alice")
    async with run_bot(fake_discord, FloorBot(PANEL)):
        opened = await alice.slash("panel")
        panel = opened.message
        assert panel is not None and opened.ephemeral
        clicked = await alice.click(panel, "Draw")
        picked = await alice.select(panel, "pick", ["5C"])
    assert clicked.type is picked.type is InteractionResponseType.message_update
    assert len(panel.versions) == 3
    for version in panel.versions:
        assert [e["description"] for e in version.embeds] == ["A♣ 5♣ 6♥\nCount 12"]
        buttons = [c for c in version.iter_components() if c["type"] == 2]
        assert [(b["label"], b.get("disabled")) for b in buttons] == [
            ("Draw", False),
            ("Spread", True),
        ]


class Deferring(discord.ui.View):
    """A button that defers, then completes the interaction with an edit, or never does."""

    def __init__(self, complete: bool) -> None:
        super().__init__(timeout=None)
        self.complete = complete

    @discord.ui.button(label="Go", custom_id="go")
    async def go(
        self, interaction: discord.Interaction, button: discord.ui.Button[Deferring]
    ) -> None:
        await interaction.response.defer()
        if self.complete:
            await interaction.edit_original_response(content="done")


class DeferringBot(discord.Client):
    def __init__(self, complete: bool) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.complete = complete

    async def setup_hook(self) -> None:
        self.add_view(Deferring(self.complete))


async def click_go(fake: FakeDiscord, complete: bool) -> Meter:
    guild = fake.add_guild("Defer", channels=["t0"])
    alice = fake.add_member(guild, "alice")
    meter = Meter(fake, completion_timeout=0.5)
    async with run_bot(fake, DeferringBot(complete)):
        message = await fake.post_message(guild.text_channels[0], {"content": "", "components": GO})
        await meter.send("alice", partial(alice.click, message, "Go", settle=False), message)
    return meter


async def test_a_deferral_is_the_callback_and_its_completion_is_awaited(
    fake_discord: FakeDiscord,
) -> None:
    meter = await click_go(fake_discord, complete=True)
    assert meter.stats.deferred == 1 and len(meter.stats.latencies) == 1
    assert meter.stats.errors == [] and meter.stats.late == 0
    assert fake_discord.latest(contains="done") is not None


async def test_a_deferral_never_completed_is_an_error(fake_discord: FakeDiscord) -> None:
    meter = await click_go(fake_discord, complete=False)
    assert meter.stats.deferred == 1
    assert len(meter.stats.errors) == 1 and "never completed" in meter.stats.errors[0]


class Join(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Button(label="Join", custom_id="join"))


class BusyBot(discord.Client):
    """``/tonk new`` answered "try again" the first ``refusals`` times, then with a lobby."""

    def __init__(self, refusals: int) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.refusals = refusals
        self.tree = app_commands.CommandTree(self)
        tonk = app_commands.Group(name="tonk", description="Tonk")
        tonk.command(name="new", description="Open a table")(self.new)
        self.tree.add_command(tonk)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def new(self, interaction: discord.Interaction) -> None:
        if self.refusals:
            self.refusals -= 1
            await interaction.response.send_message("Busy. Please try again.", ephemeral=True)
        else:
            await interaction.response.send_message("Tonk table", view=Join())


@pytest.mark.parametrize(("refusals", "opened"), [(2, True), (NEW_TABLE_TRIES, False)])
async def test_a_host_told_to_try_again_runs_tonk_new_again_and_each_refusal_counts(
    fake_discord: FakeDiscord, refusals: int, opened: bool
) -> None:
    guild = fake_discord.add_guild("Busy", channels=["t0"])
    alice = fake_discord.add_member(guild, "alice").at(guild.text_channels[0])
    meter = Meter(fake_discord)
    host = Player(meter, alice, random.Random(1), think=0.0)
    async with run_bot(fake_discord, BusyBot(refusals)):
        if opened:
            lobby = await new_lobby(host)
            assert lobby.content == "Tonk table" and not lobby.ephemeral
        else:
            with pytest.raises(RuntimeError, match=f"refused {NEW_TABLE_TRIES} times"):
                await new_lobby(host)
    assert meter.stats.refused == refusals and meter.stats.errors == []


async def test_a_soaked_bot_writes_its_live_blocks_whole_and_keeps_them_current(
    tmp_path: Path,
) -> None:
    """The soak's live-memory figure: the file holds this process's allocated blocks as one
    whole number, and follows them when the process allocates more."""
    path = tmp_path / "live_blocks"

    async def count_at_least(blocks: int) -> int:
        while not path.exists() or int(path.read_text()) < blocks:
            await asyncio.sleep(0.01)
        return int(path.read_text())

    counting = asyncio.create_task(count_live_blocks(path, every=0.01))
    try:
        before = await asyncio.wait_for(count_at_least(0), 5)
        assert before == pytest.approx(sys.getallocatedblocks(), rel=0.01)
        kept = [[n] for n in range(50_000)]
        assert await asyncio.wait_for(count_at_least(before + len(kept)), 5)
    finally:
        counting.cancel()
    assert [p.name for p in tmp_path.iterdir()] == ["live_blocks"]
