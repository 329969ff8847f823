"""Scorer mode for crokinole and novuss: a real game kept by hand in the browser, refereed by the
games' own scoreboards — the same referee as ``cueboard score crokinole`` / ``cueboard score
novuss`` (:class:`cueboard.games.crokinole.scoreboard.Scoreboard`,
:class:`cueboard.games.novuss.scoreboard.Scoreboard`), no second rules engine.

- Crokinole: after each round the scorer enters, per side (a player, or partners), the discs shot
  into the 20-hole and the discs left in the 15, 10 and 5 zones; the round is scored as the NCA
  rules say (tournament play 2 / 1 / 0 a round; the seed game the difference, to a points target).
- Novuss: after each stroke, what was seen (:class:`StrokeReport`: direct or rebound, first
  contact, discs dropped, fouls), ruled with the LNF penalty cases and turn rules.

A keeper holds the board rebuilt from the stored entries (cueboard/store/scorer.py keeps the header
and the entries; cueboard/app/scorer.py routes each game to its keeper).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from cueboard.app.games import adapter
from cueboard.errors import MoveError
from cueboard.games.crokinole.errors import CrokinoleError
from cueboard.games.crokinole.records import CrokinoleSettings
from cueboard.games.crokinole.scoreboard import Scoreboard as CrokinoleBoard
from cueboard.games.novuss.scoreboard import ReportError, StrokeReport
from cueboard.games.novuss.scoreboard import Scoreboard as NovussBoard
from cueboard.games.novuss.scoreboard import parse_report as parse_novuss
from cueboard.games.protocol import check_ruling
from cueboard.records.base import parse_settings
from cueboard.records.match import MatchRecord, ShotEntry


def _entry_json(number: int, shot: ShotEntry) -> dict[str, Any]:
    return {
        "number": number, "seat": shot.player, "declaration": shot.declaration.model_dump(mode="json"),
        "ruling": shot.ruling.model_dump(mode="json"),
        "announcements": [c.to_json() for c in check_ruling(shot.ruling).calls],
    }


def _recent(record: MatchRecord, count: int) -> list[dict[str, Any]]:
    start = max(0, len(record.shots) - count)
    return [_entry_json(n, s) for n, s in enumerate(record.shots[start:], start=start)]


class CrokinoleKeeper:
    """A crokinole game kept by hand: ``round`` entries (``counts``: per side 20s, 15s, 10s, 5s)."""

    game = "crokinole"

    def __init__(self, header: dict[str, Any]) -> None:
        self.board = CrokinoleBoard(header["settings"], names=header["players"])

    @staticmethod
    def header(players: Sequence[str], settings: dict[str, Any]) -> dict[str, Any]:
        s = parse_settings(CrokinoleSettings, {**settings, "players": len(players)})
        return {"game": "crokinole", "players": list(players), "seed": 0,
                "settings": s.model_dump(mode="json", exclude_defaults=True)}

    @staticmethod
    def normal(entry: dict[str, Any]) -> dict[str, Any]:
        if entry.get("action") != "round" or entry.get("counts") is None:
            raise CrokinoleError("a crokinole entry is a round: 'counts', per side [20s, 15s, 10s, 5s]")
        return {"action": "round", "counts": entry["counts"]}

    def apply(self, entry: dict[str, Any]) -> None:
        if self.board.over:
            raise CrokinoleError("the game is over: nothing more to enter (undo to correct it)")
        side0, side1 = entry["counts"]
        self.board.enter_round(side0, side1)

    @property
    def finished(self) -> bool:
        return self.board.over

    def match_record(self) -> MatchRecord:
        return self.board.match_record()

    def summary(self) -> dict[str, Any]:
        b, p = self.board, self.board.position
        s = b.settings
        rounds = [{
            "round": r.round, "starter": r.starter, "starter_side": s.side(r.starter),
            "counts": [c.model_dump(mode="json") for c in r.counts], "totals": list(r.totals),
            "winner": r.winner, "points": list(r.points), "scores_after": list(r.scores_after),
        } for r in b.results]
        return {
            "game": "crokinole", "players": list(b.names), "sides": [b.side_name(0), b.side_name(1)],
            "scores": list(p.scores), "round": p.round, "striker": p.to_move,
            "striker_side": s.side(p.to_move), "variant": s.variant.value, "target": s.target,
            "rounds_of": s.rounds, "discs": s.discs, "match_over": b.over, "match_winner": b.winner,
            "rounds": rounds,
        }

    def listing(self) -> tuple[list[int], list[int]]:
        """The scores and the rounds won by each side (for the list of kept matches)."""
        won = [sum(r.winner == side for r in self.board.results) for side in (0, 1)]
        return list(self.board.position.scores), won

    def view(self, recent: int) -> dict[str, Any]:
        return {"summary": self.summary(), "scoreboard": adapter("crokinole").scoreboard(self.board.position),
                "recent": _recent(self.match_record(), recent), "next_frame": False}


class NovussKeeper:
    """A novuss game kept by hand: ``stroke`` entries (``report``: a :class:`StrokeReport`)."""

    game = "novuss"

    def __init__(self, header: dict[str, Any]) -> None:
        self.board = NovussBoard(players=header["settings"]["players"], names=header["players"])

    @staticmethod
    def header(players: Sequence[str], settings: dict[str, Any]) -> dict[str, Any]:
        if settings:
            raise MoveError(f"novuss takes no rules settings here, got {sorted(settings)}")
        if len(players) not in (2, 4):
            raise MoveError(f"novuss is played by 2 or 4 players, not {len(players)}")
        return {"game": "novuss", "players": list(players), "seed": 0, "settings": {"players": len(players)}}

    @staticmethod
    def normal(entry: dict[str, Any]) -> dict[str, Any]:
        if entry.get("line") is not None:
            report = parse_novuss(entry["line"])
        elif entry.get("action") == "stroke" and entry.get("report") is not None:
            try:
                report = StrokeReport.model_validate(entry["report"])
            except ValidationError as err:
                first = err.errors()[0]
                where = ".".join(str(x) for x in first["loc"])
                raise ReportError(f"report{'.' + where if where else ''}: {first['msg']}") from None
        else:
            raise ReportError("a novuss entry is a stroke: 'report' (what was seen) or 'line' (in words)")
        return {"action": "stroke", "report": report.model_dump(mode="json", exclude_defaults=True)}

    def apply(self, entry: dict[str, Any]) -> None:
        if self.board.over:
            raise ReportError("the game is over: nothing more to enter (undo to correct it)")
        self.board.record(StrokeReport.model_validate(entry["report"]))

    @property
    def finished(self) -> bool:
        return self.board.over

    def match_record(self) -> MatchRecord:
        record = self.board.match_record()
        assert isinstance(record, MatchRecord)
        return record

    def summary(self) -> dict[str, Any]:
        state = self.board.state()
        p = self.board.position
        return {
            "game": "novuss", "players": list(self.board.names), "striker": p.to_move,
            "striker_side": p.side_to_move, "scores": list(p.pocketed), "debt": list(p.debt),
            "match_over": self.board.over, "match_winner": p.winner, "sides": state["sides"],
            "strokes": state["strokes"],
        }

    def listing(self) -> tuple[list[int], list[int]]:
        return list(self.board.position.pocketed), []

    def view(self, recent: int) -> dict[str, Any]:
        return {"summary": self.summary(), "scoreboard": adapter("novuss").scoreboard(self.board.position),
                "recent": _recent(self.match_record(), recent), "next_frame": False}


KEEPERS: dict[str, type[CrokinoleKeeper] | type[NovussKeeper]] = {
    "crokinole": CrokinoleKeeper, "novuss": NovussKeeper,
}
