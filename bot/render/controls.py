"""Buttons and menus as plain data: what to show, with which words, enabled or not.

The cogs turn these into Discord components whose ``custom_id`` carries the table, its
version and the ``action`` (with ``cards`` and ``spread`` for moves on cards): a move
(``Kind``), a button of the private panel (``PanelButton``) or of the table message
(``TableButton``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from bot.engine.actions import Kind


class Style(Enum):
    """How a button looks (the cogs map these to Discord's button styles)."""

    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


class TableButton(StrEnum):
    """What a button of the table message does (its custom id says it)."""

    JOIN = "join"
    INVITE = "invite"
    LEAVE = "leave"
    START = "start"
    MY_HAND = "hand"
    DRAW = "draw"
    TAKE = "take"
    DROP = "drop"
    NEXT = "next"
    AGAIN = "again"
    REPLAY = "replay"
    """Not a table route: the button opens the finished hand's replay (``/tonk replay``)."""
    LEARN = "learn"
    """Not a table route: **How to play**, the standard game shown privately
    (``cogs.tonk.learn``)."""


class PanelButton(StrEnum):
    """A button of the private panel that is not a move."""

    REFRESH = "refresh"
    HINT = "hint"


ButtonAction = Kind | PanelButton | TableButton
"""What a button does: a move on the panel, or another button of the panel or the table."""


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """One button: ``action`` names what it does; ``row`` places it (0-4)."""

    action: ButtonAction
    label: str
    style: Style = Style.SECONDARY
    disabled: bool = False
    cards: int = 0
    spread: int | None = None
    row: int = 0


@dataclass(frozen=True, slots=True)
class CardOption:
    """One card in a card menu: ``value`` is the card's code (``10H``), ``label`` its symbol."""

    value: str
    label: str
    selected: bool


@dataclass(frozen=True, slots=True)
class CardSelectSpec:
    """A menu to pick several cards of one's hand."""

    placeholder: str
    options: tuple[CardOption, ...]
    row: int = 0


@dataclass(frozen=True, slots=True)
class Controls:
    """Every component under a message."""

    buttons: tuple[ButtonSpec, ...] = ()
    select: CardSelectSpec | None = None
