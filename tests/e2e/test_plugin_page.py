"""A game installed by entry point alone (the toy shuffleboard of tests/plugins, with no page
modules of its own) played in the browser from the lobby to the end screen through the generic
page modules (games/generic/): the puck starts where the spec's board begins (its origin), the
pointer aims and fixes the aim, the power slider sets the speed, Shoot strikes; its referee's calls
read plainly with the player's name, and the end screen names the winner.

The scores are worked by hand from the toy's closed form (a puck slides v² / (2 μ g), μ = 0.2,
g = 9.81; 3 points within 0.1 m of the target line at 1.5 m, 1 within 0.3 m): power 80 of 100 is
0.1 + 2.9 × 0.80 = 2.42 m/s, 1.49 m: 3; power 62, 1.90 m/s, 0.92 m: 0; power 72, 2.19 m/s, 1.22 m
(0.28 short): 1. Ann 3 + 3 = 6, Bo 0 + 1 = 1."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, click_world, lobby_page

pytestmark = pytest.mark.browser

PLUGINS = Path(__file__).parents[1] / "plugins"
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def shuffle_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the toy game installed: a distribution's metadata with its ``cueboard.games``
    entry point, and the package, on the server process's path (what ``pip install`` leaves)."""
    tmp = tmp_path_factory.mktemp("plugin")
    info = tmp / "toyshuffle-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyshuffle\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[cueboard.games]\nshuffle = toyshuffle:GAME\n")
    srv = Server(f"sqlite:///{tmp / 'e2e.sqlite3'}", tmp / "server.log")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PYTHONPATH", f"{tmp}:{PLUGINS}")
        srv.start()
    yield srv
    srv.stop()


def test_the_toy_game_is_played_from_the_lobby_to_the_end_screen(
        browser: Any, shuffle_server: Server) -> None:
    with lobby_page(browser, shuffle_server, viewport=LAPTOP) as page:
        page.goto(shuffle_server.url + "/#/")
        page.wait_for_selector("#start")
        page.select_option("select[name=game]", "shuffle")
        page.fill("input[name=player0]", "Ann")
        page.fill("input[name=player1]", "Bo")
        page.click("#start")
        page.wait_for_function("window.cueboard && window.cueboard.m && document.body.dataset.busy === ''")
        # the puck to strike is not on the board yet: it starts at the board's origin
        assert page.evaluate("window.cueboard.cuePosition()") == [0, 0]
        assert page.is_disabled("#shoot")  # not aimed yet
        for k, (power, readout, calls) in enumerate([
            (80, "2.42 m/s · travels about 1.49 m", "Ann — points: 3"),
            (62, "1.90 m/s · travels about 0.92 m", "Bo — points: 0"),
            (80, "2.42 m/s · travels about 1.49 m", "Ann — points: 3"),
            (72, "2.19 m/s · travels about 1.22 m", "Bo — points: 1"),
        ]):
            click_world(page, 0.0, 1.5)  # aim up the board at the target line and fix the aim
            assert abs(page.evaluate("window.cueboard.ui.angle") - 90) < 0.5
            page.locator("#power").fill(str(power))
            assert page.inner_text("#speed-readout") == readout
            page.click("#shoot")
            page.wait_for_function(f"window.cueboard.m.shots === {k + 1} && document.body.dataset.busy === ''"
                                   " && document.querySelector('#calls p') !== null")
            assert page.locator("#calls p").all_inner_texts() == [calls]
        page.wait_for_selector("#end #rematch")
        assert page.inner_text("#end h2") == "Ann wins the game"
        rows = page.evaluate("[...document.querySelectorAll('#end table.summary tr')].map((tr) =>"
                             " [...tr.children].map((c) => c.textContent))")
        assert ["Score", "6", "1"] in rows and ["Strokes", "2", "2"] in rows
        pucks = page.evaluate("window.cueboard.pieces.map((p) => [p.id, p.owner, Math.round(p.y * 100)])")
        assert pucks == [["puck0", 0, 149], ["puck1", 1, 92], ["puck2", 0, 149], ["puck3", 1, 122]]
