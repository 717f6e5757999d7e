"""Tables: pure logic, no Discord.

- ``table``: ``Table``, one per channel: seats, host, rules, balances, the hand in play,
  dealer rotation, missed turns and players who left; every change bumps ``version``.
- ``dealing``: the cut for deal (S4, H1) and the pack of each hand, from an injected random.
- ``autoplay``: the automatic move of a seat whose timer ran out or whose player left.
- ``views``: ``public_table`` (what a channel may see) and ``private_hand`` (one player's).
- ``ledger``: ``Journal`` and ``Ledger``, where an open table's committed state lives
  (in memory here); ``journal``: ``StoreJournal``, the same in the database, as a snapshot
  and one small entry per commit.
- ``timers``: ``Clock`` and ``Timers``, deadlines that tests can drive without waiting.
- ``errors``: ``TableError``, a refused operation with its sentence.
"""

from bot.tables.errors import TableError
from bot.tables.ledger import Journal, Ledger, MemoryJournal
from bot.tables.table import BETWEEN, CLOSED, LOBBY, PLAYING, Seat, Table
from bot.tables.views import PrivateHand, PublicTable, private_hand, public_table

__all__ = [
    "BETWEEN",
    "CLOSED",
    "LOBBY",
    "PLAYING",
    "Journal",
    "Ledger",
    "MemoryJournal",
    "PrivateHand",
    "PublicTable",
    "Seat",
    "Table",
    "TableError",
    "private_hand",
    "public_table",
]
