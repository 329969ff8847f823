"""The web app's server: the JSON API under /api/ (its OpenAPI schema at /openapi.json) and the
page, served as static files from cueboard/app/static (plain ES modules, no build step).

The routes are in routers by concern (cueboard/app/routes/: matches, online play, scorer mode,
shot maps, the pages and facts); :func:`create_app` builds the parts they share, keeps them on
``app.state`` for the routers' dependencies, and wires the routers, the guard middleware
(cueboard/app/guard.py) and the error handlers (cueboard/app/problems.py: every error is an
RFC 9457 problem).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import threading
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from cueboard import __version__
from cueboard.app import problems
from cueboard.app.games import available_games
from cueboard.app.guard import BODY_LIMIT, LOOPBACK_HOSTS, Guard, Rate, RateLimiter
from cueboard.app.online import Online
from cueboard.app.routes import ROUTERS
from cueboard.app.routes.pages import STATIC
from cueboard.app.service import MatchService
from cueboard.app.shotmap_api import ShotMapJobs
from cueboard.app.work import AIWork
from cueboard.store import Store

log = logging.getLogger(__name__)

#: Default rate limits per client address: new matches, and AI turns (an AI-vs-AI match in the
#: page asks for one turn every 0.3 s plus the AI's thinking time).
CREATE_RATE = Rate(per_minute=60, burst=30)
AI_RATE = Rate(per_minute=600, burst=120)


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
    ai_work = AIWork(ai_workers, memory_mb=ai_memory_mb, timeout_s=ai_timeout_s)
    service = MatchService(store, ai_budget_s=ai_budget_s, ai_work=ai_work)
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
    # what the routers reach through their dependencies (cueboard/app/routes/common.py)
    app.state.service, app.state.online, app.state.warm = service, Online(service), warm
    app.state.create_limiter = RateLimiter("new matches", create_rate, store=store)
    app.state.ai_limiter = RateLimiter("AI turns", ai_rate, store=store)
    app.state.shotmaps = ShotMapJobs()
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, body_limit=body_limit)
    problems.install(app)
    problems.document(app)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
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
