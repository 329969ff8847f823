"""The web app's server: the JSON API under /api/ (documented at /docs, /openapi.json) and the
page, served as static files from cueboard/app/static (plain ES modules, no build step).

Every request is validated: the strike, declaration and choice bodies with the game's own record
models, placements with the game's rules. Bad input gets a 4xx answer ``{"detail", "key",
"params"}`` (``detail`` in the request's language, ``key`` the message key for the page) and leaves
the match unchanged.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from cueboard import __version__
from cueboard.app.games import ChoiceError, PlacementError, adapter, available_games
from cueboard.app.messages import LANGUAGES, UnknownLanguageError, catalogue, pick_language, translate
from cueboard.app.scorer import router as scorer_router
from cueboard.app.service import MatchService, MatchStateError
from cueboard.store import Store, StoreError

STATIC = Path(__file__).with_name("static")
log = logging.getLogger(__name__)


class PlayerIn(BaseModel):
    """A player of a new match: a person, or the AI at a level."""

    name: str = Field(default="", max_length=64)
    kind: Literal["human", "ai"] = "human"
    level: str | None = None


class MatchIn(BaseModel):
    """A new match: the game, its players (2 or 4, by seat order) and the rules settings (which
    hold the match length: snooker ``best_of``, crokinole ``target`` / ``rounds``...)."""

    game: str
    players: list[PlayerIn] = Field(min_length=2, max_length=4)
    settings: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


class ShotIn(BaseModel):
    """A stroke: the game's declaration and strike records (validated by the game's models)."""

    declaration: dict[str, Any] = Field(default_factory=dict)
    strike: dict[str, Any]


class ChoiceIn(BaseModel):
    """A choice the rules offer now (one of the match's ``turn.choices``)."""

    choice: str = Field(min_length=1, max_length=32)


class PlacementIn(BaseModel):
    """Where the player wants to place the cue ball / striker / disc, metres."""

    x: float
    y: float


def _error(request: Request, status: int, key: str, params: dict[str, Any], english: str) -> JSONResponse:
    lang = pick_language(request.query_params.get("lang"), request.headers.get("accept-language"))
    detail = translate(lang, key, params) if key != "error.invalid" or lang != "en" else english
    return JSONResponse(status_code=status, content={"detail": detail, "key": key, "params": params})


def create_app(
    database_url: str | None = None, *, ai_budget_s: float = 1.0, warm_up: bool = False
) -> FastAPI:
    """The FastAPI application over the store at ``database_url`` (upgraded to the newest schema).

    ``warm_up``: at start-up, play one unrecorded stroke per game in a background thread
    (:meth:`MatchService.warm_up`) so that the first real shot does not wait for the physics'
    compiled kernels; ``/api/health`` says ``"warm": true`` once that is done."""
    store = Store(database_url)
    service = MatchService(store, ai_budget_s=ai_budget_s)
    warm = threading.Event()

    def _warm() -> None:
        try:
            service.warm_up()
        except Exception:  # a failed warm-up only costs the first shot its speed
            log.exception("warming up the physics failed")
        finally:
            warm.set()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if warm_up:
            threading.Thread(target=_warm, name="cueboard-warm-up", daemon=True).start()
        else:
            warm.set()
        yield
        store.close()

    app = FastAPI(title="cueboard", version=__version__, lifespan=lifespan,
                  description="Play snooker, crokinole and novuss: matches, shots, choices, AI, replays.")
    app.state.service = service

    @app.exception_handler(PlacementError)
    async def _placement(request: Request, err: PlacementError) -> JSONResponse:
        return _error(request, 422, f"placement.{err.reason}", {**err.params, "reason": err.reason}, str(err))

    @app.exception_handler(StoreError)
    async def _missing(request: Request, err: StoreError) -> JSONResponse:
        return _error(request, 404, "error.not_found", {"detail": str(err)}, str(err))

    @app.exception_handler(MatchStateError)
    async def _conflict(request: Request, err: MatchStateError) -> JSONResponse:
        return _error(request, 409, "error.conflict", {"detail": str(err)}, str(err))

    @app.exception_handler(ValueError)
    async def _invalid(request: Request, err: ValueError) -> JSONResponse:
        key = "error.choice" if isinstance(err, ChoiceError) else "error.invalid"
        return _error(request, 422, key, {"detail": str(err)}, str(err))

    @app.exception_handler(RequestValidationError)
    async def _body(request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        msg = f"{where}: {first.get('msg')}" if where else str(first.get("msg"))
        return _error(request, 422, "error.invalid", {"detail": msg}, msg)

    # --- games, languages ------------------------------------------------------------------------
    @app.get("/api/games", summary="The games the app can play, with their lobby settings")
    def games() -> list[dict[str, Any]]:
        return service.games()

    @app.get("/api/games/{game}/spec", summary="The table / board geometry the page draws (metres)")
    def spec(game: str) -> dict[str, Any]:
        return adapter(game).spec()

    @app.get("/api/i18n", summary="The languages of the message catalogues")
    def languages() -> dict[str, str]:
        return LANGUAGES

    @app.get("/api/i18n/{lang}", summary="One language's message catalogue")
    def messages(lang: str) -> dict[str, str]:
        try:
            return catalogue(lang)
        except UnknownLanguageError as err:
            raise StoreError(str(err)) from None

    # --- matches -------------------------------------------------------------------------------
    @app.post("/api/matches", status_code=201, summary="Create a match")
    def create_match(body: MatchIn) -> dict[str, Any]:
        players = [p.model_dump() for p in body.players]
        return service.create(body.game, players, body.settings, body.seed)

    @app.get("/api/matches", summary="Matches, newest first (status: playing or finished)")
    def list_matches(status: Literal["playing", "finished"] | None = None) -> list[dict[str, Any]]:
        return service.matches(status)

    @app.get("/api/matches/{match_id}", summary="A match: position, turn, scoreboard")
    def get_match(match_id: str) -> dict[str, Any]:
        return service.view(match_id)

    @app.delete("/api/matches/{match_id}", status_code=204, summary="Delete a match")
    def delete_match(match_id: str) -> None:
        service.delete(match_id)

    @app.post("/api/matches/{match_id}/shots", summary="Play a stroke (declaration + strike)")
    def play_shot(match_id: str, body: ShotIn) -> dict[str, Any]:
        return service.strike(match_id, body.declaration, body.strike)

    @app.post("/api/matches/{match_id}/choices", summary="Make a choice the rules offer now")
    def make_choice(match_id: str, body: ChoiceIn) -> dict[str, Any]:
        return service.choose(match_id, body.choice)

    @app.post("/api/matches/{match_id}/placement", summary="Check a placement (cue ball in the D...)")
    def check_placement(match_id: str, body: PlacementIn) -> dict[str, Any]:
        _row, a, _header, position = service._load(match_id)
        a.game.check_placement(position, body.x, body.y)
        return {"legal": True}

    @app.post("/api/matches/{match_id}/concede",
              summary="The person to move concedes (snooker: the frame, crokinole: the game)")
    def concede(match_id: str) -> dict[str, Any]:
        return service.concede(match_id)

    @app.post("/api/matches/{match_id}/ai", summary="Let the AI player to move play its turn")
    def ai_turn(match_id: str) -> dict[str, Any]:
        return service.ai_play(match_id)

    @app.get("/api/matches/{match_id}/shots", summary="The shots of a match (or of one frame)")
    def list_shots(match_id: str, frame: int | None = Query(default=None, ge=0)) -> list[dict[str, Any]]:
        return service.shots(match_id, frame)

    @app.get("/api/matches/{match_id}/shots/{number}", summary="One stored shot, ready to replay")
    def get_shot(match_id: str, number: int) -> dict[str, Any]:
        return service.shot(match_id, number)

    @app.get("/api/matches/{match_id}/record", summary="The match record (JSON, docs/records.md)")
    def match_record(match_id: str) -> PlainTextResponse:
        return PlainTextResponse(service.record(match_id).to_json(), media_type="application/json")

    @app.get("/api/health", summary="Liveness, the games available, whether the physics is warmed up")
    def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__, "games": available_games(), "warm": warm.is_set()}

    app.include_router(scorer_router)  # scorer mode: real snooker matches kept by hand

    # --- the page ------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return app
