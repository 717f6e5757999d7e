"""The Alembic revisions (``bot.store.migrations``) on both backends, and the translation of
databases from before Alembic."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import SchemaTooNew, Store
from bot.store.connection import create_engine_for
from bot.store.migrations import head, upgrade
from bot.store.models import METADATA

from .conftest import open_table, two_player_hand
from .raw import execute, fetch

FIXTURE = Path(__file__).parent / "fixtures" / "release_0_1.sql"


_SQLITE_SCHEMA = (
    "SELECT m.name, p.* FROM sqlite_master m, pragma_table_info(m.name) p"
    " WHERE m.type = 'table' AND m.name != 'alembic_version' ORDER BY 1, 2",
    "SELECT m.name, p.* FROM sqlite_master m, pragma_table_xinfo(m.name) p"
    " WHERE m.type = 'table' AND m.name != 'alembic_version' ORDER BY 1, 2",
    "SELECT m.name, p.* FROM sqlite_master m, pragma_foreign_key_list(m.name) p"
    " WHERE m.type = 'table' ORDER BY 1, 2",
    'SELECT m.name, i.name, i."unique", i.partial, x.seqno, x.name, x.desc'
    " FROM sqlite_master m, pragma_index_list(m.name) i, pragma_index_xinfo(i.name) x"
    " WHERE m.type = 'table' AND m.name != 'alembic_version' AND x.key ORDER BY 1, 2, 5",
    "SELECT name, sql LIKE '%AUTOINCREMENT%', sql LIKE '%WITHOUT ROWID%', sql LIKE '%GENERATED%'"
    " FROM sqlite_master WHERE type = 'table' AND name != 'alembic_version' ORDER BY 1",
)
_POSTGRES_SCHEMA = (
    "SELECT table_name, column_name, data_type, is_nullable, column_default,"
    " is_generated, generation_expression FROM information_schema.columns"
    " WHERE table_schema = 'public' AND table_name != 'alembic_version' ORDER BY 1, 2",
    "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'"
    " AND tablename != 'alembic_version' ORDER BY 1, 2",
    "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint"
    " WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text"
    " != 'alembic_version' ORDER BY 1, 2",
)


def _schema(url: str) -> list[list[tuple[object, ...]]]:
    queries = _SQLITE_SCHEMA if url.startswith("sqlite") else _POSTGRES_SCHEMA
    return [fetch(url, query) for query in queries]


async def _create_all(url: str) -> None:
    engine = create_engine_for(url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(METADATA.create_all)
    finally:
        await engine.dispose()


@pytest.mark.filterwarnings("ignore:Computed column player_totals.win_score")
async def test_the_revisions_build_exactly_the_models(
    db_url: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Upgrading an empty database yields the very schema that create_all builds from the
    models: columns, types, defaults, generated columns, keys and indexes."""
    assert await upgrade(db_url) == head()
    if db_url.startswith("sqlite"):
        reference = f"sqlite+aiosqlite:///{tmp_path / 'reference.db'}"
    else:
        reference = request.getfixturevalue("postgres_server").create_database()
    await _create_all(reference)
    migrated, created = _schema(db_url), _schema(reference)
    assert all(migrated)
    assert migrated == created
    assert fetch(db_url, "SELECT version_num FROM alembic_version") == [(head(),)]


async def test_upgrading_twice_changes_nothing(db_url: str) -> None:
    """A database at the head is left alone, data and all."""
    async with await Store.open(db_url) as store:
        table = await open_table(store)
        assert await store.record_hand(two_player_hand(table, 1, 201, 202))
    assert await upgrade(db_url) == head()
    async with await Store.open(db_url) as store:
        assert (await store.leaderboard(1)).entries[0].player.user_id == 201


async def test_a_revision_this_code_does_not_know_is_refused(db_url: str) -> None:
    """A database migrated by newer code raises SchemaTooNew instead of being guessed at."""
    await upgrade(db_url)
    execute(db_url, "UPDATE alembic_version SET version_num = 'fffffffff'")
    with pytest.raises(SchemaTooNew) as caught:
        await Store.open(db_url)
    assert (caught.value.found, caught.value.supported) == ("fffffffff", head())


def _release_0_1(path: Path) -> None:
    with sqlite3.connect(path) as raw:
        raw.executescript(FIXTURE.read_text())


KEPT = {
    "guild_settings": (
        "SELECT guild_id, default_preset, default_options_json, stake, turn_timeout,"
        " allowed_channel_ids_json, updated_at FROM guild_settings ORDER BY 1"
    ),
    **{
        name: f"SELECT * FROM {name} ORDER BY 1, 2"
        for name in ("tonk_table", "table_log", "hand", "hand_player")
    },
}
"""What migrating keeps row for row (a server's language alone is reset by revision 0002)."""


async def test_a_schema_version_2_database_is_stamped_with_nothing_else_changed(
    tmp_path: Path,
) -> None:
    """A database that the hand-written steps brought to version 2 (release 0.1 plus
    ``table_log``) is stamped ``0001``, then revision 0002 adds members' languages; every row
    stays, but for the server language that nobody could choose, which becomes unset."""
    path = tmp_path / "tonk.db"
    _release_0_1(path)
    with sqlite3.connect(path) as raw:
        raw.executescript(
            "CREATE TABLE table_log (table_id INTEGER NOT NULL, version INTEGER NOT NULL,"
            " body_json TEXT NOT NULL, PRIMARY KEY (table_id, version),"
            " FOREIGN KEY(table_id) REFERENCES tonk_table (id)) WITHOUT ROWID;"
            "INSERT INTO table_log VALUES (1, 99, '{}');"
            "INSERT INTO guild_settings VALUES (7, 'standard', '{}', 3, 120, '[]', 'en', 0);"
            "INSERT INTO schema_version VALUES (2, 'table_log', 0);"
        )
        before = {name: raw.execute(query).fetchall() for name, query in KEPT.items()}
    url = f"sqlite+aiosqlite:///{path}"
    assert await upgrade(url) == head()
    with sqlite3.connect(path) as raw:
        for name, rows in before.items():
            assert raw.execute(KEPT[name]).fetchall() == rows
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        locales = {row[0] for row in raw.execute("SELECT locale FROM guild_settings")}
    assert "schema_version" not in names and "member_language" in names
    assert locales == {""}  # revision 0002: servers follow their Discord locale
    assert fetch(url, "SELECT version_num FROM alembic_version") == [(head(),)]


async def test_a_schema_version_above_2_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tonk.db"
    _release_0_1(path)
    with sqlite3.connect(path) as raw:
        raw.execute("INSERT INTO schema_version VALUES (3, 'future', 0)")
    with pytest.raises(SchemaTooNew):
        await upgrade(f"sqlite+aiosqlite:///{path}")
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT max(version) FROM schema_version").fetchone() == (3,)
