"""The throughput benchmark's count of PostgreSQL's own CPU (benchmarks/app_load.py): it finds
the server of the database's port — its postmaster and the postmaster's children, one backend per
connection — and reads what each has spent."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from benchmarks.app_load import _cpu_by_pid, _postgresql_pids
from tests.store.conftest import pg_cluster, pg_url  # noqa: F401


def test_the_processes_of_the_database_server_are_found(pg_url: str) -> None:  # noqa: F811
    with psycopg.connect(pg_url.replace("postgresql+psycopg", "postgresql")) as conn:
        backend = conn.execute("SELECT pg_backend_pid()").fetchone()
        assert backend is not None
        pids = _postgresql_pids(pg_url)()
        port = pg_url.rsplit(":", 1)[1].split("/")[0]
        main = Path(f"/proc/{pids[0]}/cmdline").read_bytes().split(b"\0")
        assert main[0].endswith(b"/postgres") and main[main.index(b"-p") + 1] == port.encode()
        assert backend[0] in pids[1:]  # (this connection's backend, a child of the postmaster)
        spent = _cpu_by_pid(pids)
        assert set(spent) <= set(pids) and backend[0] in spent
        assert all(t >= 0.0 for t in spent.values())
    assert _postgresql_pids(pg_url.replace(f":{port}/", ":1/"))() == []  # (no server on port 1)


def test_a_gone_process_is_left_out() -> None:
    assert _cpu_by_pid([2**22 + 7]) == {}
    with pytest.raises(OSError):
        Path(f"/proc/{2**22 + 7}/stat").read_text()
