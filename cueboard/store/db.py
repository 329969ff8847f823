"""The store: opening the database, upgrading its schema with Alembic, and reading/writing matches.

The database URL is any SQLAlchemy URL (``sqlite:///path``, ``postgresql+psycopg://...``); the
default is a SQLite file in the user's data directory (``$CUEBOARD_DATABASE_URL`` overrides it).

One history per match, whatever the number of server processes: a move is stored by a
compare-and-set on the match row's ``version`` (``UPDATE matches ... WHERE id = :id AND version =
:expected``: on PostgreSQL a concurrent UPDATE of the row waits for the first to commit and then
re-checks its WHERE on the committed row), in the same transaction as its shot row; a move made
against an older version raises :class:`StaleMatchError` and writes nothing. The same UPDATE
also requires ``status = 'playing'``: a match ended without a move (a claim) keeps its version,
and a stroke read before the claim must not overwrite it (:class:`MatchEndedError`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, NoReturn, TypeVar

import pydantic_core
from sqlalchemy import Text, bindparam, cast, create_engine, delete, event, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DisconnectionError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from cueboard.errors import CueboardError, CueboardInputError, MatchStateError
from cueboard.store.models import FrameRow, HealthRow, MatchRow, RateRow, ShotRow

#: Environment variable naming the database URL.
DATABASE_URL_ENV = "CUEBOARD_DATABASE_URL"


T = TypeVar("T")

#: The rows one request has read (:func:`read_once`), keyed by (what, match id); None outside.
_READ: ContextVar[dict[tuple[str, str], Any] | None] = ContextVar("cueboard_store_read", default=None)


def read_once() -> None:
    """From now on, in this context (one request: an acting endpoint's guard and the service
    behind it), each match's rows are read from the database once and then kept — the match row
    (:meth:`Store.get_match`) and its seats' rows (:func:`cueboard.store.online.access_rows`).
    A move stored, a match deleted or a move taken back through the store drops that match's
    kept rows. What was kept is as if every read had been made at the first: the compare-and-set
    on the match's version still decides every write."""
    _READ.set({})


def remembered(kind: str, match_id: str, load: Callable[[], T]) -> T:
    """``load()``, or what it gave earlier in this request (:func:`read_once`)."""
    kept = _READ.get()
    if kept is None:
        return load()
    key = (kind, match_id)
    if key not in kept:
        kept[key] = load()
    value: T = kept[key]
    return value


def forget(match_id: str) -> None:
    """Drop the rows this request kept of ``match_id`` (it was just written)."""
    kept = _READ.get()
    if kept:
        for key in [k for k in kept if k[1] == match_id]:
            del kept[key]


def _note_announced(match_id: str) -> None:
    kept = _READ.get()
    if kept is not None:
        kept[("announced", match_id)] = True


def announced(match_id: str) -> bool:
    """Whether this request (:func:`read_once`) stored a move of ``match_id`` that announced
    itself (:meth:`Store.announce_moves`) — and nothing of the match was written through the
    store since; then no second notification is needed."""
    kept = _READ.get()
    return kept is not None and kept.get(("announced", match_id)) is True


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


class MatchEndedError(MatchStateError, StaleMatchError):
    """A move against a match that ended meanwhile at the very version the move expected: a
    claim, which ends a match without a move, was stored between the request's read and its save.
    The move is refused like a stale one (a StaleMatchError to the store's callers; nothing
    written, 409): the match stays ended, and the answer's problem is the match's state."""

    def __init__(self, match_id: str, version: int, status: str):
        CueboardInputError.__init__(
            self, f"match '{match_id}' is {status} (it ended at version {version} without a move, "
                  "by a claim): no move can be stored; reload it")
        self.expected = version
        self.current = version


class StoreUnavailableError(CueboardError, RuntimeError):
    """The database cannot be opened or written (no driver, read-only, full, unreachable)."""

    code: ClassVar[str] = "store-unavailable"


#: Seconds a SQLite connection waits for another process's write lock before giving up.
SQLITE_BUSY_TIMEOUT_S = 30.0

#: The status of a match still being played: the only one a move may be stored on.
PLAYING = "playing"

