"""Matches as the web app plays them: create, strike, choose, let the AI play, replay — each step
validated with the game's own record models, refereed by the game, and saved in the store before
the answer goes back (so a restart loses nothing).

The flow of one shot (docs/api.md): ``simulate(position, declaration, strike) -> (events, outcome)``,
``apply(position, declaration, outcome, rng) -> (position, ruling)``. The referee's randomness (a
re-spotted black's lots) comes from a generator seeded by the match seed and the shot number, so a
match replays bit for bit.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import numpy as np
from pydantic import BaseModel

from cueboard import __version__
from cueboard.app.games import ChoiceError, GameAdapter, adapter, available_games
from cueboard.app.games.base import turn_json
from cueboard.app.motion import build_tracks
from cueboard.engine.events import Event
from cueboard.errors import CueboardInputError
from cueboard.games.protocol import check_ruling
from cueboard.records.base import Position, RecordError, parse_record
from cueboard.records.match import MatchHeader, MatchRecord, PlayerInfo, ShotEntry, parse_shot
from cueboard.records.registry import record_types
from cueboard.store import Store
from cueboard.store.models import MatchRow, ShotRow


class MatchStateError(CueboardInputError):
    """The request does not fit the match's state now (it is over, it is the AI's turn...)."""


def match_over(a: GameAdapter, position: Position) -> bool:
    """Whether the whole match is over (a snooker frame may end while its match goes on)."""
    result = a.game.outcome(position)
    return result is not None and result.match_over


def ai_levels(game: str) -> list[str]:
    """The AI levels offered for ``game``: empty when its AI is not installed."""
    try:
        import importlib

        from cueboard.ai.noise import LEVELS

        importlib.import_module(f"cueboard.ai.{game}")
    except ImportError:
        return []
    return list(LEVELS)


class MatchService:
    """The matches of one store."""

    def __init__(self, store: Store, *, ai_budget_s: float = 1.0):
        self.store = store
        self.ai_budget_s = ai_budget_s
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._agents: dict[tuple[str, str], Any] = {}

    def _lock(self, match_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(match_id, threading.Lock())

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
            })
        return out

    def create(
        self,
        game: str,
        players: Sequence[Mapping[str, Any]],
        settings: Mapping[str, Any],
        seed: int | None = None,
    ) -> dict[str, Any]:
        if game not in available_games():
            offered = ", ".join(available_games())
            raise ValueError(f"the game '{game}' is not available (available: {offered})")
        a = adapter(game)
        if len(players) not in a.player_counts:
            counts = " or ".join(str(n) for n in a.player_counts)
            raise ValueError(f"{game} is played by {counts} players, not {len(players)}")
        known = {s.name for s in a.settings()}
        for key in settings:
            if key not in known:
                raise ValueError(f"unknown setting '{key}' for {game} (known: {', '.join(sorted(known))})")
        levels = ai_levels(game)
        infos = []
        for n, (seat, p) in enumerate(zip(a.seats(len(players)), players, strict=True)):
            kind = p.get("kind", "human")
            level = p.get("level")
            if kind == "ai" and level not in levels:
                offered = ", ".join(levels) or "none: the AI for this game is not installed"
                raise ValueError(f"AI level '{level}' is not offered for {game} (levels: {offered})")
            infos.append(PlayerInfo(seat=seat, name=str(p.get("name") or f"Player {n + 1}"), kind=kind,
                                    level=level if kind == "ai" else None))
        seed = secrets.randbelow(2**31) if seed is None else seed
        position = a.game.new_position(a.rules_settings(len(players), settings), seed=seed)
        header = MatchHeader(game=game, variant=str(settings.get("variant", "standard")),
                             settings=dict(settings), players=tuple(infos),
                             cueboard_version=__version__, seed=seed)
        match_id = secrets.token_hex(6)
        state = {"frame": a.game.frame_number(position), "last": None, "winner": None}
        self.store.add_match(match_id, game, header.model_dump(mode="json"), state,
                             position.model_dump(mode="json"))
        return self.view(match_id)

    # --- reading -------------------------------------------------------------------------------
    def _load(self, match_id: str) -> tuple[MatchRow, GameAdapter, MatchHeader, Position]:
        row = self.store.get_match(match_id)
        a = adapter(row.game)
        header = parse_record(MatchHeader, row.header)
        position = parse_record(record_types(row.game).position, row.position)
        return row, a, header, position

    def view(self, match_id: str) -> dict[str, Any]:
        row, a, header, position = self._load(match_id)
        return self._view(row, a, header, position)

    def _view(self, row: MatchRow, a: GameAdapter, header: MatchHeader, position: Position) -> dict[str, Any]:
        turn = turn_json(a.game, position)
        player = self._player_at(header, turn["seat"])
        turn["player"] = player.model_dump(mode="json") if player else None
        return {
            "id": row.id,
            "game": row.game,
            "status": row.status,
            "header": row.header,
            "position": row.position,
            "turn": turn,
            "scoreboard": a.scoreboard(position),
            "state": row.state,
            "shots": len(self.store.shots(row.id)),
            "updated_at": row.updated_at.isoformat() if row.updated_at else None,
        }

    def matches(self, status: str | None, ids: Collection[str] | None = None) -> list[dict[str, Any]]:
        """The newest matches (of ``status``; among ``ids`` when given), for the lobby's lists."""
        out = []
        for row in self.store.list_matches(status, ids=ids):
            a = adapter(row.game)
            position = parse_record(record_types(row.game).position, row.position)
            out.append({
                "id": row.id, "game": row.game, "status": row.status,
                "players": row.header.get("players", []),
                "scoreboard": a.scoreboard(position),
                "winner": row.state.get("winner"),
                "updated_at": row.updated_at.isoformat() if row.updated_at else None,
            })
        return out

    @staticmethod
    def _player_at(header: MatchHeader, seat: int) -> PlayerInfo | None:
        return next((p for p in header.players if p.seat == seat), None)

    # --- playing -------------------------------------------------------------------------------
    def strike(self, match_id: str, declaration: Any, strike: Any, *, by_ai: bool = False) -> dict[str, Any]:
        """Play a stroke: validate, simulate, referee, store. Bad input raises before anything changes."""
        with self._lock(match_id):
            row, a, header, position = self._load(match_id)
            self._check_turn(row, a, header, position, by_ai=by_ai, action="strike")
            return self._strike(row, a, header, position, declaration, strike)

    def _strike(self, row: MatchRow, a: GameAdapter, header: MatchHeader, position: Position,
                declaration: Any, strike: Any) -> dict[str, Any]:
        types = record_types(row.game)
        decl = declaration if isinstance(declaration, BaseModel) else parse_record(
            types.declaration, declaration or {}, prefix="declaration")
        stk = strike if isinstance(strike, BaseModel) else parse_record(types.strike, strike, prefix="strike")
        a.game.validate_strike(position, stk)
        t0 = time.perf_counter()
        events, outcome = a.game.simulate(position, decl, stk)
        t_sim = time.perf_counter() - t0
        return self._commit(row, a, header, position, decl, stk, events, outcome, "shot", t_sim)

    def choose(self, match_id: str, choice: str, *, by_ai: bool = False) -> dict[str, Any]:
        """Make a choice the rules offer (play on, the offender plays again, replace)."""
        with self._lock(match_id):
            row, a, header, position = self._load(match_id)
            self._check_turn(row, a, header, position, by_ai=by_ai, action="choose")
            decl = a.game.choose(position, choice)
            outcome = a.game.no_stroke_outcome(position)
            return self._commit(row, a, header, position, decl, None, (), outcome, "choice", 0.0)

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
        number = len(self.store.shots(row.id))
        rng = np.random.default_rng([header.seed, number])
        after, ruling = a.game.apply(position, decl, outcome, rng)
        entry = ShotEntry(index=number, player=position.to_move, declaration=decl, strike=stk,
                          outcome=outcome, ruling=ruling, position_after=after,
                          events=events if stk is not None else None)
        calls = [c.to_json() for c in check_ruling(ruling).calls]
        result = a.game.outcome(after)
        over = result is not None and result.match_over
        winner = result.winner if over and result is not None else None
        following = None if over else a.game.next_frame(after)
        current = following or after
        frame_before, frame_after = a.game.frame_number(position), a.game.frame_number(current)
        state = {**row.state, "frame": frame_after, "winner": winner,
                 "last": {"number": number, "kind": kind, "seat": position.to_move, "announcements": calls}}
        new_frame = frame_after != frame_before
        frame_result = {"scoreboard": a.scoreboard(after)} if new_frame or over else None
        current_json = current.model_dump(mode="json")
        self.store.record_move(
            row.id, frame=frame_before, player=position.to_move, kind=kind, entry=entry.to_json_dict(),
            position_before=position.model_dump(mode="json"), position_after=current_json, state=state,
            status="finished" if over else "playing", frame_result=frame_result,
            next_frame_start=current_json if new_frame else None,
        )
        tracks = None
        if stk is not None:
            tracks = build_tracks(a.start_positions(position, stk), events,
                                  a.strike_velocity(position, stk)).model_dump()
        new_row = self.store.get_match(row.id)
        return {
            "shot": {"number": number, "kind": kind, "seat": position.to_move, "announcements": calls,
                     "ruling": ruling.model_dump(mode="json"), "tracks": tracks,
                     "position_before": position.model_dump(mode="json"), "simulate_ms": t_sim * 1000},
            "match": self._view(new_row, a, header, current),
        }

    # --- the AI --------------------------------------------------------------------------------
    def ai_play(self, match_id: str) -> dict[str, Any]:
        """The AI player to move decides and plays (a choice, a declaration or a stroke).

        The match stays locked from the decision to the stored result, so that two requests can
        never both play for the same position."""
        with self._lock(match_id):
            row, a, header, position = self._load(match_id)
            self._check_turn(row, a, header, position, by_ai=True, action=None)
            player = self._player_at(header, position.to_move)
            if player is None or player.level is None:
                raise MatchStateError("the AI player has no level")
            agent = self._agent(row.game, player.level)
            rng = np.random.default_rng([header.seed, len(self.store.shots(match_id)), 7])
            t0 = time.perf_counter()
            decision = agent.decide(a.game, position, rng)
            think_ms = (time.perf_counter() - t0) * 1000
            if decision.strike is None:
                outcome = a.game.no_stroke_outcome(position)
                out = self._commit(row, a, header, position, decision.declaration, None, (), outcome,
                                   "choice", 0.0)
            else:
                out = self._strike(row, a, header, position, decision.declaration, decision.strike)
            explanation = decision.explanation.to_json() if decision.explanation is not None else None
            out["shot"]["ai"] = {"intent": decision.intent, "explanation": explanation, "think_ms": think_ms}
            return out

    def warm_up(self) -> None:
        """Play each game's :meth:`GameAdapter.warm_strike` once, unrecorded: the physics kernels
        (numba, compiled or loaded from its cache) are then ready before the first real shot."""
        for name in available_games():
            a = adapter(name)
            position = a.game.new_position(a.rules_settings(a.player_counts[0], {}), seed=0)
            strike = a.warm_strike(position)
            decl = a.game.declaration(position)
            _events, outcome = a.game.simulate(position, decl, strike)
            a.game.apply(position, decl, outcome, np.random.default_rng(0))

    def _agent(self, game: str, level: str) -> Any:
        key = (game, level)
        if key not in self._agents:
            from cueboard.ai.players import SearchSettings
            from cueboard.ai.registry import make_agent

            self._agents[key] = make_agent(game, f"ai:{level}", SearchSettings(budget_s=self.ai_budget_s))
        return self._agents[key]

    # --- replays -------------------------------------------------------------------------------
    def shots(self, match_id: str, frame: int | None = None) -> list[dict[str, Any]]:
        """The stored shots (of one frame), each with the referee's calls (the replay list)."""
        row = self.store.get_match(match_id)
        return [{**self._shot_summary(r), "announcements": self._calls(row.game, r)}
                for r in self.store.shots(match_id, frame)]

    @staticmethod
    def _shot_summary(r: ShotRow) -> dict[str, Any]:
        return {"number": r.number, "frame": r.frame, "seat": r.player, "kind": r.kind,
                "strike": r.entry.get("strike"), "declaration": r.entry.get("declaration")}

    @staticmethod
    def _calls(game: str, r: ShotRow) -> list[dict[str, Any]]:
        ruling = parse_record(record_types(game).ruling, r.entry["ruling"])
        return [c.to_json() for c in check_ruling(ruling).calls]

    def shot(self, match_id: str, number: int) -> dict[str, Any]:
        """A stored shot with everything a replay needs: the position before, the entry, the tracks."""
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
                "announcements": self._calls(row.game, r), "tracks": tracks}

    def record(self, match_id: str) -> MatchRecord:
        """The match as a match record (docs/records.md#match-record)."""
        row = self.store.get_match(match_id)
        header = parse_record(MatchHeader, row.header)
        shots = []
        for r in self.store.shots(match_id):
            try:
                shots.append(parse_shot(row.game, r.entry, shot=r.number))
            except RecordError as err:
                raise RecordError(f"stored shot cannot be read: {err}") from None
        return MatchRecord(header=header, shots=shots)

    def delete(self, match_id: str) -> None:
        self.store.delete_match(match_id)


__all__ = ["MatchService", "MatchStateError", "ai_levels"]
