"""The match row carries its version (the number of moves stored), the turn and the scoreboard,
so that a request reads one row whatever the length of the match; the health check's table.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("0")))
        batch.add_column(sa.Column("turn", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("scoreboard", sa.JSON(), nullable=True))
    # A match stored before this revision: its version is the number of its stored moves.
    op.execute("UPDATE matches SET version = (SELECT count(*) FROM shots WHERE shots.match_id = matches.id)")
    op.create_table(
        "service_health",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("service_health")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("scoreboard")
        batch.drop_column("turn")
        batch.drop_column("version")
