"""The optional per-shot clock of an online match (cueboard/app/online/clock.py): its seconds per
shot, and the deadline of the person to move at the match version it was set for.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.add_column(sa.Column("shot_clock_s", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("clock_version", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.drop_column("deadline")
        batch.drop_column("clock_version")
        batch.drop_column("shot_clock_s")
