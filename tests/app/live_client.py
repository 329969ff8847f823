"""Helpers of the live-table tests: a server in a thread on a free port, and a reader of
Server-Sent Events."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI


def friend_match(host: httpx.Client, guest: httpx.Client) -> str:
    """A snooker match (seed 2) that ``host`` creates for Ann (seat 0) with an invitation for
    seat 1, which ``guest`` takes as Mai; its id."""
    r = host.post("/api/matches", json={"game": "snooker", "seed": 2,
                                        "players": [{"name": "Ann"}, {"name": "Bob", "invite": True}]})
    assert r.status_code == 201, r.text
    m = r.json()
    code = m["online"]["invitations"][0]["code"]
    assert guest.post(f"/api/matches/{m['id']}/join", json={"code": code, "name": "Mai"}).status_code == 200
    return str(m["id"])


@contextmanager
def serve(app: FastAPI) -> Iterator[str]:
    """Run ``app`` under uvicorn in a thread; yields its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@dataclass
class Event:
    event: str
    data: Any
    id: int | None


class EventReader:
    """An open ``GET .../live`` stream, read event by event (comments and ``retry`` skipped)."""

    def __init__(self, client: httpx.Client, path: str, headers: dict[str, str] | None = None):
        self._cm = client.stream("GET", path, headers=headers or {}, timeout=httpx.Timeout(10.0))
        self.response = self._cm.__enter__()
        self._lines = self.response.iter_lines()

    def next(self) -> Event:
        fields: dict[str, str] = {}
        for line in self._lines:
            if line == "":
                if "event" in fields:
                    return Event(fields["event"], json.loads(fields["data"]),
                                 int(fields["id"]) if "id" in fields else None)
                fields = {}
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            fields[name] = value
        raise EOFError("the stream ended")

    def until(self, event: str) -> list[Event]:
        """Events up to and including the next ``event``."""
        out = []
        while True:
            e = self.next()
            out.append(e)
            if e.event == event:
                return out

    def close(self) -> None:
        self._cm.__exit__(None, None, None)
