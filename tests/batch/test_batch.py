"""The batch runner (cueboard/batch): seeds independent of the executor, results kept and
resumed, lost workers retried without counting a task twice, bad settings refused."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import numpy as np
import pytest

from cueboard.batch import (
    BatchError,
    BatchInputError,
    ProcessExecutor,
    ResultStore,
    SerialExecutor,
    Task,
    make_executor,
    run_tasks,
    task_seed,
)
from tests.batch.helpers import always_die, die_once, draw, fail, unpicklable


def _tasks(n: int = 6, seed: int = 11, **payload: object) -> list[Task]:
    return [Task.seeded(seed, f"t/{k:02d}", {"n": k, **payload}) for k in range(n)]


def _children() -> set[int]:
    return {p.pid for p in multiprocessing.active_children() if p.pid is not None}


def _ours_gone(before: set[int]) -> bool:
    """No worker process started since ``before`` is left (other tests' pools may live on)."""
    return _children() <= before


def test_task_seed_depends_on_the_batch_seed_and_key_only() -> None:
    a = task_seed(3, "frame/001")
    assert a == task_seed(3, "frame/001")
    assert len({a, task_seed(4, "frame/001"), task_seed(3, "frame/002")}) == 3
    # the value is pinned: SeedSequence([3, first 8 bytes of sha256("frame/001")]) — a change of
    # the derivation would silently change every stored tournament
    import hashlib

    digest = int.from_bytes(hashlib.sha256(b"frame/001").digest()[:8], "little")
    assert a == int(np.random.SeedSequence([3, digest]).generate_state(1, dtype=np.uint64)[0])


def test_serial_and_processes_give_the_same_results(tmp_path: Path) -> None:
    tasks = _tasks()
    serial = run_tasks(draw, tasks, SerialExecutor(), ResultStore(tmp_path / "a.jsonl"))
    procs = run_tasks(draw, tasks, ProcessExecutor(2), ResultStore(tmp_path / "b.jsonl"))
    assert serial == procs
    assert list(serial) == [t.key for t in tasks]
    assert len({tuple(r["x"]) for r in serial.values()}) == len(tasks)  # every task its own stream


def test_a_rerun_skips_the_finished_tasks(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    tasks = _tasks()
    first = run_tasks(draw, tasks[:4], SerialExecutor(), ResultStore(path))
    seen: list[str] = []
    again = run_tasks(
        draw, tasks, SerialExecutor(), ResultStore(path), on_result=lambda t, r: seen.append(t.key)
    )
    assert seen == [t.key for t in tasks[4:]]
    assert {k: again[k] for k in first} == first
    assert len(path.read_text().splitlines()) == len(tasks)


def test_a_line_cut_short_by_a_crash_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    run_tasks(draw, _tasks(3), SerialExecutor(), ResultStore(path))
    with path.open("a") as fh:
        fh.write('{"key": "t/03", "resu')
    store = ResultStore(path)
    assert sorted(store) == ["t/00", "t/01", "t/02"]
    assert path.read_text().endswith("}\n")
    run_tasks(draw, _tasks(4), SerialExecutor(), store)
    assert [json.loads(x)["key"] for x in path.read_text().splitlines()] == ["t/00", "t/01", "t/02", "t/03"]


def test_a_result_is_recorded_once(tmp_path: Path) -> None:
    store = ResultStore(tmp_path / "r.jsonl")
    assert store.add("a", {"v": 1})
    assert not store.add("a", {"v": 2})
    assert ResultStore(tmp_path / "r.jsonl")["a"] == {"v": 1}


def test_a_lost_worker_process_is_retried_without_double_counting(tmp_path: Path) -> None:
    tasks = _tasks(4, dir=str(tmp_path))
    results = run_tasks(die_once, tasks, ProcessExecutor(2), ResultStore(tmp_path / "r.jsonl"))
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    assert sorted(json.loads(x)["key"] for x in lines) == [t.key for t in tasks]
    assert results == run_tasks(draw, tasks, SerialExecutor(), ResultStore(tmp_path / "s.jsonl"))
    for t in tasks:  # each task ran exactly twice: its first worker died, the others' did not matter
        assert (tmp_path / f"{t.key.replace('/', '_')}.runs").read_text().count("run") == 2


def test_a_task_that_always_kills_its_worker_stops_the_batch_after_its_retries(tmp_path: Path) -> None:
    before = _children()
    tasks = _tasks(1, dir=str(tmp_path))
    with pytest.raises(BatchError, match="task t/00: its worker process was lost 3 times"):
        run_tasks(always_die, tasks, ProcessExecutor(2, max_retries=2), ResultStore(tmp_path / "r.jsonl"))
    assert (tmp_path / "t_00.runs").read_text().count("run") == 3  # the first run and 2 retries
    assert _ours_gone(before)


def test_ctrl_c_keeps_the_results_recorded_and_stops_the_workers(tmp_path: Path) -> None:
    before = _children()
    path = tmp_path / "r.jsonl"
    tasks = _tasks(8)

    def interrupt_after_three(task: Task, result: dict[str, object]) -> None:
        if len(ResultStore(path)) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tasks(draw, tasks, ProcessExecutor(2), ResultStore(path), on_result=interrupt_after_three)
    assert _ours_gone(before)
    assert len(ResultStore(path)) == 3
    seen: list[str] = []
    again = run_tasks(
        draw, tasks, ProcessExecutor(2), ResultStore(path), on_result=lambda t, r: seen.append(t.key)
    )
    assert len(seen) == 5
    assert again == run_tasks(draw, tasks, SerialExecutor(), ResultStore(tmp_path / "s.jsonl"))


def test_a_failing_task_stops_the_batch_and_keeps_what_finished(tmp_path: Path) -> None:
    before = _children()
    with pytest.raises(BatchError, match=r"task t/00 failed: ValueError: no result for t/00"):
        run_tasks(fail, _tasks(2), SerialExecutor(), ResultStore(tmp_path / "r.jsonl"))
    with pytest.raises(BatchError, match=r"task t/0[01] failed: ValueError: no result"):
        run_tasks(fail, _tasks(2), ProcessExecutor(2), ResultStore(tmp_path / "p.jsonl"))
    with pytest.raises(BatchError, match=r"task t/0[01] failed: the result could not be sent back"):
        run_tasks(unpicklable, _tasks(2), ProcessExecutor(2), ResultStore(tmp_path / "u.jsonl"))
    assert _ours_gone(before)


def test_collect_gives_the_results_in_task_order_without_a_file(tmp_path: Path) -> None:
    from cueboard.batch import collect

    tasks = _tasks()
    got = collect(draw, tasks, ProcessExecutor(2))
    assert list(got) == [t.key for t in tasks]
    assert got == run_tasks(draw, tasks, SerialExecutor(), ResultStore(tmp_path / "s.jsonl"))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: make_executor("threads"), "unknown executor 'threads'"),
        (lambda: make_executor("serial", address="auto"), "--ray-address is for the ray executor"),
        (lambda: ProcessExecutor(0), "workers must be >= 1"),
        (lambda: Task("../x"), "bad task key"),
        (lambda: Task("a", seed=-1), "seed must be an integer"),
        (lambda: Task("a", {"v": float("nan")}), "not plain JSON"),
        (lambda: task_seed(2**64, "a"), "seed must be"),
    ],
)
def test_bad_settings_are_refused(make: object, message: str) -> None:
    with pytest.raises(BatchInputError, match=message):
        make()  # type: ignore[operator]


def test_duplicate_keys_and_foreign_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BatchInputError, match="'t/00' appears twice"):
        run_tasks(draw, _tasks(1) * 2, SerialExecutor(), ResultStore(tmp_path / "r.jsonl"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello\n")
    with pytest.raises(BatchInputError, match="line 1: not a task result"):
        ResultStore(bad)
