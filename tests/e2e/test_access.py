"""Access and languages in the browser: axe-core (the axe.min.js bundled by the
axe-playwright-python package, a dev dependency) finds no serious or critical violation on the
lobby and the table of each game — contrast of all text ≥ 4.5 : 1 included — and in every
language the lobby, the table and the referee's calls show no English text left untranslated."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, axe_serious, click_world, lobby_page, new_match

from cueboard.app.messages import LANGUAGES, catalogue

pytestmark = pytest.mark.browser


@pytest.fixture
def page(server: Server, browser: Any) -> Iterator[Any]:
    with lobby_page(browser, server, viewport={"width": 1366, "height": 768}) as pg:
        yield pg


def test_axe_lobby_and_tables(page: Any, server: Server) -> None:
    found = {"lobby": axe_serious(page)}
    for game in ("snooker", "crokinole", "novuss"):
        new_match(page, server, game)
        found[game] = axe_serious(page)
    assert found == {"lobby": [], "snooker": [], "crokinole": [], "novuss": []}


def _english_left(page: Any, lang: str) -> list[str]:
    """English catalogue texts on the page that this language translates differently (texts
    without parameters, four letters or more)."""
    en, other = catalogue("en"), catalogue(lang)
    text = page.inner_text("body")
    left = []
    for key, value in en.items():
        if "{" in value or len(value) < 4 or other.get(key) == value or not re.search(r"[A-Za-z]{4}", value):
            continue
        if re.search(rf"(?<![\w]){re.escape(value)}(?![\w])", text):
            left.append(f"{key}: {value}")
    return left


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_left_in_lobby_table_and_calls(page: Any, server: Server, lang: str) -> None:
    assert len(_english_left(page, lang)) > 5  # the check sees the English page for what it is
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    assert _english_left(page, lang) == []
    # snooker: the table, a foul and its calls, the choices
    new_match(page, server, "snooker")
    assert _english_left(page, lang) == []
    click_world(page, 0.0, 0.6)
    page.wait_for_function("window.cueboard.ui.placed !== null")
    click_world(page, 0.0, 0.2)
    page.fill("#power", "3")
    page.dispatch_event("#power", "input")
    page.click("#shoot")
    page.wait_for_function("document.body.dataset.busy === '' && document.querySelector('#calls p') !== null",
                           timeout=60000)
    assert page.locator("#controls button[data-choice]").count() >= 2
    assert _english_left(page, lang) == []
    # crokinole: a 20 from the shooter's side (examples/crokinole-flick.json) and its call
    new_match(page, server, "crokinole")
    seat = page.evaluate("window.cueboard.turn.seat")
    y, angle = (0.3048, -90.0) if seat == 2 else (-0.3048, 90.0)
    body = {"declaration": {}, "strike": {"start": [0.0, y], "speed": 1.0, "angle": angle}}
    page.evaluate(f"window.cueboard.shoot({json.dumps(body)})")
    page.wait_for_function("document.body.dataset.busy === '' && document.querySelector('#calls p') !== null",
                           timeout=60000)
    assert _english_left(page, lang) == []
    page.select_option("#lang", "en")
