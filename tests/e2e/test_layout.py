"""Everything a player needs in view at once, without scrolling, in headless Chromium at 1366×768,
1920×1080, a 390×844 phone held upright (touch, device scale 3) and 844×390 held sideways: for a
match of each game against the computer the whole table, both players' names and scores, the
referee's calls, the stroke controls (Shoot, the fine aim, the power, snooker's cue elevation) and
the replay's controls; the choice after a snooker foul; the replay open (the shot list and a shot
being replayed, paused); the end screen with its Rematch, the replay after it is closed, and the end
screen again when the replay is closed.

"In view" is checked on the boxes the browser lays out: each element lies wholly inside the
viewport and inside every box that clips it (a card or a column that scrolls within itself), and
the page itself does not scroll. Every screen is checked in English; the three screens where space
is short are checked again in Russian, Ukrainian and Vietnamese, whose labels and calls run
longest. One browser context per screen and language, reused for all its matches."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, api_call, axe_serious, page_point

pytestmark = pytest.mark.browser

SCREENS: dict[str, dict[str, Any]] = {
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
    "1920x1080": {"viewport": {"width": 1920, "height": 1080}},
    "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                "device_scale_factor": 3},
    "844x390": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
}
VS_AI = [{"name": "Oleh", "kind": "human"}, {"name": "Eve", "kind": "ai", "level": "beginner"}]
TWO_PEOPLE = [{"name": "Oleh", "kind": "human"}, {"name": "Eve", "kind": "human"}]
IDLE = ("window.cueboard && window.cueboard.m && document.body.dataset.busy === ''"
        " && (window.cueboard.m.status !== 'playing' || window.cueboard.turn.player?.kind !== 'ai')")
# Always on the match screen: the table, both players' names and scores, the referee's calls.
TABLE = ["#table", "#scores", "#scores th.name", "#calls"]
REPLAY = ["#replay-last", "#replay-frame", "#replay-speed", "#pause"]
SHOT_LIST = ["#shotlist-box > summary", "#shotlist", "#step-prev", "#step-next"]
STROKE = ["#shoot", "#fine", "#power"]
END = ["#end", "#rematch", "#end-close"]

# For every element matched by each selector: why it is not wholly in view (outside the viewport,
# or outside a box that clips it: overflow other than visible), or nothing when it is.
NOT_IN_VIEW = """(selectors) => {
  const out = [], px = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(', ');
  const outside = (r, c) => r.left < c.left - 0.5 || r.top < c.top - 0.5
    || r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5;
  const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  for (const sel of selectors) {
    const els = [...document.querySelectorAll(sel)];
    if (!els.length) out.push(`${sel}: missing`);
    for (const e of els) {
      const r = e.getBoundingClientRect(), box = `${sel} [${px(r)}]`;
      if (r.width === 0 || r.height === 0) { out.push(`${box}: not shown`); continue; }
      if (outside(r, view)) { out.push(`${box}: outside the viewport`); continue; }
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        if (outside(r, c)) { out.push(`${box}: cut by ${a.id || a.className} [${px(c)}]`); break; }
      }
    }
  }
  const d = document.scrollingElement;
  if (d.scrollHeight > innerHeight || d.scrollWidth > innerWidth) {
    out.push(`the page scrolls: ${d.scrollWidth}x${d.scrollHeight}`);
  }
  return out;
}"""


# Every control a finger may touch — buttons, inputs, selects, sliders, check boxes, the summaries
# of folds, links —: its hit box at least 44×44 CSS px (WCAG 2.2, 2.5.5 Target Size; Apple's Human
# Interface Guidelines: 44 pt), a check box's or radio's labels counting for it (a click on them
# toggles it), and once scrolled into view within the boxes that scroll (not the match page: it
# never scrolls), wholly inside the viewport and every box that clips it. The scroll positions
# are put back after.
MIN_TARGET = 44
SMALL_TARGETS = """(min) => {
  const out = [], px = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(', ');
  const outside = (r, c) => r.left < c.left - 0.5 || r.top < c.top - 0.5
    || r.right > c.right + 0.5 || r.bottom > c.bottom + 0.5;
  const size = (b) => { const r = b.getBoundingClientRect();
    return `${r.width.toFixed(1)}x${r.height.toFixed(1)}`; };
  const big = (b) => { const r = b.getBoundingClientRect();
    return r.width >= min - 0.5 && r.height >= min - 0.5; };
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && e.checkVisibility({ visibilityProperty: true }); };
  const name = (e) => e.id ? '#' + e.id : `${e.tagName.toLowerCase()}${e.name ? `[name=${e.name}]` : ''}`
    + ` "${(e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 24)}"`;
  const scrolled = [...document.querySelectorAll('*')].filter((e) => e.scrollTop || e.scrollLeft)
    .map((e) => [e, e.scrollTop, e.scrollLeft]);
  const [wx, wy] = [scrollX, scrollY], view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const sel = 'button, input:not([type=hidden]), select, textarea, summary, a[href],'
    + ' [role=slider], [role=button], [role=checkbox]';
  for (const e of [...document.querySelectorAll(sel)].filter(shown)) {
    const boxes = ['checkbox', 'radio'].includes(e.type) ? [e, ...e.labels].filter(shown) : [e];
    const target = boxes.find(big);
    if (!target) { out.push(`${name(e)}: ${boxes.map(size).join(' / ')} < ${min}x${min}`); continue; }
    target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = target.getBoundingClientRect();
    if (outside(r, view)) { out.push(`${name(e)} [${px(r)}]: outside the viewport`); continue; }
    for (let a = target.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (outside(r, c)) {
        out.push(`${name(e)} [${px(r)}]: cut by ${a.id || a.className} [${px(c)}]`);
        break;
      }
    }
  }
  for (const e of document.querySelectorAll('*')) {
    if (e.scrollTop || e.scrollLeft) { e.scrollTop = 0; e.scrollLeft = 0; }
  }
  for (const [e, top, left] of scrolled) { e.scrollTop = top; e.scrollLeft = left; }
  scrollTo(wx, wy);
  return out;
}"""
# Points of an element (its middle and near its corners) where the open shot list lies on top of
# it, or nothing when it shows there.
UNDER_SHOT_LIST = """(sel) => {
  const e = document.querySelector(sel), r = e.getBoundingClientRect(), out = [];
  for (const [fx, fy] of [[.5, .5], [.1, .1], [.9, .1], [.1, .9], [.9, .9]]) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    if (document.elementFromPoint(x, y)?.closest('#shotlist-box')) out.push([Math.round(x), Math.round(y)]);
  }
  return out;
}"""


def assert_touch_targets(page: Any, what: str) -> None:
    small = page.evaluate(SMALL_TARGETS, MIN_TARGET)
    assert small == [], f"{what}: touch targets {small}"


def assert_in_view(page: Any, selectors: list[str], what: str) -> None:
    problems = page.evaluate(NOT_IN_VIEW, selectors)
    assert problems == [], f"{what}: {problems}"
    # the players' names (short ones: Oleh, Eve) whole on the scoreboard, not cut to an ellipsis
    cut = page.evaluate("[...document.querySelectorAll('#scores th.name')]"
                        ".filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent)")
    assert cut == [], f"{what}: names cut {cut}"
    if page.evaluate("!!document.querySelector('#shotlist-box[open]')"):
        assert page.evaluate(UNDER_SHOT_LIST, "#calls") == [], f"{what}: the calls under the shot list"
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):  # a touch screen
        assert_touch_targets(page, what)


def open_match(page: Any, game: str, players: list[dict[str, str]]) -> None:
    """Create a match as the lobby does (the page's own request, so that this browser holds the
    person's seats), open it and wait until the person is to move."""
    body = {"game": game, "seed": 3, "players": players}
    mid = page.evaluate("(b) => fetch('/api/matches', {method: 'POST', body: JSON.stringify(b),"
                        " headers: {'Content-Type': 'application/json'}})"
                        ".then((r) => r.json()).then((m) => m.id)", body)
    page.goto(page.url.split("#")[0] + f"#/match/{mid}")
    page.wait_for_selector("#table")
    page.wait_for_function(IDLE)
    if page.evaluate("window.cueboard.m.status === 'playing' && window.cueboard.turn.action === 'choose'"):
        page.click("#controls .choices button")  # after the computer's foul: the rules' first choice
        page.wait_for_function(IDLE)


# The piece in hand put down where the rules allow (the middle of the turn's placement box: the
# D, the striker's zone; on crokinole's shooting line its middle, on the arc) and an aim fixed,
# as a click on the table does.
AIM = """(() => {
  const c = window.cueboard, p = c.turn.placement;
  if (p) {
    const [x0, y0, x1, y1] = p.bounds;
    const y = p.kind === 'shooting_line' ? (Math.abs(y0) > Math.abs(y1) ? y0 : y1) : (y0 + y1) / 2;
    c.ui.placed = [p.kind === 'shooting_line' ? 0 : (x0 + x1) / 2, y];
  }
  c.setAngle(90, true); c.refresh();
})()"""


def replay_open(page: Any) -> None:
    """The shot list opened and the last shot replayed, held paused half-way."""
    if not page.evaluate("document.querySelector('#shotlist-box').open"):
        page.click("#shotlist-box > summary")
    page.wait_for_selector("#shotlist li")
    page.click("#replay-last")
    page.click("#pause")
    page.wait_for_function("document.querySelector('#pause').getAttribute('aria-pressed') === 'true'")


def resume(page: Any) -> None:
    page.click("#pause")
    page.wait_for_function("document.body.dataset.busy === ''", timeout=30000)


# Every screen in English; the screens where space is short also in the languages whose labels and
# calls run longest (Russian, Ukrainian, Vietnamese: the scoreboard's labels wrap, the referee's
# calls take a line more, the replay card's summaries share their row or not). Chinese is shorter
# than English on every label.
LONG_LANGUAGES = ("ru", "uk", "vi")
SCREEN_LANGUAGES = [(size, "en") for size in SCREENS] + [
    (size, lang) for lang in LONG_LANGUAGES for size in ("1366x768", "390x844", "844x390")]


@pytest.fixture(params=SCREEN_LANGUAGES, ids=[f"{size}-{lang}" for size, lang in SCREEN_LANGUAGES])
def screen(request: pytest.FixtureRequest, server: Server, browser: Any) -> Iterator[tuple[str, Any]]:
    size, lang = request.param
    ctx = browser.new_context(bypass_csp=True, **SCREENS[size])
    page = ctx.new_page()
    page.set_default_timeout(60000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(f"localStorage.setItem('cueboard.lang', '{lang}')")  # the page's own choice
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == lang
    yield f"{size} {lang}", page
    ctx.close()
    assert not errors, errors


def test_everything_in_view(screen: tuple[str, Any]) -> None:
    size, page = screen
    touch = SCREENS[size.split()[0]].get("has_touch")
    if touch:  # the lobby: its doors, its form and its options open
        assert_touch_targets(page, f"{size} lobby")
        page.click("#lobby-options > summary")
        assert_touch_targets(page, f"{size} lobby, options open")
    strip = ["#fine-strip"] if touch else []  # a finger's fine aim
    # each game against the computer: the person to play, then aiming
    for game, own in (("snooker", ["#elevation"]), ("crokinole", []), ("novuss", [])):
        open_match(page, game, VS_AI)
        assert_in_view(page, [*TABLE, "#shoot", "#power", *own, *REPLAY], f"{size} {game}")
        page.evaluate(AIM)
        page.wait_for_selector("#shoot:not([disabled])")
        assert_in_view(page, [*TABLE, *STROKE, *own, *strip, *REPLAY], f"{size} {game} aiming")
        if game == "snooker":
            assert axe_serious(page) == [], size

    # a snooker foul (the cue ball from the D into the baulk cushion, hitting no ball: S3 R12):
    # the other player chooses; then the replay opened over it
    open_match(page, "snooker", TWO_PEOPLE)
    page.evaluate("(() => { const c = window.cueboard, [x0, y0, x1, y1] = c.turn.placement.bounds;"
                  " return c.shoot({declaration: {}, strike: {place_cue_ball: [(x0 + x1) / 2, (y0 + y1) / 2],"
                  " speed: 1.0, angle: -90, side: 0, top: 0}}); })()")
    page.wait_for_function("window.cueboard.turn.action === 'choose' && document.body.dataset.busy === ''")
    choices = "#controls .choices button"
    assert page.locator(choices).count() >= 2
    assert_in_view(page, [*TABLE, choices, *REPLAY], f"{size} snooker choice")
    assert axe_serious(page) == [], size
    replay_open(page)
    assert_in_view(page, [*TABLE, choices, *REPLAY, *SHOT_LIST], f"{size} replay open")
    resume(page)

    # a crokinole game conceded after a first flick (from the middle of the shooter's shooting
    # line straight at the centre): the end screen; closed, the replay (its shot list open by
    # itself on a finished match); the replay closed, the end screen again
    open_match(page, "crokinole", TWO_PEOPLE)
    page.evaluate("(() => { const c = window.cueboard, top = c.turn.seat === 2;"
                  " return c.shoot({declaration: {}, strike: {start: [0, top ? 0.3048 : -0.3048], speed: 1.0,"
                  " angle: top ? -90 : 90}}); })()")
    page.wait_for_function(IDLE + " && window.cueboard.m.shots === 1")
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#rematch")
    assert_in_view(page, [*TABLE, *END], f"{size} end screen")
    page.click("#end-close")
    page.wait_for_selector("#end", state="detached")
    replay_open(page)
    assert_in_view(page, [*TABLE, *REPLAY, *SHOT_LIST, "#replay-close"], f"{size} finished, replay open")
    resume(page)
    page.click("#replay-close")
    page.wait_for_selector("#rematch")
    assert_in_view(page, [*TABLE, *END], f"{size} end screen again")


def page_state(page: Any) -> Any:
    """What the table page holds (its turn, its aim, whether it is busy, the error it shows): the
    message of a failed wait, so that a failure says where the page stood."""
    return page.evaluate("(() => { const s = window.cueboard; return s && { ui: { placed: s.ui.placed,"
                         " aimed: s.ui.aimed, fixed: s.ui.fixed, busy: s.ui.busy, end: s.ui.end },"
                         " canShoot: s.canShoot(), shots: s.m.shots, status: s.m.status,"
                         " error: document.querySelector('#error')?.textContent,"
                         " shoot: document.querySelector('#shoot')?.disabled }; })()")


def test_upright_phone_snooker_drawn_across_and_aimed_by_a_finger(server: Server, browser: Any) -> None:
    """On a phone held upright the snooker table is drawn across the screen's width, baulk on the
    left (the table's length to the right, its width down the screen), at more than 90 CSS px a
    metre (61 when it was drawn along the screen in the height the controls leave). A finger
    dragged over the table aims from the cue ball to where it is lifted: lifted 120 px right of
    and 40 px above the cue ball, the aim is 120 px up the table's length and 40 px towards its
    left cushion, atan2(120, -40) = 108.43°; the cue is drawn behind the ball along that line, and
    the stroke the server records has that angle."""
    ctx = browser.new_context(bypass_csp=True, **SCREENS["390x844"])
    page = ctx.new_page()
    page.set_default_timeout(60000)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    open_match(page, "snooker", TWO_PEOPLE)
    px_per_m = page.evaluate("(() => { const v = window.cueboard.view;"
                             " return v.scale * v.canvas.clientWidth / v.canvas.width; })()")
    assert page.evaluate("window.cueboard.view.frame.turned") is True
    assert px_per_m > 90, px_per_m
    baulk = page.evaluate("window.cueboard.spec.baulk_y")
    page.touchscreen.tap(*page_point(page, 0.05, baulk - 0.1))  # the cue ball in the D
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    cx, cy = page_point(page, *page.evaluate("window.cueboard.ui.placed"))
    cdp = page.context.new_cdp_session(page)
    path = [(cx + 60, cy + 50), (cx + 90, cy), (cx + 110, cy - 30), (cx + 120, cy - 40)]
    for i, (x, y) in enumerate(path):
        kind = "touchMove" if i else "touchStart"
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    page.wait_for_function("window.cueboard.ui.fixed === true")
    expected = math.degrees(math.atan2(120, -40))
    assert page.evaluate("window.cueboard.ui.angle") == pytest.approx(expected, abs=0.05)
    # the cue stick 0.3 m behind the ball's centre, opposite the aim (the tip is drawn back at most
    # r + 0.01 + 0.25 m): the stick's wood (red over green over blue), not the green cloth
    back = 0.3 * px_per_m
    a = math.radians(expected)
    sx, sy = cx - back * math.sin(a), cy - back * math.cos(a)  # the table's y to the right, x down
    rgb = page.evaluate("([x, y]) => { const c = window.cueboard.canvas, r = c.getBoundingClientRect();"
                        " const k = c.width / r.width;"
                        " return [...c.getContext('2d').getImageData(Math.round((x - r.left) * k),"
                        " Math.round((y - r.top) * k), 1, 1).data].slice(0, 3); }", [sx, sy])
    assert rgb[0] > 100 and rgb[0] > rgb[1] > rgb[2], rgb
    mid = page.evaluate("window.cueboard.m.id")
    page.evaluate("window.cueboard.setPower(0.1)")  # a short stroke: a short animation
    page.wait_for_timeout(500)  # a tap soon after the drag's lift would be the second of a double tap
    shots_posted = f"/api/matches/{mid}/shots"
    try:
        with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith(shots_posted),
                                  timeout=60000) as answer:
            page.locator("#shoot").tap()
    except Exception as err:
        raise AssertionError(f"the tap on Shoot sent no stroke ({err}): {page_state(page)}") from None
    assert answer.value.status == 200, (answer.value.status, answer.value.text())
    try:
        page.wait_for_function("window.cueboard.m.shots === 1", timeout=120000)
    except Exception:
        raise AssertionError(f"the stroke was saved, the page did not show it: {page_state(page)}") from None
    recorded = api_call(server, "GET", f"/api/matches/{mid}/shots/0")
    assert recorded["strike"]["angle"] == pytest.approx(expected, abs=0.05)
    ctx.close()
