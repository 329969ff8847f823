"""Live tables: the server pushes every move of a match to every browser watching it, as
Server-Sent Events (``GET /api/matches/{id}/live``, docs/app.md#the-live-protocol).

The ordered log of a match is its stored moves (the ``shots`` table): the event of move ``n``
(0, 1, ...) carries ``id: n + 1``, the number of moves the receiver has then seen. A browser that
reconnects sends ``Last-Event-ID`` (EventSource does so by itself), or ``?after=<moves seen>``
when a page opens, and receives the moves it missed, in order, each once; then the match as it
stands. Seats (names, taken, present) travel as snapshots (``seats``), which may repeat.

Because the log is read from the database, a move stored by any process reaches the watchers of
every process: a move of this process wakes its streams at once (:meth:`LiveHub.notify`, called
once the acting request is done). On PostgreSQL it also sends ``NOTIFY cueboard_live`` with the
match id — a move in the very transaction that stores it (:meth:`Store.announce_moves
<cueboard.store.db.Store.announce_moves>`), anything else in a statement of its own — and each
process that watches tables keeps one connection ``LISTEN``-ing on that channel (psycopg's
``AsyncConnection.notifies``), so the other worker processes wake their streams of the match at
once too (PostgreSQL delivers a notification when the sender's transaction commits).
As the fallback — SQLite, a lost listening connection, a change no request announced — one
background task per process reads, every ``poll_s``, the number of moves and the seats of the
matches it is watching, waking those that changed (a move stored by another worker process, a
seat taken or gone away there, a time-out the shot clock ruled).

Presence: a stream opened with a seat's credentials counts the seat present; the lease is
written to the database (``online_seats.present_until``, renewed every ``ping_s``, lasting
``lease_s``) so other processes see it; the seat is away once its last stream closes or its
lease runs out. Spectators (streams without a seat) are counted the same way: each process
writes how many it holds on a table (``online_watchers``, under a lease it renews), and the
table's count is the sum over the processes, the same in every worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable, Collection
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.engine import make_url

from cueboard.app.online.chat import seen_by
from cueboard.app.online.clock import ShotClock
from cueboard.app.online.seats import SeatBook, lease
from cueboard.app.service import MatchService
from cueboard.store import StoreError
from cueboard.store.db import announced
from cueboard.store.models import MatchRow

log = logging.getLogger(__name__)
#: The PostgreSQL channel the server processes wake each other's streams on (payload
#: ``<sender>:<match id>``).
CHANNEL = "cueboard_live"


def listen_conninfo(url: str) -> str | None:
    """The psycopg connection string of a PostgreSQL SQLAlchemy URL (None for another database:
    it has no LISTEN/NOTIFY, the poll alone carries moves between processes)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        return None
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def sse(event: str, data: Any, event_id: int | None = None) -> str:
    """One Server-Sent Event (its JSON data on one line)."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


class LiveHub:
    """The live tables of one server process."""

    def __init__(self, service: MatchService, book: SeatBook, *, poll_s: float = 1.0,
                 ping_s: float = 15.0, lease_s: float = 45.0, cache_shots: int = 2048,
                 clock: ShotClock | None = None, table: Callable[[str], dict[str, Any]] | None = None):
        self.service = service
        #: What the players ask each other (offers, the series), sent as ``table`` events.
        self.table = table
        #: The shot clocks: each poll rules the time-outs due on the watched tables.
        self.clock = clock
        self.store = service.store
        self.book = book
        self.poll_s = poll_s
        self.ping_s = ping_s
        self.lease_s = lease_s
        self._loop: asyncio.AbstractEventLoop | None = None
        self._events: dict[str, asyncio.Event] = {}
        self._watchers: Counter[str] = Counter()
        self._present: Counter[tuple[str, int]] = Counter()
        #: Streams of each match opened without a seat (spectators), in this process.
        self._spectators: Counter[str] = Counter()
        self._stamps: dict[str, tuple[Any, ...]] = {}
        self._shots: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._cache_shots = cache_shots
        self._views: dict[str, tuple[int, dict[str, Any]]] = {}  # match -> (moves, view)
        self._delivered: dict[str, int] = {}  # match -> moves its streams here have sent
        #: Each match's wake-ups so far, and the last snapshot read (at which wake-up): the
        #: streams of one table woken together read the database once.
        self._gen: Counter[str] = Counter()
        self._snaps: dict[str, tuple[int, int, dict[str, Any], list[dict[str, Any]]]] = {}
        self._poller: asyncio.Task[None] | None = None
        #: PostgreSQL: this process's name on :data:`CHANNEL`, its listening task, the
        #: notifications received from other processes (for the tests and the logs).
        self._conninfo = listen_conninfo(self.store.url)
        self._sender = secrets.token_hex(6)
        if self._conninfo is not None:  # each move notifies in its own transaction
            self.store.announce_moves(CHANNEL, self._sender)
        self._listener: asyncio.Task[None] | None = None
        self.listening = False
        self.heard = 0

    # --- waking --------------------------------------------------------------------------------
    def notify(self, match_id: str) -> None:
        """Wake the streams of ``match_id``, here and (PostgreSQL) in every other server process
        (callable from any thread; blocks for one short statement on PostgreSQL, unless this
        request's move announced itself in its own transaction: :func:`announced`)."""
        if self._conninfo is not None and not announced(match_id):
            try:
                with self.store.session() as s:
                    s.execute(text("SELECT pg_notify(:channel, :payload)"),
                              {"channel": CHANNEL, "payload": f"{self._sender}:{match_id}"})
            except Exception:  # the other processes' polls still carry the move
                log.warning("sending the live tables' notification failed", exc_info=True)
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(self._wake, match_id)

    def forget(self, match_id: str) -> None:
        """Drop the cached view of ``match_id`` (its header changed: a seat was taken), and its
        cached shots and count of moves sent (a move was taken back: its number comes again)."""
        self._views.pop(match_id, None)
        self._delivered.pop(match_id, None)
        for key in [k for k in self._shots if k[0] == match_id]:
            del self._shots[key]

    def _wake(self, match_id: str) -> None:
        self._gen[match_id] += 1
        ev = self._events.pop(match_id, None)
        if ev is not None:
            ev.set()

    def _event(self, match_id: str) -> asyncio.Event:
        ev = self._events.get(match_id)
        if ev is None:
            ev = self._events[match_id] = asyncio.Event()
        return ev

    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._poller = None
        if self._poller is None or self._poller.done():
            self._poller = loop.create_task(self._poll(), name="cueboard-live-poll")
        if self._conninfo is not None and (self._listener is None or self._listener.done()):
            self._listener = loop.create_task(self._listen(self._conninfo), name="cueboard-live-listen")

    async def _listen(self, conninfo: str) -> None:
        """While this process watches tables: ``LISTEN`` on :data:`CHANNEL` and wake the streams
        of each match another process announces. A lost connection is opened again after
        ``poll_s`` (meanwhile the poll carries the moves)."""
        import psycopg

        while self._watchers:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening = True
                    while self._watchers:
                        async for note in conn.notifies(timeout=1.0):
                            sender, _, mid = note.payload.partition(":")
                            if sender != self._sender and mid in self._watchers:
                                self.heard += 1
                                self.forget(mid)  # (its seats may have changed there)
                                self._wake(mid)
            except Exception:
                log.warning("listening for the live tables' notifications failed; polling meanwhile",
                            exc_info=True)
            finally:
                self.listening = False
            if self._watchers:
                await asyncio.sleep(self.poll_s)
        self._listener = None

    async def _poll(self) -> None:
        """Wake the matches whose moves or seats changed in the database (another process's
        work, or a presence lease that ran out); renew this process's presence leases."""
        renewed = 0.0
        loop = asyncio.get_running_loop()
        while self._watchers:
            await asyncio.sleep(self.poll_s)
            try:
                watched = list(self._watchers)
                renew = loop.time() - renewed >= self.ping_s / 2
                present = list(self._present) if renew else []
                spectating = list(self._spectators.items()) if renew else []
                stamps = await asyncio.to_thread(self._read_stamps, watched, present, spectating)
                if renew:
                    renewed = loop.time()
            except Exception:  # the database away for a moment: try again next round
                log.exception("reading the live tables' state failed")
                continue
            for mid, stamp in stamps.items():
                old = self._stamps.get(mid)
                if old != stamp:
                    self._stamps[mid] = stamp
                    seats_changed = old is None or old[1] != stamp[1]
                    if seats_changed:
                        self.forget(mid)
                    # a move this process's streams have sent already needs no second wake-up;
                    # a match ended without a move (a claim) does
                    ended = old is not None and old[2] != stamp[2]
                    if seats_changed or ended or stamp[0] > self._delivered.get(mid, -1):
                        self._wake(mid)
        self._poller = None

    def _read_stamps(self, match_ids: list[str], present: list[tuple[str, int]],
                     spectating: list[tuple[str, int]] | None = None) -> dict[str, tuple[Any, ...]]:
        if present:
            self.book.touch_many(present, lease(self.lease_s))
        if spectating:
            self.book.watch(spectating, self._sender, lease(self.lease_s))
        if self.clock is not None:
            for mid in self.clock.clocked(match_ids):
                self.clock.sync(mid)  # a time-out due: ruled and stored here (a new version)
        with self.store.session() as s:
            rows = s.execute(select(MatchRow.id, MatchRow.version, MatchRow.status)
                             .where(MatchRow.id.in_(match_ids)))
            counts = {mid: (int(n), status) for mid, n, status in rows}
        stamps = self.book.stamps(match_ids, datetime.now(UTC))
        return {mid: (counts.get(mid, (0, None))[0], stamps.get(mid, ()), counts.get(mid, (0, None))[1])
                for mid in match_ids}

    # --- reading -------------------------------------------------------------------------------
    def _moves(self, match_id: str) -> tuple[int, str]:
        """The number of moves stored (the match's version) and the match's status (a claim
        ends it without a move); StoreError once it is deleted."""
        with self.store.session() as s:
            row = s.execute(select(MatchRow.version, MatchRow.status).where(MatchRow.id == match_id)).first()
        if row is None:
            raise StoreError(f"no match with id '{match_id}'")
        return int(row[0]), str(row[1])

    def _shot(self, match_id: str, number: int) -> dict[str, Any]:
        key = (match_id, number)
        hit = self._shots.get(key)
        if hit is None:
            hit = self.service.shot(match_id, number)
            self._shots[key] = hit
            while len(self._shots) > self._cache_shots:
                self._shots.popitem(last=False)
        else:
            self._shots.move_to_end(key)
        return hit

    def _snapshot(self, match_id: str, sent: int | None, gen: int) -> tuple[
            int, list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]]:
        """(moves stored, the moves after ``sent``, the match view, the seats), read in a thread
        — or taken from the snapshot another stream of the match read since wake-up ``gen``
        (anything that changed since then has woken the match again)."""
        snap = self._snaps.get(match_id)
        if snap is not None and snap[0] == gen:
            _gen, moves, view, seats = snap
        else:
            moves, view, seats = self._read(match_id)
            self._snaps[match_id] = (gen, moves, view, seats)
        start = moves if sent is None else min(sent, moves)
        return moves, [self._shot(match_id, n) for n in range(start, moves)], view, seats

    def _read(self, match_id: str) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
        clock = None
        if self.clock is not None:
            self.clock.sync(match_id)
            clock = self.clock.state(match_id)
        moves, view, seats = self._read_match(match_id)
        table = None
        if self.table is not None:
            spectators = self.book.spectators([match_id], datetime.now(UTC))[match_id]
            table = {**self.table(match_id), "spectators": spectators}
        return moves, {**view, "clock": clock, "table": table}, seats

    def _read_match(self, match_id: str) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
        moves, status = self._moves(match_id)
        cached = self._views.get(match_id)
        if cached is not None and cached[0] == moves and cached[1]["status"] == status:
            view = cached[1]
        else:
            view = self.service.view(match_id)  # (the streams of one table share it)
            moves = int(view["shots"])  # the view's own count: its moves and the view agree
            self._views[match_id] = (moves, view)
        return moves, view, self.book.seats(match_id)

    # --- streaming -----------------------------------------------------------------------------
    async def stream(self, match_id: str, after: int | None, seats: Collection[int]) -> AsyncIterator[str]:
        """The events of one watcher of ``match_id`` who has seen ``after`` moves (None: a
        fresh watcher, who gets the match as it stands); ``seats`` the seats its credentials
        hold (counted present while the stream is open)."""
        self._start()
        held = sorted(set(seats))
        self._watchers[match_id] += 1
        for seat in held:
            self._present[(match_id, seat)] += 1
        if not held:
            self._spectators[match_id] += 1
        try:
            if not held:  # (the table shows how many watch, in every process)
                await asyncio.to_thread(self._count_spectators, match_id)
            if held:
                await asyncio.to_thread(self.book.touch, match_id, held, lease(self.lease_s))
                self._wake(match_id)
            yield "retry: 2000\n\n"
            sent = after
            seats_sent: list[dict[str, Any]] | None = None
            clock_sent: tuple[Any, ...] | None = None
            table_sent: dict[str, Any] | None = None
            status_sent: str | None = None
            while True:
                ev = self._event(match_id)
                try:
                    moves, shots, view, seat_list = await asyncio.to_thread(
                        self._snapshot, match_id, sent, self._gen[match_id])
                except StoreError:
                    yield sse("deleted", {"id": match_id})
                    return
                for shot in shots:
                    yield sse("shot", shot, shot["number"] + 1)
                clock = view.get("clock")
                clock_now = (clock["version"], clock["deadline"]) if clock else None
                # (a deadline set or moved without a move — the last invited seat taken — is
                # sent too: every browser at the table counts down from it)
                if sent is None or shots or sent > moves or clock_now != clock_sent \
                        or (status_sent is not None and view["status"] != status_sent):
                    yield sse("match", self._timed(view))
                    clock_sent = clock_now
                status_sent = view["status"]
                sent = moves
                self._delivered[match_id] = max(self._delivered.get(match_id, 0), moves)
                if seat_list != seats_sent:
                    yield sse("seats", seat_list)
                    seats_sent = seat_list
                table = seen_by(view["table"], bool(held)) if view.get("table") is not None else None
                if table is not None and table != table_sent:
                    yield sse("table", table)
                    table_sent = table
                try:
                    await asyncio.wait_for(ev.wait(), self.ping_s)
                except TimeoutError:
                    yield ": ping\n\n"
        finally:
            if not held:
                self._spectators[match_id] -= 1
                if self._spectators[match_id] <= 0:
                    del self._spectators[match_id]
                loop = self._loop
                if loop is not None and not loop.is_closed():
                    with contextlib.suppress(RuntimeError):  # (the server shutting down)
                        loop.run_in_executor(None, self._count_spectators, match_id)
            self._watchers[match_id] -= 1
            if self._watchers[match_id] <= 0:
                del self._watchers[match_id]
                self._stamps.pop(match_id, None)
                self._views.pop(match_id, None)
                self._delivered.pop(match_id, None)
                self._snaps.pop(match_id, None)
            gone = []
            for seat in held:
                self._present[(match_id, seat)] -= 1
                if self._present[(match_id, seat)] <= 0:
                    del self._present[(match_id, seat)]
                    gone.append(seat)
            if gone:
                self._away(match_id, gone)

    def _timed(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with its shot clock's ``now`` as this event leaves (a snapshot may be older)."""
        clock = view.get("clock")
        if clock is None or self.clock is None:
            return view
        return {**view, "clock": {**clock, "now": self.clock.now().isoformat()}}

    def _count_spectators(self, match_id: str) -> None:
        """Store this process's count of ``match_id``'s spectators (a lease renewed by the poll),
        then wake the table here and, on PostgreSQL, in the other processes (in a thread)."""
        try:
            self.book.watch([(match_id, self._spectators[match_id])], self._sender, lease(self.lease_s))
        except Exception:  # (the count comes back with the next renewal)
            log.exception("storing the spectators of a table failed")
        self.notify(match_id)

    def _away(self, match_id: str, seats: list[int]) -> None:
        """Mark ``seats`` away (their last stream here closed), in a thread, then wake the table."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return

        def write() -> None:
            try:
                self.book.touch(match_id, seats, datetime.now(UTC))
            except StoreError:
                pass
            except Exception:
                log.exception("marking seats away failed")
            self.notify(match_id)

        loop.run_in_executor(None, write)


__all__ = ["LiveHub", "sse"]
