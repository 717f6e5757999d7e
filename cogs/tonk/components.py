"""The table's buttons and menus: what their ``custom_id`` says, written and read back.

Every ``custom_id`` names the table and the table's state version (and, on the table
message, the hand), so that a component keeps working after a restart, and a click on an
out-of-date component is recognised: a panel's is refused; a table-message button is taken
at its word while its meaning holds (Draw and Drop for the player to act, Take while the
same card is on top). Each key's ``PATTERN`` reads its custom ids back; :data:`ROUTES`,
added to the bot's ``ComponentRouter`` (``bot.routing``), sends each click to the tables
service.

- ``tonk:t:{table}:{hand}:{version}:{action}[:{cards}]``: a button of the table message
  (``cards``: for Take, the discard it takes, a hexadecimal card mask).
- ``tonk:p:{table}:{hand}:{version}:{action}:{cards}:{spread}``: a move on a private panel
  (``cards`` is a hexadecimal card mask, ``spread`` a spread number, or -1 for none).
- ``tonk:s:{table}:{hand}:{version}``: the panel's card menu.
- ``tonk:i:{table}``: the menu of members to invite to a private table (its **Invite**).
- ``tonk:j:{table}``: a **Join** button of the ``/tonk tables`` list (a seat at that table,
  wherever it is).
- ``tonk:learn``: **How to play**, under ``/tonk help``, ``/tonk rules`` and the welcome: the
  standard game, shown privately to whoever presses it (``cogs.tonk.learn``).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol

import discord

from bot.client import guarded
from bot.routing import Handler

TONK_COG = "Tonk"
LEARN_ID = "tonk:learn"
"""The custom id of every **How to play** button."""


@dataclass(frozen=True, slots=True)
class TableKey:
    """What a table-message button says: which table, hand and version, what to do, and
    for Take the card it takes (a card mask)."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"tonk:t:(?P<table>\d+):(?P<hand>\d+):(?P<version>\d+):(?P<action>[a-z_]+)"
        r"(?::(?P<cards>[0-9a-f]+))?"
    )

    table_id: int
    hand: int
    version: int
    action: str
    cards: int = 0

    @property
    def custom_id(self) -> str:
        base = f"tonk:t:{self.table_id}:{self.hand}:{self.version}:{self.action}"
        return f"{base}:{self.cards:x}" if self.cards else base

    @classmethod
    def read(cls, match: re.Match[str]) -> TableKey:
        """The key a custom id matched by :attr:`PATTERN` holds."""
        return cls(
            int(match["table"]),
            int(match["hand"]),
            int(match["version"]),
            match["action"],
            int(match["cards"] or "0", 16),
        )


@dataclass(frozen=True, slots=True)
class PanelKey:
    """What a panel button says: a move (``action``) on ``cards``, onto ``spread``."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"tonk:p:(?P<table>\d+):(?P<hand>\d+):(?P<version>\d+):(?P<action>[a-z_]+)"
        r":(?P<cards>[0-9a-f]+):(?P<spread>-?\d+)"
    )

    table_id: int
    hand: int
    version: int
    action: str
    cards: int = 0
    spread: int | None = None

    @property
    def custom_id(self) -> str:
        spread = -1 if self.spread is None else self.spread
        return (
            f"tonk:p:{self.table_id}:{self.hand}:{self.version}:{self.action}"
            f":{self.cards:x}:{spread}"
        )

    @classmethod
    def read(cls, match: re.Match[str]) -> PanelKey:
        """The key a custom id matched by :attr:`PATTERN` holds."""
        return cls(
            int(match["table"]),
            int(match["hand"]),
            int(match["version"]),
            match["action"],
            int(match["cards"], 16),
            None if (spread := int(match["spread"])) < 0 else spread,
        )


@dataclass(frozen=True, slots=True)
class PickKey:
    """What the panel's card menu says: which table, hand and version it was shown for."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile(
        r"tonk:s:(?P<table>\d+):(?P<hand>\d+):(?P<version>\d+)"
    )

    table_id: int
    hand: int
    version: int

    @property
    def custom_id(self) -> str:
        return f"tonk:s:{self.table_id}:{self.hand}:{self.version}"

    @classmethod
    def read(cls, match: re.Match[str]) -> PickKey:
        """The key a custom id matched by :attr:`PATTERN` holds."""
        return cls(int(match["table"]), int(match["hand"]), int(match["version"]))


