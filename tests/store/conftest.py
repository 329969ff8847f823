"""The PostgreSQL fixtures (tests/store/pgcluster.py): one cluster for the session, a fresh
database per test; they skip, saying why, where PostgreSQL or psycopg is not installed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.store.pgcluster import SKIP_REASON, Cluster, find_initdb


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    initdb = find_initdb()
    if initdb is None:
        pytest.skip(SKIP_REASON)
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install 'cueboard[postgres]')")
    cluster = Cluster(initdb).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    return pg_cluster.new_database()
