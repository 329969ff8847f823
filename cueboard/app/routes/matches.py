"""Matches: create, list, view, delete; strokes, choices, placements, concessions, the AI's turn;
the stored shots and the match record (docs/app.md#the-api-schema-at-openapijson).

Every acting request carries the match version it was made against in ``X-Match-Version`` (a
stale one gets 409, docs/service.md) and the token of the seat or host that may act (401/403,
cueboard/app/online/guard.py); both are checked before the match changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi import Path as PathParam
from fastapi.responses import StreamingResponse
from pydantic import Field, model_validator

from cueboard.app.online import Online
from cueboard.app.online.clock import MAX_SECONDS as CLOCK_MAX
from cueboard.app.online.clock import MIN_SECONDS as CLOCK_MIN
from cueboard.app.problems import errors
from cueboard.app.routes.common import (
    INT_MAX,
    MatchId,
    StrictBody,
    Version,
    ai_limit,
    create_limit,
    host,
    online,
    seat_holder,
    seat_to_move,
    service,
)
from cueboard.app.routes.models import (
    RECORD,
    Legal,
    MatchCreated,
    MatchSummary,
    MatchView,
    Move,
    ShotReplay,
    ShotSummary,
)
from cueboard.app.service import SHOT_PAGE_MAX, MatchService
from cueboard.app.text import SafeText
from cueboard.errors import SettingsError
from cueboard.store.db import read_once

router = APIRouter(prefix="/api/matches", tags=["matches"])


async def _service(request: Request) -> MatchService:
    """The app's matches: a coroutine, so that FastAPI does not hand it to a thread of its pool
    (each hand-over costs about 60 us of CPU)."""
    return service(request)


async def _read_once() -> None:
    """An acting request reads each row of its match once: the guard (the seat to move, the
    shot clock) and the service share them (:func:`cueboard.store.db.read_once`). A coroutine,
    so that it runs in the request's own context, which the endpoint's thread inherits."""
    read_once()


Service = Annotated[MatchService, Depends(_service)]
OnlinePlay = Annotated[Online, Depends(online)]


class PlayerIn(StrictBody):
    """A player of a new match: a person, or the AI at a level."""

    name: SafeText = Field(default="", max_length=64)
    kind: Literal["human", "ai"] = "human"
    level: SafeText | None = Field(default=None, max_length=32)
    #: The seat is for a friend: the creator gets an invitation link for it, not its token.
    invite: bool = False

    @model_validator(mode="after")
    def _invite_a_person(self) -> PlayerIn:
        if self.invite and self.kind == "ai":
            raise SettingsError("only a person's seat can be given to a friend (invite), not the AI's")
        return self


class MatchIn(StrictBody):
    """A new match: the game, its players (2 or 4, by seat order) and the rules settings (which
    hold the match length: snooker ``best_of``, crokinole ``target`` / ``rounds``...)."""

    game: SafeText = Field(max_length=32)
    players: list[PlayerIn] = Field(min_length=2, max_length=4)
    settings: dict[SafeText, Any] = Field(default_factory=dict, max_length=16)
    seed: int | None = Field(default=None, ge=0, le=INT_MAX)
    #: Seconds per shot of the optional shot clock (None: no clock; docs/app.md#the-shot-clock).
    shot_clock: int | None = Field(default=None, ge=CLOCK_MIN, le=CLOCK_MAX)


class ShotIn(StrictBody):
    """A stroke: the game's declaration and strike records (validated by the game's models)."""

    declaration: dict[SafeText, Any] = Field(default_factory=dict, max_length=16)
    strike: dict[SafeText, Any] = Field(max_length=16)


class ChoiceIn(StrictBody):
    """A choice the rules offer now (one of the match's ``turn.choices``)."""

    choice: SafeText = Field(min_length=1, max_length=32)


class PlacementIn(StrictBody):
    """Where the player wants to place the cue ball / striker / disc, metres."""

    x: float = Field(allow_inf_nan=False)
    y: float = Field(allow_inf_nan=False)


@router.post("", status_code=201, summary="Create a match", dependencies=[Depends(create_limit)],
             response_model=MatchCreated, response_model_exclude_unset=True, responses=errors(429))
def create_match(body: MatchIn, request: Request, response: Response, svc: Service,
                 on: OnlinePlay) -> dict[str, Any]:
    players = [p.model_dump(exclude={"invite"}) for p in body.players]
    view = svc.create(body.game, players, body.settings, body.seed)
    invited = [n for n, p in enumerate(body.players) if p.invite]
    online_json = on.created(request, response, view, invited, body.shot_clock)
    return {**view, "clock": on.clock.state(view["id"]), "online": online_json}


@router.get("", summary="The caller's matches and the public ones, newest first",
            response_model=list[MatchSummary], response_model_exclude_unset=True)
def list_matches(request: Request, on: OnlinePlay,
                 status: Literal["playing", "finished"] | None = None) -> list[dict[str, Any]]:
    return on.listing(request, status)


@router.get("/{match_id}", summary="A match: version, position, turn, scoreboard",
            response_model=MatchView, response_model_exclude_unset=True)
def get_match(match_id: MatchId, on: OnlinePlay) -> dict[str, Any]:
    return on.view(match_id)


@router.delete("/{match_id}", status_code=204, summary="Delete a match (host)", dependencies=[Depends(host)],
               responses=errors(401, 403, 409))
def delete_match(match_id: MatchId, version: Version, svc: Service) -> None:
    svc.delete(match_id, expected=version)


@router.post("/{match_id}/shots", summary="Play a stroke (declaration + strike)",
             response_model=Move, response_model_exclude_unset=True, responses=errors(401, 403, 409),
             dependencies=[Depends(_read_once), Depends(seat_to_move)])
def play_shot(match_id: MatchId, version: Version, body: ShotIn, svc: Service) -> dict[str, Any]:
    return svc.strike(match_id, body.declaration, body.strike, expected=version)


@router.post("/{match_id}/choices", summary="Make a choice the rules offer now",
             response_model=Move, response_model_exclude_unset=True, responses=errors(401, 403, 409),
             dependencies=[Depends(_read_once), Depends(seat_to_move)])
def make_choice(match_id: MatchId, version: Version, body: ChoiceIn, svc: Service) -> dict[str, Any]:
    return svc.choose(match_id, body.choice, expected=version)


@router.post("/{match_id}/placement", summary="Check a placement (cue ball in the D...)",
             response_model=Legal, responses=errors(401, 403, 409),
             dependencies=[Depends(_read_once), Depends(seat_to_move)])
def check_placement(match_id: MatchId, version: Version, body: PlacementIn, svc: Service) -> dict[str, Any]:
    svc.check_placement(match_id, body.x, body.y, expected=version)
    return {"legal": True}


@router.post("/{match_id}/concede",
             summary="The person to move concedes (snooker: the frame, crokinole: the game)",
             response_model=Move, response_model_exclude_unset=True, responses=errors(401, 403, 409),
             dependencies=[Depends(_read_once), Depends(seat_to_move)])
def concede(match_id: MatchId, version: Version, svc: Service) -> dict[str, Any]:
    return svc.concede(match_id, expected=version)


@router.post("/{match_id}/ai", summary="Let the AI player to move play its turn",
             response_model=Move, response_model_exclude_unset=True, responses=errors(401, 403, 409, 429),
             dependencies=[Depends(_read_once), Depends(seat_holder), Depends(ai_limit)])
def ai_turn(match_id: MatchId, version: Version, svc: Service) -> dict[str, Any]:
    return svc.ai_play(match_id, expected=version)


@router.get("/{match_id}/shots",
            summary="A page of the shots of a match (or of one frame), from shot number `start` on",
            response_model=list[ShotSummary], response_model_exclude_unset=True)
def list_shots(
    match_id: MatchId, svc: Service,
    frame: Annotated[int | None, Query(ge=0, le=INT_MAX)] = None,
    start: Annotated[int, Query(ge=0, le=INT_MAX)] = 0,
    limit: Annotated[int, Query(ge=1, le=SHOT_PAGE_MAX)] = SHOT_PAGE_MAX,
) -> list[dict[str, Any]]:
    return svc.shots(match_id, frame, start=start, limit=limit)


@router.get("/{match_id}/shots/{number}", summary="One stored shot, ready to replay",
            response_model=ShotReplay, response_model_exclude_unset=True)
def get_shot(match_id: MatchId, number: Annotated[int, PathParam(ge=0, le=INT_MAX)],
             svc: Service) -> dict[str, Any]:
    return svc.shot(match_id, number)


@router.get("/{match_id}/record", summary="The match record (JSON, docs/records.md)",
            response_class=StreamingResponse, responses=RECORD)
def match_record(match_id: MatchId, svc: Service) -> StreamingResponse:
    chunks = svc.record_chunks(match_id)
    first = next(chunks)  # a missing match is a 404 before the answer starts
    return StreamingResponse(_prepend(first, chunks), media_type="application/json")


def _prepend(first: str, rest: Iterable[str]) -> Iterable[str]:
    yield first
    yield from rest
