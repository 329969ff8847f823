"""The rate limits' token buckets, shared by every server process over the database
(cueboard/app/guard.py, ``RateLimiter`` with a store).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_buckets_at", "rate_buckets", ["at"])


def downgrade() -> None:
    op.drop_index("ix_rate_buckets_at", table_name="rate_buckets")
    op.drop_table("rate_buckets")
