"""The Ray executor on a local Ray of 2 CPUs (skipped where Ray, the extra cueboard[cluster], is
not installed): the same results as serial, and a killed worker retried without double counting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cueboard.batch import RayExecutor, ResultStore, SerialExecutor, Task, run_tasks
from tests.batch.helpers import die_once, draw, fail

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
        assert (tmp_path / f"{t.key.replace('/', '_')}.runs").read_text().count("run") == 2


def test_a_failing_ray_task_names_the_task(ray_executor: RayExecutor, tmp_path: Path) -> None:
    from cueboard.batch import BatchError

    with pytest.raises(BatchError, match=r"task t/00 failed: .*no result for t/00"):
        run_tasks(fail, _tasks(1), ray_executor, ResultStore(tmp_path / "r.jsonl"))
