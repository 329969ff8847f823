"""The spectators of each live table per server process (cueboard/app/online/live.py): the count
of streams without a seat one process holds open on a match, and until when it stands, so that
the table's count is the same in every worker process.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "online_watchers",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("process", sa.String(32), primary_key=True),
        sa.Column("spectators", sa.Integer(), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("online_watchers")
