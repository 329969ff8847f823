"""A friend who closes the browser and opens the invitation link again gets the seat back, as
people do with a link sent by message: two separate Chromium processes (the host's, and the
guest's with a profile on disk, closed and started again), not two contexts of one browser. On the
way, the takeback asked of the guest shows within the guest's first screen (under the table, where
the players look), not in the seats card below the fold."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1366, "height": 768}
AT_TABLE = "window.cueboard && window.cueboard.m && document.body.dataset.live === '1'"
# Ann's break-off: the cue ball placed in the D, played gently up the table (a foul or not, a stroke).
BREAK = {"declaration": {},
         "strike": {"speed": 1.2, "angle": 90.0, "side": 0, "top": 0, "place_cue_ball": [0.2, 0.6]}}


def _guest_browser(browser: Any, profile: Path) -> tuple[Any, Any]:
    """The guest's own Chromium process, its cookies kept in ``profile`` across restarts."""
    ctx = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=VIEWPORT, bypass_csp=True)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.set_default_timeout(60000)
    return ctx, page


def test_the_invitation_link_reopened_after_closing_the_browser_keeps_the_seat(
        browser: Any, server: Server, tmp_path: Path) -> None:
    errors: list[str] = []
    host_ctx = browser.new_context(viewport=VIEWPORT, bypass_csp=True)
    host = host_ctx.new_page()
    host.set_default_timeout(60000)
    host.on("pageerror", lambda e: errors.append(f"host: {e}"))
    host.goto(server.url + "/#/")
    host.wait_for_selector("body[data-ready='1']")
    host.evaluate("localStorage.setItem('cueboard.lang', 'en')")
    host.reload()
    host.wait_for_selector("#friend")
    host.select_option("select[name=game]", "snooker")
    host.fill("input[name=player0]", "Ann")
    host.fill("input[name=player1]", "Mai")
    host.click("#friend")
    link = host.locator("#waiting-room .invite input[id^=invite-]").input_value()
    profile = tmp_path / "guest-profile"
    guest_ctx, guest = _guest_browser(browser, profile)
    guest.on("pageerror", lambda e: errors.append(f"guest: {e}"))
    guest.goto(link)
    guest.fill("#join-name", "Mai")
    guest.click("#join")
    guest.wait_for_function(AT_TABLE)
    host.wait_for_selector("#waiting-room", state="detached")
    mid = host.evaluate("window.cueboard.m.id")
    # Ann breaks off and asks to take the stroke back: Mai sees the question without scrolling.
    host.wait_for_function("window.cueboard.turn.seat === 0 && document.body.dataset.busy === ''")
    host.evaluate("(body) => window.cueboard.shoot(body)", BREAK)
    for p in (host, guest):
        p.wait_for_function("window.cueboard.m.shots === 1 && document.body.dataset.busy === ''")
    host.click("#takeback")
    asked = guest.locator("#takeback-asked")
    asked.wait_for()
    box = guest.locator("#takeback-accept").bounding_box()
    assert box is not None and box["y"] + box["height"] <= VIEWPORT["height"], box
    assert guest.evaluate("window.scrollY") == 0
    guest.click("#takeback-accept")
    for p in (host, guest):
        p.wait_for_function("window.cueboard.m.shots === 0 && document.body.dataset.busy === ''")
    # Mai closes her browser: Ann sees her away. Mai starts it again and opens the same link.
    guest_ctx.close()
    host.wait_for_selector("#presence li[data-seat='1'][data-presence='away']")
    guest_ctx, guest = _guest_browser(browser, profile)
    guest.on("pageerror", lambda e: errors.append(f"guest: {e}"))
    guest.goto(link)
    guest.wait_for_function(AT_TABLE)
    assert guest.evaluate("window.cueboard.m.id") == mid
    assert guest.url.endswith(f"/#/match/{mid}")  # (the used link leads to the table)
    assert guest.locator("#role").inner_text() == "You play: Mai"
    host.wait_for_selector("#presence li[data-seat='1'][data-presence='connected']")
    # and plays from her seat: Ann breaks again, Mai is to move and has the controls.
    host.evaluate("(body) => window.cueboard.shoot(body)", BREAK)
    guest.wait_for_function("window.cueboard.m.shots === 1 && document.body.dataset.busy === ''")
    guest.wait_for_selector("#controls", state="visible")
    guest_ctx.close()
    host_ctx.close()
    assert not errors, errors
