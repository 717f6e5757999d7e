"""The floor ``bench/bot_load.py`` measures the bot against: a bare discord.py bot.

No game, no database: ``/panel`` opens an ephemeral panel showing a message our bot sent
(``{"content", "embeds", "components"}``, read from a JSON file), and a click on any of its
buttons, or a pick in its menu, is answered with one edit:
``interaction.response.edit_message`` with that content, those embeds and those components,
built anew for every answer, as a bot whose panel changes must.

The benchmark runs it in a child process: ``python bench/floor_bot.py API GATEWAY TOKEN
PAYLOAD``, the way ``tonk run`` runs our bot (the same intents, the same event loop, the same
garbage-collector tuning), against the fake Discord at those URLs.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from pathlib import Path
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.serve import run_loop, tune_gc

Payload = dict[str, Any]
BUTTON = 2


class FloorButton(discord.ui.Button["FloorPanel"]):
    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.answer(interaction)


class FloorSelect(discord.ui.Select["FloorPanel"]):
    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.answer(interaction)


def floor_item(component: Payload, row: int) -> discord.ui.Item[FloorPanel]:
    """The button or string select a component payload describes, in action row ``row``."""
    emoji = component.get("emoji")
    if component["type"] == BUTTON:
        return FloorButton(
            style=discord.ButtonStyle(component["style"]),
            label=component.get("label"),
            custom_id=component["custom_id"],
            disabled=component.get("disabled", False),
            emoji=emoji and discord.PartialEmoji.from_dict(emoji),
            row=row,
        )
    return FloorSelect(
        custom_id=component["custom_id"],
        placeholder=component.get("placeholder"),
        min_values=component.get("min_values", 1),
        max_values=component.get("max_values", 1),
        options=[
            discord.SelectOption(
                label=option["label"],
                value=option["value"],
                description=option.get("description"),
                default=option.get("default", False),
            )
            for option in component["options"]
        ],
        disabled=component.get("disabled", False),
        row=row,
    )


class FloorPanel(discord.ui.View):
    """The panel: ``payload``'s components; any of them answers with the whole panel."""

    def __init__(self, payload: Payload) -> None:
        super().__init__(timeout=None)
        self.payload = payload
        for row, action_row in enumerate(payload["components"]):
            for component in action_row["components"]:
                self.add_item(floor_item(component, row))

    def embeds(self) -> list[discord.Embed]:
        return [discord.Embed.from_dict(embed) for embed in self.payload["embeds"]]

    async def answer(self, interaction: discord.Interaction) -> None:
        """The one edit: the panel again, as a new embed and view."""
        panel = FloorPanel(self.payload)
        await interaction.response.edit_message(
            content=self.payload["content"] or None, embeds=panel.embeds(), view=panel
        )


@app_commands.command(description="Open a panel")
async def panel(interaction: discord.Interaction[FloorBot]) -> None:
    view = FloorPanel(interaction.client.payload)
    await interaction.response.send_message(
        content=view.payload["content"] or None, embeds=view.embeds(), view=view, ephemeral=True
    )


class FloorBot(discord.Client):
    """The bare bot: ``/panel`` (synced at start-up) and the panels it opens."""

    def __init__(self, payload: Payload) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.payload = payload
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(panel)

    async def setup_hook(self) -> None:
        await self.tree.sync()


async def serve(api_url: str, gateway_url: str, token: str, payload_file: str) -> None:
    """Run the floor bot against the fake Discord at these URLs until it is stopped."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    Route.BASE = api_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    async with FloorBot(json.loads(Path(payload_file).read_text())) as client:
        await client.login(token)
        tune_gc()
        await client.connect()


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        run_loop(serve(*sys.argv[1:5]))