# The statements of every request, built once (SQLAlchemy Core): reading a match and storing a
# move. Built per call through the ORM (a Session, a unit of work, a statement and its cache key
# made anew) they cost 0.30 ms and 1.2 ms of CPU; prepared so, 0.14 ms and 0.36 ms
# (docs/service.md#what-a-strike-request-costs).
_MATCHES = MatchRow.metadata.tables[MatchRow.__tablename__]
_SHOTS = ShotRow.metadata.tables[ShotRow.__tablename__]
_FRAMES = FrameRow.metadata.tables[FrameRow.__tablename__]
_GET_MATCH = select(_MATCHES).where(_MATCHES.c.id == bindparam("b_id"))
_STORE_MOVE = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("b_id"), _MATCHES.c.version == bindparam("b_expected"),
           _MATCHES.c.status == PLAYING)
    .values({name: bindparam(name, type_=_MATCHES.c[name].type)
             for name in ("version", "position", "state", "status", "turn", "scoreboard", "updated_at")})
)
_ADD_SHOT = insert(_SHOTS)
_ADD_FRAME = insert(_FRAMES)
_NOTIFY = select(func.pg_notify(bindparam("channel"), bindparam("payload")))
_CLOSE_FRAME = (update(_FRAMES).where(_FRAMES.c.match_id == bindparam("b_id"),
                                      _FRAMES.c.number == bindparam("b_number"))
                .values(result=bindparam("result", type_=_FRAMES.c.result.type)))


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


def _to_json(value: Any) -> str:
    """The JSON text of a JSON column's value, by pydantic-core's encoder: the values of
    ``json.dumps`` (NaN and Infinity written as it writes them), compact and in UTF-8, in about a
    quarter of its time (a snooker move's columns: 0.29 ms with ``json.dumps``). What the encoder
    cannot write goes to ``json.dumps``, which says why."""
    try:
        return pydantic_core.to_json(value, inf_nan_mode="constants").decode()
    except pydantic_core.PydanticSerializationError:
        return json.dumps(value)


def _create_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                                  "timeout": SQLITE_BUSY_TIMEOUT_S},
                               json_serializer=_to_json)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    engine = create_engine(url, pool_size=8, max_overflow=8, json_serializer=_to_json)
    _ping_when_idle(engine, IDLE_PING_S)
    return engine


#: Seconds a pooled connection may rest before its next checkout pings the server first.
IDLE_PING_S = 1.0


