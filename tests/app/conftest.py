"""Fixtures of the app's API tests: a server over a fresh SQLite file, with the stand-in physics."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

import fake_physics

from cueboard.app.server import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'app.sqlite3'}"


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    fake_physics.install(monkeypatch)
    with TestClient(create_app(db_url)) as c:
        yield c


# The PostgreSQL fixtures (a throwaway cluster, tests/store/pgcluster.py) for the tests of many
# server processes over one PostgreSQL database.
from tests.store.conftest import pg_cluster, pg_url  # noqa: E402, F401
