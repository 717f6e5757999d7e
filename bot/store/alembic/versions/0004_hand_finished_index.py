"""The hands of a period are found by an index.

Revision ID: 0004
Revises: 0003

``ix_hand_guild_finished`` on ``hand (guild_id, finished_at)``: the leaderboard of the last
7 or 30 days (``/tonk leaderboard period``) reads a guild's hands finished since a moment
without scanning the guild's whole history.
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_hand_guild_finished", "hand", ["guild_id", "finished_at"])


def downgrade() -> None:
    op.drop_index("ix_hand_guild_finished", table_name="hand")
