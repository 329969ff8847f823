"""The engine's numba decorators: compiled with on-disk caching and numpy's error model (no
exception branch per division); ``internal`` kernels, called only from compiled code, get no
Python wrapper (less to compile on a cold start)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit

F = TypeVar("F", bound=Callable[..., Any])

#: Options of every engine kernel.
KERNEL_OPTIONS: dict[str, Any] = {"cache": True, "error_model": "numpy"}
#: Options of kernels called only from other kernels.
INTERNAL_OPTIONS: dict[str, Any] = {**KERNEL_OPTIONS, "no_cpython_wrapper": True}


def internal(fn: F) -> F:
    """Compile ``fn`` as an internal kernel (not callable from Python)."""
    return cast(F, njit(**INTERNAL_OPTIONS)(fn))
