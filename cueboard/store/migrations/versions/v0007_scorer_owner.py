"""Scorer matches get an owner: the SHA-256 hash of the owner token handed to whoever created the
match (cueboard/store/scorer.py); every entry, undo and deletion must present it. A match stored
before this revision has none and stays open, as online play's legacy matches do.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("scorer_matches") as batch:
        batch.add_column(sa.Column("owner_hash", sa.String(64), nullable=True))
    op.create_index("ix_scorer_matches_owner_hash", "scorer_matches", ["owner_hash"])


def downgrade() -> None:
    op.drop_index("ix_scorer_matches_owner_hash", table_name="scorer_matches")
    with op.batch_alter_table("scorer_matches") as batch:
        batch.drop_column("owner_hash")
