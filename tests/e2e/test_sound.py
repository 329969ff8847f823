"""The optional sound: off by default — a stroke then creates no AudioContext
at all; turned on in the header's settings (kept in localStorage), a stroke plays one sound per
contact the server recorded for it (``tracks.sounds``: the strike, each cushion...), in order,
louder for a faster contact. The page's AudioContext is instrumented before any script runs
(``add_init_script``): it counts the contexts made and the sounds started."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Server, lobby_page, new_match

pytestmark = pytest.mark.browser

INSTRUMENT = """
window.__audio = { contexts: 0, started: 0 };
const RealAC = window.AudioContext;
window.AudioContext = class extends RealAC { constructor(...a) { super(...a); window.__audio.contexts++; } };
const realStart = AudioBufferSourceNode.prototype.start;
AudioBufferSourceNode.prototype.start = function (...a) {
  window.__audio.started++; return realStart.apply(this, a);
};
"""


@pytest.fixture
def page(server: Server, browser: Any) -> Iterator[Any]:
    with lobby_page(browser, server, INSTRUMENT, viewport={"width": 1366, "height": 768}) as pg:
        yield pg


def stroke_across(page: Any) -> dict[str, Any]:
    """From the D straight across the table at the side cushion (no ball in the way), at
    3 m/s: the answer of the server (its tracks and their sounds)."""
    page.focus("#table")
    page.keyboard.press("Enter")  # the cue ball in the middle of the D
    page.wait_for_function("window.cueboard.ui.placed !== null && document.body.dataset.busy === ''")
    page.evaluate("window.cueboard.setAngle(0, true)")
    page.evaluate("window.cueboard.ui.power = (3 - 0.3) / 7.7")
    with page.expect_response(lambda r: r.url.endswith("/shots") and r.request.method == "POST") as resp:
        page.click("#shoot")
    page.wait_for_function("window.cueboard.m.shots === 1 && document.body.dataset.busy === ''")
    answer: dict[str, Any] = resp.value.json()
    return answer


def test_sound_off_by_default_makes_no_audio_context(page: Any, server: Server) -> None:
    assert page.is_checked("#sound") is False
    new_match(page, server, "snooker")
    answer = stroke_across(page)
    assert len(answer["shot"]["tracks"]["sounds"]) >= 2  # there was something to hear
    assert page.evaluate("window.__audio") == {"contexts": 0, "started": 0}
    assert page.evaluate("window.cueboardSound.played") == []


def test_sound_on_plays_each_contact_of_the_stroke(page: Any, server: Server) -> None:
    page.check("#sound")
    assert page.evaluate("localStorage.getItem('cueboard.sound')") == "1"
    page.reload()  # the setting is kept
    page.wait_for_selector("body[data-ready='1']")
    assert page.is_checked("#sound")
    new_match(page, server, "snooker")
    answer = stroke_across(page)
    sounds = answer["shot"]["tracks"]["sounds"]
    heard = [s for s in sounds if s["speed"] >= 0.01]  # sound.js QUIET_BELOW
    kinds = [s["kind"] for s in heard]
    assert kinds[0] == "strike" and "cushion" in kinds and "collision" not in kinds
    played = page.evaluate("window.cueboardSound.played")
    assert [(p["kind"], p["t"]) for p in played] == [(s["kind"], s["t"]) for s in heard]
    assert [p["voice"] for p in played] == ["cue" if k == "strike" else "cushion" for k in kinds]
    audio = page.evaluate("window.__audio")
    assert audio == {"contexts": 1, "started": len(heard)}
    # louder for a faster contact: the cushions, each slower than the one before, softer each time
    cushions = [p["gain"] for p in played if p["kind"] == "cushion"]
    speeds = [s["speed"] for s in heard if s["kind"] == "cushion"]
    assert speeds == sorted(speeds, reverse=True)
    assert cushions == sorted(cushions, reverse=True) and cushions[0] > cushions[-1]
    assert all(0 < g <= 1 for g in cushions)
