"""Online play (docs/app.md#playing-a-friend): seats and their tokens, invitations, live tables
pushed to every browser at a table, spectators and presence.

:class:`Online` bundles, for one server: the seat book (cueboard/app/online/seats.py), the guards
of the acting endpoints (guard.py) and the live hub (live.py); its endpoints are in
cueboard/app/routes/online.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import Any, ClassVar

from fastapi import Request, Response

from cueboard.app.online.chat import Chat
from cueboard.app.online.clock import ShotClock
from cueboard.app.online.guard import AccessError, Guard, add_cookie, all_credentials, issued_json, notifying
from cueboard.app.online.live import LiveHub
from cueboard.app.online.offers import Offers
from cueboard.app.online.qr import qr_svg_uri, site_origin
from cueboard.app.online.seats import Access, InvitationError, OnlineError, SeatBook
from cueboard.app.service import MatchService


class ClockExpiredError(OnlineError):
    """A move that arrived after the shot clock ran out (409): the time-out was ruled instead."""

    code: ClassVar[str] = "clock-expired"

    def __init__(self, match_id: str):
        super().__init__(409, "clock.expired", f"the shot clock of match '{match_id}' ran out before this "
                         "request: the time-out was ruled instead (see the match's last move)")


class NotStartedError(OnlineError):
    """A move asked for before every invited seat was taken (409 ``online.not_started``): an
    online match, and its shot clock, start once everyone invited has joined — the waiting room
    of docs/app.md#playing-a-friend, as a lichess challenge starts once it is accepted."""

    def __init__(self, match_id: str, waiting: list[int]):
        places = ", ".join(str(s + 1) for s in waiting)
        super().__init__(409, "online.not_started", f"match '{match_id}' starts once every invited "
                         f"seat is taken: still waiting for seat {places}", seats=places)


class Online:
    """Seats, invitations and live tables of one server's matches."""

    def __init__(self, service: MatchService, *, poll_s: float = 1.0,
                 now: Callable[[], datetime] | None = None):
        self.service = service
        self.book = SeatBook(service.store)
        self.guard = Guard(service.store, self.book)
        self.clock = ShotClock(service, now)
        self.offers = Offers(service, self.book, self.clock)
        self.chat = Chat(service.store)
        self.hub = LiveHub(service, self.book, poll_s=poll_s, clock=self.clock, table=self._table)
        #: Dependencies of the acting endpoints: the seat to move (strokes, placements,
        #: choices), a seat holder (the AI's turn), the host (delete); each wakes the live
        #: tables once the endpoint has run.
        self.seat_to_move: Callable[[Request, str], Iterator[Access]] = notifying(
            self._in_time, self.hub.notify)
        self.seat_holder: Callable[[Request, str], Iterator[Access]] = notifying(
            self._started_holder, self.hub.notify)
        self.host: Callable[[Request, str], Iterator[Access]] = notifying(self.guard.host, self.hub.notify)

    def _table(self, match_id: str) -> dict[str, Any]:
        """The live ``table`` event: the offers and the series (offers.py), both chat rooms
        (chat.py; each watcher is sent its own room)."""
        return {**self.offers.table(match_id), "chat": self.chat.rooms(match_id)}

    def _in_time(self, request: Request, match_id: str) -> Access:
        """The seat to move's guard, after the shot clock: a move arriving once the time is up
        is refused (409 ``clock.expired``, the time-out ruled instead) — but only for a request
        whose credentials would have let it act."""
        access = self.guard.seat_to_move(request, match_id)
        self._started(match_id)
        if self.clock.sync(match_id):
            raise ClockExpiredError(match_id)
        return access

    def _started_holder(self, request: Request, match_id: str) -> Access:
        """Asking the AI to play: a seat holder's guard, once the match has started."""
        access = self.guard.seat_holder(request, match_id)
        self._started(match_id)
        return access

    def _started(self, match_id: str) -> None:
        """Refuse a move while an invited seat is still open (NotStartedError)."""
        waiting = self.book.waiting(match_id)
        if waiting:
            raise NotStartedError(match_id, waiting)

    def view(self, match_id: str) -> dict[str, Any]:
        """``GET /api/matches/{id}``: the match (its shot clock brought up to date first: a
        time-out due is ruled), with ``clock`` (None: no clock)."""
        self.clock.sync(match_id)
        return {**self.service.view(match_id), "clock": self.clock.state(match_id)}

    # --- hooks of the server's own endpoints ---------------------------------------------------
    def created(self, request: Request, response: Response, view: dict[str, Any],
                invited: Sequence[int], shot_clock: int | None = None) -> dict[str, Any]:
        """A match was just created: issue its tokens and invitations (``invited``: indexes of
        the players whose seat goes to a friend), put the creator's tokens in the browser's
        cookie, and return them (``online`` of the create answer)."""
        match_id = view["id"]
        players = view["header"]["players"]
        try:
            issued = self.book.issue(match_id, players, {int(players[n]["seat"]) for n in invited})
        except Exception:
            self.service.delete(match_id, expected=int(view["version"]))  # never leave a match nobody holds
            raise
        add_cookie(request, response, match_id, issued.tokens())
        self.clock.set(match_id, shot_clock)
        out = issued_json(match_id, issued)
        origin = site_origin(request)
        for inv in out["invitations"]:
            inv["url"] = origin + inv["path"]
            inv["qr"] = qr_svg_uri(inv["url"])
        out["watch_qr"] = qr_svg_uri(origin + out["watch_path"])
        return out

    def listing(self, request: Request, status: str | None) -> list[dict[str, Any]]:
        """``GET /api/matches``: the matches the caller holds a token of, the public ones, each
        with the caller's ``role`` (host, seat, public, open)."""
        roles = self.book.visible(all_credentials(request))
        if not roles:
            return []
        return [{**m, "role": roles[m["id"]]} for m in self.service.matches(status, ids=list(roles))]


__all__ = ["AccessError", "ClockExpiredError", "InvitationError", "NotStartedError", "Online", "OnlineError"]
