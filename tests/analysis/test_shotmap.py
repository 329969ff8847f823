"""Shot maps (cueboard/analysis/shotmap.py, cueboard/cli/shotmap.py): the same map whatever the
executor, cells measured through the physics under each level's noise, resume, bad input."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from cueboard.analysis.shotmap import ShotMapSpec, T, cell_made, compute_shotmap, fits, grid, lone_ball
from cueboard.batch import BatchInputError, ProcessExecutor, SerialExecutor
from cueboard.cli.main import app

runner = CliRunner()
BLACK = lone_ball("black")


def _spec(**kw: object) -> ShotMapSpec:
    args: dict[str, object] = {"position": BLACK.model_dump_json(), "target": "black", "level": "pro",
                               "step": 0.45, "trials": 2, "seed": 3}
    return ShotMapSpec(**{**args, **kw})  # type: ignore[arg-type]


def _straight(distance: float) -> tuple[float, float]:
    """The cue-ball place ``distance`` behind the black on the line from the top-left pocket."""
    b = np.array(T.spots["black"])
    d = b - np.array(T.pocket_centres["top-left"])
    x, y = b + distance * d / np.linalg.norm(d)
    return float(x), float(y)


def test_a_straight_pot_goes_in_every_time_without_noise_and_less_often_with_more() -> None:
    x, y = _straight(0.4)
    made = {lvl: cell_made(_spec(level=lvl, trials=30), x, y, np.random.default_rng(1))
            for lvl in ("perfect", "pro", "beginner")}
    assert made["perfect"] == 30
    assert made["beginner"] is not None and made["pro"] is not None
    assert made["beginner"] < made["pro"]  # docs/ai.md: the beginner's cue arm is far shakier


def test_no_cell_for_a_cue_ball_on_the_black_or_off_the_bed() -> None:
    bx, by = T.spots["black"]
    assert cell_made(_spec(), bx + 0.02, by, np.random.default_rng(0)) is None
    assert not fits(BLACK, T.half_width, 1.0)
    assert fits(BLACK, bx + 2 * T.ball_radius + 0.002, by)


def test_the_map_is_the_same_on_every_executor_and_resumes(tmp_path: Path) -> None:
    spec = _spec()
    serial = compute_shotmap(spec, SerialExecutor(), tmp_path / "s.jsonl")
    procs = compute_shotmap(spec, ProcessExecutor(2), tmp_path / "p.jsonl")
    assert serial.to_json() == procs.to_json()
    xs, ys = grid(spec.step)
    assert serial.p.shape == (len(ys), len(xs))
    assert np.nanmax(serial.p) > 0.0  # some cell pots the black
    seen: list[str] = []
    again = compute_shotmap(
        spec, SerialExecutor(), tmp_path / "s.jsonl", on_result=lambda t, r: seen.append(t.key)
    )
    assert seen == [] and again.to_json() == serial.to_json()


def test_bad_maps_are_refused() -> None:
    with pytest.raises(BatchInputError, match="step must be from"):
        _spec(step=0.0)
    with pytest.raises(BatchInputError, match="trials must be from"):
        _spec(trials=0)
    with pytest.raises(BatchInputError, match="'pink' is not a ball on the table"):
        _spec(target="pink")
    reds = BLACK.model_copy(update={"ball_on": "red"})
    with pytest.raises(BatchInputError, match=r"'black' is not on in the position \(ball on: red\)"):
        _spec(position=reds.model_dump_json())
    with pytest.raises(ValueError, match="wizard"):
        _spec(level="wizard")


def test_the_cli_writes_the_png_and_the_figures(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "map.png"
    args = ["shotmap", "--target", "pink", "--step", "0.45", "--trials", "2", "--executor", "serial",
            "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(out.with_suffix(".json").read_text())
    assert data["target"] == "pink" and data["trials"] == 2
    assert len(data["p"]) == len(data["ys"]) and len(data["p"][0]) == len(data["xs"])


def test_the_cli_reads_a_position_file(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(lone_ball("red4").model_dump_json())
    args = ["shotmap", "--target", "red4", "--position", str(pos), "--step", "0.5", "--trials", "1",
            "--executor", "serial", "--out", str(tmp_path / "r.png")]
    assert runner.invoke(app, args).exit_code == 0


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--out", "map.svg"], "--out must name a .png file"),
        (["--target", "purple"], "unknown ball 'purple'"),
        (["--trials", "0"], "trials must be from 1"),
        (["--executor", "threads"], "unknown executor 'threads'"),
        (["--position", "missing.json"], "missing.json"),
    ],
)
def test_the_cli_refuses_bad_input(tmp_path: Path, extra: list[str], message: str) -> None:
    result = runner.invoke(app, ["shotmap", "--out", str(tmp_path / "m.png"), *extra])
    assert result.exit_code == 2, result.output
    assert message in result.output


def _wait(client: Any, job: dict[str, Any], timeout_s: float = 300.0) -> dict[str, Any]:
    end = time.monotonic() + timeout_s
    token = job["token"]
    while job["status"] in ("queued", "running") and time.monotonic() < end:
        time.sleep(0.2)
        job = client.get(f"/api/shotmaps/{job['id']}", headers={"Authorization": f"Bearer {token}"}).json()
    return job


def test_the_web_api_maps_a_match_position_for_the_replay(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from cueboard.app.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'app.sqlite3'}")) as client:
        players = [{"name": "A"}, {"name": "B"}]
        match = client.post("/api/matches", json={"game": "snooker", "players": players, "seed": 1}).json()
        body = {"match_id": match["id"], "target": "red1", "level": "pro", "step": 0.5, "trials": 1}
        started = client.post("/api/shotmaps", json=body)
        assert started.status_code == 202, started.text
        job = _wait(client, started.json())
        assert job["status"] == "done", job
        m = job["map"]
        assert job["done"] == job["total"] == len(m["ys"]) == 7 and len(m["xs"]) == 3
        spec = ShotMapSpec(json.dumps(match["position"]), "red1", "pro", 0.5, 1, 0)
        pos = spec.snooker_position()
        for j, y in enumerate(m["ys"]):
            for i, x in enumerate(m["xs"]):
                assert (m["p"][j][i] is None) == (not fits(pos, x, y))  # no cue ball inside the pack
        # the same request joins the finished job (the map's digest is its id)
        again = client.post("/api/shotmaps", json=body).json()
        assert again["id"] == job["id"] and again["status"] == "done"
        # each request's own token reads the job; none, or another's, does not
        mine = client.get(f"/api/shotmaps/{job['id']}", headers={"Authorization": f"Bearer {again['token']}"})
        assert mine.json()["map"] == m and mine.json()["queue_position"] == 0
        assert client.get(f"/api/shotmaps/{job['id']}").status_code == 401
        wrong = client.get(f"/api/shotmaps/{job['id']}", headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 403


def test_the_web_api_refuses_what_it_cannot_map(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from cueboard.app.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'app.sqlite3'}")) as client:
        two = [{"name": "A"}, {"name": "B"}]
        snooker = client.post("/api/matches", json={"game": "snooker", "players": two}).json()["id"]
        crok = client.post("/api/matches", json={"game": "crokinole", "players": two}).json()["id"]
        cases = [
            ({"match_id": snooker, "target": "black"}, 422, "'black' is not on in the position"),
            ({"match_id": crok, "target": "black"}, 422, "shot maps are for snooker matches"),
            ({"match_id": snooker, "target": "red1", "step": 0.05, "trials": 50}, 422,
             "more than the web app's"),
            ({"match_id": snooker, "target": "red1", "level": "wizard"}, 422, "wizard"),
            ({"match_id": snooker, "target": "red1", "shot": 3}, 404, "3"),
            ({"match_id": "nope", "target": "red1"}, 404, "nope"),
        ]
        for body, status, message in cases:
            answer = client.post("/api/shotmaps", json=body)
            assert answer.status_code == status, (body, answer.text)
            assert message in answer.json()["detail"], (body, answer.text)
        assert client.get("/api/shotmaps/0123456789ab").status_code == 404


@pytest.mark.browser
@pytest.mark.slow
def test_the_replay_paints_the_shot_map_under_the_balls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the browser: replay a break-off, ask for the map of a red, and the cells are painted on
    the table (a cell's pixel changes, and comes back when the map is hidden)."""
    import urllib.request

    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS, Server

    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (scripts/ensure-chromium.sh installs it)")

    def post(url: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> dict[str, Any]:
        req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **(headers or {})})
        with urllib.request.urlopen(req) as answer:
            data: dict[str, Any] = json.load(answer)
            return data

    import cueboard

    # the server process imports this checkout's cueboard, not whichever one is installed
    monkeypatch.setenv("PYTHONPATH", str(Path(cueboard.__file__).resolve().parents[1]))
    srv = Server(f"sqlite:///{tmp_path / 'app.sqlite3'}", tmp_path / "server.log")
    srv.start()
    try:
        players = [{"name": "Ann"}, {"name": "Bob"}]
        m = post(srv.url + "/api/matches", {"game": "snooker", "players": players, "seed": 3})
        strike = json.loads((Path(__file__).parents[2] / "examples" / "snooker-break-off.json").read_text())
        # the break-off, by the seat to move (its token), at the match's version (docs/service.md)
        token = next(x["token"] for x in m["online"]["seats"] if x["seat"] == m["turn"]["seat"])
        post(srv.url + f"/api/matches/{m['id']}/shots", {"declaration": {}, "strike": strike},
             {"Authorization": f"Bearer {token}", "X-Match-Version": str(m["version"])})
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # Playwright's string predicates need eval, which the page's CSP forbids (test_browser.py)
            page = browser.new_page(viewport={"width": 1280, "height": 820}, bypass_csp=True)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(srv.url + f"/#/match/{m['id']}")
            page.wait_for_function("window.cueboard && window.cueboard.m")
            page.click("#shotlist-box summary")
            page.click("#shotlist li button")
            page.wait_for_function("window.cueboard.ui.shown && document.body.dataset.busy === ''",
                                   timeout=60000)
            page.click("#shotmap-box summary")
            red = page.evaluate("window.cueboard.ui.shown.filter(p => p.id.startsWith('red') && "
                                "p.state === 'on_table').sort((a, b) => Math.abs(b.x) - Math.abs(a.x))[0].id")
            page.select_option("#shotmap-target", red)
            page.select_option("#shotmap-step", "0.2")
            page.click("#shotmap-go")
            page.wait_for_function("document.querySelector('#shotmap-status').textContent.startsWith('Best')",
                                   timeout=300000)
            shown = page.evaluate("window.cueboard.ui.shotmap.map")
            assert shown["target"] == red and shown["step"] == 0.2
            cells = [(j, i) for j, row in enumerate(shown["p"]) for i, v in enumerate(row) if v is not None]
            j, i = cells[0]
            pixel = ("(() => { const c = window.cueboard; const [px, py] = c.view.toScreen"
                     f"({shown['xs'][i]}, {shown['ys'][j]}); "
                     "return Array.from(c.ctx.getImageData(Math.round(px), Math.round(py), 1, 1).data); })()")
            painted = page.evaluate(pixel)
            page.click("#shotmap-hide")
            cloth = page.evaluate(pixel)
            assert painted != cloth
            browser.close()
            assert not errors, errors
    finally:
        srv.stop()
