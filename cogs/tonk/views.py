"""Discord components from the renderers' plain control specs."""

from __future__ import annotations

from typing import Any

import discord

from bot.render.controls import Controls, Style
from bot.render.limits import fit_view
from cogs.tonk.components import (
    CardSelect,
    PanelButton,
    PanelKey,
    PickKey,
    TableButton,
    TableKey,
)

STYLES = {
    Style.PRIMARY: discord.ButtonStyle.primary,
    Style.SECONDARY: discord.ButtonStyle.secondary,
    Style.SUCCESS: discord.ButtonStyle.success,
    Style.DANGER: discord.ButtonStyle.danger,
}


def table_view(table_id: int, hand: int, version: int, controls: Controls) -> discord.ui.View:
    """The table message's buttons (an empty view removes them)."""
    view = discord.ui.View(timeout=None)
    for spec in controls.buttons:
        key = TableKey(table_id, hand, version, spec.action, spec.cards)
        view.add_item(TableButton(key, spec.label, STYLES[spec.style], spec.disabled, spec.row))
    return fit_view(view)


def panel_view(table_id: int, hand: int, version: int, controls: Controls) -> discord.ui.View:
    """A private panel's card menu and move buttons."""
    view = discord.ui.View(timeout=None)
    if controls.select is not None:
        options = [
            discord.SelectOption(label=o.label, value=o.value, default=o.selected)
            for o in controls.select.options
        ]
        view.add_item(
            CardSelect(
                PickKey(table_id, hand, version),
                options,
                controls.select.placeholder,
                controls.select.row,
            )
        )
    for spec in controls.buttons:
        key = PanelKey(table_id, hand, version, spec.action, spec.cards, spec.spread)
        item: discord.ui.Item[Any] = PanelButton(
            key, spec.label, STYLES[spec.style], spec.disabled, spec.row
        )
        view.add_item(item)
    return fit_view(view)
