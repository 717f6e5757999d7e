"""A server's seasons can start on a day and at an hour of its choosing.

Revision ID: 0017
Revises: 0016

``guild_settings.season_day`` and ``season_hour``: the weekday (0 Monday to 6 Sunday) or the
day of the month (1 to 28) a server's seasons start on by themselves, and the hour (0 to 23),
chosen with ``/tonk config season every: day: hour:``. Every schedule so far started on
Monday or the 1st at midnight: NULL, which reads as that.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("guild_settings", sa.Column("season_day", sa.Integer(), nullable=True))
    op.add_column("guild_settings", sa.Column("season_hour", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("season_hour")
        table.drop_column("season_day")
