"""Scorer matches: real matches kept by hand in the web app (docs/app.md#scorer-mode), and team
fixtures, each a list of one-frame scorer matches between two teams' players.

A scorer match is saved as its header (the players, the rules settings, the seed of the lots) and
the list of entries reported so far, in order. The referee's state is rebuilt from them by
replaying (the entries are facts, the referee is deterministic given the seed), so a restart loses
nothing, an undo is the removal of the last entry, and the match record is the replay's.

A fixture (:class:`FixtureRow`) is saved as its header (the teams, the number of frames, the
frames' rules settings) and the ids of its frames' scorer matches in the order they were added;
each frame's header names the fixture (``"fixture": <id>``), and deleting a frame takes it out of
its fixture's list.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any, ClassVar, TypeVar

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
    return _newest_owned(store, ScorerRow, owner_hashes, limit)


def _newest_owned(store: Store, model: type[Owned], owner_hashes: Collection[str], limit: int) -> list[Owned]:
    """The newest rows of ``model`` owned by one of the tokens whose digests are ``owner_hashes``."""
    if not owner_hashes:
        return []
    with store.session() as s:
        rows = list(s.scalars(select(model).where(model.owner_hash.in_(sorted(owner_hashes)))
                              .order_by(model.updated_at.desc()).limit(limit)))
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
    """Delete a scorer match (a fixture's frame leaves its fixture's list of frames too)."""
    with store.session() as s:
        row = s.get(ScorerRow, match_id)
        if row is None:
            raise StoreError(f"no scorer match with id '{match_id}'")
        fixture_id = row.header.get("fixture")
        if fixture_id is not None:
            fixture = s.get(FixtureRow, fixture_id, with_for_update=True)
            if fixture is not None:
                fixture.frames = [f for f in fixture.frames if f != match_id]
                fixture.updated_at = datetime.now(UTC)
        s.delete(row)


# --- team fixtures --------------------------------------------------------------------------------
class FixtureRow(Base):
    """One team fixture: header (teams, frames, settings), the ids of its frames' scorer matches
    in order (JSON list), the owner token's digest (the frames carry the same)."""

    __tablename__ = "scorer_fixtures"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    header: Mapped[dict[str, Any]] = mapped_column(JSON)
    frames: Mapped[list[str]] = mapped_column(JSON)
    owner_hash: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)


#: A stored row with an owner (a scorer match, a fixture).
Owned = TypeVar("Owned", ScorerRow, FixtureRow)


def add_fixture(store: Store, fixture_id: str, header: dict[str, Any], owner_hash: str) -> None:
    """Store a new fixture (no frame yet), owned by the token whose digest is ``owner_hash``."""
    with store.session() as s:
        s.add(FixtureRow(id=fixture_id, header=header, frames=[], owner_hash=owner_hash))


def get_fixture(store: Store, fixture_id: str) -> FixtureRow:
    with store.session() as s:
        row = s.get(FixtureRow, fixture_id)
        if row is None:
            raise StoreError(f"no fixture with id '{fixture_id}'")
        s.expunge(row)
        return row


def fixture_frames(store: Store, fixture: FixtureRow) -> list[ScorerRow]:
    """The scorer matches of the fixture's frames, in the fixture's order."""
    if not fixture.frames:
        return []
    with store.session() as s:
        rows = {r.id: r for r in s.scalars(select(ScorerRow).where(ScorerRow.id.in_(fixture.frames)))}
        for r in rows.values():
            s.expunge(r)
    return [rows[f] for f in fixture.frames if f in rows]


def list_fixtures(store: Store, owner_hashes: Collection[str], limit: int = 100) -> list[FixtureRow]:
    """The newest fixtures owned by one of the tokens whose digests are ``owner_hashes``."""
    return _newest_owned(store, FixtureRow, owner_hashes, limit)


def add_fixture_frame(store: Store, fixture_id: str, expected: int, match_id: str,
                      header: dict[str, Any]) -> None:
    """Store a new frame's scorer match (``header`` names the fixture) and append it to the
    fixture's frames, which numbered ``expected`` when read (a frame added meanwhile is refused:
    the caller reads again)."""
    with store.session() as s:
        fixture = s.get(FixtureRow, fixture_id, with_for_update=True)
        if fixture is None:
            raise StoreError(f"no fixture with id '{fixture_id}'")
        if len(fixture.frames) != expected:
            raise ScorerChangedError(f"fixture '{fixture_id}' changed meanwhile: read it again")
        s.add(ScorerRow(id=match_id, status="playing", header=header, entries=[],
                        owner_hash=fixture.owner_hash))
        fixture.frames = [*fixture.frames, match_id]
        fixture.updated_at = datetime.now(UTC)


def delete_fixture(store: Store, fixture_id: str) -> list[str]:
    """Delete a fixture and its frames' scorer matches; the ids of the frames deleted."""
    with store.session() as s:
        fixture = s.get(FixtureRow, fixture_id)
        if fixture is None:
            raise StoreError(f"no fixture with id '{fixture_id}'")
        frames = list(fixture.frames)
        for row in s.scalars(select(ScorerRow).where(ScorerRow.id.in_(frames))):
            s.delete(row)
        s.delete(fixture)
        return frames
