"""Scorer mode: keep the score of a real snooker match from a phone or a tablet, refereed by the
same referee as ``cueboard score snooker`` (:class:`cueboard.games.snooker.Scoreboard`,
docs/app.md#scorer-mode).

``/api/scorer`` creates a match (two names, the frames, the rules settings); each entry the scorer
taps (a pot, a safety, a foul with the ball concerned, a miss, a free ball, a choice after a foul,
a concession, the next frame) is posted to ``/api/scorer/{id}/entries``, validated and refereed:
a refused entry is a 422 with the referee's reason and changes nothing. ``/undo`` takes back the
last entry. The view is the table's scoreboard (``scoreboard``: the same JSON the match screen
draws), the referee's summary (break, ball on, points remaining, choices) and the calls of the
last entries. Entries are stored (cueboard/store/scorer.py) and the referee is rebuilt from them.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cueboard.app.games import adapter
from cueboard.app.service import MatchStateError
from cueboard.app.text import SafeText
from cueboard.games.protocol import check_ruling
from cueboard.games.snooker import ManualFoul, Scoreboard, SnookerInputError, parse_report
from cueboard.store import Store
from cueboard.store.scorer import ScorerChangedError, save_entries

#: A ball as the scorer names it: ``red`` (any red), a red's id (``red7``), a colour or ``white``.
BALL = re.compile(r"red\d*|white|yellow|green|brown|blue|pink|black")
#: How many of the last entries' calls the view carries.
RECENT = 12


class StrokeIn(BaseModel):
    """The facts of one stroke (the keywords of :meth:`Scoreboard.stroke`, docs/rules/snooker.md)."""

    model_config = ConfigDict(extra="forbid")

    first: list[SafeText] | None = Field(default=None, max_length=2)
    potted: list[SafeText] = Field(default_factory=list, max_length=22)
    off_table: list[SafeText] = Field(default_factory=list, max_length=22)
    fouls: list[ManualFoul] = Field(default_factory=list, max_length=15)
    concerned: dict[ManualFoul, SafeText] = Field(default_factory=dict)
    nominated: Literal["yellow", "green", "brown", "blue", "pink", "black"] | None = None
    free_ball: Literal["yellow", "green", "brown", "blue", "pink", "black"] | None = None
    miss: bool | None = None
    snookered: bool | None = None
    nothing: bool = False
    #: False for a foul without a stroke (a ball touched, S3 R12(b)).
    stroke: bool = True


class EntryIn(BaseModel):
    """One entry: a stroke, a choice after a foul (``play`` / ``put_back`` / ``replace``), a
    concession or claim of the frame, the next frame, the player of a re-spotted black
    (``choose_player`` with ``seat``) — or ``line``, a report in the words of ``cueboard score``."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["stroke", "choose", "concede", "claim", "next_frame", "choose_player"] = "stroke"
    stroke: StrokeIn | None = None
    choice: Literal["play", "put_back", "replace"] | None = None
    seat: int | None = Field(default=None, ge=0, le=3)
    line: SafeText | None = Field(default=None, min_length=1, max_length=200)


class ScorerIn(BaseModel):
    """A new scorer match: two names, the frames (best of N) and the snooker rules settings."""

    #: The names (1 to 64 characters once trimmed: checked when the match is created).
    players: list[SafeText] = Field(min_length=2, max_length=2)
    best_of: int = Field(default=1, ge=1, le=35)
    reds: Literal[15, 10, 6] = 15
    miss: Literal["professional", "amateur", "off"] = "professional"
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


def _check_balls(stroke: StrokeIn) -> None:
    names = [*(stroke.first or ()), *stroke.potted, *stroke.off_table, *stroke.concerned.values()]
    for name in names:
        if not BALL.fullmatch(name):
            raise SnookerInputError(
                f"unknown ball '{name}' (say red, white, yellow, green, brown, blue, pink, black)")


def normal(entry: EntryIn) -> dict[str, Any]:
    """The entry as it is stored: ``{"action": ..., ...}`` with the stroke's keywords."""
    if entry.line is not None:
        report = parse_report(entry.line)
        action = report.pop("action", "stroke")
        if action in ("undo", "help", "quit", "forfeit", "stalemate"):
            raise SnookerInputError(f"'{action}' is not an entry here (use the page's buttons)")
        if action == "next":
            return {"action": "next_frame"}
        if action == "player":
            return {"action": "choose_player", "seat": report["value"]}
        if action == "stroke":
            return {"action": "stroke", "stroke": report}
        return {"action": action, **report}
    if entry.action == "stroke":
        stroke = entry.stroke or StrokeIn()
        _check_balls(stroke)
        return {"action": "stroke", "stroke": stroke.model_dump(mode="json", exclude_defaults=True)}
    if entry.action == "choose":
        if entry.choice is None:
            raise SnookerInputError("a choice entry needs 'choice' (play, put_back or replace)")
        return {"action": "choose", "choice": entry.choice}
    if entry.action == "choose_player":
        if entry.seat is None:
            raise SnookerInputError("choose_player needs 'seat'")
        return {"action": "choose_player", "seat": entry.seat}
    return {"action": entry.action}


def apply(board: Scoreboard, entry: dict[str, Any]) -> None:
    """Report one stored entry to the referee (SnookerInputError when it refuses it)."""
    action = entry["action"]
    if action == "stroke":
        board.stroke(**entry.get("stroke", {}))
    elif action == "choose":
        board.choose(entry["choice"])
    elif action == "choose_player":
        board.choose_player(entry["seat"])
    elif action == "next_frame":
        if not board.position.frame_over or board.position.match_over:
            raise SnookerInputError("the next frame starts only after a frame is over, in a match still on")
        board.next_frame()
    elif action in ("concede", "claim"):
        getattr(board, action)()
    else:
        raise SnookerInputError(f"unknown entry '{action}'")


def referee(header: dict[str, Any], entries: list[dict[str, Any]]) -> Scoreboard:
    """The referee with every stored entry applied in order."""
    out = Scoreboard(settings=header["settings"], players=header["players"], seed=header["seed"])
    for e in entries:
        apply(out, e)
    return out


def save(store: Store, match_id: str, entries: list[dict[str, Any]], read: int, status: str) -> None:
    """Store ``entries`` in place of the ``read`` entries read before (409 when another scorer
    changed them meanwhile)."""
    try:
        save_entries(store, match_id, entries, read, status)
    except ScorerChangedError as err:
        raise MatchStateError(str(err)) from None


def view_json(match_id: str, header: dict[str, Any], entries: list[dict[str, Any]], board: Scoreboard,
              status: str, *, owner: bool) -> dict[str, Any]:
    """A scorer match as the page shows it: the referee's summary, the table's scoreboard, the
    last :data:`RECENT` entries with their rulings and calls, whether the request holds the
    owner token (``owner``: it may write) and the read-only link (``share_path``)."""
    recent = []
    for n, e in enumerate(board.history[-RECENT:], start=max(0, len(board.history) - RECENT)):
        recent.append({
            "number": n, "seat": e.player, "declaration": e.declaration.model_dump(mode="json"),
            "ruling": e.ruling.model_dump(mode="json"),
            "announcements": [c.to_json() for c in check_ruling(e.ruling).calls],
        })
    return {
        "id": match_id, "status": status, "header": header, "entries": len(entries),
        "summary": board.summary(), "scoreboard": adapter("snooker").scoreboard(board.position),
        "recent": recent, "can_undo": bool(entries),
        "next_frame": board.position.frame_over and not board.position.match_over,
        "owner": owner, "share_path": f"/#/scorer/{match_id}",
    }
