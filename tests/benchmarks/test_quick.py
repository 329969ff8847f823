"""Every registered benchmark runs in its quick mode (``python -m benchmarks --quick NAME``: a few
iterations of everything it measures, figures not judged), each in a fresh interpreter, so that a
change that breaks a benchmark fails here rather than at the next ``make bench``. A benchmark may
skip (something it needs is not installed: the line says what); it may not fail."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.__main__ import BENCHMARKS

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.parametrize("module", BENCHMARKS)
def test_the_benchmark_runs_in_quick_mode(module: str) -> None:
    name = module.rsplit(".", 1)[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH"))
                                                         if p)}
    env.pop("CUEBOARD_BENCH_QUICK", None)  # --quick alone must turn it on
    proc = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", name], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"{module} failed in quick mode:\n{out[-4000:]}"
    lines = [x for x in out.splitlines() if x.startswith("bench: ")]
    assert lines, out[-2000:]
    ran = [x for x in lines if "skipped" not in x and "FAILED" not in x]
    skipped = [x for x in lines if f"{module} skipped" in x]
    assert ran or skipped, out[-2000:]
    assert "FAILED" not in out
