"""Statistics of played frames, per side: what the match CLI prints and the benchmarks report.

Every game counts frames won, shots and decision times; a game's AI module (its ``cueboard.ai``
entry point, :mod:`cueboard.registry`) adds its own counters with ``frame_stats(frame, out)``:

- snooker: pot success (strokes the AI meant as pots that scored), long-pot success (the same
  for pots with the object ball over 1.5 m from the pocket or the cue ball over 1.5 m from the
  object ball, the distances the levels were calibrated on), breaks (points of a visit, from the referee's
  ``break_points``), centuries, fouls;
- crokinole: rounds won, open-20 attempts and successes, 20s;
- novuss: strokes, penalties, games won.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from cueboard.ai.match import FrameResult
from cueboard.registry import AI, extension


@dataclass
class SideStats:
    """Counters of one side over the frames played."""

    frames_won: int = 0
    shots: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    breaks: list[int] = field(default_factory=list)
    decision_times: list[float] = field(default_factory=list)
    #: CPU seconds of each decision (:attr:`FrameResult.decision_cpu`).
    decision_cpu: list[float] = field(default_factory=list)

    def rate(self, num: str, den: str) -> float | None:
        d = self.counts[den]
        return None if d == 0 else self.counts[num] / d


def collect(game: str, frames: Iterable[FrameResult]) -> tuple[SideStats, SideStats]:
    """The statistics of both sides over ``frames``."""
    out = (SideStats(), SideStats())
    module = extension(AI, game)
    frame_stats = getattr(module, "frame_stats", None)
    for fr in frames:
        out[0].counts["frames"] += 1
        out[1].counts["frames"] += 1
        if fr.winner is not None:
            out[fr.winner].frames_won += 1
        for s in (0, 1):
            out[s].decision_times.extend(fr.decision_times[s])
            out[s].decision_cpu.extend(fr.decision_cpu[s])
        if frame_stats is not None:
            frame_stats(fr, out)
    return out
