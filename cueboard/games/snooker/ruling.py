"""The snooker referee's ruling: plain data, never an exception (docs/records.md#snooker)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from cueboard.games.snooker.position import colour_of
from cueboard.records.base import Record
from cueboard.records.ruling import Call


class FoulReason(StrEnum):
    """Every foul of S3 R12 the referee recognises, with its penalty group (a)-(d)."""

    # (a) value of the ball on
    HIT_NOTHING = "hit_nothing"  # 12.5
    IN_OFF = "in_off"  # 12.6 cue ball potted
    CUE_BALL_OFF_TABLE = "cue_ball_off_table"
    STRUCK_TWICE = "struck_twice"  # 12.1
    FEET_OFF_FLOOR = "feet_off_floor"  # 12.2
    PLAYED_OUT_OF_TURN = "played_out_of_turn"  # 12.3
    IMPROPERLY_FROM_HAND = "improperly_from_hand"  # 12.4
    FREE_BALL_SNOOKER = "free_ball_snooker"  # 12.7
    JUMP_SHOT = "jump_shot"  # 12.8
    NON_STANDARD_CUE = "non_standard_cue"  # 12.9
    CONFERRING = "conferring"  # 12.10
    # (b) value of the ball on or of the ball concerned
    NOT_AT_REST = "not_at_rest"  # 12.11-12.12
    POTTED_NOT_ON = "potted_not_on"  # 12.13
    FIRST_CONTACT_NOT_ON = "first_contact_not_on"  # 12.14
    PUSH_STROKE = "push_stroke"  # 12.15 (incl. moving a touching ball, S3 R8)
    TOUCHED_BALL = "touched_ball"  # 12.16
    FORCED_OFF_TABLE = "forced_off_table"  # 12.17
    # (c) two balls first at once
    TWO_BALLS_AT_ONCE = "two_balls_at_once"
    # (d) seven points
    USED_BALL_OFF_TABLE = "used_ball_off_table"  # 12.18
    MEASURED = "measured"  # 12.19
    RED_AFTER_RED = "red_after_red"  # 12.20
    WRONG_CUE_BALL = "wrong_cue_ball"  # 12.21
    NO_DECLARATION = "no_declaration"  # 12.22
    # (t) not in the WPBSA rules: the Snooker Shoot-Out's shot clock ran out, five points
    TIME_FOUL = "time_foul"


class Foul(Record):
    """One foul found in a stroke: its reason, the ball concerned and its penalty value."""

    reason: FoulReason
    ball: str | None = None
    penalty: int = Field(ge=4, le=7)


class Respot(Record):
    """A colour put back on the table (S3 R7), where it went."""

    ball: str
    x: float
    y: float
    own_spot: bool


class FrameEnd(StrEnum):
    """How a frame ended (S2 D1)."""

    LAST_BALL = "last_ball"  # the final black potted, or a foul with only the black left
    CONCEDED = "conceded"
    CLAIMED = "claimed"
    AWARDED_MISS = "awarded_miss"  # third failure to hit a ball on (S3 R14)
    FORFEIT = "forfeit"  # S4 R2-3


class SnookerRuling(Record):
    """What the referee decided about one stroke or action.

    ``striker`` made the stroke (or the action); ``points`` were scored by him; on a foul
    ``penalty`` went to side ``penalty_to``; ``next_player`` is the seat to play (or to choose);
    ``choices`` what that seat may choose; ``ball_on`` the ball on for him; ``respots`` the colours
    put back; ``balls_left_value`` what a forfeit or concession awards (S4 R3(b), R6);
    ``announcements`` the referee's calls ("foul", "foul and a miss", "free ball",
    "touching ball", "re-spotted black", "warning", ...).
    """

    action: str = "stroke"
    striker: int = Field(ge=0, le=3)
    points: int = Field(default=0, ge=0)
    scored: tuple[str, ...] = ()
    foul: bool = False
    fouls: tuple[Foul, ...] = ()
    foul_reason: FoulReason | None = None
    penalty: int = Field(default=0, ge=0)
    penalty_to: int | None = Field(default=None, ge=0, le=1)
    miss: bool = False
    miss_count: int = Field(default=0, ge=0)
    warning: bool = False
    free_ball: bool = False
    touching: tuple[str, ...] = ()
    next_player: int | None = Field(default=None, ge=0, le=3)
    choices: tuple[str, ...] = ()
    ball_on: str | None = None
    respots: tuple[Respot, ...] = ()
    announcements: tuple[str, ...] = ()
    scores: tuple[int, int] = (0, 0)
    break_points: int = Field(default=0, ge=0)
    points_remaining: int = Field(default=0, ge=0)
    black_respotted: bool = False
    frame_over: bool = False
    frame_winner: int | None = Field(default=None, ge=0, le=1)
    frame_end: FrameEnd | None = None
    match_over: bool = False
    match_winner: int | None = Field(default=None, ge=0, le=1)
    #: On a forfeit or a concession: the value of the balls left awarded to the opponent (8 a red,
    #: the colours as if spotted, S4 R3(b), R6), named apart from ``points_remaining``.
    balls_left_value: int | None = Field(default=None, ge=0)

    # --- the shape every ruling shares (cueboard.records.ruling.Ruling) ---------------------------
    @property
    def next_to_move(self) -> int | None:
        """The seat to play or choose next (``next_player``); None once the frame is over."""
        return None if self.frame_over else self.next_player

    @property
    def over(self) -> bool:
        """Whether this stroke or action ended the frame (``match_over`` says the match)."""
        return self.frame_over

    @property
    def winner(self) -> int | None:
        """The side that won the frame this ruling ended (``match_winner``: the match)."""
        return self.frame_winner

    @property
    def calls(self) -> tuple[Call, ...]:
        """The referee's calls as catalogue messages (cueboard/app/i18n): the foul and its
        penalty, a miss and the warning after two, the points and the break, re-spotted colours,
        a free ball, a touching ball, the re-spotted black, the end of the frame and match; for an
        action without a stroke, what it was (a concession, a claim, a forfeit, a stalemate, the
        player chosen for a re-spotted black, balls moved by another put back)."""
        out: list[Call] = []
        if self.action == "choose":
            return (Call("ref.choice_made", {"seat": self.striker}),)
        action = self._action_call()
        if action is not None:
            out.append(action)
        elif self.foul:
            reason = self.foul_reason.value if self.foul_reason else "foul"
            out.append(Call("ref.snooker.foul", {"penalty": self.penalty, "reason_key": f"foul.{reason}"}))
            if self.miss:
                out.append(Call("ref.snooker.miss"))
            if self.warning:
                out.append(Call("ref.snooker.warning"))
        elif self.points:
            out.append(Call("ref.snooker.points", {"points": self.points, "break": self.break_points}))
        else:
            out.append(Call("ref.snooker.no_score"))
        for spot in self.respots:
            out.append(Call("ref.snooker.respot", {"ball_key": f"ball.{colour_of(spot.ball)}"}))
        if self.free_ball:
            out.append(Call("ref.snooker.free_ball"))
        if self.touching:
            out.append(Call("ref.snooker.touching", {"ball_key": f"ball.{colour_of(self.touching[0])}"}))
        if self.black_respotted:
            out.append(Call("ref.snooker.black_respotted"))
        if self.frame_over:
            out.append(Call("ref.snooker.frame_over", {"side": self.frame_winner}))
        if self.match_over:
            out.append(Call("ref.match_over", {"side": self.match_winner}))
        return tuple(out)

    def _action_call(self) -> Call | None:
        """The call of an action without a stroke (S4 R3, R6; S2 D1(b); S3 R15, R16); ``None``
        for a stroke."""
        loser = None if self.frame_winner is None else 1 - self.frame_winner
        if self.action == "concede":  # S4 R6
            return Call("ref.snooker.concede", {"side": loser})
        if self.action == "claim":  # S2 D1(b)
            return Call("ref.snooker.claim", {"side": self.frame_winner})
        if self.action == "forfeit":  # S4 R3: the balls left go to the opponent
            return Call("ref.snooker.forfeit", {"side": loser, "points": self.balls_left_value or 0})
        if self.action == "stalemate":  # S3 R16
            return Call("ref.snooker.stalemate")
        if self.action == "choose_player":  # S3 R17 (four-handed): who plays the re-spotted black
            return Call("ref.snooker.choose_player", {"seat": self.next_player})
        if self.action == "replace_moved":  # S3 R15
            return Call("ref.snooker.replace_moved")
        return None
