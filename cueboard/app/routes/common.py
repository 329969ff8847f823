"""What the routers share: the path, query and header types of the API, the strict request body,
and the FastAPI dependencies that reach the app's parts (kept on ``app.state`` by
:func:`cueboard.app.server.create_app`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Header, Request
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict

from cueboard.app.guard import RateLimiter
from cueboard.app.online import Online
from cueboard.app.online.seats import Access
from cueboard.app.service import MatchService
from cueboard.store import Store

#: The largest number a path, query or header integer may be (a 32-bit signed integer: shot and
#: frame numbers, versions and seeds all fit; the databases' integer columns hold it).
INT_MAX = 2**31 - 1

MatchId = Annotated[str, PathParam(pattern=r"^[0-9a-f]{1,32}$", description="a match id (hex digits)")]
Version = Annotated[int, Header(alias="X-Match-Version", ge=0, le=INT_MAX,
                                description="the match's `version` the request was made against")]


class StrictBody(BaseModel):
    """A request body: strict types (a number is a JSON number, never ``"3"`` or ``true``) and
    no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


def client(request: Request) -> str:
    """The address the per-client limits count under."""
    return request.client.host if request.client is not None else "unknown"


def service(request: Request) -> MatchService:
    """The app's matches (:class:`MatchService`)."""
    svc: MatchService = request.app.state.service
    return svc


def store(request: Request) -> Store:
    """The app's store."""
    st: Store = request.app.state.service.store
    return st


def online(request: Request) -> Online:
    """The app's online play (seats, tokens, live tables)."""
    on: Online = request.app.state.online
    return on


def create_limit(request: Request) -> None:
    """The per-client limit on new matches."""
    limiter: RateLimiter = request.app.state.create_limiter
    limiter.take(client(request))


def ai_limit(request: Request) -> None:
    """The per-client limit on AI turns."""
    limiter: RateLimiter = request.app.state.ai_limiter
    limiter.take(client(request))


def seat_to_move(request: Request, match_id: MatchId) -> Iterator[Access]:
    """Strokes, placements, choices, concessions: the token of the seat to move
    (:meth:`cueboard.app.online.guard.Guard.seat_to_move`); the live tables are woken after."""
    yield from online(request).seat_to_move(request, match_id)


def seat_holder(request: Request, match_id: MatchId) -> Iterator[Access]:
    """Asking the AI to play: a seat's token or the host's."""
    yield from online(request).seat_holder(request, match_id)


def host(request: Request, match_id: MatchId) -> Iterator[Access]:
    """Deleting or publishing a match: the host's token."""
    yield from online(request).host(request, match_id)
