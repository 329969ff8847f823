"""Diagnose ai:pro@tournament self-play: each stroke's intent, the chosen candidate's own success
estimate, what happened (scored, foul and why). Frames k of seed 100, as the bench's study.

Usage: python scripts/tourney_diag.py OUT.pkl K0 K1 ...  (``TQ_FLOOR=0.5``: screen the study's pot
floor; ``TQ_CHECKS=24``: its noisy foul checks of each safety; ``TQ_EVAL_FLOOR=1``: its
evaluation counts only the pots at least as likely as the floor)

Writes the strokes of every frame played so far to OUT.pkl (read by scripts/tourney_analyse.py)
and appends each frame's ``FrameResult`` to OUT.pkl.frames.pkl.
"""

from __future__ import annotations

import os
import pickle
import sys
import time
from typing import Any

from benchmarks import bench_ai
from cueboard.ai import players
from cueboard.ai.snooker import player as sp

LAST: dict[str, float] = {}
EST: list[float | None] = []

_orig_cands = sp.SnookerAI.candidates


def _cands(self, position):  # type: ignore[no-untyped-def]
    out = _orig_cands(self, position)
    LAST.clear()
    LAST.update({c.label: c.success for c in out})
    return out


sp.SnookerAI.candidates = _cands  # type: ignore[method-assign]
_orig_decide = players.SearchAgent.decide


def _decide(self, game, position, rng):  # type: ignore[no-untyped-def]
    LAST.clear()
    d = _orig_decide(self, game, position, rng)
    base = d.intent.split(" varied (")[0]
    EST.append(LAST.get(base) if d.strike is not None else None)
    return d


players.SearchAgent.decide = _decide  # type: ignore[method-assign]


def main() -> None:
    if os.environ.get("TQ_FLOOR"):  # a screening variant: the study's pot floor
        sp.STUDY_POT_FLOOR["tournament"] = float(os.environ["TQ_FLOOR"])
    if os.environ.get("TQ_EVAL_FLOOR"):  # a screening variant: the evaluation counts the floor
        sp.STUDY_EVAL_FLOOR["tournament"] = True
    if os.environ.get("TQ_CHECKS"):  # a screening variant: noisy foul checks of each safety
        sp.STUDY_FOUL_CHECKS["tournament"] = int(os.environ["TQ_CHECKS"])
    out_path, ks = sys.argv[1], [int(x) for x in sys.argv[2:]]
    rows = []
    for k in ks:
        EST.clear()
        t0 = time.process_time()
        fr = bench_ai._play_one("snooker", "pro@tournament", "pro@tournament", k, 100)
        if isinstance(fr, str):
            print("aborted", k, fr, flush=True)
            continue
        # one estimate per decision, a choice after a foul (no strike) included: EST[i] is the
        # estimate of fr.shots[i] (skipping the choices here would give every estimate after
        # a choice the previous stroke's)
        est = list(EST)
        if len(est) != len(fr.shots):
            raise RuntimeError(f"frame {k}: {len(est)} decisions for {len(fr.shots)} shots")
        shots = []
        for entry, intent, e in zip(fr.shots, fr.intents, est, strict=True):
            if entry.strike is None:
                continue
            r: Any = entry.ruling
            shots.append({"intent": intent, "est": e, "points": 0 if r.foul else r.points,
                          "foul": r.foul, "reason": str(r.foul_reason) if r.foul else None,
                          "scored": list(r.scored)})
        rows.append({"k": k, "shots": shots, "cpu": time.process_time() - t0,
                     "dcpu": fr.decision_cpu})
        print("frame", k, len(shots), "shots", flush=True)
        with open(out_path, "wb") as fh:
            pickle.dump(rows, fh)
        with open(out_path + ".frames.pkl", "ab") as fh:
            pickle.dump(fr, fh)


if __name__ == "__main__":
    main()
