"""One rule for where a piece may go: whatever :meth:`Game.check_placement` accepts, the strike
from there is made, validated and played (:meth:`make_strike`, :meth:`validate_strike`,
:meth:`simulate`), and whatever it refuses, they refuse too; every accepted place lies in
:meth:`legal_placements`' box. Checked by hypothesis over positions reached by play and places
drawn by the game's own map of the area (:meth:`placement_point`), across the area's box, just
outside it, and at contact distance from the pieces already there (the borderline a tolerance
decides)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import cueboard
from cueboard.games.protocol import IllegalPlacementError
from cueboard.rl.actions import nearest_place

GAMES = ("crokinole", "novuss", "snooker")
_POSITIONS: dict[tuple[str, int], Any] = {}


def _position(name: str, seed: int) -> Any:
    """A position with a piece to place from which a placed stroke plays, reached by ``seed``'s
    random strokes (cached)."""
    key = (name, seed)
    if key in _POSITIONS:
        return _POSITIONS[key]
    game = cueboard.get_game(name)
    rng = np.random.default_rng(seed)
    position = game.new_position({}, seed=seed)
    found = None
    for _ in range(seed % 7 + 1):
        turn = game.turn(position)
        if turn.action == "choose":
            choice = game.choose(position, turn.choices[0])
            position, _ = game.apply(position, choice, game.no_stroke_outcome(position), rng)
            continue
        values = {p.name: float(rng.uniform(p.low, p.high)) for p in game.strike_bounds(position)}
        values["speed"] = float(rng.uniform(0.3, 2.0))
        values.update({k: 0.0 for k in ("side", "top", "elevation") if k in values})
        place = None
        if turn.placement is not None:
            u, v = rng.uniform(-1, 1, 2).tolist()
            try:  # the environments' rule: the nearest legal place of a grid when (u, v)'s is not
                place, _ = nearest_place(
                    lambda x, y, at=position: game.check_placement(at, x, y),
                    lambda u, v, at=position: game.placement_point(at, u, v),
                    u,
                    v,
                )
            except IllegalPlacementError:
                break
        strike = game.make_strike(position, values, place)
        declaration = game.declaration(position)
        try:
            _, outcome = game.simulate(position, declaration, strike)
        except ValueError:
            break  # a position the game cannot play from (not a placement's doing)
        if place is not None:
            found = position  # a placed stroke played from here
        position, _ = game.apply(position, declaration, outcome, rng)
        if game.to_move(position) is None:
            break
    _POSITIONS[key] = found
    return found


def _accepted_by_strike(game: Any, position: Any, place: tuple[float, float]) -> tuple[bool, str]:
    values = {p.name: p.low + 0.1 * (p.high - p.low) for p in game.strike_bounds(position)}
    values.update({k: 0.0 for k in ("side", "top", "elevation") if k in values})
    try:
        strike = game.make_strike(position, values, place)
        game.validate_strike(position, strike)
        game.simulate(position, game.declaration(position), strike)
    except ValueError as err:
        return False, str(err)
    return True, ""


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(GAMES),
    seed=st.integers(0, 40),
    where=st.sampled_from(["point", "area", "margin", "contact"]),
    a=st.floats(0.0, 1.0),
    b=st.floats(0.0, 1.0),
    gap=st.sampled_from([-1e-6, -2e-9, -1e-9, -5e-10, 0.0, 5e-10, 1e-9, 2e-9, 1e-6]),
)
def test_check_placement_and_the_strike_agree(
    name: str, seed: int, where: str, a: float, b: float, gap: float
) -> None:
    game = cueboard.get_game(name)
    position = _position(name, seed)
    area = None if position is None else game.legal_placements(position)
    if area is None:
        event(f"{name}: no piece to place")
        return
    x0, y0, x1, y1 = area.bounds
    on = [p for p in position.pieces if p.on_table]
    if where == "point":  # the game's own map of the unit square onto its area
        place = game.placement_point(position, 2 * a - 1, 2 * b - 1)
    elif where == "area" or (where == "contact" and not on):
        place = (x0 + a * (x1 - x0), y0 + b * (y1 - y0))
    elif where == "margin":  # up to 2 cm outside the box on each side
        place = (x0 - 0.02 + a * (x1 - x0 + 0.04), y0 - 0.02 + b * (y1 - y0 + 0.04))
    else:  # at contact distance (plus gap) from a piece on the table, in direction a
        piece = on[int(b * len(on)) % len(on)]
        reach = _contact(game.table, piece.kind) + gap
        angle = 2 * math.pi * a
        place = (piece.x + reach * math.cos(angle), piece.y + reach * math.sin(angle))
    try:
        game.check_placement(position, *place)
        checked, why = True, ""
    except IllegalPlacementError as err:
        checked, why = False, str(err)
    struck, refusal = _accepted_by_strike(game, position, place)
    event(f"{name} {where} {'accepted' if checked else 'refused'}")
    assert checked == struck, (name, place, why, refusal)
    if checked:
        assert x0 - 1e-9 <= place[0] <= x1 + 1e-9 and y0 - 1e-9 <= place[1] <= y1 + 1e-9


def _contact(table: Any, kind: str) -> float:
    """The centres' distance of the placed piece (a snooker cue ball, a crokinole disc, a novuss
    striker) touching a piece of ``kind``."""
    if hasattr(table, "ball_radius"):
        return 2.0 * float(table.ball_radius)
    placed = float(getattr(table, "striker_radius", table.disc_radius))
    other = float(table.striker_radius if kind == "striker" else table.disc_radius)
    return placed + other
