"""The figures of a played tournament (:mod:`cueboard.batch.selfplay`): per pairing and per
player, the score rate with its 95 % Wilson interval, and Elo ratings (:mod:`.ratings`).

The summary is computed from the results in the order of the tournament's tasks, never in the
order they finished, so it is the same whichever executor played them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from cueboard.analysis.ratings import Game, Score, elo, score
from cueboard.batch.selfplay import TournamentSpec, frame_key, pairings

#: Decimals kept in the summary's rates and ratings.
DECIMALS = 6


def _score(s: Score) -> dict[str, Any]:
    return {
        "games": s.games, "wins": s.wins, "draws": s.draws, "losses": s.losses,
        "score": round(s.rate, DECIMALS), "low": round(s.low, DECIMALS), "high": round(s.high, DECIMALS),
    }


def games_of(spec: TournamentSpec, results: Mapping[str, Mapping[str, Any]]) -> list[Game]:
    """The games played (those in ``results``, by task key, aborted frames left out), in the
    tournament's order."""
    out = []
    for pair in pairings(spec):
        for k in range(spec.frames):
            r = results.get(frame_key(pair, k))
            if r is not None and "aborted" not in r:
                out.append(Game(pair[0], pair[1], r["winner"]))
    return out


def aborted(spec: TournamentSpec, results: Mapping[str, Mapping[str, Any]]) -> list[dict[str, str]]:
    """The frames that could not be finished (:func:`cueboard.batch.selfplay.play_task`): their
    task keys and reasons, in the tournament's order."""
    keys = [frame_key(pair, k) for pair in pairings(spec) for k in range(spec.frames)]
    return [{"frame": key, "reason": results[key]["aborted"]}
            for key in keys if key in results and "aborted" in results[key]]


def summary(spec: TournamentSpec, results: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The tournament's figures as plain JSON values (``summary.json``)."""
    games = games_of(spec, results)
    ratings = elo(games, len(spec.players))
    return {
        "game": spec.game,
        "seed": spec.seed,
        "frames_per_pairing": spec.frames,
        "games_played": len(games),
        "aborted": aborted(spec, results),
        "pairings": [
            {"a": spec.players[a], "b": spec.players[b], **_score(score(games, a, b))}
            for a, b in pairings(spec)
        ],
        "players": [
            {"player": p, **_score(score(games, i)), "elo": round(ratings[i], DECIMALS - 3)}
            for i, p in enumerate(spec.players)
        ],
    }


def summary_json(data: Mapping[str, Any]) -> str:
    """``data`` as the text of ``summary.json`` (keys sorted: byte-identical for equal figures)."""
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
