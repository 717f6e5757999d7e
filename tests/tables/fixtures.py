"""Tables for unit tests: stacked cuts and packs, named players."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine.cards import parse_card
from bot.engine.rules import build_rules
from bot.tables.dealing import Shuffler
from bot.tables.table import Seat, Setup, Table
from tests.engine.stacking import stack

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")
IDS = {name: 100 + i for i, name in enumerate(NAMES)}


def seat(name: str) -> Seat:
    return Seat(IDS[name], name)


def set_option(table: Table, by: int, name: str, value: str) -> Setup:
    """``by`` changes one house rule of ``table``, as ``/tonk settings option value`` does."""
    return table.change_setup(by, lambda s: s.with_rules(s.rules.with_option(name, value)), 0.0)


def lobby(
    *names: str,
    preset: str = "standard",
    house: dict[str, object] | None = None,
    **options: object,
) -> Table:
    """A table in its lobby (``preset`` with the ``house`` rules): the first name hosts, the
    others joined in order."""
    table = Table.open(
        1,
        10,
        20,
        seat(names[0]),
        build_rules(preset, house or {}),
        now=0.0,
        shuffler=Shuffler(random.Random(0)),
        **options,
    )
    for name in names[1:]:
        table.join(seat(name), now=0.0)
    return table


def stack_deal(
    table: Table,
    hands: dict[str, Sequence[str]],
    dealer: str,
    *,
    cuts: Sequence[str] = (),
    upcard: str | None = None,
    stock: Sequence[str] = (),
) -> None:
    """Queue the cut (one card per seat, in seat order now) and a pack dealing ``hands``
    (names in the seat order after the cut)."""
    pack = [parse_card(c) for c in stack(hands, list(hands), dealer, upcard, stock)]
    table.shuffler.stack(cuts=[[parse_card(c) for c in cuts]] if cuts else (), packs=[pack])


# S11c's worked example: cat deals, dan drops with 20, ann 12, bob 18, cat 30.
WORKED_CUT = ["JS", "10S", "KS", "QS"]  # ann, bob, cat, dan: cat deals, dan at his left
WORKED_HANDS = {
    "cat": ["KC", "9D", "7D", "3C", "AH"],
    "dan": ["2C", "3D", "4H", "5S", "6C"],
    "ann": ["AC", "AD", "2H", "3S", "5H"],
    "bob": ["2D", "3H", "4S", "7C", "2S"],
}


def worked_example(**options: object) -> Table:
    """Four players dealt S11c's worked example, dan to act."""
    table = lobby("ann", "bob", "cat", "dan", **options)
    stack_deal(table, WORKED_HANDS, "cat", cuts=WORKED_CUT)
    table.start(IDS["ann"], now=0.0)
    return table
