"""The web app's server: the JSON API under /api/ (its OpenAPI schema at /openapi.json) and the
page, served as static files from cueboard/app/static (plain ES modules, no build step).

Every request is validated: the strike, declaration and choice bodies with the game's own record
models in strict mode, placements with the game's rules, every path, query and header number
within its range. Bad input gets a 4xx answer ``{"detail", "key", "params"}`` (``detail`` in the
request's language, ``key`` the message key for the page) and leaves the match unchanged; so does
every other error, a 500 included. Every acting request on a match carries the match version it
was made against in the ``X-Match-Version`` header; a stale one gets 409 (docs/service.md).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import threading
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Query, Request, Response
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, model_validator
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from cueboard import __version__
from cueboard.app.games import ChoiceError, PlacementError, adapter, available_games
from cueboard.app.guard import BODY_LIMIT, LOOPBACK_HOSTS, Guard, Rate, RateLimitedError, RateLimiter
from cueboard.app.messages import LANGUAGES, UnknownLanguageError, catalogue, pick_language, translate
from cueboard.app.online import Online, OnlineError
from cueboard.app.online.clock import MAX_SECONDS as CLOCK_MAX
from cueboard.app.online.clock import MIN_SECONDS as CLOCK_MIN
from cueboard.app.scorer import router as scorer_router
from cueboard.app.service import SHOT_PAGE_MAX, MatchService, MatchStateError
from cueboard.app.shotmap_api import router as shotmap_router
from cueboard.app.work import AIWork, AIWorkError
from cueboard.errors import SettingsError
from cueboard.store import StaleMatchError, Store, StoreError, StoreUnavailableError

STATIC = Path(__file__).with_name("static")
log = logging.getLogger(__name__)

#: The largest number a path, query or header integer may be (a 32-bit signed integer: shot and
#: frame numbers, versions and seeds all fit; the databases' integer columns hold it).
INT_MAX = 2**31 - 1
#: Default rate limits per client address: new matches, and AI turns (an AI-vs-AI match in the
#: page asks for one turn every 0.3 s plus the AI's thinking time).
CREATE_RATE = Rate(per_minute=60, burst=30)
AI_RATE = Rate(per_minute=600, burst=120)

MatchId = Annotated[str, PathParam(pattern=r"^[0-9a-f]{1,32}$", description="a match id (hex digits)")]
Version = Annotated[int, Header(alias="X-Match-Version", ge=0, le=INT_MAX,
                                description="the match's `version` the request was made against")]


class _Body(BaseModel):
    """A request body: strict types (a number is a JSON number, never ``"3"`` or ``true``) and
    no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid")


class PlayerIn(_Body):
    """A player of a new match: a person, or the AI at a level."""

    name: str = Field(default="", max_length=64)
    kind: Literal["human", "ai"] = "human"
    level: str | None = Field(default=None, max_length=32)
    #: The seat is for a friend: the creator gets an invitation link for it, not its token.
    invite: bool = False

    @model_validator(mode="after")
    def _invite_a_person(self) -> PlayerIn:
        if self.invite and self.kind == "ai":
            raise SettingsError("only a person's seat can be given to a friend (invite), not the AI's")
        return self


class MatchIn(_Body):
    """A new match: the game, its players (2 or 4, by seat order) and the rules settings (which
    hold the match length: snooker ``best_of``, crokinole ``target`` / ``rounds``...)."""

    game: str = Field(max_length=32)
    players: list[PlayerIn] = Field(min_length=2, max_length=4)
    settings: dict[str, Any] = Field(default_factory=dict, max_length=16)
    seed: int | None = Field(default=None, ge=0, le=INT_MAX)
    #: Seconds per shot of the optional shot clock (None: no clock; docs/app.md#the-shot-clock).
    shot_clock: int | None = Field(default=None, ge=CLOCK_MIN, le=CLOCK_MAX)


class ShotIn(_Body):
    """A stroke: the game's declaration and strike records (validated by the game's models)."""

    declaration: dict[str, Any] = Field(default_factory=dict, max_length=16)
    strike: dict[str, Any] = Field(max_length=16)


class ChoiceIn(_Body):
    """A choice the rules offer now (one of the match's ``turn.choices``)."""

    choice: str = Field(min_length=1, max_length=32)


