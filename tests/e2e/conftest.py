"""Shared by the browser tests: one cueboard server for the whole session (its warm-up, one
stroke per game, is paid once) and the machine's Chromium."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import CHROMIUM, CHROMIUM_ARGS, Server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("e2e")
    srv = Server(f"sqlite:///{tmp / 'e2e.sqlite3'}", tmp / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (scripts/ensure-chromium.sh installs it)")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
