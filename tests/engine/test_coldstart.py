"""The cold start in parts (cueboard/engine/coldstart.py): the parts are compiled for the
signatures the kernel uses, a fresh process then loads everything from the cache without
compiling, a level break-off compiles the planar kernel (cueboard/engine/planar.py) and none of
the flight code, and a failing helper leaves the serial compile."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import numpy as np
import pytest
from numba import types

from cueboard.engine import coldstart, loop, planar
from cueboard.engine.layout import MODEL_BALL, N_MODELS, N_PAR
from cueboard.engine.world import new_bodies

ROOT = Path(__file__).resolve().parents[2]

#: Run in a fresh interpreter: one break-off, then what numba's dispatchers say about each part.
_PROBE = """
import json
from benchmarks.snooker_physics import cueboard_inputs, _simulator
from benchmarks.snooker_shots import break_off
from cueboard.engine import coldstart, detect, loop, planar
from cueboard.engine.models import ball
from cueboard.engine.placement import placement_clear
forked_at = []  # how many signatures the first entry had when this process forked a child
fork = coldstart._forked_helper
def spy(*args):
    forked_at.append(len(placement_clear.signatures))
    return fork(*args)
coldstart._forked_helper = spy
_simulator()(*cueboard_inputs(break_off()))
calls = [planar._refresh, planar.collide_ball_wall, planar.run_balls.relax, planar._record_rest]
def stats(fn):
    s = fn.stats
    return {"signatures": len(fn.signatures), "hits": sum(s.cache_hits.values()),
            "misses": sum(s.cache_misses.values()), "saved": len(fn._cache._cache_file._load_index())}
flight = {"full kernel": loop.run_balls, "_air_segment": ball._air_segment, "_collide_3d": ball._collide_3d,
          "_air_wall": ball._air_wall, "_pair_time_3d": detect._pair_time_3d, "_over_wall": loop._over_wall,
          "flies_over": ball.flies_over, "full start_segment": ball.start_segment}
print(json.dumps({
    "kernel": stats(planar.run_balls),
    "helper": {r: stats(coldstart.resolve(r)) for r in coldstart.forked(planar.PLAN)},
    "called": [r for r in coldstart.forked(planar.PLAN) if coldstart.resolve(r) in calls],
    "own": {r: stats(coldstart.resolve(r)) for r in coldstart.own(planar.PLAN)},
    "flight": {name: len(fn.signatures) for name, fn in flight.items()},
    "forked_at": forked_at,
}))
"""


def _fresh_python(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh interpreter (one thread) on this checkout, with ``env`` added;
    it must succeed."""
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc


def _probe(cache: Path, parallel: str = "1") -> dict[str, dict]:
    proc = _fresh_python(_PROBE, NUMBA_CACHE_DIR=str(cache), CUEBOARD_PARALLEL_COMPILE=parallel)
    assert "compile helper" not in proc.stderr and "skipped" not in proc.stderr, proc.stderr[-2000:]
    result: dict[str, dict] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.slow
def test_a_cold_start_in_parts_leaves_a_cache_a_fresh_process_only_loads(tmp_path: Path) -> None:
    first = _probe(tmp_path)
    assert first["kernel"] == {"signatures": 1, "hits": 0, "misses": 1, "saved": 1}  # compiled here, last
    for ref, s in first["helper"].items():
        # a child compiled it, for one signature alone (the kernel's): this process never did
        assert s["misses"] == 0 and s["saved"] == 1, ref
    # the children were forked at the first entry's compile (the position check), before it
    assert first["forked_at"] == [0] * sum(isinstance(s, coldstart.Fork) for s in planar.PLAN)
    assert first["called"]  # what the kernel calls directly it loaded from the cache
    for ref in first["called"]:
        assert first["helper"][ref] == {"signatures": 1, "hits": 1, "misses": 0, "saved": 1}, ref
    for ref, s in first["own"].items():
        assert s["signatures"] == 1 and s["hits"] == 0 and s["saved"] == 1, ref  # compiled here
    assert first["flight"] == dict.fromkeys(first["flight"], 0)  # a level stroke: no flight code
    second = _probe(tmp_path)
    # loaded, nothing compiled
    assert second["kernel"] == {"signatures": 1, "hits": 1, "misses": 0, "saved": 1}
    for part in ("helper", "own"):
        for ref, s in second[part].items():
            assert s["misses"] == 0, ref  # never compiled again (the kernel's cache entry holds it all)


def _kernel_args() -> tuple[object, ...]:
    body, ibody = new_bodies(2)
    par = np.zeros((N_MODELS, N_PAR))
    par[MODEL_BALL, 0] = 9.81
    seg = np.zeros((1, 8))
    ev_i = np.zeros((4, 3), dtype=np.int64)
    ev_f = np.zeros((4, loop.N_EV_F))
    return body, ibody, seg, seg, seg, par, ev_i, ev_f, False


