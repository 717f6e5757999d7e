"""``tonk db upgrade``, ``tonk db copy --from URL [--to URL]`` and ``tonk db backup [--to FILE]
[--keep N]``: the database, by hand.

``upgrade`` runs the schema migrations that the bot also runs on start. ``copy`` moves a
whole store between databases of either backend (``bot.store.copy``), with a progress bar,
refusing a target that holds data unless ``--force``. ``backup`` copies the database to one
file, while the bot runs too (``bot.store.backup``): an SQLite one into ``backups/`` beside
it, a PostgreSQL one with ``pg_dump`` (without it, as an SQLite copy) into ``data/backups/``,
unless told where, refusing to overwrite a file unless ``--force``; with ``--keep N`` it then
deletes all but the ``N`` newest backups named as by default in that directory. Each acts,
unless told otherwise, on the bot's own database: ``DATABASE_URL`` from the environment or
``.env``. Each problem is one line on standard error and the exit status is 1 (2 for a URL
the store cannot take).
URLs are shown with their password masked. SQLAlchemy, Alembic and rich are imported by the
handlers only, so that ``tonk rules`` and ``tonk scenario`` start without them.
"""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from importlib.util import find_spec

from bot.dburl import is_postgres, is_sqlite, masked
from bot.i18n import text

EXIT_FAILED = 1
EXIT_BAD_URL = 2


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], locale: str
) -> argparse.ArgumentParser:
    parser = commands.add_parser("db", help=text("cli.help.db", locale))
    actions = parser.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    upgrade = actions.add_parser("upgrade", help=text("cli.help.db.upgrade", locale))
    upgrade.add_argument("--database", metavar="URL", help=text("cli.help.db.database", locale))
    upgrade.set_defaults(handler=run_upgrade)
    copy = actions.add_parser("copy", help=text("cli.help.db.copy", locale))
    copy.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="URL",
        help=text("cli.help.db.from", locale),
    )
    copy.add_argument("--to", dest="target", metavar="URL", help=text("cli.help.db.to", locale))
    copy.add_argument("--force", action="store_true", help=text("cli.help.db.force", locale))
    copy.set_defaults(handler=run_copy)
    backup = actions.add_parser("backup", help=text("cli.help.db.backup", locale))
    backup.add_argument("--database", metavar="URL", help=text("cli.help.db.database", locale))
    backup.add_argument(
        "--to", dest="target", metavar="FILE", help=text("cli.help.db.backup_to", locale)
    )
    backup.add_argument(
        "--force", action="store_true", help=text("cli.help.db.backup_force", locale)
    )
    backup.add_argument(
        "--keep",
        type=partial(_at_least_one, locale),
        metavar="N",
        help=text("cli.help.db.backup_keep", locale),
    )
    backup.set_defaults(handler=run_backup)
    return parser


def _default_url(locale: str) -> str | None:
    """DATABASE_URL from the environment or ``.env``, else the bot's default; None, once
    they are printed, when ``.env`` has lines that are wrong."""
    from bot.config import DEFAULT_DATABASE_URL, ConfigError
    from bot.envfile import DEFAULT_ENV_FILE, load_env_file

    try:
        for misspelt in load_env_file(DEFAULT_ENV_FILE, os.environ, locale):
            print(misspelt, file=sys.stderr)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return None
    return os.environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL


def _check_url(url: str, locale: str) -> str | None:
    """The one line that says why ``url`` is not a store URL, or None."""
    if not (is_sqlite(url) or is_postgres(url)):
        return text("db.bad_url", locale, url=masked(url))
    if is_postgres(url) and find_spec("asyncpg") is None:
        return text("store.no_asyncpg", locale, url=masked(url))
    return None


def _database_url(args: argparse.Namespace) -> str | None:
    """``--database``, else the bot's own database; None, once the line saying why is
    printed, when it is not a store URL (or ``.env`` is wrong)."""
    url = args.database or _default_url(args.locale)
    if url is None:
        return None
    problem = _check_url(url, args.locale)
    if problem is not None:
        print(problem, file=sys.stderr)
        return None
    return url


def run_upgrade(args: argparse.Namespace) -> int:
    import asyncio

    from sqlalchemy.exc import DBAPIError

    from bot.store.errors import StoreError, driver_detail
    from bot.store.migrations import upgrade

    url = _database_url(args)
    if url is None:
        return EXIT_BAD_URL
    try:
        revision = asyncio.run(upgrade(url))
    except (StoreError, OSError, ValueError, DBAPIError) as error:
        said = driver_detail(error)
        print(text("db.failed", args.locale, url=masked(url), error=said), file=sys.stderr)
        return EXIT_FAILED
    print(text("db.upgraded", args.locale, url=masked(url), revision=revision))
    return 0


