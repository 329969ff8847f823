"""Scoreboard mode: keep the score of a real crokinole game by hand (rules/crokinole.md Scoring
and game; docs/rules/crokinole.md#scoreboard).

After each round a person enters, for each side, the discs in the 20-hole and the discs on the
board in the 15, 10 and 5 zones (a disc touching a line at the lower value). The referee scores
the round — the difference (seed game to 100) or 2/1/0 (tournament) — and keeps the game state:
scores, round number, who starts the next round. Each round is a shot entry of a match record
(``strike`` null, the outcome a ``tally``), so a kept game can be saved, replayed and checked by
``cueboard referee``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cueboard import __version__
from cueboard.games.crokinole.errors import CrokinoleError
from cueboard.games.crokinole.game import new_position
from cueboard.games.crokinole.records import (
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleRuling,
    CrokinoleSettings,
    RoundResult,
    ZoneCount,
)
from cueboard.games.crokinole.referee import apply, is_over, winner
from cueboard.records.match import MatchHeader, MatchRecord, PlayerInfo, ShotEntry

CountsLike = ZoneCount | Sequence[int] | Mapping[str, int]


def zone_count(value: CountsLike) -> ZoneCount:
    """A side's count from a :class:`ZoneCount`, ``[20s, 15s, 10s, 5s]`` or a mapping with those
    field names; bad numbers raise :class:`CrokinoleError`."""
    if isinstance(value, ZoneCount):
        return value
    if isinstance(value, Mapping):
        data = dict(value)
    else:
        items = list(value)
        if len(items) != 4:
            raise CrokinoleError(f"a side's count is four numbers (20s, 15s, 10s, 5s), got {len(items)}")
        data = dict(zip(("twenties", "fifteens", "tens", "fives"), items, strict=True))
    for key, v in data.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise CrokinoleError(f"{key}: {v!r} is not a count (a whole number, 0 or more)")
    try:
        return ZoneCount(**data)
    except ValueError as err:
        raise CrokinoleError(f"bad count {data}: {err}") from None


def enter_round(
    position: CrokinolePosition, side0: CountsLike, side1: CountsLike
) -> tuple[CrokinolePosition, CrokinoleRuling]:
    """Score one round from a person's counts: the position after (the next round, or the end of
    the game) and the ruling with its :class:`RoundResult`."""
    outcome = CrokinoleOutcome(shooter=position.to_move, tally=(zone_count(side0), zone_count(side1)))
    return apply(position, CrokinoleDeclaration(), outcome)


class Scoreboard:
    """A real game kept by hand: enter each round's counts, read the scores.

    >>> board = Scoreboard()
    >>> board.enter_round([0, 2, 1, 0], [1, 0, 2, 0]).points   # 40 against 40
    (0, 0)
    """

    def __init__(
        self,
        settings: Mapping[str, Any] | CrokinoleSettings | None = None,
        *,
        starter: int | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        self.start = new_position(settings, starter=starter if starter is not None else 0)
        self.position = self.start
        self._positions = [self.start]
        seats = self.start.settings.seats
        if names is not None and len(names) != len(seats):
            raise CrokinoleError(f"{len(seats)} names are needed (one per seat {seats}), got {len(names)}")
        self.names = tuple(names) if names is not None else tuple(f"Seat {s}" for s in seats)
        self.entries: list[ShotEntry] = []

    @property
    def settings(self) -> CrokinoleSettings:
        return self.position.settings

    @property
    def over(self) -> bool:
        return is_over(self.position)

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over (None for a drawn tournament game)."""
        return winner(self.position)

    @property
    def results(self) -> tuple[RoundResult, ...]:
        return self.position.history

    def seat_name(self, seat: int) -> str:
        """The name of the player at a seat."""
        return self.names[self.settings.seats.index(seat)]

    def side_name(self, side: int) -> str:
        """The players of a side, by name (partners joined with '&')."""
        seats = self.settings.seats
        return " & ".join(n for n, s in zip(self.names, seats, strict=True) if self.settings.side(s) == side)

    def enter_round(self, side0: CountsLike, side1: CountsLike) -> RoundResult:
        """Score a round (raises :class:`CrokinoleError` for impossible counts or a finished game)."""
        before = self.position
        after, ruling = enter_round(before, side0, side1)
        result = ruling.round_result
        assert result is not None
        outcome = CrokinoleOutcome(shooter=before.to_move, tally=result.counts)
        self.entries.append(
            ShotEntry(
                index=len(self.entries), player=before.to_move, declaration=CrokinoleDeclaration(),
                strike=None, outcome=outcome, ruling=ruling, position_after=after,
            )
        )
        self.position = after
        self._positions.append(after)
        return result

    def undo(self) -> RoundResult:
        """Take back the last round entered (raises :class:`CrokinoleError` when there is none)."""
        if not self.entries:
            raise CrokinoleError("no round to take back")
        self.entries.pop()
        result = self.position.history[-1]
        self._positions.pop()
        self.position = self._positions[-1]
        return result

    def match_record(self) -> MatchRecord:
        """The game so far as a match record (docs/records.md#match-record)."""
        s = self.settings
        players = tuple(
            PlayerInfo(seat=seat, name=name) for seat, name in zip(s.seats, self.names, strict=True)
        )
        header = MatchHeader(
            game="crokinole", variant=s.variant.value, settings=s.model_dump(mode="json"),
            players=players, cueboard_version=__version__,
        )
        return MatchRecord(header=header, shots=list(self.entries))
