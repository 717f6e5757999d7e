"""Members' chosen languages (``/tonk language``); the server language starts unset.

Revision ID: 0002
Revises: 0001

``member_language`` holds the language a member chose to read in one server. Nobody could
set ``guild_settings.locale`` before this revision, so every row's value was the default:
it becomes empty, which means "follow the server's Discord locale".
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "member_language",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "user_id"),
    )
    op.execute("UPDATE guild_settings SET locale = ''")


def downgrade() -> None:
    op.drop_table("member_language")
    op.execute("UPDATE guild_settings SET locale = 'en' WHERE locale = ''")
