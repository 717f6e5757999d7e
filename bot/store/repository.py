"""``Store``: the only code that reads or writes the bot's database.

Guarantees:

* The same code runs on SQLite (the default, one process) and PostgreSQL (several processes
  may share one database): see ``connection`` for the URLs.
* Every method that writes has committed when it returns: once ``commit_table``,
  ``save_table`` or ``record_hand`` returns, the change is in the database (see
  ``connection`` for the durability level).
* Every write is a unit of work run by the store's one :class:`~bot.store.writer.Writer`:
  the writes pending at the same moment share one transaction (group commit), each in its
  own savepoint, so a refused write (stale version, table not open) fails alone. Read-then-
  write steps inside a write never see stale data: the writer holds the write lock.
* A database locked by another connection is waited for up to ``lock_timeout`` seconds;
  past that, or on an I/O error, a full disk or a read-only file, the write raises
  :class:`StoreUnavailable` and nothing of it lands.
* A finished hand, its seats, the totals it changes and (optionally) the table's new state
  are one transaction, recorded at most once per ``hand_uid``, even when two processes
  race to record it; of two commits of one table version (two processes), one lands and
  the other raises :class:`StaleVersion`.
* Reads run on a pool of async connections, each in one snapshot transaction.

If a write raises or is cancelled after reaching the database, reload before retrying: the
table's ``version`` and ``record_hand``'s return value tell what landed.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import partial
from types import TracebackType
from typing import Any, Self, Unpack

from sqlalchemy import ColumnElement, Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlmodel import col

from bot.dburl import is_postgres, masked
from bot.members import DEFAULT_SETTINGS, Member, MemberSettings
from bot.store import jsontext
from bot.store.connection import DEFAULT_URL, create_reader, database_path
from bot.store.errors import CorruptRow, ReadUnavailable, driver_detail
from bot.store.hands import HandResult
from bot.store.migrations import upgrade
from bot.store.models import TableLogRow, TableRow
from bot.store.postgres import PostgresWriter, postgres_failed
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
    PERIOD_DAYS,
    ForgetReport,
    HandReplay,
    HandSummary,
    HeadToHead,
    LeaderboardEntry,
    LeaderboardOrder,
    LeaderboardPage,
    LeaderboardPeriod,
    PlayerStats,
    SeasonsWon,
    Span,
    Standing,
)
from bot.store.sql import (
    commits,
    forget,
    hands,
    member_settings,
    settings,
    standings,
    tables,
    totals,
    welcomes,
)
from bot.store.writer import DEFAULT_LOCK_TIMEOUT, SQLiteWriter, Work, Writer, sqlite_failed

logger = logging.getLogger(__name__)

DEFAULT_MIN_HANDS = 10
"""Hands a member must have played to be ranked by win rate."""

SECONDS_PER_DAY = 86_400

MAX_PER_PAGE = 100
"""Largest page the leaderboard and history return."""
MAX_GUILD_HANDS = 10_000
"""Most hands :meth:`Store.guild_hands` returns at once."""


class Store:
    """Async repository over the database (SQLite or PostgreSQL).

    Open with :meth:`open`, end with :meth:`close`.

    Also an async context manager: ``async with await Store.open(url) as store: ...``.
    """

    def __init__(self, reader: AsyncEngine, writer: Writer) -> None:
        """Wrap a reader engine and a writer; prefer :meth:`open`."""
        self._reader = reader
        self._writer = writer

    @classmethod
    async def open(
        cls,
        url: str = DEFAULT_URL,
        *,
        busy_timeout_ms: int = 5000,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> Self:
        """Connect to the database at ``url``, after bringing its schema up to date
        (``migrations.upgrade``).

        ``lock_timeout`` is how long, in seconds, a write waits for a lock held by another
        connection before raising :class:`StoreUnavailable`; ``busy_timeout_ms`` is the
        SQLite readers' wait. Raises :class:`MissingDriver` for a PostgreSQL URL without
        asyncpg installed and :class:`SchemaTooNew` for a database of newer code.
        """
        revision = await upgrade(url)
        writer: Writer
        if is_postgres(url):
            writer = PostgresWriter(url, lock_timeout=lock_timeout)
        else:
            writer = SQLiteWriter(database_path(url), lock_timeout=lock_timeout)
        store = cls(create_reader(url, busy_timeout_ms=busy_timeout_ms), writer)
        logger.info("store open at %s (schema revision %s)", masked(url), revision)
        return store

    @property
    def engine(self) -> AsyncEngine:
        """The readers' engine, for diagnostics and exports (read-only on PostgreSQL)."""
        return self._reader

    @property
    def writer(self) -> Writer:
        """The writer every write goes through (its ``stats`` count transactions)."""
        return self._writer

    async def close(self) -> None:
        """Finish the queued writes and close every connection. The store is unusable after."""
        await self._writer.close()
        await self._reader.dispose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncConnection]:
        """A connection of the readers' pool. Raises :class:`ReadUnavailable` when the
        database cannot answer: every reader stayed busy past the pool's wait, or the
        database failed (down, unreachable, an I/O error); other errors pass as they are."""
        try:
            async with self._reader.connect() as connection:
                yield connection
        except PoolTimeout as error:
            raise ReadUnavailable(driver_detail(error)) from error
        except (DBAPIError, OSError) as error:
            if not _read_failed(error):
                raise
            raise ReadUnavailable(driver_detail(error)) from error

    # Guild settings

    async def get_guild_settings(self, guild_id: int) -> GuildConfig:
        """The guild's settings, or the defaults if it never changed any."""
        async with self._read() as connection:
            return await settings.read_guild_config(connection, guild_id)

    async def quiet_guilds(self) -> set[int]:
        """The guilds whose turn reminders are off (``GuildConfig.turn_reminders``)."""
        async with self._read() as connection:
            return await settings.read_quiet_guilds(connection)

    async def update_guild_settings(
        self, guild_id: int, **changes: Unpack[GuildSettingsUpdate]
    ) -> GuildConfig:
        """Change some of the guild's settings; return them all as now stored.

        Raises ``TypeError`` for an unknown setting and ``ValueError`` for an invalid value.
        """
        unknown = sorted(set(changes) - set(GuildSettingsUpdate.__annotations__))
        if unknown:
            raise TypeError(f"unknown guild settings: {', '.join(unknown)}")
        return await self._writer.run(
            partial(settings.update_guild_config, guild_id=guild_id, changes=dict(changes))
        )

    async def start_season(
        self, guild_id: int, *, now: float | None = None, winners: Sequence[int] = ()
    ) -> Season:
        """Start the guild's next season (its first, if it has none) at ``now`` (default: the
        current time) and return it; from then on the ``season`` period counts the hands
        finished since. ``winners`` (user ids) are recorded as the winners of the season that
        ends (``PlayerStats.seasons_won``). The hands and totals of all time are untouched.

        Raises :class:`~bot.store.SeasonWithoutHands`, changing nothing, while the current
        season has no finished hand.
        """
        started = time.time() if now is None else now
        season = await self._writer.run(
            partial(settings.start_season, guild_id=guild_id, now=started, winners=winners)
        )
        logger.info("guild %d started season %d", guild_id, season.number)
        return season

    async def due_seasons(self, now: float | None = None) -> list[tuple[int, SeasonSchedule]]:
        """The guilds whose next season was due to start by itself by ``now`` (default: the
        current time), with their schedules (``GuildConfig.season_schedule``)."""
        async with self._read() as connection:
            return await settings.read_due_schedules(
                connection, time.time() if now is None else now
            )

    async def due_season_notices(
        self, now: float | None = None
    ) -> list[tuple[int, SeasonSchedule]]:
        """The guilds whose announcement channel was due to be told by ``now`` (default: the
        current time) that the current season ends, a day before the next starts by itself,
        with their schedules."""
        async with self._read() as connection:
            return await settings.read_due_notices(connection, time.time() if now is None else now)

    async def claim_season_notice(
        self, guild_id: int, *, now: float | None = None
    ) -> SeasonSchedule | None:
        """Take the guild's notice that the current season ends, due by ``now`` (default:
        the current time), and return the schedule it is for; None, changing nothing, if
        none is due (told already, by this process or another): whoever takes it tells the
        channel, once."""
        moment = time.time() if now is None else now
        return await self._writer.run(
            partial(settings.claim_season_notice, guild_id=guild_id, now=moment)
        )

    async def start_scheduled_season(
        self, guild_id: int, *, now: float | None = None, winners: Sequence[int] = ()
    ) -> ScheduledSeason | None:
        """Start the guild's season that was due to start by itself by ``now`` (default: the
        current time) and move its schedule to the next start, in one unit of work; None,
        changing nothing, if none is due (the schedule changed, or another process started
        it). A current season without a finished hand goes on, and the schedule moves on.
        ``winners`` as for :meth:`start_season`."""
        started = time.time() if now is None else now
        scheduled = await self._writer.run(
            partial(
                settings.start_scheduled_season, guild_id=guild_id, now=started, winners=winners
            )
        )
        if scheduled is not None:
            number = None if scheduled.season is None else scheduled.season.number
            logger.info(
                "guild %d: season due by schedule, started %s, next at %d",
                guild_id,
                "none (no hand yet)" if number is None else f"season {number}",
                scheduled.schedule.next_at,
            )
        return scheduled

    # Welcomes

    async def unwelcomed(self, joined: Mapping[int, float]) -> list[int]:
        """Of the servers ``joined`` (guild id → when the bot joined it), those that added the
        bot since it keeps its welcomes and were not welcomed for that: servers that added
        it while it was not running."""
        async with self._read() as connection:
            return await welcomes.read_unwelcomed(connection, joined)

    async def claim_welcome(self, guild_id: int, joined_at: float) -> bool:
        """Take the welcome of the server for the bot's join at ``joined_at``; False if it
        was taken already (whoever takes it posts it, once)."""
        return await self._writer.run(
            partial(welcomes.claim_welcome, guild_id=guild_id, joined_at=joined_at)
        )

    # Members' settings

    async def member_settings(self) -> dict[Member, MemberSettings]:
        """What every member chose for themselves, by (guild id, user id)."""
        async with self._read() as connection:
            return await member_settings.read_member_settings(connection)

    async def set_member_settings(
        self, guild_id: int, user_id: int, settings: MemberSettings
    ) -> None:
        """Keep what a member chose for themselves in a server (the defaults: nothing)."""
        await self._writer.run(
            partial(
                member_settings.write_member_settings,
                guild_id=guild_id,
                user_id=user_id,
                settings=settings,
            )
        )

    # Tables

    async def create_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        rules: TableRules,
        state: Mapping[str, Any],
        seats: Sequence[Seat] = (),
        balances: Mapping[int, int] | None = None,
        status: TableStatus = TableStatus.LOBBY,
        table_message_id: int | None = None,
        turn_deadline: float | None = None,
    ) -> OpenTable:
        """Open a table in ``channel_id`` at version 0, ``state`` its first snapshot.

        Raises :class:`TableAlreadyOpen` if the channel has a table that is not closed.
        """
        if status is TableStatus.CLOSED:
            raise ValueError("a table cannot be created closed")
        now = time.time()
        fields = TableUpdate(
            rules=rules,
            seats=seats,
            balances=balances or {},
            table_message_id=table_message_id,
            turn_deadline=turn_deadline,
        )
        values = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host_id,
            "status": status.value,
            "state_json": jsontext.dumps(dict(state)),
            "version": 0,
            "created_at": now,
            "updated_at": now,
            **tables.encode_update(fields),
        }
        table_id = await self._writer.run(partial(tables.insert_table, values=values))
        logger.info("table %d opened in channel %d (guild %d)", table_id, channel_id, guild_id)
        return OpenTable(
            id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            status=status,
            rules=rules,
            state=dict(state),
            seats=tuple(seats),
            balances=dict(balances or {}),
            table_message_id=table_message_id,
            version=0,
            turn_deadline=turn_deadline,
            created_at=now,
            updated_at=now,
        )

    def commit_table(
        self, commit: TableCommit, on_done: Callable[[bool, Any], None] | None = None
    ) -> asyncio.Future[None]:
        """Commit one journal entry or snapshot of a table (see :class:`TableCommit`).

        Returns a future that resolves once the commit landed. It raises
        :class:`StaleVersion` unless the stored version is ``commit.version - 1`` (nothing
        written), :class:`TableNotOpen` for a closed or unknown table, and
        :class:`StoreUnavailable` when the database cannot write. The commit goes ahead even
        if the task awaiting the future is cancelled; ``on_done(landed, error)`` is called
        in the event loop with its outcome in every case.
        """
        now = time.time()
        hand = None if commit.hand is None else commits.encode_hand(commit.hand, now)
        if commit.entry is not None:
            body = jsontext.dumps(dict(commit.entry))
            work: Work[None] = commits.Append(commit.table_id, commit.version, body, hand)
        else:
            assert commit.snapshot is not None
            values = tables.encode_snapshot(commit.snapshot, commit.version, commit.update, now)
            if commit.close_reason is not None:
                values.update(tables.close_values(commit.close_reason))
            work = commits.Compact(commit.table_id, commit.version, values, hand)
        return self._writer.submit(work, on_done)

    async def save_table(
        self,
        table_id: int,
        state: Mapping[str, Any],
        version: int,
        **fields: Unpack[TableUpdate],
    ) -> None:
        """Commit a table's new ``state`` (and ``fields``) as ``version``, as its snapshot.

        Accepted only if the stored version is ``version - 1``; otherwise raises
        :class:`StaleVersion` and nothing changes. Raises :class:`TableNotOpen` for a closed
        or unknown table.
        """
        await self.commit_table(
            TableCommit(table_id, version, snapshot=state, update=TableUpdate(**fields))
        )

    async def load_open_tables(self) -> LoadedTables:
        """Every table that is not closed with its log, oldest first, and the unreadable ones."""
        async with self._read() as connection:
            rows = (await connection.execute(tables.select_tables().where(tables.IS_OPEN))).all()
            log_rows = (await connection.execute(tables.select_log())).all()
        logs: dict[int, list[Any]] = {}
        for entry in log_rows:
            logs.setdefault(entry.table_id, []).append(entry)
        loaded = LoadedTables(tables=[], broken=[])
        for row in rows:
            try:
                loaded.tables.append(tables.decode_table(row, logs.get(row.id, ())))
            except CorruptRow as exc:
                logger.warning(
                    "table %d (channel %d) is unreadable: %s", row.id, row.channel_id, exc
                )
                loaded.broken.append(BrokenTable(row.id, row.guild_id, row.channel_id, str(exc)))
        return loaded

    async def get_open_table(self, channel_id: int) -> OpenTable | None:
        """The channel's table that is not closed, with its log, if any.

        Raises :class:`CorruptRow` if its stored JSON cannot be read.
        """
        return await self._table_where(tables.IS_OPEN, col(TableRow.channel_id) == channel_id)

    async def get_table(self, table_id: int) -> OpenTable | None:
        """The table with this id, open or closed, as last stored (a closed table has no log:
        its snapshot is its state when it closed); None if there is no such table.

        Raises :class:`CorruptRow` if its stored JSON cannot be read.
        """
        return await self._table_where(col(TableRow.id) == table_id)

    async def _table_where(self, *conditions: ColumnElement[bool]) -> OpenTable | None:
        """The first table matching ``conditions``, with its log."""
        async with self._read() as connection:
            row = (await connection.execute(tables.select_tables().where(*conditions))).first()
            if row is None:
                return None
            log = (
                await connection.execute(
                    tables.select_log().where(col(TableLogRow.table_id) == row.id)
                )
            ).all()
        return tables.decode_table(row, log)

    async def close_table(self, table_id: int, reason: str) -> bool:
        """Close the table for good as it stands, freeing its channel; False if it was not open.

        The table's log rows are dropped, so its snapshot stays as last compacted.
        """
        closed = await self._writer.run(
            partial(tables.close_table, table_id=table_id, reason=reason, now=time.time())
        )
        if closed:
            logger.info("table %d closed: %s", table_id, reason)
        return closed

    # Hands

    async def record_hand(
        self, result: HandResult, *, table_update: TableSave | None = None
    ) -> bool:
        """Record a finished hand, its seats and the totals it changes, in one transaction.

        With ``table_update`` the table's new state commits in the same transaction: all or
        nothing (a :class:`StaleVersion` or :class:`TableNotOpen` aborts the hand too).
        Returns False and changes nothing (not even the table) if the hand's ``hand_uid``
        was recorded already, so retrying after an error is always safe. Raises
        :class:`UnknownTable` if ``result.table_id`` names no table.
        """
        if table_update is not None and table_update.table_id != result.table_id:
            raise ValueError(
                f"hand of table {result.table_id} cannot update table {table_update.table_id}"
            )
        now = time.time()
        save = None
        if table_update is not None:
            values = tables.encode_snapshot(
                table_update.state, table_update.version, table_update.update, now
            )
            save = (table_update, values)
        recorded = await self._writer.run(
            partial(_record_with_save, hand=commits.encode_hand(result, now), save=save)
        )
        if not recorded:
            logger.info("hand %s was already recorded; ignored", result.hand_uid)
        return recorded

    # Reports

    async def leaderboard(
        self,
        guild_id: int,
        by: LeaderboardOrder = "chips",
        page: int = 0,
        per_page: int = 10,
        *,
        min_hands: int = DEFAULT_MIN_HANDS,
        after: int | None = None,
        before: int | None = None,
        period: LeaderboardPeriod = "all",
        season: int | None = None,
        now: float | None = None,
    ) -> LeaderboardPage:
        """One page of the guild's leaderboard, ranked by chips, wins or weighted win rate.

        ``win_rate`` ranks only members with at least ``min_hands`` hands, by
        ``PlayerTotals.win_score``: a Bayesian estimate that pulls short records towards
        30 %, so one lucky hand cannot top the board. Ties go to the second figure (wins,
        chips, or hands played for win rate), then to the lower user id.

        Paging is by key: ``after=user_id`` gives the page that follows that member's row
        (the last of the page shown), ``before=user_id`` the page that precedes it (the
        first of the page shown), each read straight off the ordering's index however deep
        the page; ``page`` is then only the number of the page returned, for its ranks.
        Without either, ``page`` pages are skipped from the top (a page typed by a member).
        If the anchor member left the board meanwhile, the first page comes back. Nothing
        counts the whole board.

        A ``period`` other than ``all`` ranks the same figures summed over the hands
        finished in the last 7 or 30 days before ``now`` (default: the current time), or
        in the guild's current season (of all time before its first) or its season number
        ``season``, paged by number only. Raises :class:`UnknownSeason` for a season the
        guild cannot show, and ``ValueError`` for a ``season`` with another period.
        """
        if by not in totals.RANKED_BY:
            raise ValueError(f"unknown leaderboard order {by!r}")
        if after is not None and before is not None:
            raise ValueError("page after a member or before one, not both")
        _check_period(period, season)
        if period != "all" and (after is not None or before is not None):
            raise ValueError("a period's leaderboard is paged by number")
        _check_page(page, per_page)
        found: tuple[Sequence[Standing], bool] | None
        async with self._read() as connection:
            span, counted = await _span(connection, guild_id, period, season, now)
            crowned = await settings.read_crowned(connection, guild_id, counted)
            if span is not None:
                found = await standings.period_rows(
                    connection, guild_id, by, min_hands, span, per_page, page * per_page
                )
            else:
                found = await totals.leaderboard_rows(
                    connection,
                    guild_id,
                    by,
                    min_hands,
                    per_page,
                    offset=0 if after is not None or before is not None else page * per_page,
                    after=after,
                    before=before,
                )
                if found is None:
                    page = 0
                    found = await totals.leaderboard_rows(
                        connection, guild_id, by, min_hands, per_page
                    )
        assert found is not None
        records, has_next = found
        entries = [
            LeaderboardEntry(rank, record)
            for rank, record in enumerate(records, start=page * per_page + 1)
        ]
        return LeaderboardPage(
            by=by,
            page=page,
            per_page=per_page,
            entries=entries,
            has_next=has_next,
            period=period,
            season=counted,
            crowned=crowned,
        )

    async def hall_of_fame(self, guild_id: int) -> list[SeasonsWon]:
        """Every member who won one of the guild's seasons, with the seasons they won, the
        most seasons first (then the latest win)."""
        async with self._read() as connection:
            return await settings.read_hall_of_fame(connection, guild_id)

    async def seasons(self, guild_id: int) -> list[Season]:
        """The guild's seasons, newest first (none before its first), each that ended with
        its end."""
        async with self._read() as connection:
            return await settings.read_seasons(connection, guild_id)

    async def stats(
        self,
        guild_id: int,
        user_id: int,
        *,
        recent: int = 5,
        period: LeaderboardPeriod = "all",
        season: int | None = None,
        now: float | None = None,
    ) -> PlayerStats:
        """A member's totals, place on the chips board and last ``recent`` hands in the guild.

        A ``period`` other than ``all`` counts only the hands finished in the last 7 or 30
        days before ``now`` (default: the current time) or in the guild's current season
        (of all time before its first) or season number ``season`` (as for
        :meth:`leaderboard`), and places the member on that period's chips board; a member
        with no hand in it has no totals there.
        """
        _check_page(0, recent)
        _check_period(period, season)
        async with self._read() as connection:
            span, counted = await _span(connection, guild_id, period, season, now)
            player = await totals.player_totals(connection, guild_id, user_id)
            won = await settings.read_seasons_won(connection, guild_id, user_id)
            if span is None:
                rank = None if player is None else await totals.chips_rank(connection, player)
                recent_hands = await hands.recent_hands(connection, guild_id, user_id, recent)
                biggest = await hands.biggest_win(connection, guild_id, user_id)
                return PlayerStats(player, rank, recent_hands, period, biggest, seasons_won=won)
            played = []
            if player is not None:
                played = await hands.recent_hands(connection, guild_id, user_id, None, span)
            ranked = [hand for hand in played if hand.ranked]
            if not ranked or player is None:
                return PlayerStats(
                    None, None, played[:recent], period, season=counted, seasons_won=won
                )
            record = standings.period_record(guild_id, user_id, player.display_name, ranked)
            rank = await standings.period_chips_rank(connection, span, record)
        biggest = max(0, *(hand.payout for hand in ranked))
        return PlayerStats(record, rank, played[:recent], period, biggest, counted, won)

    async def head_to_head(
        self,
        guild_id: int,
        user_id: int,
        rival_id: int,
        *,
        period: LeaderboardPeriod = "all",
        season: int | None = None,
        now: float | None = None,
    ) -> HeadToHead:
        """The guild's hands that both members played: how many, the wins and net chips of
        each; of all time, of the last 7 or 30 days before ``now`` or of the guild's
        current season or season ``season`` (``period``, as for :meth:`leaderboard`)."""
        _check_period(period, season)
        async with self._read() as connection:
            span, _season = await _span(connection, guild_id, period, season, now)
            return await hands.head_to_head(connection, guild_id, user_id, rival_id, span)

    async def history(
        self, guild_id: int, channel_id: int, limit: int = 10, page: int = 0
    ) -> list[HandSummary]:
        """The channel's finished hands, newest first, ``limit`` per page."""
        _check_page(page, limit)
        async with self._read() as connection:
            return await hands.channel_history(
                connection, guild_id, channel_id, limit, page * limit
            )

    async def guild_hands(
        self,
        guild_id: int,
        *,
        period: LeaderboardPeriod = "all",
        season: int | None = None,
        now: float | None = None,
        limit: int = 10,
    ) -> list[HandSummary]:
        """The guild's last ``limit`` finished hands of every channel, newest first, with
        their seats; a ``period`` other than ``all`` keeps those of the last 7 or 30 days
        before ``now`` (default: the current time) or of the guild's current season or
        season ``season`` (as for :meth:`leaderboard`). ``limit`` is 1 to
        :data:`MAX_GUILD_HANDS`."""
        if not 1 <= limit <= MAX_GUILD_HANDS:
            raise ValueError(f"limit must be between 1 and {MAX_GUILD_HANDS}, got {limit}")
        _check_period(period, season)
        async with self._read() as connection:
            span, _season = await _span(connection, guild_id, period, season, now)
            return await hands.guild_hands(connection, guild_id, span, limit)

    async def hand_replay(self, guild_id: int, hand_uid: str) -> HandReplay | None:
        """The guild's finished hand ``hand_uid`` ("table_id:hand_number") with its seats,
        deal and action log, for its replay; None if the guild has no such hand (a hand of
        another guild included).

        Raises :class:`CorruptRow` if the hand's deal or action log is not JSON; a deal that
        is JSON but not a deal is logged and given as None, like a hand recorded before
        deals were kept.
        """
        async with self._read() as connection:
            return await hands.hand_replay(connection, guild_id, hand_uid)

    async def forget_member(self, guild_id: int, user_id: int) -> ForgetReport:
        """Erase a member from one guild: totals deleted, hand records anonymised.

        Their seats in the guild's hands get ``user_id`` NULL and the name
        ``"forgotten player"``; their id is scrubbed from those hands' winners and action
        logs and from the guild's closed tables (see ``jsontext.scrub_user``), and taken out
        of its season winners and champion role holders. Open tables
        are left alone: the game in progress must drop the member first. Other guilds are
        untouched.
        """
        report = await self._writer.run(partial(_forget_member, guild_id=guild_id, user_id=user_id))
        logger.info("forgot member %d in guild %d: %s", user_id, guild_id, report)
        return report


