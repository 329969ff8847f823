"""Seats, tokens and invitations of online matches (docs/app.md#playing-a-friend).

The token model:

- **Host token**: given to whoever creates the match; deletes the match and chooses whether it is
  listed publicly for spectators.
- **Seat token**: acts for one person's seat (strokes, placements, choices, asking the AI to
  play). The creator receives the token of every seat they keep (hot-seat: one browser holds
  every seat); an invited seat gets its token when its invitation is taken.
- **Invitation code**: one per invited seat, in the link sent to a friend; it can be taken once,
  with a display name, and then gives the seat token to the browser that took it.

Every secret is 256 bits from :func:`secrets.token_urlsafe`; only its SHA-256 hash is stored
(cueboard/store/online.py), and hashes are compared with :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

from sqlalchemy import func, or_, select

from cueboard.errors import CueboardInputError
from cueboard.store import Store, StoreError
from cueboard.store.models import MatchRow
from cueboard.store.online import ChatRow, OnlineMatchRow, SeatRow, WatcherRow, access_rows

#: Bytes of randomness of every token and invitation code (256 bits).
TOKEN_BYTES = 32


class OnlineError(CueboardInputError):
    """A request refused by online play's rules: ``status`` the HTTP status, ``key`` the
    catalogue key of the message, ``params`` its parameters."""

    code: ClassVar[str] = "online-refused"

    def __init__(self, status: int, key: str, message: str, **params: Any):
        super().__init__(message)
        self.status = status
        self.key = key
        self.params = params


class InvitationError(OnlineError):
    """An invitation that is unknown (404), or already taken (409, ``taken``)."""

    code: ClassVar[str] = "invitation-unavailable"

    def __init__(self, message: str, *, taken: bool, seat: int | None = None):
        if taken:
            super().__init__(409, "online.taken", message, seat=seat)
        else:
            super().__init__(404, "online.unknown_invitation", message)
        self.taken = taken
        self.seat = seat


def new_secret() -> str:
    """A fresh secret: 256 random bits, URL-safe base64 (43 characters, no ``.``)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(secret: str) -> str:
    """The SHA-256 hex digest stored in place of ``secret``."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _matches(hashes: Collection[str], stored: str | None) -> bool:
    return stored is not None and any(hmac.compare_digest(h, stored) for h in hashes)


@dataclass(frozen=True)
class Access:
    """What the credentials of a request may do for one match."""

    #: The match has online access rows (False: stored by another means, nobody may act).
    known: bool
    #: Stored before seats existed: open to anyone.
    legacy: bool
    host: bool
    seats: frozenset[int]
    #: The request presented at least one credential for this match.
    presented: bool

    def holds(self, seat: int) -> bool:
        return self.legacy or seat in self.seats

    def to_json(self) -> dict[str, Any]:
        return {"host": self.host or self.legacy, "seats": sorted(self.seats), "open": self.legacy}


@dataclass
class Issued:
    """The secrets handed to a match's creator: the host token, the tokens of the seats kept,
    and the invitation codes of the invited seats (seat → secret)."""

    host: str
    seats: dict[int, str] = field(default_factory=dict)
    invitations: dict[int, str] = field(default_factory=dict)

    def tokens(self) -> list[str]:
        return [self.host, *self.seats.values()]


class SeatBook:
    """Online access of the matches of one store."""

    def __init__(self, store: Store):
        self.store = store

    def issue(self, match_id: str, players: Sequence[dict[str, Any]], invited: Collection[int]) -> Issued:
        """Create the access rows of a new match: ``players`` its header's players (seat, name,
        kind); the person's seats in ``invited`` get an invitation, the others' tokens go to the
        creator."""
        issued = Issued(host=new_secret())
        now = datetime.now(UTC)
        with self.store.session() as s:
            s.add(OnlineMatchRow(match_id=match_id, host_hash=digest(issued.host), public=False,
                                 legacy=False))
            for p in players:
                if p.get("kind") == "ai":
                    continue
                seat = int(p["seat"])
                row = SeatRow(match_id=match_id, seat=seat, name=str(p.get("name", "")))
                if seat in invited:
                    code = new_secret()
                    issued.invitations[seat] = code
                    row.invite_hash = digest(code)
                else:
                    token = new_secret()
                    issued.seats[seat] = token
                    row.token_hash = digest(token)
                    row.claimed_at = now
                s.add(row)
        return issued

    def access(self, match_id: str, tokens: Iterable[str]) -> Access:
        """What ``tokens`` may do for ``match_id``."""
        tokens = [t for t in tokens if t]
        hashes = {digest(t) for t in tokens}
        rows = access_rows(self.store, match_id)
        om = rows.online
        if om is None:
            return Access(known=False, legacy=False, host=False, seats=frozenset(),
                          presented=bool(tokens))
        seats = frozenset(r.seat for r in rows.seats if _matches(hashes, r.token_hash))
        return Access(known=True, legacy=om.legacy, host=_matches(hashes, om.host_hash), seats=seats,
                      presented=bool(tokens))

    def seats(self, match_id: str, now: datetime | None = None) -> list[dict[str, Any]]:
        """The person's seats of a match: name, whether taken (``claimed``), invited, ``present``."""
        now = now or datetime.now(UTC)
        with self.store.session() as s:
            rows = list(s.scalars(select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)))
        return [seat_json(r, now) for r in rows]

    def waiting(self, match_id: str) -> list[int]:
        """The invited seats of a match not taken yet (the match waits for them)."""
        return [r.seat for r in access_rows(self.store, match_id).seats if r.token_hash is None]

    def is_public(self, match_id: str) -> bool:
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            return bool(om is not None and (om.public or om.legacy))

    def publish(self, match_id: str, public: bool) -> None:
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None:
                raise StoreError(f"no match with id '{match_id}'")
            om.public = public

    def invitation(self, match_id: str, code: str) -> dict[str, Any]:
        """The seat an invitation is for and whether it is still open (InvitationError when the
        code is not one of this match's)."""
        row = self._invited(match_id, code)
        return {"seat": row.seat, "name": row.name, "open": row.token_hash is None}

    def _invited(self, match_id: str, code: str) -> SeatRow:
        h = digest(code)
        with self.store.session() as s:
            row = s.scalar(select(SeatRow).where(SeatRow.match_id == match_id, SeatRow.invite_hash == h))
            if row is None:
                raise InvitationError(f"this invitation is not one of match '{match_id}'", taken=False)
            s.expunge(row)
            return row

    def claim(self, match_id: str, code: str, name: str) -> tuple[int, str]:
        """Take the seat of invitation ``code`` with display ``name``: returns (seat, seat token).
        A seat is taken once (InvitationError ``taken`` afterwards). The name also becomes the
        player's name in the match header (and so in its record)."""
        h = digest(code)
        token = new_secret()
        with self.store.session() as s:
            row = s.scalar(select(SeatRow).where(SeatRow.match_id == match_id, SeatRow.invite_hash == h)
                           .with_for_update())
            if row is None:
                raise InvitationError(f"this invitation is not one of match '{match_id}'", taken=False)
            if row.token_hash is not None:
                raise InvitationError(f"seat {row.seat + 1} of match '{match_id}' is already taken",
                                      taken=True, seat=row.seat)
            row.token_hash = digest(token)
            row.claimed_at = datetime.now(UTC)
            if name:
                row.name = name
                match = s.get(MatchRow, match_id)
                if match is not None:
                    _rename(match, row.seat, name)
            return row.seat, token

    def visible(self, tokens: Iterable[str]) -> dict[str, str]:
        """The matches a caller may list, with its role in each: ``host``, ``seat`` (a seat's
        token), ``public`` (listed by its host) or ``open`` (legacy)."""
        hashes = sorted({digest(t) for t in tokens if t})
        out: dict[str, str] = {}
        with self.store.session() as s:
            for (mid,) in s.execute(select(OnlineMatchRow.match_id).where(
                    or_(OnlineMatchRow.public.is_(True), OnlineMatchRow.legacy.is_(True)))):
                out[mid] = "public"
            for (mid,) in s.execute(select(OnlineMatchRow.match_id).where(OnlineMatchRow.legacy.is_(True))):
                out[mid] = "open"
            if hashes:
                for (mid,) in s.execute(select(SeatRow.match_id).where(SeatRow.token_hash.in_(hashes))):
                    out[mid] = "seat"
                for (mid,) in s.execute(select(OnlineMatchRow.match_id).where(
                        OnlineMatchRow.host_hash.in_(hashes))):
                    out[mid] = "host"
        return out

    def touch(self, match_id: str, seats: Collection[int], until: datetime) -> None:
        """Mark ``seats`` present until ``until`` (a live connection's lease; now: away)."""
        if not seats:
            return
        with self.store.session() as s:
            for row in s.scalars(select(SeatRow).where(SeatRow.match_id == match_id,
                                                       SeatRow.seat.in_(list(seats)))):
                row.present_until = until

    def touch_many(self, seats: Collection[tuple[str, int]], until: datetime) -> None:
        """Renew the presence leases of many (match, seat) pairs in one transaction (one short
        hold of the database's write lock, whatever the number of tables)."""
        if not seats:
            return
        wanted = set(seats)
        with self.store.session() as s:
            for row in s.scalars(select(SeatRow).where(SeatRow.match_id.in_(sorted({m for m, _ in wanted})))):
                if (row.match_id, row.seat) in wanted:
                    row.present_until = until

    def watch(self, counts: Collection[tuple[str, int]], process: str, until: datetime) -> None:
        """Store how many spectators ``process`` holds on each match of ``counts`` (match,
        count), standing until ``until``; a count of 0 removes the process's row."""
        if not counts:
            return
        with self.store.session() as s:
            mids = sorted({m for m, _ in counts})
            rows = {r.match_id: r for r in s.scalars(select(WatcherRow).where(
                WatcherRow.process == process, WatcherRow.match_id.in_(mids)))}
            live = set(s.scalars(select(MatchRow.id).where(MatchRow.id.in_(mids))))
            for mid, n in counts:
                row = rows.get(mid)
                if n <= 0 or mid not in live:  # (none left, or the match deleted meanwhile)
                    if row is not None:
                        s.delete(row)
                elif row is None:
                    s.add(WatcherRow(match_id=mid, process=process, spectators=n, until=until))
                else:
                    row.spectators, row.until = n, until

    def spectators(self, match_ids: Collection[str], now: datetime) -> dict[str, int]:
        """The spectators of each match, over every server process whose count still stands."""
        out = dict.fromkeys(match_ids, 0)
        if not match_ids:
            return out
        with self.store.session() as s:
            for mid, n in s.execute(select(WatcherRow.match_id, func.sum(WatcherRow.spectators)).where(
                    WatcherRow.match_id.in_(list(match_ids)), WatcherRow.until > now)
                    .group_by(WatcherRow.match_id)):
                out[mid] = int(n or 0)
        return out

    def stamps(self, match_ids: Collection[str], now: datetime) -> dict[str, tuple[Any, ...]]:
        """For each match, what its seats look like now (names, taken, present): a change of the
        stamp is a change to push to the live tables."""
        out: dict[str, list[Any]] = {mid: [] for mid in match_ids}
        if not match_ids:
            return {}
        with self.store.session() as s:
            for r in s.scalars(select(SeatRow).where(SeatRow.match_id.in_(list(match_ids)))
                               .order_by(SeatRow.match_id, SeatRow.seat)):
                j = seat_json(r, now)
                out[r.match_id].append((j["seat"], j["name"], j["claimed"], j["present"]))
            # (an offer made or answered in another process changes the stamp too)
            for mid, offer, next_id in s.execute(select(
                    OnlineMatchRow.match_id, OnlineMatchRow.offer, OnlineMatchRow.next_id).where(
                    OnlineMatchRow.match_id.in_(list(match_ids)))):
                out[mid].append(("table", repr(offer), next_id))
            for mid, said in s.execute(select(ChatRow.match_id, func.max(ChatRow.id)).where(
                    ChatRow.match_id.in_(list(match_ids))).group_by(ChatRow.match_id)):
                out[mid].append(("chat", said))
        for mid, n in self.spectators(match_ids, now).items():  # (watchers of other processes)
            out[mid].append(("spectators", n))
        return {mid: tuple(v) for mid, v in out.items()}


