"""Actions turned into the game's own terms: the numbers checked, the option named, the piece
placed where the game allows, the strike made, and the flat form of the action.

Every point of the action box is a move the game accepts (only a malformed action — wrong size,
NaN, outside [-1, 1], an option the mask closes — is refused):

- a place the game forbids moves to the nearest legal one of a 17 × 17 grid of (u, v)
  (``placement_moved``);
- a strike the game refuses for its numbers (a snooker tip offset more than 0.7 of the ball's
  radius from its centre, which would miscue: WPBSA S3 and the strike record) is pulled, along
  the one parameter whose pull is shortest, towards the middle of that parameter's range until
  the game accepts it (``strike_moved``); if no single parameter will do, all are pulled together
  towards the middle of the box.

The flat action (``action="flat"``) is one Box in [-1, 1]^(1 + 2 + k): the option selector, the
place (u, v), the strike's k numbers. The selector picks among the options open now, in the
order of :attr:`Core.options`: [-1, 1] cut into as many equal parts as there are open options.
So a flat action is never illegal, and a learner that knows nothing of masks (Stable-Baselines3,
CleanRL) can use it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np

from cueboard.errors import MoveError
from cueboard.games.protocol import IllegalPlacementError

#: Bisection steps of a pull: the pulled number lies within 2⁻¹² of the range's half-width of
#: the nearest accepted one.
PULL_STEPS = 12

T = TypeVar("T")


class ActionError(MoveError):
    """An action that is not one of the action space's, or that the rules do not allow now."""


def _grid(n: int = 17) -> np.ndarray:
    g = np.linspace(-1.0, 1.0, n)
    return np.array([(u, v) for u in g for v in g])


GRID = _grid()


def unit_numbers(raw: Any, key: str, size: int) -> list[float]:
    """The numbers of an action's entry ``key``, checked: ``size`` of them, finite, in [-1, 1] (a
    hair outside, float32 rounding, is clipped). Checked as Python floats: for a handful of
    numbers that is several times quicker than numpy's reductions."""
    try:
        values: list[float] = np.asarray(raw, dtype=np.float64).reshape(-1).tolist()
    except (TypeError, ValueError):
        raise ActionError(f"action '{key}' is not an array of numbers: {raw!r}") from None
    if len(values) != size:
        raise ActionError(f"action '{key}' must hold {size} numbers, got {len(values)}")
    for v in values:
        if not math.isfinite(v):
            raise ActionError(f"action '{key}' holds a NaN or an infinity: {values}")
        if abs(v) > 1.0 + 1e-6:
            raise ActionError(f"action '{key}' must lie in [-1, 1], got {values}")
    return [min(max(v, -1.0), 1.0) for v in values]


def selector_index(value: float, count: int) -> int:
    """The part of [-1, 1], cut into ``count`` equal parts, that ``value`` falls in (0-based)."""
    return min(int((value + 1.0) / 2.0 * count), count - 1)


def _accepts(make: Callable[[list[float]], T], unit: list[float]) -> T | None:
    try:
        return make(unit)
    except IllegalPlacementError:
        raise
    except ValueError:
        return None


def _bisect(
    make: Callable[[list[float]], T], start: list[float], goal: list[float]
) -> tuple[T, float] | None:
    """The accepted strike nearest ``start`` on the segment to ``goal`` (which must be accepted),
    and how far along the segment (0..1) it lies; None if ``goal`` is refused too."""
    best = _accepts(make, goal)
    if best is None:
        return None
    refused, accepted = 0.0, 1.0
    for _ in range(PULL_STEPS):
        mid = 0.5 * (refused + accepted)
        point = [a + mid * (b - a) for a, b in zip(start, goal, strict=True)]
        found = _accepts(make, point)
        if found is None:
            refused = mid
        else:
            accepted, best = mid, found
    return best, accepted


def pulled_strike(make: Callable[[list[float]], T], unit: Sequence[float]) -> T | None:
    """The strike ``make`` builds from the unit numbers nearest ``unit`` that it accepts, by the
    module's rule (one parameter pulled towards the middle of its range, the one needing the
    shortest pull; else all of them); None when even the middle of the box is refused."""
    start = list(unit)
    best: tuple[T, float] | None = None
    for i, a in enumerate(start):
        if a == 0.0:
            continue
        goal = [*start[:i], 0.0, *start[i + 1 :]]
        found = _bisect(make, start, goal)
        if found is not None and (best is None or found[1] * abs(a) < best[1]):
            best = (found[0], found[1] * abs(a))
    if best is not None:
        return best[0]
    whole = _bisect(make, start, [0.0] * len(start))
    return None if whole is None else whole[0]


def nearest_place(
    check: Callable[[float, float], None],
    point_of: Callable[[float, float], tuple[float, float]],
    u: float,
    v: float,
) -> tuple[tuple[float, float], bool]:
    """The legal place nearest (u, v) — ``point_of(u, v)`` if ``check`` accepts it, else the
    nearest accepted point of :data:`GRID` — and whether it had to move."""
    point = point_of(u, v)
    try:
        check(*point)
        return point, False
    except IllegalPlacementError:
        pass
    order = np.argsort(np.hypot(GRID[:, 0] - u, GRID[:, 1] - v), kind="stable")
    for gu, gv in GRID[order].tolist():
        point = point_of(gu, gv)
        try:
            check(*point)
            return point, True
        except IllegalPlacementError:
            continue
    raise IllegalPlacementError("no_legal_place", "no legal place for the piece was found")


def split_flat(
    flat: Any, options: Sequence[str], open_options: Sequence[str], strike_size: int
) -> dict[str, Any]:
    """The dict action a flat one stands for: the selector mapped onto ``open_options`` (see the
    module doc), then place and strike."""
    numbers = unit_numbers(flat, "flat", 3 + strike_size)
    if not open_options:
        raise ActionError("no option is open: the episode is over")
    chosen = open_options[selector_index(numbers[0], len(open_options))]
    return {"option": options.index(chosen), "place": numbers[1:3], "strike": numbers[3:]}


def entry(action: Mapping[str, Any], key: str) -> Any:
    """``action[key]``, or an :class:`ActionError` naming the keys expected."""
    try:
        return action[key]
    except KeyError:
        raise ActionError(f"the action has no '{key}' (expected keys: strike, place, option)") from None