def run_copy(args: argparse.Namespace) -> int:
    import asyncio

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn
    from sqlalchemy.exc import DBAPIError

    from bot.store.copy import copy_database
    from bot.store.errors import StoreError

    target = args.target or _default_url(args.locale)
    if target is None:
        return EXIT_BAD_URL
    for url in (args.source, target):
        problem = _check_url(url, args.locale)
        if problem is not None:
            print(problem, file=sys.stderr)
            return EXIT_BAD_URL
    if args.source == target:
        print(text("db.same", args.locale, url=masked(target)), file=sys.stderr)
        return EXIT_BAD_URL
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    tasks: dict[str, TaskID] = {}

    def advance(table: str, done: int, total: int) -> None:
        if not tasks:
            bar.start()  # once the copy begins: a refusal before it shows no bar
        if table not in tasks:
            tasks[table] = bar.add_task(text("db.copying", args.locale, table=table), total=total)
        bar.update(tasks[table], completed=done)

    failed = None
    try:
        report = asyncio.run(copy_database(args.source, target, force=args.force, progress=advance))
    except (StoreError, OSError, ValueError, DBAPIError) as error:
        failed = _copy_failed(error, target, args.locale)
    finally:
        if tasks:
            bar.stop()
    if failed is not None:
        print(failed, file=sys.stderr)
        return EXIT_FAILED
    print(
        text(
            "db.copied",
            args.locale,
            rows=report.total,
            source=masked(args.source),
            target=masked(target),
        )
    )
    return 0


def _copy_failed(error: Exception, target: str, locale: str) -> str:
    """Why a copy to ``target`` failed, in one line."""
    from bot.store.copy import CopyMismatch, SourceMissing, TargetNotEmpty, Unreachable
    from bot.store.errors import driver_detail

    match error:
        case TargetNotEmpty():
            return text("db.target_not_empty", locale, url=error.url, rows=error.rows)
        case CopyMismatch():
            return text(
                "db.mismatch",
                locale,
                url=masked(target),
                what=error.what,
                source=error.source,
                target=error.target,
            )
        case Unreachable():
            return text("db.failed", locale, url=error.url, error=error.detail)
        case SourceMissing():
            return text("db.copy_source_missing", locale, url=error.url)
        case _:
            return text("db.failed", locale, url=masked(target), error=driver_detail(error))


def _at_least_one(locale: str, value: str) -> int:
    """``--keep``'s value: a whole number of at least 1, else said in ``locale``."""
    number = int(value) if value.strip().isdigit() else 0
    if number < 1:
        raise argparse.ArgumentTypeError(text("db.backup_bad_keep", locale, keep=value))
    return number


def run_backup(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime
    from pathlib import Path

    from sqlalchemy import make_url

    from bot.store.backup import (
        BackupFailed,
        backup_name,
        backup_postgres,
        backup_postgres_as_sqlite,
        backup_sqlite,
        pg_dump_installed,
        prune_backups,
    )

    url = _database_url(args)
    if url is None:
        return EXIT_BAD_URL
    dumped = False
    if is_postgres(url):
        source = None
        dumped = pg_dump_installed()
        suffix = ".dump" if dumped else ".db"
        folder, name = Path("data") / "backups", make_url(url).database or ""
    else:
        source = Path(make_url(url).database or "")
        if not source.is_file():
            print(text("db.backup_missing", args.locale, path=source), file=sys.stderr)
            return EXIT_FAILED
        folder, name, suffix = source.parent / "backups", source.stem, ".db"
    default = folder / backup_name(name, datetime.now(UTC), suffix)
    target = Path(args.target) if args.target else default
    if target.exists() and not args.force:
        print(text("db.backup_exists", args.locale, path=target), file=sys.stderr)
        return EXIT_FAILED
    if source is None and not dumped:
        print(text("db.backup_without_pg_dump", args.locale), file=sys.stderr)
    try:
        if source is not None:
            report = backup_sqlite(source, target)
        elif dumped:
            report = backup_postgres(url, target)
        else:
            report = backup_postgres_as_sqlite(url, target)
    except (BackupFailed, OSError) as error:
        print(text("db.failed", args.locale, url=masked(url), error=error), file=sys.stderr)
        return EXIT_FAILED
    kib = round(report.size / 1024)
    if report.hands is None:
        said = text(
            "db.backed_up_postgres", args.locale, source=masked(url), target=target, kib=kib
        )
    else:
        said = text(
            "db.backed_up",
            args.locale,
            source=source or masked(url),
            target=target,
            kib=kib,
            hands=report.hands,
            tables=report.open_tables,
        )
    print(said)
    if source is None and not dumped:
        print(text("db.restore_sqlite_backup", args.locale, target=target))
    if args.keep is not None:
        try:
            removed = prune_backups(target.parent, name, suffix, args.keep)
        except OSError as error:
            print(text("db.prune_failed", args.locale, error=error), file=sys.stderr)
            return EXIT_FAILED
        if removed:
            files = ", ".join(path.name for path in removed)
            print(text("db.pruned", args.locale, count=len(removed), files=files))
    return 0
