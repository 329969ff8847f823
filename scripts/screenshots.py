"""The screenshots of docs/img (docs/gallery.md): each game at 1366×768 and on a 390×844 phone, in
each language (en, uk, ru, zh-Hant, vi), mid-game — a person against the AI, a few strokes played
through the page — with the person to play and aiming; each game's table at the four sizes the
layout test checks (tests/e2e/test_layout.py); a phone held sideways, an end screen and the scorer
mode. Not a test: run it after a change to the page, look at the pictures, commit::

    PYTHONPATH=. .venv/bin/python scripts/screenshots.py            # writes docs/img/app-*.png
    PYTHONPATH=. .venv/bin/python scripts/screenshots.py scorer     # only the scorer's pictures
    PYTHONPATH=. .venv/bin/python scripts/screenshots.py sizes      # only docs/img/table-*.png

The app is started as the browser tests start it (tests/e2e/harness.py: this checkout's
``cueboard serve`` on a free port over a scratch SQLite database, warmed up) and photographed in
the machine's Chromium. A picture larger than 150 KB is reduced to a 256-colour (then 128-colour)
palette with Pillow, so that each stays small.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from harness import CHROMIUM, CHROMIUM_ARGS, Server, api_call  # noqa: E402

OUT = ROOT / "docs" / "img"
GAMES = ("snooker", "crokinole", "novuss")
LANGUAGES = ("en", "uk", "ru", "zh-Hant", "vi")
SIZES = ((1366, 768), (390, 844))
# The four sizes of the layout test: a laptop, a large screen, a phone upright (touch, device
# scale 3) and held sideways (touch); each picture in CSS pixels whatever the device scale.
FOUR_SIZES = ((1366, 768), (1920, 1080), (390, 844), (844, 390))
MAX_BYTES = 150_000
NAMES = {"en": "Oleh", "uk": "Олег", "ru": "Ольга", "zh-Hant": "志明", "vi": "Minh"}
# Strokes the person plays before the pictures (the AI answers each).
STROKES = {"snooker": 2, "crokinole": 3, "novuss": 3}
# Power (0–1 of the slider) of the person's strokes.
POWER = {"snooker": 0.45, "crokinole": 0.3, "novuss": 0.45}

IDLE = ("window.cueboard && window.cueboard.m && document.body.dataset.busy === ''"
        " && (window.cueboard.m.status !== 'playing' || window.cueboard.turn.player?.kind !== 'ai')")
# Where the person aims: snooker the nearest red (a colour when no red is left), crokinole the
# nearest of the opponent's discs (the centre when there is none), novuss the nearest own disc.
TARGET = """(() => {
  const c = window.cueboard, at = c.cuePosition() || [0, 0], seat = c.turn.seat;
  const others = c.pieces.filter((p) => p.state === 'on_table' && p.id !== c.turn.cue);
  let cands;
  if (c.game === 'snooker') {
    cands = others.filter((p) => p.colour === 'red');
    if (!cands.length) cands = others.filter((p) => p.colour !== 'white');
  } else if (c.game === 'crokinole') {
    cands = others.filter((p) => p.owner !== undefined && p.owner !== seat);
    if (!cands.length) return [0, 0];
  } else {
    cands = others.filter((p) => p.kind === 'disc' && p.owner === seat);
    if (!cands.length) cands = others.filter((p) => p.kind === 'disc');
  }
  cands.sort((a, b) => Math.hypot(a.x - at[0], a.y - at[1]) - Math.hypot(b.x - at[0], b.y - at[1]));
  return cands.length ? [cands[0].x, cands[0].y] : [0, 0.3];
})()"""


def places(page: Any, game: str) -> list[tuple[float, float]]:
    """Candidate places for the piece in hand, tried in turn."""
    seat = page.evaluate("window.cueboard.turn.seat")
    if game == "snooker":
        b = page.evaluate("window.cueboard.spec.baulk_y")
        return [(0.2, b - 0.14), (-0.15, b - 0.1), (0.05, b - 0.2), (0.25, b - 0.05)]
    if game == "crokinole":
        r = page.evaluate("window.cueboard.spec.shooting_radius")
        sign = -1 if seat == 0 else 1
        return [(x, sign * (r * r - x * x) ** 0.5) for x in (0.01, 0.06, -0.05, 0.1, -0.1)]
    y = -0.44 if seat == 0 else 0.44
    return [(x, y) for x in (0.2, -0.2, 0.3, -0.3, 0.0)]


def click(page: Any, x: float, y: float) -> None:
    px, py = page.evaluate(f"window.cueboard.view.pagePoint({x}, {y})")
    page.mouse.move(px, py)
    page.mouse.click(px, py)


def get_ready(page: Any, game: str) -> bool:
    """The person's piece placed (when it is in hand) and the aim on its target; False when the
    turn is a choice (there is nothing to aim)."""
    page.wait_for_function(IDLE, timeout=120000)
    if page.evaluate("window.cueboard.turn.action") != "strike":
        return False
    if page.evaluate("!!window.cueboard.turn.placement && !window.cueboard.ui.placed"):
        for x, y in places(page, game):
            click(page, x, y)
            page.wait_for_function("document.body.dataset.busy === ''")
            if page.evaluate("window.cueboard.ui.placed !== null"):
                break
        else:
            raise RuntimeError(f"{game}: no candidate place was accepted")
    tx, ty = page.evaluate(TARGET)
    click(page, tx, ty)
    page.evaluate(f"window.cueboard.setPower({POWER[game]})")
    return True


def play(page: Any, game: str) -> str:
    """A match of ``game`` between a person and the AI (beginner), a few strokes in: its id."""
    page.select_option("select[name=game]", game)
    page.fill("input[name=player0]", NAMES["en"])
    page.fill("input[name=player1]", "Eve")
    page.select_option("select[name=kind1]", "ai")
    page.select_option("select[name=level1]", "beginner")
    page.click("#start")
    played = 0
    while played < STROKES[game]:
        page.wait_for_function(IDLE, timeout=120000)
        if page.evaluate("window.cueboard.m.status") != "playing":
            break
        if not get_ready(page, game):
            page.click("[data-choice]")  # after the AI's foul: the first choice the rules give
            continue
        shots = page.evaluate("window.cueboard.m.shots")
        page.click("#shoot")
        page.wait_for_function(f"window.cueboard.m.shots > {shots}", timeout=120000)
        played += 1
    page.wait_for_function(IDLE, timeout=120000)
    return str(page.evaluate("window.cueboard.m.id"))


def shrink(path: Path) -> None:
    """Keep a picture under MAX_BYTES: a 256-colour palette, then 128 if it is still too big."""
    from PIL import Image

    if path.stat().st_size <= MAX_BYTES:
        return
    with Image.open(path) as im:
        rgb = im.convert("RGB")
    for colours in (256, 128):
        rgb.quantize(colors=colours, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
        if path.stat().st_size <= MAX_BYTES:
            return


def shoot_picture(page: Any, name: str, whole: bool = False) -> Path:
    """``whole``: the whole page, the window made as tall as it (a full-page capture would drop the
    touch emulation, and with it the phone's finger-sized controls)."""
    path = OUT / name
    page.wait_for_timeout(400)
    if whole:
        height = page.evaluate("document.documentElement.scrollHeight")
        page.set_viewport_size({"width": page.viewport_size["width"], "height": height})
        page.wait_for_timeout(200)
    page.screenshot(path=str(path), scale="css")
    shrink(path)
    return path


def new_context(browser: Any, size: tuple[int, int], lang: str, state: Any = None, scale: int = 1) -> Any:
    w, h = size
    phone = w < 900
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=phone, is_mobile=phone,
                              bypass_csp=True, storage_state=state, device_scale_factor=scale)
    ctx.add_init_script(f"localStorage.setItem('cueboard.lang', '{lang}')")
    return ctx


