"""Online play: the host token and public listing of a match, its seats' tokens, invitation
codes, display names and presence (hashes only, cueboard/store/online.py). Matches stored before
this revision are marked ``legacy``: they stay open to anyone, as they were.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "online_matches",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("host_hash", sa.String(64), nullable=True),
        sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("legacy", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False,
                  server_default=sa.func.current_timestamp()),
    )
    op.create_index("ix_online_matches_host_hash", "online_matches", ["host_hash"])
    op.create_table(
        "online_seats",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("present_until", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_online_seats_token_hash", "online_seats", ["token_hash"])
    op.create_index("ix_online_seats_invite_hash", "online_seats", ["invite_hash"])
    op.execute("INSERT INTO online_matches (match_id, public, legacy, created_at) "
               "SELECT id, false, true, created_at FROM matches")


def downgrade() -> None:
    op.drop_table("online_seats")
    op.drop_table("online_matches")
