"""Snooker's strike and shot-outcome records (docs/records.md#snooker).

The strike is what a player controls; the outcome is the facts the referee needs (docs/api.md), as
found by the physics (``outcome_of(events)``) or reported by a person (scoreboard mode).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, model_validator

from cueboard.errors import RecordError, StrikeError
from cueboard.records.base import Piece, Record

#: Largest tip offset accepted, as a fraction of the ball radius: beyond about half a radius a
#: real cue miscues (Alciatore, "The Illustrated Principles of Pool and Billiards", ch. 4).
MAX_TIP_OFFSET = 0.7
#: Fastest cue-ball speed accepted, m/s (a professional break-off is about 8-10 m/s).
MAX_SPEED = 15.0


class SnookerStrike(Record):
    """The controls of one snooker stroke.

    - ``speed``: cue-ball speed given by the cue, m/s.
    - ``angle``: direction of the stroke in the table plane, degrees counter-clockwise from +x
      (90 points up the table, towards the top cushion).
    - ``elevation``: cue elevation above the bed, degrees (0 = level cue).
    - ``side`` / ``top``: tip offset from the ball's centre as fractions of the radius; ``side`` > 0
      is right-hand side, ``top`` > 0 topspin, ``top`` < 0 screw (backspin).
    - ``place_cue_ball``: where the cue ball is placed when it is in hand (must be in the D).
    """

    speed: float = Field(gt=0.0, le=MAX_SPEED)
    angle: float = Field(ge=-360.0, le=360.0)
    elevation: float = Field(default=0.0, ge=0.0, le=89.0)
    side: float = Field(default=0.0, ge=-MAX_TIP_OFFSET, le=MAX_TIP_OFFSET)
    top: float = Field(default=0.0, ge=-MAX_TIP_OFFSET, le=MAX_TIP_OFFSET)
    place_cue_ball: tuple[float, float] | None = None

    @model_validator(mode="after")
    def _tip_on_ball(self) -> SnookerStrike:
        if self.side**2 + self.top**2 > MAX_TIP_OFFSET**2 + 1e-12:
            raise StrikeError(
                f"tip offset ({self.side}, {self.top}) is more than {MAX_TIP_OFFSET} of the radius "
                "from the centre: the cue would miscue"
            )
        return self


class ManualFoul(StrEnum):
    """Fouls only a person can see (S3 R12 and rules/snooker.md), reported in scoreboard mode."""

    FEET_OFF_FLOOR = "feet_off_floor"  # (a) value of the ball on
    NON_STANDARD_CUE = "non_standard_cue"  # (a)
    CONFERRING = "conferring"  # (a) with a partner (four-handed)
    PLAYED_OUT_OF_TURN = "played_out_of_turn"  # (a)
    STRUCK_TWICE = "struck_twice"  # (a) striking the cue ball more than once
    JUMP_SHOT = "jump_shot"  # (a)
    IMPROPERLY_FROM_HAND = "improperly_from_hand"  # (a) cue ball played from outside the D
    PUSH_STROKE = "push_stroke"  # (b)
    NOT_AT_REST = "not_at_rest"  # (b) striking before the balls are at rest / a colour respotted
    TOUCHED_BALL = "touched_ball"  # (b) touching a ball other than with the tip on the cue ball
    USED_BALL_OFF_TABLE = "used_ball_off_table"  # (d) 7 points
    MEASURED = "measured"  # (d) using an object to measure
    NO_DECLARATION = "no_declaration"  # (d) failing to declare the ball on when asked
    WRONG_CUE_BALL = "wrong_cue_ball"  # (d) using a ball other than the white as the cue ball
    FREE_BALL_SNOOKER = "free_ball_snooker"  # (a) snookering with the free ball (a referee's call)
    TIME_FOUL = "time_foul"  # the shot clock ran out (Snooker Shoot-Out rules): 5 points


class SnookerOutcome(Record):
    """The facts of one stroke that the snooker referee takes (docs/api.md, docs/rules/snooker.md).

    Ball ids: ``white``, ``red1``..``red15``, ``yellow``, ``green``, ``brown``, ``blue``,
    ``pink``, ``black``.
    - ``first_contacts``: the ball(s) the cue ball touched first; two when it touched two at once;
      empty when it touched no ball.
    - ``cue_contacts``: every ball the cue ball touched, in order (repeats kept).
    - ``cushions``: (ball, cushion id) for every cushion contact, in order.
    - ``potted``: (ball, pocket name) in the order they dropped.
    - ``off_table``: balls that left the table (not through a pocket).
    - ``jumped_over``: object balls the cue ball jumped over — a jump shot, S2 "Jump Shot" (the
      cue ball passes over any part of an object ball, touching it or not, before striking
      another ball; games/snooker/jump.py), a foul (S3 R12(a)).
    - ``moved``: every ball that moved during the stroke (for the touching-ball push rule).
    - ``touching``: balls the cue ball rests against at the end (gap < 0.1 mm).
    - ``final``: every ball as it lies after the stroke (potted / off-table ones with that state).
    - ``manual_fouls``: fouls a person reported (scoreboard mode, or a referee's override).
    - ``cue_ball_placed``: where the cue ball was placed when played from hand (checked against
      the D, S3 R5).
    - ``snookered`` / ``miss`` / ``full_ball``: a person's (or a referee's) call of the geometric
      questions: the incoming player is snookered after a foul (free ball); the failure to hit a
      ball on is a miss; a full-ball contact was available before the stroke. None: the referee
      answers from the coordinates (or, without coordinates, by the defaults of
      docs/rules/snooker.md).
    - ``stroke``: false for a foul committed without a stroke (while preparing, between strokes,
      touching a ball before striking; S3 R11, R14): then no ball is struck, nothing is potted,
      there is no "hit nothing" and no miss, and a foul must be reported (or a ball moved by
      someone else, S3 R15).
    - ``ball_concerned``: for a reported foul, the ball it concerns (a touched ball, the colour
      not yet respotted, the ball a push stroke moved); a (b)-group foul's penalty is the higher
      of the ball on and this ball (S3 R12(b)).
    - ``striker``: the seat that struck (or committed the foul without a stroke); None: the seat
      due to play. Another seat is playing out of turn (S3 R12.3; four-handed order, S3 R17).
    - ``fell``: balls that fell into a pocket by themselves, not hit by another ball (S3 R9); they
      are not listed in ``potted``. ``fell_involved``: a ball of the stroke could have hit one of
      them (the referee's judgement): all balls go back and, without a foul, the striker plays
      again. ``fell_caused_foul``: the foul came directly from the fall (the cue ball followed the
      fallen ball in): no penalty, all balls go back (seed 001, commentary to rule 9).
    - ``moved_by_other``: balls moved by a non-striker, an outside agency or the referee (S3 R15):
      put back without penalty, where they were (or where ``final`` says the referee judges they
      would have stopped).
    """

    first_contacts: tuple[str, ...] = Field(default=(), max_length=2)
    cue_contacts: tuple[str, ...] = ()
    cushions: tuple[tuple[str, str], ...] = ()
    potted: tuple[tuple[str, str], ...] = ()
    off_table: tuple[str, ...] = ()
    jumped_over: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    touching: tuple[str, ...] = ()
    final: tuple[Piece, ...] = ()
    manual_fouls: tuple[ManualFoul, ...] = ()
    cue_ball_placed: tuple[float, float] | None = None
    snookered: bool | None = None
    miss: bool | None = None
    full_ball: bool | None = None
    stroke: bool = True
    ball_concerned: dict[ManualFoul, str] = Field(default_factory=dict)
    striker: int | None = Field(default=None, ge=0, le=3)
    fell: tuple[str, ...] = ()
    fell_involved: bool = False
    fell_caused_foul: bool = False
    moved_by_other: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _facts_agree(self) -> SnookerOutcome:
        for foul in self.ball_concerned:
            if foul not in self.manual_fouls:
                raise RecordError(f"ball concerned given for '{foul}', which is not a reported foul")
        if not self.stroke:
            struck = (
                self.first_contacts or self.cue_contacts or self.potted or self.off_table or self.jumped_over
            )
            if struck or self.cushions or self.fell:
                raise RecordError(
                    "an outcome without a stroke (stroke: false) has no contacts, cushions, "
                    "potted, fallen or off-table balls"
                )
            if not self.manual_fouls and not self.moved_by_other:
                raise RecordError(
                    "an outcome without a stroke must report a foul (manual_fouls) or a ball "
                    "moved by someone else (moved_by_other)"
                )
        if (self.fell_involved or self.fell_caused_foul) and not self.fell:
            raise RecordError("fell_involved / fell_caused_foul need the ball that fell (fell)")
        for ball in self.fell:
            if ball in {b for b, _ in self.potted}:
                raise RecordError(f"'{ball}' fell by itself (S3 R9): it is not also potted")
        return self
