"""Play some of the AI benchmark's head-to-head frames, or sum up what was played (docs/ai-calibration.md,
"The ladder and the ratings").

    python scripts/ladder.py play GAME PAIRINGS N [START [STEP]] > part.jsonl
    python scripts/ladder.py sum GAME part*.jsonl

``play`` plays frames START, START + STEP, ... below N of each pairing named by its index in
``benchmarks.bench_ai._pairings`` (0-2 the ladder's neighbours, pro v club first; 3-5 the round
robin's others), with the bench's own frames and seeds (``_play_one``, seed
``PAIR_SEED[GAME] + 10 * index``), one JSON line per frame: so two processes with START 0 and 1,
STEP 2 share the bench's frames. ``sum`` prints the bench's ``ladder_figures`` and
``rating_figures`` of the frames in the files (also of lines naming their pairing as
``"pair": "pro_v_club"``), and the decisions' CPU times where the lines have them.
"""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace

from benchmarks.bench_ai import PAIR_SEED, _pairings, _play_one, ladder_figures, rating_figures
from cueboard.ai.noise import LEVELS as ALL_LEVELS

#: The levels the bench's pairings are drawn from (``_pairings`` leaves out "perfect").
LEVELS = [str(level) for level in ALL_LEVELS]


def play(game: str, pairings: str, n: int, start: int = 0, step: int = 1) -> None:
    pairs = _pairings(LEVELS)
    for i in (int(x) for x in pairings.split(",")):
        a, b = pairs[i]
        for k in range(start, n, step):
            r = _play_one(game, a, b, k, PAIR_SEED[game] + 10 * i)
            if isinstance(r, str):
                print(json.dumps({"a": a, "b": b, "k": k, "error": r}), flush=True)
                continue
            cpu = r.decision_cpu[0] + r.decision_cpu[1]
            print(json.dumps({"a": a, "b": b, "k": k, "winner": r.winner, "shots": len(r.shots),
                              "max_decision_cpu": max(cpu), "decision_cpu": cpu}), flush=True)


def summarise(game: str, files: list[str]) -> None:
    played: dict[tuple[str, str], list[SimpleNamespace]] = {}
    cpu: list[float] = []
    for name in files:
        with open(name) as f:
            for line in f:
                row = json.loads(line)
                if "error" in row:
                    print("aborted:", row)
                    continue
                a, b = (row["a"], row["b"]) if "a" in row else row["pair"].split("_v_")
                played.setdefault((a, b), []).append(SimpleNamespace(winner=row["winner"]))
                cpu += row.get("decision_cpu", [])
    order = {p: i for i, p in enumerate(_pairings(LEVELS))}
    played = dict(sorted(played.items(), key=lambda kv: order[kv[0]]))
    for fig in ladder_figures(game, played) + rating_figures(game, played):  # type: ignore[arg-type]
        print(f"{fig.name} {fig.value:.1f} {fig.unit} ({fig.note})")
    cpu.sort()
    if cpu:
        print(f"decisions {len(cpu)}: median {cpu[len(cpu) // 2]:.3f} CPU s, 99th percentile "
              f"{cpu[int(0.99 * len(cpu))]:.3f}, largest {cpu[-1]:.3f}")


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(sys.argv[2], sys.argv[3], *(int(x) for x in sys.argv[4:]))
    else:
        summarise(sys.argv[2], sys.argv[3:])
