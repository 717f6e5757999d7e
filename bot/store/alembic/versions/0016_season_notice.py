"""A day before a season starts by itself, its channel is told that the current one ends.

Revision ID: 0016
Revises: 0015

``guild_settings.season_notice_at``: when the announcement channel of a server whose seasons
start by themselves is told that the current season ends, with the board so far (a day
before ``season_next_at``); None once told, or for a server without a schedule. A server
that has a schedule is told a day before its next start, or, if that moment is already past,
at once (as the season clock finds it due).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

NOTICE_BEFORE = 24 * 60 * 60
"""As ``bot.store.schedule.NOTICE_BEFORE`` when this revision was written."""


def upgrade() -> None:
    op.add_column("guild_settings", sa.Column("season_notice_at", sa.Float(), nullable=True))
    settings = sa.table(
        "guild_settings",
        sa.column("season_every", sa.String()),
        sa.column("season_next_at", sa.Float()),
        sa.column("season_notice_at", sa.Float()),
    )
    op.execute(
        settings.update()
        .where(settings.c.season_every.is_not(None), settings.c.season_next_at.is_not(None))
        .values(season_notice_at=settings.c.season_next_at - NOTICE_BEFORE)
    )


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("season_notice_at")
