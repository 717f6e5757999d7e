"""Schema versions and the migration procedure run by ``Store.open``.

How the schema is brought up to date (all in one ``BEGIN IMMEDIATE`` transaction, so two
processes starting together cannot both migrate, and a failed step leaves nothing behind):

* A new database (no ``schema_version`` row) gets the newest schema straight from
  ``SQLModel.metadata.create_all`` and is stamped :data:`LATEST_VERSION`; no step runs.
* An existing database runs, in order, every step of :data:`MIGRATIONS` whose version is
  above its stamp, and records each one in ``schema_version``.
* A database stamped above :data:`LATEST_VERSION` was written by newer code and is refused
  with :class:`~bot.store.errors.SchemaTooNew`.

To change the schema:

1. Change the models in ``bot/store/models.py`` (new databases get them from create_all).
2. Append ``Migration(<last version + 1>, "<what changes>", <function>)`` to
   :data:`MIGRATIONS`. The function takes a synchronous SQLAlchemy ``Connection`` and must
   turn a database of the previous version into exactly what create_all now builds, e.g.::

       def _add_player_totals_locale(connection: Connection) -> None:
           connection.exec_driver_sql(
               "ALTER TABLE player_totals ADD COLUMN locale VARCHAR NOT NULL DEFAULT 'en'"
           )

   SQLite cannot alter a column in place: to change one (or the generated ``win_score``
   formula), create the new table, ``INSERT INTO new SELECT ... FROM old``, drop the old
   table, rename the new one and recreate its indexes.
3. Add a test that builds the previous version, opens the store and checks the data.

Never edit or reorder a step that has shipped: databases in the field already ran it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection, func, insert, inspect, select
from sqlmodel import SQLModel, col

from bot.store import models
from bot.store.errors import SchemaTooNew

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step: ``upgrade`` turns a database at ``version - 1`` into ``version``."""

    version: int
    description: str
    upgrade: Callable[[Connection], None]


def _create_schema(connection: Connection) -> None:
    SQLModel.metadata.create_all(connection)


def _add_table_log(connection: Connection) -> None:
    """Every open table's ``state_json`` becomes its snapshot, with an empty log."""
    SQLModel.metadata.tables[str(models.TableLogRow.__tablename__)].create(connection)


def _add_member_language(connection: Connection) -> None:
    """Members' chosen languages get their table; the server language, which nobody could
    set before, becomes unset (empty: follow the server's Discord locale)."""
    SQLModel.metadata.tables[str(models.MemberLanguage.__tablename__)].create(connection)
    connection.exec_driver_sql("UPDATE guild_settings SET locale = ''")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "base schema: guild_settings, tonk_table, hand, hand_player, player_totals",
        _create_schema,
    ),
    Migration(2, "table_log: each table's changes since its snapshot", _add_table_log),
    Migration(3, "member_language; guild_settings.locale unset", _add_member_language),
)
"""Every schema step in order; version 1 is the base schema that create_all builds."""

LATEST_VERSION = MIGRATIONS[-1].version
"""The schema version this code writes."""


def current_version(connection: Connection) -> int:
    """The database's schema version, 0 for a database the store never opened."""
    if not inspect(connection).has_table(str(models.SchemaVersion.__tablename__)):
        return 0
    version = connection.execute(select(func.max(col(models.SchemaVersion.version)))).scalar()
    return version or 0


def apply_migrations(connection: Connection) -> int:
    """Bring the schema up to the last step of :data:`MIGRATIONS`; return that version.

    Runs inside the caller's transaction (see the module docstring for the procedure).
    """
    latest = MIGRATIONS[-1].version
    found = current_version(connection)
    if found > latest:
        raise SchemaTooNew(found, latest)
    if found == 0:
        _create_schema(connection)
        _stamp(connection, latest, "created with create_all")
        logger.info("created store schema at version %d", latest)
        return latest
    for migration in MIGRATIONS:
        if migration.version > found:
            logger.info(
                "migrating store schema to version %d: %s",
                migration.version,
                migration.description,
            )
            migration.upgrade(connection)
            _stamp(connection, migration.version, migration.description)
    return latest


def _stamp(connection: Connection, version: int, description: str) -> None:
    connection.execute(
        insert(models.SchemaVersion).values(
            version=version, description=description, applied_at=time.time()
        )
    )
