"""What the players of an online match ask each other (cueboard/app/online/offers.py): the open
offer (a rematch asked by one seat, the seats that accepted), and the series a match belongs to —
the match it is a rematch of, the rematch that followed it, the score of the series so far.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.add_column(sa.Column("offer", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("previous_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("next_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("series", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.drop_column("series")
        batch.drop_column("next_id")
        batch.drop_column("previous_id")
        batch.drop_column("offer")
