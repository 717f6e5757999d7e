"""Schema creation and the migration procedure run by ``Store.open``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import Connection

from bot.store import SchemaTooNew, Store, migrations
from bot.store.migrations import LATEST_VERSION, MIGRATIONS, Migration


def _versions(path: Path) -> list[int]:
    with sqlite3.connect(path) as raw:
        return [row[0] for row in raw.execute("SELECT version FROM schema_version ORDER BY 1")]


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as raw:
        return {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}


async def test_new_database_gets_schema_stamped_latest(store: Store, tmp_path: Path) -> None:
    """A new file gets every table from create_all and one stamp at the latest version."""
    path = tmp_path / "tonk.db"
    assert {"guild_settings", "tonk_table", "hand", "hand_player", "player_totals"} <= _tables(path)
    assert _versions(path) == [LATEST_VERSION]
    assert MIGRATIONS[0].version == 1


async def test_reopening_an_up_to_date_database_changes_nothing(
    db_url: str, tmp_path: Path
) -> None:
    """Opening twice neither re-creates nor re-stamps the schema."""
    await (await Store.open(db_url)).close()
    await (await Store.open(db_url)).close()
    assert _versions(tmp_path / "tonk.db") == [LATEST_VERSION]


async def test_pending_steps_run_in_order_and_are_stamped(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older database runs each newer step once, in order, and records each version."""
    await (await Store.open(db_url)).close()
    ran: list[int] = []

    def add_column(connection: Connection) -> None:
        ran.append(LATEST_VERSION + 1)
        connection.exec_driver_sql("ALTER TABLE player_totals ADD COLUMN nickname VARCHAR")

    def add_index(connection: Connection) -> None:
        ran.append(LATEST_VERSION + 2)
        connection.exec_driver_sql("CREATE INDEX ix_nickname ON player_totals (nickname)")

    steps = (
        *MIGRATIONS,
        Migration(LATEST_VERSION + 1, "nickname", add_column),
        Migration(LATEST_VERSION + 2, "index", add_index),
    )
    monkeypatch.setattr(migrations, "MIGRATIONS", steps)
    await (await Store.open(db_url)).close()
    await (await Store.open(db_url)).close()
    assert ran == [LATEST_VERSION + 1, LATEST_VERSION + 2]
    assert _versions(tmp_path / "tonk.db") == [LATEST_VERSION, *ran]


async def test_failing_step_leaves_the_database_untouched(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A step that raises rolls back its own DDL and its stamp: the version stays put."""
    await (await Store.open(db_url)).close()

    def half_done(connection: Connection) -> None:
        connection.exec_driver_sql("CREATE TABLE half_done (x INTEGER)")
        raise RuntimeError("migration bug")

    bad = Migration(LATEST_VERSION + 1, "bad", half_done)
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, bad))
    with pytest.raises(RuntimeError, match="migration bug"):
        await Store.open(db_url)
    assert _versions(tmp_path / "tonk.db") == [LATEST_VERSION]
    assert "half_done" not in _tables(tmp_path / "tonk.db")


async def test_database_from_newer_code_is_refused(db_url: str, tmp_path: Path) -> None:
    """A stamp above the newest known version raises SchemaTooNew instead of guessing."""
    await (await Store.open(db_url)).close()
    with sqlite3.connect(tmp_path / "tonk.db") as raw:
        raw.execute("INSERT INTO schema_version VALUES (99, 'future', 0)")
    with pytest.raises(SchemaTooNew) as caught:
        await Store.open(db_url)
    assert (caught.value.found, caught.value.supported) == (99, LATEST_VERSION)


async def test_step_3_adds_member_languages_and_unsets_the_server_language(
    db_url: str, tmp_path: Path
) -> None:
    """A version-2 database (servers stamped 'en', a language nobody could choose) gets the
    member_language table, and its servers follow their Discord locale."""
    store = await Store.open(db_url)
    await store.update_guild_settings(7, stake=3)
    await store.close()
    path = tmp_path / "tonk.db"
    with sqlite3.connect(path) as raw:
        raw.execute("DROP TABLE member_language")
        raw.execute("DELETE FROM schema_version")
        raw.execute("INSERT INTO schema_version VALUES (2, 'as shipped', 0)")
        raw.execute("UPDATE guild_settings SET locale = 'en'")
    store = await Store.open(db_url)
    try:
        assert "member_language" in _tables(path)
        settings = await store.get_guild_settings(7)
        assert (settings.locale, settings.stake) == ("", 3)
    finally:
        await store.close()
    assert _versions(path) == [2, 3]
