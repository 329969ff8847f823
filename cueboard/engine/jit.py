"""The engine's numba decorators: compiled with on-disk caching and numpy's error model (no
exception branch per division); ``internal`` kernels, called only from compiled code, get no
Python wrapper and one compiled version per argument *types*, never per constant value (less
to compile on a cold start).

Numba types a constant argument (``_write_event(..., EV_STATE, ...)``, a module constant or a
literal) as ``Literal[int](value)`` and compiles the callee once more for each such value: the
event writer of the loop was compiled three times (0.4 s of CPU of a cold start, measured with
numba's compile events; docs/physics.md). :func:`internal` resolves a call from the argument
types without their literal values (``types.unliteral``), so the one ``int64`` version serves
every constant, converted at the call as for any ``int64`` argument: the same machine
arithmetic, the same results.

:class:`CompileNotice` tells the user when a process compiles a kernel (numba's cache had none:
``python -m cueboard.engine.warm`` was not run, or the engine's sources changed): once that it
is compiling, then each kernel with the seconds it took (numba's documented event API, no
private numba attribute; tests/engine/test_jit.py scans the package for any).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit, types
from numba.core import event

F = TypeVar("F", bound=Callable[..., Any])

log = logging.getLogger("cueboard.engine")

#: CPU seconds to compile every kernel from an empty cache (``python -m cueboard.engine.warm``,
#: docs/physics.md "Cold start"); one kernel takes a share of it.
COLD_COMPILE_S = 25
#: What a process that finds a kernel missing from numba's cache tells the user, once.
NOTICE = (
    f"cueboard: compiling the physics kernels once (about {COLD_COMPILE_S} s of CPU for all of them; "
    "python -m cueboard.engine.warm compiles them ahead); later runs load them from numba's cache"
)

#: Options of every engine kernel: cached on disk; numpy's error model; no C-callable ("cfunc")
#: wrapper — numba builds one per function for first-class function values, which the engine
#: never uses: ~2.5 s of CPU of a cold start (docs/physics.md), the machine code is unchanged.
KERNEL_OPTIONS: dict[str, Any] = {"cache": True, "error_model": "numpy", "no_cfunc_wrapper": True}
#: The disc model's kernels keep Python's error model (a division by zero raises).
PYTHON_ERROR_OPTIONS: dict[str, Any] = {"cache": True, "no_cfunc_wrapper": True}
#: Options of kernels called only from other kernels.
INTERNAL_OPTIONS: dict[str, Any] = {**KERNEL_OPTIONS, "no_cpython_wrapper": True}


def internal(fn: F) -> F:
    """Compile ``fn`` as an internal kernel (not callable from Python), one version per
    argument types (see the module docstring)."""
    dispatcher = njit(**INTERNAL_OPTIONS)(fn)
    resolve = dispatcher.get_call_template  # what numba's typing asks a dispatcher for a call

    def without_literals(args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
        return resolve(tuple(types.unliteral(a) for a in args), plain_kws)

    dispatcher.get_call_template = without_literals
    return cast(F, dispatcher)


class CompileNotice(event.Listener):
    """Tells the user when numba compiles one of the package's kernels in this process, which
    happens only where numba's on-disk cache has no entry for it (``python -m
    cueboard.engine.warm`` fills the cache at install). Listens to numba's ``numba:compile``
    event (numba's documented event API, ``numba.core.event``), which numba broadcasts around a
    real compile and never for a load from the cache.

    The first compile logs :data:`NOTICE` once per process; the end of each outermost compile
    (a kernel with the callees its typing compiled) logs how long it took and is kept in
    ``compiled``. Compiles run under numba's global compiler lock, one at a time, so one depth
    counter follows the nesting."""

    def __init__(self, package: str = "cueboard.") -> None:
        self.package = package
        self.depth = 0
        self.started = 0.0
        self.told = False
        #: Each outermost compile of this process: the function's name and the seconds it took.
        self.compiled: list[tuple[str, float]] = []

    def _ours(self, ev: event.Event) -> bool:
        module = getattr(ev.data["dispatcher"].py_func, "__module__", None) or ""
        return module.startswith(self.package)

    def on_start(self, ev: event.Event) -> None:
        if not self._ours(ev):
            return
        if self.depth == 0:
            self.started = time.perf_counter()
            if not self.told:
                self.told = True
                log.warning(NOTICE)
        self.depth += 1

    def on_end(self, ev: event.Event) -> None:
        if not self._ours(ev):
            return
        self.depth -= 1
        dispatcher = ev.data["dispatcher"]
        # compiled, not failed: the dispatcher holds the new version (numba 0.68's is_failed
        # answers the opposite)
        if self.depth == 0 and tuple(ev.data["args"]) in dispatcher.overloads:
            took = time.perf_counter() - self.started
            self.compiled.append((dispatcher.py_func.__qualname__, took))
            log.warning("cueboard: compiled %s in %.1f s", dispatcher.py_func.__qualname__, took)


#: The listener of this process (registered at import: every kernel module imports this one).
COMPILES = CompileNotice()
event.register("numba:compile", COMPILES)
