"""Online play in headless Chromium (docs/app.md#playing-a-friend): separate browser contexts
(separate cookie jars) for the host, the invited guest, a spectator and a stranger. The host
invites from the lobby, the guest takes the seat with a display name, the strokes alternate, each
browser sees the other's stroke pushed and animated within 1 s, the spectator (who opened the
taken link) watches, the guest reloads mid-frame and continues, and a context without the seat's
token is refused (401/403) with the match record unchanged."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import CHROMIUM, Server

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/ensure-chromium.sh installs it)", allow_module_level=True)

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

# Records, in the page, when the answer to each of its own moves arrived (Date.now(), ms).
ACCEPTED = """
window.cueboardAccepted = [];
const realFetch = window.fetch;
window.fetch = async (...args) => {
  const res = await realFetch(...args);
  const url = String(args[0]);
  if (res.ok && /\\/(shots|choices|ai)$/.test(url) && (args[1] || {}).method === "POST") {
    const at = Date.now();
    res.clone().json().then((b) => window.cueboardAccepted.push({ number: b.shot.number, at }));
  }
  return res;
};
"""

# Where a piece may be placed (metres) and a gentle stroke from there, per game: tried in turn
# through the page's own placement check until one is legal for the seat to move.
CANDIDATES = {
    "snooker": [(0.2, 0.6)],
    "crokinole": [(0.01, -0.3048), (0.01, 0.3048), (-0.3048, 0.01), (0.3048, 0.01)],
    "novuss": [(0.1, -0.44), (0.1, 0.44), (-0.44, 0.1), (0.44, 0.1)],
}
SPEED = {"snooker": 1.2, "crokinole": 0.7, "novuss": 0.8}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("online")
    srv = Server(f"sqlite:///{tmp / 'online.sqlite3'}", tmp / "server.log")
    srv.start()
    yield srv
    srv.stop()


class Player:
    """One browser context (its own cookies) and its page."""

    def __init__(self, browser: Any, server: Server):
        # bypass_csp: the tests' string predicates are evaluated in the page (no 'unsafe-eval' in
        # the server's Content-Security-Policy)
        self.context = browser.new_context(viewport={"width": 1200, "height": 800}, bypass_csp=True)
        self.context.add_init_script(ACCEPTED)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.server = server

    def open(self, path: str) -> None:
        self.page.goto(self.server.url + path)
        self.page.wait_for_selector("body[data-ready='1']")

    def at_table(self) -> None:
        ready = "window.cueboard && window.cueboard.m && document.body.dataset.live === '1'"
        self.page.wait_for_function(ready, timeout=30000)

    def eval(self, script: str) -> Any:
        return self.page.evaluate(script)

    def request(self, method: str, path: str, body: Any = None) -> int:
        """The status of a request made by the page (with its cookies), naming the version of
        the match the page shows (X-Match-Version)."""
        script = ("([method, path, body]) => fetch(path, {method,"
                  " headers: {'Content-Type': 'application/json',"
                  " 'X-Match-Version': String(window.cueboard ? window.cueboard.m.version : 0)},"
                  " body: body === null ? undefined : JSON.stringify(body)}).then(r => r.status)")
        return int(self.page.evaluate(script, [method, path, body]))

    def close(self) -> None:
        self.context.close()
        assert not self.errors, self.errors


def _settled(players: list[Player], shots: int) -> None:
    """Every page has the move ``shots - 1`` and is idle (its animation done)."""
    for p in players:
        p.page.wait_for_function(f"window.cueboard.m.shots === {shots} && document.body.dataset.busy === ''",
                                 timeout=60000)


def _move(p: Player, game: str) -> None:
    """The seat to move plays, through its page: a choice (play on when offered), or a gentle
    stroke towards the middle, placing the piece first where the rules ask."""
    turn = p.eval("window.cueboard.turn")
    if turn["action"] == "choose":
        choice = "play" if "play" in turn["choices"] else turn["choices"][0]
        p.page.click(f"#controls button[data-choice={choice}]")
        return
    centre = (0.0, 3.569 / 2) if game == "snooker" else (0.0, 0.0)
    at = None
    if turn["placement"]:
        for x, y in CANDIDATES[game]:
            mid = p.eval("window.cueboard.m.id")
            if p.request("POST", f"/api/matches/{mid}/placement", {"x": x, "y": y}) == 200:
                at = (x, y)
                break
        assert at is not None, f"no legal placement among {CANDIDATES[game]}"
    else:
        cue = p.eval("window.cueboard.cuePiece()")
        at = (cue["x"], cue["y"])
    angle = round(math.degrees(math.atan2(centre[1] - at[1], centre[0] - at[0])), 3)
    speed = SPEED[game]
    if game == "snooker":
        strike: dict[str, Any] = {"speed": speed, "angle": angle, "side": 0, "top": 0}
        if turn["placement"]:
            strike["place_cue_ball"] = list(at)
    elif game == "crokinole":
        strike = {"start": list(at), "speed": speed, "angle": angle}
    else:
        strike = {"x": at[0], "y": at[1], "speed": speed, "angle": angle}
    p.page.evaluate("(body) => window.cueboard.shoot(body)", {"declaration": {}, "strike": strike})


def _delivery_ms(actor: Player, watcher: Player, number: int) -> float:
    accepted = actor.eval(f"window.cueboardAccepted.find(a => a.number === {number}).at")
    received = watcher.eval(f"window.cueboardLive.received.find(r => r.number === {number}).at")
    return float(received - accepted)


@pytest.mark.parametrize("game", ["snooker", "crokinole", "novuss"])
def test_play_a_friend(browser: Any, server: Server, game: str) -> None:
    host, guest, spectator, stranger = (Player(browser, server) for _ in range(4))
    # The host invites from the lobby: the table opens with the link for the friend's seat.
    host.open("/#/")
    host.page.select_option("select[name=game]", game)
    host.page.fill("input[name=player0]", "Ann")
    host.page.fill("input[name=player1]", "Bob")
    host.page.click("#friend")
    host.at_table()
    invite = host.page.locator("#waiting-room .invite input[id^=invite-]")
    link = invite.input_value()
    guest_seat = int((invite.get_attribute("id") or "").split("-")[1])
    assert "/#/join/" in link
    assert host.page.locator("#role").inner_text() == "You play: Ann"
    # The waiting room opens the page: the link within the first screen, Bob awaited, no
    # controls (the match starts once Bob's seat is taken).
    top = "(e) => e.getBoundingClientRect().top"
    assert host.page.locator("#waiting-room").evaluate(top) < 200
    assert invite.evaluate(top) < 800
    room = host.page.locator("#room-seats li")
    assert [room.nth(i).get_attribute("data-room") for i in range(2)] == ["host", "awaited"]
    assert host.page.locator("#controls").is_hidden()
    assert host.page.locator("#status").inner_text() == "Waiting for everyone invited to join…"
    SHOTS.mkdir(parents=True, exist_ok=True)
    host.page.screenshot(path=str(SHOTS / f"online-{game}-invite.png"), full_page=True)
    # The guest sees who invites, the game, the players and the rules, then takes the seat
    # with a display name; the host's waiting room gives way to the table.
    guest.page.goto(link)
    guest.page.wait_for_selector("#join-name")
    assert guest.page.locator("#invited-by").inner_text().lower() == f"ann invites you to a {game} match."
    players = guest.page.locator("#join-players").inner_text()
    assert "Ann" in players and "Bob" in players and "your seat" in players
    assert guest.page.locator("#join-rules dd[data-setting='shot_clock']").inner_text() == "off"
    guest.page.screenshot(path=str(SHOTS / f"online-{game}-join.png"), full_page=True)
    guest.page.fill("#join-name", "Mai")
    guest.page.click("#join")
    guest.at_table()
    host.page.wait_for_selector("#waiting-room", state="detached")
    first = host if host.eval("window.cueboard.turn.seat") == 0 else guest
    first.page.wait_for_selector("#controls", state="visible")
    assert guest.page.locator("#role").inner_text() == "You play: Mai"
    host.page.wait_for_selector(f"#presence li[data-seat='{guest_seat}'][data-presence='connected']")
    assert "Mai" in host.page.locator(f"#presence li[data-seat='{guest_seat}']").inner_text()
    # The link, opened again, gives the seat no more: the table, as a spectator.
    spectator.page.goto(link)
    spectator.at_table()
    assert spectator.page.locator("#role").inner_text() == "You are watching this match."
    mid = host.eval("window.cueboard.m.id")
    seats = {0: host, guest_seat: guest}
    everyone = [host, guest, spectator]
    # A takeback accepted: the first stroke is undone in every browser, the table exactly as it
    # was before it (position, scores, turn).
    table_now = ("JSON.stringify([cueboard.m.position, cueboard.m.scoreboard,"
                 " cueboard.turn.seat, cueboard.turn.action])")
    start = host.eval(table_now)
    first_actor = seats[host.eval("window.cueboard.turn.seat")]
    first_other = guest if first_actor is host else host
    _move(first_actor, game)
    _settled(everyone, 1)
    first_actor.page.click("#takeback")
    for p in (first_other, spectator):
        p.page.wait_for_selector("#takeback-asked")
    first_actor.page.wait_for_selector("#takeback-waiting")
    assert spectator.page.locator("#takeback-accept").count() == 0
    first_other.page.click("#takeback-accept")
    _settled(everyone, 0)
    for p in everyone:
        p.page.wait_for_selector("#takeback-done")
        assert p.eval(table_now) == start
    first_other.page.screenshot(path=str(SHOTS / f"online-{game}-takeback.png"), full_page=True)
    # Strokes alternate as the rules say; each move reaches the other browsers within 1 s.
    played_by: set[int] = set()
    delivery: list[float] = []
    for n in range(6):
        turn_seat = host.eval("window.cueboard.turn.seat")
        actor = seats[turn_seat]
        other = guest if actor is host else host
        assert other.page.locator("#controls").is_hidden()
        assert spectator.page.locator("#controls").is_hidden()
        _move(actor, game)
        _settled(everyone, n + 1)
        for watcher in (other, spectator):
            delivery.append(_delivery_ms(actor, watcher, n))
            assert delivery[-1] < 1000, delivery
        played_by.add(turn_seat)
        if n == 0:  # abort is offered before the first stroke only
            assert host.page.locator("#abort").count() == 0 and guest.page.locator("#abort").count() == 0
            # A takeback declined: nothing changes.
            actor.page.click("#takeback")
            other.page.click("#takeback-decline")
            for p in everyone:
                p.page.wait_for_selector("#takeback-declined")
            assert {p.eval("window.cueboard.m.shots") for p in everyone} == {1}
        if n == 2:
            # The guest reloads mid-frame: the table comes back as it stands, with the guest's seat.
            guest.page.reload()
            guest.page.wait_for_selector("body[data-ready='1']")
            guest.at_table()
            assert guest.eval("window.cueboard.m.shots") == n + 1
            assert guest.page.locator("#role").inner_text() == "You play: Mai"
        # The calls of the last move read the same in every browser: the one that played, the
        # ones it was pushed to, and one that reloaded (read from the stored shot).
        said = actor.page.locator("#calls").inner_text()
        assert said.strip()
        for p in everyone:
            p.page.wait_for_function("(s) => document.getElementById('calls').innerText === s", arg=said)
        if len(played_by) == 2 and n >= 3:
            break
        if host.eval("window.cueboard.m.status") != "playing":
            break
    assert played_by == {0, guest_seat}, "both browsers played"
    print(f"{game}: moves pushed to the other browsers in {sorted(round(d) for d in delivery)} ms")
    guest.page.screenshot(path=str(SHOTS / f"online-{game}-guest.png"), full_page=True)
    actor = seats[host.eval("window.cueboard.turn.seat")]
    if game == "novuss":
        # Novuss's rules give no concession: the player to move leaves the table instead, and
        # after the away limit (1 s here) the opponent claims the game; the one who left comes
        # back to the finished table.
        other = guest if actor is host else host
        assert host.request("POST", f"/api/matches/{mid}/away-limit", {"seconds": 1}) == 200
        actor.page.goto(server.url + "/#/")
        other.page.wait_for_selector("#claim", timeout=15000)
        other.page.click("#claim")
        other.page.wait_for_selector("#end #end-close", timeout=30000)
        actor.open(f"/#/match/{mid}")
        actor.at_table()
        for p in everyone:  # (the claim said live, and to the one who came back)
            p.page.wait_for_selector("#claimed:text('Claimed: the player to move was away too long.')")
    else:
        # The player to move concedes: the match is over, and every browser at the table —
        # the other player's and the spectator's too — gets the end screen pushed.
        actor.page.click("#concede")
        actor.page.click("#concede-yes")
    for p in everyone:
        p.page.wait_for_selector("#end #end-close", timeout=30000)
        # (the players may offer a rematch; a spectator follows them to it)
        assert p.page.locator("#end #rematch").count() == (0 if p is spectator else 1)
        assert "wins" in p.page.locator("#end-title").inner_text()
        assert p.eval("window.cueboard.m.status") == "finished"
    spectator.page.screenshot(path=str(SHOTS / f"online-{game}-end-spectator.png"), full_page=True)
    # Mai offers a rematch; Ann and the spectator see the offer live, Mai waits for Ann.
    guest.page.click("#end #rematch")
    guest.page.wait_for_selector("#rematch-waiting:text('Waiting for Ann to accept…')")
    for p in (host, spectator):
        p.page.wait_for_selector("#rematch-offered:text('Mai offers a rematch.')")
    assert spectator.page.locator("#rematch-accept").count() == 0
    # the offer's Accept and Decline (or the wait) stand in for the end screen's Rematch: no one
    # is shown two buttons that do the same
    for p in (host, guest):
        assert not p.page.locator("#end #rematch").is_visible()
    host.page.screenshot(path=str(SHOTS / f"online-{game}-rematch-offered.png"), full_page=True)
    host.page.click("#rematch-accept")
    # Every browser moves to the rematch: the same people in the same seats, the spectator
    # still watching, and the series score (the one who conceded lost the first match).
    for p in everyone:
        p.page.wait_for_function(f"window.cueboard && window.cueboard.m.id !== '{mid}'"
                                 " && document.body.dataset.live === '1'", timeout=30000)
    nxt = host.eval("window.cueboard.m.id")
    assert {p.eval("window.cueboard.m.id") for p in everyone} == {nxt}
    assert host.page.locator("#role").inner_text() == "You play: Ann"
    assert guest.page.locator("#role").inner_text() == "You play: Mai"
    assert spectator.page.locator("#role").inner_text() == "You are watching this match."
    seated = host.eval("window.cueboard.players().map(p => [p.seat, p.name])")
    assert seated == [[0, "Ann"], [guest_seat, "Mai"]]
    score = "0 : 1" if actor is host else "1 : 0"
    for p in everyone:
        p.page.wait_for_selector(f"#series:text('Rematch — {score}')")
    assert host.page.locator("#waiting-room").count() == 0  # everyone is already seated
    first = seats[host.eval("window.cueboard.turn.seat")]
    first.page.wait_for_selector("#controls", state="visible")
    guest.page.screenshot(path=str(SHOTS / f"online-{game}-rematch.png"), full_page=True)
    # A context without the seat's token: refused, and the match record unchanged.
    stranger.open(f"/#/match/{mid}")
    stranger.at_table()
    before = stranger.eval(f"fetch('/api/matches/{mid}/record').then(r => r.text())")
    assert stranger.request("POST", f"/api/matches/{mid}/shots", {"strike": {"speed": 1, "angle": 0}}) == 401
    assert stranger.request("POST", f"/api/matches/{mid}/ai") == 401
    assert spectator.request("DELETE", f"/api/matches/{mid}") == 401
    assert guest.request("DELETE", f"/api/matches/{mid}") == 403  # a seat, not the host
    assert stranger.eval(f"fetch('/api/matches/{mid}/record').then(r => r.text())") == before
    # The lobby lists the match for its players only.
    stranger.open("/#/")
    stranger.page.wait_for_selector("#start")  # the lobby is drawn once its lists are read
    assert stranger.page.locator(f"li[data-match='{mid}']").count() == 0
    guest.open("/#/")
    guest.page.wait_for_selector(f"li[data-match='{mid}']")
    for p in (host, guest, spectator, stranger):
        p.close()
    # The table (live stream, seats card) with the page's Content-Security-Policy in force: no
    # violation (this context uses CSS selectors only, no string predicates).
    strict = browser.new_context(viewport={"width": 1200, "height": 800})
    page = strict.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    page.on("pageerror", lambda e: console.append(str(e)))
    page.goto(f"{server.url}/#/match/{mid}")
    page.wait_for_selector("body[data-live='1'] #online #presence li")
    strict.close()
    assert not [m for m in console if "Content Security Policy" in m or "Refused" in m], console


def test_the_host_cancels_in_the_waiting_room(browser: Any, server: Server) -> None:
    """The host cancels before the friend joins: the match is gone, and a browser watching the
    table is sent back to the lobby with the news."""
    host, watcher = Player(browser, server), Player(browser, server)
    host.open("/#/")
    host.page.select_option("select[name=game]", "novuss")
    host.page.click("#friend")
    host.at_table()
    mid = host.eval("window.cueboard.m.id")
    watcher.open(f"/#/match/{mid}")
    watcher.at_table()
    assert watcher.page.locator("#room-cancel").count() == 0  # only the host cancels
    host.page.click("#room-cancel")
    host.page.click("#room-cancel-yes")
    for p in (host, watcher):
        p.page.wait_for_selector("#start")  # back in the lobby
    watcher.page.wait_for_selector("#toast:text('The match was called off: no result is recorded.')")
    assert host.request("GET", f"/api/matches/{mid}") == 404
    for p in (host, watcher):
        p.close()


def test_a_player_aborts_before_the_first_stroke(browser: Any, server: Server) -> None:
    """Either player may abort until the first stroke: the match is gone for both, no result
    recorded (test_play_a_friend: once a stroke is played the button is gone)."""
    host, guest = Player(browser, server), Player(browser, server)
    host.open("/#/")
    host.page.select_option("select[name=game]", "snooker")
    host.page.fill("input[name=player0]", "Ann")
    host.page.click("#friend")
    host.at_table()
    link = host.page.locator("#waiting-room .invite input[id^=invite-]").input_value()
    assert host.page.locator("#abort").count() == 0  # (the waiting room: the host cancels instead)
    guest.page.goto(link)
    guest.page.wait_for_selector("#join-name")
    guest.page.fill("#join-name", "Mai")
    guest.page.click("#join")
    guest.at_table()
    mid = host.eval("window.cueboard.m.id")
    for p in (host, guest):
        p.page.wait_for_selector("#abort")
    guest.page.click("#abort")
    guest.page.click("#abort-yes")
    for p in (host, guest):
        p.page.wait_for_selector("#start")  # back in the lobby
    host.page.wait_for_selector("#toast:text('The match was called off: no result is recorded.')")
    assert host.request("GET", f"/api/matches/{mid}") == 404
    for p in (host, guest):
        p.close()


def test_presence_chat_spectators_and_a_claim_after_the_away_limit(browser: Any, server: Server) -> None:
    """Each seat shows connected or away, the table counts its spectators, the players and the
    spectators chat in their own rooms; when the player to
    move has been away longer than the match's away limit (2 s here; 60 s by default) and there
    is no shot clock, the opponent may wait or claim — and every browser gets the end screen."""
    host, guest, spectator = (Player(browser, server) for _ in range(3))
    host.open("/#/")
    host.page.select_option("select[name=game]", "snooker")
    host.page.fill("input[name=player0]", "Ann")
    host.page.click("#friend")
    host.at_table()
    mid = host.eval("window.cueboard.m.id")
    link = host.page.locator("#waiting-room .invite input[id^=invite-]").input_value()
    assert host.request("POST", f"/api/matches/{mid}/away-limit", {"seconds": 2}) == 200
    guest.page.goto(link)
    guest.page.wait_for_selector("#join-name")
    guest.page.fill("#join-name", "Mai")
    guest.page.click("#join")
    guest.at_table()
    spectator.open(f"/#/match/{mid}")
    spectator.at_table()
    for p in (host, guest, spectator):
        p.page.wait_for_selector("#spectators[data-count='1']")
        p.page.wait_for_selector("#presence li[data-seat='0'][data-presence='connected']")
    assert guest.page.locator("#claim").count() == 0  # Ann is here
    # Chat: the players talk in their room, the spectators in theirs; text stays text; mute.
    guest.page.click("#chat button[data-preset='good_shot']")
    host.page.wait_for_selector("#chat-list li:has-text('Mai: Good shot')")
    spectator.page.fill("#chat-text", "<b>bold?</b> nice")
    spectator.page.click("#chat-send")
    spectator.page.wait_for_selector("#chat-list li:has-text('Spectator: <b>bold?</b> nice')")
    assert spectator.page.locator("#chat-list b").count() == 0  # rendered as text, never HTML
    assert "Mai" not in spectator.page.locator("#chat-list").inner_text()
    host.page.fill("#chat-text", "Thanks, Mai!")
    host.page.press("#chat-text", "Enter")
    guest.page.wait_for_selector("#chat-list li:has-text('Ann: Thanks, Mai!')")
    assert "bold?" not in guest.page.locator("#chat-list").inner_text()
    guest.page.screenshot(path=str(SHOTS / "online-chat.png"), full_page=True)
    host.page.check("#chat-mute")
    assert host.page.locator("#chat-list").count() == 0
    host.page.uncheck("#chat-mute")
    host.page.wait_for_selector("#chat-list li:has-text('Mai: Good shot')")
    # Ann (to break) leaves the table: away in every browser; after 2 s Mai may claim or wait.
    host.page.goto(server.url + "/#/")
    for p in (guest, spectator):
        p.page.wait_for_selector("#presence li[data-seat='0'][data-presence='away']")
    guest.page.wait_for_selector("#claim-offer", timeout=10000)
    assert spectator.page.locator("#claim").count() == 0  # only the opponent claims
    guest.page.screenshot(path=str(SHOTS / "online-claim.png"), full_page=True)
    guest.page.click("#claim-wait")
    assert guest.page.locator("#claim").count() == 0
    # Ann comes back, then leaves again: the offer returns after the limit, and Mai claims.
    host.page.goto(f"{server.url}/#/match/{mid}")
    host.at_table()
    guest.page.wait_for_selector("#presence li[data-seat='0'][data-presence='connected']")
    host.page.goto(server.url + "/#/")
    guest.page.wait_for_selector("#claim", timeout=10000)
    guest.page.click("#claim")
    for p in (guest, spectator):
        p.page.wait_for_selector("#end #end-close", timeout=30000)
        assert "Claimed: the player to move was away too long." in p.page.locator("#calls").inner_text()
        assert "Mai wins" in p.page.locator("#end-title").inner_text()
    for p in (host, guest, spectator):
        p.close()


def test_names_an_ai_seat_by_its_level_and_keeps_long_names_whole(browser: Any, server: Server) -> None:
    """An AI seat left unnamed reads "Computer — Club"; a long name cut on screen keeps the whole
    name in its title (hover, long-press)."""
    p = Player(browser, server)
    long_name = "Alexandra Konstantinopolskaya-Wolfeschlegelsteinhausen"
    p.open("/#/")
    p.page.select_option("select[name=game]", "snooker")
    p.page.fill("input[name=player0]", long_name)
    p.page.select_option("select[name=kind1]", "ai")
    p.page.select_option("select[name=level1]", "club")
    p.page.click("#friend")  # (no person to invite: the match starts at once)
    p.at_table()
    heads = p.page.locator("#scores th.name")
    assert heads.nth(1).inner_text() == "Computer — Club"
    assert heads.nth(0).get_attribute("title") == long_name
    assert p.eval("(() => { const e = document.querySelector('#scores th.name');"
                  " return e.scrollWidth > e.clientWidth; })()"), "the long name is cut on screen"
    assert p.page.locator("#waiting-room").count() == 0
    p.close()
