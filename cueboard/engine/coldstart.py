"""A cold start compiled in two processes (docs/physics.md, "Cold start").

With an empty numba cache the first call of an event loop compiles every kernel it calls, one
after the other in one thread (~17 s of CPU for snooker's ``loop.run_balls``). Numba caches each
function on its own (``cache=True``), and a dispatcher that needs a callee loads the callee's
cached version instead of compiling it. So the first call can hand a part of the call tree to a
second process: :func:`install` makes the kernel's first call, when the cache holds no entry for
it, start ``python -m cueboard.engine.coldstart`` on the *helper* part (detection, roots, motion
and the loop's helpers), compile the *own* part (the model laws) in this process meanwhile, wait
for the helper, and then compile the kernel itself, which finds the helper's functions in the
cache. The machine code is the same as a serial compile's (the same functions, signatures and
options): results do not change, only who compiles what.

It saves wall time only where a second core is free (the helper runs on it); on a busy machine
the two processes share the cores like any others. Any failure of the helper (it died, the cache
is read-only, numba changed) leaves the serial compile: the kernel compiles whatever the cache
lacks. ``CUEBOARD_PARALLEL_COMPILE=0`` turns it off.

Cache writes are safe with two writers: numba writes every index and data file to a temporary
name and renames it into place (``os.replace``), and both processes compile each function with
the same signature, so they would write the same index key and the same code.

Signatures: each part function is compiled for the argument types the kernel passes it, read
from its parameters — arrays by the engine's parameter names (``body``, ``ibody``, ``seg``, ...,
the kernel's own argument types), scalars by their annotations (``int`` is int64, ``float``
float64, ``bool`` boolean). ``tests/engine/test_coldstart.py`` checks that a kernel compiled
afterwards loads every part function from the cache and compiles none of them again.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pickle
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numba import typeof, types

#: Functions compiled by the helper process ("module:name"); their callees come with them: event
#: detection (with roots and motion) and the cushion laws (Mathavan's integrator and table).
HELPER_PART: tuple[str, ...] = (
    "cueboard.engine.loop:_refresh",
    "cueboard.engine.models.ball:collide_ball_wall",
)
#: Functions compiled by the calling process meanwhile: the other ball laws, the loop's helpers and
#: its contact relaxation (``build_kernel`` keeps it as ``kernel.relax``). Both parts take about
#: the same CPU time (docs/physics.md); the kernel itself is compiled last.
OWN_PART: tuple[str, ...] = (
    "cueboard.engine.models.mathavan:solve",  # first: the helper's cushion law then loads it
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
#: Seconds the calling process waits for the helper before compiling the rest itself.
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


def compile_in_two(kernel: Any, args: Sequence[Any], own: Sequence[str], helper: Sequence[str]) -> float:
    """Compile ``helper`` in a second process and ``own`` here, then wait for the helper (at most
    ``HELPER_TIMEOUT_S``); the seconds this process waited. The kernel itself is left to the
    caller (it then loads the helper's part from the cache)."""
    arrays = arg_types(kernel, args)
    root = str(Path(__file__).resolve().parents[2])  # the helper imports this very cueboard
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": root if not path else root + os.pathsep + path}
    with tempfile.TemporaryFile() as err:
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
        compile_part(own, arrays)
        start = time.perf_counter()
        try:
            proc.wait(timeout=HELPER_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            warnings.warn("cueboard: the compile helper timed out; compiling the rest here", stacklevel=3)
        if proc.returncode != 0:
            err.seek(0)
            tail = err.read().decode(errors="replace").strip()[-500:]
            warnings.warn(f"cueboard: the compile helper failed, compiling here: {tail}", stacklevel=3)
    return time.perf_counter() - start


def install(kernel: Any, own: Sequence[str] = OWN_PART, helper: Sequence[str] = HELPER_PART) -> None:
    """Make the first compile of ``kernel`` (a numba dispatcher) in this process a two-process
    one when the cache has no entry for it (module doc). Later calls are untouched."""
    serial: Callable[..., Any] = kernel._compile_for_args

    def first_compile(*args: Any, **kws: Any) -> Any:
        kernel._compile_for_args = serial  # only the first compile
        try:
            if enabled() and not kws and _cold(kernel, args):
                compile_in_two(kernel, args, own, helper)
        except Exception as exc:  # any failure leaves the serial compile
            warnings.warn(f"cueboard: two-process compile skipped: {exc!r}", stacklevel=2)
        return serial(*args, **kws)

    kernel._compile_for_args = first_compile


def main(refs: Sequence[str]) -> int:
    """The helper: compile ``refs`` for the pickled array types read from stdin."""
    arrays = pickle.loads(sys.stdin.buffer.read())
    compile_part(refs, arrays)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
