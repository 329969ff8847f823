"""The tables: matches, their frames and their shots.

JSON columns hold records in their documented JSON form (docs/records.md), so the database can be
read without cueboard and a match exports straight to a match record file.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of cueboard's tables."""


class MatchRow(Base):
    """One match: its header (MatchHeader JSON), match-level state and the current position."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), index=True)
    #: "playing" or "finished".
    status: Mapped[str] = mapped_column(String(16), index=True, default="playing")
    header: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: Match-level state kept by the app: frame number, frames / points won, winner, what the
    #: player to move must do next (docs/app.md#match-state).
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The current position (the game's Position JSON).
    position: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The match's version: the number of moves (shots and choices) stored, so also the number
    #: the next shot gets. Every acting request names the version it was made against, and a move
    #: is written by ``UPDATE ... WHERE version = expected`` (docs/service.md#one-history-per-match).
    version: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    #: What the seat to move must do now and who sits there (the page's ``turn`` JSON), and the
    #: scoreboard: computed when the move is stored, so that a view reads them from this row.
    #: None on a row stored before revision 0002 (computed from the position when read).
    turn: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    scoreboard: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)

    frames: Mapped[list[FrameRow]] = relationship(
        back_populates="match", cascade="all, delete-orphan", order_by="FrameRow.number"
    )
    shots: Mapped[list[ShotRow]] = relationship(
        back_populates="match", cascade="all, delete-orphan", order_by="ShotRow.number"
    )


class FrameRow(Base):
    """One frame / round / game of a match: the position it started from and how it ended."""

    __tablename__ = "frames"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    start_position: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: None while the frame is being played; then {"winner": seat or null, "scores": [...]}.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    match: Mapped[MatchRow] = relationship(back_populates="frames")


class ShotRow(Base):
    """One shot: its match-record entry (ShotEntry JSON, events included) and the position before."""

    __tablename__ = "shots"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    #: Index of the shot in the match (0, 1, ...), the ShotEntry's ``index``.
    number: Mapped[int] = mapped_column(Integer)
    frame: Mapped[int] = mapped_column(Integer)
    player: Mapped[int] = mapped_column(Integer)
    #: "shot" for a stroke, "choice" for a choice the rules gave (play on, replace, ...), "time" for
    #: the consequence of the shot clock running out (cueboard/app/online/clock.py).
    kind: Mapped[str] = mapped_column(String(16), default="shot")
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    position_before: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    match: Mapped[MatchRow] = relationship(back_populates="shots")


class HealthRow(Base):
    """One row the health check writes (and commits) to prove the database takes writes."""

    __tablename__ = "service_health"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    checked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class RateRow(Base):
    """One client's token bucket of one rate limit (cueboard/app/guard.py), shared by every
    server process: ``tokens`` left at ``at`` (seconds since the epoch). A row whose bucket has
    refilled is deleted now and then: a missing row is a full bucket."""

    __tablename__ = "rate_buckets"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float, index=True)
