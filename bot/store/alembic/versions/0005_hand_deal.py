"""Each recorded hand keeps what deals it again.

Revision ID: 0005
Revises: 0004

``hand.deal_json``: the hand's rules, dealer seat, stake and pack order
(``HandDeal.to_json()``), so that a finished hand can be replayed move by move. The hands
recorded before this revision did not keep them: theirs is NULL.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("hand", sa.Column("deal_json", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hand") as table:
        table.drop_column("deal_json")