class PlacementIn(_Body):
    """Where the player wants to place the cue ball / striker / disc, metres."""

    x: float = Field(allow_inf_nan=False)
    y: float = Field(allow_inf_nan=False)


def _error(request: Request, status: int, key: str, params: dict[str, Any], english: str,
           headers: Mapping[str, str] | None = None) -> JSONResponse:
    lang = pick_language(request.query_params.get("lang"), request.headers.get("accept-language"))
    detail = translate(lang, key, params) if key != "error.invalid" or lang != "en" else english
    return JSONResponse(status_code=status, content={"detail": detail, "key": key, "params": params},
                        headers=headers)


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def create_app(
    database_url: str | None = None, *, ai_budget_s: float = 1.0, warm_up: bool = False,
    upgrade: bool = True, allowed_hosts: Iterable[str] = LOOPBACK_HOSTS, body_limit: int = BODY_LIMIT,
    create_rate: Rate = CREATE_RATE, ai_rate: Rate = AI_RATE, ai_workers: int = 0,
    ai_memory_mb: int = 2048, ai_timeout_s: float = 60.0,
) -> FastAPI:
    """The FastAPI application over the store at ``database_url`` (upgraded to the newest schema
    unless ``upgrade`` is false: ``cueboard serve --workers N`` upgrades once, before the workers).

    ``warm_up``: at start-up, play one unrecorded stroke per game in a background thread
    (:meth:`MatchService.warm_up`) so that the first real shot does not wait for the physics'
    compiled kernels; ``/api/health`` says ``"warm": true`` once that is done.
    ``allowed_hosts``, ``body_limit``: see :class:`cueboard.app.guard.Guard` (``"*"`` allows any
    host); ``create_rate``, ``ai_rate``: the per-client limits on new matches and AI turns;
    ``ai_workers``, ``ai_memory_mb``, ``ai_timeout_s``: the AI's worker processes and their caps
    (:class:`cueboard.app.work.AIWork`; 0 workers: the AI searches in the request's thread)."""
    store = Store(database_url, upgrade=upgrade)
    creating = RateLimiter("new matches", create_rate, store=store)
    ai_turns = RateLimiter("AI turns", ai_rate, store=store)
    ai_work = AIWork(ai_workers, memory_mb=ai_memory_mb, timeout_s=ai_timeout_s)
    service = MatchService(store, ai_budget_s=ai_budget_s, ai_work=ai_work)
    online = Online(service)
    warm = threading.Event()

    def _warm() -> None:
        try:
            service.warm_up()
            ai_work.warm(available_games())
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
        ai_work.close()
        store.close()

    app = FastAPI(title="cueboard", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play snooker, crokinole and novuss: matches, shots, choices, AI, replays.")
    app.state.service = service
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, body_limit=body_limit)
    app.state.online = online
    app.include_router(online.router)

    @app.exception_handler(OnlineError)
    async def _online(request: Request, err: OnlineError) -> JSONResponse:
        return _error(request, err.status, err.key, {**err.params, "detail": str(err)}, str(err))

    @app.exception_handler(StaleMatchError)
    async def _stale(request: Request, err: StaleMatchError) -> JSONResponse:
        params = {"detail": str(err), "expected": err.expected, "version": err.current}
        return _error(request, 409, "error.conflict", params, str(err))

    @app.exception_handler(RateLimitedError)
    async def _limited(request: Request, err: RateLimitedError) -> JSONResponse:
        wait = max(1, int(err.retry_after_s + 0.999))
        return _error(request, 429, "error.conflict", {"detail": str(err), "retry_after": wait}, str(err),
                      headers={"Retry-After": str(wait)})

    @app.exception_handler(AIWorkError)
    async def _ai_work(request: Request, err: AIWorkError) -> JSONResponse:
        return _error(request, 503, "error.conflict", {"detail": str(err)}, str(err),
                      headers={"Retry-After": "1"})

    @app.exception_handler(StoreUnavailableError)
    async def _unavailable(request: Request, err: StoreUnavailableError) -> JSONResponse:
        return _error(request, 503, "error.conflict", {"detail": str(err)}, str(err))

    @app.exception_handler(SQLAlchemyError)
    async def _database(request: Request, err: SQLAlchemyError) -> JSONResponse:
        first = str(getattr(err, "orig", None) or err).strip().splitlines()
        msg = f"the database cannot be written now: {first[0] if first else type(err).__name__}"
        log.error("database error on %s %s: %s", request.method, request.url.path, err)
        status = 503 if isinstance(err, OperationalError) else 500
        return _error(request, status, "error.conflict", {"detail": msg}, msg)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, err: StarletteHTTPException) -> JSONResponse:
        msg = str(err.detail)
        key = "error.not_found" if err.status_code == 404 else "error.invalid"
        return _error(request, err.status_code, key, {"detail": msg}, msg, headers=err.headers)

    @app.exception_handler(Exception)
    async def _internal(request: Request, err: Exception) -> JSONResponse:
        log.exception("internal error on %s %s", request.method, request.url.path)
        msg = "the server failed to answer this request (internal error); the match is unchanged"
        return _error(request, 500, "error.conflict", {"detail": msg}, msg)

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
        loc = [str(p) for p in first.get("loc", ()) if p != "body"]
        where = " ".join(loc) if loc and loc[0] in ("header", "path", "query") else ".".join(loc)
        msg = f"{where}: {first.get('msg')}" if where else str(first.get("msg"))
        return _error(request, 422, "error.invalid", {"detail": msg}, msg)

    def _create_limit(request: Request) -> None:
        creating.take(_client(request))

    def _ai_limit(request: Request) -> None:
        ai_turns.take(_client(request))

    # --- games, languages ------------------------------------------------------------------------
    @app.get("/api/games", summary="The games the app can play, with their lobby settings")
    def games() -> list[dict[str, Any]]:
        return service.games()

    @app.get("/api/games/{game}/spec", summary="The table / board geometry the page draws (metres)")
    def spec(game: Annotated[str, PathParam(max_length=32)]) -> dict[str, Any]:
        return adapter(game).spec()

    @app.get("/api/i18n", summary="The languages of the message catalogues")
    def languages() -> dict[str, str]:
        return LANGUAGES

    @app.get("/api/i18n/{lang}", summary="One language's message catalogue")
    def messages(lang: Annotated[str, PathParam(max_length=16)]) -> dict[str, str]:
        try:
            return catalogue(lang)
        except UnknownLanguageError as err:
            raise StoreError(str(err)) from None

    # --- matches -------------------------------------------------------------------------------
    @app.post("/api/matches", status_code=201, summary="Create a match",
              dependencies=[Depends(_create_limit)])
    def create_match(body: MatchIn, request: Request, response: Response) -> dict[str, Any]:
        players = [p.model_dump(exclude={"invite"}) for p in body.players]
        view = service.create(body.game, players, body.settings, body.seed)
        invited = [n for n, p in enumerate(body.players) if p.invite]
        online_json = online.created(request, response, view, invited, body.shot_clock)
        return {**view, "clock": online.clock.state(view["id"]), "online": online_json}

    @app.get("/api/matches", summary="The caller's matches and the public ones, newest first")
    def list_matches(request: Request,
                     status: Literal["playing", "finished"] | None = None) -> list[dict[str, Any]]:
        return online.listing(request, status)

    @app.get("/api/matches/{match_id}", summary="A match: version, position, turn, scoreboard")
    def get_match(match_id: MatchId) -> dict[str, Any]:
        return online.view(match_id)

    @app.delete("/api/matches/{match_id}", status_code=204, summary="Delete a match (host)",
                dependencies=[Depends(online.host)])
    def delete_match(match_id: MatchId, version: Version) -> None:
        service.delete(match_id, expected=version)

    @app.post("/api/matches/{match_id}/shots", summary="Play a stroke (declaration + strike)",
              dependencies=[Depends(online.seat_to_move)])
    def play_shot(match_id: MatchId, version: Version, body: ShotIn) -> dict[str, Any]:
        return service.strike(match_id, body.declaration, body.strike, expected=version)

    @app.post("/api/matches/{match_id}/choices", summary="Make a choice the rules offer now",
              dependencies=[Depends(online.seat_to_move)])
    def make_choice(match_id: MatchId, version: Version, body: ChoiceIn) -> dict[str, Any]:
        return service.choose(match_id, body.choice, expected=version)

    @app.post("/api/matches/{match_id}/placement", summary="Check a placement (cue ball in the D...)",
              dependencies=[Depends(online.seat_to_move)])
    def check_placement(match_id: MatchId, version: Version, body: PlacementIn) -> dict[str, Any]:
        service.check_placement(match_id, body.x, body.y, expected=version)
        return {"legal": True}

    @app.post("/api/matches/{match_id}/concede",
              summary="The person to move concedes (snooker: the frame, crokinole: the game)",
              dependencies=[Depends(online.seat_to_move)])
    def concede(match_id: MatchId, version: Version) -> dict[str, Any]:
        return service.concede(match_id, expected=version)

    @app.post("/api/matches/{match_id}/ai", summary="Let the AI player to move play its turn",
              dependencies=[Depends(online.seat_holder), Depends(_ai_limit)])
    def ai_turn(match_id: MatchId, version: Version) -> dict[str, Any]:
        return service.ai_play(match_id, expected=version)

    @app.get("/api/matches/{match_id}/shots",
             summary="A page of the shots of a match (or of one frame), from shot number `start` on")
    def list_shots(
        match_id: MatchId,
        frame: Annotated[int | None, Query(ge=0, le=INT_MAX)] = None,
        start: Annotated[int, Query(ge=0, le=INT_MAX)] = 0,
        limit: Annotated[int, Query(ge=1, le=SHOT_PAGE_MAX)] = SHOT_PAGE_MAX,
    ) -> list[dict[str, Any]]:
        return service.shots(match_id, frame, start=start, limit=limit)

    @app.get("/api/matches/{match_id}/shots/{number}", summary="One stored shot, ready to replay")
    def get_shot(match_id: MatchId, number: Annotated[int, PathParam(ge=0, le=INT_MAX)]) -> dict[str, Any]:
        return service.shot(match_id, number)

    @app.get("/api/matches/{match_id}/record", summary="The match record (JSON, docs/records.md)")
    def match_record(match_id: MatchId) -> StreamingResponse:
        chunks = service.record_chunks(match_id)
        first = next(chunks)  # a missing match is a 404 before the answer starts
        return StreamingResponse(_prepend(first, chunks), media_type="application/json")

    @app.get("/api/health", summary="Liveness, the database takes writes, the games, the warm-up",
             responses={503: {"description": "the database cannot be written"}})
    def health() -> dict[str, Any]:
        written = store.check_writable()
        return {"ok": True, "version": __version__, "games": available_games(), "warm": warm.is_set(),
                "database": {"writable": True, "checked_at": written.isoformat()}}

    app.include_router(shotmap_router)  # shot maps, the replay's overlay (cueboard/app/shotmap_api.py)

    app.include_router(scorer_router)  # scorer mode: real snooker matches kept by hand

    # --- the page ------------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return app


