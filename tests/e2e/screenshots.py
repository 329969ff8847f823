"""The screenshots of docs/img (docs/app.md): each game at 1366×768 and on a 390×844 phone, a
phone held sideways, the languages, an end screen. Not a test: run it by hand after a change to
the page, look at the pictures, commit them::

    .venv/bin/python tests/e2e/screenshots.py            # writes docs/img/app-*.png
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from harness import CHROMIUM, CHROMIUM_ARGS, Server, api_call

OUT = Path(__file__).resolve().parents[2] / "docs" / "img"
# (game, viewport, language): the table with the piece placed and the aim on its target
TABLES = [
    ("snooker", (1366, 768), "en"), ("crokinole", (1366, 768), "en"), ("novuss", (1366, 768), "en"),
    ("snooker", (390, 844), "en"), ("crokinole", (390, 844), "en"), ("novuss", (390, 844), "en"),
    ("snooker", (844, 390), "en"),
    ("snooker", (1366, 768), "zh-Hant"), ("snooker", (1366, 768), "ru"), ("novuss", (1366, 768), "uk"),
    ("crokinole", (390, 844), "vi"),
]
PLACE = {"snooker": (0.2, 0.6), "crokinole": (0.01, 0.3048), "novuss": (0.1, -0.44)}



def table(browser: Any, server: Server, game: str, size: tuple[int, int], lang: str) -> None:
    w, h = size
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=w < 900, bypass_csp=True)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")  # the first load stores its language: then ours
    page.evaluate(f"localStorage.setItem('cueboard.lang', '{lang}')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("select[name=game]", game)
    names = {"en": "Oleh", "uk": "Олег", "ru": "Ольга", "zh-Hant": "志明", "vi": "Minh"}
    page.fill("input[name=player0]", names[lang])
    page.fill("input[name=player1]", "Eve")
    page.click("#start")
    page.wait_for_function("window.cueboard && window.cueboard.m && document.body.dataset.busy === ''")
    x, y = PLACE[game]
    seat = page.evaluate("window.cueboard.turn.seat")
    if game == "crokinole" and seat == 0:
        y = -y
    px, py = page.evaluate(f"window.cueboard.view.pagePoint({x}, {y})")
    page.mouse.click(px, py)
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    if game == "snooker":
        red = page.evaluate("window.cueboard.pieces.filter(p => p.colour === 'red')"
                            ".reduce((a, b) => a.x > b.x ? a : b)")
        tx, ty = red["x"], red["y"]
    else:
        tx, ty = 0.0, 0.0 if game == "crokinole" else 0.3
    px, py = page.evaluate(f"window.cueboard.view.pagePoint({tx}, {ty})")
    page.mouse.move(px, py)
    page.mouse.click(px, py)
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / f"app-{game}-{w}x{h}-{lang}.png"))
    ctx.close()


def end_screen(browser: Any, server: Server) -> None:
    ai = {"kind": "ai", "level": "beginner"}
    m = api_call(server, "POST", "/api/matches", {"game": "crokinole", "seed": 5,
                                              "players": [{"name": "Hal", **ai}, {"name": "Eve", **ai}],
                                              "settings": {"variant": "tournament", "rounds": 1}})
    host = m["online"]["host_token"]  # AI v AI: the host asks for the turns
    while m["status"] == "playing":
        m = api_call(server, "POST", f"/api/matches/{m['id']}/ai", version=m["version"], token=host)["match"]
    page = browser.new_page(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    page.goto(server.url + f"/#/match/{m['id']}")
    page.wait_for_selector("#end table.summary")
    page.wait_for_timeout(300)
    page.screenshot(path=str(OUT / "app-crokinole-end.png"))
    page.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/shots.sqlite3", Path(tmp) / "server.log")
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for game, size, lang in TABLES:
                    table(browser, server, game, size, lang)
                end_screen(browser, server)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
