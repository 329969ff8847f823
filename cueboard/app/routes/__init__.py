"""The API's routes, one router per concern (FastAPI's "bigger applications" layout): matches
(matches.py), online play (online.py) and what its players ask each other (offers.py), scorer
mode (scorer.py), shot maps (shotmaps.py), statistics and exports (stats.py), and the page with
the app's facts — games, languages, health (pages.py), and each game's page modules
(game_pages.py). Each reaches what it needs through the
dependencies of common.py, which read ``app.state`` (set by
:func:`cueboard.app.server.create_app`)."""

from __future__ import annotations

from fastapi import APIRouter

from cueboard.app.routes import game_pages, matches, offers, online, pages, scorer, shotmaps, stats

#: Every router, in the order the app includes them.
ROUTERS: tuple[APIRouter, ...] = (
    pages.router, game_pages.router, online.router, offers.router, matches.router, shotmaps.router,
    scorer.router, stats.router,
)

__all__ = ["ROUTERS"]
