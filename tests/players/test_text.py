"""Every sentence ``tonk play`` and ``tonk simulate`` build from a key exists in English."""

from __future__ import annotations

from bot.engine.actions import Kind
from bot.engine.settle import Ending
from bot.i18n import has_text
from bot.i18n.en import players


def test_every_move_choice_and_ending_has_a_sentence() -> None:
    keys = [
        *(f"players.move.{kind}" for kind in Kind),
        *(f"players.choice.{kind}" for kind in Kind),
        *(f"players.ending.{ending}" for ending in Ending),
        *(f"players.simulate.column.{c}" for c in ("level", "seats", "won", "mean", "ci")),
        *(f"players.play.column.{c}" for c in ("seat", "cards", "balance", "notes")),
    ]
    missing = [key for key in keys if not has_text(key)]
    assert not missing


def test_the_players_catalogue_uses_its_own_prefix() -> None:
    assert all(key.startswith("players.") for key in players.MESSAGES)
