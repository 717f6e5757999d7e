"""The table's buttons and menus as persistent ``DynamicItem`` templates: they read every
click back from its ``custom_id`` (``views.py`` builds the components that are sent).

Every ``custom_id`` names the table and the table's state version (and, on the table
message, the hand), so that a component keeps working after a restart, and a click on an
out-of-date component is recognised: a panel's is refused; a table-message button is taken
at its word while its meaning holds (Draw and Drop for the player to act, Take while the
same card is on top). Registered with ``bot.add_dynamic_items``.

- ``tonk:t:{table}:{hand}:{version}:{action}[:{cards}]``: a button of the table message
  (``cards``: for Take, the discard it takes, a hexadecimal card mask).
- ``tonk:p:{table}:{hand}:{version}:{action}:{cards}:{spread}``: a move on a private panel
  (``cards`` is a hexadecimal card mask, ``spread`` a spread number or -1).
- ``tonk:s:{table}:{hand}:{version}``: the panel's card menu.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

TONK_COG = "Tonk"


@dataclass(frozen=True, slots=True)
class TableKey:
    """What a table-message button says: which table, hand and version, what to do, and
    for Take the card it takes (a card mask)."""

    table_id: int
    hand: int
    version: int
    action: str
    cards: int = 0

    @property
    def custom_id(self) -> str:
        base = f"tonk:t:{self.table_id}:{self.hand}:{self.version}:{self.action}"
        return f"{base}:{self.cards:x}" if self.cards else base


@dataclass(frozen=True, slots=True)
class PanelKey:
    """What a panel button says: a move (``action``) on ``cards``, onto ``spread``."""

    table_id: int
    hand: int
    version: int
    action: str
    cards: int = 0
    spread: int = -1

    @property
    def custom_id(self) -> str:
        return (
            f"tonk:p:{self.table_id}:{self.hand}:{self.version}:{self.action}"
            f":{self.cards:x}:{self.spread}"
        )


@dataclass(frozen=True, slots=True)
class PickKey:
    """What the panel's card menu says: which table, hand and version it was shown for."""

    table_id: int
    hand: int
    version: int

    @property
    def custom_id(self) -> str:
        return f"tonk:s:{self.table_id}:{self.hand}:{self.version}"


class ComponentHandler(Protocol):
    """What the components call (the tables service)."""

    async def table_button(self, interaction: discord.Interaction, key: TableKey) -> None: ...

    async def panel_button(self, interaction: discord.Interaction, key: PanelKey) -> None: ...

    async def card_pick(
        self, interaction: discord.Interaction, key: PickKey, values: list[str]
    ) -> None: ...


async def _handle(
    interaction: discord.Interaction, call: Callable[[ComponentHandler], Awaitable[None]]
) -> None:
    """Hand the click to the tables service; any error goes to the command tree's one error
    path (logged, and an apology to the player)."""
    client: Any = interaction.client
    try:
        await call(client.get_cog(TONK_COG).service)
    except Exception as error:
        await client.tree.on_error(interaction, error)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"tonk:t:(?P<table>\d+):(?P<hand>\d+):(?P<version>\d+):(?P<action>[a-z_]+)"
        r"(?::(?P<cards>[0-9a-f]+))?"
    ),
):
    """A button under the table message: Join, Leave, Start, My hand, Draw, Take, Drop, Next."""

    def __init__(self, key: TableKey) -> None:
        super().__init__(discord.ui.Button(custom_id=key.custom_id))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        key = TableKey(
            int(match["table"]),
            int(match["hand"]),
            int(match["version"]),
            match["action"],
            int(match["cards"] or "0", 16),
        )
        return cls(key)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handle(interaction, lambda service: service.table_button(interaction, self.key))


class PanelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"tonk:p:(?P<table>\d+):(?P<hand>\d+):(?P<version>\d+):(?P<action>[a-z_]+)"
        r":(?P<cards>[0-9a-f]+):(?P<spread>-?\d+)"
    ),
):
    """A move on a private panel: Draw, Take, Drop, Claim, Spread, Hit, Discard, Slap."""

    def __init__(self, key: PanelKey) -> None:
        super().__init__(discord.ui.Button(custom_id=key.custom_id))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PanelButton:
        key = PanelKey(
            int(match["table"]),
            int(match["hand"]),
            int(match["version"]),
            match["action"],
            int(match["cards"], 16),
            int(match["spread"]),
        )
        return cls(key)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handle(interaction, lambda service: service.panel_button(interaction, self.key))


class CardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"tonk:s:(?P<table>\d+):(?P<hand>\d+):(?P<version>\d+)",
):
    """The panel's menu of the player's cards (several may be picked)."""

    def __init__(self, key: PickKey) -> None:
        super().__init__(discord.ui.Select(custom_id=key.custom_id))
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardSelect:
        return cls(PickKey(int(match["table"]), int(match["hand"]), int(match["version"])))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await _handle(interaction, lambda service: service.card_pick(interaction, self.key, values))


DYNAMIC_ITEMS = (TableButton, PanelButton, CardSelect)
