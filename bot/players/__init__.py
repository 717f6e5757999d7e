"""Computer players of Tonk: pure Python, no Discord, no database.

A player sees only its seat's ``SeatView`` and answers with an ``Action`` (``Player``).
``registry.make_player(level, rng)`` builds one of the ``Level``s; ``table.play_hand`` plays
a hand with them; ``tournament`` plays many, on duplicate deals, for ``tonk simulate``. This
package's own import is light (the levels' names), so that a parser can list them.
"""

from bot.players.levels import Level

__all__ = ["Level"]
