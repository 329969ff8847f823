"""What the players of an online match ask each other (docs/app.md#playing-a-friend): a rematch
offered, accepted or declined by a seat's holder, and carrying a browser's tokens to the rematch
(cueboard/app/online/offers.py). Every change is pushed to the table (the live ``table`` event)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field

from cueboard.app.online import Online
from cueboard.app.online.chat import MAX_TEXT, PRESETS
from cueboard.app.online.seats import Access
from cueboard.app.problems import errors
from cueboard.app.routes.common import MatchId, StrictBody, Version, client, host, online
from cueboard.app.text import SafeText

router = APIRouter(prefix="/api/matches/{match_id}", tags=["online"])
OnlinePlay = Annotated[Online, Depends(online)]


def holder(request: Request, match_id: MatchId) -> Access:
    """A token of the match (a seat's, or the host's: the offer then says which seats it holds)."""
    return online(request).guard.seat_holder(request, match_id)


Holder = Annotated[Access, Depends(holder)]


@router.post("/rematch", summary="Offer a rematch, or accept the one offered (a seat's holder)",
             responses=errors(401, 403, 409))
def rematch(match_id: MatchId, access: Holder, on: OnlinePlay) -> dict[str, Any]:
    try:
        return on.offers.rematch(match_id, access)
    finally:
        on.hub.notify(match_id)


@router.post("/rematch/decline", summary="Decline the rematch offered (a seat's holder)",
             responses=errors(401, 403, 409))
def decline(match_id: MatchId, access: Holder, on: OnlinePlay) -> dict[str, Any]:
    try:
        return on.offers.decline(match_id, access)
    finally:
        on.hub.notify(match_id)


@router.post("/rematch/carry", summary="Carry this browser's tokens to the match's rematch",
             responses=errors(409))
def carry(match_id: MatchId, request: Request, response: Response, on: OnlinePlay) -> dict[str, Any]:
    on.service.store.get_match(match_id)
    return on.offers.carry(request, response, match_id)


@router.post("/abort", status_code=204, summary="Abort the match before its first stroke (a seat's holder)",
             responses=errors(401, 403, 409))
def abort(match_id: MatchId, version: Version, access: Holder, on: OnlinePlay) -> None:
    try:
        on.offers.abort(match_id, access, version)
    finally:
        on.hub.notify(match_id)


class TakebackSetting(BaseModel):
    """Whether the players may ask to take a stroke back."""

    allowed: bool


@router.post("/takeback-setting", summary="Allow takebacks, or not (host; not with a shot clock)",
             responses=errors(401, 403, 422))
def takeback_setting(match_id: MatchId, body: TakebackSetting, on: OnlinePlay,
                     _: Annotated[Access, Depends(host)]) -> dict[str, Any]:
    try:
        return on.offers.set_takeback(match_id, body.allowed)
    finally:
        on.hub.notify(match_id)


@router.post("/takeback", summary="Ask to take back your last stroke (its seat's holder)",
             responses=errors(401, 403, 409))
def takeback(match_id: MatchId, access: Holder, on: OnlinePlay) -> dict[str, Any]:
    try:
        return on.offers.takeback(match_id, access)
    finally:
        on.hub.notify(match_id)


@router.post("/takeback/accept", summary="Accept the takeback asked: the last stroke is undone",
             responses=errors(401, 403, 409))
def takeback_accept(match_id: MatchId, access: Holder, on: OnlinePlay) -> dict[str, Any]:
    try:
        return on.offers.answer_takeback(match_id, access, accept=True)
    finally:
        on.hub.forget(match_id)
        on.hub.notify(match_id)


@router.post("/takeback/decline", summary="Decline the takeback asked: nothing changes",
             responses=errors(401, 403, 409))
def takeback_decline(match_id: MatchId, access: Holder, on: OnlinePlay) -> dict[str, Any]:
    try:
        return on.offers.answer_takeback(match_id, access, accept=False)
    finally:
        on.hub.notify(match_id)


class AwayLimit(BaseModel):
    """Seconds the player to move may be away before the opponent may claim."""

    seconds: int


@router.post("/away-limit", summary="How long the player to move may be away before a claim (host)",
             responses=errors(401, 403, 422))
def away_limit(match_id: MatchId, body: AwayLimit, on: OnlinePlay,
               _: Annotated[Access, Depends(host)]) -> dict[str, Any]:
    try:
        return on.offers.set_away_limit(match_id, body.seconds)
    finally:
        on.hub.notify(match_id)


@router.post("/claim", summary="Claim against the player to move, away too long (the opponent)",
             responses=errors(401, 403, 409))
def claim(match_id: MatchId, version: Version, access: Holder, on: OnlinePlay) -> dict[str, Any]:
    try:
        return on.offers.claim(match_id, access, version, on.clock.now())
    finally:
        on.hub.notify(match_id)


class ChatIn(StrictBody):
    """A message: a text (at most 140 characters) or a preset phrase; a spectator's name."""

    text: SafeText = Field(default="", max_length=MAX_TEXT)
    preset: SafeText | None = Field(default=None, max_length=16,
                                    description=f"one of {', '.join(PRESETS)}")
    name: SafeText = Field(default="", max_length=32)


@router.post("/chat", summary="Say something: a seat in the players' room, anyone else in the spectators'",
             responses=errors(404, 422, 429))
def chat(match_id: MatchId, body: ChatIn, request: Request, on: OnlinePlay) -> dict[str, Any]:
    access = on.guard.access(request, match_id)
    try:
        return on.chat.say(match_id, access, client(request), text=body.text, preset=body.preset,
                           name=body.name)
    finally:
        on.hub.notify(match_id)
