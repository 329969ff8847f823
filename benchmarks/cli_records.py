"""``cueboard referee`` memory against the size of the record it replays.

A snooker match is scored by hand (``cueboard score snooker``: 15 reds and blacks potted, then 800
safety shots) and saved as JSON Lines, and the
same record is written as readable JSON. ``cueboard referee`` then replays each in a fresh
process; its peak resident memory (``ru_maxrss``) less that of replaying a two-shot record is
what the file costs. Figures: ``cli.referee.jsonl_memory_ratio`` (that extra memory over the
file's size, goal <= 3: JSON Lines records are replayed one shot at a time,
cueboard/records/stream.py), ``cli.referee.json_memory_ratio`` (the readable-JSON form, decoded
whole), ``cli.referee.jsonl_mb`` (the file's size).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.core import Figure, quick

_CLI = "import sys; from cueboard.cli.main import app; sys.argv[0] = 'cueboard'; app()"
_PEAK = (
    "import resource, subprocess, sys; "
    "subprocess.run([sys.executable, '-c', sys.argv[1], 'referee', sys.argv[2]], "
    "stdout=subprocess.DEVNULL, check=False); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def _peak_kb(record: Path) -> int:
    cmd = [sys.executable, "-c", _PEAK, _CLI, str(record)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def _score(path: Path) -> None:
    frame = ["pot red", "pot black"] * 15 + ["safe"] * (40 if quick() else 800)
    reports = "\n".join(frame) + "\n"
    subprocess.run(
        [sys.executable, "-c", _CLI, "score", "snooker", "--save", str(path)],
        input=reports, capture_output=True, text=True, check=True,
    )


def run() -> list[Figure]:
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "long.jsonl"
        _score(jsonl)
        lines = jsonl.read_text(encoding="utf-8").splitlines()
        small = Path(tmp) / "short.jsonl"
        small.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
        whole = Path(tmp) / "long.json"
        shots = [json.loads(x) for x in lines[1:]]
        whole.write_text(json.dumps({"header": json.loads(lines[0]), "shots": shots}, indent=1))
        runs = 1 if quick() else 2
        base = min(_peak_kb(small) for _ in range(runs))
        figures = []
        for name, path in (("jsonl", jsonl), ("json", whole)):
            extra = min(_peak_kb(path) for _ in range(runs)) - base
            ratio = max(extra, 0) * 1024 / path.stat().st_size
            goal = "<= 3" if name == "jsonl" else ""
            figures.append(Figure(f"cli.referee.{name}_memory_ratio", ratio, "x", goal,
                                  ratio <= 3 if name == "jsonl" else None,
                                  f"{len(lines) - 1} shots, {path.stat().st_size / 1e6:.1f} MB"))
        figures.append(Figure("cli.referee.jsonl_mb", jsonl.stat().st_size / 1e6, "MB"))
    return figures


if __name__ == "__main__":
    for f in run():
        print(f.bench_line())
