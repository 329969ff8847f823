"""Drive the pooltool 0.6 peer: make its virtual environment on demand and run the shot set there.

pooltool lives in its own venv (benchmarks/.peers/pooltool-venv, gitignored) because it pins an
older numba than cueboard's. :func:`ensure_venv` runs ``peers/setup_pooltool.sh`` when the venv is
missing (a few minutes, needs the package registry); :func:`run_shots` runs
``peers/pooltool_runner.py`` with that venv's python and returns its JSON results.

Environment: ``CUEBOARD_BENCH_PEERS=0`` skips the peer; ``CUEBOARD_POOLTOOL_PYTHON`` names another
interpreter that has pooltool 0.6 installed.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.core import quick

HERE = Path(__file__).resolve().parent
PEERS = HERE / "peers"
VENV = HERE / ".peers" / "pooltool-venv"
SETUP_TIMEOUT_S = 1200
RUN_TIMEOUT_S = 1800


class PeerUnavailableError(RuntimeError):
    """pooltool cannot be installed or run here; the message says why."""


def peers_enabled() -> bool:
    """Whether the peer (pooltool, in a venv of its own) is run: off with CUEBOARD_BENCH_PEERS=0
    and in quick mode."""
    return not quick() and os.environ.get("CUEBOARD_BENCH_PEERS", "1") not in ("0", "no", "false", "")


def ensure_venv() -> Path:
    """The python of a venv with pooltool 0.6, made by setup_pooltool.sh when missing."""
    override = os.environ.get("CUEBOARD_POOLTOOL_PYTHON")
    if override:
        return Path(override)
    python = VENV / "bin" / "python"
    try:
        proc = subprocess.run(
            ["bash", str(PEERS / "setup_pooltool.sh")],
            capture_output=True,
            text=True,
            timeout=SETUP_TIMEOUT_S,
            env={**os.environ, "POOLTOOL_VENV": str(VENV)},
        )
    except subprocess.TimeoutExpired:
        raise PeerUnavailableError(f"setting up pooltool took over {SETUP_TIMEOUT_S} s") from None
    except OSError as err:
        raise PeerUnavailableError(f"cannot run setup_pooltool.sh: {err}") from None
    if proc.returncode != 0 or not python.exists():
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        raise PeerUnavailableError("setup_pooltool.sh failed: " + " | ".join(tail))
    return python


def run_shots(
    shots_json: str, repeats: int = 2, limit: int = 0, numba_cache: str | None = None
) -> dict[str, Any]:
    """Time the shot set (JSON text of :func:`benchmarks.snooker_shots.shot_set_json`) in
    pooltool; the runner's result document (``shots``: name, kind, events, seconds). ``limit``
    runs only the first shots; ``numba_cache`` sets ``NUMBA_CACHE_DIR`` (a fresh folder: a cold
    start). The document's ``wall_s`` / ``cpu_s`` are the runner's wall and CPU time, interpreter
    start included."""
    python = ensure_venv()
    env = dict(os.environ)
    if numba_cache is not None:
        env["NUMBA_CACHE_DIR"] = numba_cache
    with tempfile.TemporaryDirectory(prefix="cueboard-bench-") as tmp:
        shots_path, out_path = Path(tmp) / "shots.json", Path(tmp) / "pooltool.json"
        shots_path.write_text(shots_json)
        cmd = [str(python), str(PEERS / "pooltool_runner.py"), str(shots_path), str(out_path)]
        cmd += ["--repeats", str(repeats), "--limit", str(limit)]
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, env=env)
        except subprocess.TimeoutExpired:
            raise PeerUnavailableError(f"the pooltool runner took over {RUN_TIMEOUT_S} s") from None
        except OSError as err:
            raise PeerUnavailableError(f"cannot start {python}: {err}") from None
        if proc.returncode != 0 or not out_path.exists():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            raise PeerUnavailableError("the pooltool runner failed: " + " | ".join(tail))
        result: dict[str, Any] = json.loads(out_path.read_text())
        result["wall_s"] = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        result["cpu_s"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return result


def cold_start(shots_json: str) -> tuple[float, float]:
    """Wall and CPU seconds for pooltool to start with an empty numba cache and simulate the
    first shot."""
    with tempfile.TemporaryDirectory(prefix="pooltool-numba-") as cache:
        doc = run_shots(shots_json, repeats=0, limit=1, numba_cache=cache)
    return float(doc["wall_s"]), float(doc["cpu_s"])


class ShotServer:
    """pooltool's runner in ``--serve`` mode: the shot set built and warmed once, then single
    shots timed on request, so that a benchmark can interleave the two engines shot by shot.
    Use as a context manager; ``time_shot(k, repeats)`` returns ``(first, fastest, events)`` of
    shot ``k`` played ``repeats`` times in a row."""

    def __init__(self, shots_json: str, cushion: str = "default") -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="cueboard-bench-")
        path = Path(self._tmp.name) / "shots.json"
        path.write_text(shots_json)
        python = ensure_venv()
        cmd = [str(python), str(PEERS / "pooltool_runner.py"), str(path), str(path) + ".out"]
        cmd += ["--serve", "--cushion", cushion]
        try:
            self._proc = subprocess.Popen(
                cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
        except OSError as err:
            self._tmp.cleanup()
            raise PeerUnavailableError(f"cannot start {python}: {err}") from None
        self.version = ""
        first = self._read()
        if "ready" not in first:
            raise PeerUnavailableError(f"the pooltool server did not start: {first}")

    def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            err = self._proc.stderr.read() if self._proc.stderr else ""
            self.close()
            tail = " | ".join(err.strip().splitlines()[-3:])
            raise PeerUnavailableError("the pooltool server stopped: " + tail)
        doc: dict[str, Any] = json.loads(line)
        return doc

    def time_shot(self, k: int, repeats: int = 1) -> tuple[float, float, int]:
        """Shot ``k`` played ``repeats`` times back to back: ``(first, fastest, events)``, seconds."""
        assert self._proc.stdin is not None
        self._proc.stdin.write(f"{k} {repeats}\n")
        self._proc.stdin.flush()
        doc = self._read()
        return float(doc["first"]), float(doc["seconds"]), int(doc["events"])

    def close(self) -> None:
        if self._proc.poll() is None:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._tmp.cleanup()

    def __enter__(self) -> ShotServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
