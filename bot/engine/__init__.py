"""The Tonk rules engine: pure Python, no Discord, no database.

- ``cards``: cards as ints, sets of cards as bit masks, the docs/scenarios.md notation.
- ``rules``: ``Rules`` (immutable), ``OPTIONS`` (docs/guide.md), ``PRESETS``, ``build_rules``.
- ``melds``: the table's ``Pack``: card values, counts, books and runs.
- ``hand``: ``Hand``, one deal and its turn state machine; ``act`` checks then applies.
- ``actions``: ``Action`` records, ``Kind`` and ``Phase``, and ``LegalMoves``.
- ``instant``/``settle``: instant wins on the deal, who pays whom at the end, ``Ending``.
- ``view``: ``seat_view``, what one seat may see.
"""

from bot.engine.actions import Action, Kind, LegalMoves, Phase
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand, SetupError
from bot.engine.rules import OPTIONS, PRESETS, Rules, RulesError, build_rules
from bot.engine.settle import Ending, Result
from bot.engine.view import SeatView, seat_view

__all__ = [
    "OPTIONS",
    "PRESETS",
    "Action",
    "Ending",
    "Hand",
    "IllegalAction",
    "Kind",
    "LegalMoves",
    "Phase",
    "Result",
    "Rules",
    "RulesError",
    "SeatView",
    "SetupError",
    "build_rules",
    "seat_view",
]
