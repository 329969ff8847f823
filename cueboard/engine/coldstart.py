"""A cold start compiled in several processes (docs/physics.md, "Cold start").

With an empty numba cache the first call of an event loop compiles every kernel it calls, one
after the other in one thread (~7 s of CPU for snooker's planar kernel). Numba caches each
function on its own (``cache=True``), and a dispatcher that needs a callee loads the callee's
cached version instead of compiling it. So the first call can hand parts of the call tree to other
processes: :func:`install` makes the kernel's first call, when the cache holds no entry for it,
run a compile *plan* — a tree of processes, each compiling some functions of the call tree (event
detection, the collision laws, the loop's helpers), children forked where their parents have
compiled the functions they share — and then compile the kernel itself, which finds every part in
the cache. The machine code is the same as a serial compile's (the same functions, signatures and
options): results do not change, only who compiles what.

A :class:`Fork` step is a forked child where :func:`can_fork` says a fork is safe (one Python
thread): it starts with its parent's imports, numba's set-up and whatever its parent compiled
before the fork, so a function two parts call is compiled once, before they part. A process
waits for a child when it first needs one of the child's functions (numba's typing of a call asks
for it), and then loads it from the cache. In a process with other threads one new interpreter
(``python -m cueboard.engine.coldstart``) compiles every child's functions one after the other. Parts in
parallel save wall time where cores are free; on a busy machine more processes get a larger share
of the CPU, no more. Any failure of a helper (it died, the cache is read-only, numba changed)
leaves the serial compile: the kernel compiles whatever the cache lacks.
``CUEBOARD_PARALLEL_COMPILE=0`` turns it off.

Cache writes are safe with several writers: numba writes every index and data file to a temporary
name and renames it into place (``os.replace``), and all processes compile each function with
the same signature, so they would write the same index key and the same code.

Signatures: each part function is compiled for the argument types the kernel passes it, read
from its parameters — arrays by the engine's parameter names (``body``, ``ibody``, ``seg``, ...,
the kernel's own argument types), scalars by their annotations (``int`` is int64, ``float``
float64, ``bool`` boolean). ``tests/engine/test_coldstart.py`` checks that each function of the
plan is saved for one signature alone (none compiled for types the kernel does not pass) and that
a kernel compiled afterwards loads every part from the cache and compiles none of them again.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import typeof, types


@dataclass(frozen=True)
class Fork:
    """A step of a compile plan: a child process runs ``plan`` while this one goes on."""

    plan: Plan


#: A compile plan: functions to compile here ("module:name") and :class:`Fork` steps, run in
#: order; a process waits for a child at the first use of one of the child's functions
#: (:func:`_awaiting`) and for all its children at its end. A child starts with everything
#: its parent compiled before the fork, so a function several parts call is compiled once, before
#: they fork.
Plan = tuple["str | Fork", ...]

#: The full ball kernel's plan (``loop.run_balls``, played by shots that lift a ball): event
#: detection (with roots and motion), the cushion laws (Mathavan's integrator) and the loop's work
#: arrays each in a child; the other ball laws, the loop's helpers and its contact relaxation
#: (``build_kernel`` keeps it as ``kernel.relax``) here. The kernel itself is compiled last.
PLAN: Plan = (
    Fork(("cueboard.engine.loop:_refresh",)),
    Fork(("cueboard.engine.models.ball:collide_ball_wall",)),
    Fork(("cueboard.engine.loop:_work_arrays",)),
    "cueboard.engine.models.ball:start_segment",
    "cueboard.engine.models.ball:end_segment",
    "cueboard.engine.models.ball:collide_ball_ball",
    "cueboard.engine.models.ball:capture_ball",
    "cueboard.engine.loop:_over_wall",
    "cueboard.engine.loop:_remove",
    "cueboard.engine.loop:_record_rest",
    "cueboard.engine.loop:_fill_motion",
    "cueboard.engine.loop:_unpress",
    "cueboard.engine.loop:_separate",
    "cueboard.engine.loop:kinetic_energy",
    "cueboard.engine.loop:run_balls.relax",
)
#: Seconds the calling process waits for its helpers before compiling the rest itself.
HELPER_TIMEOUT_S = 300.0
#: Scalar annotations of the engine's kernels and the numba types the kernels pass for them.
SCALARS: dict[str, Any] = {"int": types.int64, "float": types.float64, "bool": types.boolean}


def enabled() -> bool:
    """Whether a cold start may use a helper process (a second CPU, not turned off)."""
    return os.environ.get("CUEBOARD_PARALLEL_COMPILE", "1") != "0" and (os.cpu_count() or 1) >= 2


def arg_types(kernel: Any, args: Sequence[Any]) -> dict[str, Any]:
    """The numba types of the engine's array parameters, by name, for a call ``kernel(*args)``:
    the kernel's own arguments and the work arrays it makes (``tp``, ``tw``, ``rbest``,
    ``rpos``, ``work``, ``flags``) and passes on (``p`` is a row of ``par``)."""
    names = inspect.signature(kernel.py_func).parameters
    given = dict(zip(names, args, strict=True))
    found = {name: typeof(value) for name, value in given.items() if isinstance(value, np.ndarray)}
    found["p"] = typeof(given["par"][0])
    found["tp"] = found["tw"] = typeof(np.empty((1, 1)))
    found["rbest"] = typeof(np.empty(1))
    found["work"] = found["rpos"] = typeof(np.empty(1, dtype=np.int64))
    found["flags"] = typeof(np.zeros(1, dtype=np.bool_))
    return found


def signature(fn: Any, arrays: Mapping[str, Any]) -> tuple[Any, ...]:
    """The argument types with which the kernel calls dispatcher ``fn`` (module doc)."""
    sig = []
    for name, param in inspect.signature(fn.py_func).parameters.items():
        if name in arrays:
            sig.append(arrays[name])
        elif param.annotation in SCALARS:
            sig.append(SCALARS[param.annotation])
        else:
            raise TypeError(f"{fn.py_func.__qualname__}: no numba type for parameter {name!r}")
    return tuple(sig)


def resolve(ref: str) -> Any:
    """The dispatcher named ``"module:name"`` (``name`` may be dotted: an attribute's attribute)."""
    module, name = ref.split(":")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


def compile_part(part: Iterable[str], arrays: Mapping[str, Any]) -> None:
    """Compile (or load from the cache) every function of ``part`` for the kernel's types."""
    for ref in part:
        fn = resolve(ref)
        fn.compile(signature(fn, arrays))


def _cold(kernel: Any, args: Sequence[Any]) -> bool:
    """Whether numba's cache holds no entry for ``kernel(*args)`` (numba's own cache index)."""
    sig = tuple(typeof(a) for a in args)
    cache = kernel._cache
    key = cache._index_key(sig, kernel.targetctx.codegen())
    return key not in cache._cache_file._load_index()


def can_fork() -> bool:
    """Whether this process may fork its compile helpers: it runs one Python thread (no other
    thread can hold a lock the children would inherit held) and numba's threading layer has not
    started. numpy's OpenBLAS pool may run: OpenBLAS re-creates it in a child (``pthread_atfork``)."""
    from numba.np.ufunc import parallel

    pool_started = getattr(parallel, "_is_initialized", True)
    return hasattr(os, "fork") and threading.active_count() == 1 and not pool_started


def forked(plan: Plan) -> Iterator[str]:
    """The functions ``plan``'s children compile (its forks' plans, depth first, in order)."""
    for step in plan:
        if isinstance(step, Fork):
            yield from own(step.plan)
            yield from forked(step.plan)


def own(plan: Plan) -> Iterator[str]:
    """The functions ``plan`` compiles in its own process."""
    return (step for step in plan if isinstance(step, str))


@dataclass
class Child:
    """A forked child: a function that waits for it and gives its exit code (the same code on
    every call), and the functions it compiles (its plan's and its own children's)."""

    wait: Callable[[], int]
    refs: tuple[str, ...]


#: The dispatchers whose next compile in this process waits for a child first (:func:`_awaiting`).
_HOOKED: list[Any] = []


def _fork(step: Fork, arrays: Mapping[str, Any], err: int) -> Child:
    """Fork a child for ``step``, and make this process wait for it at the first use of one of its
    functions (a name that does not resolve is skipped: the child fails on it and reports it)."""
    child = Child(_forked_helper(step.plan, arrays, err), (*own(step.plan), *forked(step.plan)))
    for ref in child.refs:
        try:
            fn = resolve(ref)
        except (ImportError, AttributeError):
            continue
        _awaiting(fn, child)
    return child


def _unhook_all() -> None:
    """Undo :func:`_awaiting` for every dispatcher still hooked in this process."""
    while _HOOKED:
        _HOOKED.pop().__dict__.pop("compile", None)


def _wait_all(children: Sequence[Child]) -> bool:
    """Wait for every child; whether all succeeded."""
    return all([child.wait() == 0 for child in children])


def _steps(plan: Plan, arrays: Mapping[str, Any], err: int, pending: list[Child]) -> None:
    """Run ``plan``'s steps here, adding the children it forks to ``pending``."""
    for step in plan:
        if isinstance(step, Fork):
            pending.append(_fork(step, arrays, err))
        else:
            compile_part((step,), arrays)


def run_plan(plan: Plan, arrays: Mapping[str, Any], err: int) -> bool:
    """Run ``plan`` in this process (each :class:`Fork` a forked child, whose failure it reports
    on file descriptor ``err``) and wait for its children; whether every one succeeded."""
    pending: list[Child] = []
    try:
        _steps(plan, arrays, err, pending)
    finally:
        _unhook_all()
    return _wait_all(pending)


@dataclass
class Started:
    """A plan whose leading :class:`Fork` steps run already (:func:`start`); :func:`finish` runs
    the rest."""

    rest: Plan
    pending: list[Child]
    err: Any  # the file the children report a failure on


def start(kernel: Any, args: Sequence[Any], plan: Plan) -> Started:
    """Fork the children of ``plan``'s leading :class:`Fork` steps, for the types of
    ``kernel(*args)``, and return at once (only where :func:`can_fork`). Until :func:`finish`,
    a compile here of one of their functions waits for its child (:func:`_fork`)."""
    arrays = arg_types(kernel, args)
    err = tempfile.TemporaryFile()  # noqa: SIM115 - closed by finish, after the children report
    lead = 0
    while lead < len(plan) and isinstance(plan[lead], Fork):
        lead += 1
    forks = [_fork(step, arrays, err.fileno()) for step in plan[:lead] if isinstance(step, Fork)]
    return Started(plan[lead:], forks, err)


def finish(started: Started, kernel: Any, args: Sequence[Any], then: Callable[[], Any]) -> Any:
    """Run the rest of a started plan for the types of ``kernel(*args)``, then ``then()`` (the
    kernel's own compile) while the children still run: a function a child compiles makes this
    process wait for that child at its first use (:func:`_awaiting`), and then loads it from the
    cache. Waits for every child at the end (a failure is reported as a warning); ``then()``'s
    result."""
    with started.err as err:
        try:
            _steps(started.rest, arg_types(kernel, args), err.fileno(), started.pending)
            return then()
        finally:
            _unhook_all()
            _report(_wait_all(started.pending), err)


def _awaiting(fn: Any, child: Child) -> Any:
    """Make dispatcher ``fn``'s next compile in this process wait for ``child`` first (unless
    ``fn`` holds that signature already): numba's typing of a call asks the callee's dispatcher
    to compile (``get_call_template``), which then finds the child's function in the cache."""
    compile_here = fn.compile

    def compile_after_child(sig: Any) -> Any:
        fn.__dict__.pop("compile", None)
        if tuple(sig) not in fn.overloads:
            child.wait()
        return compile_here(sig)

    fn.compile = compile_after_child
    _HOOKED.append(fn)
    return fn


def compile_in_parts(
    kernel: Any,
    args: Sequence[Any],
    plan: Plan,
    then: Callable[[], Any] = lambda: None,
    fork: bool | None = None,
) -> Any:
    """Run ``plan`` for the types of ``kernel(*args)``, waiting at most ``HELPER_TIMEOUT_S`` for
    each child, and ``then()`` (the kernel's own compile, which loads the parts from the cache);
    ``then()``'s result. Forked (``fork``; by default where :func:`can_fork`), each :class:`Fork`
    is a child, which starts with everything its parent has loaded, and ``then()`` starts before
    the children end (:func:`finish`); otherwise one new interpreter compiles all that the
    children would (:func:`forked`), one after the other, while this process compiles its own
    steps, and ``then()`` runs after it."""
    if can_fork() if fork is None else fork:
        return finish(start(kernel, args, plan), kernel, args, then)
    arrays = arg_types(kernel, args)
    with tempfile.TemporaryFile() as err:
        wait = _interpreter_helper(tuple(forked(plan)), arrays, err)
        compile_part(own(plan), arrays)
        _report(wait() == 0, err)
    return then()


def _report(ok: bool, err: Any) -> None:
    """Warn, with the end of what the helpers wrote to file ``err``, unless they all succeeded."""
    if not ok:
        err.seek(0)
        tail = err.read().decode(errors="replace").strip()[-500:]
        warnings.warn(f"cueboard: the compile helper failed, compiling here: {tail}", stacklevel=4)


def _interpreter_helper(helper: Sequence[str], arrays: Mapping[str, Any], err: Any) -> Callable[[], int]:
    """Start ``python -m cueboard.engine.coldstart`` on ``helper``; a function that waits for it
    and gives its exit code."""
    root = str(Path(__file__).resolve().parents[2])  # the helper imports this very cueboard
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": root if not path else root + os.pathsep + path}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cueboard.engine.coldstart", *helper],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=err,
    )
    assert proc.stdin is not None
    with proc.stdin:
        proc.stdin.write(pickle.dumps(arrays))

    def wait() -> int:
        try:
            return proc.wait(timeout=HELPER_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            warnings.warn("cueboard: the compile helper timed out; compiling the rest here", stacklevel=4)
            return 0

    return wait


def _forked_helper(plan: Plan, arrays: Mapping[str, Any], err: int) -> Callable[[], int]:
    """Fork a child that runs ``plan`` (a failure's traceback goes to file descriptor ``err``)
    and leaves by ``os._exit``; a function that waits for it and gives its exit code."""
    pid = os.fork()
    if pid == 0:  # the child: compile, report a failure on err, never return
        code = 1
        try:
            _unhook_all()  # the hooks it inherits wait for its parent's other children
            code = 0 if run_plan(plan, arrays, err) else 1
        except BaseException:
            with os.fdopen(err, "w", closefd=False) as report:
                traceback.print_exc(file=report)
        finally:
            os._exit(code)

    codes: list[int] = []  # its exit code, once it has been waited for

    def wait() -> int:
        deadline = time.monotonic() + HELPER_TIMEOUT_S
        while not codes:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                codes.append(os.waitstatus_to_exitcode(status))
            elif time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                warnings.warn("cueboard: the compile helper timed out; compiling the rest here", stacklevel=4)
                codes.append(0)
            else:
                time.sleep(0.005)
        return codes[0]

    return wait


def install(
    kernel: Any,
    plan: Plan = PLAN,
    entries: Sequence[Any] = (),
    sample: Callable[[], Sequence[Any]] | None = None,
) -> None:
    """Make the first compile of ``kernel`` (a numba dispatcher) in this process one in several
    processes when the cache has no entry for it (module doc). Later calls are untouched.

    ``entries`` are dispatchers a game calls from Python before the kernel (the position check,
    the strike's motion state): the first compile of one of them forks the plan's leading children
    already, for the kernel's argument types as ``sample()`` gives them, so that they compile while
    this process compiles the entry; the kernel's first compile then runs the rest of the plan."""
    serial: Callable[..., Any] = kernel._compile_for_args
    early: list[Started] = []
    hooked = {entry: entry._compile_for_args for entry in entries}

    def unhook() -> None:
        for entry, compile_for_args in hooked.items():
            entry._compile_for_args = compile_for_args

    def first_compile(*args: Any, **kws: Any) -> Any:
        kernel._compile_for_args = serial  # only the first compile
        unhook()
        outcome: dict[str, Any] = {}

        def compile_kernel() -> None:
            try:
                outcome["compiled"] = serial(*args, **kws)
            except BaseException as exc:  # the kernel's own error, raised below as it is
                outcome["error"] = exc

        try:
            if early:
                finish(early.pop(), kernel, args, compile_kernel)
            elif enabled() and not kws and _cold(kernel, args):
                compile_in_parts(kernel, args, plan, compile_kernel)
        except Exception as exc:  # any failure of the parts leaves the serial compile
            warnings.warn(f"cueboard: compile in parts skipped: {exc!r}", stacklevel=2)
        if "error" in outcome:
            raise outcome["error"]
        return outcome["compiled"] if "compiled" in outcome else serial(*args, **kws)

    def entry_compile(entry: Any) -> Callable[..., Any]:
        def first_entry_compile(*args: Any, **kws: Any) -> Any:
            unhook()  # the first entry compiled starts the plan, once
            try:
                sample_args = sample() if sample is not None else None
                if sample_args is not None and enabled() and can_fork() and _cold(kernel, sample_args):
                    early.append(start(kernel, sample_args, plan))
            except Exception as exc:  # any failure leaves the kernel's own first compile
                warnings.warn(f"cueboard: compile in parts not started early: {exc!r}", stacklevel=2)
            return hooked[entry](*args, **kws)

        return first_entry_compile

    kernel._compile_for_args = first_compile
    for entry in entries:
        entry._compile_for_args = entry_compile(entry)


def main(refs: Sequence[str]) -> int:
    """The helper: compile ``refs`` for the pickled array types read from stdin."""
    arrays = pickle.loads(sys.stdin.buffer.read())
    compile_part(refs, arrays)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
