"""Whether the players of an online match may take a stroke back (cueboard/app/online/offers.py):
None keeps the default, on without a shot clock.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.add_column(sa.Column("takeback", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("online_matches") as batch:
        batch.drop_column("takeback")
