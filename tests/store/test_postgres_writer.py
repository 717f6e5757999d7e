"""The PostgreSQL writer (``bot.store.postgres.PostgresWriter``) against a real server."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, text

from bot.store import Store
from tests.postgres import MigratedDatabases, PostgresServer


def _insert(value: int) -> Callable[[Connection], int]:
    def work(connection: Connection) -> int:
        connection.execute(text("INSERT INTO probe VALUES (:value)"), {"value": value})
        return value

    return work


async def test_the_first_write_after_the_server_restarted_lands_on_a_new_connection(
    postgres_server: PostgresServer, migrated_postgres: MigratedDatabases
) -> None:
    """The server restarts between two moves (a fast shutdown closes every connection, the
    writer's among them). The next write finds its connection closed before it sends
    anything, and lands on a new one, instead of failing as if the database were down."""
    store = await Store.open(migrated_postgres.take())
    try:
        await store.writer.run(lambda c: c.execute(text("CREATE TABLE probe (value INTEGER)")))
        assert await store.writer.run(_insert(1)) == 1
        postgres_server.pause()
        postgres_server.resume()
        await store.get_guild_settings(1)  # the bot reads, then writes, as a move does
        assert await store.writer.run(_insert(2)) == 2
        rows = await store.writer.run(
            lambda c: [row[0] for row in c.execute(text("SELECT value FROM probe ORDER BY 1"))]
        )
        assert rows == [1, 2]
    finally:
        await store.close()
