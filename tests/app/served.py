"""``cueboard serve --workers N`` in a child process on a free loopback port, for the tests of
many processes over one database; and a client that plays legal novuss strokes against it."""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.e2e.harness import free_port, spawn_serve, wait_until_up


class Served:
    """The server: ``start()`` waits until ``/api/health`` answers; ``workers()`` lists the worker
    processes' ids (the children of uvicorn's supervisor)."""

    def __init__(self, db_url: str, workers: int, log: Path, *extra: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        args = ["--port", str(self.port), "--workers", str(workers), "--db", db_url, "--no-warm-up",
                "--ai-budget", "0.2", "--matches-per-minute", "6000",
                "--ai-turns-per-minute", "60000", *extra]
        self.proc = spawn_serve(args, log)

    def start(self, expect_workers: int, timeout_s: float = 240) -> Served:
        def up() -> bool:
            status, _ = call(self, "GET", "/api/health")
            workers = self.workers()
            return (status == 200 and len(workers) >= expect_workers
                    and all(accepting(pid, self.port) for pid in workers[:expect_workers]))

        wait_until_up(self.proc, self.log, up, timeout_s)
        return self

    def workers(self) -> list[int]:
        out = []
        for path in Path(f"/proc/{self.proc.pid}/task").glob("*/children"):
            for pid in path.read_text().split():
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
                if b"spawn_main" in cmdline:
                    out.append(int(pid))
        return out

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def call(server: Served, method: str, path: str, body: Any = None, version: int | None = None,
         timeout: float = 60, token: str | None = None) -> tuple[int, Any]:
    """One request: (status, decoded JSON body or None); ``token`` a seat's or the host's
    (online play: ``Authorization: Bearer``)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if version is not None:
        headers["X-Match-Version"] = str(version)
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
            return r.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as err:
        raw = err.read()
        try:
            return err.code, json.loads(raw)
        except ValueError:
            return err.code, raw.decode("utf-8", "replace")


#: The novuss edge zone's centre line for each seat (board.py's frame: 0 bottom, 1 left, 2 top,
#: 3 right) is at ±(half - edge_zone / 2); a gentle stroke straight ahead from a random point of it.
def novuss_strike(seat: int, rng: random.Random) -> dict[str, float]:
    from cueboard.games.novuss import STANDARD_BOARD

    u = STANDARD_BOARD.half - STANDARD_BOARD.edge_zone / 2
    t = rng.uniform(-0.3, 0.3)
    x, y, angle = ((t, -u, 90.0), (-u, t, 0.0), (t, u, -90.0), (u, t, 180.0))[seat]
    return {"x": x, "y": y, "speed": rng.uniform(0.5, 1.5), "angle": angle + rng.uniform(-20, 20)}


def tcp_inodes(port: int, state: str) -> set[str]:
    """The inodes of the TCP sockets on local ``port`` in ``state`` (/proc/net/tcp and tcp6:
    ``0A`` listening, ``01`` established)."""
    out = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for row in Path(table).read_text().splitlines()[1:]:
                fields = row.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == state:
                    out.add(fields[9])
    return out


def socket_fds(pid: int) -> dict[str, str]:
    """Process ``pid``'s socket descriptors: descriptor number -> the socket's inode."""
    out = {}
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                out[fd.name] = target[8:-1]
    return out


def accepting(pid: int, port: int) -> bool:
    """Whether worker ``pid`` is taking connections on ``port``: its event loop's epoll watches a
    socket listening there (/proc/PID/fdinfo lists an epoll's watched descriptors as ``tfd:``).
    A worker process exists a while before it does: connections opened meanwhile all go to the
    workers already listening."""
    listening = tcp_inodes(port, "0A")
    watched = {fd for fd, inode in socket_fds(pid).items() if inode in listening}
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            if os.readlink(fd) == "anon_inode:[eventpoll]":
                for line in (Path(f"/proc/{pid}/fdinfo") / fd.name).read_text().splitlines():
                    if line.startswith("tfd:") and line.split()[1] in watched:
                        return True
    return False
