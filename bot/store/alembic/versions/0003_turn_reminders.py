"""Servers choose whether turn reminders mention their members.

Revision ID: 0003
Revises: 0002

``guild_settings.turn_reminders``: whether a member the table waits for is reminded in the
channel with a mention (``/tonk config set turn_reminders``). Every server had them on.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "guild_settings",
        sa.Column("turn_reminders", sa.Boolean(), server_default=sa.text("true"), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("turn_reminders")
