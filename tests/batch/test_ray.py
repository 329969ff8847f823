"""The Ray executor on a local Ray of 2 CPUs (skipped where Ray, the extra cueboard[cluster], is
not installed): the same results as serial, and a killed worker retried without double counting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cueboard.batch import RayExecutor, ResultStore, SerialExecutor, Task, run_tasks
from tests.batch.helpers import die_once, draw, fail, fail_at_two

ray = pytest.importorskip("ray")


def _tasks(n: int, **payload: object) -> list[Task]:
    return [Task.seeded(5, f"t/{k:02d}", {"n": k, **payload}) for k in range(n)]


def test_ray_gives_the_serial_results(ray_executor: RayExecutor, tmp_path: Path) -> None:
    tasks = _tasks(6)
    got = run_tasks(draw, tasks, ray_executor, ResultStore(tmp_path / "ray.jsonl"))
    assert got == run_tasks(draw, tasks, SerialExecutor(), ResultStore(tmp_path / "serial.jsonl"))


def test_a_killed_ray_worker_is_retried_without_double_counting(
    ray_executor: RayExecutor, tmp_path: Path
) -> None:
    tasks = _tasks(3, dir=str(tmp_path))
    got = run_tasks(die_once, tasks, ray_executor, ResultStore(tmp_path / "r.jsonl"))
    keys = [json.loads(x)["key"] for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert sorted(keys) == [t.key for t in tasks]
    assert got == run_tasks(draw, tasks, SerialExecutor(), ResultStore(tmp_path / "s.jsonl"))
    for t in tasks:
        # killed once, then run again: at least twice (on a loaded machine Ray may also lose the
        # retry's actor and run it once more; the result is still stored once, as checked above)
        assert (tmp_path / f"{t.key.replace('/', '_')}.runs").read_text().count("run") >= 2


def test_a_failing_ray_task_names_the_task(ray_executor: RayExecutor, tmp_path: Path) -> None:
    from cueboard.batch import BatchError

    with pytest.raises(BatchError, match=r"task t/00 failed: .*no result for t/00"):
        run_tasks(fail, _tasks(1), ray_executor, ResultStore(tmp_path / "r.jsonl"))


def test_a_cluster_gets_the_package_and_a_shared_numba_cache_a_local_ray_nothing() -> None:
    import cueboard
    from cueboard.batch.ray_executor import NUMBA_CACHE_DIR

    env = RayExecutor(2, address="auto").runtime_env()
    assert env is not None
    assert env["py_modules"] == [str(Path(cueboard.__file__).resolve().parent)]
    assert env["env_vars"] == {"NUMBA_CACHE_DIR": NUMBA_CACHE_DIR}
    assert "__pycache__" in env["excludes"]
    assert RayExecutor(2).runtime_env() is None


DRIVER = """
import json, sys
import numpy as np
from cueboard.batch import RayExecutor, SerialExecutor, Task, collect

def where(task):  # defined here: Ray ships it by value; what it imports, the workers resolve
    import os, cueboard
    return {"file": cueboard.__file__, "cache": os.environ.get("NUMBA_CACHE_DIR"),
            "x": [float(v) for v in np.random.default_rng(task.seed).random(2)]}

tasks = [Task.seeded(3, f"w/{k}", {}) for k in range(4)]
ex = RayExecutor(2, address=sys.argv[1])
try:
    print(json.dumps({"ray": collect(where, tasks, ex), "serial": collect(where, tasks, SerialExecutor())}))
finally:
    ex.close()
"""


@pytest.mark.slow
def test_on_a_cluster_the_workers_run_the_drivers_copy_of_the_package(tmp_path: Path) -> None:
    """A one-node cluster (``ray start --head``), the driver in its own process: the workers
    import cueboard from Ray's unpacked upload and get the shared numba cache directory."""
    import os
    import shutil
    import socket
    import subprocess
    import sys
    import tempfile

    import cueboard
    from cueboard.batch.ray_executor import NUMBA_CACHE_DIR

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    temp = tempfile.mkdtemp(prefix="cbray", dir="/tmp")  # short: Ray's sockets live under it
    ray_exe = str(Path(sys.executable).parent / "ray")
    # a private test cluster: no token (Ray's token authentication is for clusters on a network)
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "PYTHONPATH": str(Path(cueboard.__file__).parents[1])}
    head = subprocess.Popen(
        [ray_exe, "start", "--head", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}", "--block"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    try:
        script = tmp_path / "driver.py"
        script.write_text(DRIVER)
        run = subprocess.run([sys.executable, str(script), f"127.0.0.1:{port}"], capture_output=True,
                             text=True, timeout=240, cwd=tmp_path, env=env)
        assert run.returncode == 0, run.stderr[-3000:]
        got = json.loads(run.stdout.strip().splitlines()[-1])
    finally:
        head.terminate()
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)
    for key, r in got["ray"].items():
        assert "/runtime_resources/py_modules_files/_ray_pkg_" in r["file"], r["file"]
        assert r["cache"] == NUMBA_CACHE_DIR
        assert r["x"] == got["serial"][key]["x"]
    assert all(r["cache"] is None for r in got["serial"].values())


