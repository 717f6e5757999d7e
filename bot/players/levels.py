"""The levels of computer player by name, and the constants the front ends read before
any player is built (``tonk simulate`` and ``tonk play`` list them in their help): which
levels a host may seat, which one advises people, and above which count a person's drop is
asked to be confirmed. It imports nothing, so a parser can name them cheaply."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """Every level, weakest first: ``random`` and ``baseline`` are yardsticks, the others
    are opponents worth playing."""

    RANDOM = "random"
    BASELINE = "baseline"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


SEATABLE = (Level.EASY, Level.NORMAL, Level.HARD)
"""The computer players a host may seat at a Discord table (the levels but the yardsticks)."""

ADVISER = Level.HARD
"""The level whose move is the advice: the strongest."""

CONFIRM_DROP_ABOVE = 15
"""A person's drop with a count above this is asked to be confirmed: in ``tonk play`` (by
default), and on Discord from the table message's **Drop**, which shows no count."""
