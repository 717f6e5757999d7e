"""Servers may open every new table in a thread of its own.

Revision ID: 0010
Revises: 0009

``guild_settings.threads``: whether ``/tonk new`` opens a table in a new thread of the channel
unless the command says otherwise (``/tonk config set threads``). No server did: false.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "guild_settings",
        sa.Column("threads", sa.Boolean(), server_default=sa.text("false"), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("threads")
