"""Scorer matches: real snooker matches kept by hand in the web app (docs/app.md#scorer-mode).

A scorer match is saved as its header (the players, the rules settings, the seed of the lots) and
the list of entries reported so far, in order. The referee's state is rebuilt from them by
replaying (the entries are facts, the referee is deterministic given the seed), so a restart loses
nothing, an undo is the removal of the last entry, and the match record is the replay's.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, DateTime, String, select
from sqlalchemy.orm import Mapped, mapped_column

from cueboard.errors import CueboardInputError
from cueboard.store.db import Store, StoreError
from cueboard.store.models import Base, _now


class ScorerRow(Base):
    """One scorer match: header, entries (JSON list), status ("playing" or "finished")."""

    __tablename__ = "scorer_matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True, default="playing")
    header: Mapped[dict[str, Any]] = mapped_column(JSON)
    entries: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    #: The SHA-256 hex digest of the owner token (the token itself is never stored); None for a
    #: match stored before owners existed (revision 0007), which anyone may write.
    owner_hash: Mapped[str | None] = mapped_column(String(64), index=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)


def add_scorer(store: Store, match_id: str, header: dict[str, Any], owner_hash: str) -> None:
    """Store a new scorer match, owned by the token whose digest is ``owner_hash``."""
    with store.session() as s:
        s.add(ScorerRow(id=match_id, status="playing", header=header, entries=[], owner_hash=owner_hash))


def get_scorer(store: Store, match_id: str) -> ScorerRow:
    with store.session() as s:
        row = s.get(ScorerRow, match_id)
        if row is None:
            raise StoreError(f"no scorer match with id '{match_id}'")
        s.expunge(row)
        return row


def list_scorers(store: Store, owner_hashes: Collection[str], limit: int = 100) -> list[ScorerRow]:
    """The newest scorer matches owned by one of the tokens whose digests are ``owner_hashes``."""
    if not owner_hashes:
        return []
    with store.session() as s:
        rows = list(s.scalars(select(ScorerRow).where(ScorerRow.owner_hash.in_(sorted(owner_hashes)))
                              .order_by(ScorerRow.updated_at.desc()).limit(limit)))
        for r in rows:
            s.expunge(r)
        return rows


class ScorerChangedError(CueboardInputError):
    """The entries changed between reading a scorer match and saving it (two scorers at once)."""

    code: ClassVar[str] = "scorer-changed"


def save_entries(
    store: Store, match_id: str, entries: list[dict[str, Any]], expected: int, status: str
) -> None:
    """Replace the entries of a match whose list had ``expected`` entries when it was read (a
    concurrent change in between is refused: the caller reads again)."""
    with store.session() as s:
        row = s.get(ScorerRow, match_id, with_for_update=True)
        if row is None:
            raise StoreError(f"no scorer match with id '{match_id}'")
        if len(row.entries) != expected:
            raise ScorerChangedError(f"scorer match '{match_id}' changed meanwhile: read it again")
        row.entries = list(entries)
        row.status = status
        row.updated_at = datetime.now(UTC)


def delete_scorer(store: Store, match_id: str) -> None:
    with store.session() as s:
        row = s.get(ScorerRow, match_id)
        if row is None:
            raise StoreError(f"no scorer match with id '{match_id}'")
        s.delete(row)
