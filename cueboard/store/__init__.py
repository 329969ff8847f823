"""Persistence of matches (SQLAlchemy 2, schema managed by Alembic; docs/app.md#storage).

Every match is saved as it is played: its header, the current position, and one row per shot
holding the shot's match-record entry (:class:`cueboard.records.match.ShotEntry` JSON) with the
position before it, so that a server restart loses nothing and any shot can be replayed.
"""

from cueboard.store.db import (
    MatchEndedError,
    StaleMatchError,
    Store,
    StoreError,
    StoreUnavailableError,
    default_database_url,
    upgrade_database,
)
from cueboard.store.models import Base, FrameRow, HealthRow, MatchRow, ShotRow

__all__ = [
    "Base",
    "FrameRow",
    "HealthRow",
    "MatchEndedError",
    "MatchRow",
    "ShotRow",
    "StaleMatchError",
    "Store",
    "StoreError",
    "StoreUnavailableError",
    "default_database_url",
    "upgrade_database",
]
