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
    # each player's name and person/computer select on one line (the select wrapped under the name
    # field, where it reads as the next player's)
    for i in (0, 1):
        name = page.locator(f"input[name=player{i}]").bounding_box()
        kind = page.locator(f"select[name=kind{i}]").bounding_box()
        assert abs((name["y"] + name["height"] / 2) - (kind["y"] + kind["height"] / 2)) < 4, (name, kind)
        assert kind["x"] > name["x"] + name["width"]
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


def test_the_options_are_folded_into_one_line_and_remembered(laptop: Any) -> None:
    """The rules, the match length and the shot clock sit folded in an options part whose line
    says them (the game's defaults: snooker 15 reds, the professional miss rule, one frame, no
    clock); a change shows in the line and, with the fold, is there again after a reload."""
    page = laptop
    page.wait_for_selector("#start")
    page.select_option("select[name=game]", "snooker")
    page.wait_for_selector("#lobby-options")
    assert page.eval_on_selector("#lobby-options", "d => d.open") is False
    assert not page.is_visible("#setting-reds")
    assert page.inner_text("#options-line") == (
        "Reds: 15 · Miss rule: Professional · Best of (frames): 1 · Shot clock: off")
    page.click("#lobby-options > summary")
    page.select_option("#setting-reds", "10")
    page.select_option("#shot-clock-setting", "15")
    assert page.inner_text("#options-line") == (
        "Reds: 10 · Miss rule: Professional · Best of (frames): 1 · Shot clock: 15 s per shot")
    page.reload()
    page.wait_for_selector("#lobby-options[open]")
    assert page.input_value("#setting-reds") == "10" and page.input_value("#shot-clock-setting") == "15"
    # your unfinished and finished matches are listed below the doors
    doors_bottom = page.eval_on_selector(".doors", "d => d.getBoundingClientRect().bottom")
    for key in ("lobby.resume_title", "lobby.finished_title"):
        top = page.eval_on_selector(f"h2[data-i18n='{key}']", "h => h.getBoundingClientRect().top")
        assert top > doors_bottom