def _ping_when_idle(engine: Engine, idle_s: float) -> None:
    """Ping (:meth:`~sqlalchemy.engine.Dialect.do_ping`) a connection taken from ``engine``'s pool
    only when it has rested at least ``idle_s`` since it was returned; a failed ping discards it
    and the pool connects anew (SQLAlchemy's ``DisconnectionError`` raised from a ``checkout``
    listener: "Disconnect Handling — Pessimistic" in its pooling docs).

    ``pool_pre_ping`` pings at every checkout: a round trip, three or four times a strike
    request, which under load finds a connection that served another request a few milliseconds
    before. A server restarted while the service was quiet is still found out before any request
    uses a dead connection; one restarted between two busy moments fails the first statement sent
    on each dead connection — SQLAlchemy then invalidates the whole pool (its "optimistic" handling
    of a disconnect), that request is answered 503, and the next ones connect anew."""

    @event.listens_for(engine, "checkin")
    def _rested_from(_dbapi_conn: Any, record: Any) -> None:
        if record is not None:
            record.info["cueboard_checkin"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping_if_rested(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("cueboard_checkin")
        if since is None or time.monotonic() - since < idle_s:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_conn)
        except Exception as err:  # the driver's own error for a dead connection
            raise DisconnectionError(f"the pooled connection is gone: {_short(err)}") from err
        if not alive:
            raise DisconnectionError("the pooled connection did not answer its ping")


class Store:
    """Matches, frames and shots in a SQL database (schema upgraded on open)."""

    def __init__(self, url: str | None = None, *, upgrade: bool = True):
        self.url = url or default_database_url()
        self.engine = _make_engine(self.url)  # first: a missing driver is named before Alembic runs
        #: The engine of the per-request reads (:meth:`get_match`, the seats' rows). On
        #: PostgreSQL in autocommit: a read of one statement needs no BEGIN and no ROLLBACK (two
        #: round trips of three), and under READ COMMITTED each statement of a transaction sees
        #: its own snapshot anyway. The same pool as :attr:`engine`.
        self.reads: Engine = (self.engine.execution_options(isolation_level="AUTOCOMMIT")
                              if self.engine.dialect.name == "postgresql" else self.engine)
        #: What each stored move announces in its own transaction (:meth:`announce_moves`).
        self._announce: tuple[str, str] | None = None
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

    def announce_moves(self, channel: str, sender: str) -> None:
        """From now on, on PostgreSQL, each move stored (:meth:`record_move`) also sends ``NOTIFY
        channel`` with the payload ``<sender>:<match id>``, in the move's own transaction:
        PostgreSQL delivers it when the move commits, and never for a move rolled back, at no
        cost of a connection or a transaction of its own. The request that stored the move
        (:func:`read_once`) then knows it was announced (:func:`announced`). Elsewhere nothing."""
        if self.engine.dialect.name == "postgresql":
            self._announce = (channel, sender)

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
        """The match row alone (its shots are not loaded), detached from any session (read once
        per request where the request asked so: :func:`read_once`)."""
        return remembered("match", match_id, lambda: self._read_match(match_id))

    def _read_match(self, match_id: str) -> MatchRow:
        with self.reads.connect() as c:
            found = c.execute(_GET_MATCH, {"b_id": match_id}).mappings().one_or_none()
        if found is None:
            raise StoreError(f"no match with id '{match_id}'")
        return MatchRow(**found)

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
        forget(match_id)
        with self.session() as s:
            q = delete(MatchRow).where(MatchRow.id == match_id)
            if expected_version is not None:
                q = q.where(MatchRow.version == expected_version)
            if s.execute(q).rowcount == 0:  # type: ignore[attr-defined]
                refuse_unchanged(s, match_id, expected_version)
            # the frames and shots go with it: ON DELETE CASCADE (SQLite: PRAGMA foreign_keys)
            s.execute(delete(ShotRow).where(ShotRow.match_id == match_id))
            s.execute(delete(FrameRow).where(FrameRow.match_id == match_id))


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
        ``expected_version`` (else :class:`StaleMatchError`, nothing written) and still being
        played (else :class:`MatchEndedError`: a claim ends a match without a move, so the
        version alone cannot tell that a stroke read before it is late). Returns the time
        stored as ``updated_at``.

        ``frame_result`` closes the frame; ``next_frame_start`` opens the next one (frame + 1)
        with that starting position.
        """
        now = datetime.now(UTC)
        number = expected_version
        forget(match_id)
        try:
            with self.engine.begin() as c:
                # the compare-and-set: on PostgreSQL an UPDATE waits for a concurrent writer of the
                # row and then checks its WHERE against the committed row, so it cannot fork either
                changed = c.execute(_STORE_MOVE, {
                    "b_id": match_id, "b_expected": expected_version, "version": expected_version + 1,
                    "position": position_after, "state": state, "status": status, "turn": turn,
                    "scoreboard": scoreboard, "updated_at": now}).rowcount
                if changed != 1:
                    refuse_unchanged(c, match_id, expected_version)
                c.execute(_ADD_SHOT, {"match_id": match_id, "number": number, "frame": frame,
                                      "player": player, "kind": kind, "entry": {**entry, "index": number},
                                      "position_before": position_before, "created_at": now})
                if frame_result is not None:
                    c.execute(_CLOSE_FRAME, {"b_id": match_id, "b_number": frame, "result": frame_result})
                if next_frame_start is not None:
                    c.execute(_ADD_FRAME, {"match_id": match_id, "number": frame + 1,
                                           "start_position": next_frame_start})
                if self._announce is not None:
                    channel, sender = self._announce
                    c.execute(_NOTIFY, {"channel": channel, "payload": f"{sender}:{match_id}"})
        except IntegrityError:  # the shot number taken meanwhile: the same verdict as a stale version
            with self.session() as s:
                refuse_unchanged(s, match_id, expected_version)
        if self._announce is not None:
            _note_announced(match_id)
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


def refuse_unchanged(s: Session | Connection, match_id: str, expected: int | None) -> NoReturn:
    """Raise why a write at ``expected`` changed no row: no such match (:class:`StoreError`), a
    match moved on (:class:`StaleMatchError`), or one that ended at that very version
    (:class:`MatchEndedError`)."""
    found = s.execute(select(MatchRow.version, MatchRow.status).where(MatchRow.id == match_id)).first()
    if found is None:
        raise StoreError(f"no match with id '{match_id}'")
    current, status = int(found[0]), str(found[1])
    if expected is not None and current == expected and status != PLAYING:
        raise MatchEndedError(match_id, current, status)
    raise StaleMatchError(match_id, -1 if expected is None else expected, current)


def _short(err: BaseException) -> str:
    """The first line of a database error, without SQLAlchemy's statement and link."""
    orig = getattr(err, "orig", None)
    text = str(orig if orig is not None else err).strip().splitlines()
    return text[0] if text else type(err).__name__
