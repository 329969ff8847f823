"""Novuss statistics per player, from a match record (kept in the scorer or played in the app).

A turn is a player's strokes until the referee passes the turn (a stroke that drops an own disc
legally goes on, LNF rules "Turn"). Per player: strokes, turns, own discs ("pucks") dropped and
kept in the pockets (``ruling.own_pocketed``), pucks per turn and the most in one turn, the
opponent's discs dropped for them, and fouls: the strokes given a penalty disc, by the rules'
penalty case (1-6), and the penalty discs that became debt.
"""

from __future__ import annotations

from typing import Any

from cueboard.errors import RecordError
from cueboard.games.novuss import GAME, NovussRuling
from cueboard.records.match import MatchRecord


def _blank() -> dict[str, Any]:
    return {
        "strokes": 0, "turns": 0, "pucks": 0, "pucks_per_turn": None, "most_pucks_in_turn": 0,
        "opponent_pucks": 0, "fouls": 0, "fouls_by_case": {}, "debt_added": 0,
    }


def novuss_stats(record: MatchRecord) -> dict[str, Any]:
    """Per-player statistics of a novuss match record (see the module's docstring)."""
    if record.header.game != GAME.name:
        raise RecordError(f"{GAME.name} statistics need a {GAME.name} record, not {record.header.game!r}")
    names = {p.seat: p.name for p in record.header.players}
    rows = {seat: _blank() for seat in names}
    turn_seat: int | None = None
    turn_pucks = 0

    def close() -> None:
        if turn_seat is not None:
            row = rows[turn_seat]
            row["most_pucks_in_turn"] = max(row["most_pucks_in_turn"], turn_pucks)

    for shot in record.shots:
        ruling = shot.ruling
        assert isinstance(ruling, NovussRuling)
        row = rows[ruling.seat]
        if turn_seat != ruling.seat:
            close()
            turn_seat, turn_pucks = ruling.seat, 0
            row["turns"] += 1
        row["strokes"] += 1
        row["pucks"] += len(ruling.own_pocketed)
        turn_pucks += len(ruling.own_pocketed)
        row["opponent_pucks"] += len(ruling.opponent_pocketed)
        if ruling.penalty:
            row["fouls"] += 1
            for case in ruling.penalty_cases:
                row["fouls_by_case"][str(case)] = row["fouls_by_case"].get(str(case), 0) + 1
            row["debt_added"] += ruling.debt_added
        if ruling.turn_lost:
            close()
            turn_seat = None
    close()
    players = []
    for seat, row in rows.items():
        if row["turns"]:
            row["pucks_per_turn"] = round(row["pucks"] / row["turns"], 3)
        players.append({"seat": seat, "name": names[seat], **row})
    return {"game": GAME.name, "players": players}