class Of(StrEnum):
    """What a component that names only its table is."""

    INVITE = "i"
    """The menu of members to invite to a private table."""
    JOIN = "j"
    """A Join button of the ``/tonk tables`` list."""


@dataclass(frozen=True, slots=True)
class TableIdKey:
    """What a component that names only its table says: what it is, and which table."""

    of: Of
    table_id: int

    @property
    def custom_id(self) -> str:
        return f"tonk:{self.of}:{self.table_id}"

    @staticmethod
    def pattern(of: Of) -> re.Pattern[str]:
        """What reads back the custom ids of ``of``'s components."""
        return re.compile(rf"tonk:{of}:(?P<table>\d+)")


@dataclass(frozen=True, slots=True)
class Picked:
    """A member picked in a user menu: their id, the name the server shows, and whether
    they are a bot."""

    user_id: int
    name: str
    bot: bool


def picked_members(data: Any) -> list[Picked]:
    """The members a user menu's interaction ``data`` picked, with the names and bot flags
    its ``resolved`` users and members give (a member's server nickname first)."""
    resolved = data.get("resolved") or {}
    users, members = resolved.get("users") or {}, resolved.get("members") or {}
    picked = []
    for value in data.get("values", []):
        user = users.get(str(value)) or {}
        nick = (members.get(str(value)) or {}).get("nick")
        name = nick or user.get("global_name") or user.get("username") or str(value)
        picked.append(Picked(int(value), str(name), bool(user.get("bot", False))))
    return picked


class ComponentHandler(Protocol):
    """What the components call (the tables service)."""

    async def table_button(self, interaction: discord.Interaction, key: TableKey) -> None: ...

    async def panel_button(self, interaction: discord.Interaction, key: PanelKey) -> None: ...

    async def card_pick(
        self, interaction: discord.Interaction, key: PickKey, values: list[str]
    ) -> None: ...

    async def invite_pick(
        self, interaction: discord.Interaction, table_id: int, members: list[Picked]
    ) -> None: ...

    async def join_listed(self, interaction: discord.Interaction, table_id: int) -> None: ...


async def _handle(
    interaction: discord.Interaction, call: Callable[[ComponentHandler], Awaitable[None]]
) -> None:
    """Hand the click to the tables service (:func:`guarded`)."""
    client: Any = interaction.client
    await guarded(interaction, lambda: call(client.get_cog(TONK_COG).service))


async def table_button(interaction: discord.Interaction, match: re.Match[str]) -> None:
    """A button under the table message: Join, Leave, Start, My hand, Draw, Take, Drop, Next."""
    key = TableKey.read(match)
    await _handle(interaction, lambda service: service.table_button(interaction, key))


async def panel_button(interaction: discord.Interaction, match: re.Match[str]) -> None:
    """A move on a private panel: Draw, Take, Drop, Claim, Spread, Hit, Discard, Slap."""
    key = PanelKey.read(match)
    await _handle(interaction, lambda service: service.panel_button(interaction, key))


async def card_pick(interaction: discord.Interaction, match: re.Match[str]) -> None:
    """The panel's menu of the player's cards (several may be picked)."""
    key = PickKey.read(match)
    data: Any = interaction.data or {}
    values = [str(value) for value in data.get("values", [])]
    await _handle(interaction, lambda service: service.card_pick(interaction, key, values))


async def invite_pick(interaction: discord.Interaction, match: re.Match[str]) -> None:
    """The menu of members the host of a private table invites."""
    table_id = int(match["table"])
    members = picked_members(interaction.data or {})
    await _handle(interaction, lambda service: service.invite_pick(interaction, table_id, members))


async def join_listed(interaction: discord.Interaction, match: re.Match[str]) -> None:
    """A Join button of the ``/tonk tables`` list."""
    table_id = int(match["table"])
    await _handle(interaction, lambda service: service.join_listed(interaction, table_id))


ROUTES: tuple[tuple[re.Pattern[str], Handler], ...] = (
    (TableKey.PATTERN, table_button),
    (PanelKey.PATTERN, panel_button),
    (PickKey.PATTERN, card_pick),
    (TableIdKey.pattern(Of.INVITE), invite_pick),
    (TableIdKey.pattern(Of.JOIN), join_listed),
)
"""The table's components, for the bot's ``ComponentRouter``."""
