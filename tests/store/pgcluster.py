"""A throwaway PostgreSQL cluster for the tests: ``initdb`` into a temporary folder, ``pg_ctl``
starts it on a free loopback port (Unix socket in the same folder), ``stop()`` ends it and removes
the folder. PostgreSQL refuses to run as root, so as root the cluster belongs to the ``postgres``
user (made by Debian's package) and its commands run through ``runuser``.

:func:`find_initdb` is None where PostgreSQL is not installed (scripts/ensure-postgres.sh
installs Debian's ``postgresql``); the fixtures then skip, saying so.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

SKIP_REASON = ("PostgreSQL is not installed (no initdb; scripts/ensure-postgres.sh installs Debian's "
               "'postgresql' package)")


def find_initdb() -> Path | None:
    """The newest installed ``initdb`` (Debian keeps it out of PATH, in /usr/lib/postgresql/N/bin)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1])
    on_path = shutil.which("initdb")
    return Path(on_path) if on_path else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """One running PostgreSQL server of its own, reachable at 127.0.0.1:``port`` as ``cueboard``
    (trust authentication: loopback only, a temporary folder, gone when the tests end)."""

    def __init__(self, initdb: Path):
        self.bin = initdb.parent
        self.dir = Path(tempfile.mkdtemp(prefix="cueboard-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres"
            entry = pwd.getpwnam(self.user)
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, check=False)
        if done.returncode != 0:
            out = done.stdout[-1500:] + done.stderr[-1500:]
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {out}")

    def start(self) -> Cluster:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "cueboard", "-E", "UTF8", "--no-sync")
        self.resume()
        return self

    def pause(self, mode: str = "fast") -> None:
        """Stop the server, keeping its data for :meth:`resume`: ``fast`` cuts every connection
        and writes what was committed (this cluster runs with ``synchronous_commit=off``, so
        ``immediate``, a crash, may lose the last commits)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def resume(self) -> None:
        """Start the server (again), on the same port."""
        opts = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections=300 "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.dir / "server.log"), "-w",
                  "-t", "60", "start")

    def stop(self) -> None:
        try:
            self.pause("immediate")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://cueboard@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its SQLAlchemy URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=cueboard dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextlib.contextmanager
def running_cluster() -> Iterator[Cluster]:
    """A cluster started for the ``with`` block and stopped after it; the test skips, saying why,
    where PostgreSQL or psycopg is not installed."""
    import pytest

    initdb = find_initdb()
    if initdb is None:
        pytest.skip(SKIP_REASON)
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install 'cueboard[postgres]')")
    cluster = Cluster(initdb).start()
    try:
        yield cluster
    finally:
        cluster.stop()
