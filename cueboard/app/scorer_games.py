"""Scorer mode for crokinole and novuss: a real game kept by hand in the browser, refereed by the
games' own scoreboards — the same referee as ``cueboard score crokinole`` / ``cueboard score
novuss`` (:class:`cueboard.games.crokinole.scoreboard.Scoreboard`,
:class:`cueboard.games.novuss.scoreboard.Scoreboard`), no second rules engine.

- Crokinole: after each round the scorer enters, per side (a player, or partners), the discs shot
  into the 20-hole and the discs left in the 15, 10 and 5 zones; the round is scored as the NCA
  rules say (tournament play 2 / 1 / 0 a round; the seed game the difference, to a points target).
  A round may instead be entered as an NCA scoresheet holds it (:func:`result_counts`): its winner
  and each side's 20s, with the raw totals where they were written down. A game may be played to
  a points target of tournament points ("first to 8", as playoffs are): it ends when a side
  reaches the target ahead of the other.
- Novuss: after each stroke, what was seen (:class:`StrokeReport`: direct or rebound, first
  contact, discs dropped, fouls), ruled with the LNF penalty cases and turn rules.

A keeper holds the board rebuilt from the stored entries (cueboard/store/scorer.py keeps the header
and the entries; each game's app adapter names its keeper,
:meth:`cueboard.app.games.base.GameAdapter.scorer_keeper`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol

from pydantic import ValidationError

from cueboard.app.games import adapter
from cueboard.app.stats import match_stats
from cueboard.app.stats_crokinole import Round, rounds_stats
from cueboard.errors import MoveError
from cueboard.games.crokinole import GAME as CROKINOLE
from cueboard.games.crokinole import CrokinoleError, CrokinoleSettings, Variant
from cueboard.games.crokinole import Scoreboard as CrokinoleBoard
from cueboard.games.novuss import GAME as NOVUSS
from cueboard.games.novuss import ReportError, StrokeReport
from cueboard.games.novuss import Scoreboard as NovussBoard
from cueboard.games.novuss import parse_report as parse_novuss
from cueboard.games.protocol import check_ruling
from cueboard.records.base import parse_settings
from cueboard.records.match import MatchRecord


class Keeper(Protocol):
    """What the scorer asks of a game's keeper (a game's app adapter names its keeper,
    :meth:`cueboard.app.games.base.GameAdapter.scorer_keeper`): the header of a new match, each
    entry checked and stored as the keeper reads it, the entries applied in order, and the views
    (summary, scoreboard, recent calls), the statistics and the record of what was entered."""

    game: ClassVar[str]
    #: How many players the scorer's form offers (partners sit opposite: seats 1 and 3 against
    #: 2 and 4).
    player_counts: ClassVar[tuple[int, ...]]
    #: Whether the game's matches may be a team fixture's frames (cueboard/app/scorer_fixture.py:
    #: a keeper that says so also answers :class:`cueboard.app.scorer_fixture.FrameKeeper`).
    fixtures: ClassVar[bool]

    def __init__(self, header: Mapping[str, Any]) -> None: ...

    @staticmethod
    def header(names: list[str], body: Any, seed: int) -> dict[str, Any]: ...

    @staticmethod
    def normal(entry: Mapping[str, Any]) -> dict[str, Any]: ...

    def apply(self, entry: Mapping[str, Any]) -> None: ...

    @property
    def finished(self) -> bool: ...

    def match_record(self) -> MatchRecord: ...

    def stats(self) -> dict[str, Any]: ...

    def listing(self) -> tuple[list[int], list[int]]: ...

    def view(self, recent: int) -> dict[str, Any]: ...


def recent_json(shots: Sequence[Any], count: int) -> list[dict[str, Any]]:
    """The last ``count`` entries (each with ``player``, ``declaration`` and ``ruling``: a record's
    shots or a scoreboard's history) with their rulings and the referee's calls."""
    start = max(0, len(shots) - count)
    return [{
        "number": n, "seat": shot.player, "declaration": shot.declaration.model_dump(mode="json"),
        "ruling": shot.ruling.model_dump(mode="json"),
        "announcements": [c.to_json() for c in check_ruling(shot.ruling).calls],
    } for n, shot in enumerate(shots[start:], start=start)]


ZONE_POINTS = (20, 15, 10, 5)


def _zones_for(points: int, twenties: int) -> list[int]:
    """A side's discs (20s, 15s, 10s, 5s) making ``points`` with ``twenties`` in the 20-hole:
    the fewest discs (the zones of the other discs were not written down)."""
    rest = points - 20 * twenties
    if rest < 0 or rest % 5:
        raise CrokinoleError(f"{points} points with {twenties} 20s: a total is 20 a disc in the hole and "
                             "15, 10 or 5 a disc on the board")
    fifteens, rest = divmod(rest, 15)
    tens, rest = divmod(rest, 10)
    return [twenties, fifteens, tens, rest // 5]


def result_counts(winner: int | None, twenties: Sequence[int], totals: Sequence[int] | None,
                  variant: Variant) -> tuple[list[int], list[int]]:
    """The counts the referee scores for a round known by its result. Tournament play scores only
    the winner (2 / 1 / 0): each side's 20s and the fewest other discs that put the winner ahead
    (or level for a tie) — the totals, where written down, only have to agree with the winner (a
    scoresheet's totals may not add up to its 20s). The seed game scores the difference: the
    totals are needed, made of the 20s and the fewest other discs."""
    if len(twenties) != 2 or min(twenties) < 0:
        raise CrokinoleError("a round's result gives each side's 20s: two whole numbers, 0 or more")
    if totals is not None:
        if len(totals) != 2 or min(totals) < 0:
            raise CrokinoleError("a round's totals are two whole numbers, one a side")
        higher = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        if higher != winner:
            raise CrokinoleError(f"the totals {list(totals)} say the round went to "
                                 f"{'neither side' if higher is None else f'side {higher}'}, not as entered")
    if variant is not Variant.TOURNAMENT:
        if totals is None:
            raise CrokinoleError("a seed game scores the difference of the totals: enter the round's totals")
        return _zones_for(totals[0], twenties[0]), _zones_for(totals[1], twenties[1])
    base = [20 * twenties[0], 20 * twenties[1]]
    lead = 0 if winner is None else winner
    other = 1 - lead
    need = base[other] - base[lead] + (5 if winner is not None else 0)
    if winner is None and need < 0:
        lead, other, need = other, lead, -need
    made = [base[0], base[1]]
    made[lead] += max(0, need)
    return _zones_for(made[0], twenties[0]), _zones_for(made[1], twenties[1])


class CrokinoleKeeper:
    """A crokinole game kept by hand: ``round`` entries (``counts``: per side 20s, 15s, 10s, 5s)
    or ``result`` entries (``winner``, ``twenties``, optional ``totals``)."""

    game: ClassVar[str] = CROKINOLE.name
    player_counts: ClassVar[tuple[int, ...]] = (2, 4)
    fixtures: ClassVar[bool] = False

    def __init__(self, header: Mapping[str, Any]) -> None:
        self.board = CrokinoleBoard(header["settings"], names=header["players"])
        self.first_to: int | None = header.get("first_to")
        self.rounds: list[Round] = []

    @staticmethod
    def header(names: list[str], body: Any, seed: int) -> dict[str, Any]:
        """A new game's header from the scorer's form: ``variant`` with its ``rounds`` or
        ``target``, or ``first_to`` (the seed of the lots is not used: crokinole draws none)."""
        settings: dict[str, Any] = {"variant": body.variant}
        settings.update({"rounds": body.rounds} if body.variant == "tournament" else {"target": body.target})
        return CrokinoleKeeper.game_header(names, settings, body.first_to)

    @staticmethod
    def game_header(
        players: Sequence[str], settings: dict[str, Any], first_to: int | None = None
    ) -> dict[str, Any]:
        if first_to is not None:  # tournament rounds until a side reaches the target ahead
            settings = {**settings, "variant": "tournament", "rounds": 100}
        s = parse_settings(CrokinoleSettings, {**settings, "players": len(players)})
        out = {"game": CROKINOLE.name, "players": list(players), "seed": 0,
               "settings": s.model_dump(mode="json", exclude_defaults=True)}
        if first_to is not None:
            out["first_to"] = first_to
        return out

    @staticmethod
    def normal(entry: Mapping[str, Any]) -> dict[str, Any]:
        if entry.get("action") == "round" and entry.get("counts") is not None:
            return {"action": "round", "counts": entry["counts"]}
        if entry.get("action") == "result" and entry.get("twenties") is not None:
            out = {"action": "result", "winner": entry.get("winner"), "twenties": entry["twenties"]}
            if entry.get("totals") is not None:
                out["totals"] = entry["totals"]
            return out
        raise CrokinoleError("a crokinole entry is a round ('counts', per side [20s, 15s, 10s, 5s]) or a "
                             "result ('winner', 'twenties' and, if written down, 'totals')")

    def apply(self, entry: Mapping[str, Any]) -> None:
        if self.finished:
            raise CrokinoleError("the game is over: nothing more to enter (undo to correct it)")
        settings = self.board.settings
        starter = settings.side(self.board.position.to_move)
        if entry["action"] == "result":
            winner, twenties, totals = entry["winner"], entry["twenties"], entry.get("totals")
            if winner not in (0, 1, None):
                raise CrokinoleError(f"a round's winner is side 0, side 1 or none (a tie), not {winner!r}")
            side0, side1 = result_counts(winner, twenties, totals, settings.variant)
            self.board.enter_round(side0, side1)
            self.rounds.append(Round(winner=winner, starter=starter,
                                     totals=(totals[0], totals[1]) if totals is not None else None,
                                     twenties=(twenties[0], twenties[1])))
            return
        side0, side1 = entry["counts"]
        r = self.board.enter_round(side0, side1)
        a, b = r.counts
        self.rounds.append(Round(
            winner=r.winner, starter=starter, totals=r.totals, twenties=(a.twenties, b.twenties),
            zones=((a.twenties, a.fifteens, a.tens, a.fives), (b.twenties, b.fifteens, b.tens, b.fives))))

    @property
    def winner(self) -> int | None:
        if self.first_to is None:
            return self.board.winner
        a, b = self.board.position.scores
        if max(a, b) < self.first_to or a == b:
            return None
        return 0 if a > b else 1

    @property
    def finished(self) -> bool:
        if self.first_to is None:
            return self.board.over
        return self.winner is not None or self.board.over

    def match_record(self) -> MatchRecord:
        return self.board.match_record()

    def stats(self) -> dict[str, Any]:
        """The statistics of the rounds as entered (a round entered as its result has the 20s and
        the totals written down, not the referee's stand-in discs)."""
        sides = [self.board.side_name(0), self.board.side_name(1)]
        return rounds_stats(self.rounds, sides, self.board.settings.variant)

    def summary(self) -> dict[str, Any]:
        b, p = self.board, self.board.position
        s = b.settings
        rounds = [{
            "round": n + 1, "starter_side": r.starter, "winner": r.winner,
            "totals": list(r.totals) if r.totals is not None else None,
            "twenties": list(r.twenties) if r.twenties is not None else None,
            "points": list(res.points), "scores_after": list(res.scores_after),
        } for n, (r, res) in enumerate(zip(self.rounds, b.results, strict=True))]
        return {
            "game": self.game, "players": list(b.names), "sides": [b.side_name(0), b.side_name(1)],
            "scores": list(p.scores), "round": p.round, "striker": p.to_move,
            "striker_side": s.side(p.to_move), "variant": s.variant.value, "target": s.target,
            "rounds_of": s.rounds, "first_to": self.first_to, "discs": s.discs,
            "match_over": self.finished, "match_winner": self.winner, "rounds": rounds,
        }

    def listing(self) -> tuple[list[int], list[int]]:
        """The scores and the rounds won by each side (for the list of kept matches)."""
        won = [sum(r.winner == side for r in self.rounds) for side in (0, 1)]
        return list(self.board.position.scores), won

    def view(self, recent: int) -> dict[str, Any]:
        return {"summary": self.summary(), "scoreboard": adapter(self.game).scoreboard(self.board.position),
                "recent": recent_json(self.match_record().shots, recent), "next_frame": False}


class NovussKeeper:
    """A novuss game kept by hand: ``stroke`` entries (``report``: a :class:`StrokeReport`)."""

    game: ClassVar[str] = NOVUSS.name
    player_counts: ClassVar[tuple[int, ...]] = (2, 4)
    fixtures: ClassVar[bool] = False

    def __init__(self, header: Mapping[str, Any]) -> None:
        self.board = NovussBoard(players=header["settings"]["players"], names=header["players"])

    @staticmethod
    def header(names: list[str], body: Any, seed: int) -> dict[str, Any]:
        """A new game's header: the players (2, or 4 as partners); novuss has no rules settings
        to choose and draws no lots."""
        if len(names) not in (2, 4):
            raise MoveError(f"novuss is played by 2 or 4 players, not {len(names)}")
        return {"game": NOVUSS.name, "players": list(names), "seed": 0, "settings": {"players": len(names)}}

    @staticmethod
    def normal(entry: Mapping[str, Any]) -> dict[str, Any]:
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

    def apply(self, entry: Mapping[str, Any]) -> None:
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
            "game": self.game, "players": list(self.board.names), "striker": p.to_move,
            "striker_side": p.side_to_move, "scores": list(p.pocketed), "debt": list(p.debt),
            "match_over": self.board.over, "match_winner": p.winner, "sides": state["sides"],
            "strokes": state["strokes"],
        }

    def stats(self) -> dict[str, Any]:
        """The players' statistics (:func:`cueboard.app.stats_novuss.novuss_stats`)."""
        return match_stats(self.match_record())

    def listing(self) -> tuple[list[int], list[int]]:
        return list(self.board.position.pocketed), []

    def view(self, recent: int) -> dict[str, Any]:
        return {"summary": self.summary(), "scoreboard": adapter(self.game).scoreboard(self.board.position),
                "recent": recent_json(self.match_record().shots, recent), "next_frame": False}