def test_part_signatures_follow_parameter_names_and_annotations() -> None:
    arrays = coldstart.arg_types(loop.run_balls, _kernel_args())
    assert arrays["body"] == types.float64[:, ::1] and arrays["ibody"] == types.int64[:, ::1]
    assert arrays["p"] == types.float64[::1]  # a row of par
    sig = coldstart.signature(coldstart.resolve("cueboard.engine.loop:_refresh"), arrays)
    # _refresh(body, ibody, i: int, t: float, seg, arc, cap, tp, tw)
    assert sig[2:4] == (types.int64, types.float64) and sig[7] == types.float64[:, ::1]
    relax = coldstart.resolve("cueboard.engine.loop:run_balls.relax")
    assert relax is loop.run_balls.relax
    with pytest.raises(TypeError, match="no numba type for parameter 'mystery'"):
        coldstart.signature(_Fake(), arrays)


class _Fake:
    @staticmethod
    def py_func(body: np.ndarray, mystery: complex) -> None:  # pragma: no cover - never called
        """A parameter neither an engine array name nor a scalar annotation."""


#: Run in a fresh interpreter (one thread, so a fork is safe): a forked helper that fails.
_FAILING_FORK = """
import warnings
from tests.engine.test_coldstart import _kernel_args
from cueboard.engine import coldstart, loop
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # a grandchild fails: its child and the child's parent report it
    plan = (coldstart.Fork((coldstart.Fork(("cueboard.no_such_module:f",)),)),)
    coldstart.compile_in_parts(loop.run_balls, _kernel_args(), plan, fork=True)
print(any("compile helper failed" in str(w.message) and "no_such_module" in str(w.message) for w in caught))
"""


def test_a_failing_forked_helper_is_reported_and_leaves_the_compile_here() -> None:
    proc = _fresh_python(_FAILING_FORK)
    assert proc.stdout.strip().splitlines()[-1] == "True"


def test_a_failing_helper_interpreter_is_reported_and_leaves_the_compile_here() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plan = (coldstart.Fork(("cueboard.no_such_module:f",)),)
        coldstart.compile_in_parts(loop.run_balls, _kernel_args(), plan, fork=False)
    assert any(
        "compile helper failed" in str(w.message) and "no_such_module" in str(w.message) for w in caught
    )


def test_helpers_are_forked_only_from_a_process_with_one_thread() -> None:
    # a fresh interpreter: one Python thread, no numba thread pool
    fresh = _fresh_python("from cueboard.engine import coldstart; print(coldstart.can_fork())")
    assert fresh.stdout.strip() == "True"
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not coldstart.can_fork()  # a lock the other thread holds would stay held in a child
    finally:
        release.set()
        other.join()


def test_the_environment_turns_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUEBOARD_PARALLEL_COMPILE", "0")
    assert not coldstart.enabled()
    monkeypatch.setenv("CUEBOARD_PARALLEL_COMPILE", "1")
    assert coldstart.enabled() == ((os.cpu_count() or 1) >= 2)


def test_a_plan_names_what_its_children_and_its_own_process_compile() -> None:
    fork = coldstart.Fork
    plan = (fork(("a", fork(("b",)), "c")), "d", "e")
    assert list(coldstart.forked(plan)) == ["a", "c", "b"]
    assert list(coldstart.own(plan)) == ["d", "e"]


def test_a_process_waits_for_a_child_at_the_first_compile_of_one_of_its_functions() -> None:
    """The lazy wait (coldstart._awaiting): a compile of a child's function for a signature the
    process lacks waits for that child once, then compiles (a load from the cache, for real);
    one it holds does not wait; the hook goes after its first use and on _unhook_all."""
    waits: list[int] = []
    compiled: list[tuple[str, ...]] = []

    class Dispatcher:  # what _awaiting uses of numba's: compile(sig) and overloads
        def __init__(self) -> None:
            self.overloads: dict[tuple[str, ...], object] = {("held",): object()}

        def compile(self, sig: tuple[str, ...]) -> str:
            compiled.append(tuple(sig))
            return "code"

    child = coldstart.Child(wait=lambda: waits.append(1) or 0, refs=("m:f",))
    held, new = Dispatcher(), Dispatcher()
    coldstart._awaiting(held, child)
    coldstart._awaiting(new, child)
    assert held.compile(("held",)) == "code" and waits == []
    assert new.compile(("float64",)) == "code" and waits == [1]
    assert new.compile(("int64",)) == "code" and waits == [1]  # the hook went at its first use
    assert compiled == [("held",), ("float64",), ("int64",)]
    again = Dispatcher()
    coldstart._awaiting(again, child)
    coldstart._unhook_all()
    again.compile(("float64",))
    assert waits == [1] and "compile" not in vars(again) and not coldstart._HOOKED


@pytest.mark.parametrize("kernel", ["planar", "full"])
def test_every_function_of_a_plan_has_a_signature_for_its_kernel(kernel: str) -> None:
    planar_kernel = (planar.run_balls, planar.PLAN)
    dispatcher, plan = planar_kernel if kernel == "planar" else (loop.run_balls, coldstart.PLAN)
    arrays = coldstart.arg_types(dispatcher, _kernel_args())
    refs = [*coldstart.forked(plan), *coldstart.own(plan)]
    assert len(refs) == len(set(refs))  # each compiled by one process
    for ref in refs:
        assert coldstart.signature(coldstart.resolve(ref), arrays), ref
