"""Moves, hand endings and lists of names in words, from the catalogue."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.settle import (
    DEAD_HAND,
    DROP_CAUGHT,
    DROP_WON,
    INSTANT_WIN,
    OUT_BY_DISCARD,
    STOCK_OUT,
    THROWN_IN,
    TONK_OUT,
    Result,
)
from bot.i18n import text
from bot.render.cards import cards_text
from bot.tables.views import PublicMove


def names_text(names: Sequence[str], locale: str, most: int | None = None) -> str:
    """``ann``, ``ann and bob``, ``ann, bob and cat``; past ``most`` names, the first
    ``most`` and how many others: ``ann, bob and 3 others``."""
    if most is not None and len(names) > most:
        others = text("table.list.others", locale, count=len(names) - most)
        names = [*names[:most], others]
    if len(names) <= 1:
        return "".join(names)
    rest = text("table.list.comma", locale).join(names[:-1])
    return text("table.list", locale, rest=rest, last=names[-1])


def move_text(move: PublicMove, locale: str) -> str:
    """``ann discarded K♠``; a move played for an absent player says so."""
    sentence = text(
        f"table.move.{move.kind}",
        locale,
        player=move.player,
        cards=cards_text(move.cards),
        spread="" if move.spread is None else move.spread + 1,
    )
    return text("table.move.auto", locale, move=sentence) if move.auto else sentence


def ending_text(result: Result, names: Sequence[str], locale: str) -> str:
    """How the hand ended, in one sentence: "dan dropped with 20 and was caught by ann with 12"
    (``names`` in seat order)."""
    winners = names_text([names[s] for s in result.winners], locale)
    lowest = result.counts[result.winners[0]] if result.winners else 0
    if result.ending == DROP_CAUGHT:
        assert result.dropper is not None  # a drop's result names the dropper
        catchers = [
            text("table.with_count", locale, player=names[s], count=result.counts[s])
            for s in result.winners
        ]
        return text(
            "table.ending.drop_caught",
            locale,
            dropper=names[result.dropper],
            count=result.counts[result.dropper],
            catchers=names_text(catchers, locale),
        )
    if result.ending == DROP_WON:
        assert result.dropper is not None
        return text(
            "table.ending.drop_won",
            locale,
            dropper=names[result.dropper],
            count=result.counts[result.dropper],
        )
    if result.ending in (TONK_OUT, OUT_BY_DISCARD, STOCK_OUT, INSTANT_WIN):
        return text(
            f"table.ending.{result.ending}",
            locale,
            winners=winners,
            count=lowest,
            multiple=result.multiple,
        )
    if result.ending in (THROWN_IN, DEAD_HAND):
        return text(f"table.ending.{result.ending}", locale)
    raise ValueError(f"unknown ending {result.ending!r}")
