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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
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


def spawn_serve(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """``cueboard serve ARGS`` in a child process running this checkout's cueboard (not whichever
    copy the venv has installed), its output appended to ``log``."""
    cmd = [sys.executable, "-c", "from cueboard.cli.main import app; app()", "serve", *args]
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": path}
    with log.open("ab") as out:
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)


def wait_until_up(proc: subprocess.Popen[bytes], log: Path, ready: Callable[[], bool], timeout_s: float,
                  what: str = "start") -> None:
    """Poll ``ready()`` (an ``OSError`` counts as not yet) until it is true; a clear error with the
    end of the server's log when the process exits or ``timeout_s`` passes first."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()[-2000:]}")
        try:
            if ready():
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the server did not {what} within {timeout_s:g} s: {log.read_text()[-2000:]}")


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
        args = ["--port", str(self.port), "--db", self.db_url, "--ai-budget", "0.3"]
        self.proc = spawn_serve(args, self.log)

        def warm() -> bool:
            with urllib.request.urlopen(f"{self.url}/api/health", timeout=2) as r:
                return r.status == 200 and bool(json.load(r).get("warm"))

        wait_until_up(self.proc, self.log, warm, 180, "warm up")

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
    """Move the pointer to the table point (x, y) and click there, once the page is not busy: the
    table ignores clicks while a request is in flight (it is drawn greyed), so a user clicks after
    the answer, and so does this."""
    page.wait_for_function("document.body.dataset.busy === ''")
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


@contextmanager
def lobby_page(browser: Any, server: Server, init_script: str | None = None, **context: Any) -> Iterator[Any]:
    """A new browser context (``context``: viewport, touch... with ``bypass_csp`` on, for the
    tests' string predicates and axe) on the lobby, ready; ``init_script`` runs before the page's
    own. On leaving, the context is closed and any uncaught page error fails the test."""
    ctx = browser.new_context(**{"bypass_csp": True, **context})
    if init_script is not None:
        ctx.add_init_script(init_script)
    pg = ctx.new_page()
    pg.set_default_timeout(60000)  # a loaded CI machine: waits, not failures
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server.url + "/")
    pg.wait_for_selector("body[data-ready='1']")
    yield pg
    ctx.close()
    assert not errors, errors
