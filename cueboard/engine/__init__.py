"""The event-driven physics engine: game-agnostic, the only hot code (docs/physics.md).

ARCHITECTURE
============
Files: ``layout.py`` (array layout and codes), ``jit.py`` (the numba decorators: ``internal``
for kernels called only from kernels; the notice a process gives when it compiles), ``warm.py``
(``python -m cueboard.engine.warm``: fills numba's cache with every kernel), ``roots.py``
(polynomial roots), ``motion.py`` (closed-form motion), ``detect.py`` (event times),
``dispatch.py`` (per-model laws by model id), ``models/ball.py`` (model 0), ``models/disc.py``
(model 1, crokinole / novuss), ``loop.py`` (the jitted event loop), ``world.py`` (the Python
API: shapes, bodies, ``run``, ``to_events``), ``events.py`` (the Event record).

State is a structure of arrays (layout.py): ``body[field, i]`` floats (position, velocity,
angular velocity, accelerations, segment start ``T0`` and transition time ``TE``, radius, mass,
moment of inertia, three spare ``AUX`` rows), ``ibody[field, i]`` ints (motion ``STATE``,
``MODEL`` id, a spare). Every body is a circle in the table plane. Fixed shapes are arrays too:
``seg`` (one-sided line segments: cushions, rails), ``arc`` (circular arcs or circles, convex with
bodies outside — jaws, pegs — or concave with bodies inside — a round boundary wall), ``cap``
(capture circles entered or left — pockets, holes, the ditch edge). ``par[model, k]`` holds each
model's parameters; restitution / friction / contact height of walls are per shape.

Between events a body moves on ``p = P + V τ + ½ A τ²`` (any model must express its motion law
as constant accelerations within a segment, ending at its transition time ``TE``); bodies
translate only in states ``SLIDING`` and ``ROLLING`` (a model may use just one of them).
Detection (detect.py) is therefore model-independent: gap polynomials and their first root.

Adding a MODEL (e.g. ``models/disc.py``, id ``MODEL_DISC = 1``):
1. write numba functions (``@njit(cache=True)``) with these signatures:
   ``start_segment(body, ibody, i, par)`` — from the fields at ``T0`` set ``STATE``, ``AX, AY``,
   ``AWX, AWY, AWZ`` and ``TE`` (absolute; ``inf`` when it never changes on its own);
   ``end_segment(body, ibody, i, par)`` — the natural transition at ``TE`` (body already moved
   there), usually a snap then ``start_segment``;
   ``collide_<model>_<model>(body, ibody, i, j, par)`` — body-body impulse (both at contact);
   ``collide_<model>_wall(body, ibody, i, nx, ny, e, mu, h, par)`` — against a wall whose unit
   normal points at the body; ``capture_<model>(body, ibody, i, kind, par) -> bool``.
   Read parameters from ``par[MODEL_DISC, k]`` with column constants named in the model module.
2. add one ``elif`` branch per function in ``dispatch.py`` (pairs of different models too).
3. optionally, a kernel for games whose bodies are all of that model:
   ``loop.build_kernel("discs", start_segment=..., end_segment=..., collide_pair=...,
   collide_wall=..., capture=...)`` with the model's own laws (same signatures as dispatch.py;
   wrap a law whose signature differs), passed as ``world.run(..., kernel=...)``. A cold start
   then compiles that model alone (snooker uses ``planar.run_balls`` / ``loop.run_balls``, the
   disc games ``planar.run_discs``); ``loop.run_events``, the default, dispatches over every model.
4. fill the model's parameter row in the game's parameter set (like
   ``cueboard/games/snooker/physics_params.py``) and place bodies with ``world.place_body(...,
   model=MODEL_DISC)``.
Kinetic energy is ``½ m |v|² + ½ I |ω|²`` with one ``INERTIA`` per body (a disc spins only about
the vertical axis, so its ``I`` is the vertical one and its ``WX, WY`` stay 0).

Adding a SHAPE KIND: add its array and columns in layout.py, a ``<kind>_time`` function in
detect.py (the first fall of a gap polynomial via ``roots.first_fall``) built on a detector that
takes the body's kinematics and the shape's numbers (``<kind>_after``, as ``segment_after``),
its columns of ``tw`` in ``loop._refresh`` (which calls the ``_after`` detectors; the row minima
of ``loop._row_scan`` cover every column of ``tw``), its branch in the event handling of
``loop.run_events``
(which computes the contact normal and calls ``dispatch.collide_wall`` or ``dispatch.capture``),
an event code, and a builder method in ``world.ShapeBuilder``. Prefer composing existing kinds:
a polygonal rail is segments plus zero-gap arcs at convex corners; a peg is a full ``arc``;
crokinole's playing-surface edge is a ``cap`` with ``leave=True`` (or a concave ``arc``).

Compile time counts (a cold start must stay under 10 s): helpers called only from compiled code
are declared ``@internal`` (jit.py: no Python wrapper compiled), arguments are never literal
constants (numba would compile a function once more per literal value), and a game of one model
runs a kernel bound to that model (``loop.build_kernel``); no kernel gets numba's C-callable
wrapper (``jit.KERNEL_OPTIONS``). A new kernel, or a new compiled function a game calls from
Python, gets a call in ``warm.py`` with the argument types the game passes, so that the install
step compiles it (tests/engine/test_warm.py plays every game's requests after it and fails on
any compile).
Flight code (balls in the air) sits behind ``if AIR`` in ball.py, detect.py and loop.py:
``planar.py`` compiles those functions again with ``AIR`` False for shots with every ball on the
bed (``planar.kernel_for``), so a new flight law belongs behind that test, and a new function
holding such a branch needs its planar copy there.

Numba caches compiled code on disk (``cache=True``) but only notices edits to a function's own
file; ``_drop_stale_numba_cache`` below therefore hashes all engine sources at import and clears
the engine's caches when any of them changed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def _drop_stale_numba_cache() -> None:
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.json")]):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    stamp = root / "__pycache__" / "engine-sources.sha256"
    value = digest.hexdigest()
    try:
        if stamp.is_file() and stamp.read_text() == value:
            return
        for cached in list(root.rglob("*.nbi")) + list(root.rglob("*.nbc")):
            cached.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(value)
    except OSError:  # a read-only install: its caches were built from these very sources
        return


_drop_stale_numba_cache()
