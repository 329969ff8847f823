"""Matches as the web app plays them: create, strike, choose, let the AI play, replay — each step
validated with the game's own record models, refereed by the game, and saved in the store before
the answer goes back (so a restart loses nothing).

Every acting request names the match version it was made against (the number of moves stored,
``version`` in the match's JSON); the move is stored by a compare-and-set on that version in the
database (:meth:`cueboard.store.Store.record_move`), so two requests — from one process or many —
can never both play for one position: the later gets 409 and changes nothing (docs/service.md).

The flow of one shot (docs/api.md): ``simulate(position, declaration, strike) -> (events, outcome)``,
``apply(position, declaration, outcome, rng) -> (position, ruling)``. The referee's randomness (a
re-spotted black's lots) comes from a generator seeded by the match seed and the shot number, so a
match replays bit for bit.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np
from pydantic import BaseModel, ValidationError

from cueboard import __version__
from cueboard.ai.noise import UnknownLevelError
from cueboard.app.games import ChoiceError, GameAdapter, adapter, available_games
from cueboard.app.games.base import turn_json
from cueboard.app.motion import build_tracks
from cueboard.app.work import AIWork
from cueboard.engine.events import Event
from cueboard.errors import MatchStateError, SettingsError, UnknownGameError
from cueboard.games.protocol import check_ruling, concession, frame_number, next_frame
from cueboard.records.base import Position, RecordError, parse_record, validation_to_record_error
from cueboard.records.match import MatchHeader, PlayerInfo, ShotEntry, parse_shot
from cueboard.records.registry import record_types
from cueboard.store import StaleMatchError, Store
from cueboard.store.models import MatchRow, ShotRow
from cueboard.store.online import take_back_move

M = TypeVar("M", bound=BaseModel)

#: The most shots one page of ``GET /api/matches/{id}/shots`` holds.
SHOT_PAGE_MAX = 1000
#: Shots read from the store at a time for a record download (and sent as one piece).
RECORD_PAGE = 64


def strict_record(model: type[M], data: Any, prefix: str) -> M:
    """``data`` (decoded JSON) validated as ``model`` in pydantic's strict mode: a number must be
    a JSON number (not ``"3"``, not ``true``), a flag a JSON boolean. Bad input raises RecordError
    naming the field."""
    try:
        return model.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as err:
        raise validation_to_record_error(err, prefix=prefix) from None
    except (TypeError, ValueError) as err:  # not JSON-serialisable (never from a request body)
        raise RecordError(str(err)) from None


def match_over(a: GameAdapter, position: Position) -> bool:
    """Whether the whole match is over (a snooker frame may end while its match goes on)."""
    result = a.game.outcome(position)
    return result is not None and result.match_over


def ai_levels(game: str) -> list[str]:
    """The AI levels offered for ``game``: empty when it has no AI (no ``cueboard.ai`` entry
    point, :mod:`cueboard.registry`)."""
    from cueboard.ai.registry import levels_of

    return levels_of(game)


class MatchService:
    """The matches of one store."""

    def __init__(self, store: Store, *, ai_budget_s: float = 1.0, ai_work: AIWork | None = None):
        self.store = store
        self.ai_budget_s = ai_budget_s
        self.ai = ai_work or AIWork(0)

    # --- lobby ---------------------------------------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        out = []
        for name in available_games():
            a = adapter(name)
            out.append({
                "name": name,
                "players": list(a.player_counts),
                "settings": [s.to_json() for s in a.settings()],
                "ai_levels": ai_levels(name),
                "placement": a.placement_kind,
                "capabilities": sorted(a.game.capabilities),
            })
        return out

    def create(
        self,
        game: str,
        players: Sequence[Mapping[str, Any]],
        settings: Mapping[str, Any],
        seed: int | None = None,
        first: int | None = None,
    ) -> dict[str, Any]:
        """A new match; ``first`` the seat that breaks off or shoots first (None: as the game
        decides — seat 0, or drawn with the seed in crokinole). A rematch passes it to alternate
        the break (cueboard/app/online/offers.py); a game whose rules keep who plays first as a
        setting (the adapter's ``first_player_setting``: snooker's ``first_breaker``) keeps it in
        the header's settings, so the record replays from its header."""
        if game not in available_games():
            offered = ", ".join(available_games())
            raise UnknownGameError(f"the game '{game}' is not available (available: {offered})")
        a = adapter(game)
        if len(players) not in a.player_counts:
            counts = " or ".join(str(n) for n in a.player_counts)
            raise SettingsError(f"{game} is played by {counts} players, not {len(players)}")
        check_settings(game, a, settings)
        levels = ai_levels(game)
        infos = []
        for n, (seat, p) in enumerate(zip(a.seats(len(players)), players, strict=True)):
            kind = p.get("kind", "human")
            level = p.get("level")
            if kind == "ai" and level not in levels:
                offered = ", ".join(levels) or "none: the AI for this game is not installed"
                raise UnknownLevelError(f"AI level '{level}' is not offered for {game} (levels: {offered})")
            infos.append(PlayerInfo(seat=seat, name=str(p.get("name") or f"Player {n + 1}"), kind=kind,
                                    level=level if kind == "ai" else None))
        seed = secrets.randbelow(2**31) if seed is None else seed
        position = a.game.new_position(a.rules_settings(len(players), settings), seed=seed, first=first)
        kept = dict(settings)
        if first is not None and a.first_player_setting is not None:
            kept[a.first_player_setting] = first
        header = MatchHeader(game=game, variant=str(settings.get("variant", "standard")),
                             settings=kept, players=tuple(infos),
                             cueboard_version=__version__, seed=seed)
        match_id = secrets.token_hex(6)
        state = {"frame": frame_number(a.game, position), "last": None, "winner": None}
        row = self.store.add_match(match_id, game, header.model_dump(mode="json"), state,
                                   position.model_dump(mode="json"), turn=self._turn(a, header, position),
                                   scoreboard=a.scoreboard(position))
        return self._row_view(row)

    # --- reading -------------------------------------------------------------------------------
    def _load(self, match_id: str) -> tuple[MatchRow, GameAdapter, MatchHeader, Position]:
        row = self.store.get_match(match_id)
        a = adapter(row.game)
        header = parse_record(MatchHeader, row.header)
        position = parse_record(record_types(row.game).position, row.position)
        return row, a, header, position

    def _load_at(self, match_id: str, expected: int) -> tuple[MatchRow, GameAdapter, MatchHeader, Position]:
        """The match, if it is still at version ``expected`` (else StaleMatchError, before any work)."""
        row, a, header, position = self._load(match_id)
        if row.version != expected:
            raise StaleMatchError(match_id, expected, row.version)
        return row, a, header, position

    def view(self, match_id: str) -> dict[str, Any]:
        """The match as the page shows it, read from its row alone (no shot is loaded)."""
        return self._row_view(self.store.get_match(match_id))

    def _row_view(self, row: MatchRow) -> dict[str, Any]:
        turn, scoreboard = row.turn, row.scoreboard
        if turn is None or scoreboard is None:  # a row stored before the turn was kept on it
            a = adapter(row.game)
            position = parse_record(record_types(row.game).position, row.position)
            turn = self._turn(a, parse_record(MatchHeader, row.header), position)
            scoreboard = a.scoreboard(position)
        return {
            "id": row.id,
            "game": row.game,
            "status": row.status,
            "version": row.version,
            "header": row.header,
            "position": row.position,
            "turn": turn,
            "scoreboard": scoreboard,
            "state": row.state,
            "shots": row.version,
            "updated_at": row.updated_at.isoformat() if row.updated_at else None,
        }

    def _turn(self, a: GameAdapter, header: MatchHeader, position: Position) -> dict[str, Any]:
        turn = turn_json(a.game, position)
        player = self._player_at(header, turn["seat"])
        turn["player"] = player.model_dump(mode="json") if player else None
        return turn

    def matches(self, status: str | None, ids: Collection[str] | None = None) -> list[dict[str, Any]]:
        """The newest matches (of ``status``; among ``ids`` when given), for the lobby's lists."""
        out = []
        for row in self.store.list_matches(status, ids=ids):
            view = self._row_view(row)
            out.append({
                "id": row.id, "game": row.game, "status": row.status, "version": row.version,
                "players": row.header.get("players", []),
                "scoreboard": view["scoreboard"],
                "winner": row.state.get("winner"),
                "updated_at": view["updated_at"],
            })
        return out

    @staticmethod
    def _player_at(header: MatchHeader, seat: int) -> PlayerInfo | None:
        return next((p for p in header.players if p.seat == seat), None)

    # --- playing -------------------------------------------------------------------------------
    def strike(self, match_id: str, declaration: Any, strike: Any, *, expected: int,
               by_ai: bool = False) -> dict[str, Any]:
        """Play a stroke against match version ``expected``: validate, simulate, referee, store.
        Bad input, or a match no longer at ``expected``, raises before anything changes."""
        row, a, header, position = self._load_at(match_id, expected)
        self._check_turn(row, a, header, position, by_ai=by_ai, action="strike")
        return self._strike(row, a, header, position, declaration, strike)

    def _strike(self, row: MatchRow, a: GameAdapter, header: MatchHeader, position: Position,
                declaration: Any, strike: Any) -> dict[str, Any]:
        types = record_types(row.game)
        decl = declaration if isinstance(declaration, BaseModel) else strict_record(
            types.declaration, declaration or {}, "declaration")
        stk = strike if isinstance(strike, BaseModel) else strict_record(types.strike, strike, "strike")
        a.game.validate_strike(position, stk)
        t0 = time.perf_counter()
        events, outcome = a.game.simulate(position, decl, stk)
        t_sim = time.perf_counter() - t0
        return self._commit(row, a, header, position, decl, stk, events, outcome, "shot", t_sim)

    def choose(self, match_id: str, choice: str, *, expected: int, by_ai: bool = False) -> dict[str, Any]:
        """Make a choice the rules offer (play on, the offender plays again, replace)."""
        row, a, header, position = self._load_at(match_id, expected)
        self._check_turn(row, a, header, position, by_ai=by_ai, action="choose")
        decl = a.game.choose(position, choice)
        outcome = a.game.no_stroke_outcome(position)
        return self._commit(row, a, header, position, decl, None, (), outcome, "choice", 0.0)

    def check_placement(self, match_id: str, x: float, y: float, *, expected: int) -> None:
        """Whether placing the piece at (x, y) is legal now (PlacementError naming why not)."""
        _row, a, _header, position = self._load_at(match_id, expected)
        a.game.check_placement(position, x, y)

    def concede(self, match_id: str, *, expected: int, kind: str = "choice") -> dict[str, Any]:
        """The person to move concedes (the frame in snooker, the game in crokinole: a game with
        :attr:`~cueboard.games.protocol.Capability.CONCESSION`): refereed and stored like any
        action without a stroke, at the version the client saw."""
        row, a, header, position = self._load_at(match_id, expected)
        self._check_turn(row, a, header, position, by_ai=False, action=None)
        decl = concession(a.game, position)
        outcome = a.game.no_stroke_outcome(position)
        return self._commit(row, a, header, position, decl, None, (), outcome, kind, 0.0)

    def time_out(self, match_id: str, declaration: BaseModel, outcome: BaseModel, *,
                 expected: int) -> dict[str, Any]:
        """The person to move ran out of the shot clock (cueboard/app/online/clock.py): the
        referee rules ``declaration`` + ``outcome`` (the game's consequence, without a stroke of
        the physics), stored as a move of kind ``time`` at version ``expected``."""
        row, a, header, position = self._load_at(match_id, expected)
        self._check_turn(row, a, header, position, by_ai=False, action=None)
        return self._commit(row, a, header, position, declaration, None, (), outcome, "time", 0.0)

    def _check_turn(self, row: MatchRow, a: GameAdapter, header: MatchHeader, position: Position, *,
                    by_ai: bool, action: str | None) -> None:
        if row.status != "playing" or match_over(a, position):
            raise MatchStateError("the match is over")
        turn = turn_json(a.game, position)
        player = self._player_at(header, turn["seat"])
        is_ai = player is not None and player.kind == "ai"
        if is_ai and not by_ai:
            raise MatchStateError(f"it is the AI's turn (seat {turn['seat']}): ask it to play")
        if by_ai and not is_ai:
            raise MatchStateError(f"seat {turn['seat']} is a person, not the AI")
        if action is not None and turn["action"] != action:
            if turn["action"] == "choose":
                raise ChoiceError(f"seat {turn['seat']} must first choose: {', '.join(turn['choices'])}")
            raise ChoiceError(f"there is no choice to make now: seat {turn['seat']} is to play a stroke")

    def _commit(self, row: MatchRow, a: GameAdapter, header: MatchHeader, position: Position,
                decl: BaseModel, stk: BaseModel | None, events: tuple[Event, ...], outcome: BaseModel,
                kind: str, t_sim: float) -> dict[str, Any]:
        number = row.version
        rng = np.random.default_rng([header.seed, number])
        after, ruling = a.game.apply(position, decl, outcome, rng)
        entry = ShotEntry(index=number, player=position.to_move, declaration=decl, strike=stk,
                          outcome=outcome, ruling=ruling, position_after=after,
                          events=events if stk is not None else None)
        calls = self._time_call(kind) + [c.to_json() for c in check_ruling(ruling).calls]
        result = a.game.outcome(after)
        over = result is not None and result.match_over
        winner = result.winner if over and result is not None else None
        following = None if over else next_frame(a.game, after)
        current = following or after
        frame_before, frame_after = frame_number(a.game, position), frame_number(a.game, current)
        state = {**row.state, "frame": frame_after, "winner": winner,
                 "last": {"number": number, "kind": kind, "seat": position.to_move, "announcements": calls}}
        new_frame = frame_after != frame_before
        frame_result = {"scoreboard": a.scoreboard(after)} if new_frame or over else None
        current_json = current.model_dump(mode="json")
        before_json = position.model_dump(mode="json")
        status = "finished" if over else "playing"
        turn, scoreboard = self._turn(a, header, current), a.scoreboard(current)
        updated = self.store.record_move(
            row.id, expected_version=number, frame=frame_before, player=position.to_move, kind=kind,
            entry=entry.to_json_dict(), position_before=before_json, position_after=current_json,
            state=state, status=status, turn=turn, scoreboard=scoreboard, frame_result=frame_result,
            next_frame_start=current_json if new_frame else None,
        )
        tracks = None
        if stk is not None:
            tracks = build_tracks(a.start_positions(position, stk), events,
                                  a.strike_velocity(position, stk)).model_dump()
        new_row = MatchRow(id=row.id, game=row.game, status=status, header=row.header, state=state,
                           position=current_json, version=number + 1, turn=turn, scoreboard=scoreboard,
                           updated_at=updated)
        return {
            "shot": {"number": number, "kind": kind, "seat": position.to_move, "announcements": calls,
                     "declaration": decl.model_dump(mode="json"),
                     "ruling": ruling.model_dump(mode="json"), "tracks": tracks,
                     "position_before": before_json, "simulate_ms": t_sim * 1000},
            "match": self._row_view(new_row),
        }

    def take_back(self, match_id: str, *, expected: int) -> dict[str, Any]:
        """Undo the last move of match version ``expected`` (a takeback the players agreed to,
        cueboard/app/online/offers.py): the position, scores and turn return exactly to before
        it, and the match state keeps the takeback (``takebacks``: the move's number and seat).
        A move that ended a frame or the match stands (MatchStateError)."""
        row, a, header, _position = self._load_at(match_id, expected)
        if row.status != "playing" or expected == 0:
            raise MatchStateError(f"match '{match_id}' has no stroke to take back")
        last = self.store.shot(match_id, expected - 1)
        if last.frame != row.state.get("frame"):
            raise MatchStateError(f"the last move of match '{match_id}' ended a frame: it stands")
        before = parse_record(record_types(row.game).position, last.position_before)
        previous = None
        if expected >= 2:
            p = self.store.shot(match_id, expected - 2)
            previous = {"number": p.number, "kind": p.kind, "seat": p.player,
                        "announcements": self._calls(row.game, p)}
        taken = [*row.state.get("takebacks", []), {"number": last.number, "seat": last.player}]
        state = {**row.state, "last": previous, "winner": None, "takebacks": taken}
        take_back_move(self.store, match_id, expected, position=last.position_before, state=state,
                       turn=self._turn(a, header, before), scoreboard=a.scoreboard(before))
        return self.view(match_id)

    # --- the AI --------------------------------------------------------------------------------
    def ai_play(self, match_id: str, *, expected: int) -> dict[str, Any]:
        """The AI player to move decides and plays (a choice, a declaration or a stroke) against
        match version ``expected``. The search runs in the AI's worker processes (:mod:`cueboard.app.work`);
        its move is stored only if the match is still at that version then, so two requests can
        never both play for the same position."""
        row, a, header, position = self._load_at(match_id, expected)
        self._check_turn(row, a, header, position, by_ai=True, action=None)
        player = self._player_at(header, position.to_move)
        if player is None or player.level is None:
            raise MatchStateError("the AI player has no level")
        t0 = time.perf_counter()
        decision = self.ai.decide(row.game, player.level, self.ai_budget_s, row.position,
                                  [header.seed, row.version, 7])
        think_ms = (time.perf_counter() - t0) * 1000
        types = record_types(row.game)
        decl = parse_record(types.declaration, decision["declaration"])
        if decision["strike"] is None:
            outcome = a.game.no_stroke_outcome(position)
            out = self._commit(row, a, header, position, decl, None, (), outcome, "choice", 0.0)
        else:
            strike = parse_record(types.strike, decision["strike"])
            out = self._strike(row, a, header, position, decl, strike)
        out["shot"]["ai"] = {"intent": decision["intent"], "explanation": decision["explanation"],
                             "think_ms": think_ms}
        return out

    def warm_up(self) -> None:
        """Load every physics kernel (numba: compiled only where its cache lacks one, which
        ``make run``'s install step fills), elevated strokes' included, then play each game's
        :meth:`GameAdapter.warm_strike` once, unrecorded: no request then waits for a kernel."""
        from cueboard.engine.warm import warm

        warm()
        for name in available_games():
            a = adapter(name)
            position = a.game.new_position(a.rules_settings(a.player_counts[0], {}), seed=0)
            strike = a.warm_strike(position)
            decl = a.game.declaration(position)
            _events, outcome = a.game.simulate(position, decl, strike)
            a.game.apply(position, decl, outcome, np.random.default_rng(0))

    # --- replays -------------------------------------------------------------------------------
    def shots(self, match_id: str, frame: int | None = None, *, start: int = 0,
              limit: int = SHOT_PAGE_MAX) -> list[dict[str, Any]]:
        """One page of the stored shots (of one frame) from number ``start`` on, at most
        ``limit``, each with the referee's calls (the replay list)."""
        row = self.store.get_match(match_id)
        return [{**self._shot_summary(r), "announcements": self._calls(row.game, r),
                 "ruling": r.entry["ruling"]}
                for r in self.store.shots(match_id, frame, start=start, limit=min(limit, SHOT_PAGE_MAX))]

    @staticmethod
    def _shot_summary(r: ShotRow) -> dict[str, Any]:
        return {"number": r.number, "frame": r.frame, "seat": r.player, "kind": r.kind,
                "strike": r.entry.get("strike"), "declaration": r.entry.get("declaration")}

    @staticmethod
    def _time_call(kind: str) -> list[dict[str, Any]]:
        """The call that opens the calls of a move nobody played at the table: "time" for the
        shot clock's (kind ``time``), "claimed" for a concession the opponent claimed while the
        player to move was away (kind ``claim``, cueboard/app/online/offers.py)."""
        calls = {"time": "clock.time_up", "claim": "claim.made"}
        return [{"key": calls[kind], "params": {}}] if kind in calls else []

    @staticmethod
    def _calls(game: str, r: ShotRow) -> list[dict[str, Any]]:
        ruling = parse_record(record_types(game).ruling, r.entry["ruling"])
        return MatchService._time_call(r.kind) + [c.to_json() for c in check_ruling(ruling).calls]

    def shot(self, match_id: str, number: int) -> dict[str, Any]:
        """A stored shot with everything a replay needs: the position before, the entry, the tracks,
        and the scoreboard as that shot left it (``scoreboard_after``)."""
        row = self.store.get_match(match_id)
        r = self.store.shot(match_id, number)
        a = adapter(row.game)
        types = record_types(row.game)
        entry = parse_shot(row.game, r.entry, shot=number)
        before = parse_record(types.position, r.position_before)
        tracks = None
        if entry.strike is not None:
            events = [e for e in entry.events or () if isinstance(e, Event)]
            tracks = build_tracks(a.start_positions(before, entry.strike), events,
                                  a.strike_velocity(before, entry.strike)).model_dump()
        return {**self._shot_summary(r), "position_before": r.position_before,
                "position_after": r.entry["position_after"], "ruling": r.entry["ruling"],
                "scoreboard_after": a.scoreboard(parse_record(types.position, r.entry["position_after"])),
                "announcements": self._calls(row.game, r), "tracks": tracks}

    def record_chunks(self, match_id: str) -> Iterator[str]:
        """The match record (docs/records.md#match-record) as JSON text, in pieces: the header,
        then the stored shots read a page at a time — memory stays flat however long the match.
        The record holds the shots stored when it was asked for (a later shot is left out)."""
        row = self.store.get_match(match_id)
        # (a stored header is checked before it goes out; the takebacks and the claim the match's
        # state keeps go with it as incidents, docs/records.md#match-record)
        header = parse_record(MatchHeader, {**row.header, "incidents": incidents(row.state)})
        yield '{"header": ' + header.model_dump_json() + ', "shots": ['
        piece: list[str] = []
        for n, entry in enumerate(self.store.shot_entries(match_id, row.version, page=RECORD_PAGE)):
            piece.append(entry if n == 0 else ", " + entry)
            if len(piece) == RECORD_PAGE:  # one piece of the answer per page read
                yield "".join(piece)
                piece = []
        yield "".join(piece) + "]}\n"

    def delete(self, match_id: str, *, expected: int) -> None:
        self.store.delete_match(match_id, expected)