#: Environment variable through which ``cueboard serve`` hands its settings to each worker process.
SERVE_CONFIG_ENV = "CUEBOARD_SERVE_CONFIG"


def serve_config(database_url: str, *, ai_budget_s: float, warm_up: bool, allowed_hosts: Iterable[str],
                 create_rate: Rate, ai_rate: Rate, ai_workers: int, ai_memory_mb: int,
                 ai_timeout_s: float) -> str:
    """The settings of :func:`app_from_environment` as the JSON text of :data:`SERVE_CONFIG_ENV`."""
    return json.dumps({"database_url": database_url, "ai_budget_s": ai_budget_s, "warm_up": warm_up,
                       "allowed_hosts": list(allowed_hosts), "create_rate": dataclasses.asdict(create_rate),
                       "ai_rate": dataclasses.asdict(ai_rate), "ai_workers": ai_workers,
                       "ai_memory_mb": ai_memory_mb, "ai_timeout_s": ai_timeout_s})


def app_from_environment() -> FastAPI:
    """The app of one ``cueboard serve`` worker process (uvicorn's factory): the settings come
    from :data:`SERVE_CONFIG_ENV`; the schema was upgraded once by the parent process."""
    cfg = json.loads(os.environ[SERVE_CONFIG_ENV])
    return create_app(cfg["database_url"], ai_budget_s=cfg["ai_budget_s"], warm_up=cfg["warm_up"],
                      upgrade=False, allowed_hosts=cfg["allowed_hosts"],
                      create_rate=Rate(**cfg["create_rate"]), ai_rate=Rate(**cfg["ai_rate"]),
                      ai_workers=cfg["ai_workers"], ai_memory_mb=cfg["ai_memory_mb"],
                      ai_timeout_s=cfg["ai_timeout_s"])


def _prepend(first: str, rest: Iterable[str]) -> Iterable[str]:
    yield first
    yield from rest
