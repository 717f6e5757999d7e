"""A server can keep its channel from being told a day before each season starts.

Revision ID: 0018
Revises: 0017

``guild_settings.season_notices``: whether the announcement channel of a server whose
seasons start by themselves is told, a day before each start, that the season ends
(``/tonk config season notice:``). Every server was told so far: true.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "guild_settings",
        sa.Column("season_notices", sa.Boolean(), server_default=sa.text("true"), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("season_notices")
