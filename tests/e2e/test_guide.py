"""The first-contact guide on the boards: it warns when the straight aim's
first contact would break the rules. Crokinole (NCA rules, valid shots): with an opponent's disc
on the board the shot must hit one, so the guide warns while no opponent's disc is in line (and
never while there is none on the board). Novuss (penalty disc, rule 2): a direct stroke whose
first contact is an opponent's disc; a rebound stroke (a rail first) or one at an own light disc
is not warned of. A disc in line is named by its player ("First contact: Eve's disc.")."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, click_world, new_match

from cueboard.app.messages import catalogue

pytestmark = pytest.mark.browser

EN = catalogue("en")


def aim_info(page: Any, angle: float) -> str:
    page.evaluate(f"window.cueboard.setAngle({angle}, true)")
    return str(page.inner_text("#aim-info"))


def first_contact(page: Any, seat_or_side: str, n: int) -> str:
    """The guide's naming of a disc, in the catalogue's words: "First contact: Eve's disc."."""
    name = page.evaluate(f"window.cueboard.{seat_or_side}({n})")
    return EN["match.first_hit"].replace("{ball}", EN["piece.disc_of"].replace("{name}", name))


def towards(at: tuple[float, float], target: tuple[float, float]) -> float:
    return math.degrees(math.atan2(target[1] - at[1], target[0] - at[0]))


def test_crokinole_warns_while_no_opponent_disc_is_in_line(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    page.goto(server.url + "/#/")
    page.wait_for_selector("#start")
    page.select_option("select[name=game]", "crokinole")
    page.wait_for_selector("#setting-fifteen_rule", state="attached")  # the crokinole form drawn
    page.eval_on_selector("#lobby-options", "d => { d.open = true; }")  # the rules, folded
    page.uncheck("#setting-fifteen_rule")  # a disc short of the 15-zone stays: one on the board
    page.click("#start")
    page.wait_for_function("window.cueboard && window.cueboard.m && document.body.dataset.busy === ''")
    spec = page.evaluate("window.cueboard.spec")
    r = spec["shooting_radius"]
    first = page.evaluate("window.cueboard.turn.seat")
    a0 = spec["seat_angles"][first]  # radians
    start = (r * math.cos(a0), r * math.sin(a0))
    # no opponent's disc on the board: nothing to warn of, wherever the aim
    click_world(page, *start)
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    for angle in (math.degrees(a0) + 180, math.degrees(a0) + 130):
        assert aim_info(page, angle) == ""
    # a slow shot towards the centre: the disc stops in the outer zone and stays
    page.evaluate(f"window.cueboard.shoot({{declaration: {{}}, strike: {{start: [{start[0]}, {start[1]}],"
                  f" speed: 0.35, angle: {math.degrees(a0) + 180}}}}})")
    page.wait_for_function("window.cueboard.m.shots === 1 && document.body.dataset.busy === ''")
    discs = page.evaluate("window.cueboard.pieces.filter((p) => p.state === 'on_table'"
                          f" && p.owner === {first}).map((p) => [p.x, p.y])")
    assert len(discs) == 1
    second = page.evaluate("window.cueboard.turn.seat")
    assert second != first
    a1 = spec["seat_angles"][second]
    at = (r * math.cos(a1), r * math.sin(a1))
    click_world(page, *at)
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    at = tuple(page.evaluate("window.cueboard.ui.placed"))
    # the opponent's disc in line: named by its player, no warning
    assert aim_info(page, towards(at, discs[0])) == first_contact(page, "nameOfSeat", first)
    assert first_contact(page, "nameOfSeat", first) in (
        "First contact: Player 1's disc.", "First contact: Player 2's disc.")
    assert first_contact(page, "nameOfSeat", first) != first_contact(page, "nameOfSeat", second)
    assert aim_info(page, towards(at, discs[0]) + 50) == EN["match.crokinole_not_opponent"]
    page.close()


def test_novuss_warns_of_an_opponent_disc_first(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768}, bypass_csp=True)
    new_match(page, server, "novuss")
    assert page.evaluate("window.cueboard.turn.seat") == 0
    click_world(page, -0.2, -0.44)
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    at = tuple(page.evaluate("window.cueboard.ui.placed"))
    pieces = {p["id"]: p for p in page.evaluate("window.cueboard.pieces")}
    theirs = next(p for p in pieces.values() if p["kind"] == "disc" and p["owner"] == 1 and p["y"] < 0)
    mine = next(p for p in pieces.values() if p["kind"] == "disc" and p["owner"] == 0 and p["x"] < -0.1)
    assert aim_info(page, towards(at, (theirs["x"], theirs["y"]))) == EN["match.novuss_opponent_first"]
    # an own light disc: named, no warning
    assert aim_info(page, towards(at, (mine["x"], mine["y"]))) == first_contact(page, "nameOfSide", 0)
    assert aim_info(page, 180.0) == ""  # the left rail first: a rebound stroke
    page.close()
