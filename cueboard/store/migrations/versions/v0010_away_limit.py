"""How long the player to move of an online match may be away before the opponent may claim
(cueboard/app/online/offers.py): None keeps the default, 60 seconds.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.add_column(sa.Column("away_limit_s", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.drop_column("away_limit_s")
