"""Alembic's environment for the store: runs the revisions on the connection it is handed.

Migrations run only through ``bot.store.migrations`` (``Store.open`` and ``tonk db
upgrade``), which opens the transaction, takes the migration lock and passes the connection
in ``config.attributes["connection"]``; every revision then runs inside that one
transaction, so a failed revision leaves nothing behind on either backend.
"""

from __future__ import annotations

from alembic import context

from bot.store.models import METADATA

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the store's migrations with `tonk db upgrade`")
context.configure(connection=connection, target_metadata=METADATA)
with context.begin_transaction():
    context.run_migrations()