def incidents(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The match state's takebacks (``takebacks``: each move's number and seat, and the seat that
    accepted and when, where the online table noted them) and claim (``claim``,
    cueboard/app/online/offers.py) as the record's incidents, in order."""
    out: list[dict[str, Any]] = [{"kind": "takeback", "at": t["number"], "player": t["seat"],
                                  "by": t.get("by"), "time": t.get("time")}
                                 for t in state.get("takebacks", [])]
    claim = state.get("claim")
    if claim:
        out.append({"kind": "claim", "at": claim["at"], "player": claim["seat"], "by": claim["by"],
                    "time": claim.get("time")})
    return out


def check_settings(game: str, a: GameAdapter, settings: Mapping[str, Any]) -> None:
    """The lobby's limits, enforced: every setting known to ``game``, of its kind (a JSON integer
    for ``int``, never a boolean or a string), within its ``min``..``max`` or one of its options."""
    known = {s.name: s for s in a.settings()}
    for key, value in settings.items():
        setting = known.get(key)
        if setting is None:
            names = ", ".join(sorted(known)) or "none"
            raise SettingsError(f"unknown setting '{key}' for {game} (known: {names})")
        if setting.kind == "bool":
            if not isinstance(value, bool):
                raise SettingsError(f"setting '{key}' must be true or false, not {value!r}")
        elif setting.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise SettingsError(f"setting '{key}' must be a whole number, not {value!r}")
            lo, hi = setting.min, setting.max
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise SettingsError(f"setting '{key}' must be from {lo} to {hi}, not {value}")
        elif setting.kind == "choice" and (isinstance(value, bool) or value not in setting.options
                                           or type(value) not in {type(o) for o in setting.options}):
            offered = ", ".join(str(o) for o in setting.options)
            raise SettingsError(f"setting '{key}' must be one of {offered}, not {value!r}")


__all__ = ["MatchService", "MatchStateError", "ai_levels", "check_settings", "strict_record"]
