"""Array layout of the engine state: field indices, state codes, model ids, shape and event kinds.

The engine works on a few numpy arrays (structure of arrays), so that the whole event loop can
run inside one numba function (see the ARCHITECTURE notes in ``cueboard/engine/__init__.py``):

- ``body``: ``float64[N_BODY_F, n]`` — one row per field, one column per body. A body's motion
  within a segment is ``p(t) = P + V τ + ½ A τ²`` with ``τ = t - T0``, valid for ``T0 <= t <= TE``
  (``TE`` is the time of its next state transition, ``inf`` when it never changes on its own).
  Its angular velocity is ``W_XY(t) = W_XY + AW_XY τ`` and ``W_Z(t) = W_Z + AW_Z τ`` clamped at
  zero (spin about the vertical axis decays to rest and stays there).
- ``ibody``: ``int64[N_BODY_I, n]`` — the motion state and the model id of each body.
- ``seg``: ``float64[n_seg, N_SEG_F]`` — line segments (cushions, rails) with the unit normal
  pointing to the side bodies live on.
- ``arc``: ``float64[n_arc, N_ARC_F]`` — circular arcs or full circles (pocket jaws, pegs), convex
  (bodies outside) or concave (bodies inside: a circular boundary wall).
- ``cap``: ``float64[n_cap, N_CAP_F]`` — capture regions (pockets, holes, ditch edge): circles a
  body's centre enters (or leaves) to be captured, if its model's capture law agrees.
- ``par``: ``float64[N_MODELS, N_PAR]`` — one parameter row per model (see models/ball.py).
"""

from __future__ import annotations

from typing import Final

# ---- body float fields (rows of ``body``) -------------------------------------------------
PX: Final = 0
PY: Final = 1
VX: Final = 2
VY: Final = 3
WX: Final = 4
WY: Final = 5
WZ: Final = 6
AX: Final = 7
AY: Final = 8
AWX: Final = 9
AWY: Final = 10
AWZ: Final = 11
T0: Final = 12
TE: Final = 13
RAD: Final = 14
MASS: Final = 15
INERTIA: Final = 16  # moment of inertia about a horizontal / vertical axis through the centre
AUX0: Final = 17  # free for a model's own use (e.g. the disc model's extra coefficients)
AUX1: Final = 18
AUX2: Final = 19
#: Height of the ball's lowest point above the bed, its vertical velocity and acceleration
#: (``-g`` in flight, 0 on the bed): ``z(t) = PZ + VZ τ + ½ AZ τ²``. All zero for a body on the
#: bed, so the planar motion never reads them (balls only; discs stay planar).
PZ: Final = 20
VZ: Final = 21
AZ: Final = 22
N_BODY_F: Final = 23

# ---- body int fields (rows of ``ibody``) ---------------------------------------------------
STATE: Final = 0
MODEL: Final = 1
IAUX: Final = 2  # free for a model's own use (balls: ``1 + s`` while over the top of cushion
#: segment ``s`` and the rail behind it, 0 over the bed: models/ball.py "rail")
N_BODY_I: Final = 3

# ---- motion states --------------------------------------------------------------------------
STATIONARY: Final = 0
SPINNING: Final = 1  # in place, turning about the vertical axis
SLIDING: Final = 2  # the contact point slips on the bed
ROLLING: Final = 3  # the contact point is at rest on the bed (balls)
REMOVED: Final = 4  # captured by a pocket / hole / ditch, off the table, or never on it
AIRBORNE: Final = 5  # in flight above the bed (balls): ballistic, spin kept
STATE_NAMES: Final = ("stationary", "spinning", "sliding", "rolling", "removed", "airborne")

# ---- models ---------------------------------------------------------------------------------
MODEL_BALL: Final = 0
MODEL_DISC: Final = 1  # crokinole / novuss discs: cueboard/engine/models/disc.py
N_MODELS: Final = 2
N_PAR: Final = 24  # parameters per model row; each model names its own columns

# ---- shapes ---------------------------------------------------------------------------------
# segment: x1, y1, x2, y2, unit normal (towards the bodies' side), length, restitution, friction,
# contact height above the bed (cushion nose), rail (1.0: a cushion whose top and rail a ball in
# the air can land on, ``cueboard.engine.models.ball`` "rail"; 0.0: none, a ball over it is off)
SX1: Final = 0
SY1: Final = 1
SX2: Final = 2
SY2: Final = 3
SNX: Final = 4
SNY: Final = 5
SLEN: Final = 6
SE: Final = 7
SMU: Final = 8
SH: Final = 9
SRAIL: Final = 10
N_SEG_F: Final = 11
# arc: centre, radius, start angle, angular span (2π = full circle), inside (1: bodies move inside
# the circle, a concave wall; 0: outside, a convex obstacle), restitution, friction, height
ACX: Final = 0
ACY: Final = 1
AR: Final = 2
AA0: Final = 3
ASPAN: Final = 4
AINSIDE: Final = 5
AE: Final = 6
AMU: Final = 7
AH: Final = 8
N_ARC_F: Final = 10
# capture region: centre, radius, mode (0: captured on entering, 1: on leaving), kind (a
# game-defined code handed to the model's capture law, e.g. pocket / 20-hole / ditch)
CCX: Final = 0
CCY: Final = 1
CR: Final = 2
CMODE: Final = 3
CKIND: Final = 4
N_CAP_F: Final = 6

# ---- events -----------------------------------------------------------------------------------
# ev_i rows: kind, a (body), b (body, shape index within its kind, or new state);
# ev_f rows: see loop.py (EF_*): time, a's centre, b's centre (collisions) or the contact point,
# energy change, smallest gap (check mode), velocities of a and b after the event
EV_COLLISION: Final = 1
EV_SEGMENT: Final = 2
EV_ARC: Final = 3
EV_CAPTURE: Final = 4
EV_STATE: Final = 5
EV_OFF: Final = 6  # a ball in the air leaves the table over a cushion: b = the shape's index
EV_BOUNCE: Final = 7  # a ball in the air lands on the bed: b = its new state (airborne again
#: when it bounces up, else the state it goes on in)
EV_RAIL: Final = 8  # a ball in the air lands on a cushion's top / the rail behind cushion b
#: (its new state is in the event's motion)
N_EV_I: Final = 3
#: Shape index of an EV_OFF over an arc is ``n_seg + arc index`` (segments first, as in ``tw``).

#: Distance below which two surfaces count as touching for event detection, metres (0.1 µm:
#: far below anything a referee sees, and large enough that two balls pressed together while
#: rolling side by side meet again only every few tens of milliseconds, not every few µs).
DIST_TOL: Final = 1e-7
#: Approach speed under which a contact is a resting contact (no bounce), m/s.
V_REST: Final = 2e-3