def played(browser: Any, server: Server, game: str) -> tuple[str, Any]:
    """A match of ``game`` played a few strokes in at 1366×768: its id and the browser's storage
    (the seats' cookie, so that the person's seat is held in every picture of it)."""
    ctx = new_context(browser, SIZES[0], "en")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    mid = play(page, game)
    state = ctx.storage_state()
    ctx.close()
    return mid, state


def picture(browser: Any, server: Server, game: str, mid: str, state: Any, size: tuple[int, int], lang: str,
            name: str, scale: int = 1) -> Path:
    """The match ``mid`` at ``size`` in ``lang``, the person to play and aiming: docs/img/``name``."""
    ctx = new_context(browser, size, lang, state, scale)
    page = ctx.new_page()
    page.goto(server.url + f"/#/match/{mid}")
    page.wait_for_selector("body[data-ready='1']")
    get_ready(page, game)
    path = shoot_picture(page, name)
    ctx.close()
    return path


def tables(browser: Any, server: Server) -> list[Path]:
    made = []
    for game in GAMES:
        mid, state = played(browser, server, game)
        views = [(size, lang) for lang in LANGUAGES for size in SIZES]
        if game == "snooker":
            views.append(((844, 390), "en"))
        for size, lang in views:
            name = f"app-{game}-{size[0]}x{size[1]}-{lang}.png"
            made.append(picture(browser, server, game, mid, state, size, lang, name))
    return made


