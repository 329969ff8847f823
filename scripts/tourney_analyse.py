"""Summarise tourney_diag.py outputs: pot success by the chosen pot's own estimate, fouls by kind."""

from __future__ import annotations

import collections
import pickle
import sys


def main() -> None:
    rows = []
    for p in sys.argv[1:]:
        with open(p, "rb") as fh:
            rows += pickle.load(fh)
    bins: dict[int, list[float]] = collections.defaultdict(lambda: [0, 0, 0.0])
    fouls: collections.Counter[tuple[str, str]] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    pots = made = 0
    for r in rows:
        for s in r["shots"]:
            kind = s["intent"].split()[0]
            kinds[kind] += 1
            if s["foul"]:
                fouls[(kind, s["reason"])] += 1
            if kind == "pot" and s["est"] is not None:
                e = s["est"]
                b = min(int(e * 10), 9)
                bins[b][0] += 1
                bins[b][1] += s["points"] > 0
                bins[b][2] += e
                pots += 1
                made += s["points"] > 0
    n = len(rows)
    print(f"frames {n}, pots {made}/{pots} = {100 * made / max(pots, 1):.1f}%")
    print("est bin: n, realised %, mean est %")
    for b in sorted(bins):
        k, m, e = bins[b]
        print(f"  {b / 10:.1f}-{(b + 1) / 10:.1f}: {int(k):4d}  {100 * m / k:5.1f}  {100 * e / k:5.1f}")
    for lim in (0.5, 0.6, 0.7):
        k = sum(v[0] for b, v in bins.items() if b < lim * 10)
        print(f"  under {lim:.0%}: {k} pots ({100 * k / max(pots, 1):.0f}%)")
    print("strokes by kind:", dict(kinds), "per frame", {k: round(v / n, 1) for k, v in kinds.items()})
    print("fouls per frame", round(sum(fouls.values()) / n, 2))
    for (kd, why), c in fouls.most_common():
        print(f"  {kd:8s} {why}: {c} ({c / n:.2f}/frame)")


if __name__ == "__main__":
    main()
