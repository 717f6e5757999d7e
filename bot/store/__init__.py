"""Persistence for the Tonk bot: tables, finished hands, totals and guild settings.

Independent of Discord and of the rules engine: the engine's table state is stored as an
opaque JSON object. Cogs use :class:`Store` and the value types below and never write SQL::

    store = await Store.open("sqlite+aiosqlite:///data/tonk.db")
    table = await store.create_table(guild_id=g, channel_id=c, host_id=h,
                                     rules=TableRules("standard"), state=engine_state)
    await store.commit_table(TableCommit(table.id, 1, entry={"moves": [...]}))
    await store.commit_table(TableCommit(table.id, 2, snapshot=state, hand=result))
    await store.close()

Tables are kept by ``bot.tables.journal``: a snapshot plus the small entries committed since
(``TableCommit``). ``save_table`` and ``record_hand(table_update=...)`` commit whole states,
as snapshots. Every write goes through one group-committing writer (``bot.store.writer``).
"""

from bot.engine.settle import Ending
from bot.store.connection import DEFAULT_URL
from bot.store.errors import (
    CorruptRow,
    DatabaseUnreachable,
    MissingDriver,
    ReadUnavailable,
    SchemaTooNew,
    SeasonWithoutHands,
    StaleVersion,
    StoreError,
    StoreUnavailable,
    TableAlreadyOpen,
    TableNotOpen,
    UnknownSeason,
    UnknownTable,
)
from bot.store.hands import HandDeal, HandResult, PlayerResult
from bot.store.jsontext import FORGOTTEN_NAME
from bot.store.records import (
    BrokenTable,
    GuildConfig,
    GuildSettingsUpdate,
    LoadedTables,
    OpenTable,
    ScheduledSeason,
    Season,
    SeasonSchedule,
    Seat,
    TableCommit,
    TableRules,
    TableSave,
    TableStatus,
    TableUpdate,
)
from bot.store.reports import (
    ForgetReport,
    HandReplay,
    HandSeat,
    HandSummary,
    HeadToHead,
    LeaderboardEntry,
    LeaderboardOrder,
    LeaderboardPage,
    LeaderboardPeriod,
    PlayerRecord,
    PlayerStats,
    RecentHand,
    SeasonsWon,
    SeasonWinners,
    Standing,
)
from bot.store.repository import DEFAULT_MIN_HANDS, MAX_GUILD_HANDS, MAX_PER_PAGE, Store
from bot.store.schedule import (
    DAYS,
    MONTH_DAYS,
    UTC_ZONE,
    SeasonEvery,
    next_start,
    notice_at,
    time_zones,
)

__all__ = [
    "DAYS",
    "DEFAULT_MIN_HANDS",
    "DEFAULT_URL",
    "FORGOTTEN_NAME",
    "MAX_GUILD_HANDS",
    "MAX_PER_PAGE",
    "MONTH_DAYS",
    "UTC_ZONE",
    "BrokenTable",
    "CorruptRow",
    "DatabaseUnreachable",
    "Ending",
    "ForgetReport",
    "GuildConfig",
    "GuildSettingsUpdate",
    "HandDeal",
    "HandReplay",
    "HandResult",
    "HandSeat",
    "HandSummary",
    "HeadToHead",
    "LeaderboardEntry",
    "LeaderboardOrder",
    "LeaderboardPage",
    "LeaderboardPeriod",
    "LoadedTables",
    "MissingDriver",
    "OpenTable",
    "PlayerRecord",
    "PlayerResult",
    "PlayerStats",
    "ReadUnavailable",
    "RecentHand",
    "ScheduledSeason",
    "SchemaTooNew",
    "Season",
    "SeasonEvery",
    "SeasonSchedule",
    "SeasonWinners",
    "SeasonWithoutHands",
    "SeasonsWon",
    "Seat",
    "StaleVersion",
    "Standing",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "TableAlreadyOpen",
    "TableCommit",
    "TableNotOpen",
    "TableRules",
    "TableSave",
    "TableStatus",
    "TableUpdate",
    "UnknownSeason",
    "UnknownTable",
    "next_start",
    "notice_at",
    "time_zones",
]
