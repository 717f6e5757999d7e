"""On SQLite the table journal's log is a table with row ids, in the order rows were written.

Revision ID: 0023
Revises: 0022

``table_log`` was a ``WITHOUT ROWID`` table clustered on its key (table, version), so a
round of moves at many tables wrote one row into each table's own page of that B-tree: a
commit of 50 tables' moves rewrote some 50 pages. With row ids the rows of a commit follow
each other in the table's last pages, and the key's own index (a few bytes a row) takes
the scattered inserts: the same commit writes a handful of pages, in under half the time.
The rows are copied as they are. PostgreSQL's tables have no such option: nothing changes
there. A downgrade makes the table ``WITHOUT ROWID`` again.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    _rebuild(with_rowid=True)


def downgrade() -> None:
    _rebuild(with_rowid=False)


def _rebuild(*, with_rowid: bool) -> None:
    """Copy ``table_log`` into a new table made ``with_rowid`` or not (SQLite only)."""
    if op.get_bind().dialect.name != "sqlite":
        return
    op.rename_table("table_log", "table_log_before")
    op.create_table(
        "table_log",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tonk_table.id"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("body_json", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "version"),
        sqlite_with_rowid=with_rowid,
    )
    op.execute(
        "INSERT INTO table_log (table_id, version, body_json)"
        " SELECT table_id, version, body_json FROM table_log_before ORDER BY table_id, version"
    )
    op.drop_table("table_log_before")
