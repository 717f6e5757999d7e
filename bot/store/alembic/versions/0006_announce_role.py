"""Servers may have a role mentioned when a table opens.

Revision ID: 0006
Revises: 0005

``guild_settings.announce_role_id``: the role that a new table's announcement mentions
(``/tonk config announce``). No server had one: NULL.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("guild_settings", sa.Column("announce_role_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("announce_role_id")
