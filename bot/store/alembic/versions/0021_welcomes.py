"""The bot remembers the servers it welcomed, so that a server that adds it while it is not
running is welcomed when it starts.

Revision ID: 0021
Revises: 0020

``welcomed_guild``: each server welcomed, with when the bot joined it that time.
``welcome_since``: one row, the time this revision ran; the servers the bot had joined
before then are not welcomed at a start (they had the bot already), so an upgrade welcomes
nobody.
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "welcomed_guild",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("joined_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    since = op.create_table(
        "welcome_since",
        sa.Column("since", sa.Float(), autoincrement=False, nullable=False),
        sa.PrimaryKeyConstraint("since"),
    )
    op.bulk_insert(since, [{"since": time.time()}])


def downgrade() -> None:
    op.drop_table("welcome_since")
    op.drop_table("welcomed_guild")
