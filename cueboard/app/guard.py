"""What stands between the network and the API (docs/service.md#limits-and-headers): one ASGI
middleware that answers before any route runs, and the per-client rate limits.

:class:`Guard`, in order, for every HTTP request:

1. **Host.** The ``Host`` header must name one of the allowed hosts (by default the loopback names:
   a page on another site whose name was made to resolve to 127.0.0.1 — DNS rebinding — is
   refused): else 400.
2. **Cross-site writes.** A request that is not ``GET``/``HEAD``/``OPTIONS`` under ``/api/`` is
   refused (403) when the browser says it comes from another site (``Sec-Fetch-Site:
   cross-site``/``same-site``, or an ``Origin`` that is not this host), and (415) when its body is
   not declared JSON. A cross-site HTML form can send neither a JSON content type nor the
   ``X-Match-Version`` header every acting request needs, so no form can act on a match (OWASP,
   "Cross-Site Request Forgery Prevention Cheat Sheet": custom request headers, Fetch Metadata).
3. **Body size and time.** A body over the limit (64 KiB by default) is refused with 413 before it
   is read: by its ``Content-Length``, or, for a chunked body, as soon as the bytes received pass
   it. A body whose next part has not arrived ``body_timeout_s`` after the last one is refused
   with 408 (a slow body holds a server thread; nginx's ``client_body_timeout``).
4. **Event streams.** A live table's stream (``GET /api/matches/{id}/live``) past
   ``streams_per_client`` open from the client's address, or ``streams_total`` open in this
   process, is refused with 429 / 503 before it starts (each holds a connection and a task for as
   long as the page is open); by default those of
   :class:`cueboard.app.connections.ConnectionLimits` (32 and 2000, ``cueboard serve
   --max-streams-per-client``).
5. **Headers** on every answer: ``Content-Security-Policy`` (``default-src 'self'``, no framing,
   no plugins, forms only to this site), ``X-Content-Type-Options: nosniff``, ``X-Frame-Options:
   DENY``, ``Referrer-Policy: no-referrer``, ``Cross-Origin-Opener-Policy: same-origin``; API
   answers also ``Cache-Control: no-store``.

Every refusal is an RFC 9457 problem (``application/problem+json``) like the API's other errors.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING, Any, ClassVar
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException

from cueboard.errors import CueboardInputError, SettingsError

if TYPE_CHECKING:
    from cueboard.store import Store

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The largest request body accepted, bytes (a stroke or a new match is well under 2 KiB).
BODY_LIMIT = 64 * 1024
#: The host names a request may be addressed to unless the server is told others. ``testserver``
#: is the name Starlette's test client sends; no public DNS name can be a single label like it.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "testserver")
CSP = ("default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Seconds between two parts of a request body before it is refused (408).
BODY_TIMEOUT_S = 30.0
_STREAM_PATH = re.compile(r"^/api/matches/[^/]+/live/?$")


class BodyTooLargeError(HTTPException, CueboardInputError):
    """A request body over the limit (413; an HTTPException first, so that FastAPI's body reading
    passes it on to the app's error handler as it is)."""

    code: ClassVar[str] = "body-too-large"

    def __init__(self, detail: str, status_code: int = 413):
        super().__init__(status_code=status_code, detail=detail)


class BodyTimeoutError(BodyTooLargeError):
    """A request body that stopped arriving (408)."""

    code: ClassVar[str] = "body-timeout"

    def __init__(self, detail: str):
        super().__init__(detail, 408)


def _host_name(host: str) -> str:
    """The host name of a ``Host`` header value (``[::1]:8000`` → ``::1``, ``a:80`` → ``a``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """The ASGI middleware of the module docstring."""

    def __init__(self, app: ASGIApp, *, allowed_hosts: Iterable[str] = LOOPBACK_HOSTS,
                 body_limit: int = BODY_LIMIT, body_timeout_s: float = BODY_TIMEOUT_S,
                 streams_per_client: int | None = None, streams_total: int | None = None):
        from cueboard.app.connections import ConnectionLimits

        limits = ConnectionLimits.from_env()  # (cueboard serve's settings, else the defaults)
        streams_per_client = limits.streams_per_client if streams_per_client is None else streams_per_client
        streams_total = limits.streams_total if streams_total is None else streams_total
        if body_timeout_s <= 0 or streams_per_client < 1 or streams_total < 1:
            raise SettingsError(f"the guard needs body_timeout_s > 0 and stream caps >= 1 (not "
                             f"{body_timeout_s}, {streams_per_client}, {streams_total})")
        self.app = app
        self.allowed = {h.lower().strip("[]") for h in allowed_hosts}
        self.any_host = "*" in self.allowed
        self.body_limit = body_limit
        self.body_timeout_s = body_timeout_s
        self.streams_per_client = streams_per_client
        self.streams_total = streams_total
        self._streams: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            status, detail, extra = refusal
            await _send_error(send, status, detail, extra)
            return
        if scope.get("method") == "GET" and _STREAM_PATH.match(scope["path"]):
            await self._stream(scope, receive, send)
            return
        await self._guarded(scope, receive, send)

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A live table's stream, counted against the caps while it is open."""
        client = scope["client"][0] if scope.get("client") else "unknown"
        total = sum(self._streams.values())
        if total >= self.streams_total:
            await _send_error(send, 503, f"this server holds {total} live streams, its most: try again "
                              "shortly", {}, [(b"retry-after", b"5")])
            return
        if self._streams[client] >= self.streams_per_client:
            await _send_error(send, 429, f"this client holds {self.streams_per_client} live streams "
                              "already, its most: close a table first", {}, [(b"retry-after", b"5")])
            return
        self._streams[client] += 1
        try:
            await self._guarded(scope, receive, send)
        finally:
            self._streams[client] -= 1
            if self._streams[client] <= 0:
                del self._streams[client]

    async def _guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                added = [h for h in SECURITY_HEADERS if h[0] not in names]
                if scope["path"].startswith("/api/") and b"cache-control" not in names:
                    added.append((b"cache-control", b"no-store"))
                message["headers"] = [*message.get("headers", []), *added]
            await send(message)

        received = 0
        body_done = False

        async def limited_receive() -> Message:
            nonlocal received, body_done
            if body_done:  # (a stream's wait for the client to leave: never timed)
                return await receive()
            try:  # (asyncio.timeout, not wait_for: no task made for each piece of a body)
                async with asyncio.timeout(self.body_timeout_s):
                    message = await receive()
            except TimeoutError:
                raise BodyTimeoutError(f"the request body stopped arriving for {self.body_timeout_s:g} s") \
                    from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                body_done = not message.get("more_body", False)
                if received > self.body_limit:
                    raise BodyTooLargeError(self._too_large())
            else:
                body_done = True
            return message

        try:
            await self.app(scope, limited_receive, send_with_headers)
        except BodyTooLargeError as err:  # (a BodyTimeoutError too)
            if started:
                raise
            await _send_error(send, err.status_code, str(err.detail), {})

    def _too_large(self) -> str:
        return f"the request body is over the limit of {self.body_limit} bytes"

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str, dict[str, Any]] | None:
        host = headers.get("host", "")
        if not self.any_host and _host_name(host) not in self.allowed:
            return 400, f"the Host header {host[:80]!r} is not one this server answers to", {}
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.body_limit):
            return 413, self._too_large(), {}
        method = scope.get("method", "GET")
        if method in SAFE_METHODS or not scope["path"].startswith("/api/"):
            return None
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return 403, f"a write from another site is refused (Sec-Fetch-Site: {site[:40]})", {}
        origin = headers.get("origin")
        if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
            return 403, f"a write from another origin is refused (Origin: {origin[:80]})", {}
        ctype = headers.get("content-type")
        has_body = (length not in (None, "0")) or "chunked" in headers.get("transfer-encoding", "")
        if (ctype is not None or has_body) and not _is_json(ctype or ""):
            return 415, "the request body must be JSON (Content-Type: application/json)", {}
        return None


