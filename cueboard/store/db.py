"""The store: opening the database, upgrading its schema with Alembic, and reading/writing matches.

The database URL is any SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``); the
default is a SQLite file in the user's data directory (``$CUEBOARD_DATABASE_URL`` overrides it).

One history per match, whatever the number of server processes: a move is stored by a
compare-and-set on the match row's ``version`` (``UPDATE matches ... WHERE id = :id AND version =
:expected``, after ``SELECT ... FOR UPDATE`` on PostgreSQL), in the same transaction as its shot
row; a move made against an older version raises :class:`StaleMatchError` and writes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

from sqlalchemy import Text, cast, create_engine, delete, event, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from cueboard.errors import CueboardError, CueboardInputError
from cueboard.store.models import FrameRow, HealthRow, MatchRow, RateRow, ShotRow

#: Environment variable naming the database URL.
DATABASE_URL_ENV = "CUEBOARD_DATABASE_URL"


class StoreError(CueboardInputError):
    """A match or shot asked for is not in the store."""

    code: ClassVar[str] = "not-found"


class StaleMatchError(CueboardInputError):
    """A move made against a version of the match that is no longer the current one."""

    code: ClassVar[str] = "stale-version"

    def __init__(self, match_id: str, expected: int, current: int):
        super().__init__(f"match '{match_id}' is at version {current}, not {expected}: "
                         "another request moved it on; reload it and try again")
        self.expected = expected
        self.current = current


class StoreUnavailableError(CueboardError, RuntimeError):
    """The database cannot be opened or written (no driver, read-only, full, unreachable)."""

    code: ClassVar[str] = "store-unavailable"


#: Seconds a SQLite connection waits for another process's write lock before giving up.
SQLITE_BUSY_TIMEOUT_S = 30.0


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
    try:
        return _create_engine(url)
    except ModuleNotFoundError as err:
        scheme = url.split(":", 1)[0]
        hint = " (pip install 'cueboard[postgres]')" if scheme.startswith("postgresql") else ""
        raise StoreUnavailableError(
            f"the database driver for '{scheme}' is not installed: no module named '{err.name}'{hint}"
        ) from None
    except (SQLAlchemyError, ValueError) as err:
        raise StoreUnavailableError(f"the database URL cannot be used: {err}") from None


def _create_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                                  "timeout": SQLITE_BUSY_TIMEOUT_S})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8)


class Store:
    """Matches, frames and shots in a SQL database (schema upgraded on open)."""

    def __init__(self, url: str | None = None, *, upgrade: bool = True):
        self.url = url or default_database_url()
        self.engine = _make_engine(self.url)  # first: a missing driver is named before Alembic runs
        if upgrade:
            try:
                upgrade_database(self.url)
            except SQLAlchemyError as err:
                raise StoreUnavailableError(f"the database cannot be opened: {_short(err)}") from None
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
        *,
        turn: dict[str, Any] | None = None,
        scoreboard: dict[str, Any] | None = None,
    ) -> MatchRow:
        row = MatchRow(id=match_id, game=game, status="playing", header=header, state=state,
                       position=position, version=0, turn=turn, scoreboard=scoreboard)
        with self.session() as s:
            s.add(row)
            s.add(FrameRow(match_id=match_id, number=0, start_position=position))
        return row

    def get_match(self, match_id: str) -> MatchRow:
        """The match row alone (its shots are not loaded)."""
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

    def delete_match(self, match_id: str, expected_version: int | None = None) -> None:
        """Delete a match (at ``expected_version`` when given, else :class:`StaleMatchError`)."""
        with self.session() as s:
            q = delete(MatchRow).where(MatchRow.id == match_id)
            if expected_version is not None:
                q = q.where(MatchRow.version == expected_version)
            if s.execute(q).rowcount == 0:  # type: ignore[attr-defined]
                self._refuse(s, match_id, expected_version)
            # the frames and shots go with it: ON DELETE CASCADE (SQLite: PRAGMA foreign_keys)
            s.execute(delete(ShotRow).where(ShotRow.match_id == match_id))
            s.execute(delete(FrameRow).where(FrameRow.match_id == match_id))

    @staticmethod
    def _refuse(s: Session, match_id: str, expected: int | None) -> None:
        current = s.scalar(select(MatchRow.version).where(MatchRow.id == match_id))
        if current is None:
            raise StoreError(f"no match with id '{match_id}'")
        raise StaleMatchError(match_id, -1 if expected is None else expected, current)

    def record_move(
        self,
        match_id: str,
        *,
        expected_version: int,
        frame: int,
        player: int,
        kind: str,
        entry: dict[str, Any],
        position_before: dict[str, Any],
        position_after: dict[str, Any],
        state: dict[str, Any],
        status: str,
        turn: dict[str, Any] | None = None,
        scoreboard: dict[str, Any] | None = None,
        frame_result: dict[str, Any] | None = None,
        next_frame_start: dict[str, Any] | None = None,
    ) -> datetime:
        """Save one shot (or choice), numbered ``expected_version``, with the match's new
        position, state, turn and scoreboard, in one transaction — only if the match is still at
        ``expected_version`` (else :class:`StaleMatchError`, nothing written). Returns the time
        stored as ``updated_at``.

        ``frame_result`` closes the frame; ``next_frame_start`` opens the next one (frame + 1)
        with that starting position.
        """
        now = datetime.now(UTC)
        number = expected_version
        try:
            with self.session() as s:
                if s.get_bind().dialect.name == "postgresql":  # lock the row, then compare
                    current = s.scalar(select(MatchRow.version).where(MatchRow.id == match_id)
                                       .with_for_update())
                    if current != expected_version:
                        self._refuse(s, match_id, expected_version)
                changed = s.execute(
                    update(MatchRow)
                    .where(MatchRow.id == match_id, MatchRow.version == expected_version)
                    .values(version=expected_version + 1, position=position_after, state=state,
                            status=status, turn=turn, scoreboard=scoreboard, updated_at=now)
                ).rowcount  # type: ignore[attr-defined]
                if changed != 1:
                    self._refuse(s, match_id, expected_version)
                s.add(ShotRow(match_id=match_id, number=number, frame=frame, player=player, kind=kind,
                              entry={**entry, "index": number}, position_before=position_before))
                if frame_result is not None:
                    fr = s.scalar(select(FrameRow).where(FrameRow.match_id == match_id,
                                                         FrameRow.number == frame))
                    if fr is not None:
                        fr.result = frame_result
                if next_frame_start is not None:
                    s.add(FrameRow(match_id=match_id, number=frame + 1, start_position=next_frame_start))
        except IntegrityError:  # the shot number taken meanwhile: the same verdict as a stale version
            with self.session() as s:
                self._refuse(s, match_id, expected_version)
            raise
        return now

    # --- shots and frames ----------------------------------------------------------------------
    def shots(self, match_id: str, frame: int | None = None, *, start: int = 0,
              limit: int | None = None) -> list[ShotRow]:
        """The stored shots from number ``start`` on (of one frame), at most ``limit`` of them."""
        with self.session() as s:
            q = (select(ShotRow).where(ShotRow.match_id == match_id, ShotRow.number >= start)
                 .order_by(ShotRow.number))
            if frame is not None:
                q = q.where(ShotRow.frame == frame)
            if limit is not None:
                q = q.limit(limit)
            rows = list(s.scalars(q))
            for r in rows:
                s.expunge(r)
            return rows

    def shot_entries(self, match_id: str, below: int, *, page: int = 64) -> Iterator[str]:
        """The entries of shots 0 .. ``below`` - 1 as the JSON text stored, read ``page`` at a time
        (each page its own short transaction: shots are only ever appended, so the pages fit
        together; the text is passed on undecoded)."""
        start = 0
        while start < below:
            with self.session() as s:
                q = (select(cast(ShotRow.entry, Text))
                     .where(ShotRow.match_id == match_id, ShotRow.number >= start, ShotRow.number < below)
                     .order_by(ShotRow.number).limit(page))
                entries = list(s.scalars(q))
            if not entries:
                return
            yield from entries
            start += len(entries)

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

    # --- health --------------------------------------------------------------------------------
    def check_writable(self) -> datetime:
        """Write and commit the health row: proof that the database takes writes now (raises
        :class:`StoreUnavailableError` naming why not)."""
        now = datetime.now(UTC)
        try:
            with self.session() as s:
                row = s.get(HealthRow, 1)
                if row is None:
                    s.add(HealthRow(id=1, checked_at=now))
                else:
                    row.checked_at = now
        except SQLAlchemyError as err:
            raise StoreUnavailableError(f"the database cannot be written: {_short(err)}") from None
        return now

    # --- rate limits ---------------------------------------------------------------------------
    def take_token(self, key: str, per_s: float, burst: int, now: float) -> float:
        """Spend one token of the bucket ``key`` (refilled at ``per_s`` tokens a second, holding at
        most ``burst``) at time ``now`` (seconds since the epoch): 0.0 when one was spent, else the
        seconds until one will be. One short transaction with the row locked (PostgreSQL: ``SELECT
        ... FOR UPDATE``; SQLite: the insert takes the database's write lock), so every server
        process spends from the same bucket."""
        from sqlalchemy.dialects import postgresql, sqlite

        with self.session() as s:
            dialect = s.get_bind().dialect.name
            insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
            s.execute(insert(RateRow).values(key=key, tokens=float(burst), at=now)
                      .on_conflict_do_nothing(index_elements=["key"]))
            row = s.scalars(select(RateRow).where(RateRow.key == key).with_for_update()).one()
            tokens = min(float(burst), row.tokens + max(0.0, now - row.at) * per_s)
            if tokens < 1.0:
                row.tokens, row.at = tokens, max(now, row.at)
                return (1.0 - tokens) / per_s
            row.tokens, row.at = tokens - 1.0, max(now, row.at)
            return 0.0

    def forget_full_buckets(self, older_than: float) -> int:
        """Delete the buckets last spent before ``older_than`` (refilled by now: a missing row is
        a full bucket); how many."""
        with self.session() as s:
            gone = s.execute(delete(RateRow).where(RateRow.at < older_than))
            return int(gone.rowcount or 0)  # type: ignore[attr-defined]


def _short(err: BaseException) -> str:
    """The first line of a database error, without SQLAlchemy's statement and link."""
    orig = getattr(err, "orig", None)
    text = str(orig if orig is not None else err).strip().splitlines()
    return text[0] if text else type(err).__name__
