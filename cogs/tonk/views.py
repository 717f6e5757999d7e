"""Discord components from the renderers' plain control specs.

A table message or panel is sent as ``Rows``: its action rows built directly as the JSON
Discord takes, with the custom ids that ``components.py``'s keys write and its routes read
back. Building ``discord.ui`` items for every edit (a ``Button`` per button, a
``SelectOption`` per card, then their JSON) took about 7% of the bot's CPU in
``bench/bot_load.py``; nothing needs those items, since the routes answer every click.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from bot.render.controls import ButtonSpec, CardSelectSpec, Controls, Style, TableButton
from bot.render.limits import BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER, clip
from bot.render.replay import replay_start_id
from cogs.tonk.components import LEARN_ID, Of, PanelKey, PickKey, TableIdKey, TableKey

Component = dict[str, Any]

STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary.value,
    Style.SECONDARY: discord.ButtonStyle.secondary.value,
    Style.SUCCESS: discord.ButtonStyle.success.value,
    Style.DANGER: discord.ButtonStyle.danger.value,
}
ROW_WIDTH = 5
"""Buttons in one action row; a menu fills a row alone."""
ACTION_ROW = discord.ComponentType.action_row.value
BUTTON = discord.ComponentType.button.value
STRING_SELECT = discord.ComponentType.string_select.value
USER_SELECT = discord.ComponentType.user_select.value


class Rows(discord.ui.View):
    """A message's components, sent as they are (no rows: the message loses its buttons).

    It holds no items, so discord.py stores nothing for it: the routes of ``components.py``,
    added once to the client's ``ComponentRouter``, answer its clicks. For the same reason
    it skips ``View.__init__`` (a random id, a future, the children's layout: 1–2% of the
    bot's CPU at 100 busy tables in ``bench/bot_load.py``) and answers the few questions
    discord.py asks of a view that it sends: its components, its children (none), its
    timeout (none), and that it is finished (nothing to store).
    """

    def __init__(self, rows: list[Component]) -> None:  # no super().__init__: see above
        self.rows = rows
        self._children = []  # read by ``children`` (``fit_view`` walks it)

    def to_components(self) -> list[Component]:
        return self.rows

    @property
    def timeout(self) -> float | None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        """Nothing times out: the routes answer the clicks, whenever they come."""

    def has_components_v2(self) -> bool:
        return False

    def is_dispatchable(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True


def table_view(table_id: int, hand: int, version: int, controls: Controls) -> Rows:
    """The table message's buttons (an empty one removes them). Replay is answered by the
    replay's own component (``cogs.scoreboard.replay``) and How to play by its own route
    (``cogs.tonk.learn``), not by a table route."""

    def custom_id(spec: ButtonSpec) -> str:
        match spec.action:
            case TableButton.REPLAY:
                return replay_start_id(table_id, hand)
            case TableButton.LEARN:
                return LEARN_ID
            case _:
                return TableKey(table_id, hand, version, spec.action, spec.cards).custom_id

    return _rows((spec.row, _button(custom_id(spec), spec)) for spec in controls.buttons)


def panel_view(table_id: int, hand: int, version: int, controls: Controls) -> Rows:
    """A private panel's card menu and move buttons."""
    placed = [
        (
            spec.row,
            _button(
                PanelKey(table_id, hand, version, spec.action, spec.cards, spec.spread).custom_id,
                spec,
            ),
        )
        for spec in controls.buttons
    ]
    if controls.select is not None:
        placed.insert(
            0, (controls.select.row, _select(PickKey(table_id, hand, version), controls.select))
        )
    return _rows(placed)


def invite_view(table_id: int, most: int, placeholder: str) -> Rows:
    """The menu of members to invite to the table: one to ``most`` of them."""
    menu = {
        "type": USER_SELECT,
        "custom_id": TableIdKey(Of.INVITE, table_id).custom_id,
        "min_values": 1,
        "max_values": most,
        "placeholder": clip(placeholder, PLACEHOLDER),
    }
    return _rows([(0, menu)])


def join_view(tables: Iterable[tuple[int, str]]) -> Rows:
    """The Join buttons of the ``/tonk tables`` list: one per (table id, label), in a row."""
    return _rows(
        (
            0,
            _button(
                TableIdKey(Of.JOIN, table_id).custom_id,
                ButtonSpec(TableButton.JOIN, label, Style.SUCCESS),
            ),
        )
        for table_id, label in tables
    )


def learn_view(label: str) -> Rows:
    """**How to play** (``label``), the button that shows the standard game privately to
    whoever presses it (``cogs.tonk.learn``)."""
    return _rows([(0, _plain_button(LEARN_ID, label, Style.PRIMARY))])


def _button(custom_id: str, spec: ButtonSpec) -> Component:
    return _plain_button(custom_id, spec.label or spec.action, spec.style, spec.disabled)


def _plain_button(custom_id: str, label: str, style: Style, disabled: bool = False) -> Component:
    return {
        "type": BUTTON,
        "style": STYLES[style],
        "disabled": disabled,
        "label": clip(label, BUTTON_LABEL),
        "custom_id": custom_id,
    }


def _select(key: PickKey, spec: CardSelectSpec) -> Component:
    options = [
        {"label": clip(o.label, OPTION_LABEL), "value": o.value, "default": o.selected}
        for o in spec.options
    ] or [{"label": "-", "value": "-", "default": False}]
    menu: Component = {
        "type": STRING_SELECT,
        "custom_id": key.custom_id,
        "min_values": 0,
        "max_values": len(options),
        "disabled": False,
        "required": True,
        "options": options,
    }
    if spec.placeholder:
        menu["placeholder"] = clip(spec.placeholder, PLACEHOLDER)
    return menu


def _rows(placed: Iterable[tuple[int, Component]]) -> Rows:
    """Components by row number, as action rows in row order (a row holds at most five
    buttons, or one menu)."""
    by_row: dict[int, list[Component]] = {}
    for row, component in placed:
        by_row.setdefault(row, []).append(component)
    rows = []
    for number in sorted(by_row):
        components = by_row[number]
        width = sum(
            ROW_WIDTH if c["type"] in (STRING_SELECT, USER_SELECT) else 1 for c in components
        )
        if width > ROW_WIDTH:
            raise ValueError(f"row {number} holds more than one menu or {ROW_WIDTH} buttons")
        rows.append({"type": ACTION_ROW, "components": components})
    return Rows(rows)
