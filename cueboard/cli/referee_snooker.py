"""The snooker replay of ``cueboard referee``: each shot through the referee, its ruling in words
and the score; a new frame is started when a shot follows the end of one."""

from __future__ import annotations

from rich.console import Console

from cueboard.cli.referee import DIFFERS, register_replayer, report_differences
from cueboard.games.snooker import SnookerRuling, match_score
from cueboard.records.match import MatchRecord


def _describe(r: SnookerRuling) -> str:
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
    """Replay a snooker match record; 1 when a recorded ruling or position differs from the
    referee's (:func:`cueboard.games.replay.replay`)."""
    from cueboard.games.replay import replay

    status = 0
    frame = 0
    position = None
    for step in replay(record):
        ruling, position = step.ruling, step.position
        if position.frame_number != frame:
            frame = position.frame_number
            out.print(f"-- frame {frame + 1} --")
        flag = DIFFERS if step.differences else ""
        s0, s1 = ruling.scores
        out.print(f"shot {step.index} (seat {ruling.striker}): {_describe(ruling)} — score {s0}-{s1}{flag}")
        status |= report_differences(out, step.differences)
        if ruling.frame_over:
            winner = "drawn" if ruling.frame_winner is None else f"side {ruling.frame_winner}"
            out.print(f"frame over ({ruling.frame_end}): {winner}; {match_score(position)}")
    if position is not None and position.match_over:
        winner = "drawn" if position.match_winner is None else f"side {position.match_winner}"
        out.print(f"match over: {winner}")
    return status


register_replayer("snooker", replay_snooker)