def _check_period(period: LeaderboardPeriod, season: int | None) -> None:
    """Raises ``ValueError`` for an unknown period, or a season number with another."""
    if period not in PERIOD_DAYS and period != "season":
        raise ValueError(f"unknown leaderboard period {period!r}")
    if season is not None and period != "season":
        raise ValueError(f"season {season} asked for with period {period!r}")


async def _span(
    connection: AsyncConnection,
    guild_id: int,
    period: LeaderboardPeriod,
    season: int | None,
    now: float | None,
) -> tuple[Span | None, Season | None]:
    """The hands ``period`` counts, ``now`` (default: the current time) being the end of a
    rolling one, None for all time; and for ``season`` the season counted: number
    ``season``, or the guild's current one (None, and all time, before its first)."""
    if period == "season":
        counted = (
            _with_next_start(await settings.read_guild_config(connection, guild_id))
            if season is None
            else await settings.read_season(connection, guild_id, season)
        )
        return (
            (None, None)
            if counted is None
            else (Span(counted.started_at, counted.ended_at), counted)
        )
    days = PERIOD_DAYS[period]
    if days is None:
        return None, None
    return Span((time.time() if now is None else now) - days * SECONDS_PER_DAY), None


def _with_next_start(config: GuildConfig) -> Season | None:
    """The guild's current season, with when the next is due to start by itself."""
    schedule = config.season_schedule
    if config.season is None or schedule is None:
        return config.season
    return replace(config.season, next_start=schedule.next_at)


