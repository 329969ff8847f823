"""The lobby's list of finished matches: a snooker match of several frames is won on frames
(WPBSA Section 4 Rule 1), so its line shows the frames won, not the last frame's points."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import CHROMIUM, Server, api_call, lobby_page

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/ensure-chromium.sh installs it)", allow_module_level=True)


@pytest.fixture(scope="module")
def page(server: Server, browser: Any) -> Iterator[Any]:
    with lobby_page(browser, server, viewport={"width": 1280, "height": 820}) as pg:
        yield pg


def test_a_finished_best_of_3_shows_the_frames_won(page: Any, server: Server) -> None:
    """Best of 3, each frame conceded at the break-off by the player to move (WPBSA Section 4
    Rule 6): Ann concedes frame 1, Bo frame 2, Ann frame 3 — Bo wins 2 frames to 1, while the last
    frame's points are 0 to 0 (conceded before a stroke)."""
    players = [{"name": "Ann"}, {"name": "Bo"}]
    m = api_call(server, "POST", "/api/matches", {"game": "snooker", "players": players, "seed": 0,
                                                  "settings": {"best_of": 3}})
    mid, token = str(m["id"]), m["online"]["host_token"]
    seats = {s["seat"]: s["token"] for s in m["online"]["seats"]}
    for _ in range(3):
        m = api_call(server, "POST", f"/api/matches/{mid}/concede", version=m["version"],
                     token=seats[m["turn"]["seat"]])["match"]
    assert m["status"] == "finished"
    published = api_call(server, "POST", f"/api/matches/{mid}/publish", {"public": True}, token=token)
    assert published == {"public": True}
    page.goto(server.url + "/#/")
    page.reload()
    line = f"#finished li[data-match='{mid}'] .what"
    page.wait_for_function(f"() => document.querySelector(\"{line}\")?.textContent.includes('Frames')")
    assert page.inner_text(line).endswith("Frames 1 : 2")
