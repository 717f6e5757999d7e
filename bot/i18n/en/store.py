"""English messages about the database, for whoever runs the bot or ``tonk db``: one line each."""

from bot.i18n.source import Message, Plural

MESSAGES: dict[str, Message] = {
    "store.no_asyncpg": (
        "{url} is a PostgreSQL database, but its driver asyncpg is not installed: "
        "install the postgres extra (pip install 'tonk-bot[postgres]')."
    ),
    "db.upgraded": "{url}: the schema is at revision {revision}, the newest.",
    "db.failed": "{url}: {error}",
    "db.bad_url": (
        "{url} is not a database URL the store takes: use sqlite+aiosqlite:///PATH or "
        "postgresql+asyncpg://USER:PASSWORD@HOST:PORT/DATABASE."
    ),
    "db.same": (
        "--from and --to (by default DATABASE_URL) both name {url}: nothing to copy. "
        "Set DATABASE_URL to the new database, or give it with --to."
    ),
    "db.copy_source_missing": (
        "{url} does not exist: there is nothing to copy from there (is the path right?). "
        "Nothing was changed."
    ),
    "db.target_not_empty": (
        "{url} already holds {rows} rows (tables, hands, totals or settings): copying would "
        "mix two servers' data. Point --to at an empty database, or add --force to delete "
        "everything in it first."
    ),
    "db.copying": "Copying {table}",
    "db.mismatch": "{url}: after the copy, {what} differs: {source} in the source, {target} here.",
    "db.copied": "Copied {rows} rows from {source} to {target}; counts and totals match.",
    "db.backup_missing": "{path} does not exist: there is no database to back up there.",
    "db.backup_exists": "{path} exists already: name another file with --to, or add --force.",
    "db.backed_up": Plural(
        "Backed up {source} to {target} ({kib} KiB: {hands} finished hand, {tables} open "
        "tables); the copy passed SQLite's integrity check.",
        "Backed up {source} to {target} ({kib} KiB: {hands} finished hands, {tables} open "
        "tables); the copy passed SQLite's integrity check.",
        "hands",
    ),
    "db.backup_bad_keep": "{keep} is not a number of backups to keep: give 1 or more.",
    "db.pruned": Plural(
        "Deleted {count} older backup: {files}.",
        "Deleted {count} older backups: {files}.",
        "count",
    ),
    "db.prune_failed": "The backup is made, but an older one could not be deleted: {error}",
    "db.backup_without_pg_dump": (
        "pg_dump is not installed (apt-get install postgresql-client installs it): the "
        "backup is an SQLite copy of the database instead."
    ),
    "db.restore_sqlite_backup": (
        "Restore it with: tonk db copy --from sqlite+aiosqlite:///{target} --force "
        "(into DATABASE_URL, with the bot stopped)"
    ),
    "db.backed_up_postgres": (
        "Backed up {source} to {target} ({kib} KiB) with pg_dump; pg_restore reads it back. "
        "Restore it with: pg_restore --clean --if-exists --no-owner --dbname=DATABASE {target}"
    ),
}
