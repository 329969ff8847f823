"""The scorer for all three games on a 390×844 phone, entered through the page alone, with the
statistics and exports checked against figures counted by hand:

- crokinole, NCA tournament play (a disc in the 20-hole 20, the 15 / 10 / 5 zones; the round's
  winner 2 points, a tie 1 each): round 1 Ann 1×20 + 2×15 + 1×10 = 60 against Bob 1×15 + 2×10 +
  2×5 = 45; round 2 1×15 against 1×10 + 1×5, 15 all. Ann 3, Bob 1.
- novuss (LNF rules): Ann drops two own discs (she strikes again), then touches no disc (penalty
  case 1: a penalty disc comes out of her two, the turn passes to Bob).
- snooker (WPBSA rules S3 R4, R10, R12): Oleh a red and the black (8), a long red missed; Eve a
  safety; Oleh hits the pink first with a red on (a foul of 6) leaving Eve snookered: Eve chooses
  to play on and has a free ball.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, axe_serious, lobby_page

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
CMN = Path(__file__).parent.parent / "app" / "data" / "cmn"


@pytest.fixture
def phone(server: Server, browser: Any) -> Iterator[Any]:
    with lobby_page(browser, server, viewport=PHONE, has_touch=True) as pg:
        pg.evaluate("localStorage.setItem('cueboard.lang', 'en');"
                    " localStorage.removeItem('cueboard.scorer.form')")
        pg.goto(server.url + "/#/scorer")
        pg.reload()
        pg.wait_for_selector("#scorer-start")
        yield pg


def _start(page: Any, game: str, names: list[str], **selects: str) -> None:
    page.tap(f"[data-game={game}]")
    page.wait_for_selector(f"[data-game={game}][aria-checked=true]")
    for i, name in enumerate(names):
        page.fill(f"#scorer-player{i}", name)
    for sel, value in selects.items():
        if sel.endswith(("rounds", "target", "first-to")):
            page.fill(f"#{sel}", value)
        else:
            page.select_option(f"#{sel}", value)
            page.wait_for_selector(f"#{sel} option[value={value}]:checked", state="attached")
    page.tap("#scorer-start")
    page.wait_for_selector("#scorer-score0")


def _wait_idle(page: Any) -> None:
    page.wait_for_function("() => !document.querySelector('#scorer-undo')?.disabled"
                           " || document.querySelector('#scorer-status')?.textContent.includes('wins')")


def _steps(page: Any, counts: dict[str, int]) -> None:
    for stepper, n in counts.items():
        for _ in range(n):
            page.tap(f"[data-step='{stepper}:+1']")


def _stats(page: Any) -> dict[str, list[str]]:
    """The statistics table, opened: row label -> the cells."""
    page.eval_on_selector("#stats-panel", "d => { d.open = false; d.open = true; }")
    page.wait_for_selector("#stats-table")
    return page.eval_on_selector_all(
        "#stats-table tbody tr",
        "rows => Object.fromEntries(rows.map("
        "r => [r.cells[0].textContent, [...r.cells].slice(1).map(c => c.textContent)]))")


def _download(page: Any, selector: str) -> str:
    href = page.get_attribute(selector, "href")
    return str(page.evaluate("async (h) => (await fetch(h)).text()", href))


def _csv(text: str) -> dict[tuple[str, str], str]:
    return {(row["name"], row["statistic"]): row["value"] for row in csv.DictReader(io.StringIO(text))}


def test_crokinole_scorer(phone: Any) -> None:
    page = phone
    _start(page, "crokinole", ["Ann", "Bob"], **{"scorer-variant": "tournament", "scorer-rounds": "2"})
    assert page.inner_text("#scorer-status") == "Round 1: Ann shoots first"
    _steps(page, {"count0-twenties": 1, "count0-fifteens": 2, "count0-tens": 1,
                  "count1-fifteens": 1, "count1-tens": 2, "count1-fives": 2})
    assert page.inner_text("#scorer-preview") == "On the board: 60 : 45"
    page.tap("#scorer-round")
    page.wait_for_function("() => document.querySelector('#scorer-score0').textContent === '2'")
    assert page.inner_text("#scorer-score1") == "0"
    assert "Ann wins round 1: 60 : 45 · points 2 and 0" in page.inner_text("#scorer-calls")
    assert page.inner_text("#scorer-status") == "Round 2: Bob shoots first"
    _steps(page, {"count0-fifteens": 1, "count1-tens": 1, "count1-fives": 1})
    page.tap("#scorer-round")
    page.wait_for_function("() => document.querySelector('#scorer-score0').textContent === '3'")
    assert page.inner_text("#scorer-score1") == "1"
    assert page.inner_text("#scorer-status") == "Ann wins."
    stats = _stats(page)
    assert stats["Rounds won"] == ["1 · tied 1 · lost 0", "0 · tied 1 · lost 1"]
    assert stats["20s per round (average)"] == ["1, 0 (0.5)", "0, 0 (0)"]
    assert stats["Points per round (average)"] == ["60, 15 (37.5)", "45, 15 (30)"]
    table = _csv(_download(page, "#export-csv"))
    assert table[("Ann", "twenties")] == "1 0" and table[("Bob", "points")] == "45 15"
    assert table[("Ann", "score")] == "3" and table[("Bob", "rounds_tied")] == "1"
    cmn = json.loads(_download(page, "#export-cmn"))
    assert cmn["match"]["games"] == [
        {"winner": 0, "hammer": 0, "scores": [60, 45], "twenties": [1, 0]},
        {"winner": None, "hammer": 1, "scores": [15, 15], "twenties": [0, 0]},
    ]
    assert cmn["match"]["winner"] == 0
    assert json.loads(_download(page, "#export-json"))["sides"][1]["points"] == [45, 15]
    assert axe_serious(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_novuss_scorer(phone: Any) -> None:
    page = phone
    _start(page, "novuss", ["Ann", "Bob"])
    assert page.inner_text("#scorer-status") == "Ann to play"
    _steps(page, {"novuss-own_pocketed": 2})
    page.tap("#scorer-stroke")
    page.wait_for_function("() => document.querySelector('#scorer-score0').textContent === '2'")
    _wait_idle(page)
    assert page.inner_text("#scorer-status") == "Ann to play"  # an own disc dropped: she goes on
    page.tap("[data-first=none]")
    page.tap("#scorer-stroke")
    page.wait_for_function("() => document.querySelector('#scorer-status').textContent === 'Bob to play'")
    assert page.inner_text("#scorer-score0") == "1"
    calls = page.inner_text("#scorer-calls")
    assert "Ann" in calls and "none of your discs" in calls
    stats = _stats(page)
    assert stats["Discs pocketed"] == ["2", "0"] and stats["Turns"] == ["1", "0"]
    assert stats["Discs per turn"] == ["2", "—"]
    assert stats["Fouls"][0].startswith("1 (")
    table = _csv(_download(page, "#export-csv"))
    assert table[("Ann", "pucks")] == "2" and table[("Ann", "fouls_by_case.1")] == "1"
    assert axe_serious(page) == []


def test_snooker_scorer_marks_and_free_ball(phone: Any) -> None:
    page = phone
    _start(page, "snooker", ["Oleh", "Eve"])
    page.tap("[data-ball=red]")
    _wait_idle(page)
    page.tap("[data-ball=black]")
    page.wait_for_function("() => document.querySelector('#scorer-score0').textContent === '8'")
    _wait_idle(page)
    page.tap("[data-entry=long]")
    page.tap("[data-entry=safe]")  # a long red missed
    page.wait_for_function("() => document.querySelector('#scorer-status').textContent === 'Eve to play'")
    page.tap("[data-entry=safety]")
    page.tap("[data-entry=safe]")  # Eve's safety
    page.wait_for_function("() => document.querySelector('#scorer-status').textContent === 'Oleh to play'")
    page.tap("[data-mode=foul_first]")
    page.tap("[data-entry=snookered]")
    page.tap("[data-ball=pink]")
    page.wait_for_selector("[data-choice=play]")
    assert page.inner_text("#scorer-status") == "Eve to choose"
    assert page.inner_text("#scorer-score1") == "6"
    page.tap("[data-choice=play]")
    page.wait_for_selector("[data-entry=free_ball]")
    page.wait_for_function("document.querySelector('#scorer-calls').innerText.includes('Eve plays on')")
    stats = _stats(page)
    assert stats["Pot success"] == ["2/3 · 66.7%", "—"]
    assert stats["Long pots"] == ["0/1 · 0%", "—"]
    assert stats["Safeties that worked"] == ["—", "1/1 · 100%"]
    assert stats["Fouls"][0] == "The first ball hit was not on: 1"
    table = _csv(_download(page, "#export-csv"))
    assert table[("Oleh", "per_colour.black.pots")] == "1" and table[("Oleh", "highest_break")] == "8"
    assert table[("Oleh", "foul_points_given")] == "6"


def test_crokinole_from_a_scoresheet_and_a_cmn_file(phone: Any) -> None:
    """A play-off to 4 points, a round entered as the scoresheet holds it (Bob won it, one 20);
    then the CMN specification's doubles example opened: first to 5 rounds won, 8 games, the
    first team winning 5 (10 points at 2 a round) to 3 (6 points), 20s 4 to 3."""
    page = phone
    _start(page, "crokinole", ["Ann", "Bob"], **{"scorer-variant": "first_to", "scorer-first-to": "4"})
    page.tap("[data-sheet=true]")
    page.tap("[data-winner='1']")
    _steps(page, {"twenties1": 1})
    page.tap("#scorer-result")
    page.wait_for_function("() => document.querySelector('#scorer-score1').textContent === '2'")
    assert page.inner_text("#scorer-score0") == "0"
    assert "Bob wins round 1" in page.inner_text("#scorer-calls")
    page.goto(page.url.split("#")[0] + "#/scorer")
    page.wait_for_selector("#scorer-start")
    page.tap("[data-game=crokinole]")
    page.wait_for_selector("#scorer-cmn")
    page.set_input_files("#scorer-cmn", str(CMN / "doubles_tournament.json"))
    page.wait_for_function("() => document.querySelector('#scorer-status')?.textContent.includes(' win')")
    assert (page.inner_text("#scorer-score0"), page.inner_text("#scorer-score1")) == ("10", "6")
    assert page.inner_text("#scorer-status") == "Jacob Decker & Alex Kim win."
    stats = _stats(page)
    assert stats["Rounds won"] == ["5 · tied 0 · lost 3", "3 · tied 0 · lost 5"]
    assert stats["20s per round (average)"][0] == "1, 0, 0, 1, 0, 0, 2, 0 (0.5)"
    cmn = json.loads(_download(page, "#export-cmn"))
    assert cmn["match"]["format"] == "doubles" and cmn["match"]["winner"] == 0
    assert cmn["match"]["gameFormat"] == {"type": "first_to", "target": 5}
    assert [g["winner"] for g in cmn["match"]["games"]] == [0, 0, 1, 0, 1, 1, 0, 0]
