"""The store's schema when Alembic took over: settings, tables and their log, hands, totals.

Revision ID: 0001
Revises:

A database made before Alembic (a ``schema_version`` row of 1 or 2) is translated to this
revision by ``bot.store.migrations``, which creates the missing ``table_log`` with
:func:`create_table_log` for a version-1 database.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from alembic.operations import Operations

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_WIN_SCORE = "(hands_won + 3.0) / (hands_played + 10.0)"


def create_table_log(operations: Operations | Any) -> None:
    """``table_log``: each open table's commits since its snapshot (``operations`` is
    Alembic's ``op`` inside a revision, an ``Operations`` on a connection outside)."""
    operations.create_table(
        "table_log",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tonk_table.id"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("body_json", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "version"),
        sqlite_with_rowid=False,
    )


def upgrade() -> None:
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("default_preset", sa.String(), nullable=False),
        sa.Column("default_options_json", sa.Text(), nullable=False),
        sa.Column("stake", sa.Integer(), nullable=False),
        sa.Column("turn_timeout", sa.Integer(), nullable=True),
        sa.Column("allowed_channel_ids_json", sa.Text(), nullable=False),
        sa.Column("locale", sa.String(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_table(
        "tonk_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("rules_json", sa.Text(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=False),
        sa.Column("seats_json", sa.Text(), nullable=False),
        sa.Column("balances_json", sa.Text(), nullable=False),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("turn_deadline", sa.Float(), nullable=True),
        sa.Column("close_reason", sa.String(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_tonk_table_guild", "tonk_table", ["guild_id"])
    op.create_index(
        "uq_tonk_table_open_channel",
        "tonk_table",
        ["channel_id"],
        unique=True,
        sqlite_where=sa.text("status != 'closed'"),
        postgresql_where=sa.text("status != 'closed'"),
    )
    create_table_log(op)
    op.create_table(
        "hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_uid", sa.String(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tonk_table.id"), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(), nullable=False),
        sa.Column("options_json", sa.Text(), nullable=False),
        sa.Column("seed", sa.String(), nullable=False),
        sa.Column("action_log_json", sa.Text(), nullable=False),
        sa.Column("ending", sa.String(), nullable=False),
        sa.Column("winners_json", sa.Text(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("hand_uid"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_hand_guild_channel", "hand", ["guild_id", "channel_id"])
    op.create_table(
        "hand_player",
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hand.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("payout", sa.Integer(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("is_winner", sa.Boolean(), nullable=False),
        sa.Column("how", sa.String(), nullable=False),
        sa.Column("caught", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("hand_id", "seat"),
    )
    op.create_index("ix_hand_player_guild_user", "hand_player", ["guild_id", "user_id", "hand_id"])
    op.create_table(
        "player_totals",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.String(), nullable=False),
        sa.Column("net_chips", sa.Integer(), nullable=False),
        sa.Column("hands_played", sa.Integer(), nullable=False),
        sa.Column("hands_won", sa.Integer(), nullable=False),
        sa.Column("tonk_outs", sa.Integer(), nullable=False),
        sa.Column("drops_won", sa.Integer(), nullable=False),
        sa.Column("times_caught", sa.Integer(), nullable=False),
        sa.Column("instant_wins", sa.Integer(), nullable=False),
        sa.Column("current_streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column(
            "win_score",
            sa.Float(),
            # PostgreSQL before 18 has stored generated columns only; SQLite's is virtual.
            sa.Computed(_WIN_SCORE, persisted=op.get_bind().dialect.name == "postgresql" or None),
            nullable=True,
        ),
        sa.PrimaryKeyConstraint("guild_id", "user_id"),
    )
    for name, columns in (
        ("chips", ("net_chips DESC", "hands_won DESC")),
        ("wins", ("hands_won DESC", "net_chips DESC")),
        ("win_score", ("win_score DESC", "hands_played DESC")),
    ):
        op.create_index(
            f"ix_player_totals_by_{name}",
            "player_totals",
            ["guild_id", *(sa.text(column) for column in columns), "user_id"],
        )


def downgrade() -> None:
    for name in (
        "player_totals",
        "hand_player",
        "hand",
        "table_log",
        "tonk_table",
        "guild_settings",
    ):
        op.drop_table(name)
