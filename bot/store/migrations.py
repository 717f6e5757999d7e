"""Bringing a database's schema up to date: the Alembic revisions in ``bot/store/alembic``.

:func:`upgrade` runs them (``Store.open`` and ``tonk db upgrade`` call it), on SQLite and on
PostgreSQL alike, with these guarantees:

* **All or nothing.** Every pending revision runs in ONE transaction (both backends have
  transactional DDL); a revision that fails leaves the database as it was.
* **One migrator at a time.** The transaction first takes the migration lock: SQLite's write
  lock (``BEGIN IMMEDIATE``) or a PostgreSQL transaction-scoped advisory lock. Two processes
  starting together: the second waits, then finds the schema current and does nothing.
* **Databases from before Alembic** carry a ``schema_version`` table (1: release 0.1, 2: with
  ``table_log``). They are translated in the same transaction: a version-1 database gets the
  ``table_log`` of revision ``0001``, both are stamped ``0001`` in ``alembic_version`` and
  ``schema_version`` is dropped. No row of any other table is touched.
* **Newer databases are refused.** A revision this code does not know (or a
  ``schema_version`` above 2) raises :class:`~bot.store.errors.SchemaTooNew`.

To change the schema: change ``bot/store/models.py`` and add a revision file to
``bot/store/alembic/versions`` (``down_revision`` the last one). ``tests/store/
test_migrations.py`` checks on both backends that the revisions build exactly the models.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.operations import Operations
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, inspect, text
from sqlalchemy.pool import NullPool

from bot.store.connection import create_engine_for
from bot.store.errors import SchemaTooNew
from bot.store.sql.dialect import POSTGRESQL

logger = logging.getLogger(__name__)

SCRIPT_LOCATION = Path(__file__).with_name("alembic")
"""The Alembic environment and its ``versions`` folder, inside the package."""

BASE_REVISION = "0001"
"""The revision that a database from before Alembic is stamped with."""

LEGACY_TABLE = "schema_version"
"""The version table of the hand-written migrations that Alembic replaced."""

_LEGACY_TABLE_LOG = 2
"""The last ``schema_version`` the hand-written steps wrote: the schema of revision ``0001``."""

_MIGRATION_LOCK = 0x746F6E6B
"""Key of PostgreSQL's advisory lock held while migrating ("tonk")."""


def alembic_config() -> Config:
    """The Alembic configuration of the store: no ini file, the scripts in the package."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    return config


@cache
def scripts() -> ScriptDirectory:
    """The store's revisions (read once per process)."""
    return ScriptDirectory.from_config(alembic_config())


def head() -> str:
    """The newest revision: what this code reads and writes."""
    found = scripts().get_current_head()
    assert found is not None
    return found


async def upgrade(url: str) -> str:
    """Bring the database at ``url`` to :func:`head` (see the module docstring); return it."""
    engine = create_engine_for(url, poolclass=NullPool, immediate=True)
    try:
        async with engine.begin() as connection:
            return await connection.run_sync(_upgrade_connection)
    finally:
        await engine.dispose()


def _upgrade_connection(connection: Connection) -> str:
    """:func:`upgrade` inside the caller's transaction on ``connection``."""
    if connection.dialect.name == POSTGRESQL:
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
    _translate_legacy(connection)
    newest = head()
    found = current_revision(connection)
    if found == newest:
        return newest
    if found is not None and not _known(found):
        raise SchemaTooNew(found, newest)
    logger.info("migrating the store's schema from %s to %s", found or "nothing", newest)
    command.upgrade(_config_on(connection), "head")
    return newest


def current_revision(connection: Connection) -> str | None:
    """The database's Alembic revision, None for a database never migrated."""
    return MigrationContext.configure(connection).get_current_revision()


def _known(revision: str) -> bool:
    try:
        return scripts().get_revision(revision) is not None
    except CommandError:
        return False


def _translate_legacy(connection: Connection) -> None:
    """Stamp a database of the hand-written migrations as revision ``0001`` (module docstring)."""
    if not inspect(connection).has_table(LEGACY_TABLE):
        return
    version = connection.execute(text(f"SELECT max(version) FROM {LEGACY_TABLE}")).scalar() or 0
    if version > _LEGACY_TABLE_LOG:
        raise SchemaTooNew(f"schema_version {version}", head())
    if version < _LEGACY_TABLE_LOG:
        context = MigrationContext.configure(connection)
        base: Any = scripts().get_revision(BASE_REVISION)
        base.module.create_table_log(Operations(context))
    command.stamp(_config_on(connection), BASE_REVISION)
    connection.execute(text(f"DROP TABLE {LEGACY_TABLE}"))
    logger.info("schema_version %d translated to Alembic revision %s", version, BASE_REVISION)


def _config_on(connection: Connection) -> Config:
    config = alembic_config()
    config.attributes["connection"] = connection
    return config
