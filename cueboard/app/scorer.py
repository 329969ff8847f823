"""Scorer mode: keep the score of a real snooker, crokinole or novuss match from a phone or a
tablet, refereed by the same referee as ``cueboard score <game>`` (snooker:
:class:`cueboard.games.snooker.Scoreboard`; crokinole and novuss: :mod:`cueboard.app.scorer_games`;
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
from cueboard.app.scorer_games import KEEPERS, CrokinoleKeeper, NovussKeeper
from cueboard.app.service import MatchStateError
from cueboard.app.stats import match_stats
from cueboard.app.text import SafeText
from cueboard.errors import SettingsError
from cueboard.games.protocol import check_ruling
from cueboard.games.snooker import ManualFoul, Scoreboard, SnookerInputError, parse_report
from cueboard.records.match import MatchRecord
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


class MarkIn(BaseModel):
    """What a snooker stroke was meant to be, for the statistics (cueboard/app/stats_snooker.py):
    a pot attempt or a safety, and whether it was a long pot. The referee does not read it."""

    model_config = ConfigDict(extra="forbid")

    shot: Literal["pot", "safety"] | None = None
    long: bool = False


class EntryIn(BaseModel):
    """One entry. Snooker: a stroke (with its ``mark``), a choice after a foul (``play`` /
    ``put_back`` / ``replace``), a concession or claim of the frame, the next frame, the player of
    a re-spotted black (``choose_player`` with ``seat``) — or ``line``, a report in the words of
    ``cueboard score``. Crokinole: a ``round`` with its ``counts`` (per side: 20s, 15s, 10s, 5s),
    or a ``result`` as a scoresheet holds it (``winner``: a side, or none for a tie; ``twenties``;
    ``totals`` where written down).
    Novuss: a ``stroke`` with its ``report`` (cueboard.games.novuss.scoreboard.StrokeReport's
    fields) or a ``line`` in the words of ``cueboard score novuss``."""

    model_config = ConfigDict(extra="forbid")

    action: Literal[
        "stroke", "choose", "concede", "claim", "next_frame", "choose_player", "round", "result"
    ] = "stroke"
    stroke: StrokeIn | None = None
    mark: MarkIn | None = None
    choice: Literal["play", "put_back", "replace"] | None = None
    seat: int | None = Field(default=None, ge=0, le=3)
    line: SafeText | None = Field(default=None, min_length=1, max_length=200)
    counts: list[list[int]] | None = Field(default=None, min_length=2, max_length=2)
    winner: Literal[0, 1] | None = None
    twenties: list[int] | None = Field(default=None, min_length=2, max_length=2)
    totals: list[int] | None = Field(default=None, min_length=2, max_length=2)
    report: dict[str, int | bool | str] | None = None


class ScorerIn(BaseModel):
    """A new scorer match: the game, the names (2; crokinole and novuss also 4, partners sitting
    opposite: seats 1 and 3 against 2 and 4) and the rules settings. Snooker: the frames (best of
    N), the reds, the miss rule. Crokinole: the ``variant`` (``tournament``: ``rounds`` rounds
    scored 2 / 1 / 0; ``seed``: a game to ``target`` points), or ``first_to``: rounds scored
    2 / 1 / 0 until a side has that many points, ahead (playoffs' "first to 8")."""

    game: Literal["snooker", "crokinole", "novuss"] = "snooker"
    #: The names (1 to 64 characters once trimmed: checked when the match is created).
    players: list[SafeText] = Field(min_length=2, max_length=4)
    best_of: int = Field(default=1, ge=1, le=35)
    reds: Literal[15, 10, 6] = 15
    miss: Literal["professional", "amateur", "off"] = "professional"
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    variant: Literal["seed", "tournament"] = "tournament"
    rounds: int = Field(default=4, ge=1, le=100)
    target: int = Field(default=100, ge=1, le=10_000)
    first_to: int | None = Field(default=None, ge=1, le=200)


Keeper = CrokinoleKeeper | NovussKeeper
Board = Scoreboard | Keeper


def new_header(body: ScorerIn, seed: int) -> dict[str, Any]:
    """The stored header of a new match (names checked: 1 to 64 characters once trimmed)."""
    names = [n.strip() for n in body.players]
    for i, n in enumerate(names):
        if not n or len(n) > 64:
            raise SettingsError(f"player {i + 1}'s name must have 1 to 64 characters")
    if body.game == "crokinole":
        settings: dict[str, Any] = {"variant": body.variant}
        settings.update({"rounds": body.rounds} if body.variant == "tournament" else {"target": body.target})
        return CrokinoleKeeper.header(names, settings, body.first_to)
    if body.game == "novuss":
        return NovussKeeper.header(names, {})
    if len(names) != 2:
        raise SettingsError(f"the scorer keeps snooker for 2 players, not {len(names)}")
    return {"game": "snooker", "players": names, "seed": seed,
            "settings": {"best_of": body.best_of, "reds": body.reds, "miss": body.miss}}


def _check_balls(stroke: StrokeIn) -> None:
    names = [*(stroke.first or ()), *stroke.potted, *stroke.off_table, *stroke.concerned.values()]
    for name in names:
        if not BALL.fullmatch(name):
            raise SnookerInputError(
                f"unknown ball '{name}' (say red, white, yellow, green, brown, blue, pink, black)")


def normal(entry: EntryIn, header: dict[str, Any] | None = None) -> dict[str, Any]:
    """The entry as it is stored: ``{"action": ..., ...}`` with the stroke's keywords (snooker;
    the other games' entries as their keepers store them)."""
    game = (header or {}).get("game", "snooker")
    if game in KEEPERS:
        return KEEPERS[game].normal(entry.model_dump(exclude_none=True))
    if entry.action in ("round", "result") or entry.counts is not None or entry.report is not None:
        raise SnookerInputError("a snooker entry is a stroke, a choice or an action, not a round or a report")
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
        facts = stroke.model_dump(mode="json", exclude_defaults=True)
        out: dict[str, Any] = {"action": "stroke", "stroke": facts}
        if entry.mark is not None:
            out["mark"] = entry.mark.model_dump(mode="json", exclude_defaults=True)
        return out
    if entry.action == "choose":
        if entry.choice is None:
            raise SnookerInputError("a choice entry needs 'choice' (play, put_back or replace)")
        return {"action": "choose", "choice": entry.choice}
    if entry.action == "choose_player":
        if entry.seat is None:
            raise SnookerInputError("choose_player needs 'seat'")
        return {"action": "choose_player", "seat": entry.seat}
    return {"action": entry.action}


def apply(board: Board, entry: dict[str, Any]) -> None:
    """Report one stored entry to the referee (a MoveError when it refuses it)."""
    if not isinstance(board, Scoreboard):
        board.apply(entry)
        return
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


def referee(header: dict[str, Any], entries: list[dict[str, Any]]) -> Board:
    """The referee with every stored entry applied in order."""
    game = header.get("game", "snooker")
    out: Board
    if game in KEEPERS:
        out = KEEPERS[game](header)
    else:
        out = Scoreboard(settings=header["settings"], players=header["players"], seed=header["seed"])
    for e in entries:
        apply(out, e)
    return out


def finished(board: Board) -> bool:
    """The match is over: nothing more may be entered."""
    return board.position.match_over if isinstance(board, Scoreboard) else board.finished


def listing_line(board: Board) -> tuple[list[int], list[int]]:
    """The scores and the frames (snooker) or rounds (crokinole) won, for the list of matches."""
    if isinstance(board, Scoreboard):
        s = board.summary()
        return list(s["scores"]), list(s["frames"])
    return board.listing()


def marks_of(entries: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
    """The snooker strokes' marks aligned with the referee's history (every entry but a new
    frame makes one history entry)."""
    return [e.get("mark") for e in entries if e["action"] != "next_frame"]


def stats_of(header: dict[str, Any], entries: list[dict[str, Any]]) -> tuple[MatchRecord, dict[str, Any]]:
    """The match record and its statistics (cueboard/app/stats.py)."""
    board = referee(header, entries)
    record = board.match_record()
    if isinstance(board, CrokinoleKeeper):
        return record, board.stats()
    marks = marks_of(entries) if isinstance(board, Scoreboard) else None
    return record, match_stats(record, marks)


def save(store: Store, match_id: str, entries: list[dict[str, Any]], read: int, status: str) -> None:
    """Store ``entries`` in place of the ``read`` entries read before (409 when another scorer
    changed them meanwhile)."""
    try:
        save_entries(store, match_id, entries, read, status)
    except ScorerChangedError as err:
        raise MatchStateError(str(err)) from None


def view_json(match_id: str, header: dict[str, Any], entries: list[dict[str, Any]], board: Board,
              status: str, *, owner: bool) -> dict[str, Any]:
    """A scorer match as the page shows it: the referee's summary, the table's scoreboard, the
    last :data:`RECENT` entries with their rulings and calls, whether the request holds the
    owner token (``owner``: it may write) and the read-only link (``share_path``)."""
    if not isinstance(board, Scoreboard):
        return {"id": match_id, "status": status, "header": header, "entries": len(entries),
                **board.view(RECENT), "can_undo": bool(entries), "owner": owner,
                "share_path": f"/#/scorer/{match_id}"}
    recent = []
    for n, e in enumerate(board.history[-RECENT:], start=max(0, len(board.history) - RECENT)):
        recent.append({
            "number": n, "seat": e.player, "declaration": e.declaration.model_dump(mode="json"),
            "ruling": e.ruling.model_dump(mode="json"),
            "announcements": [c.to_json() for c in check_ruling(e.ruling).calls],
        })
    return {
        "id": match_id, "status": status, "header": header, "entries": len(entries),
        "summary": {"game": "snooker", **board.summary()},
        "scoreboard": adapter("snooker").scoreboard(board.position),
        "recent": recent, "can_undo": bool(entries),
        "next_frame": board.position.frame_over and not board.position.match_over,
        "owner": owner, "share_path": f"/#/scorer/{match_id}",
    }
