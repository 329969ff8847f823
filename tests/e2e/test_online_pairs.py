"""A doubles side's lines in the browser agree with its two players (the page's i18n.js ``pair``,
as cueboard.app.messages chooses on the server): a crokinole game of four at one table; the
scoreboard's mark of the side to play reads "Ann and Cy to play" / "Бьют Ann и Cy"; a side
concedes, and the end screen, the status line and the call read "Bo and Di win the game" /
"… win." / "… concede the game." in English and "Игру выигрывают …" in Russian."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server

pytestmark = pytest.mark.browser

PLAYERS = [{"name": n} for n in ("Ann", "Bo", "Cy", "Di")]


def _open(page: Any, server: Server, mid: str, lang: str) -> None:
    page.evaluate(f"localStorage.setItem('cueboard.lang', '{lang}')")
    page.goto(f"{server.url}/#/match/{mid}")
    page.reload()
    page.wait_for_function(f"window.cueboard && window.cueboard.m && window.cueboard.m.id === '{mid}'")


def test_a_doubles_side_wins_in_english_and_russian(browser: Any, server: Server) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    page = ctx.new_page()
    page.set_default_timeout(60000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    # one browser holds every seat (a table shared by four), as the lobby's form makes it
    mid = page.evaluate("""async (players) => {
        const r = await fetch('/api/matches', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                               body: JSON.stringify({game: 'crokinole', players, seed: 1})});
        return (await r.json()).id; }""", PLAYERS)
    _open(page, server, mid, "en")
    sides = page.evaluate("window.cueboard.m.scoreboard.sides.map(s => s.seats)")
    assert sides == [[0, 2], [1, 3]]  # (partners sit opposite: Ann and Cy, Bo and Di)
    mover = page.evaluate("window.cueboard.turn.seat")
    losers, winners = ("Ann and Cy", "Bo and Di") if mover % 2 == 0 else ("Bo and Di", "Ann and Cy")
    # the scoreboard marks the side to play, and names it for a screen reader with the verb agreeing
    assert page.get_attribute("#scores .striker-mark", "aria-label") == f"{losers} to play"
    _open(page, server, mid, "ru")
    ru_losers = losers.replace(" and ", " и ")
    assert page.get_attribute("#scores .striker-mark", "aria-label") == f"Бьют {ru_losers}"
    _open(page, server, mid, "en")
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#end table.summary")
    assert page.inner_text("#end-title") == f"{winners} win the game"
    assert page.inner_text("#calls").startswith(f"{losers} concede the game.")
    assert page.inner_text("#status") == f"The game is over. {winners} win."
    _open(page, server, mid, "ru")
    page.wait_for_selector("#end table.summary")
    ru = winners.replace(" and ", " и ")
    assert page.inner_text("#end-title") == f"Игру выигрывают {ru}"
    assert page.inner_text("#status") == f"Игра окончена. Побеждают {ru}."
    ctx.close()
    assert not errors, errors
