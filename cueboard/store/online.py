"""The tables of online play (docs/app.md#playing-a-friend): who may act for a match.

Only SHA-256 hashes of the secrets are stored — the host token, each seat's token and each seat's
invitation code — so a copy of the database does not let anyone play a seat. A match row of
``matches`` has one :class:`OnlineMatchRow` (host token, whether spectators may find it in the
public list) and one :class:`SeatRow` per person's seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, bindparam, delete, select, update
from sqlalchemy.engine import Row
from sqlalchemy.orm import Mapped, mapped_column

from cueboard.store.db import PLAYING, Store, forget, refuse_unchanged, remembered
from cueboard.store.models import Base, MatchRow, ShotRow, _now


class OnlineMatchRow(Base):
    """Access to one match: the host token's hash and the host's choice to list it publicly.

    ``legacy``: a match stored before seats existed (migration 0003); anyone may play it, as
    before, and it is listed to everyone.

    The optional per-shot clock (migration 0005, cueboard/app/online/clock.py): ``shot_clock_s``
    the seconds the person to move has for each shot (None: no clock), ``deadline`` when the
    person to move at match version ``clock_version`` runs out of time (None: the clock waits,
    for an invited seat not yet taken or the AI to move).

    What the players ask each other (migration 0008, cueboard/app/online/offers.py): ``offer``
    the open offer (``kind``, the seat that asked ``by``, the seats that ``accepted``), and the
    series: ``previous_id`` the match this one is a rematch of, ``next_id`` the rematch that
    followed it, ``series`` the score of the series before this match (wins per side, draws)."""

    __tablename__ = "online_matches"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    host_hash: Mapped[str | None] = mapped_column(String(64), index=True, nullable=True)
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    legacy: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    shot_clock_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    offer: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    previous_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    next_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    series: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: Whether a player may ask to take a stroke back (migration 0009; None: the default, on
    #: without a shot clock).
    takeback: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    #: Seconds the player to move may be away before the opponent may claim (migration 0010;
    #: None: the default, 60).
    away_limit_s: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatRow(Base):
    """One person's seat of a match: the hash of the token that acts for it (None while the seat
    waits for its invitation to be taken), the invitation code's hash, the display name, and
    until when a live connection holding the seat counts it as present."""

    __tablename__ = "online_seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True, nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), index=True, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    present_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ChatRow(Base):
    """One message of an online match's chat (migration 0011): its ``room`` (``players`` or
    ``spectators``), the ``seat`` that said it (None: a spectator), the name shown, and either
    its ``text`` or a ``preset`` phrase (each browser says it in its own language)."""

    __tablename__ = "online_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    room: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(140))
    preset: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class WatcherRow(Base):
    """How many spectators (live streams without a seat) one server process holds open on a
    match (migration 0012), until when that count stands (a lease the process renews while the
    streams stay open: a process that died stops counting once it runs out). The table's
    spectator count is the sum over the processes whose lease has not run out, so that every
    worker process shows the same number."""

    __tablename__ = "online_watchers"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    process: Mapped[str] = mapped_column(String(32), primary_key=True)
    spectators: Mapped[int] = mapped_column(Integer)
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True))


_ONLINE = OnlineMatchRow.metadata.tables[OnlineMatchRow.__tablename__]
_SEATS = SeatRow.metadata.tables[SeatRow.__tablename__]
_GET_ONLINE = select(_ONLINE).where(_ONLINE.c.match_id == bindparam("b_id"))
_GET_SEATS = select(_SEATS).where(_SEATS.c.match_id == bindparam("b_id")).order_by(_SEATS.c.seat)


@dataclass(frozen=True)
class AccessRows:
    """A match's row of ``online_matches`` (None: the match has none) and its seats' rows, by
    seat, as read (columns as attributes)."""

    online: Row[Any] | None
    seats: tuple[Row[Any], ...]


def access_rows(store: Store, match_id: str) -> AccessRows:
    """Who may act for ``match_id``: its online row and seats, in one short read through
    statements built once (read once per request where the request asked so:
    :func:`cueboard.store.db.read_once`)."""

    def load() -> AccessRows:
        with store.reads.connect() as c:
            online = c.execute(_GET_ONLINE, {"b_id": match_id}).one_or_none()
            seats = tuple(c.execute(_GET_SEATS, {"b_id": match_id}).all())
        return AccessRows(online, seats)

    return remembered("online", match_id, load)


def take_back_move(store: Store, match_id: str, expected: int, *, position: dict[str, Any],
                   state: dict[str, Any], turn: dict[str, Any], scoreboard: dict[str, Any]) -> None:
    """Undo the last move of a match at version ``expected`` (a takeback both players agreed
    to): its shot row is removed and the match row returns to ``position`` — the position the
    move was played from — with ``state``, ``turn`` and ``scoreboard``, at version
    ``expected - 1``; in one transaction, only if the match is still at ``expected`` and still
    being played (StaleMatchError otherwise — MatchEndedError where a claim ended it at that
    very version — nothing changed: a takeback never brings an ended match back into play). A
    move that closed a frame is never taken back (its frame rows stay as they are)."""
    forget(match_id)
    with store.session() as s:
        if s.get_bind().dialect.name == "postgresql":  # lock the row, then compare
            s.scalar(select(MatchRow.version).where(MatchRow.id == match_id).with_for_update())
        changed = s.execute(
            update(MatchRow).where(MatchRow.id == match_id, MatchRow.version == expected,
                                   MatchRow.status == PLAYING)
            .values(version=expected - 1, position=position, state=state, status=PLAYING, turn=turn,
                    scoreboard=scoreboard, updated_at=datetime.now(UTC))
        ).rowcount  # type: ignore[attr-defined]
        if changed != 1:
            refuse_unchanged(s, match_id, expected)
        s.execute(delete(ShotRow).where(ShotRow.match_id == match_id, ShotRow.number == expected - 1))
