"""One flick through the physics: check the start (:mod:`.shot`), flick the next disc with the
disc physics (:mod:`cueboard.games.crokinole.physics`, imported only here) and read the facts
from its events (:func:`.outcome.outcome_of`)."""

from __future__ import annotations

from cueboard.engine.events import Event
from cueboard.games.crokinole.outcome import outcome_of
from cueboard.games.crokinole.records import CrokinoleOutcome, CrokinolePosition, CrokinoleStrike
from cueboard.games.crokinole.shot import check_start, next_disc_id


def simulate_strike(
    position: CrokinolePosition, strike: CrokinoleStrike
) -> tuple[tuple[Event, ...], CrokinoleOutcome]:
    """Flick the next disc of the seat to move: the engine's events and the outcome facts.

    Raises :class:`cueboard.games.crokinole.errors.IllegalShotError` for an illegal start.
    """
    check_start(position, strike.start)
    from cueboard.games.crokinole.physics import simulate_flick

    seat = position.to_move
    disc = next_disc_id(position)
    events, final = simulate_flick(
        position.pieces, disc, strike.start, strike.velocity_vector(), strike.spin, owner=seat
    )
    return tuple(events), outcome_of(events, final, seat, disc, position)
