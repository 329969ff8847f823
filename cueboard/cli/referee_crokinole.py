"""The crokinole replay of ``cueboard referee``: each shot (or scoreboard round) through the
referee, its ruling in words, the round results and the score; differences from the recorded
rulings and positions are flagged (:func:`cueboard.games.replay.replay`)."""

from __future__ import annotations

from rich.console import Console

from cueboard.cli.referee import DIFFERS, register_replayer, report_differences
from cueboard.games.crokinole import CrokinoleRuling
from cueboard.records.match import MatchRecord


def describe(r: CrokinoleRuling, *, tally: bool = False) -> str:
    """A ruling in words (``tally``: the entry was a scoreboard round, not a shot)."""
    if tally:
        return "round entered by hand"
    if r.conceded_by is not None:
        return f"side {r.conceded_by} concedes"
    parts: list[str] = []
    if r.foul_kind is not None:
        parts.append(f"foul ({r.foul_kind.value})")
    if r.twenties:
        parts.append("20: " + ", ".join(r.twenties))
    removed = [f"{m.disc} ({m.reason.value})" for m in r.removals if m.reason.value != "holed"]
    if removed:
        parts.append("removed " + ", ".join(removed))
    return "; ".join(parts) if parts else "fair"


def replay_crokinole(record: MatchRecord, out: Console) -> int:
    """Replay a crokinole match record; 1 when a recorded ruling or position differs."""
    from cueboard.games.crokinole import CrokinoleOutcome
    from cueboard.games.replay import replay

    status = 0
    for shot, step in zip(record.shots, replay(record), strict=True):
        r = step.ruling
        tally = isinstance(shot.outcome, CrokinoleOutcome) and shot.outcome.tally is not None
        flag = DIFFERS if step.differences else ""
        out.print(f"shot {step.index} (seat {step.player}): {describe(r, tally=tally)}{flag}")
        status |= report_differences(out, step.differences)
        rr = r.round_result
        if rr is not None:
            a, b = rr.counts
            out.print(
                f"round {rr.round}: side 0 {rr.totals[0]} (20s {a.twenties}, 15s {a.fifteens}, "
                f"10s {a.tens}, 5s {a.fives}) — side 1 {rr.totals[1]} (20s {b.twenties}, 15s "
                f"{b.fifteens}, 10s {b.tens}, 5s {b.fives}); points {rr.points[0]}-{rr.points[1]}, "
                f"score {rr.scores_after[0]}-{rr.scores_after[1]}"
            )
        if r.game_over:
            verdict = "drawn" if r.winner is None else f"won by side {r.winner}"
            out.print(f"[bold]game over[/bold]: {verdict}")
    return status


register_replayer("crokinole", replay_crokinole)
