"""A server's past seasons stay readable.

Revision ID: 0014
Revises: 0013

The ``season`` table keeps every season a server starts, its number and its start, so the
boards of a season that ended can still be shown (its hands are those finished before the
next season's start). Each server's current season moves there from ``guild_settings``,
whose ``season`` and ``season_started_at`` go: the seasons before it had kept no start.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "season",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "number"),
    )
    op.execute(
        "INSERT INTO season (guild_id, number, started_at)"
        " SELECT guild_id, season, season_started_at FROM guild_settings"
        " WHERE season_started_at IS NOT NULL"
    )
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("season_started_at")
        table.drop_column("season")


def downgrade() -> None:
    """Back to one current season per server, in ``guild_settings`` (a server that has
    seasons but no settings gets a row of the defaults); the earlier seasons' starts go."""
    op.add_column(
        "guild_settings",
        sa.Column("season", sa.Integer(), server_default=sa.text("0"), nullable=False),
    )
    op.add_column("guild_settings", sa.Column("season_started_at", sa.Float(), nullable=True))
    op.execute(
        "INSERT INTO guild_settings (guild_id, default_preset, default_options_json, stake,"
        " turn_timeout, allowed_channel_ids_json, locale, updated_at)"
        " SELECT DISTINCT guild_id, 'standard', '{}', 1, 120, '[]', '', 0 FROM season"
        " WHERE guild_id NOT IN (SELECT guild_id FROM guild_settings)"
    )
    latest = (
        "SELECT {column} FROM season WHERE season.guild_id = guild_settings.guild_id"
        " ORDER BY number DESC LIMIT 1"
    )
    op.execute(
        f"UPDATE guild_settings SET season = COALESCE(({latest.format(column='number')}), 0),"
        f" season_started_at = ({latest.format(column='started_at')})"
    )
    op.drop_table("season")
