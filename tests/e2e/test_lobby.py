"""The lobby's doors at 1366×768: a card per game with its picture and three actions — play the
computer (at a level), play a friend, keep score of a real match — and the form remembering the
last choices across a reload."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, lobby_page

pytestmark = pytest.mark.browser


@pytest.fixture
def laptop(server: Server, browser: Any) -> Iterator[Any]:
    with lobby_page(browser, server, viewport={"width": 1366, "height": 768}) as pg:
        pg.evaluate("localStorage.setItem('cueboard.lang', 'en')")
        pg.reload()
        pg.wait_for_selector("body[data-ready='1']")
        yield pg


def test_the_doors_of_each_game(laptop: Any, server: Server) -> None:
    page = laptop
    page.wait_for_selector(".door[data-game=novuss]")
    games = page.eval_on_selector_all(".door", "ds => ds.map(d => d.dataset.game)")
    assert games == ["snooker", "crokinole", "novuss"]
    assert page.eval_on_selector_all(".door svg.door-picture", "ps => ps.length") == 3
    sizes = page.eval_on_selector_all(
        ".door button",
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })")
    assert min(h for _, h in sizes) >= 44 and min(w for w, _ in sizes) >= 44
    shot = os.environ.get("CUEBOARD_LOBBY_SHOT")
    if shot:
        page.screenshot(path=shot)
    # play the computer at crokinole, level "beginner": the match starts, the second seat the AI
    page.select_option("[data-door-level=crokinole]", "beginner")
    page.click("[data-door='crokinole:ai']")
    page.wait_for_selector("#table")
    page.wait_for_function("window.cueboard && window.cueboard.m")
    players = page.evaluate("window.cueboard.players()")
    assert [p["kind"] for p in players] == ["human", "ai"] and players[1]["level"] == "beginner"
    # back in the lobby after a reload: the form remembers the game and the players
    page.goto(server.url + "/#/")
    page.reload()
    page.wait_for_selector("#start")
    assert page.input_value("select[name=game]") == "crokinole"
    assert page.input_value("select[name=kind1]") == "ai"
    assert page.input_value("select[name=level1]") == "beginner"
    # keep score of a real novuss game: the scorer opens on novuss
    page.click("[data-door='novuss:score']")
    page.wait_for_selector("[data-game=novuss][aria-checked=true]")
