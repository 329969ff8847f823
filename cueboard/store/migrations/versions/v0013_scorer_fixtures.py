"""Team fixtures in the scorer (cueboard/store/scorer.py): a fixture between two teams holds its
header (the teams, the number of frames, the frames' rules settings), the ids of its frames'
scorer matches in order, and the digest of its owner token, which its frames carry too.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scorer_fixtures",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("header", sa.JSON(), nullable=False),
        sa.Column("frames", sa.JSON(), nullable=False),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_scorer_fixtures_owner_hash", "scorer_fixtures", ["owner_hash"])


def downgrade() -> None:
    op.drop_index("ix_scorer_fixtures_owner_hash", table_name="scorer_fixtures")
    op.drop_table("scorer_fixtures")
