"""The web app: the server's time to answer a shot (validate, simulate, referee, store) and the
page's frame time while animating a shot, measured in headless Chromium.

- ``app.shot_answer.snooker``: median wall time of POST /api/matches/{id}/shots for a typical
  snooker shot (a break-off from the D into the pack, then position play), through the whole
  FastAPI stack with a SQLite file store; the first shot (numba compilation) is left out.
- ``app.ai_turn.<game>``: median wall time of POST /api/matches/{id}/ai (the AI decides at level
  ``club`` with a 0.5 s search budget, then the stroke is simulated, refereed and stored), over
  the first turns of an AI-vs-AI match, after the server's warm-up.
- ``app.frame_work``: median time the page spends per animation frame (evaluating the closed-form
  tracks and drawing the table and balls); ``app.frame_interval_p95``: the 95th percentile of the
  interval between frames (a dropped frame shows here).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.core import BenchmarkUnavailableError, Figure, quick

SHOTS = [  # (place_cue_ball or None, speed m/s, angle degrees)
    ((0.2, 0.6), 6.0, 91.8),
    (None, 2.0, 60.0),
    (None, 1.5, 120.0),
    (None, 3.0, 95.0),
    (None, 1.0, -30.0),
    (None, 2.5, 10.0),
]


def _acting(view: dict[str, Any], token: str) -> dict[str, str]:
    """The headers of an acting request as the page sends them: the match version it was made
    against and the acting seat's (or the host's) token."""
    return {"X-Match-Version": str(view["version"]), "Authorization": f"Bearer {token}"}


def _created(c: Any, body: dict[str, Any]) -> tuple[str, dict[int, str], str]:
    """A new match: its id, each seat's token, the host's token (refused: a clear error)."""
    r = c.post("/api/matches", json=body)
    if r.status_code != 201:
        raise RuntimeError(f"creating a match was refused: {r.status_code} {r.text[:300]}")
    c.cookies.clear()  # the tokens travel as Bearer, as a client of the API sends them
    m = r.json()
    return m["id"], {s["seat"]: s["token"] for s in m["online"]["seats"]}, m["online"]["host_token"]


def _shot_times() -> list[float]:
    from fastapi.testclient import TestClient

    from cueboard.app.server import create_app

    times: list[float] = []
    refused: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(f"sqlite:///{tmp}/b.sqlite3")) as c:
        if "snooker" not in c.get("/api/health").json()["games"]:
            raise BenchmarkUnavailableError("snooker physics is not installed")
        for rep in range(2 if quick() else 4):
            mid, tokens, _host = _created(c, {"game": "snooker", "players": [{"name": "A"}, {"name": "B"}],
                                              "seed": rep})
            for place, speed, angle in SHOTS:
                view = c.get(f"/api/matches/{mid}").json()
                if view["status"] != "playing":
                    break
                turn = view["turn"]
                if turn["action"] == "choose":
                    c.post(f"/api/matches/{mid}/choices", json={"choice": "play"},
                           headers=_acting(view, tokens[turn["seat"]]))
                    view = c.get(f"/api/matches/{mid}").json()
                    turn = view["turn"]
                strike: dict[str, object] = {"speed": speed, "angle": angle}
                if turn.get("placement"):
                    strike["place_cue_ball"] = place or (0.2, 0.6)
                t0 = time.perf_counter()
                r = c.post(f"/api/matches/{mid}/shots", json={"strike": strike},
                           headers=_acting(view, tokens[turn["seat"]]))
                dt = time.perf_counter() - t0
                if r.status_code == 200:
                    times.append(dt)
                else:
                    refused.append(f"{r.status_code} {r.text[:200]}")
    if len(times) < 2:
        raise RuntimeError(f"the strokes were refused ({len(refused)}), e.g. {refused[:1]}")
    return times[1:]


AI_BUDGET_S = 0.5
AI_TURNS = 4


def _ai_turn_times() -> dict[str, list[float]]:
    from fastapi.testclient import TestClient

    from cueboard.app.server import create_app
    from cueboard.app.service import ai_levels

    out: dict[str, list[float]] = {}
    budget = 0.05 if quick() else AI_BUDGET_S
    with tempfile.TemporaryDirectory() as tmp, \
            TestClient(create_app(f"sqlite:///{tmp}/ai.sqlite3", ai_budget_s=budget)) as c:
        c.app.state.service.warm_up()  # type: ignore[attr-defined]
        for game in c.get("/api/health").json()["games"]:
            level = "beginner" if quick() else "club"
            if level not in ai_levels(game):
                continue
            ai = {"kind": "ai", "level": level}
            mid, _tokens, host = _created(c, {"game": game, "seed": 1, "players": [
                {"name": "A", **ai}, {"name": "B", **ai}]})
            times = []
            for _ in range(1 if quick() else AI_TURNS):
                view = c.get(f"/api/matches/{mid}").json()
                t0 = time.perf_counter()
                r = c.post(f"/api/matches/{mid}/ai", headers=_acting(view, host))
                if r.status_code != 200:
                    raise RuntimeError(f"an AI turn of {game} was refused: {r.status_code} {r.text[:300]}")
                times.append(time.perf_counter() - t0)
            out[game] = times
    return out


def _frame_times() -> tuple[list[float], list[float]]:
    here = Path(__file__).resolve().parents[1] / "tests" / "e2e"
    sys.path.insert(0, str(here))
    try:
        from harness import CHROMIUM, CHROMIUM_ARGS, Server
    finally:
        sys.path.remove(str(here))
    if not Path(CHROMIUM).exists():
        raise BenchmarkUnavailableError("Chromium is not installed (scripts/ensure-chromium.sh)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/f.sqlite3", Path(tmp) / "server.log")
        srv.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                # string predicates (wait_for_function) need eval, which the page's CSP forbids
                page = browser.new_page(viewport={"width": 1280, "height": 820}, bypass_csp=True)
                page.goto(srv.url + "/")
                page.wait_for_selector("body[data-ready='1']")
                mid = page.evaluate("""fetch('/api/matches', {method: 'POST', headers: {'Content-Type':
                    'application/json'}, body: JSON.stringify({game: 'snooker', players: [{name: 'A'},
                    {name: 'B'}], seed: 1})}).then(r => r.json()).then(m => m.id)""")
                page.goto(f"{srv.url}/#/match/{mid}")
                page.wait_for_function("window.cueboard && window.cueboard.m")
                page.evaluate("""window.cueboard.ui.placed = [0.2, 0.6]; window.cueboard.ui.angle = 91.8;
                    window.cueboard.ui.power = 0.75; window.cueboard.ui.aimed = true;
                    window.cueboardStats.frameWork.length = 0;
                    window.cueboardStats.frameInterval.length = 0; window.cueboard.shoot()""")
                page.wait_for_function("document.body.dataset.busy === '' && window.cueboard.m.shots === 1",
                                       timeout=60000)
                work = page.evaluate("window.cueboardStats.frameWork")
                interval = page.evaluate("window.cueboardStats.frameInterval")
                browser.close()
        finally:
            srv.stop()
    return work, interval


def run() -> list[Figure]:
    """The figures (quick mode, ``CUEBOARD_BENCH_QUICK=1``: 2 matches, one AI turn a game at level
    beginner with a 0.05 s budget, no browser)."""
    shots = _shot_times()
    med = statistics.median(shots) * 1000
    figures = [Figure("app.shot_answer.snooker", med, "ms", goal="< 50 ms", met=med < 50,
                      note=f"median of {len(shots)} POST /shots (simulate, referee, store)")]
    for game, times in _ai_turn_times().items():
        if times:
            level, budget = ("beginner", 0.05) if quick() else ("club", AI_BUDGET_S)
            note = f"median of {len(times)} POST /ai, level {level}, budget {budget} s"
            figures.append(Figure(f"app.ai_turn.{game}", statistics.median(times) * 1000, "ms", note=note))
    work, interval = ([], []) if quick() else _frame_times()
    if work:
        w = statistics.median(work)
        figures.append(Figure("app.frame_work", w, "ms", goal="< 16 ms", met=w < 16,
                              note=f"median over {len(work)} animation frames of a break-off"))
    if len(interval) > 2:
        p95 = sorted(interval)[int(0.95 * (len(interval) - 1))]
        figures.append(Figure("app.frame_interval_p95", p95, "ms", note="between animation frames"))
    return figures
