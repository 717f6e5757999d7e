"""A push-up hand keeps each seat's points.

Revision ID: 0009
Revises: 0008

``hand_player.pushed_up``: the points a push-up hand pushed the seat up by (O42; 0 for a
winner), which the history, the stats and the export show where a hand paid in chips shows
its payout. NULL for a hand paid in chips. Push-up hands recorded earlier keep NULL: their
points were taken off in revision 0007 and are not known here (a replay still shows them).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("hand_player", sa.Column("pushed_up", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hand_player") as table:
        table.drop_column("pushed_up")
