"""The levels of computer player, by name, and ``make_player`` to build one."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.players.hard import HardPlayer
from bot.players.heuristic import EASY, NORMAL, HeuristicPlayer
from bot.players.protocol import Player
from bot.players.simple import BaselinePlayer, RandomPlayer

LEVELS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "baseline": BaselinePlayer,
    "easy": lambda rng: HeuristicPlayer(rng, EASY, "easy"),
    "normal": lambda rng: HeuristicPlayer(rng, NORMAL, "normal"),
    "hard": HardPlayer,
}
"""Every level, weakest first: ``random`` and ``baseline`` are yardsticks, the others are
opponents worth playing."""


class UnknownLevel(ValueError):
    """A level name that is not in ``LEVELS``."""


def make_player(level: str, rng: random.Random | None = None) -> Player:
    """A new player of ``level`` deciding with ``rng`` (a fresh unseeded one when None)."""
    factory = LEVELS.get(level)
    if factory is None:
        raise UnknownLevel(level)
    return factory(rng if rng is not None else random.Random())
