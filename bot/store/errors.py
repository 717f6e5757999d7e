"""Exceptions raised by the store; every one derives from :class:`StoreError`."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every error the store raises on purpose."""


class StaleVersion(StoreError):
    """A table save was refused because another save got there first.

    The caller holds a state derived from version ``expected`` but the row is at ``actual``:
    it must reload the table and replay or discard its move. Nothing was written.
    """

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"table {table_id}: expected stored version {expected}, found {actual}; nothing saved"
        )
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class TableNotOpen(StoreError):
    """The table does not exist or is already closed."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} does not exist or is closed")
        self.table_id = table_id


class UnknownTable(StoreError):
    """A hand names a table id that the store never created."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} does not exist")
        self.table_id = table_id


class TableAlreadyOpen(StoreError):
    """The channel already has an open table (one open table per channel)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an open table")
        self.channel_id = channel_id


class SeasonWithoutHands(StoreError):
    """A new season was asked for while the current one has no finished hand yet."""

    def __init__(self, guild_id: int, season: int) -> None:
        super().__init__(f"guild {guild_id}: season {season} has no finished hand yet")
        self.guild_id = guild_id
        self.season = season


class UnknownSeason(StoreError):
    """A season was asked for by a number the guild never started (or started before the
    bot kept each season's dates). ``known`` is the first and last season it can show,
    None if it has none."""

    def __init__(self, guild_id: int, season: int, known: tuple[int, int] | None) -> None:
        super().__init__(f"guild {guild_id} has no season {season}")
        self.guild_id = guild_id
        self.season = season
        self.known = known


class CorruptRow(StoreError):
    """A stored row holds JSON that cannot be parsed or has the wrong shape."""

    def __init__(self, what: str, detail: str) -> None:
        super().__init__(f"{what}: {detail}")
        self.what = what
        self.detail = detail


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the bot than this one."""

    def __init__(self, found: str, supported: str) -> None:
        super().__init__(
            f"database schema revision {found} is unknown to this code, whose newest is "
            f"{supported}; upgrade the bot instead of opening it"
        )
        self.found = found
        self.supported = supported


class MissingDriver(StoreError):
    """The database URL names a backend whose driver is not installed (asyncpg)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)


class StoreUnavailable(StoreError):
    """The database could not take a write, and nothing of it landed.

    Either another connection held the database's write lock for longer than the store's
    ``lock_timeout``, or the database failed (I/O error, disk full, read-only file). The
    caller may retry later; a table's in-memory state must go back to its last commit.
    """

    def __init__(self, detail: str) -> None:
        super().__init__(f"the database could not save: {detail}; nothing was written")
        self.detail = detail


class ReadUnavailable(StoreError):
    """The database could not answer a read, and nothing changed.

    Either every connection of the readers' pool stayed busy for longer than its wait (a
    burst of reads on a process that cannot keep up), or the database failed (its server
    down or unreachable, an I/O error). The caller may try again later.
    """

    def __init__(self, detail: str) -> None:
        super().__init__(f"the database could not be read: {detail}")
        self.detail = detail


class DatabaseUnreachable(StoreError):
    """The database could not be opened: its server refused or is unknown, the password or
    database name is wrong, or the SQLite file cannot be created. ``detail`` names the
    driver's error (never the URL's password)."""

    def __init__(self, detail: str) -> None:
        super().__init__(f"the database could not be opened: {detail}")
        self.detail = detail


def driver_detail(error: BaseException) -> str:
    """What the database driver said of ``error`` (SQLAlchemy's ``DBAPIError`` holds it as
    ``orig``): its first line only, without SQLAlchemy's statement and link; the class name of
    an error that said nothing."""
    said = getattr(error, "orig", None) or error
    words = str(said).strip()
    return words.splitlines()[0] if words else type(said).__name__
