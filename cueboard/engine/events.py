"""What the physics engine observed during a shot, in time order (docs/records.md#events).

The engine's hot loop works on arrays; this is the record form handed to ``outcome_of`` and
written to files. Bodies are named by piece id, fixed shapes by a stable string id given by the
table specification (for example ``cushion:top``, ``jaw:top-left:left``, ``pocket:top-left``,
``peg:3``, ``hole:20``, ``ditch``, ``rail:north``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field


class EventKind(StrEnum):
    """Kinds of engine event."""

    STRIKE = "strike"  # the cue (or a finger) sets a piece in motion
    COLLISION = "collision"  # two moving pieces touch: bodies = (a, b)
    CUSHION = "cushion"  # a piece bounces off a fixed shape: bodies = (a,), shape = id
    POCKETED = "pocketed"  # a piece drops into a pocket: shape = pocket id
    HOLED = "holed"  # crokinole: a disc drops into the 20-hole
    DITCHED = "ditched"  # crokinole: a disc leaves the playing surface into the ditch
    OFF_TABLE = "off_table"  # a piece leaves the table over a cushion / rail
    BOUNCE = "bounce"  # a ball in the air lands on the bed, shape "bed" (and bounces up again or
    #: goes on), or on a cushion's top / the rail behind it: shape = that cushion
    AIRBORNE = "airborne"  # a ball rolls off a cushion's top and drops to the bed
    SLIDING = "sliding"  # motion state transitions (bodies = (a,))
    ROLLING = "rolling"
    SPINNING = "spinning"
    STATIONARY = "stationary"


class BodyMotion(NamedTuple):
    """A body's motion as it leaves an event (after every contact resolved at that instant):
    from the event's time, ``p(τ) = (x, y) + (vx, vy) τ + ½ (ax, ay) τ²`` and angular velocity
    ``ω(τ) = (wx, wy, wz) + (awx, awy, awz) τ`` (``ω_z`` stops at zero), until the body's next
    event — the engine's own closed form, so a consumer evaluates any moment without the engine.
    ``state`` is the motion state (``sliding``, ``rolling``, ``spinning``, ``stationary``,
    ``airborne`` for a ball in flight — its height in ``Event.heights`` — or ``removed`` once
    captured or off the table). Units: m, m/s, m/s², rad/s, rad/s². In JSON: an array in this
    order."""

    body: str
    state: str
    x: float
    y: float
    vx: float
    vy: float
    wx: float
    wy: float
    wz: float
    ax: float
    ay: float
    awx: float
    awy: float
    awz: float


class BodyHeight(NamedTuple):
    """The vertical motion of a body off the bed as it leaves an event (balls in flight): the
    height of its lowest point above the bed ``z(τ) = z + vz τ + ½ az τ²`` (``az = -g``) until its
    next event. Units: m, m/s, m/s². In JSON: an array in this order."""

    body: str
    z: float
    vz: float
    az: float


class Event(BaseModel):
    """One engine event. Configured like every record (``cueboard.records.base.Record``: frozen,
    no unknown fields, finite numbers only) but defined here, so that the engine imports nothing
    from the layers above it."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    time: float = Field(ge=0.0)
    kind: EventKind
    bodies: tuple[str, ...] = Field(min_length=1, max_length=2)
    shape: str | None = None
    x: float | None = None  # where it happened (first body's centre), metres
    y: float | None = None
    #: The full motion of each body the event changed, as it leaves the event (engine events;
    #: empty for a STRIKE and for records written before it existed).
    motion: tuple[BodyMotion, ...] = ()
    #: The height of each body of the event that leaves it off the bed (in the air); empty when
    #: every body is on the bed (and for records written before balls could fly).
    heights: tuple[BodyHeight, ...] = ()
