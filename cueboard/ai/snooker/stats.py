"""Snooker's counters in the match statistics (:func:`cueboard.ai.stats.collect`): pot success
(strokes the AI meant as pots that scored), long-pot success (the same for pots with the object
ball over 1.5 m from the pocket or the cue ball over 1.5 m from the object ball, the distances the
levels were calibrated on), breaks (points of a visit, from the referee's ``break_points``),
centuries, fouls."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Final

from cueboard.ai.match import FrameResult, side_of
from cueboard.records.base import Position

if TYPE_CHECKING:
    from cueboard.ai.stats import SideStats

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



def frame_stats(fr: FrameResult, out: tuple[SideStats, SideStats]) -> None:
    """Add one frame's pots, long pots, fouls and breaks to each side's counters."""
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
