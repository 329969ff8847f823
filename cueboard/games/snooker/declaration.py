"""What a snooker player declares with a stroke, or instead of one (docs/records.md#snooker).

- ``action``: ``stroke`` (the default) or one of the non-stroke actions: ``choose`` (the choice
  after a foul, S3 R11(h), R13, R14), ``concede`` (S2 D1(a)), ``claim`` (the frame on the black,
  S2 D1(b)), ``forfeit`` (S4 R2-3), ``stalemate`` (S3 R16), ``choose_player`` (four-handed: the side
  to play a re-spotted black chooses its player, S3 R17). A non-stroke action comes with an
  empty outcome.
- ``nominated``: the colour nominated when the ball on is "any colour" (S2 D12, S3 R3).
- ``free_ball``: the ball nominated as the free ball (S3 R10); only when one is awarded.
- ``choice``: after a foul, the incoming player's choice ``play`` / ``put_back`` (the offender
  plays again) / ``replace`` (after a miss: balls replaced, the offender plays again). With
  ``action="stroke"`` the choice is made and the stroke played in one step.
- ``side``: who forfeits (``forfeit``); ``player``: the seat chosen (``choose_player``).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field, model_validator

from cueboard.errors import RecordError
from cueboard.games.snooker.table import COLOURS_IN_ORDER
from cueboard.records.base import Record


class Action(StrEnum):
    STROKE = "stroke"
    CHOOSE = "choose"
    CONCEDE = "concede"
    CLAIM = "claim"
    FORFEIT = "forfeit"
    STALEMATE = "stalemate"
    CHOOSE_PLAYER = "choose_player"


class Choice(StrEnum):
    """The incoming player's options after a foul."""

    PLAY = "play"
    PUT_BACK = "put_back"
    REPLACE = "replace"


class SnookerDeclaration(Record):
    """A player's declaration (see the module docstring)."""

    action: Action = Action.STROKE
    nominated: str | None = None
    free_ball: str | None = Field(
        default=None, pattern=r"^(red[0-9]{1,2}|yellow|green|brown|blue|pink|black)$"
    )
    choice: Choice | None = None
    side: int | None = Field(default=None, ge=0, le=1)
    player: int | None = Field(default=None, ge=0, le=3)

    @model_validator(mode="after")
    def _coherent(self) -> SnookerDeclaration:
        if self.nominated is not None and self.nominated not in COLOURS_IN_ORDER:
            raise RecordError(
                f"nominated must be a colour ({', '.join(COLOURS_IN_ORDER)}), not '{self.nominated}'"
            )
        if self.action is Action.CHOOSE and self.choice is None:
            raise RecordError("action 'choose' needs a choice (play, put_back or replace)")
        if self.action is Action.FORFEIT and self.side is None:
            raise RecordError("action 'forfeit' needs the side that forfeits")
        if self.action is Action.CHOOSE_PLAYER and self.player is None:
            raise RecordError("action 'choose_player' needs the player (seat)")
        return self
