"""Online play's own endpoints (docs/app.md#playing-a-friend): the seats, invitations and their
taking, publishing a match for spectators, and the live table (Server-Sent Events)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

from cueboard.app.online import Online
from cueboard.app.online.guard import add_cookie
from cueboard.app.online.seats import Access
from cueboard.app.problems import errors
from cueboard.app.routes.common import MatchId, host, online
from cueboard.app.routes.models import EVENTS, InvitationState, Joined, Published, Seats
from cueboard.app.text import SafeText
from cueboard.errors import CueboardInputError

router = APIRouter(prefix="/api/matches/{match_id}", tags=["online"])
OnlinePlay = Annotated[Online, Depends(online)]


class JoinIn(BaseModel):
    """Taking an invited seat: the invitation's code and the name to play under."""

    code: SafeText = Field(min_length=16, max_length=128)
    name: SafeText = Field(default="", max_length=64)


class PublishIn(BaseModel):
    """Whether the match is listed publicly for spectators."""

    public: bool


@router.get("/seats", summary="The seats (names, taken, present) and what the caller holds",
            response_model=Seats, response_model_exclude_unset=True)
def seats(match_id: MatchId, request: Request, on: OnlinePlay) -> dict[str, Any]:
    access = on.guard.access(request, match_id)
    return {"you": access.to_json(), "seats": on.book.seats(match_id), "public": on.book.is_public(match_id)}


@router.get("/invitations/{code}", summary="The seat an invitation is for, and whether it is open",
            response_model=InvitationState, response_model_exclude_unset=True)
def invitation(match_id: MatchId, code: str, on: OnlinePlay) -> dict[str, Any]:
    on.service.store.get_match(match_id)
    return on.book.invitation(match_id, code)


@router.post("/join", summary="Take an invited seat with a display name (sets the seat's cookie)",
             response_model=Joined, response_model_exclude_unset=True, responses=errors(409))
def join(match_id: MatchId, body: JoinIn, request: Request, response: Response,
         on: OnlinePlay) -> dict[str, Any]:
    on.service.store.get_match(match_id)
    seat, token = on.book.claim(match_id, body.code, body.name.strip())
    add_cookie(request, response, match_id, [token])
    on.hub.forget(match_id)
    on.hub.notify(match_id)
    return {"seat": seat, "token": token}


@router.post("/publish", summary="List the match publicly for spectators, or not (host)",
             response_model=Published, response_model_exclude_unset=True, responses=errors(401, 403))
def publish(match_id: MatchId, body: PublishIn, on: OnlinePlay,
            _: Annotated[Access, Depends(host)]) -> dict[str, Any]:
    on.book.publish(match_id, body.public)
    return {"public": body.public}


@router.get("/live", summary="The live table: Server-Sent Events of the match's moves and seats",
            response_class=StreamingResponse, responses={**EVENTS, **errors(429)})
def live(match_id: MatchId, request: Request, on: OnlinePlay,
         after: Annotated[int | None, Query(ge=0)] = None,
         last_event_id: Annotated[str | None, Header()] = None) -> StreamingResponse:
    access = on.guard.access(request, match_id)
    seen = after
    if last_event_id is not None:
        try:
            seen = int(last_event_id)
        except ValueError:
            raise CueboardInputError(
                f"Last-Event-ID must be a number of moves, not '{last_event_id}'") from None
        if seen < 0:
            raise CueboardInputError("Last-Event-ID must not be negative")

    async def events() -> AsyncIterator[str]:
        async for chunk in on.hub.stream(match_id, seen, access.seats):
            yield chunk

    return StreamingResponse(events(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
