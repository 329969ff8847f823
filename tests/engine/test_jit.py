"""cueboard.engine.jit: an internal kernel is compiled once per argument types, not once more
for each constant value a caller passes (a cold start compiles less), and computes the same."""

from __future__ import annotations

import numpy as np
from numba import njit

from cueboard.engine.jit import internal

THREE = 3


@internal
def _scaled(x: int, k: int) -> float:
    return x * k / 7.0


@njit(cache=False)
def _calls(n: int) -> float:
    # a literal, a module constant, a keyword literal and a variable: four call sites
    return _scaled(2, 5) + _scaled(THREE, 5) + _scaled(n, k=9) + _scaled(n, n)


def test_constant_arguments_share_one_compiled_version() -> None:
    assert _calls(4) == 2 * 5 / 7.0 + 3 * 5 / 7.0 + 4 * 9 / 7.0 + 4 * 4 / 7.0
    assert len(_scaled.signatures) == 1
    (sig,) = _scaled.signatures
    assert all(str(t) == "int64" for t in sig)


def test_a_plain_njit_would_compile_one_version_per_constant() -> None:
    """The behaviour internal() removes (numba types constants as Literal[int](value))."""

    @njit(cache=False, no_cpython_wrapper=True)
    def plain(x: int, k: int) -> float:
        return x * k / 7.0

    @njit(cache=False)
    def calls(n: int) -> float:
        return plain(2, 5) + plain(THREE, 5) + plain(n, n)

    assert calls(np.int64(4)) == 2 * 5 / 7.0 + 3 * 5 / 7.0 + 16 / 7.0
    assert len(plain.signatures) > 1
