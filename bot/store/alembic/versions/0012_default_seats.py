"""A server chooses how many players its new tables seat.

Revision ID: 0012
Revises: 0011

``guild_settings.seats``: how many players a new table seats unless ``/tonk new`` says
(``/tonk config set seats``). Every server's tables seated 4 by default: 4.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "guild_settings",
        sa.Column("seats", sa.Integer(), server_default=sa.text("4"), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("seats")
