"""Persistence for the Tonk bot: tables, finished hands, totals and guild settings.

Independent of Discord and of the rules engine: the engine's table state is stored as an
opaque JSON object. Cogs use :class:`Store` and the value types below and never write SQL::

    store = await Store.open("sqlite+aiosqlite:///data/tonk.db")
    table = await store.create_table(guild_id=g, channel_id=c, host_id=h,
                                     rules=TableRules("standard"), state=engine_state)
    await store.save_table(table.id, new_state, table.version + 1)
    await store.record_hand(result, table_update=TableSave(table.id, state, version))
    await store.close()
"""

from bot.engine.settle import Ending
from bot.store.connection import DEFAULT_URL
from bot.store.errors import (
    CorruptRow,
    SchemaTooNew,
    StaleVersion,
    StoreError,
    TableAlreadyOpen,
    TableNotOpen,
    UnknownTable,
)
from bot.store.hands import HandResult, PlayerResult
from bot.store.jsontext import FORGOTTEN_NAME
from bot.store.records import (
    BrokenTable,
    GuildConfig,
    GuildSettingsUpdate,
    LoadedTables,
    OpenTable,
    Seat,
    TableRules,
    TableSave,
    TableStatus,
    TableUpdate,
)
from bot.store.reports import (
    ForgetReport,
    HandSeat,
    HandSummary,
    LeaderboardEntry,
    LeaderboardOrder,
    LeaderboardPage,
    PlayerRecord,
    PlayerStats,
    RecentHand,
)
from bot.store.repository import DEFAULT_MIN_HANDS, MAX_PER_PAGE, Store

__all__ = [
    "DEFAULT_MIN_HANDS",
    "DEFAULT_URL",
    "FORGOTTEN_NAME",
    "MAX_PER_PAGE",
    "BrokenTable",
    "CorruptRow",
    "Ending",
    "ForgetReport",
    "GuildConfig",
    "GuildSettingsUpdate",
    "HandResult",
    "HandSeat",
    "HandSummary",
    "LeaderboardEntry",
    "LeaderboardOrder",
    "LeaderboardPage",
    "LoadedTables",
    "OpenTable",
    "PlayerRecord",
    "PlayerResult",
    "PlayerStats",
    "RecentHand",
    "SchemaTooNew",
    "Seat",
    "StaleVersion",
    "Store",
    "StoreError",
    "TableAlreadyOpen",
    "TableNotOpen",
    "TableRules",
    "TableSave",
    "TableStatus",
    "TableUpdate",
    "UnknownTable",
]
