"""Novuss records: position, strike, declaration, stroke outcome and ruling (docs/records.md#novuss).

Seats and sides (rules/novuss.md "Set-up and turns"): seats are the four sides of the board
(``board.py``: 0 bottom, 1 left, 2 top, 3 right, clockwise). Two players sit at seats 0 and 2 and
are sides 0 and 1. Four players sit at seats 0..3; partners sit opposite each other, so side 0 is
seats 0 and 2 and side 1 is seats 1 and 3. A disc's ``owner`` is its side; a striker's ``owner`` is
its side too and its id names its seat (``striker0`` .. ``striker3``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, Literal

from pydantic import Field, model_validator

from cueboard.errors import RecordError, SettingsError
from cueboard.games.novuss.board import STANDARD_BOARD
from cueboard.records.base import Piece, PieceState, Position, Record
from cueboard.records.ruling import Call, LaterFields

#: Fastest striker speed accepted, m/s (a hard novuss stroke is about 3-5 m/s).
MAX_SPEED = 10.0
#: Disc colours of side 0 and side 1.
SIDE_COLOURS: tuple[str, str] = ("white", "black")
#: Disc id prefixes of side 0 and side 1 (``w1`` .. ``w8``, ``b1`` .. ``b8``).
SIDE_PREFIXES: tuple[str, str] = ("w", "b")


def seats_in_play(players: int) -> tuple[int, ...]:
    """The seats used: 0 and 2 for two players, 0..3 for four (rules: Set-up and turns)."""
    return (0, 2) if players == 2 else (0, 1, 2, 3)


def side_of(seat: int, players: int) -> int:
    """The side (0 or 1) playing from ``seat``; partners sit opposite each other (4 players)."""
    if players == 2:
        if seat not in (0, 2):
            raise SettingsError(f"seat {seat} is not in play in a two-player game (seats 0 and 2)")
        return 0 if seat == 0 else 1
    return seat % 2


def next_seat(seat: int, players: int) -> int:
    """Who strikes after ``seat`` loses the turn: the opponent (2 players) or the next seat clockwise
    (4 players, seed 004 "Правила гри вчотирьох")."""
    return (seat + 2) % 4 if players == 2 else (seat + 1) % 4


def striker_id(seat: int) -> str:
    return f"striker{seat}"


class NovussPosition(Position):
    """A novuss position.

    - ``pieces``: the 16 discs (``kind`` "disc", ``owner`` = side) and one striker per seat in play
      (``kind`` "striker"); strikers lie ``off_table`` between strokes (the striking player places
      his, the others are taken off the table).
    - ``to_move``: the seat that strikes next.
    - ``players``: 2 or 4 (teams of partners opposite each other).
    - ``pocketed``: discs of side 0 and side 1 in the pockets (must agree with ``pieces``).
    - ``debt``: penalty discs owed by side 0 and side 1 (rules: Penalty disc, all 8 on the table).
    - ``winner``: the side that pocketed all its discs first, or null while the game goes on.
    - ``positions_known``: false once a stroke was reported by hand without final coordinates
      (scoreboard mode): disc states are right, their ``x``/``y`` are the last known ones.
    """

    game: Literal["novuss"] = "novuss"
    players: Literal[2, 4] = 2
    pocketed: tuple[int, int] = (0, 0)
    debt: tuple[int, int] = (0, 0)
    winner: int | None = Field(default=None, ge=0, le=1)
    positions_known: bool = True

    @model_validator(mode="after")
    def _consistent(self) -> NovussPosition:
        seats = seats_in_play(self.players)
        if self.to_move not in seats:
            raise RecordError(f"to_move: seat {self.to_move} is not in play with {self.players} players")
        if min(self.debt) < 0:
            raise RecordError(f"debt {self.debt} must not be negative")
        counts = [0, 0]
        pocketed = [0, 0]
        strikers = set()
        for p in self.pieces:
            if p.kind == "disc":
                if p.owner not in (0, 1):
                    raise RecordError(f"disc '{p.id}' needs owner 0 or 1 (its side)")
                counts[p.owner] += 1
                if p.state is PieceState.POCKETED:
                    pocketed[p.owner] += 1
                elif p.state is not PieceState.ON_TABLE:
                    raise RecordError(f"disc '{p.id}' must be on_table or pocketed, not {p.state.value}")
            elif p.kind == "striker":
                strikers.add(p.id)
            else:
                raise RecordError(f"piece '{p.id}': novuss pieces are 'disc' or 'striker', not '{p.kind}'")
        n = STANDARD_BOARD.discs_per_side
        if counts != [n, n]:
            raise RecordError(f"each side needs {n} discs, found {counts[0]} and {counts[1]}")
        if tuple(pocketed) != self.pocketed:
            raise RecordError(f"pocketed {self.pocketed} disagrees with the pieces ({tuple(pocketed)})")
        missing = {striker_id(s) for s in seats} - strikers
        if missing:
            raise RecordError(f"missing striker(s): {', '.join(sorted(missing))}")
        return self

    @property
    def side_to_move(self) -> int:
        return side_of(self.to_move, self.players)

    def discs(self, side: int | None = None) -> tuple[Piece, ...]:
        """The discs (of one side)."""
        return tuple(p for p in self.pieces if p.kind == "disc" and (side is None or p.owner == side))

    def discs_on_table(self, side: int | None = None) -> tuple[Piece, ...]:
        return tuple(p for p in self.discs(side) if p.on_table)


class NovussStrike(Record):
    """One stroke: where the striker is placed and how it is struck.

    - ``x``, ``y``: the striker's centre, metres (board frame); it must lie inside the striking
      seat's edge zone without crossing its line and not touch a disc — checked against the
      position by :func:`cueboard.games.novuss.geometry.check_striker_placement`.
    - ``speed``: the striker's speed given by the cue, m/s.
    - ``angle``: direction, degrees counter-clockwise from +x (90 = towards the top rail).
    """

    x: float = Field(ge=-STANDARD_BOARD.half, le=STANDARD_BOARD.half)
    y: float = Field(ge=-STANDARD_BOARD.half, le=STANDARD_BOARD.half)
    speed: float = Field(gt=0.0, le=MAX_SPEED)
    angle: float = Field(ge=-360.0, le=360.0)


class NovussDeclaration(Record):
    """Novuss has nothing to call before a stroke; ``target`` optionally names the disc the player
    aims at (shown to spectators and kept in records, never used by the referee)."""

    target: str | None = None


class StrokeKind(StrEnum):
    """Seed 004 "Прямі та рикошетні удари"."""

    DIRECT = "direct"  # the striker's first contact is a disc (or it touches nothing)
    REBOUND = "rebound"  # the striker touches a rail first


class FirstContact(StrEnum):
    """Whose disc(s) the striker touched first (penalty case 2)."""

    NONE = "none"  # the striker touched no disc
    OWN = "own"
    OPPONENT = "opponent"
    OWN_AND_OPPONENT = "own_and_opponent"  # an own and an opponent's disc at once


class MovedBy(StrEnum):
    """What set an own dark disc moving (rules: Light and dark discs)."""

    STRIKER = "striker"
    OWN_LIGHT = "own_light"  # an own light disc pushed by the striker
    OTHER = "other"  # another disc (an opponent's, or a dark one)


class DarkMove(Record):
    disc: str
    by: MovedBy


class NovussOutcome(Record):
    """The facts of one stroke that the novuss referee takes (rules/novuss.md), found from the engine
    events by ``outcome_of`` or reported by a person (scoreboard mode). "Own" means the striking
    side's; "dark" and "light" are judged for the striking seat before the stroke.

    - ``stroke``: direct (the striker's first contact is a disc, or nothing) or rebound (a rail).
    - ``first_contact`` / ``first_contacts``: whose disc(s) the striker touched first, and their ids
      (two when touched at once).
    - ``first_light``: the striker's first disc contact(s) were all light discs (any owner).
    - ``striker_touched``: every disc the striker touched, in order; ``own_touched``: one of them
      was an own disc.
    - ``rails``: the rails the striker touched, in order (``bottom``/``left``/``top``/``right``);
      ``opposite_rail``: it touched the rail opposite the striking seat.
    - ``dark_hit``: own dark discs the striker touched on a direct stroke whose first contact was not
      a light disc (penalty case 4); ``dark_moved``: every own dark disc that moved, and by what.
    - ``had_light`` / ``had_dark``: before the stroke the side had own discs on the table that are
      light (can be pocketed by a direct stroke) / dark, for the striking seat.
    - ``pocketed``: (disc, pocket) in the order they dropped.
    - ``striker_pocketed``, ``striker_off_table``: the striker dropped / flew over a rail.
    - ``off_table``: discs that flew over a rail.
    - ``striker_in_own_zone``: the striker ended with its centre inside the striking seat's own
      edge zone.
    - ``final``: every piece as it lies after the stroke (empty when reported by hand).
    """

    stroke: StrokeKind
    first_contact: FirstContact = FirstContact.NONE
    first_contacts: tuple[str, ...] = Field(default=(), max_length=2)
    first_light: bool = False
    striker_touched: tuple[str, ...] = ()
    own_touched: bool = False
    rails: tuple[str, ...] = ()
    opposite_rail: bool = False
    dark_hit: tuple[str, ...] = ()
    dark_moved: tuple[DarkMove, ...] = ()
    had_light: bool = True
    had_dark: bool = False
    pocketed: tuple[tuple[str, str], ...] = ()
    striker_pocketed: bool = False
    striker_off_table: bool = False
    off_table: tuple[str, ...] = ()
    striker_in_own_zone: bool = False
    final: tuple[Piece, ...] = ()


class Placement(Record):
    """A disc put on the table by the referee: ``where`` in words (what a person does), and the
    point when the disc positions are known."""

    disc: str
    where: str
    x: float | None = None
    y: float | None = None


class NovussRuling(LaterFields, Record):
    """The referee's decision on one stroke (rules/novuss.md), as data.

    - ``seat`` / ``side``: who struck; ``stroke``: direct or rebound.
    - ``own_pocketed`` / ``opponent_pocketed``: discs that stay in the pockets after this stroke
      (an own disc hit illegally and put back, or paid as debt, is not in ``own_pocketed``).
    - ``penalty``: a penalty-disc offence; ``penalty_cases``: the case numbers 1-6 that apply (one
      penalty however many); ``penalty_reasons`` in words.
    - ``penalty_disc``: the disc placed as the penalty; ``debt_added``: 1 when all the side's discs
      were on the table so the penalty became a debt; ``debt_paid``: discs that came back to pay
      debt; ``debt``: both sides' debt after the stroke.
    - ``returned``: dark discs put back where they were (case 4) and discs that flew over a rail,
      put at the centre or on the central circle's edge.
    - ``turn_lost`` and ``turn_reasons``; ``next_seat``: who strikes next (null when the game ended).
    - ``winner``: the side that has won, or null.
    - ``scores``: each side's discs in the pockets after the stroke (null in records written
      before the ruling carried them).
    """

    later_fields: ClassVar[frozenset[str]] = frozenset({"scores"})

    seat: int = Field(ge=0, le=3)
    side: int = Field(ge=0, le=1)
    stroke: StrokeKind
    own_pocketed: tuple[str, ...] = ()
    opponent_pocketed: tuple[str, ...] = ()
    penalty: bool = False
    penalty_cases: tuple[int, ...] = ()
    penalty_reasons: tuple[str, ...] = ()
    penalty_disc: Placement | None = None
    debt_added: int = Field(default=0, ge=0, le=1)
    debt_paid: tuple[Placement, ...] = ()
    debt: tuple[int, int] = (0, 0)
    returned: tuple[Placement, ...] = ()
    turn_lost: bool = True
    turn_reasons: tuple[str, ...] = ()
    next_seat: int | None = Field(default=None, ge=0, le=3)
    winner: int | None = Field(default=None, ge=0, le=1)
    scores: tuple[int, int] | None = None
    summary: str = ""

    # --- the shape every ruling shares (cueboard.records.ruling.Ruling) ---------------------------
    @property
    def next_to_move(self) -> int | None:
        """The seat to strike next (``next_seat``); None once the game is won."""
        return self.next_seat

    @property
    def foul(self) -> bool:
        """Whether the stroke earned a penalty disc (rules/novuss.md, penalty cases 1-6)."""
        return self.penalty

    @property
    def over(self) -> bool:
        """Whether the stroke won the game."""
        return self.winner is not None

    @property
    def calls(self) -> tuple[Call, ...]:
        """The referee's calls as catalogue messages: the penalty (first case) and a debt, own
        and opponent's discs pocketed, discs put back, then the game won, the turn over, or the
        same player again."""
        out: list[Call] = []
        if self.penalty:
            case = self.penalty_cases[0] if self.penalty_cases else 0
            out.append(Call("ref.novuss.penalty", {"reason_key": f"novuss.penalty.{case}"}))
            if self.debt_added:
                out.append(Call("ref.novuss.debt"))
        if self.own_pocketed:
            out.append(Call("ref.novuss.own_pocketed", {"count": len(self.own_pocketed)}))
        if self.opponent_pocketed:
            out.append(Call("ref.novuss.opponent_pocketed", {"count": len(self.opponent_pocketed)}))
        if self.returned:
            out.append(Call("ref.novuss.returned", {"count": len(self.returned)}))
        if self.winner is not None:
            out.append(Call("ref.match_over", {"side": self.winner}))
        elif self.turn_lost:
            out.append(Call("ref.novuss.turn_over"))
        else:
            out.append(Call("ref.novuss.again"))
        return tuple(out)


def _register() -> None:
    from cueboard.records.registry import GameRecordTypes, register_game_records

    register_game_records(
        GameRecordTypes(
            game="novuss",
            position=NovussPosition,
            strike=NovussStrike,
            declaration=NovussDeclaration,
            outcome=NovussOutcome,
            ruling=NovussRuling,
        )
    )


_register()
