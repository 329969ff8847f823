"""Scorer mode for snooker: a real match kept by hand, each entry refereed by
:class:`cueboard.games.snooker.Scoreboard` — the same referee as ``cueboard score snooker``.

Each tap is one entry: a stroke (its facts, :class:`StrokeIn`, with what it was meant to be for
the statistics, :class:`MarkIn`), a choice after a foul (WPBSA S3 R10: play, put back, replace),
a concession or claim of the frame, the next frame, the player of a re-spotted black — or a line
in the words of ``cueboard score snooker`` (:func:`cueboard.games.snooker.parse_report`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cueboard.app.games import adapter
from cueboard.app.scorer_games import recent_json
from cueboard.app.stats import match_stats
from cueboard.app.text import SafeText
from cueboard.errors import SettingsError
from cueboard.games.snooker import GAME, ManualFoul, Scoreboard, SnookerInputError, parse_report
from cueboard.records.match import MatchRecord, with_scorer_formats

#: The most points a handicap start gives a player (amateur leagues' starts, up to 70 a frame).
MAX_START = 70
#: A ball as the scorer names it: ``red`` (any red), a red's id (``red7``), a colour or ``white``.
BALL = re.compile(r"red\d*|white|yellow|green|brown|blue|pink|black")


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


def _check_balls(stroke: StrokeIn) -> None:
    names = [*(stroke.first or ()), *stroke.potted, *stroke.off_table, *stroke.concerned.values()]
    for name in names:
        if not BALL.fullmatch(name):
            raise SnookerInputError(
                f"unknown ball '{name}' (say red, white, yellow, green, brown, blue, pink, black)")


def _add_into(total: dict[str, Any], row: Mapping[str, Any]) -> None:
    """Add one match's statistics ``row`` into ``total`` (see :meth:`SnookerKeeper.combine_stats`;
    rates are left out here and recounted by :func:`_rates`)."""
    for key, value in row.items():
        if isinstance(value, Mapping):
            _add_into(total.setdefault(key, {}), value)
        elif isinstance(value, list):
            total[key] = [*total.get(key, []), *value]
        elif key.startswith("highest"):
            total[key] = max(total.get(key, 0), value)
        elif isinstance(value, int) and not isinstance(value, bool):
            total[key] = total.get(key, 0) + value


def _rates(total: dict[str, Any]) -> None:
    """Each tally's ``success`` recounted: pots (or successful safeties) over attempts."""
    for value in total.values():
        if isinstance(value, dict):
            _rates(value)
    if "attempts" in total:
        made = total.get("pots", total.get("successful", 0))
        total["success"] = round(made / total["attempts"], 4) if total["attempts"] else None


def _model(cls: type[BaseModel], value: Any, field: str) -> Any:
    try:
        return cls.model_validate(value)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise SnookerInputError(f"{field}{'.' + where if where else ''}: {first['msg']}") from None


