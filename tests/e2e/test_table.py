"""At the table as players expect, in headless Chromium at 1366×768 and on a 390×844
phone (portrait and landscape): a keyboard-only snooker stroke with fine aim, a placement dragged
to an illegal place (the reason shown live) and then to a legal one, a touch placement snapped onto
the crokinole shooting line, the double-click race that must not fire a stale aim, calls that name
the player and the ball, the choice after a foul said as such, delete asking first, the layout
(Shoot above the fold, no horizontal scrolling at 360 px)."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, api_call, click_world, page_point

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
PHONE_LANDSCAPE = {"width": 844, "height": 390}


@pytest.fixture
def open_page(server: Server, browser: Any) -> Iterator[Any]:
    """A factory of pages at a viewport (touch on phones), each checked for page errors."""
    made: list[tuple[Any, list[str]]] = []

    def make(viewport: dict[str, int] = LAPTOP, lang: str = "en") -> Any:
        ctx = browser.new_context(viewport=viewport, has_touch=viewport["width"] < 900, bypass_csp=True)
        pg = ctx.new_page()
        pg.set_default_timeout(60000)
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(server.url + "/")
        pg.wait_for_selector("body[data-ready='1']")  # the first load stores its language: then ours
        pg.evaluate(f"localStorage.setItem('cueboard.lang', '{lang}')")
        pg.reload()
        pg.wait_for_selector("body[data-ready='1']")
        made.append((pg, errors))
        return pg

    yield make
    for pg, errors in made:
        pg.context.close()
        assert not errors, errors


def new_match(page: Any, server: Server, game: str, names: tuple[str, ...] = ("Oleh", "Eve")) -> None:
    page.goto(server.url + "/#/")
    page.wait_for_selector("#start")
    page.select_option("select[name=game]", game)
    for i, name in enumerate(names):
        page.fill(f"input[name=player{i}]", name)
    page.click("#start")
    page.wait_for_selector("#table")
    page.wait_for_function("window.cueboard && window.cueboard.m && document.body.dataset.busy === ''")




def wait_idle(page: Any) -> None:
    page.wait_for_function("document.body.dataset.busy === '' && document.querySelector('#calls p') !== null",
                           timeout=60000)


def posted(page: Any, path_end: str) -> list[dict[str, Any]]:
    """Collects the JSON bodies the page POSTs to URLs ending with ``path_end``."""
    bodies: list[dict[str, Any]] = []
    page.on("request", lambda r: bodies.append(json.loads(r.post_data or "{}"))
            if r.method == "POST" and r.url.endswith(path_end) else None)
    return bodies


def test_keyboard_only_snooker_stroke_with_fine_aim(open_page: Any, server: Server) -> None:
    """Tab to the table, Enter places the cue ball in the D, the arrows turn the aim 0.05° a step
    (Shift: 0.5°), Enter shoots: the stroke sent is at exactly the angle read out."""
    page = open_page(LAPTOP)
    new_match(page, server, "snooker")
    shots = posted(page, "/shots")
    page.focus("#table")
    page.keyboard.press("Enter")  # the cue ball at the middle of the D
    page.wait_for_function("window.cueboard.ui.placed !== null")
    placed = page.evaluate("window.cueboard.ui.placed")
    spec = page.evaluate("window.cueboard.spec")
    assert math.hypot(placed[0], placed[1] - spec["baulk_y"]) <= spec["d_radius"]
    assert page.is_disabled("#shoot")  # not aimed yet: nothing to fire
    for _ in range(3):
        page.keyboard.press("ArrowLeft")  # 3 × 0.05° anticlockwise
    page.keyboard.press("Shift+ArrowRight")  # 0.5° clockwise
    assert page.inner_text("#angle-readout") == "Aim 89.65°"
    for _ in range(20):
        page.keyboard.press("ArrowUp")  # power +20 %
    assert page.inner_text("#speed-readout").startswith(f"{0.3 + 7.7 * 0.7:.2f} m/s · rolls about ")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert len(shots) == 1
    assert shots[0]["strike"]["angle"] == pytest.approx(89.65, abs=1e-9)
    assert shots[0]["strike"]["speed"] == pytest.approx(0.3 + 7.7 * 0.7, abs=1e-3)
    assert page.evaluate("window.cueboard.m.shots") == 1


def test_drag_placement_refused_then_accepted(open_page: Any, server: Server) -> None:
    """Dragging the cue ball outside the D shows the reason while it is there; released in the D
    it is placed where it was let go."""
    page = open_page(LAPTOP)
    new_match(page, server, "snooker")
    x0, y0 = page_point(page, 0.0, 1.2)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(*page_point(page, 0.0, 1.0), steps=3)
    page.wait_for_function("document.querySelector('#error').textContent.length > 0")
    assert page.inner_text("#error") == "The cue ball must be placed in the D."
    assert page.evaluate("window.cueboard.ui.placed") is None
    page.mouse.move(*page_point(page, 0.2, 0.6), steps=5)
    page.wait_for_function("document.querySelector('#error').textContent === ''")
    page.mouse.up()
    page.wait_for_function("window.cueboard.ui.placed !== null")
    assert page.evaluate("window.cueboard.ui.placed") == pytest.approx([0.2, 0.6], abs=0.01)


def test_touch_placement_snaps_to_the_crokinole_line(open_page: Any, server: Server) -> None:
    """A tap 6 px off the shooting line on a phone is a place on the line, not a refusal."""
    page = open_page(PHONE)
    new_match(page, server, "crokinole")
    seat = page.evaluate("window.cueboard.turn.seat")
    spec = page.evaluate("window.cueboard.spec")
    px_per_m = page.evaluate("(() => { const c = window.cueboard; const r = c.canvas.getBoundingClientRect();"
                             " return c.view.scale * r.width / c.canvas.width; })()")
    sign = -1 if seat == 0 else 1
    off = 6 / px_per_m
    page.touchscreen.tap(*page_point(page, 0.02, sign * (spec["shooting_radius"] - off)))
    page.wait_for_function("window.cueboard.ui.placed !== null")
    x, y = page.evaluate("window.cueboard.ui.placed")
    assert math.hypot(x, y) == pytest.approx(spec["shooting_radius"], abs=1e-6)
    assert page.inner_text("#error") == ""


def test_double_click_race_cannot_fire_a_stale_aim(open_page: Any, server: Server) -> None:
    """The placement's answer is held back by the network: a second click meanwhile is not a
    second placement, and Shoot cannot fire at an aim the player never set."""
    page = open_page(LAPTOP)
    new_match(page, server, "snooker")
    shots = posted(page, "/shots")

    def slow(route: Any) -> None:
        page.wait_for_timeout(700)
        route.continue_()

    page.route("**/placement", slow)
    target = page.evaluate("window.cueboard.pieces.find(p => p.colour === 'blue')")
    a = page_point(page, 0.2, 0.6)
    b = page_point(page, target["x"], target["y"])
    page.mouse.click(*a)
    page.mouse.click(*b)  # before the server has answered the placement
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    page.unroute("**/placement")
    assert page.evaluate("window.cueboard.ui.placed") == pytest.approx([0.2, 0.6], abs=0.01)
    assert page.is_disabled("#shoot")
    page.click("#shoot", force=True)
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert shots == []  # nothing fired at the default aim
    click_world(page, target["x"], target["y"])
    assert page.is_enabled("#shoot")
    page.fill("#power", "30")
    page.dispatch_event("#power", "input")
    page.click("#shoot")
    wait_idle(page)
    assert len(shots) == 1
    aim = math.degrees(math.atan2(target["y"] - 0.6, target["x"] - 0.2))
    assert shots[0]["strike"]["angle"] == pytest.approx(aim, abs=0.5)


def test_calls_name_the_player_the_ball_and_the_choice(open_page: Any, server: Server) -> None:
    """A foul names its offender and who gets the points; the choice after it says what was
    chosen; a crokinole 20 names its shooter."""
    page = open_page(LAPTOP)
    new_match(page, server, "snooker")
    first = page.evaluate("window.cueboard.nameOfSeat(window.cueboard.turn.seat)")
    other = "Eve" if first == "Oleh" else "Oleh"
    click_world(page, 0.0, 0.6)
    page.wait_for_function("window.cueboard.ui.placed !== null")
    click_world(page, 0.0, 0.2)  # into the baulk cushion: hits nothing
    page.fill("#power", "3")
    page.dispatch_event("#power", "input")
    page.click("#shoot")
    wait_idle(page)
    foul = f"Foul by {first} — the cue ball hit nothing. 4 to {other}."
    assert page.inner_text("#calls p").startswith(foul)
    page.click("#controls button[data-choice=put_back]")
    page.wait_for_function("window.cueboard.m.turn.action === 'strike' && document.body.dataset.busy === ''")
    assert page.inner_text("#calls") == f"{other} puts {first} in again, from where the balls lie."
    # crokinole: the example flick from the shooter's own side is a 20 (examples/crokinole-flick.json)
    new_match(page, server, "crokinole", ("Ann", "Bob"))
    seat = page.evaluate("window.cueboard.turn.seat")
    name = page.evaluate(f"window.cueboard.nameOfSeat({seat})")
    y = 0.3048 if seat == 2 else -0.3048
    angle = -90.0 if seat == 2 else 90.0
    body = {"declaration": {}, "strike": {"start": [0.0, y], "speed": 1.0, "angle": angle}}
    page.evaluate(f"window.cueboard.shoot({json.dumps(body)})")
    wait_idle(page)
    assert page.inner_text("#calls") == f"{name} scores a 20!"


def test_delete_asks_first(open_page: Any, server: Server) -> None:
    page = open_page(LAPTOP)
    new_match(page, server, "novuss")
    mid = page.evaluate("window.cueboard.m.id")
    page.click("#back")
    line = f"#unfinished li[data-match='{mid}']"
    page.wait_for_selector(line)
    page.click(f"{line} button.delete")
    assert page.inner_text(f"{line} .confirm").startswith("Delete this match for good?")
    page.click(f"{line} button[data-confirm=no]")
    assert page.locator(f"{line} button.delete").count() == 1
    page.click(f"{line} button.delete")
    page.click(f"{line} button[data-confirm=yes]")
    page.wait_for_selector(line, state="detached")
    status = page.evaluate(f"fetch('/api/matches/{mid}').then(r => r.status)")
    assert status == 404


@pytest.mark.parametrize(("viewport", "game"), [
    (LAPTOP, "snooker"), (PHONE, "snooker"), (PHONE_LANDSCAPE, "snooker"), (PHONE, "crokinole"),
    (PHONE_LANDSCAPE, "novuss")])
def test_layout_shoot_above_the_fold(open_page: Any, server: Server, viewport: dict[str, int],
                                     game: str) -> None:
    """The table and the Shoot button on screen together, with no horizontal scrolling."""
    page = open_page(viewport)
    new_match(page, server, game)
    top, bottom = page.evaluate("(() => { const r = document.querySelector('#shoot').getBoundingClientRect();"
                                " return [r.top, r.bottom]; })()")
    assert top >= 0 and bottom <= viewport["height"], (top, bottom)
    canvas_w, canvas_h = page.evaluate("(() => { const r = document.querySelector('#table')"
                                       ".getBoundingClientRect(); return [r.width, r.height]; })()")
    if viewport["height"] > viewport["width"]:
        # a phone held upright: the table across the whole width (a snooker table lengthways), the
        # stroke controls, scores, calls and replay under it (tests/e2e/test_layout.py)
        assert canvas_w >= 0.9 * viewport["width"], canvas_w
        assert canvas_h >= 0.2 * viewport["height"], canvas_h
    else:
        assert canvas_h >= 0.4 * viewport["height"], canvas_h
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


def test_no_horizontal_scrolling_at_360_px(open_page: Any, server: Server) -> None:
    page = open_page({"width": 360, "height": 740})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for game in ("snooker", "crokinole", "novuss"):
        new_match(page, server, game)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, game



def _finished_one_round(server: Server) -> str:
    """A one-round tournament crokinole game played to its end by two AI players through the API."""
    ai = {"kind": "ai", "level": "beginner"}
    m = api_call(server, "POST", "/api/matches", {"game": "crokinole", "seed": 5,
                                              "players": [{"name": "Hal", **ai}, {"name": "Eve", **ai}],
                                              "settings": {"variant": "tournament", "rounds": 1}})
    host = m["online"]["host_token"]  # AI v AI: the host asks for the turns
    for _ in range(40):
        if m["status"] != "playing":
            break
        m = api_call(server, "POST", f"/api/matches/{m['id']}/ai", version=m["version"], token=host)["match"]
    assert m["status"] == "finished"
    return str(m["id"])


def test_end_screen_rematch_replay_speed_and_step_scoreboard(open_page: Any, server: Server) -> None:
    """A finished game opens on its summary (20s, round points, strokes counted from the stored
    shots); Close shows the table; a replay pauses and resumes; stepping to the first shot shows
    the scoreboard as it stood then, not the final one; Rematch starts the same players again."""
    mid = _finished_one_round(server)
    shots = api_call(server, "GET", f"/api/matches/{mid}/shots")
    page = open_page(LAPTOP)
    page.goto(server.url + f"/#/match/{mid}")
    page.wait_for_selector("#end table.summary")
    summary = page.inner_text("#end")
    strokes = [sum(1 for s in shots if s["seat"] == seat) for seat in (0, 2)]
    assert f"Strokes\t{strokes[0]}\t{strokes[1]}" in summary, summary
    twenties = [sum(len([d for d in s["ruling"]["twenties"] if d.startswith(f"s{seat}-")]) for s in shots)
                for seat in (0, 2)]
    assert f"20s\t{twenties[0]}\t{twenties[1]}" in summary, summary
    page.click("#end-close")
    page.wait_for_selector("#end", state="detached")
    # pause: the replay holds still until resumed
    page.click("#replay-last")
    page.click("#pause")
    page.wait_for_timeout(800)
    assert page.evaluate("document.body.dataset.busy") == "1"
    page.select_option("#replay-speed", "4")
    page.click("#pause")
    page.wait_for_function("document.body.dataset.busy === ''", timeout=20000)
    # the scoreboard as the first shot left it
    first = page.locator("#shotlist li button").first
    first.click()
    page.wait_for_function("document.querySelector('#score-at') !== null"
                           " && document.body.dataset.busy === ''", timeout=30000)
    assert page.inner_text("#score-at") == "Scoreboard after shot 1"
    after = api_call(server, "GET", f"/api/matches/{mid}/shots/0")["scoreboard_after"]
    final = api_call(server, "GET", f"/api/matches/{mid}")["scoreboard"]
    shown = page.evaluate("[...document.querySelectorAll('#scores tr')].find(r => r.children.length > 2"
                          " && r.children[0].textContent === 'Discs left')"
                          ".querySelectorAll('td')[0].textContent")
    assert int(shown) == after["sides"][0]["extra"][2]["value"] != final["sides"][0]["extra"][2]["value"]
    # rematch: the same players, a new game
    page.reload()
    page.wait_for_selector("#rematch")
    page.click("#rematch")
    page.wait_for_function(f"window.cueboard && window.cueboard.m && window.cueboard.m.id !== '{mid}'")
    assert [p["name"] for p in page.evaluate("window.cueboard.players()")] == ["Hal", "Eve"]
    assert page.evaluate("window.cueboard.m.status") == "playing"
    page.click("#back")


def test_a_person_concedes_after_confirming(open_page: Any, server: Server) -> None:
    """Concede asks first; "No" keeps playing; "Yes" ends the crokinole game, said as a concession
    (not as a fair shot), and the end screen names the winner."""
    page = open_page(LAPTOP)
    new_match(page, server, "crokinole", ("Ann", "Bob"))
    mover = page.evaluate("window.cueboard.nameOfSeat(window.cueboard.turn.seat)")
    winner = "Bob" if mover == "Ann" else "Ann"
    page.click("#concede")
    page.click("#concede-no")
    assert page.evaluate("window.cueboard.m.status") == "playing"
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#end table.summary")
    assert page.inner_text("#calls").startswith(f"{mover} concedes the game.")
    assert page.inner_text("#end-title") == f"{winner} wins the game"


def _place_and_aim(page: Any, distance: float) -> None:
    """Place the piece of the seat to play (0 at the bottom, 2 at the top) ``distance`` from the
    centre on the board's middle line and aim it straight across, through the centre."""
    sign = -1 if page.evaluate("window.cueboard.turn.seat") == 0 else 1
    click_world(page, 0.0, sign * distance)
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    page.evaluate(f"window.cueboard.setAngle({90 if sign < 0 else 270}, true)")
    page.focus("#table")


