"""A server plays in seasons.

Revision ID: 0013
Revises: 0012

``guild_settings.season`` and ``guild_settings.season_started_at``: the number of the
server's current season and when it started (``/tonk config season``). No server had
started one: season 0, no start.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "guild_settings",
        sa.Column("season", sa.Integer(), server_default=sa.text("0"), nullable=False),
    )
    op.add_column("guild_settings", sa.Column("season_started_at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("season_started_at")
        table.drop_column("season")
