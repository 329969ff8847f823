"""Each game's page modules: the plain ES modules with which the page draws a game's table, words
its calls and keeps its score (:attr:`cueboard.app.games.base.GameAdapter.page_dir`). A game
installed as its own package ships them beside its adapter; a part a game does not ship comes from
the generic modules, so any game of the registry can be drawn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter
from fastapi import Path as PathParam
from fastapi.responses import FileResponse

from cueboard.app.games import adapter
from cueboard.app.games.base import PAGES
from cueboard.errors import UnknownGameError
from cueboard.store import StoreError

router = APIRouter()

GENERIC = PAGES / "generic"


def page_module(game: str, part: str) -> Path:
    """The file of ``game``'s page module ``part``: the game's own, else the generic one
    (:class:`StoreError`, a 404, when neither exists or the game is not installed)."""
    try:
        own = adapter(game).page_dir
    except UnknownGameError as err:
        raise StoreError(str(err)) from None
    for folder in (own, GENERIC):
        if folder is not None and (folder / f"{part}.js").is_file():
            return folder / f"{part}.js"
    raise StoreError(f"the game {game!r} has no page module {part!r}")


@router.get("/games/{game}/{part}.js", include_in_schema=False)
def game_page_module(
    game: Annotated[str, PathParam(max_length=32)],
    part: Annotated[str, PathParam(max_length=32, pattern=r"^[a-z][a-z_]*$")],
) -> FileResponse:
    return FileResponse(page_module(game, part), media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})
