"""Scoreboard mode: a real novuss game kept by hand (docs/api.md: the referee never needs the physics).

After each stroke a person reports what happened as a :class:`StrokeReport` (counts and yes/no
facts a spectator can see); :func:`report_to_outcome` turns it into the referee's
:class:`NovussOutcome` (choosing which disc ids dropped: the side's discs on the table in number
order — in a real game the discs of a side are alike) and :class:`Scoreboard` keeps the game: the
position, the rulings, undo, a match record. The web app and ``cueboard score novuss`` use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import Field, ValidationError, model_validator

from cueboard.errors import MoveError, RecordError, SettingsError
from cueboard.games.novuss.board import STANDARD_BOARD
from cueboard.games.novuss.game import GAME
from cueboard.games.novuss.geometry import is_dark
from cueboard.games.novuss.records import (
    FirstContact,
    NovussDeclaration,
    NovussOutcome,
    NovussPosition,
    NovussRuling,
    StrokeKind,
    seats_in_play,
    side_of,
)
from cueboard.games.novuss.referee import apply
from cueboard.records.base import Record


class ReportError(MoveError):
    """A stroke report that does not fit the position (more discs dropped than are on the table...)."""

    code: ClassVar[str] = "inconsistent-report"


class StrokeReport(Record):
    """What a person saw on one stroke ("own" = the striking side's colour).

    - ``stroke``: direct (the striker reached a disc before any rail, or touched nothing) or rebound.
    - ``first_contact``: whose disc(s) the striker touched first (``own_and_opponent`` = at once).
    - ``first_light``: the first disc(s) it touched lay outside the central circle and the
      player's own edge zone (the line showing through a hole counts as outside).
    - ``own_touched``: the striker touched an own disc at some point (default: from
      ``first_contact``).
    - ``opposite_rail``: the striker touched the rail opposite the player.
    - ``dark_hit``: own dark discs the striker hit on a direct stroke before touching any light disc
      (penalty case 4), ``dark_hit_pocketed`` of them dropped.
    - ``own_pocketed`` / ``opponent_pocketed``: other discs that dropped.
    - ``striker_pocketed`` / ``striker_off_table``; ``own_off_table`` / ``opponent_off_table``:
      discs that flew over a rail.
    - ``striker_in_own_zone``: the striker came to rest in the player's own edge zone.
    - ``had_light`` / ``had_dark``: before the stroke the player had own light / dark discs on the
      table (default: judged from the position when the disc positions are known, else light yes,
      dark no).
    """

    stroke: StrokeKind = StrokeKind.DIRECT
    first_contact: FirstContact = FirstContact.OWN
    first_light: bool = True
    own_touched: bool | None = None
    opposite_rail: bool = False
    dark_hit: int = Field(default=0, ge=0, le=8)
    dark_hit_pocketed: int = Field(default=0, ge=0, le=8)
    own_pocketed: int = Field(default=0, ge=0, le=8)
    opponent_pocketed: int = Field(default=0, ge=0, le=8)
    striker_pocketed: bool = False
    striker_off_table: bool = False
    own_off_table: int = Field(default=0, ge=0, le=8)
    opponent_off_table: int = Field(default=0, ge=0, le=8)
    striker_in_own_zone: bool = False
    had_light: bool | None = None
    had_dark: bool | None = None

    @model_validator(mode="after")
    def _consistent(self) -> StrokeReport:
        if self.dark_hit_pocketed > self.dark_hit:
            raise RecordError(
                f"dark_hit_pocketed ({self.dark_hit_pocketed}) exceeds dark_hit ({self.dark_hit})"
            )
        if self.dark_hit and self.stroke is not StrokeKind.DIRECT:
            raise RecordError("dark_hit is for direct strokes (a rebound stroke may touch dark discs)")
        if self.dark_hit and self.first_contact is FirstContact.NONE:
            raise RecordError("dark_hit needs the striker to have touched a disc")
        return self


def _number(pid: str) -> int:
    digits = "".join(ch for ch in pid if ch.isdigit())
    return int(digits) if digits else 0


def report_to_outcome(position: NovussPosition, report: StrokeReport) -> NovussOutcome:
    """The referee's facts for a hand report (disc ids chosen in number order)."""
    seat = position.to_move
    side = side_of(seat, position.players)
    own = sorted((p.id for p in position.discs_on_table(side)), key=_number)
    opp = sorted((p.id for p in position.discs_on_table(1 - side)), key=_number)
    need_own = report.dark_hit + report.own_pocketed + report.own_off_table
    if need_own > len(own):
        raise ReportError(
            f"the report moves {need_own} own discs (dark hit, pocketed, over the rail) but the side has "
            f"{len(own)} on the table"
        )
    need_opp = report.opponent_pocketed + report.opponent_off_table
    if need_opp > len(opp):
        raise ReportError(f"the report moves {need_opp} opponent's discs but {len(opp)} are on the table")
    dark_hit = own[: report.dark_hit]
    rest = own[report.dark_hit :]
    own_dropped = dark_hit[: report.dark_hit_pocketed] + rest[: report.own_pocketed]
    own_off = rest[report.own_pocketed : report.own_pocketed + report.own_off_table]
    opp_dropped = opp[: report.opponent_pocketed]
    opp_off = opp[report.opponent_pocketed : need_opp]
    had_light, had_dark = report.had_light, report.had_dark
    if position.positions_known:
        dark = [is_dark(seat, p.x, p.y, STANDARD_BOARD) for p in position.discs_on_table(side)]
        had_light = (not all(dark)) if had_light is None else had_light
        had_dark = any(dark) if had_dark is None else had_dark
    own_touched = report.own_touched
    if own_touched is None:
        own_touched = report.first_contact in (FirstContact.OWN, FirstContact.OWN_AND_OPPONENT) or bool(
            dark_hit
        )
    return NovussOutcome(
        stroke=report.stroke,
        first_contact=report.first_contact,
        first_light=report.first_light,
        own_touched=own_touched,
        opposite_rail=report.opposite_rail,
        dark_hit=tuple(dark_hit),
        had_light=True if had_light is None else had_light,
        had_dark=False if had_dark is None else had_dark,
        pocketed=tuple((pid, "pocket") for pid in (*own_dropped, *opp_dropped)),
        striker_pocketed=report.striker_pocketed,
        striker_off_table=report.striker_off_table,
        off_table=tuple(own_off + opp_off),
        striker_in_own_zone=report.striker_in_own_zone,
    )


@dataclass
class ScoreboardEntry:
    position_before: NovussPosition
    report: StrokeReport
    outcome: NovussOutcome
    ruling: NovussRuling
    position_after: NovussPosition


@dataclass
class Scoreboard:
    """A novuss game kept by hand: ``record(report)`` rules on a stroke, ``undo()`` takes it back."""

    players: int = 2
    names: Sequence[str] = ()
    position: NovussPosition = field(init=False)
    entries: list[ScoreboardEntry] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.position = GAME.new_position({"players": self.players})
        seats = seats_in_play(self.players)
        if self.names and len(self.names) != len(seats):
            raise SettingsError(
                f"{len(seats)} player names needed for {self.players} players, got {len(self.names)}"
            )

    def name(self, seat: int) -> str:
        seats = seats_in_play(self.players)
        return self.names[seats.index(seat)] if self.names else f"seat {seat}"

    def record(self, report: StrokeReport) -> NovussRuling:
        before = self.position
        outcome = report_to_outcome(before, report)
        after, ruling = apply(before, NovussDeclaration(), outcome)
        self.entries.append(ScoreboardEntry(before, report, outcome, ruling, after))
        self.position = after
        return ruling

    def undo(self) -> NovussRuling | None:
        """Take back the last stroke; returns its ruling (None when there is none)."""
        if not self.entries:
            return None
        entry = self.entries.pop()
        self.position = entry.position_before
        return entry.ruling

    @property
    def over(self) -> bool:
        return self.position.winner is not None

    def state(self) -> dict[str, Any]:
        """The game state for display: per side the discs left, pocketed and debt; who strikes."""
        p = self.position
        seats = seats_in_play(self.players)
        return {
            "to_move": p.to_move,
            "to_move_name": self.name(p.to_move),
            "winner": p.winner,
            "strokes": len(self.entries),
            "sides": [
                {
                    "side": s,
                    "players": [self.name(seat) for seat in seats if side_of(seat, self.players) == s],
                    "on_table": len(p.discs_on_table(s)),
                    "pocketed": p.pocketed[s],
                    "debt": p.debt[s],
                }
                for s in (0, 1)
            ],
        }

    def match_record(self) -> Any:
        """The game as a match record (cueboard/records/match.py); strikes are null (by hand)."""
        from cueboard import __version__
        from cueboard.records.match import MatchHeader, MatchRecord, PlayerInfo, ShotEntry

        seats = seats_in_play(self.players)
        header = MatchHeader(
            game="novuss",
            settings={"players": self.players},
            players=tuple(PlayerInfo(seat=s, name=self.name(s)) for s in seats),
            cueboard_version=__version__,
        )
        shots = [
            ShotEntry(
                index=i,
                player=e.position_before.to_move,
                declaration=NovussDeclaration(),
                outcome=e.outcome,
                ruling=e.ruling,
                position_after=e.position_after,
            )
            for i, e in enumerate(self.entries)
        ]
        return MatchRecord(header=header, shots=shots)


#: Words of the one-line stroke report (``cueboard score novuss``, docs/rules/novuss.md#scoreboard).
REPORT_WORDS = {
    "direct": "the striker reached a disc before any rail (default)",
    "rebound": "the striker touched a rail first",
    "own": "its first contact was an own disc (default)",
    "opp": "its first contact was an opponent's disc",
    "both": "it touched an own and an opponent's disc at once first",
    "none": "it touched no disc",
    "dark-first": "the first disc it touched was dark (in the circle or your own edge zone)",
    "no-own": "it never touched an own disc",
    "opposite": "it touched the rail opposite you",
    "pot=N": "N own discs dropped",
    "opp-pot=N": "N opponent's discs dropped",
    "dark=N": "on a direct stroke it hit N own dark discs before any light disc (case 4)",
    "dark-pot=N": "N of those dark discs dropped",
    "over=N": "N own discs flew over the rail",
    "opp-over=N": "N opponent's discs flew over the rail",
    "striker-pot": "the striker dropped into a pocket",
    "striker-over": "the striker flew over the rail",
    "zone": "the striker stopped in your own edge zone",
    "no-light": "before the stroke you had no light discs left",
    "has-dark": "before the stroke you had dark discs",
}

_FLAGS: dict[str, dict[str, Any]] = {
    "direct": {"stroke": StrokeKind.DIRECT},
    "rebound": {"stroke": StrokeKind.REBOUND},
    "own": {"first_contact": FirstContact.OWN},
    "opp": {"first_contact": FirstContact.OPPONENT},
    "both": {"first_contact": FirstContact.OWN_AND_OPPONENT},
    "none": {"first_contact": FirstContact.NONE},
    "dark-first": {"first_light": False},
    "no-own": {"own_touched": False},
    "opposite": {"opposite_rail": True},
    "striker-pot": {"striker_pocketed": True},
    "striker-over": {"striker_off_table": True},
    "zone": {"striker_in_own_zone": True},
    "no-light": {"had_light": False},
    "has-dark": {"had_dark": True},
}
_COUNTS = {
    "pot": "own_pocketed",
    "opp-pot": "opponent_pocketed",
    "dark": "dark_hit",
    "dark-pot": "dark_hit_pocketed",
    "over": "own_off_table",
    "opp-over": "opponent_off_table",
}


def parse_report(text: str) -> StrokeReport:
    """A :class:`StrokeReport` from one line of words (:data:`REPORT_WORDS`), e.g.
    ``rebound own opposite pot=2`` or ``opp striker-pot``; an unknown word is a ReportError."""
    fields: dict[str, Any] = {}
    for word in text.lower().replace(",", " ").split():
        if word in _FLAGS:
            fields.update(_FLAGS[word])
            continue
        key, sep, value = word.partition("=")
        if sep and key in _COUNTS:
            if not value.isdigit():
                raise ReportError(f"'{word}': {key}= needs a whole number")
            fields[_COUNTS[key]] = int(value)
            continue
        raise ReportError(f"unknown word '{word}' (known: {', '.join(REPORT_WORDS)})")
    if fields.get("first_contact") is FirstContact.NONE:
        fields.setdefault("own_touched", False)
    try:
        return StrokeReport.model_validate(fields)
    except ValidationError as err:
        raise ReportError(err.errors()[0]["msg"]) from None
