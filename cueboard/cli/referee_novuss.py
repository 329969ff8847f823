"""The novuss replay of ``cueboard referee``: each stroke through the referee, its ruling in words
and the game state; differences from the recorded rulings and positions are flagged
(:func:`cueboard.games.replay.replay`)."""

from __future__ import annotations

from rich.console import Console

from cueboard.cli.referee import DIFFERS, register_replayer, report_differences
from cueboard.records.match import MatchRecord


def replay_novuss(record: MatchRecord, out: Console) -> int:
    """Replay a novuss match record; 1 when a recorded ruling or position differs."""
    from cueboard.games.replay import replay

    status = 0
    for step in replay(record):
        r = step.ruling
        flag = DIFFERS if step.differences else ""
        out.print(f"stroke {step.index}: {r.summary}{flag}")
        for reason in r.penalty_reasons:
            out.print(f"    penalty {reason}")
        for placed in (*((r.penalty_disc,) if r.penalty_disc else ()), *r.debt_paid, *r.returned):
            out.print(f"    {placed.disc} -> {placed.where}")
        status |= report_differences(out, step.differences)
        p = step.position
        out.print(
            f"    pocketed: side 0 {p.pocketed[0]}, side 1 {p.pocketed[1]}; debt {p.debt[0]}-{p.debt[1]}"
        )
        if p.winner is not None:
            out.print(f"[bold]game over[/bold]: won by side {p.winner}")
    return status


register_replayer("novuss", replay_novuss)
