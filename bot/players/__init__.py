"""Computer players of Tonk: pure Python, no Discord, no database.

A player sees only its seat's ``SeatView`` and answers with an ``Action`` (``Player``).
``make_player(level, rng)`` builds one of ``LEVELS``; ``table.play_hand`` plays a hand with
them; ``tournament`` plays many, on duplicate deals, for ``tonk simulate``.
"""

from bot.players.protocol import Player
from bot.players.registry import LEVELS, UnknownLevel, make_player

__all__ = ["LEVELS", "Player", "UnknownLevel", "make_player"]
