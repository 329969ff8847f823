"""The chat of online matches (cueboard/app/online/chat.py): each message with its room (the
players' or the spectators'), its seat and name, its text or preset phrase, and when it was said.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "online_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("room", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(140), nullable=False),
        sa.Column("preset", sa.String(16), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_online_chat_match_id", "online_chat", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_online_chat_match_id", "online_chat")
    op.drop_table("online_chat")
