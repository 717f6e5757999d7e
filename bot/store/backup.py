"""``tonk db backup``: a copy of the bot's SQLite database, safe while the bot writes to it.

SQLite's online backup copies the database page by page from one read transaction, so the
copy is the database as it was at one moment, whatever the bot commits meanwhile (WAL: the
bot's writer is never blocked). The copy is written next to its place and renamed there
only once SQLite's integrity check passed, so a backup that failed leaves no file that looks
like one. A PostgreSQL database is backed up with PostgreSQL's own tools (``pg_dump``).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bot.store.errors import StoreError


class BackupFailed(StoreError):
    """The copy could not be made, or failed SQLite's integrity check; no backup file was
    left."""


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What the backup holds: its size in bytes, the finished hands and the open tables."""

    size: int
    hands: int
    open_tables: int


def backup_sqlite(source: Path, target: Path) -> BackupReport:
    """Copy the SQLite database ``source`` to the new file ``target`` (its directory is
    made if missing); :class:`BackupFailed` if it cannot."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.part")
    partial.unlink(missing_ok=True)
    try:
        with closing(sqlite3.connect(source)) as read, closing(sqlite3.connect(partial)) as copy:
            read.backup(copy)
            checked = copy.execute("PRAGMA integrity_check").fetchone()[0]
            if checked != "ok":
                raise BackupFailed(f"the copy failed SQLite's integrity check: {checked}")
            hands = copy.execute("SELECT count(*) FROM hand").fetchone()[0]
            tables = copy.execute("SELECT count(*) FROM tonk_table WHERE status != 'closed'")
            open_tables = tables.fetchone()[0]
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, whole by itself
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupFailed(str(error)) from error
    except BackupFailed:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(target)
    return BackupReport(target.stat().st_size, hands, open_tables)
