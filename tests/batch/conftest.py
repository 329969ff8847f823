"""One local Ray of 2 CPUs for the whole test session (Ray takes seconds to start): the tests
that need it take the ``ray_executor`` fixture; skipped where Ray, the extra cueboard[cluster],
is not installed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cueboard.batch import RayExecutor


@pytest.fixture(scope="session")
def ray_executor() -> Iterator[RayExecutor]:
    pytest.importorskip("ray")
    ex = RayExecutor(2)
    ex.connect()
    yield ex
    ex.close()
