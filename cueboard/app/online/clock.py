"""The optional per-shot clock of an online match (docs/app.md#the-shot-clock): off unless the
creator chooses the seconds per shot (``shot_clock`` of ``POST /api/matches``, e.g. 15 as in the
Snooker Shoot-Out).

The server is the clock. The deadline is stored with the match (``online_matches.deadline``, for
the match version ``clock_version``): the person to move at that version has ``shot_clock_s``
seconds from the moment the version was reached (the move before was stored) — or from the moment
the last invited seat was taken, for the clock waits while a seat is still open, and while the AI
is to move. When the time is up the server rules the game's consequence as a move of kind
``time`` (:meth:`MatchService.time_out`): at the next request that touches the match (a stroke
arriving late is refused with 409 ``clock.expired`` and the time-out is ruled instead), and, while
anyone watches the table, within the live tables' poll (about a second) — whichever process gets
there first: the move is stored with the match version's compare-and-set, so it is ruled once.
The next person's clock then starts at the deadline that passed.

The consequences, per game:

- **Snooker**: a time foul of five points (World Snooker Shoot-Out rules: "Failure to commence
  a stroke within the allotted time will result in a time foul", five points to the opponent, who
  plays on — no option of asking the offender to play again, no free ball;
  cueboard/games/snooker/referee_reported.py ``time_foul``). The WPBSA rules have no clock (their
  Section 4 Rule 1 leaves "too much time" to the referee's warning). The Shoot-Out's ball in hand
  anywhere on the table is not given (the balls stay where they lie: the app plays the WPBSA
  table rules). A player who runs out of time while choosing after a foul is taken to play on
  and commits the time foul.
- **Crokinole** (the NCA rules have no clock): the shot is lost — the disc goes to the ditch
  unplayed and the next player shoots, as a disc shot that touched nothing would.
- **Novuss** (the rules have no clock): ruled as a direct stroke that touched no disc — a penalty
  disc (penalty case 1) and loss of the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel
from sqlalchemy import select

from cueboard.app.service import MatchService, MatchStateError
from cueboard.errors import SettingsError
from cueboard.games.protocol import get_game, time_out
from cueboard.records.base import parse_record
from cueboard.records.registry import record_types
from cueboard.store import StaleMatchError, StoreError
from cueboard.store.models import MatchRow
from cueboard.store.online import OnlineMatchRow, SeatRow, access_rows

#: The seconds per shot a match may have (the Shoot-Out's 15 and 10 are in range).
MIN_SECONDS, MAX_SECONDS = 5, 600


def time_out_move(game: str, position: Any) -> tuple[BaseModel, BaseModel]:
    """The declaration and outcome the referee rules when the player to move ran out of time:
    the game's own time-out rule (:func:`cueboard.games.protocol.time_out`; the module docstring
    gives each game's)."""
    return time_out(get_game(game), position)


def _aware(t: datetime | None) -> datetime | None:
    return t.replace(tzinfo=UTC) if t is not None and t.tzinfo is None else t  # SQLite: naive


class ShotClock:
    """The shot clocks of one store's matches; ``now`` the clock's time (injected by tests)."""

    def __init__(self, service: MatchService, now: Callable[[], datetime] | None = None):
        self.service = service
        self.store = service.store
        self.now: Callable[[], datetime] = now or (lambda: datetime.now(UTC))

    @staticmethod
    def check_seconds(seconds: int | None) -> None:
        if seconds is not None and not MIN_SECONDS <= seconds <= MAX_SECONDS:
            raise SettingsError(f"shot_clock must be between {MIN_SECONDS} and {MAX_SECONDS} seconds "
                                f"per shot (or absent: no clock), not {seconds}")

    def set(self, match_id: str, seconds: int | None) -> None:
        """Give a new match its clock (``seconds`` per shot; None: none)."""
        self.check_seconds(seconds)
        if seconds is None:
            return
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None:
                raise StoreError(f"no match with id '{match_id}'")
            om.shot_clock_s = seconds
        self.sync(match_id)

    def clocked(self, match_ids: Collection[str]) -> list[str]:
        """Those of ``match_ids`` that have a clock."""
        if not match_ids:
            return []
        with self.store.session() as s:
            return list(s.scalars(select(OnlineMatchRow.match_id).where(
                OnlineMatchRow.match_id.in_(list(match_ids)), OnlineMatchRow.shot_clock_s.is_not(None))))

    def state(self, match_id: str) -> dict[str, Any] | None:
        """The clock as the page shows it: ``seconds`` per shot, ``deadline`` of the person to
        move at match ``version`` (None while the clock waits), the server's ``now`` (the page
        counts down against it, whatever its own clock says); None: the match has no clock."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None or om.shot_clock_s is None:
                return None
            deadline = _aware(om.deadline)
            return {"seconds": om.shot_clock_s, "version": om.clock_version,
                    "deadline": deadline.isoformat() if deadline is not None else None,
                    "now": self.now().isoformat()}

    def sync(self, match_id: str) -> bool:
        """Bring the clock of ``match_id`` up to date: set the deadline of a version just reached
        and, if it has passed, rule the time-out. True when a time-out was ruled by this call."""
        online = access_rows(self.store, match_id).online
        if online is None or online.shot_clock_s is None:  # (most matches: one short read)
            return False
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None or om.shot_clock_s is None:
                return False
            match = s.get(MatchRow, match_id)
            if match is None or match.status != "playing":
                om.deadline = None
                return False
            version = match.version
            deadline = _aware(om.deadline) if om.clock_version == version else None
            if deadline is None:
                start = self._start(s, match, _aware(match.updated_at) or self.now())
                om.clock_version = version
                om.deadline = deadline = start + timedelta(seconds=om.shot_clock_s) if start else None
            if deadline is None or self.now() < deadline:
                return False
            game, position_json, seconds = match.game, match.position, om.shot_clock_s
        position = parse_record(record_types(game).position, position_json)
        declaration, outcome = time_out_move(game, position)
        try:
            self.service.time_out(match_id, declaration, outcome, expected=version)
        except (StaleMatchError, MatchStateError, StoreError):
            return False  # another request or process moved first (or the match went away)
        with self.store.session() as s:  # the next person's clock runs from the deadline passed
            om, match = s.get(OnlineMatchRow, match_id), s.get(MatchRow, match_id)
            if om is not None and match is not None and match.version == version + 1:
                start = self._start(s, match, deadline) if match.status == "playing" else None
                om.clock_version = match.version
                om.deadline = start + timedelta(seconds=seconds) if start else None
        return True

    @staticmethod
    def _start(s: Any, match: MatchRow, base: datetime) -> datetime | None:
        """When the clock of the person to move starts (None: it waits — the AI is to move, or
        a person's seat is not taken yet): ``base``, or the last seat's taking if later."""
        turn = match.turn or {}
        player = turn.get("player") or {}
        if player.get("kind") == "ai":
            return None
        seats = list(s.scalars(select(SeatRow).where(SeatRow.match_id == match.id)))
        if any(r.token_hash is None for r in seats):
            return None
        taken = [t for t in (_aware(r.claimed_at) for r in seats) if t is not None]
        return max([base, *taken])


__all__ = ["MAX_SECONDS", "MIN_SECONDS", "ShotClock", "time_out_move"]
