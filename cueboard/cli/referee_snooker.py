"""The snooker replay of ``cueboard referee``: each shot through the referee, its ruling in words
and the score; a new frame is started when a shot follows the end of one."""

from __future__ import annotations

import numpy as np
from rich.console import Console

from cueboard.cli.referee import register_replayer
from cueboard.games.snooker.match import match_score, new_position, next_frame
from cueboard.games.snooker.position import SnookerPosition
from cueboard.games.snooker.referee import apply
from cueboard.records.base import RecordError
from cueboard.records.match import MatchRecord


def _describe(r: object) -> str:
    from cueboard.games.snooker.ruling import SnookerRuling

    assert isinstance(r, SnookerRuling)
    if r.action != "stroke":
        text = r.action
    elif r.foul:
        call = "foul and a miss" if r.miss else "foul"
        text = f"{call} ({r.foul_reason}): {r.penalty} to side {r.penalty_to}"
    elif r.points:
        text = f"{r.points} point(s) ({', '.join(r.scored)}), break {r.break_points}"
    else:
        text = "no score"
    extra = [a for a in r.announcements if not a.startswith("foul")]
    return text + ("; " + "; ".join(extra) if extra else "")


def replay_snooker(record: MatchRecord, out: Console) -> int:
    """Replay a snooker match record; 1 when a recorded ruling differs from the referee's."""
    header = record.header
    position = new_position(header.settings, seed=header.seed)
    rng = np.random.default_rng(header.seed)
    status = 0
    for shot in record.shots:
        if position.frame_over and not position.match_over:
            position = next_frame(position)
            out.print(f"-- frame {position.frame_number + 1} --")
        decl, outcome = shot.declaration, shot.outcome
        if not isinstance(position, SnookerPosition):
            raise RecordError("not a snooker position", shot=shot.index)
        try:
            position, ruling = apply(position, decl, outcome, rng)  # type: ignore[arg-type]
        except ValueError as err:
            raise RecordError(str(err), shot=shot.index) from None
        same = ruling.model_dump(mode="json") == shot.ruling.model_dump(mode="json")
        if not same:
            status = 1
        flag = "" if same else "  [red](the recorded ruling differs)[/red]"
        s0, s1 = ruling.scores
        out.print(f"shot {shot.index} (seat {ruling.striker}): {_describe(ruling)} — score {s0}-{s1}{flag}")
        if ruling.frame_over:
            winner = "drawn" if ruling.frame_winner is None else f"side {ruling.frame_winner}"
            out.print(f"frame over ({ruling.frame_end}): {winner}; {match_score(position)}")
    if position.match_over:
        winner = "drawn" if position.match_winner is None else f"side {position.match_winner}"
        out.print(f"match over: {winner}")
    return status


register_replayer("snooker", replay_snooker)
