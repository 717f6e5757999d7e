"""A server's seasons can start by themselves, and crown their winners.

Revision ID: 0015
Revises: 0014

``guild_settings.season_every`` (``weekly`` or ``monthly``), ``season_channel_id``,
``season_next_at`` and ``season_time_zone``: how often a server's seasons start by themselves
(``/tonk config season every:``), where each is announced, when the next starts, and the time
zone of its midnight; ``champion_role_id`` and ``champion_ids_json``: the role the winner of
each season that ends gets (``/tonk config champion``) and who holds it by the bot's doing. No
server had asked: all None, and nobody holds a role. ``season.winners_json``: who won each
season, recorded when the next starts; empty for the seasons before.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("guild_settings", sa.Column("season_every", sa.String(), nullable=True))
    op.add_column("guild_settings", sa.Column("season_channel_id", sa.BigInteger(), nullable=True))
    op.add_column("guild_settings", sa.Column("season_next_at", sa.Float(), nullable=True))
    op.add_column("guild_settings", sa.Column("season_time_zone", sa.String(), nullable=True))
    op.add_column("guild_settings", sa.Column("champion_role_id", sa.BigInteger(), nullable=True))
    op.add_column(
        "guild_settings",
        sa.Column("champion_ids_json", sa.Text(), server_default=sa.text("'[]'"), nullable=False),
    )
    op.add_column(
        "season",
        sa.Column("winners_json", sa.Text(), server_default=sa.text("'[]'"), nullable=False),
    )


def downgrade() -> None:
    with op.batch_alter_table("season") as table:
        table.drop_column("winners_json")
    with op.batch_alter_table("guild_settings") as table:
        table.drop_column("champion_ids_json")
        table.drop_column("champion_role_id")
        table.drop_column("season_time_zone")
        table.drop_column("season_next_at")
        table.drop_column("season_channel_id")
        table.drop_column("season_every")
