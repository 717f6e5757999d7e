"""Values the store takes and returns for guild settings and tables.

They are plain frozen dataclasses with parsed JSON, detached from any database session, so
the cogs can keep them as long as they like. A table's engine ``state`` is opaque here: any
JSON-able mapping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypedDict

from bot.store.hands import HandResult
from bot.store.schedule import UTC_ZONE, SeasonEvery


class TableStatus(StrEnum):
    """Life cycle of a table: seats filling, hands being played, then closed for good."""

    LOBBY = "lobby"
    PLAYING = "playing"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class Season:
    """One of a server's seasons: its number (from 1), when it started and, once the next
    season has started, when it ended (Unix times). Its hands are those finished from its
    start until its end."""

    number: int
    started_at: float
    ended_at: float | None = None
    """When the next season started; None for the current season."""
    next_start: float | None = None
    """When the next season is due to start by itself (the current season of a server with
    ``/tonk config season every:``, as a scoreboard counts it); None otherwise."""


@dataclass(frozen=True, slots=True)
class SeasonSchedule:
    """A server's seasons start by themselves ``every`` week or month (``/tonk config season
    every:``) on ``day`` at ``hour`` in ``time_zone``, the next at ``next_at`` (Unix time),
    each announced in ``channel_id``."""

    every: SeasonEvery
    channel_id: int
    next_at: float
    time_zone: str = UTC_ZONE
    """An IANA time zone name (``bot.store.schedule.time_zones``)."""
    notice_at: float | None = None
    """When the channel is told that the current season ends at ``next_at``, with the board
    so far (``bot.store.schedule.notice_at``); None: told already, or not to be told."""
    day: int | None = None
    """The weekday (0 Monday to 6 Sunday) or the day of the month (1 to 28) seasons start
    on (``bot.store.schedule.DAYS``); None: Monday, or the 1st."""
    hour: int = 0
    """The hour of the day they start at, in ``time_zone`` (0 to 23)."""
    notices: bool = True
    """Whether the channel is told, a day before each start, that the season ends."""


@dataclass(frozen=True, slots=True)
class ScheduledSeason:
    """What came of a season due to start by itself: the season that started (None: the
    current one had no finished hand, so it goes on) and the schedule with its next start."""

    season: Season | None
    schedule: SeasonSchedule


@dataclass(frozen=True, slots=True)
class GuildConfig:
    """A guild's settings; ``allowed_channel_ids`` empty means every channel is allowed."""

    guild_id: int
    default_preset: str
    default_options: Mapping[str, Any]
    stake: int
    turn_timeout: int | None
    allowed_channel_ids: tuple[int, ...]
    locale: str
    turn_reminders: bool = True
    announce_role: int | None = None
    """The role a new table's announcement mentions; None: tables open without one."""
    threads: bool = False
    """Whether ``/tonk new`` opens a table in a new thread of the channel unless told
    otherwise."""
    computer_hands: bool = True
    """Whether hands with a computer player at the table count on the scoreboard (from
    when this is set on; they are recorded, and replayed, either way)."""
    seats: int = 4
    """How many players a new table seats unless ``/tonk new`` says otherwise."""
    season: Season | None = None
    """The current season (``/tonk config season``); None before the first."""
    season_schedule: SeasonSchedule | None = None
    """When the next season starts by itself, and how often; None: only when a manager
    starts one."""
    champion_role: int | None = None
    """The role the winner of each season that ends gets; None: no role."""
    champions: tuple[int, ...] = ()
    """Who holds that role by the bot's doing, until the next season ends."""

    def __post_init__(self) -> None:
        if self.stake < 1:
            raise ValueError(f"stake must be at least 1, got {self.stake}")
        if self.seats < 2:
            raise ValueError(f"seats must be at least 2, got {self.seats}")
        if self.turn_timeout is not None and self.turn_timeout < 1:
            raise ValueError(f"turn_timeout must be None (off) or >= 1, got {self.turn_timeout}")

    def allows_channel(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Whether tables may be opened in ``channel_id``: a thread (of ``parent_id``) where
        its channel is allowed, or is itself."""
        allowed = self.allowed_channel_ids
        return not allowed or channel_id in allowed or parent_id in allowed


class GuildSettingsUpdate(TypedDict, total=False):
    """Fields of :class:`GuildConfig` to change; absent keys keep their value."""

    default_preset: str
    default_options: Mapping[str, Any]
    stake: int
    turn_timeout: int | None
    allowed_channel_ids: Sequence[int]
    locale: str
    turn_reminders: bool
    announce_role: int | None
    threads: bool
    computer_hands: bool
    seats: int
    season_schedule: SeasonSchedule | None
    champion_role: int | None
    champions: Sequence[int]


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules a table was opened with: a preset name, its option overrides and the stake."""

    preset: str
    options: Mapping[str, Any] = field(default_factory=dict)
    stake: int = 1


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at a table: a member, or a bot with its skill ``level``."""

    user_id: int
    name: str
    is_bot: bool = False
    level: str | None = None


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A table that is not closed, as last committed.

    ``state`` is the snapshot written with the last whole-state commit and ``log`` the
    bodies of the journal entries committed since, oldest first: the snapshot was at version
    ``version - len(log)``. The other fields are as of the snapshot.
    """

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: TableStatus
    rules: TableRules
    state: dict[str, Any]
    seats: tuple[Seat, ...]
    balances: dict[int, int]
    table_message_id: int | None
    version: int
    turn_deadline: float | None
    created_at: float
    updated_at: float
    log: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class BrokenTable:
    """An open table whose stored JSON could not be read; ``error`` says what is wrong."""

    id: int
    guild_id: int
    channel_id: int
    error: str


@dataclass(frozen=True, slots=True)
class LoadedTables:
    """Result of loading every open table: the readable ones and the broken ones.

    A broken table still holds its channel; close it with ``Store.close_table`` once reported.
    """

    tables: list[OpenTable]
    broken: list[BrokenTable]


class TableUpdate(TypedDict, total=False):
    """Table fields to change along with a save; absent keys keep their value.

    ``None`` is a value here: ``turn_deadline=None`` switches the turn timer off.
    Closing is not an update: use ``Store.close_table``.
    """

    status: TableStatus
    host_id: int
    rules: TableRules
    seats: Sequence[Seat]
    balances: Mapping[int, int]
    table_message_id: int | None
    turn_deadline: float | None


@dataclass(frozen=True, slots=True)
class TableSave:
    """A new table state to commit: accepted only if the stored version is ``version - 1``."""

    table_id: int
    state: Mapping[str, Any]
    version: int
    update: TableUpdate = field(default_factory=lambda: TableUpdate())


@dataclass(frozen=True, slots=True)
class TableCommit:
    """One commit of a table's journal, accepted only at the stored version plus one.

    Either an ``entry`` appended to the table's log (a small change), or a ``snapshot`` of
    the whole state that replaces the stored one and its log (a compaction), written
    with the ``update`` columns; with a snapshot, ``close_reason`` closes the table. With
    either, ``hand`` is recorded in the same transaction (once per ``hand_uid``: already
    recorded, it is skipped and the table still commits).
    """

    table_id: int
    version: int
    entry: Mapping[str, Any] | None = None
    snapshot: Mapping[str, Any] | None = None
    update: TableUpdate = field(default_factory=lambda: TableUpdate())
    hand: HandResult | None = None
    close_reason: str | None = None

    def __post_init__(self) -> None:
        if (self.entry is None) == (self.snapshot is None):
            raise ValueError("a table commit is either an entry or a snapshot")
        if self.entry is not None and (self.update or self.close_reason):
            raise ValueError("only a snapshot commit updates columns or closes")
        if self.version < 1:
            raise ValueError(f"committed versions count from 1, got {self.version}")