def test_dragging_the_power_never_turns_the_aim(open_page: Any, server: Server) -> None:
    """Aim at a point up the table, reach for the cue ball along the aim line, press, drag back
    0.2 m and let go: the aim is the same to the hundredth of a degree, the power 0.2 / 0.45 of
    the full drag (input.js PULL)."""
    page = open_page(LAPTOP)
    new_match(page, server, "snooker")
    click_world(page, 0.1, 0.6)  # the cue ball in the D
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    cue = page.evaluate("window.cueboard.ui.placed")
    target = (cue[0] + 0.3, cue[1] + 1.5)
    page.mouse.move(*page_point(page, *target))
    angle = page.evaluate("window.cueboard.ui.angle")
    assert angle == pytest.approx(math.degrees(math.atan2(1.5, 0.3)), abs=0.5)
    page.mouse.move(*page_point(page, *cue), steps=15)  # along the aim line onto the cue ball
    page.mouse.down()
    d = (0.3 / math.hypot(0.3, 1.5), 1.5 / math.hypot(0.3, 1.5))
    page.mouse.move(*page_point(page, cue[0] - 0.2 * d[0], cue[1] - 0.2 * d[1]), steps=15)
    page.mouse.up()
    assert page.evaluate("window.cueboard.ui.angle") == angle
    assert page.evaluate("window.cueboard.ui.power") == pytest.approx(0.2 / 0.45, abs=0.03)


