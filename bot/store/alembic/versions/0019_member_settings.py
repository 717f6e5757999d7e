"""A member's own settings in a server, beside their language.

Revision ID: 0019
Revises: 0018

``member_language`` becomes ``member_settings``: besides the language a member chose to read
in a server (now optional: empty follows their Discord app), whether the bot sends them
their hand by direct message (``dms``), whether a turn reminder mentions them
(``reminders``) and how their hand is sorted (``hand_order``: ``suit`` or ``rank``), all
chosen with ``/tonk me set``. Every member so far had DMs, reminders and their hand by
suit. Going back keeps only the members who chose a language, and only that.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.rename_table("member_language", "member_settings")
    _rename_key("member_settings", "member_language_pkey", "member_settings_pkey")
    with op.batch_alter_table("member_settings") as table:
        table.alter_column("language", existing_type=sa.String(), nullable=True)
        table.add_column(
            sa.Column("dms", sa.Boolean(), server_default=sa.text("true"), nullable=False)
        )
        table.add_column(
            sa.Column("reminders", sa.Boolean(), server_default=sa.text("true"), nullable=False)
        )
        table.add_column(
            sa.Column("hand_order", sa.String(), server_default=sa.text("'suit'"), nullable=False)
        )


def downgrade() -> None:
    op.execute("DELETE FROM member_settings WHERE language IS NULL")
    with op.batch_alter_table("member_settings") as table:
        table.drop_column("hand_order")
        table.drop_column("reminders")
        table.drop_column("dms")
        table.alter_column("language", existing_type=sa.String(), nullable=False)
    op.rename_table("member_settings", "member_language")
    _rename_key("member_language", "member_settings_pkey", "member_language_pkey")


def _rename_key(table: str, old: str, new: str) -> None:
    """PostgreSQL names a primary key after its table and keeps the name when the table is
    renamed; SQLite's batch copy names none."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"ALTER TABLE {table} RENAME CONSTRAINT {old} TO {new}")
