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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit, types

F = TypeVar("F", bound=Callable[..., Any])

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