def test_the_default_powers_play_sensible_shots(open_page: Any, server: Server) -> None:
    """Crokinole: the first disc flicked at the centre with the power as it starts (0.7 m/s) stops
    in the 15 zone (within 4 in of the centre, NCA board), a fair open shot; the readout says how
    far it goes (v^2 / 2 mu g with mu 0.10: 0.25 m). Novuss: the striker played from the middle of
    the edge zone at 1.5 m/s crosses the board and reaches an own disc on the far side: no penalty."""
    page = open_page(LAPTOP)
    new_match(page, server, "crokinole")
    assert page.inner_text("#speed-readout") == "0.70 m/s · travels about 0.25 m"
    _place_and_aim(page, 0.3048)
    page.keyboard.press("Enter")
    wait_idle(page)
    disc = page.evaluate("window.cueboard.m.position.pieces.filter(p => p.state === 'on_table')")
    assert len(disc) == 1
    r = math.hypot(disc[0]["x"], disc[0]["y"])
    assert 0.0175 < r < 0.1016, r
    new_match(page, server, "novuss")
    assert page.inner_text("#speed-readout") == "1.50 m/s · travels about 1.04 m"
    _place_and_aim(page, 0.44)
    page.keyboard.press("Enter")
    wait_idle(page)
    last = page.evaluate("window.cueboard.m.state.last")
    keys = [c["key"] for c in last["announcements"]]
    assert "ref.novuss.penalty" not in keys, keys  # it reached an own disc: no case 1 (touched none)