def _is_json(ctype: str) -> bool:
    main = ctype.split(";", 1)[0].strip().lower()
    return main == "application/json" or (main.startswith("application/") and main.endswith("+json"))


async def _send_error(send: Send, status: int, detail: str, extra: dict[str, Any],
                      headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    # an RFC 9457 problem like the API's other errors (cueboard/app/problems.py), typed by its status
    key, phrase = "error.invalid", HTTPStatus(status).phrase
    code = phrase.lower().replace(" ", "-")
    body = json.dumps({"type": f"/problems/{code}", "title": phrase, "status": status, "detail": detail,
                       "code": code, "key": key, "params": {"detail": detail, **extra}}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode()),
        *SECURITY_HEADERS, (b"cache-control", b"no-store"), *headers]})
    await send({"type": "http.response.body", "body": body})


# --- rate limits -------------------------------------------------------------------------------
class RateLimitedError(CueboardInputError):
    """Too many requests of one kind from one client (429, with the seconds to wait)."""

    code: ClassVar[str] = "rate-limited"

    def __init__(self, what: str, retry_after_s: float):
        super().__init__(f"too many {what} from this client: try again in {math.ceil(retry_after_s)} s")
        self.retry_after_s = retry_after_s


@dataclass(frozen=True)
class Rate:
    """``per_minute`` requests a minute on average, up to ``burst`` at once (a token bucket)."""

    per_minute: float
    burst: int

    def __post_init__(self) -> None:
        if not (self.per_minute > 0 and self.burst >= 1):
            raise SettingsError(f"a rate needs per_minute > 0 and burst >= 1, not {self}")


