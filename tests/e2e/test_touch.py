"""Touch aim on a 390×844 phone: a finger dragged along the fine-adjust strip
turns the aim one fine step (0.05° in snooker) per 4 CSS pixels, the readout follows, and the
stroke the server records is at that angle. The touches are real ones (Chrome DevTools
``Input.dispatchTouchEvent``), so the page sees pointer events of type "touch"."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, api_call, axe_serious, lobby_page, new_match, page_point

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(server: Server, browser: Any) -> Iterator[Any]:
    with lobby_page(browser, server, viewport=PHONE, has_touch=True, is_mobile=True) as pg:
        yield pg


def touch_drag(page: Any, x0: float, y: float, x1: float, steps: int = 10) -> None:
    """A finger put down at (x0, y), moved in `steps` to (x1, y) and lifted."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def strip_middle(page: Any) -> tuple[float, float]:
    page.locator("#fine-strip").scroll_into_view_if_needed()
    box = page.locator("#fine-strip").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_fine_strip_turns_the_aim_and_the_stroke_has_that_angle(phone: Any, server: Server) -> None:
    page = phone
    new_match(page, server, "snooker")
    assert page.locator("#fine-strip").count() == 0  # nothing to aim before the cue ball is placed
    spec = page.evaluate("window.cueboard.spec")
    page.touchscreen.tap(*page_point(page, 0.05, spec["baulk_y"] - 0.1))  # in the D
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    page.touchscreen.tap(*page_point(page, 0.0, spec["length"] * 0.75))  # aim up the table
    page.wait_for_function("window.cueboard.ui.fixed === true")
    a0 = page.evaluate("window.cueboard.ui.angle")

    x, y = strip_middle(page)
    touch_drag(page, x, y, x + 41)  # 41 px to the right: 10 whole steps of 4 px, clockwise
    a1 = page.evaluate("window.cueboard.ui.angle")
    assert a1 == pytest.approx(a0 - 10 * 0.05, abs=1e-9)
    assert page.inner_text("#angle-readout") == f"Aim {a1:.2f}°"
    assert page.get_attribute("#fine-strip", "aria-valuenow") == f"{a1:.2f}"

    x, y = strip_middle(page)
    touch_drag(page, x, y, x - 13, steps=4)  # 13 px back to the left: 3 steps anticlockwise
    a2 = page.evaluate("window.cueboard.ui.angle")
    assert a2 == pytest.approx(a1 + 3 * 0.05, abs=1e-9)
    assert page.inner_text("#angle-readout") == f"Aim {a2:.2f}°"

    assert axe_serious(page) == []  # the strip is a labelled slider, the page still passes axe-core
    mid = page.evaluate("window.cueboard.m.id")
    page.locator("#shoot").tap()
    page.wait_for_function("window.cueboard.m.shots === 1 && document.body.dataset.busy === ''")
    recorded = api_call(server, "GET", f"/api/matches/{mid}/shots/0")
    assert recorded["strike"]["angle"] == pytest.approx(a2, abs=1e-9)


def test_no_strip_without_a_touch_screen(server: Server, browser: Any) -> None:
    with lobby_page(browser, server, viewport={"width": 1366, "height": 768}) as page:
        new_match(page, server, "snooker")
        page.focus("#table")
        page.keyboard.press("Enter")  # the cue ball placed in the D: aiming now
        page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
        assert page.locator("#fine").count() == 1  # the fine-aim slider, keys and wheel instead
        assert page.locator("#fine-strip").count() == 0


def test_a_tap_just_outside_the_novuss_zone_places_the_disc_on_its_edge(phone: Any, server: Server) -> None:
    """A finger 6 px beyond the line of the striker's zone (a touch snaps within 28 px, input.js)
    places the striker just inside the zone, wholly (rules: Set-up and turns), not refused."""
    page = phone
    new_match(page, server, "novuss")
    x0, y0, _, y1 = page.evaluate("window.cueboard.turn.placement.bounds")
    px_per_m = page.evaluate("(() => { const c = window.cueboard; const r = c.canvas.getBoundingClientRect();"
                             " return c.view.scale * r.width / c.canvas.width; })()")
    inward = 1 if abs(y1) < abs(y0) else -1  # the side of the zone that faces the board's middle
    edge = y1 if inward > 0 else y0
    # a place on that edge clear of the discs lined up in the zone
    spec = page.evaluate("window.cueboard.spec")
    pieces = page.evaluate("window.cueboard.pieces.filter((p) => p.state === 'on_table')"
                           ".map((p) => [p.x, p.y])")
    clear = 2 * (spec["striker_radius"] + spec["disc_radius"])
    mx = next(x for x in (x0 + 0.15 + 0.01 * i for i in range(70))
              if all(math.hypot(px - x, py - edge) > clear for px, py in pieces))
    page.touchscreen.tap(*page_point(page, mx, edge + inward * 6 / px_per_m))
    page.wait_for_function("window.cueboard.ui.placed !== null")
    x, y = page.evaluate("window.cueboard.ui.placed")
    # the striker wholly inside the zone (its edge not over the line's inner edge), at the zone's edge
    inner = edge - inward * spec["line_width"] / 2
    assert inward * (inner - (y + inward * spec["striker_radius"])) >= 0
    assert abs(y - edge) <= spec["striker_radius"] + spec["line_width"] + 1e-9
    assert x == pytest.approx(mx, abs=1 / px_per_m)
    assert page.inner_text("#error") == ""
