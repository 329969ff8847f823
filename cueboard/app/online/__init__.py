"""Online play (docs/app.md#playing-a-friend): seats and their tokens, invitations, live tables
pushed to every browser at a table, spectators and presence.

:class:`Online` bundles, for one server: the seat book (cueboard/app/online/seats.py), the guards
of the acting endpoints (guard.py) and the live hub (live.py), with the routes of its own
endpoints (:attr:`Online.router`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from datetime import datetime
from typing import Any, ClassVar

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from cueboard.app.online.clock import ShotClock
from cueboard.app.online.guard import AccessError, Guard, add_cookie, all_credentials, issued_json, notifying
from cueboard.app.online.live import LiveHub
from cueboard.app.online.qr import qr_svg_uri, site_origin
from cueboard.app.online.seats import Access, InvitationError, OnlineError, SeatBook
from cueboard.app.service import MatchService
from cueboard.errors import CueboardInputError


class ClockExpiredError(OnlineError):
    """A move that arrived after the shot clock ran out (409): the time-out was ruled instead."""

    code: ClassVar[str] = "clock-expired"

    def __init__(self, match_id: str):
        super().__init__(409, "clock.expired", f"the shot clock of match '{match_id}' ran out before this "
                         "request: the time-out was ruled instead (see the match's last move)")


class JoinIn(BaseModel):
    """Taking an invited seat: the invitation's code and the name to play under."""

    code: str = Field(min_length=16, max_length=128)
    name: str = Field(default="", max_length=64)


class PublishIn(BaseModel):
    """Whether the match is listed publicly for spectators."""

    public: bool


class Online:
    """Seats, invitations and live tables of one server's matches."""

    def __init__(self, service: MatchService, *, poll_s: float = 1.0,
                 now: Callable[[], datetime] | None = None):
        self.service = service
        self.book = SeatBook(service.store)
        self.guard = Guard(service.store, self.book)
        self.clock = ShotClock(service, now)
        self.hub = LiveHub(service, self.book, poll_s=poll_s, clock=self.clock)
        #: Dependencies of the acting endpoints: the seat to move (strokes, placements,
        #: choices), a seat holder (the AI's turn), the host (delete); each wakes the live
        #: tables once the endpoint has run.
        self.seat_to_move: Callable[[Request, str], Iterator[Access]] = notifying(
            self._in_time, self.hub.notify)
        self.seat_holder: Callable[[Request, str], Iterator[Access]] = notifying(
            self.guard.seat_holder, self.hub.notify)
        self.host: Callable[[Request, str], Iterator[Access]] = notifying(self.guard.host, self.hub.notify)
        self.router = self._routes()

    def _in_time(self, request: Request, match_id: str) -> Access:
        """The seat to move's guard, after the shot clock: a move arriving once the time is up
        is refused (409 ``clock.expired``, the time-out ruled instead) — but only for a request
        whose credentials would have let it act."""
        access = self.guard.seat_to_move(request, match_id)
        if self.clock.sync(match_id):
            raise ClockExpiredError(match_id)
        return access

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

    # --- its own endpoints ---------------------------------------------------------------------
    def _routes(self) -> APIRouter:
        r = APIRouter(prefix="/api/matches/{match_id}", tags=["online"])
        guard, book, hub = self.guard, self.book, self.hub

        @r.get("/seats", summary="The seats (names, taken, present) and what the caller holds")
        def seats(match_id: str, request: Request) -> dict[str, Any]:
            access = guard.access(request, match_id)
            return {"you": access.to_json(), "seats": book.seats(match_id),
                    "public": book.is_public(match_id)}

        @r.get("/invitations/{code}", summary="The seat an invitation is for, and whether it is open")
        def invitation(match_id: str, code: str) -> dict[str, Any]:
            self.service.store.get_match(match_id)
            return book.invitation(match_id, code)

        @r.post("/join", summary="Take an invited seat with a display name (sets the seat's cookie)")
        def join(match_id: str, body: JoinIn, request: Request, response: Response) -> dict[str, Any]:
            self.service.store.get_match(match_id)
            seat, token = book.claim(match_id, body.code, body.name.strip())
            add_cookie(request, response, match_id, [token])
            hub.forget(match_id)
            hub.notify(match_id)
            return {"seat": seat, "token": token}

        @r.post("/publish", summary="List the match publicly for spectators, or not (host)")
        def publish(match_id: str, body: PublishIn, _: Access = Depends(self.host)) -> dict[str, Any]:
            book.publish(match_id, body.public)
            return {"public": body.public}

        @r.get("/live", summary="The live table: Server-Sent Events of the match's moves and seats",
               response_class=StreamingResponse)
        def live(match_id: str, request: Request, after: int | None = Query(default=None, ge=0),
                 last_event_id: str | None = Header(default=None)) -> StreamingResponse:
            access = guard.access(request, match_id)
            seen = after
            if last_event_id is not None:
                try:
                    seen = int(last_event_id)
                except ValueError:
                    raise CueboardInputError(f"Last-Event-ID must be a number of moves, "
                                             f"not '{last_event_id}'") from None
                if seen < 0:
                    raise CueboardInputError("Last-Event-ID must not be negative")

            async def events() -> AsyncIterator[str]:
                async for chunk in hub.stream(match_id, seen, access.seats):
                    yield chunk

            return StreamingResponse(events(), media_type="text/event-stream",
                                     headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

        return r


__all__ = ["AccessError", "ClockExpiredError", "InvitationError", "Online", "OnlineError"]
