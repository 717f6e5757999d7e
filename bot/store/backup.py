"""``tonk db backup``: a copy of the bot's database in one file, safe while the bot writes
to it.

SQLite: the online backup copies the database page by page from one read transaction, so the
copy is the database as it was at one moment, whatever the bot commits meanwhile (WAL: the
bot's writer is never blocked), checked with SQLite's integrity check. PostgreSQL:
PostgreSQL's own ``pg_dump`` (custom format, from one snapshot as well), checked by reading
its table of contents back with ``pg_restore --list``; the password goes to them in their
environment, never on a command line. Where those programs are not installed, a PostgreSQL
database is backed up as an SQLite file instead (:func:`backup_postgres_as_sqlite`): ``tonk db
copy``'s copy, read from one snapshot as well, then made a backup as an SQLite database is.

Either copy is written next to its place and renamed there only once it was checked, so a
backup that failed leaves no file that looks like one.

Backups are named ``NAME-YYYYMMDD-HHMMSS.db`` (or ``.dump``) by default (:func:`backup_name`,
UTC), so that their names sort as their times; :func:`prune_backups` keeps the newest few of
those and touches no other file.
"""

from __future__ import annotations

import asyncio
import glob
import os
import re
import shutil
import sqlite3
import subprocess
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import make_url
from sqlalchemy.exc import SQLAlchemyError

from bot.store.copy import Unreachable, copy_database
from bot.store.errors import StoreError, driver_detail


class BackupFailed(StoreError):
    """The copy could not be made, or failed SQLite's integrity check; no backup file was
    left."""


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What the backup holds: its size in bytes, and (SQLite's) the finished hands and the
    open tables."""

    size: int
    hands: int | None = None
    open_tables: int | None = None


STAMP = "%Y%m%d-%H%M%S"
"""How a backup's name says when it was made (UTC): sorting the names sorts the times."""


def backup_name(name: str, moment: datetime, suffix: str) -> str:
    """The default file name of a backup of the database ``name`` made at ``moment``."""
    return f"{name}-{moment.strftime(STAMP)}{suffix}"


def prune_backups(folder: Path, name: str, suffix: str, keep: int) -> list[Path]:
    """Delete all but the ``keep`` newest backups of the database ``name`` in ``folder``
    (the files named as :func:`backup_name` names them); the files deleted, oldest first.
    Any other file is left alone."""
    if keep < 1:
        raise ValueError(f"keep must be at least 1, got {keep}")
    named = re.compile(rf"{re.escape(name)}-\d{{8}}-\d{{6}}{re.escape(suffix)}")
    backups = sorted(
        path for path in folder.iterdir() if named.fullmatch(path.name) and path.is_file()
    )
    old = backups[:-keep]
    for path in old:
        path.unlink()
    return old


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
    _put_in_place(partial, target)
    return BackupReport(target.stat().st_size, hands, open_tables)


def backup_postgres(url: str, target: Path) -> BackupReport:
    """Dump the PostgreSQL database at ``url`` to the new file ``target`` with ``pg_dump``
    (its directory is made if missing); :class:`BackupFailed` if it cannot."""
    dump, restore = _program("pg_dump"), _program("pg_restore")
    parsed = make_url(url)
    given = {
        "PGHOST": parsed.host,
        "PGPORT": None if parsed.port is None else str(parsed.port),
        "PGUSER": parsed.username,
        "PGPASSWORD": parsed.password,
        "PGDATABASE": parsed.database,
    }
    environment = {**os.environ, **{name: value for name, value in given.items() if value}}
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.part")
    partial.unlink(missing_ok=True)
    for command in (
        [dump, "--format=custom", "--no-owner", f"--file={partial}"],
        [restore, "--list", str(partial)],
    ):
        done = subprocess.run(command, env=environment, capture_output=True, text=True)
        if done.returncode != 0:
            partial.unlink(missing_ok=True)
            said = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
            raise BackupFailed(f"{Path(command[0]).name}: {said}")
    _put_in_place(partial, target)
    return BackupReport(target.stat().st_size)


def backup_postgres_as_sqlite(url: str, target: Path) -> BackupReport:
    """Without ``pg_dump``: copy the PostgreSQL database at ``url`` (``bot.store.copy``, one
    snapshot) into an SQLite file beside ``target``, then make that the checked backup
    ``target`` as :func:`backup_sqlite` does; :class:`BackupFailed` if it cannot."""
    target.parent.mkdir(parents=True, exist_ok=True)
    copied = target.with_name(f"{target.name}.copy")
    _delete_sqlite(copied)
    try:
        asyncio.run(copy_database(url, f"sqlite+aiosqlite:///{copied}", migrate_source=False))
        return backup_sqlite(copied, target)
    except BackupFailed:
        raise
    except Unreachable as error:  # the database the command names: said once
        raise BackupFailed(error.detail) from error
    except (StoreError, SQLAlchemyError, OSError, ValueError) as error:
        raise BackupFailed(driver_detail(error)) from error
    finally:
        _delete_sqlite(copied)


def _put_in_place(partial: Path, target: Path) -> None:
    """Give the checked copy ``partial`` its name ``target``; if that fails, delete it."""
    try:
        partial.replace(target)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise BackupFailed(f"cannot write {target}: {error.strerror}") from error


def pg_dump_installed() -> bool:
    """Whether PostgreSQL's ``pg_dump`` and ``pg_restore`` are installed."""
    return all(_find(name) is not None for name in ("pg_dump", "pg_restore"))


def _delete_sqlite(path: Path) -> None:
    """Delete an SQLite database file and its WAL files, where they exist."""
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
        path.with_name(name).unlink(missing_ok=True)


def _find(name: str) -> str | None:
    """A PostgreSQL client program: on PATH, else where Debian's packages put it."""
    return shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None
    )


def _program(name: str) -> str:
    """The path of the client program ``name``; :class:`BackupFailed` if not installed."""
    found = _find(name)
    if found is None:
        raise BackupFailed(
            f"{name} is not installed: install PostgreSQL's client programs "
            "(on Debian or Ubuntu: apt-get install postgresql-client)"
        )
    return found
