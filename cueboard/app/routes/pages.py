"""The app's own pages and facts: the page itself, the games and their geometry, the message
catalogues, and the health check."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse

from cueboard import __version__
from cueboard.app.games import adapter, available_games
from cueboard.app.messages import LANGUAGES, UnknownLanguageError, catalogue
from cueboard.app.routes.common import service, store
from cueboard.app.routes.models import GameInfo, Health
from cueboard.app.service import MatchService
from cueboard.errors import UnknownGameError
from cueboard.store import Store, StoreError

STATIC = Path(__file__).parents[1] / "static"

router = APIRouter()


@router.get("/api/games", summary="The games the app can play, with their lobby settings", tags=["games"],
            response_model=list[GameInfo], response_model_exclude_unset=True)
def games(svc: Annotated[MatchService, Depends(service)]) -> list[dict[str, Any]]:
    return svc.games()


@router.get("/api/games/{game}/spec", summary="The table / board geometry the page draws (metres)",
            tags=["games"])
def spec(game: Annotated[str, PathParam(max_length=32)]) -> dict[str, Any]:
    try:
        return adapter(game).spec()
    except UnknownGameError as err:  # a path naming no resource: 404
        raise StoreError(str(err)) from None


@router.get("/api/i18n", summary="The languages of the message catalogues", tags=["i18n"])
def languages() -> dict[str, str]:
    return LANGUAGES


@router.get("/api/i18n/{lang}", summary="One language's message catalogue", tags=["i18n"])
def messages(lang: Annotated[str, PathParam(max_length=16)]) -> dict[str, str]:
    try:
        return catalogue(lang)
    except UnknownLanguageError as err:
        raise StoreError(str(err)) from None


@router.get("/api/health", summary="Liveness, the database takes writes, the games, the warm-up",
            response_model=Health, response_model_exclude_unset=True, tags=["health"])
def health(request: Request, st: Annotated[Store, Depends(store)]) -> dict[str, Any]:
    written = st.check_writable()
    return {"ok": True, "version": __version__, "games": available_games(),
            "warm": request.app.state.warm.is_set(),
            "database": {"writable": True, "checked_at": written.isoformat()}}


@router.get("/", include_in_schema=False)
def index() -> FileResponse:
    return FileResponse(STATIC / "index.html")