class SnookerKeeper:
    """A snooker match kept by hand (two players, best of N frames, WPBSA rules).

    Two formats of amateur leagues besides: a *handicap start* (``handicap``: the points each
    player has when every frame begins, 0 to :data:`MAX_START`; they count in the frame's score,
    so in who wins it, and in the statistics' totals), and a frame entered as its *result* alone
    when its strokes were not kept (``{"action": "result", "totals": [a, b]}``, before any stroke
    of the frame: the scores as the scorecard gives them, starts included; the player behind
    concedes the frame at that score, S4 R6's concession, so the match goes on as refereed)."""

    game: ClassVar[str] = GAME.name
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    #: A league's team fixture is a list of single frames (cueboard/app/scorer_fixture.py).
    fixtures: ClassVar[bool] = True

    def __init__(self, header: Mapping[str, Any]) -> None:
        self.board = Scoreboard(settings=header["settings"], players=header["players"], seed=header["seed"])
        #: Each history entry's mark (what the stroke was meant to be), for the statistics.
        self.marks: list[dict[str, Any] | None] = []
        start = header.get("handicap", (0, 0))
        #: Each player's handicap start, given at the start of every frame.
        self.start: tuple[int, int] = (int(start[0]), int(start[1]))
        #: The final scores of the frames before the one in play.
        self.frame_scores: list[tuple[int, int]] = []
        #: The frames entered as their result alone (their numbers, from 1).
        self.result_frames: list[int] = []
        self.frame_entries = 0
        self._open_frame()

    def _open_frame(self) -> None:
        """A new frame: no entry in it yet, each player's start on the board."""
        self.frame_entries = 0
        if any(self.start):
            self.board.position = self.board.position.model_copy(update={"scores": self.start})

    @staticmethod
    def header(names: list[str], body: Any, seed: int) -> dict[str, Any]:
        """A new match's header from the scorer's form (``best_of``, ``reds``, ``miss``, and a
        ``handicap`` start per player)."""
        if len(names) not in SnookerKeeper.player_counts:
            raise SettingsError(f"the scorer keeps snooker for 2 players, not {len(names)}")
        out: dict[str, Any] = {"game": GAME.name, "players": names, "seed": seed,
                               "settings": {"best_of": body.best_of, "reds": body.reds, "miss": body.miss}}
        start = list(body.handicap or (0, 0))
        if len(start) != 2 or not all(0 <= s <= MAX_START for s in start):
            raise SettingsError(f"handicap: a start of 0 to {MAX_START} points for each of the 2 players, "
                                f"not {start}")
        if any(start):
            out["handicap"] = start
        return out

    @staticmethod
    def normal(entry: Mapping[str, Any]) -> dict[str, Any]:
        """The entry as it is stored: ``{"action": ..., ...}`` with the stroke's keywords."""
        action = entry.get("action", "stroke")
        if action == "result":
            totals = entry.get("totals")
            if totals is None or "winner" in entry or "twenties" in entry:
                raise SnookerInputError(
                    "a frame's result is its two scores: 'totals' [a, b], starts included")
            return {"action": "result", "totals": [int(totals[0]), int(totals[1])]}
        if action == "round" or "counts" in entry or "report" in entry:
            raise SnookerInputError(
                "a snooker entry is a stroke, a choice or an action, not a round or a report")
        if entry.get("line") is not None:
            report = parse_report(entry["line"])
            said = report.pop("action", "stroke")
            if said in ("undo", "help", "quit", "forfeit", "stalemate"):
                raise SnookerInputError(f"'{said}' is not an entry here (use the page's buttons)")
            if said == "next":
                return {"action": "next_frame"}
            if said == "player":
                return {"action": "choose_player", "seat": report["value"]}
            if said == "stroke":
                return {"action": "stroke", "stroke": report}
            return {"action": said, **report}
        if action == "stroke":
            stroke = _model(StrokeIn, entry.get("stroke") or {}, "stroke")
            _check_balls(stroke)
            facts = stroke.model_dump(mode="json", exclude_defaults=True)
            out: dict[str, Any] = {"action": "stroke", "stroke": facts}
            if entry.get("mark") is not None:
                mark = _model(MarkIn, entry["mark"], "mark")
                out["mark"] = mark.model_dump(mode="json", exclude_defaults=True)
            return out
        if action == "choose":
            if entry.get("choice") is None:
                raise SnookerInputError("a choice entry needs 'choice' (play, put_back or replace)")
            return {"action": "choose", "choice": entry["choice"]}
        if action == "choose_player":
            if entry.get("seat") is None:
                raise SnookerInputError("choose_player needs 'seat'")
            return {"action": "choose_player", "seat": entry["seat"]}
        return {"action": action}

    def apply(self, entry: Mapping[str, Any]) -> None:
        """Report one stored entry to the referee (a MoveError when it refuses it)."""
        board, action = self.board, entry["action"]
        if action == "next_frame":
            if not board.position.frame_over or board.position.match_over:
                raise SnookerInputError(
                    "the next frame starts only after a frame is over, in a match still on")
            self.frame_scores.append(board.position.scores)
            board.next_frame()
            self._open_frame()
            return  # a new frame makes no history entry
        if action == "result":
            self._frame_result(entry["totals"])
        elif action == "stroke":
            board.stroke(**entry.get("stroke", {}))
        elif action == "choose":
            board.choose(entry["choice"])
        elif action == "choose_player":
            board.choose_player(entry["seat"])
        elif action in ("concede", "claim"):
            getattr(board, action)()
        else:
            raise SnookerInputError(f"unknown entry '{action}'")
        self.marks.append(entry.get("mark"))
        self.frame_entries += 1

    def _frame_result(self, totals: list[int]) -> None:
        """The frame as its result alone: the scores set, the player behind concedes."""
        p = self.board.position
        if self.frame_entries or p.frame_over:
            raise SnookerInputError("a frame's result alone is entered before any stroke of the frame "
                                    "(undo its entries to enter the result instead)")
        a, b = totals
        if a < self.start[0] or b < self.start[1] or max(a, b) > 999:
            raise SnookerInputError(f"a frame's scores {totals} cannot be: each is at least the player's "
                                    f"start {list(self.start)}, at most 999")
        if a == b:
            raise SnookerInputError("a frame does not end level: the black is re-spotted (WPBSA S3 R4) "
                                    "— enter the score after it")
        behind = 0 if a < b else 1
        self.board.position = p.model_copy(update={"scores": (a, b), "to_move": behind})
        self.board.concede()
        self.result_frames.append(p.frame_number + 1)

    @property
    def finished(self) -> bool:
        return self.board.position.match_over

    def match_record(self) -> MatchRecord:
        """The board's record with the handicap start and the frames entered as their result in
        its header (docs/records.md#match-record), so that ``cueboard referee`` checks them."""
        history = self.board.history
        results = [i for i, e in enumerate(history) if e.position.frame_number + 1 in self.result_frames]
        return with_scorer_formats(self.board.match_record(), self.start, results)

    def stats(self) -> dict[str, Any]:
        """The players' statistics (:func:`cueboard.app.stats_snooker.snooker_stats`), the strokes
        read with their marks; and per player the points the handicap starts gave
        (``start_points``) and ``total_points``, the sum of the player's frame scores (starts,
        points scored and fouls received, frames entered as their result); ``frames_by_result``:
        the frames entered as their result alone (their strokes are not in the other figures)."""
        out = match_stats(self.match_record(), self.marks)
        frames = [*self.frame_scores, self.board.position.scores]
        for row in out["players"]:
            seat = row["seat"]
            row["start_points"] = self.start[seat] * len(frames)
            row["total_points"] = sum(f[seat] for f in frames)
        out["frames_by_result"] = list(self.result_frames)
        return out

    @property
    def winner(self) -> int | None:
        """The seat that won the match (None while it is on)."""
        return self.board.position.match_winner

    def frame_card(self) -> dict[str, Any]:
        """The match as a league scorecard lists a frame (it is a fixture's one-frame match):
        each player's score and breaks of :data:`~cueboard.app.stats_snooker.LISTED_BREAK` or
        more, and whether the frame was entered as its result alone (no breaks known)."""
        breaks = [row["breaks"] for row in self.stats()["players"]]
        return {"scores": list(self.board.position.scores), "breaks": breaks,
                "by_result": bool(self.result_frames)}

    @staticmethod
    def combine_stats(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """One player's statistics over several matches (a fixture's frames): counts summed,
        breaks listed in order, the highest break the highest, each success rate recounted from
        the summed tallies."""
        out: dict[str, Any] = {}
        for row in rows:
            _add_into(out, {k: v for k, v in row.items() if k not in ("seat", "name")})
        _rates(out)
        return out

    def listing(self) -> tuple[list[int], list[int]]:
        """The scores and the frames won (for the list of kept matches)."""
        p = self.board.position
        return list(p.scores), list(p.frames_won)

    def view(self, recent: int) -> dict[str, Any]:
        p = self.board.position
        summary = {"game": self.game, **self.board.summary(), "handicap": list(self.start),
                   "frame_entries": self.frame_entries, "frames_by_result": list(self.result_frames)}
        return {"summary": summary,
                "scoreboard": adapter(self.game).scoreboard(p),
                "recent": recent_json(self.board.history, recent),
                "next_frame": p.frame_over and not p.match_over}
