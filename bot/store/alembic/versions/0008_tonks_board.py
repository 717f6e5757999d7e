"""The leaderboard can rank by tonks.

Revision ID: 0008
Revises: 0007

``ix_player_totals_by_tonks`` lists a guild's members by tonks (``tonk_outs``), then hands
won, then user id, as the other ``ix_player_totals_by_*`` indexes do for their orders, so a
page of ``/tonk leaderboard by:tonks`` is read off the index with no sort.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_player_totals_by_tonks",
        "player_totals",
        ["guild_id", sa.text("tonk_outs DESC"), sa.text("hands_won DESC"), "user_id"],
    )


def downgrade() -> None:
    op.drop_index("ix_player_totals_by_tonks", table_name="player_totals")
