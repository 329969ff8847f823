"""Statistics of played frames, per side: what the match CLI prints and the benchmarks report.

- snooker: pot success (strokes the AI meant as pots that scored), long-pot success (the same
  for pots with the object ball over 1.5 m from the pocket or the cue ball over 1.5 m from the
  object ball, the distances the levels were calibrated on), breaks (points of a visit, from the referee's
  ``break_points``), centuries, fouls;
- crokinole: rounds won, open-20 attempts and successes, 20s;
- novuss: strokes, penalties, games won.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from cueboard.ai.match import FrameResult, side_of
from cueboard.records.base import Position

#: A pot is long when the object ball is farther than this from the pocket's centre, or the cue
#: ball farther than this from the object ball (metres, centre to centre).
LONG_POT: Final = 1.5

#: The ball and pocket of a pot as the snooker AI labels it ("pot red7 into top-left (...)").
_POT_LABEL = re.compile(r"^pot (\S+) into (\S+)")


def is_long_pot(before: Position, intent: str) -> bool:
    """Whether ``intent`` (a snooker pot's label) is a long pot from ``before`` (:data:`LONG_POT`);
    False for a label that names no ball and pocket on the table."""
    from cueboard.games.snooker import STANDARD_TABLE, layout_of

    m = _POT_LABEL.match(intent)
    if m is None:
        return False
    ball, pocket = m.groups()
    layout = layout_of(before.pieces)
    if ball not in layout or "white" not in layout or pocket not in STANDARD_TABLE.pocket_centres:
        return False
    (bx, by), (wx, wy) = layout[ball], layout["white"]
    px, py = STANDARD_TABLE.pocket_centres[pocket]
    return math.hypot(px - bx, py - by) > LONG_POT or math.hypot(bx - wx, by - wy) > LONG_POT


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
    for fr in frames:
        out[0].counts["frames"] += 1
        out[1].counts["frames"] += 1
        if fr.winner is not None:
            out[fr.winner].frames_won += 1
        for s in (0, 1):
            out[s].decision_times.extend(fr.decision_times[s])
            out[s].decision_cpu.extend(fr.decision_cpu[s])
        if game == "snooker":
            _snooker(fr, out)
        elif game == "crokinole":
            _crokinole(fr, out)
        else:
            _novuss(fr, out)
    return out


def _snooker(fr: FrameResult, out: tuple[SideStats, SideStats]) -> None:
    current = [0, 0]
    best = [0, 0]
    before: Position | None = None
    for entry, intent in zip(fr.shots, fr.intents, strict=True):
        prior, before = before, entry.position_after
        if entry.strike is None:
            continue
        r = entry.ruling
        side = side_of(entry.position_after, entry.player)
        st = out[side]
        st.shots += 1
        foul = bool(getattr(r, "foul", False))
        scored = 0 if foul else int(getattr(r, "points", 0))
        if intent.startswith("pot"):
            st.counts["pot_attempts"] += 1
            if scored > 0:
                st.counts["pots"] += 1
            if prior is not None and is_long_pot(prior, intent):
                st.counts["long_pot_attempts"] += 1
                st.counts["long_pots"] += scored > 0
        if foul:
            st.counts["fouls"] += 1
        if scored > 0:
            current[side] += scored
            best[side] = max(best[side], current[side])
        else:
            if current[side]:
                st.breaks.append(current[side])
            current[side] = 0
    for s in (0, 1):
        if current[s]:
            out[s].breaks.append(current[s])
        if best[s] >= 100:
            out[s].counts["frames_with_century"] += 1
        out[s].counts["highest_break"] = max(out[s].counts["highest_break"], best[s])


def _crokinole(fr: FrameResult, out: tuple[SideStats, SideStats]) -> None:
    for entry, intent in zip(fr.shots, fr.intents, strict=True):
        r = entry.ruling
        side = side_of(entry.position_after, entry.player)
        st = out[side]
        st.shots += 1
        outcome = entry.outcome
        holed = getattr(r, "twenties", ())
        if intent.startswith("open 20"):
            st.counts["open20_attempts"] += 1
            if getattr(outcome, "shot_disc", None) in holed:
                st.counts["open20_made"] += 1
        st.counts["twenties"] += sum(1 for d in holed if d.startswith(f"s{entry.player}-"))
        if getattr(r, "foul", None) is not None:
            st.counts["fouls"] += 1


def _novuss(fr: FrameResult, out: tuple[SideStats, SideStats]) -> None:
    for entry in fr.shots:
        r = entry.ruling
        side = int(getattr(r, "side", side_of(entry.position_after, entry.player)))
        st = out[side]
        st.shots += 1
        if getattr(r, "penalty", False):
            st.counts["penalties"] += 1
        st.counts["own_pocketed"] += len(getattr(r, "own_pocketed", ()))