class RateLimiter:
    """Token buckets per client (by address).

    With a ``store`` the buckets are rows of its database (table ``rate_buckets``), so every
    server process over that database spends from the same bucket and ``--workers N`` does not
    give a client N times the rate; buckets that have refilled are deleted now and then. Without
    one they live in this process, the table of clients bounded (the ``max_clients`` most recently
    seen are kept), so a flood of addresses cannot grow it.

    The client address is the connection's peer, or, from a trusted proxy only, the one its
    ``X-Forwarded-For`` names (uvicorn's ``forwarded_allow_ips``, set by ``cueboard serve
    --trusted-proxy``; docs/service.md#connections)."""

    #: Shared buckets: every this many takes, delete the ones that have refilled.
    PRUNE_EVERY = 256

    def __init__(self, what: str, rate: Rate, *, max_clients: int = 4096,
                 clock: Callable[[], float] = time.time, store: Store | None = None):
        self.what = what
        self.rate = rate
        self.max_clients = max_clients
        self.clock = clock
        self.store = store
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()
        self._takes = 0

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, client: str) -> None:
        """Spend one request of ``client``'s bucket, or raise :class:`RateLimitedError`."""
        per_s = self.rate.per_minute / 60.0
        if self.store is not None:
            now = self.clock()
            wait = self.store.take_token(f"{self.what}|{client}"[:200], per_s, self.rate.burst, now)
            self._takes += 1
            if self._takes % self.PRUNE_EVERY == 0:
                self.store.forget_full_buckets(now - self.rate.burst / per_s)
            if wait > 0.0:
                raise RateLimitedError(self.what, wait)
            return
        with self._lock:
            now = self.clock()
            tokens, at = self._buckets.pop(client, (float(self.rate.burst), now))
            tokens = min(float(self.rate.burst), tokens + (now - at) * per_s)
            if tokens < 1.0:
                self._buckets[client] = (tokens, now)
                raise RateLimitedError(self.what, (1.0 - tokens) / per_s)
            self._buckets[client] = (tokens - 1.0, now)
            while len(self._buckets) > self.max_clients:
                self._buckets.popitem(last=False)


__all__ = ["BODY_LIMIT", "CSP", "LOOPBACK_HOSTS", "Guard", "Rate", "RateLimitedError", "RateLimiter"]
