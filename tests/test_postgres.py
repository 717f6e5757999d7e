"""The pool of migrated PostgreSQL databases (``tests/postgres.py``): a database used again
reads exactly as a new copy, and one whose schema a test changed is never used again."""

from __future__ import annotations

from bot.store import Store
from bot.store.migrations import head
from tests.postgres import MigratedDatabases
from tests.store.conftest import open_table
from tests.store.raw import execute, fetch

COUNTS = "SELECT (SELECT count(*) FROM tonk_table), (SELECT count(*) FROM guild_settings)"


async def test_a_database_given_back_is_emptied_and_its_ids_start_again(
    migrated_postgres: MigratedDatabases,
) -> None:
    url = migrated_postgres.take()
    async with await Store.open(url) as store:
        first = await open_table(store)
        await open_table(store, channel_id=11)
        await store.update_guild_settings(1, stake=5)
    migrated_postgres.give_back(url)

    assert migrated_postgres.take() == url
    assert fetch(url, COUNTS) == [(0, 0)]
    assert fetch(url, "SELECT version_num FROM alembic_version") == [(head(),)]
    async with await Store.open(url) as store:
        assert (await open_table(store)).id == first.id
        assert (await store.get_guild_settings(1)).stake == 1
    migrated_postgres.give_back(url)


async def test_a_database_whose_schema_a_test_changed_is_not_used_again(
    migrated_postgres: MigratedDatabases,
) -> None:
    url = migrated_postgres.take()
    execute(
        url,
        "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE 'no'; END $$ LANGUAGE plpgsql;"
        " CREATE TRIGGER refuse BEFORE INSERT ON hand FOR EACH ROW EXECUTE FUNCTION refuse()",
    )
    migrated_postgres.give_back(url)
    fresh = migrated_postgres.take()
    assert fresh != url
    assert fetch(fresh, "SELECT count(*) FROM pg_trigger WHERE tgname = 'refuse'") == [(0,)]
    migrated_postgres.give_back(fresh)
