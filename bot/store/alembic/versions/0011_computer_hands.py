"""Servers may keep hands played with computer players off their scoreboard.

Revision ID: 0011
Revises: 0010

``guild_settings.computer_hands``: whether a hand with a computer player at the table counts
on the scoreboard (``/tonk config set computer_hands``). Every server's did: true.
``hand_player.ranked``: whether the seat's hand counted, as the server's setting was when
the hand was recorded. Every hand recorded so far did: true.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "guild_settings",
        sa.Column("computer_hands", sa.Boolean(), server_default=sa.text("true"), nullable=False),
    )
    op.add_column(
        "hand_player",
        sa.Column("ranked", sa.Boolean(), server_default=sa.text("true"), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("hand_player") as table:
        table.drop_column("ranked")
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("computer_hands")
