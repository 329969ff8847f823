"""A cueboard server in a child process on a free localhost port, and the machine's Chromium."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``cueboard serve`` over a database URL; ``restart()`` stops it and starts a new process."""

    def __init__(self, db_url: str, log: Path):
        self.db_url = db_url
        self.log = log
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it has warmed up its physics (one stroke per game, so
        that no browser test waits for numba kernels to compile or load)."""
        exe = str(Path(sys.executable).parent / "cueboard")
        cmd = [exe, "serve", "--port", str(self.port), "--db", self.db_url,
               "--ai-budget", "0.3"]
        # the server runs this checkout's cueboard (not whichever copy the venv has installed)
        root = str(Path(__file__).resolve().parents[2])
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": path}
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/health", timeout=2) as r:
                    if r.status == 200 and json.load(r).get("warm"):
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("the server did not warm up within 180 s")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


def api_call(server: Server, method: str, path: str, body: Any = None, version: int | None = None,
             token: str | None = None, timeout: float = 120) -> Any:
    """``method path`` on the server's JSON API, as a script would call it (no cookies): an acting
    request names the match version it was made against (``X-Match-Version``, docs/service.md)
    and a seat's or the host's token (docs/app.md, "Playing a friend")."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if version is not None:
        headers["X-Match-Version"] = str(version)
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.load(r)


def page_point(page: Any, x: float, y: float) -> tuple[float, float]:
    """The page coordinates of the table point (x, y) in metres."""
    px, py = page.evaluate(f"window.cueboard.view.pagePoint({x}, {y})")
    return float(px), float(py)


def click_world(page: Any, x: float, y: float) -> None:
    """Move the pointer to the table point (x, y) and click there."""
    px, py = page_point(page, x, y)
    page.mouse.move(px, py)
    page.mouse.click(px, py)


def new_match(page: Any, server: Server, game: str) -> None:
    """Start a match of ``game`` from the lobby with its default players, and wait until the
    table is drawn and idle."""
    page.goto(server.url + "/#/")
    page.wait_for_selector("#start")
    page.select_option("select[name=game]", game)
    page.click("#start")
    page.wait_for_selector("#table")
    page.wait_for_function("window.cueboard && window.cueboard.m && document.body.dataset.busy === ''")


def axe_serious(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page (the axe.min.js bundled by the dev
    dependency axe-playwright-python; the page must bypass its CSP to take the injected script).
    Skips the test when that package is missing."""
    import pytest

    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or spec.origin is None:
        pytest.skip("axe-playwright-python (axe-core) is not installed: pip install -e '.[dev]'")
    page.add_script_tag(path=str(Path(spec.origin).with_name("axe.min.js")))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]
