"""The store: opening the database, upgrading its schema with Alembic, and reading/writing matches.

The database URL is any SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``); the
default is a SQLite file in the user's data directory (``$CUEBOARD_DATABASE_URL`` overrides it).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from cueboard.errors import CueboardInputError
from cueboard.store.models import FrameRow, MatchRow, ShotRow

#: Environment variable naming the database URL.
DATABASE_URL_ENV = "CUEBOARD_DATABASE_URL"


class StoreError(CueboardInputError):
    """A match or shot asked for is not in the store."""


def default_database_url() -> str:
    """``$CUEBOARD_DATABASE_URL``, else a SQLite file under ``$XDG_DATA_HOME/cueboard``."""
    url = os.environ.get(DATABASE_URL_ENV)
    if url:
        return url
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "cueboard"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'cueboard.sqlite3'}"


def _migrations_dir() -> Path:
    return Path(__file__).with_name("migrations")


def upgrade_database(url: str) -> None:
    """Bring the schema at ``url`` to the newest Alembic revision (creates it when empty)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations_dir()))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "head")


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """Matches, frames and shots in a SQL database (schema upgraded on open)."""

    def __init__(self, url: str | None = None, *, upgrade: bool = True):
        self.url = url or default_database_url()
        if upgrade:
            upgrade_database(self.url)
        self.engine = _make_engine(self.url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back on an exception."""
        with self._sessions() as s, s.begin():
            yield s

    # --- matches -------------------------------------------------------------------------------
    def add_match(
        self,
        match_id: str,
        game: str,
        header: dict[str, Any],
        state: dict[str, Any],
        position: dict[str, Any],
    ) -> None:
        with self.session() as s:
            s.add(MatchRow(id=match_id, game=game, status="playing", header=header, state=state,
                           position=position))
            s.add(FrameRow(match_id=match_id, number=0, start_position=position))

    def get_match(self, match_id: str) -> MatchRow:
        with self.session() as s:
            row = s.get(MatchRow, match_id)
            if row is None:
                raise StoreError(f"no match with id '{match_id}'")
            s.expunge(row)
            return row

    def list_matches(self, status: str | None = None, limit: int = 100,
                     ids: Collection[str] | None = None) -> list[MatchRow]:
        """The newest matches (of ``status``; among ``ids`` when given)."""
        with self.session() as s:
            q = select(MatchRow).order_by(MatchRow.updated_at.desc()).limit(limit)
            if status is not None:
                q = q.where(MatchRow.status == status)
            if ids is not None:
                q = q.where(MatchRow.id.in_(list(ids)))
            rows = list(s.scalars(q))
            for r in rows:
                s.expunge(r)
            return rows

    def delete_match(self, match_id: str) -> None:
        with self.session() as s:
            row = s.get(MatchRow, match_id)
            if row is None:
                raise StoreError(f"no match with id '{match_id}'")
            s.delete(row)

    def record_move(
        self,
        match_id: str,
        *,
        frame: int,
        player: int,
        kind: str,
        entry: dict[str, Any],
        position_before: dict[str, Any],
        position_after: dict[str, Any],
        state: dict[str, Any],
        status: str,
        frame_result: dict[str, Any] | None = None,
        next_frame_start: dict[str, Any] | None = None,
    ) -> int:
        """Save one shot (or choice) and the match's new position and state in one transaction.

        Returns the shot's number. ``frame_result`` closes the frame; ``next_frame_start`` opens the
        next one (frame + 1) with that starting position.
        """
        with self.session() as s:
            row = s.get(MatchRow, match_id, with_for_update=True)
            if row is None:
                raise StoreError(f"no match with id '{match_id}'")
            count = s.scalar(select(func.count()).select_from(ShotRow).where(ShotRow.match_id == match_id))
            number = int(count or 0)
            entry = {**entry, "index": number}
            s.add(ShotRow(match_id=match_id, number=number, frame=frame, player=player, kind=kind,
                          entry=entry, position_before=position_before))
            row.position = position_after
            row.state = state
            row.status = status
            row.updated_at = datetime.now(UTC)
            if frame_result is not None:
                fr = s.scalar(select(FrameRow).where(FrameRow.match_id == match_id, FrameRow.number == frame))
                if fr is not None:
                    fr.result = frame_result
            if next_frame_start is not None:
                s.add(FrameRow(match_id=match_id, number=frame + 1, start_position=next_frame_start))
            return number

    def set_state(self, match_id: str, state: dict[str, Any], status: str | None = None) -> None:
        with self.session() as s:
            row = s.get(MatchRow, match_id)
            if row is None:
                raise StoreError(f"no match with id '{match_id}'")
            row.state = state
            if status is not None:
                row.status = status
            row.updated_at = datetime.now(UTC)

    # --- shots and frames ----------------------------------------------------------------------
    def shots(self, match_id: str, frame: int | None = None) -> list[ShotRow]:
        with self.session() as s:
            q = select(ShotRow).where(ShotRow.match_id == match_id).order_by(ShotRow.number)
            if frame is not None:
                q = q.where(ShotRow.frame == frame)
            rows = list(s.scalars(q))
            for r in rows:
                s.expunge(r)
            return rows

    def shot(self, match_id: str, number: int) -> ShotRow:
        with self.session() as s:
            row = s.scalar(select(ShotRow).where(ShotRow.match_id == match_id, ShotRow.number == number))
            if row is None:
                raise StoreError(f"match '{match_id}' has no shot {number}")
            s.expunge(row)
            return row

    def frames(self, match_id: str) -> list[FrameRow]:
        with self.session() as s:
            rows = list(s.scalars(select(FrameRow).where(FrameRow.match_id == match_id)
                                  .order_by(FrameRow.number)))
            for r in rows:
                s.expunge(r)
            return rows
