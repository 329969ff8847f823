"""The toy game's part of ``cueboard referee``, offered through the ``cueboard.referee`` entry-point
group: loading this module registers a replayer that words each ruling in the toy's own terms."""

from __future__ import annotations

from rich.console import Console

from cueboard.cli.referee import DIFFERS, register_replayer, report_differences
from cueboard.records.match import MatchRecord


def replay_shuffle(record: MatchRecord, out: Console) -> int:
    """Each puck's points in words; 1 when a recorded ruling or position differs."""
    from cueboard.games.replay import replay

    status = 0
    for step in replay(record):
        flag = DIFFERS if step.differences else ""
        out.print(f"puck {step.index + 1}: {step.ruling.points} points{flag}")
        status |= report_differences(out, step.differences)
    return status


register_replayer("shuffle", replay_shuffle)