def test_a_shot_map_on_ray_is_the_serial_one(ray_executor: RayExecutor, tmp_path: Path) -> None:
    from cueboard.analysis.shotmap import ShotMapSpec, compute_shotmap, lone_ball

    spec = ShotMapSpec(lone_ball("pink").model_dump_json(), "pink", "club", 0.45, 2, 8)
    on_ray = compute_shotmap(spec, ray_executor, tmp_path / "ray.jsonl")
    assert on_ray.to_json() == compute_shotmap(spec, SerialExecutor(), tmp_path / "serial.jsonl").to_json()
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "serial.jsonl").read_bytes()


def test_chunk_sizes_follow_the_measured_task_time() -> None:
    from cueboard.batch.ray_executor import chunk_size

    assert chunk_size(None, 100, 2) == 1  # nothing measured yet: one task
    assert chunk_size(0.1, 100, 2, target_s=0.5) == 5  # 0.5 s of 0.1 s tasks
    assert chunk_size(0.001, 100, 2, target_s=0.5) == 25  # capped at a quarter of what is left
    assert chunk_size(2.0, 100, 2, target_s=0.5) == 1  # a task longer than the target: alone
    assert chunk_size(0.001, 1, 2) == 1


@pytest.mark.parametrize("chunk", [1, 3, 7, None])
def test_how_a_batch_is_chunked_never_changes_a_result(
    ray_executor: RayExecutor, tmp_path: Path, chunk: int | None
) -> None:
    """Seeds come from the task keys, so chunks of 1, 3 or 7 tasks, or sized from the measured
    task time, give the serial results, recorded in the tasks' order."""
    tasks = _tasks(20)
    old = ray_executor.chunk
    ray_executor.chunk = chunk
    try:
        got = run_tasks(draw, tasks, ray_executor, ResultStore(tmp_path / "ray.jsonl"))
        calls = ray_executor.calls
    finally:
        ray_executor.chunk = old
    assert got == run_tasks(draw, tasks, SerialExecutor(), ResultStore(tmp_path / "serial.jsonl"))
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "serial.jsonl").read_bytes()
    if chunk is not None:
        assert calls == -(-20 // chunk)  # the batch really went in chunks of that size
    else:
        assert calls < 20  # measured tasks this short are sent several at a time


def test_a_failing_task_inside_a_chunk_names_itself(ray_executor: RayExecutor, tmp_path: Path) -> None:
    from cueboard.batch import BatchError

    old = ray_executor.chunk
    ray_executor.chunk = 4
    try:
        with pytest.raises(BatchError, match=r"task t/02 failed: .*no result for t/02"):
            run_tasks(fail_at_two, _tasks(8), ray_executor, ResultStore(tmp_path / "r.jsonl"))
    finally:
        ray_executor.chunk = old
    # the actors were replaced: the next batch runs
    assert run_tasks(draw, _tasks(2), ray_executor, ResultStore(tmp_path / "s.jsonl"))


def test_executors_of_one_ray_session_share_its_actors(ray_executor: RayExecutor, tmp_path: Path) -> None:
    """A second executor on the session's Ray (the CLI's, inside a program that holds one)
    uses the same actors — its own would wait forever for the CPUs the first ones hold."""
    from cueboard.batch import ray_executor as module

    run_tasks(draw, _tasks(2), ray_executor, ResultStore(tmp_path / "a.jsonl"))
    actors = list(module._SHARED.actors)
    other = RayExecutor(2)
    got = run_tasks(draw, _tasks(4), other, ResultStore(tmp_path / "b.jsonl"))
    other.close()  # it did not start Ray: Ray and the actors stay
    assert module._SHARED.actors == actors and ray.is_initialized()
    assert got == run_tasks(draw, _tasks(4), SerialExecutor(), ResultStore(tmp_path / "s.jsonl"))