def seat_json(r: SeatRow, now: datetime) -> dict[str, Any]:
    until = _aware(r.present_until)
    present = until is not None and until > now
    claimed = _aware(r.claimed_at)
    away_since = None if present or r.token_hash is None else (until or claimed)
    return {"seat": r.seat, "name": r.name, "claimed": r.token_hash is not None,
            "invited": r.invite_hash is not None, "present": present,
            "away_since": away_since.isoformat() if away_since is not None else None}


def _aware(t: datetime | None) -> datetime | None:
    return t.replace(tzinfo=UTC) if t is not None and t.tzinfo is None else t  # SQLite: naive


def lease(seconds: float) -> datetime:
    return datetime.now(UTC) + timedelta(seconds=seconds)


def _rename(match: MatchRow, seat: int, name: str) -> None:
    header = dict(match.header)
    header["players"] = [{**p, "name": name} if p.get("seat") == seat else p
                         for p in header.get("players", [])]
    match.header = header
    turn = getattr(match, "turn", None)  # the row may keep the turn's player (with its name)
    if isinstance(turn, dict) and isinstance(turn.get("player"), dict) and turn["player"].get("seat") == seat:
        setattr(match, "turn", {**turn, "player": {**turn["player"], "name": name}})  # noqa: B010


__all__ = ["Access", "InvitationError", "Issued", "OnlineError", "SeatBook", "digest", "lease", "new_secret",
           "seat_json"]