def _check_page(page: int, per_page: int) -> None:
    if page < 0:
        raise ValueError(f"page must be >= 0, got {page}")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise ValueError(f"page size must be between 1 and {MAX_PER_PAGE}, got {per_page}")


def _record_with_save(
    connection: Connection,
    hand: commits.EncodedHand,
    save: tuple[TableSave, dict[str, Any]] | None,
) -> bool:
    if not commits.record(connection, hand):
        return False
    if save is not None:
        table_save, values = save
        tables.check_next(connection, table_save.table_id, table_save.version)
        tables.write_snapshot(connection, table_save.table_id, values)
    return True


def _forget_member(connection: Connection, guild_id: int, user_id: int) -> ForgetReport:
    member_settings.write_member_settings(connection, guild_id, user_id, DEFAULT_SETTINGS)
    return ForgetReport(
        totals_deleted=forget.delete_totals(connection, guild_id, user_id),
        hands_anonymised=forget.anonymise_hands(connection, guild_id, user_id),
        tables_scrubbed=forget.scrub_closed_tables(connection, guild_id, user_id),
        seasons_scrubbed=forget.scrub_seasons(connection, guild_id, user_id),
    )


def _read_failed(error: DBAPIError | OSError) -> bool:
    """Whether a read's ``error`` is the database failing rather than the read's mistake."""
    if isinstance(error, OSError):
        return True  # the connection itself: refused, reset, timed out
    if isinstance(error.orig, sqlite3.Error):
        return sqlite_failed(error.orig)
    return postgres_failed(error)
