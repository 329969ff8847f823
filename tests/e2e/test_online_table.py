"""Online play in headless Chromium, continued (docs/app.md#playing-a-friend): four browsers at a
crokinole doubles table (the host invites three friends, each takes a seat, the strokes go round
the table in turn order and every browser sees every stroke; a fifth browser and a seat out of
turn are refused), the QR code next to each invitation link, and the shot clock counting down
in every browser at the table until the server rules the time-out and pushes it to all."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import CHROMIUM, Server
from test_online_play import SHOTS, Player, _delivery_ms, _move, _settled

pytestmark = pytest.mark.browser
playwright_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/ensure-chromium.sh installs it)", allow_module_level=True)

STROKE = {"strike": {"speed": 1, "angle": 0}}


def _host_invites(host: Player, game: str, names: list[str], clock: int = 0) -> list[str]:
    """The host fills the lobby (``names`` by seat order, the first the host's) and plays a
    friend; returns the invitation links the table shows, by seat."""
    host.open("/#/")
    host.page.select_option("select[name=game]", game)
    host.page.select_option("select[name=count]", str(len(names)))
    for n, name in enumerate(names):
        host.page.fill(f"input[name=player{n}]", name)
    if clock:
        host.page.eval_on_selector("#lobby-options", "d => { d.open = true; }")  # the options, folded
        host.page.select_option("#shot-clock-setting", str(clock))
    host.page.click("#friend")
    host.at_table()
    boxes = host.page.locator("#waiting-room .invite input[id^=invite-]")
    assert boxes.count() == len(names) - 1
    return [boxes.nth(i).input_value() for i in range(boxes.count())]


def _join(guest: Player, link: str, name: str) -> None:
    guest.page.goto(link)
    guest.page.wait_for_selector("#join-name")
    guest.page.fill("#join-name", name)
    guest.page.click("#join")
    guest.at_table()
    assert guest.page.locator("#role").inner_text() == f"You play: {name}"


def test_four_browsers_play_crokinole_doubles(browser: Any, server: Server) -> None:
    host, *guests = (Player(browser, server) for _ in range(4))
    stranger = Player(browser, server)
    names = ["Ann", "Bo", "Cy", "Di"]
    links = _host_invites(host, "crokinole", names)
    # Each invitation link has its QR code next to it (an image the CSP lets through).
    for seat in (1, 2, 3):
        qr = host.page.locator(f"#invite-{seat}-qr")
        assert qr.get_attribute("src", timeout=5000).startswith("data:image/svg+xml")
        assert host.eval(f"document.getElementById('invite-{seat}-qr').naturalWidth") > 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    host.page.screenshot(path=str(SHOTS / "online-doubles-invite.png"), full_page=True)
    by_seat = {0: host}
    for link, guest, name in zip(links, guests, names[1:], strict=True):
        _join(guest, link, name)
        by_seat[int(host.eval(f"window.cueboard.players().find(p => p.name === '{name}').seat"))] = guest
    assert sorted(by_seat) == [0, 1, 2, 3]
    for seat in (1, 2, 3):
        host.page.wait_for_selector(f"#presence li[data-seat='{seat}'][data-presence='connected']")
    everyone = list(by_seat.values())
    mid = host.eval("window.cueboard.m.id")
    order: list[int] = []
    for n in range(8):  # two rounds of the table
        seat = int(host.eval("window.cueboard.turn.seat"))
        actor = by_seat[seat]
        for other_seat, other in by_seat.items():
            if other_seat != seat:  # only the seat to move has the controls
                assert other.page.locator("#controls").is_hidden()
        # A browser out of turn is refused; a fifth browser holds no seat at all.
        out_of_turn = by_seat[(seat + 1) % 4]
        assert out_of_turn.request("POST", f"/api/matches/{mid}/shots", STROKE) == 403
        _move(actor, "crokinole")
        _settled(everyone, n + 1)
        for other in everyone:
            if other is not actor:
                assert _delivery_ms(actor, other, n) < 1000
        order.append(seat)
    assert sorted(set(order)) == [0, 1, 2, 3], order
    assert order[:4] == order[4:8], f"the turn goes round the table in one order: {order}"
    stranger.open(f"/#/match/{mid}")
    stranger.at_table()
    before = stranger.eval(f"fetch('/api/matches/{mid}/record').then(r => r.text())")
    assert stranger.request("POST", f"/api/matches/{mid}/shots", STROKE) == 401
    assert stranger.eval(f"fetch('/api/matches/{mid}/record').then(r => r.text())") == before
    assert stranger.page.locator("#role").inner_text() == "You are watching this match."
    for p in (*everyone, stranger):
        p.close()


def test_shot_clock_counts_down_and_the_time_out_is_pushed(browser: Any, server: Server) -> None:
    host, guest, spectator = (Player(browser, server) for _ in range(3))
    [link] = _host_invites(host, "snooker", ["Ann", "Bob"], clock=10)
    # The clock waits for the invited player.
    host.page.wait_for_selector("#shot-clock:text('The clock starts once every seat is taken.')")
    _join(guest, link, "Mai")
    spectator.open(f"/#/match/{host.eval('window.cueboard.m.id')}")
    spectator.at_table()
    everyone = (host, guest, spectator)
    for p in everyone:  # every browser counts Ann's seconds down
        p.page.wait_for_selector("#shot-clock[data-remaining]:text('Ann to play')")
    first = [int(p.page.locator("#shot-clock").get_attribute("data-remaining") or 0) for p in everyone]
    assert all(1 <= s <= 10 for s in first), first
    left = "Number(document.getElementById('shot-clock').dataset.remaining)"
    host.page.wait_for_function(f"{left} < {first[0]}", timeout=3000)
    host.page.screenshot(path=str(SHOTS / "online-shot-clock.png"), full_page=True)
    # Nobody plays: the server rules the time foul and pushes it to every browser.
    _settled(list(everyone), 1)
    for p in everyone:
        calls = p.page.locator("#calls").inner_text()
        assert "Time! The shot clock ran out." in calls and "time foul" in calls, calls
        assert p.eval("window.cueboard.m.scoreboard.sides[1].score") == 5
        p.page.wait_for_selector("#shot-clock:text('Mai to play')")
    for p in everyone:
        p.close()
