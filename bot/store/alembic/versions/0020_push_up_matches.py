"""The scoreboard counts the push-up matches each member won.

Revision ID: 0020
Revises: 0019

``hand_player.won_match``: whether the hand ended a push-up match (H10: a total reached the
limit) and this seat won it, with the lowest total. ``player_totals.matches_won``: the
matches a member won, and ``ix_player_totals_by_matches``, which lists a guild's members by
it, then hands won (``/tonk leaderboard by:matches``). A hand recorded before did not say
which match it ended, so every hand so far has false and every member 0.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "hand_player",
        sa.Column("won_match", sa.Boolean(), server_default=sa.text("false"), nullable=False),
    )
    op.add_column(
        "player_totals",
        sa.Column("matches_won", sa.Integer(), server_default=sa.text("0"), nullable=False),
    )
    op.create_index(
        "ix_player_totals_by_matches",
        "player_totals",
        ["guild_id", sa.text("matches_won DESC"), sa.text("hands_won DESC"), "user_id"],
    )


def downgrade() -> None:
    op.drop_index("ix_player_totals_by_matches", table_name="player_totals")
    # Not in a batch: SQLite would copy the table whole, and cannot insert its generated
    # column (win_score); SQLite drops a column in place since 3.35.
    op.drop_column("player_totals", "matches_won")
    with op.batch_alter_table("hand_player") as table:
        table.drop_column("won_match")
