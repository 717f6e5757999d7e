"""The private "My hand" panel on Discord: opened, shown again after a pick or a refusal,
with a hint, or in place of a table-message Drop that asks to be confirmed.

These show the table; they change nothing at it. Each runs under the table's lock, so the
panel is rendered from a state no move is half-way through (``bot.render.panel`` draws it).
"""

from __future__ import annotations

import asyncio

import discord
from discord.utils import MISSING

from bot.client import answer, locale_of, refusal_text, show, update
from bot.engine.actions import DROP, Action
from bot.engine.view import seat_view
from bot.i18n import text
from bot.players.advice import advise
from bot.players.levels import CONFIRM_DROP_ABOVE
from bot.render.panel import hint_text, let_go_text
from bot.tables.errors import TableError
from bot.tables.hints import hint_seat, hint_seed
from cogs.tonk.runtime import TableRuntime
from cogs.tonk.stale import require_hand


async def open_panel(
    interaction: discord.Interaction, runtime: TableRuntime, hand: int | None
) -> None:
    """A new private panel for the player (``hand``: the hand the button belongs to)."""
    async with runtime.lock:
        await _show_new_panel(interaction, runtime, hand)


async def _show_new_panel(
    interaction: discord.Interaction,
    runtime: TableRuntime,
    hand: int | None,
    notice: str | None = None,
) -> None:
    """``open_panel`` under the table's lock, with ``notice`` above the panel."""
    locale = locale_of(interaction)
    try:
        if hand is not None:
            require_hand(runtime.table, hand)
        rendered = runtime.screens.panel_message(interaction.user.id, 0, locale)
        if rendered is None:
            raise TableError("not_in_hand")
    except TableError as refusal:
        await answer(interaction, refusal_text(refusal, interaction))
        return
    embed, view = rendered
    await show(interaction, content=notice or MISSING, embed=embed, view=view, ephemeral=True)
    runtime.screens.panel_shown(interaction.user.id, interaction, 0)


async def confirm_drop(
    interaction: discord.Interaction, runtime: TableRuntime, hand_number: int
) -> bool:
    """The table message's **Drop** shows no count: a player who may drop now with a
    count above ``CONFIRM_DROP_ABOVE`` gets their panel instead, asked to confirm with its
    **Drop with N** (a misclick beside **Draw** must not cost a caught drop). Whether
    the panel was shown; else the click drops as usual."""
    async with runtime.lock:
        table, user_id = runtime.table, interaction.user.id
        hand, seat = table.hand, table.hand_seat(user_id)
        if (
            hand is None
            or seat is None
            or table.hand_number != hand_number
            or table.to_act_id != user_id
            or not hand.can(Action(DROP, seat))
            or (count := hand.count(seat)) <= CONFIRM_DROP_ABOVE
        ):
            return False
        locale = locale_of(interaction)
        button = text("table.button.drop_count", locale, count=count)
        notice = text("table.confirm_drop", locale, count=count, button=button)
        await _show_new_panel(interaction, runtime, hand_number, notice)
        return True


async def show_panel_again(
    interaction: discord.Interaction,
    runtime: TableRuntime,
    hand: int,
    selection: int,
    *,
    hint: bool = False,
) -> None:
    """The clicked panel as it is now, with ``selection`` picked, or with ``hint`` the
    adviser's move (a panel of an earlier hand says so, and shows the hand in play)."""
    async with runtime.lock:
        if hand != runtime.table.hand_number:
            sentence = TableError("old_hand", number=hand).message(locale_of(interaction))
            await update_panel(interaction, runtime, 0, sentence)
        elif hint:
            await _show_hint(interaction, runtime, selection)
        else:
            await update_panel(interaction, runtime, selection)


async def _show_hint(
    interaction: discord.Interaction, runtime: TableRuntime, selection: int
) -> None:
    """Under the table's lock: the panel with the adviser's move said above it and its
    cards picked, for a person alone against computer players on their move
    (``bot.tables.hints``); else the panel as it was, with ``selection``, and why not.
    Nothing at the table changes either way."""
    table = runtime.table
    locale = locale_of(interaction)
    try:
        seat = hint_seat(table, interaction.user.id)
    except TableError as refusal:
        await update_panel(interaction, runtime, selection, refusal.message(locale))
        return
    assert table.hand is not None
    view = seat_view(table.hand, seat)
    advice = await asyncio.to_thread(advise, view, hint_seed(table))
    if advice is None:
        assert view.top_discard is not None  # a card that may be slapped
        await update_panel(interaction, runtime, selection, let_go_text(view.top_discard, locale))
        return
    notice = hint_text(advice, view.count, locale)
    await update_panel(interaction, runtime, advice.cards, notice)


async def update_panel(
    interaction: discord.Interaction,
    runtime: TableRuntime,
    selection: int,
    notice: str | None = None,
) -> None:
    """Show the panel the player clicked as it is now, with ``notice`` above it."""
    locale = locale_of(interaction)
    rendered = runtime.screens.panel_message(interaction.user.id, selection, locale)
    if rendered is None:
        await update(
            interaction,
            content=notice or TableError("not_in_hand").message(locale),
            embed=None,
            view=discord.ui.View(),
        )
        return
    embed, view = rendered
    await update(interaction, content=notice, embed=embed, view=view)
    runtime.screens.panel_shown(interaction.user.id, interaction, selection)
