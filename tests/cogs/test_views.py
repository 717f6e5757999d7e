"""The components the bot sends (``cogs/tonk/views.py``) against discord.py's own rendering of
the same buttons and menu, and the routes that read their clicks back."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.engine.actions import Kind
from bot.render.controls import ButtonSpec, CardOption, CardSelectSpec, Controls, Style, TableButton
from bot.render.limits import BUTTON_LABEL, clip
from bot.routing import ComponentRouter
from cogs.scoreboard.replay import ReplayButton, StartReplayButton
from cogs.tonk.components import ROUTES, PanelKey, PickKey, TableKey
from cogs.tonk.views import STYLES, panel_view, table_view

CONTROLS = Controls(
    buttons=(
        ButtonSpec(Kind.DRAW, "Draw", Style.PRIMARY, row=1),
        ButtonSpec(Kind.DISCARD, "Discard 7♥", Style.DANGER, disabled=True, cards=0x40, row=1),
        ButtonSpec(Kind.HIT, "Hit on spread 2", Style.SUCCESS, cards=0x3, spread=2, row=2),
        ButtonSpec(Kind.DROP, "x" * 200, row=3),
    ),
    select=CardSelectSpec(
        "Pick cards", (CardOption("10H", "10♥", True), CardOption("2S", "2♠", False)), row=0
    ),
)


def discord_py_rows(controls: Controls, key_of: Any, pick: PickKey | None) -> list[Any]:
    """What discord.py sends for the same controls built as ``discord.ui`` items."""
    view = discord.ui.View(timeout=None)
    if controls.select is not None and pick is not None:
        options = [
            discord.SelectOption(label=o.label, value=o.value, default=o.selected)
            for o in controls.select.options
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=pick.custom_id,
            placeholder=controls.select.placeholder,
            min_values=0,
            max_values=len(options),
            options=options,
            row=controls.select.row,
        )
        view.add_item(select)
    for spec in controls.buttons:
        view.add_item(
            discord.ui.Button(
                label=clip(spec.label, BUTTON_LABEL),
                style=discord.ButtonStyle(STYLES[spec.style]),
                disabled=spec.disabled,
                custom_id=key_of(spec).custom_id,
                row=spec.row,
            )
        )
    return view.to_components()


def test_a_panel_is_sent_as_discord_py_would_send_its_items() -> None:
    rows = panel_view(7, 3, 41, CONTROLS).to_components()
    expected = discord_py_rows(
        CONTROLS,
        lambda s: PanelKey(7, 3, 41, s.action, s.cards, s.spread),
        PickKey(7, 3, 41),
    )
    assert rows == expected


def test_a_table_message_is_sent_as_discord_py_would_send_its_items() -> None:
    controls = Controls(
        buttons=(
            ButtonSpec(TableButton.JOIN, "Join", Style.SUCCESS),
            ButtonSpec(TableButton.MY_HAND, "My hand", row=1),
        )
    )
    rows = table_view(7, 3, 41, controls).to_components()
    assert rows == discord_py_rows(controls, lambda s: TableKey(7, 3, 41, s.action, s.cards), None)


def test_no_controls_send_no_rows_and_no_view_is_stored() -> None:
    view = table_view(7, 3, 41, Controls())
    assert view.to_components() == []
    assert not view.is_dispatchable()  # the routes answer the clicks


def test_every_sent_custom_id_is_read_back_by_its_route() -> None:
    rows = panel_view(7, 3, 41, CONTROLS).to_components()
    rows += table_view(
        7, 3, 41, Controls(buttons=(ButtonSpec(TableButton.TAKE, "Take", cards=0x80),))
    ).to_components()
    router = ComponentRouter()
    for pattern, handler in ROUTES:
        router.add(pattern, handler)
    keys = {TableKey.PATTERN: TableKey, PanelKey.PATTERN: PanelKey, PickKey.PATTERN: PickKey}
    read: list[Any] = []
    for row in rows:
        for component in row["components"]:
            matches = [
                (key, m)
                for pattern, key in keys.items()
                if (m := pattern.fullmatch(component["custom_id"]))
            ]
            assert len(matches) == 1, component["custom_id"]
            key, match = matches[0]
            found = router.find(component["custom_id"])
            assert found is not None and found[1].re is match.re
            read.append(key.read(match))
    assert read == [
        PickKey(7, 3, 41),
        PanelKey(7, 3, 41, "draw"),
        PanelKey(7, 3, 41, "discard", 0x40),
        PanelKey(7, 3, 41, "hit", 0x3, 2),
        PanelKey(7, 3, 41, "drop"),
        TableKey(7, 3, 41, "take", 0x80),
    ]


def test_a_panel_move_without_a_spread_says_minus_one_as_buttons_sent_before_did() -> None:
    """A panel button's custom id says -1 for "no spread" (the buttons on messages sent by
    earlier versions too): read back, that is None, and so is any other negative number."""
    assert PanelKey(7, 3, 41, "draw").custom_id == "tonk:p:7:3:41:draw:0:-1"
    assert PanelKey(7, 3, 41, "hit", 0x3, 0).custom_id == "tonk:p:7:3:41:hit:3:0"
    for custom_id, spread in (("tonk:p:7:3:41:hit:3:-1", None), ("tonk:p:7:3:41:hit:3:-7", None)):
        match = PanelKey.PATTERN.fullmatch(custom_id)
        assert match is not None and PanelKey.read(match).spread is spread


def test_a_row_with_more_than_five_buttons_is_refused() -> None:
    crowded = Controls(buttons=tuple(ButtonSpec(kind, kind.upper()) for kind in list(Kind)[:6]))
    with pytest.raises(ValueError, match="row 0"):
        table_view(1, 1, 1, crowded)


def test_replay_is_sent_for_the_replay_component_and_no_table_route_reads_it() -> None:
    """Replay under a finished hand opens that hand's replay (``StartReplayButton``): its
    custom id names the table and the hand, matches that component's template alone, and
    no table route takes it."""
    controls = Controls(
        buttons=(
            ButtonSpec(TableButton.NEXT, "Next hand"),
            ButtonSpec(TableButton.REPLAY, "Replay"),
        )
    )
    (row,) = table_view(7, 3, 41, controls).to_components()
    next_hand, replay = (component["custom_id"] for component in row["components"])
    assert next_hand == TableKey(7, 3, 41, "next").custom_id
    assert replay == "tonk:replay:7:3"
    match = StartReplayButton.__discord_ui_compiled_template__.fullmatch(replay)
    assert match is not None and StartReplayButton(7, 3).hand_uid == "7:3"
    assert ReplayButton.__discord_ui_compiled_template__.fullmatch(replay) is None
    router = ComponentRouter()
    for pattern, handler in ROUTES:
        router.add(pattern, handler)
    assert router.find(replay) is None
