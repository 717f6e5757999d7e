"""``make_player``: a new computer player of a level."""

from __future__ import annotations

import random
from typing import assert_never

from bot.players.hard import HardPlayer
from bot.players.heuristic import EASY, NORMAL, HeuristicPlayer
from bot.players.levels import Level
from bot.players.protocol import Player
from bot.players.simple import BaselinePlayer, RandomPlayer


def make_player(level: Level, rng: random.Random | None = None) -> Player:
    """A new player of ``level`` deciding with ``rng`` (a fresh unseeded one when None)."""
    rng = rng if rng is not None else random.Random()
    match level:
        case Level.RANDOM:
            return RandomPlayer(rng)
        case Level.BASELINE:
            return BaselinePlayer(rng)
        case Level.EASY:
            return HeuristicPlayer(rng, EASY, Level.EASY)
        case Level.NORMAL:
            return HeuristicPlayer(rng, NORMAL, Level.NORMAL)
        case Level.HARD:
            return HardPlayer(rng)
        case _:
            assert_never(level)
