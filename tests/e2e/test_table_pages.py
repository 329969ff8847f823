"""The table drawn and worded by each game's page module, in headless Chromium at 1366×768: each
side's colour beside its name on the scoreboard (crokinole's light and dark discs, novuss's white
and black, none in snooker where the players share the balls), the status's whole text on
hover and Concede where the rules have a concession, novuss calls that name the player,
and a finished match's replay closed back onto its end screen with Rematch."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, click_world, lobby_page
from test_table import _finished_one_round, new_match

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
# The sides' colours as the page paints the discs: crokinole light #efd9a7 and dark #3b2716, novuss
# white #f2efe6 and black #1c1c1c (CSS computes them as rgb()).
SIDE_COLOURS = {
    "crokinole": ["rgb(239, 217, 167)", "rgb(59, 39, 22)"],
    "novuss": ["rgb(242, 239, 230)", "rgb(28, 28, 28)"],
    "snooker": [None, None],
}


@pytest.mark.parametrize("game", ["crokinole", "novuss", "snooker"])
def test_each_side_s_colour_beside_its_name(browser: Any, server: Server, game: str) -> None:
    with lobby_page(browser, server, viewport=LAPTOP) as page:
        new_match(page, server, game, ("Bohdan", "Eve"))
        heads = page.evaluate("[...document.querySelectorAll('#scores th.name')].map((th) => [th.textContent,"
                              " th.title, th.querySelector('.swatch')?.style.background ?? null])")
        assert heads == [[n, n, c] for n, c in zip(("Bohdan", "Eve"), SIDE_COLOURS[game], strict=True)]
        # the status line (cut with an ellipsis on a narrow screen) keeps its whole text on hover
        title, text = page.evaluate("[document.querySelector('#status').title,"
                                    " document.querySelector('#status').textContent]")
        assert title == text and ("Bohdan" in text or "Eve" in text)
        # Concede where the rules have a concession (snooker's frame, crokinole's game; none in
        # novuss), read from the game's capabilities
        assert page.locator("#concede").count() == (0 if game == "novuss" else 1)


def test_novuss_calls_name_the_player(browser: Any, server: Server) -> None:
    with lobby_page(browser, server, viewport=LAPTOP) as page:
        new_match(page, server, "novuss", ("Bohdan", "Eve"))
        click_world(page, -0.2, -0.44)
        page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
        at = page.evaluate("window.cueboard.ui.placed")
        # straight at an opponent's disc: a penalty disc (rule 2), said with the striker's name
        theirs = page.evaluate("window.cueboard.pieces.find((p) => p.kind === 'disc' && p.owner === 1"
                               " && p.y < 0)")
        angle = math.degrees(math.atan2(theirs["y"] - at[1], theirs["x"] - at[0]))
        page.evaluate(f"window.cueboard.setAngle({angle}, true)")
        page.click("#shoot")
        page.wait_for_function("window.cueboard.m.shots === 1 && document.body.dataset.busy === ''"
                               " && document.querySelector('#calls p') !== null")
        calls = page.locator("#calls p").all_inner_texts()
        assert any(c.startswith("Penalty disc for Bohdan: ") for c in calls), calls
        assert all("Bohdan" in c or "Eve" in c for c in calls), calls


def test_closing_a_replay_brings_back_the_end_screen(browser: Any, server: Server) -> None:
    """A replay started from a finished game's end screen puts the screen aside to show the table;
    "Close the replay" brings it back with its Rematch — also after the end screen was closed and
    a shot stepped to."""
    mid = _finished_one_round(server)
    with lobby_page(browser, server, viewport=LAPTOP) as page:
        page.goto(server.url + f"/#/match/{mid}")
        page.wait_for_selector("#end #rematch")
        summary = page.inner_text("#end table.summary")
        assert not page.is_visible("#replay-close")
        page.click("#replay-last")
        page.wait_for_selector("#end", state="detached")
        page.wait_for_function("document.body.dataset.busy === ''", timeout=30000)
        page.click("#replay-close")
        page.wait_for_selector("#end #rematch")
        assert page.inner_text("#end table.summary") == summary
        assert not page.is_visible("#replay-close")
        # closed, then a shot stepped to: the scoreboard as it stood, until the replay is closed
        page.click("#end-close")
        page.wait_for_selector("#end", state="detached")
        page.locator("#shotlist li button").first.dispatch_event("click")
        page.wait_for_function("document.querySelector('#score-at') !== null"
                               " && document.body.dataset.busy === ''", timeout=30000)
        page.click("#replay-close")
        page.wait_for_selector("#end #rematch")
        assert page.locator("#score-at").count() == 0
        page.click("#rematch")
        page.wait_for_function(f"window.cueboard && window.cueboard.m && window.cueboard.m.id !== '{mid}'")
        assert page.evaluate("window.cueboard.m.status") == "playing"


def test_the_generic_module_draws_a_game_without_its_own(browser: Any, server: Server) -> None:
    """A game with no page modules (the toy shuffleboard of tests/plugins: a 2 m × 0.6 m board,
    pucks of 30 mm, μ 0.2) is drawn by games/generic/table.js: its rectangle lengthways on a wide
    screen, each side's pucks in its colour, the power's reach from its friction (2.4 m/s:
    2.4² / (2 · 0.2 · 9.81) = 1.47 m) and a strike of speed and angle."""
    with lobby_page(browser, server, viewport=LAPTOP) as page:
        got = page.evaluate("""async () => {
          const g = await import("/static/js/games/generic/table.js");
          const { View, drawBoard, drawPieces } = await import("/static/js/draw.js");
          const spec = { length: 2.0, width: 0.6, target_y: 1.5, puck_radius: 0.03, mu: 0.2 };
          const canvas = document.createElement("canvas");
          canvas.style.width = "600px";
          document.body.append(canvas);
          const view = new View(g, spec, canvas), ctx = canvas.getContext("2d");
          view.sideOf = { 0: 0, 1: 1 };
          drawBoard(ctx, view, 0);
          drawPieces(ctx, view, [{ id: "puck0", kind: "puck", owner: 0, x: 0, y: 1.5, state: "on_table" },
                                 { id: "puck1", kind: "puck", owner: 1, x: 0.1, y: 1.0, state: "on_table" }]);
          const at = (x, y) => { const [a, b] = view.toScreen(x, y);
            return [...ctx.getImageData(Math.round(a), Math.round(b), 1, 1).data].slice(0, 3); };
          return { turned: view.frame.turned, radius: view.radiusOf({ kind: "puck" }), bed: at(0.25, 0.2),
                   puck0: at(0, 1.5), puck1: at(0.1, 1.0), beyond: at(0.5, 1.0),
                   travel: g.travelText(spec, 2.4), body: g.strikeBody({ placed: null }, 2.4, 90) };
        }""")
    assert got["turned"] is True and got["radius"] == 0.03
    assert got["bed"] == [216, 195, 154]  # the board (#d8c39a)
    assert got["puck0"] == [242, 239, 230] and got["puck1"] == [196, 18, 31]  # side 0, side 1
    assert got["beyond"] == [0, 0, 0]  # nothing drawn off the board's rectangle
    assert got["travel"] == "travels about 1.47 m"
    assert got["body"] == {"declaration": {}, "strike": {"speed": 2.4, "angle": 90}}
