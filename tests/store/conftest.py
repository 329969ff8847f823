"""The PostgreSQL fixtures (tests/store/pgcluster.py): one cluster for the session, a fresh
database per test; they skip, saying why, where PostgreSQL or psycopg is not installed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.store.pgcluster import Cluster, running_cluster


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    return pg_cluster.new_database()