def tables_at_sizes(browser: Any, server: Server) -> list[Path]:
    """Each game at the four sizes, mid-game against the AI, the person to play and aiming: the
    table, the stroke controls, the scores, the calls and the replay all in view."""
    made = []
    for game in GAMES:
        mid, state = played(browser, server, game)
        for w, h in FOUR_SIZES:
            made.append(picture(browser, server, game, mid, state, (w, h), "en", f"table-{game}-{w}x{h}.png",
                                scale=3 if h > w else 1))
    return made


def end_screen(browser: Any, server: Server) -> Path:
    ai = {"kind": "ai", "level": "beginner"}
    m = api_call(server, "POST", "/api/matches", {"game": "crokinole", "seed": 5,
                                              "players": [{"name": "Hal", **ai}, {"name": "Eve", **ai}],
                                              "settings": {"variant": "tournament", "rounds": 1}})
    host = m["online"]["host_token"]  # AI v AI: the host asks for the turns
    while m["status"] == "playing":
        m = api_call(server, "POST", f"/api/matches/{m['id']}/ai", version=m["version"], token=host)["match"]
    ctx = new_context(browser, SIZES[0], "en")
    page = ctx.new_page()
    page.goto(server.url + f"/#/match/{m['id']}")
    page.wait_for_selector("#end table.summary")
    path = shoot_picture(page, "app-crokinole-end.png")
    ctx.close()
    return path


def scorer(browser: Any, server: Server) -> Path:
    """Scorer mode on a phone, a few entries into a real frame."""
    s = api_call(server, "POST", "/api/scorer", {"players": ["Oleh", "Eve"], "best_of": 1, "reds": 15})
    for line in ("pot red", "pot black", "pot red", "pot pink", "safe"):
        api_call(server, "POST", f"/api/scorer/{s['id']}/entries", {"line": line}, token=s["owner_token"])
    ctx = new_context(browser, SIZES[1], "en")
    ctx.add_init_script(f"localStorage.setItem('cueboard.scorer.{s['id']}', '{s['owner_token']}')")
    page = ctx.new_page()
    page.goto(server.url + f"/#/scorer/{s['id']}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_timeout(500)
    path = shoot_picture(page, "app-scorer-390x844-en.png")
    ctx.close()
    return path


def kept_games(browser: Any, server: Server) -> list[Path]:
    """The scorer for crokinole (two rounds of a tournament game, the statistics open) and novuss
    (three strokes), and snooker's statistics, on a phone: the whole page."""
    made = []
    c = api_call(server, "POST", "/api/scorer", {"game": "crokinole", "players": ["Oleh", "Eve"],
                                                 "variant": "tournament", "rounds": 4})
    for counts in ([[1, 2, 1, 0], [0, 1, 2, 2]], [[0, 1, 0, 0], [1, 0, 1, 1]]):
        api_call(server, "POST", f"/api/scorer/{c['id']}/entries", {"action": "round", "counts": counts},
                 token=c["owner_token"])
    n = api_call(server, "POST", "/api/scorer", {"game": "novuss", "players": ["Oleh", "Eve"]})
    for line in ("pot=1", "rebound own opposite pot=1", "none"):
        api_call(server, "POST", f"/api/scorer/{n['id']}/entries", {"line": line}, token=n["owner_token"])
    s = api_call(server, "POST", "/api/scorer", {"players": ["Oleh", "Eve"], "best_of": 1, "reds": 15})
    for line in ("pot red", "nom black pot black", "pot red", "nom pink", "safe", "hit pink"):
        api_call(server, "POST", f"/api/scorer/{s['id']}/entries", {"line": line}, token=s["owner_token"])
    for m, name in ((c, "crokinole"), (n, "novuss"), (s, "snooker-stats")):
        mid = m["id"]
        ctx = new_context(browser, SIZES[1], "en")
        ctx.add_init_script(f"localStorage.setItem('cueboard.scorer.{mid}', '{m['owner_token']}')")
        page = ctx.new_page()
        page.goto(server.url + f"/#/scorer/{mid}")
        page.wait_for_selector("#scorer-score0")
        if name != "novuss":
            page.eval_on_selector("#stats-panel", "d => { d.open = true; }")
            page.wait_for_selector("#stats-table")
        made.append(shoot_picture(page, f"app-scorer-{name}-390x844-en.png", whole=True))
        ctx.close()
    return made


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/shots.sqlite3", Path(tmp) / "server.log")
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                if sys.argv[1:] == ["scorer"]:
                    made = [scorer(browser, server), *kept_games(browser, server)]
                elif sys.argv[1:] == ["sizes"]:
                    made = tables_at_sizes(browser, server)
                else:
                    made = tables(browser, server)
                    made += tables_at_sizes(browser, server)
                    made.append(end_screen(browser, server))
                    made.append(scorer(browser, server))
                    made += kept_games(browser, server)
                browser.close()
        finally:
            server.stop()
    for path in made:
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
