"""Four players and a spectator, all the way through a rematch, in headless Chromium
(docs/app.md#playing-a-friend): the host invites three friends to a crokinole doubles table, each
takes a seat, a spectator watches from the link; the strokes go once round the table; the seat to
move concedes for its side (the NCA rules let a side concede the game), and all five browsers get
the end screen pushed. One player offers a rematch and the other three accept, each acceptance
shown live to everyone; the rematch has the same people in the same seats with their tokens, the
spectator follows, and every browser shows the series score."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import CHROMIUM, Server
from test_online_play import SHOTS, Player, _move, _settled
from test_online_table import _host_invites, _join

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/ensure-chromium.sh installs it)", allow_module_level=True)

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_four_seats_and_a_spectator_rematch(browser: Any, server: Server) -> None:
    host, *guests = (Player(browser, server) for _ in range(4))
    spectator = Player(browser, server)
    links = _host_invites(host, "crokinole", NAMES)
    by_seat = {0: host}
    for link, guest, name in zip(links, guests, NAMES[1:], strict=True):
        _join(guest, link, name)
        by_seat[int(host.eval(f"window.cueboard.players().find(p => p.name === '{name}').seat"))] = guest
    assert sorted(by_seat) == [0, 1, 2, 3]
    name_of = {seat: host.eval(f"window.cueboard.nameOfSeat({seat})") for seat in by_seat}
    players = list(by_seat.values())
    mid = host.eval("window.cueboard.m.id")
    spectator.open(f"/#/match/{mid}")
    spectator.at_table()
    everyone = [*players, spectator]
    for p in everyone:
        p.page.wait_for_selector("#spectators[data-count='1']")
    assert spectator.page.locator("#role").inner_text() == "You are watching this match."
    # Once round the table.
    for n in range(4):
        _move(by_seat[int(host.eval("window.cueboard.turn.seat"))], "crokinole")
        _settled(everyone, n + 1)
    # The seat to move concedes for its side: the end screen in all five browsers.
    seat = int(host.eval("window.cueboard.turn.seat"))
    side = int(host.eval(f"window.cueboard.sideOfSeat({seat})"))
    a, b = host.eval(f"window.cueboard.m.scoreboard.sides[{1 - side}].seats")
    winners = f"{name_of[a]} and {name_of[b]}"
    by_seat[seat].page.click("#concede")
    by_seat[seat].page.click("#concede-yes")
    for p in everyone:
        p.page.wait_for_selector("#end #end-close", timeout=30000)
        assert p.page.locator("#end-title").inner_text() == f"{winners} win the game"  # (a pair: "win")
        assert p.page.locator("#end #rematch").count() == (0 if p is spectator else 1)
    spectator.page.screenshot(path=str(SHOTS / "online-four-end.png"), full_page=True)
    # Di offers a rematch; the others accept one by one, each acceptance seen live by all.
    offering = next(s for s, n in name_of.items() if n == "Di")
    by_seat[offering].page.click("#end #rematch")
    waiting = [s for s in sorted(by_seat) if s != offering]
    for p in everyone:
        p.page.wait_for_selector("#rematch-offered:text('Di offers a rematch.')")
    for answering in waiting[:-1]:
        by_seat[answering].page.click("#rematch-accept")
        waiting.remove(answering)
        said = f"Waiting for {', '.join(name_of[s] for s in waiting)} to accept…"
        for p in (spectator, by_seat[offering], by_seat[answering]):
            p.page.wait_for_selector(f"#rematch-waiting:text('{said}')")
    spectator.page.screenshot(path=str(SHOTS / "online-four-rematch-offered.png"), full_page=True)
    last = by_seat[waiting[0]]
    assert last.page.locator("#rematch-accept").count() == 1
    last.page.click("#rematch-accept")
    # Everyone — the spectator too — moves to the rematch: the same people in the same seats.
    for p in everyone:
        p.page.wait_for_function(f"window.cueboard && window.cueboard.m.id !== '{mid}'"
                                 " && document.body.dataset.live === '1'", timeout=30000)
    nxt = host.eval("window.cueboard.m.id")
    assert {p.eval("window.cueboard.m.id") for p in everyone} == {nxt}
    for s, p in by_seat.items():
        assert p.page.locator("#role").inner_text() == f"You play: {name_of[s]}"
    assert spectator.page.locator("#role").inner_text() == "You are watching this match."
    seated = host.eval("window.cueboard.players().map(p => [p.seat, p.name])")
    assert seated == [[s, name_of[s]] for s in sorted(by_seat)]
    score = "0 : 1" if side == 0 else "1 : 0"  # (the side that conceded lost the first game)
    for p in everyone:
        p.page.wait_for_selector(f"#series:text('Rematch — {score}')")
        p.page.wait_for_selector("#spectators[data-count='1']")
    assert host.page.locator("#waiting-room").count() == 0  # everyone is already seated
    # The seats' tokens came along: the seat to move plays, another seat is refused.
    first = int(host.eval("window.cueboard.turn.seat"))
    by_seat[first].page.wait_for_selector("#controls", state="visible")
    wrong = by_seat[(first + 1) % 4]
    assert wrong.request("POST", f"/api/matches/{nxt}/shots", {"strike": {"speed": 1, "angle": 0}}) == 403
    assert spectator.request("POST", f"/api/matches/{nxt}/shots", {"strike": {"speed": 1, "angle": 0}}) == 401
    _move(by_seat[first], "crokinole")
    _settled(everyone, 1)
    spectator.page.screenshot(path=str(SHOTS / "online-four-rematch.png"), full_page=True)
    for p in everyone:
        p.close()
