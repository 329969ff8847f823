"""Bounded connections: the HTTP protocol and the uvicorn settings ``cueboard serve`` runs with
(docs/service.md#connections).

uvicorn's own settings cover the keep-alive timeout (``timeout_keep_alive``), a graceful
shutdown's bound (``timeout_graceful_shutdown``), the requests in progress
(``limit_concurrency``), the size of an unfinished request head (h11's
``max_incomplete_event_size``) and which peers may name the client in ``X-Forwarded-For``
(``forwarded_allow_ips``). Two things it
has no setting for are added by :class:`BoundedH11Protocol`, uvicorn's h11 protocol with

- **a header-read timeout**: a request whose head (request line and headers) is not complete
  ``header_timeout_s`` after the connection opened, or after the previous answer on it ended, has
  its connection closed (the slow-loris defence of Apache's ``mod_reqtimeout`` and nginx's
  ``client_header_timeout``);
- **caps on open connections**, in all and per peer address (trusted proxies exempt): a
  connection past a peer's cap gets ``503`` and is closed at once, so that a flood of half-open
  connections holds at most the cap of file descriptors, never all of them. At the cap in all, a
  new connection takes the place of the connection that has waited longest for a request head (a
  half-open one, or an idle keep-alive), which is closed unanswered — as nginx, out of
  connections, closes its "reusable" ones, those waiting for a request — so that a flood
  spread over many addresses cannot keep a client out: its connections are the oldest waiting;
  only when every open connection is within a request is a new one refused with ``503``.

Each server process reads its :class:`ConnectionLimits` from the environment
(:data:`LIMITS_ENV`, set by ``cueboard serve`` before uvicorn starts its workers), and
:class:`RepeatFilter` keeps a flood from filling the log with one line repeated.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import ipaddress
import json
import logging
import os
import resource
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.h11_impl import H11Protocol

from cueboard.errors import SettingsError

log = logging.getLogger(__name__)

#: The environment variable holding each server process's :class:`ConnectionLimits` (JSON).
LIMITS_ENV = "CUEBOARD_CONNECTION_LIMITS"
_REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\n"
            b"Content-Length: 45\r\nRetry-After: 1\r\n\r\ntoo many open connections: try again shortly\n")


def _default_max_connections() -> int:
    """Room below the process's file-descriptor limit (database connections, AI worker pipes,
    log files and the listening socket keep 256 of them)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(64, min(10_000, soft - 256)) if soft != resource.RLIM_INFINITY else 10_000


@dataclass(frozen=True)
class ConnectionLimits:
    """The bounds of one server process's connections (see the module docstring)."""

    #: Seconds a request's head may take to arrive in full.
    header_timeout_s: float = 10.0
    #: Seconds an idle keep-alive connection is kept (uvicorn's ``timeout_keep_alive``).
    keep_alive_s: int = 5
    #: Open connections of this process, in all and from one peer address.
    max_connections: int = dataclasses.field(default_factory=_default_max_connections)
    max_per_peer: int = 256
    #: Bytes of an unfinished request head (h11's ``max_incomplete_event_size``).
    max_head_bytes: int = 16 * 1024
    #: Seconds a shutdown waits for the answers in progress (event streams never end by themselves).
    graceful_shutdown_s: int = 5
    #: Peers whose ``X-Forwarded-For`` names the client (and whose connections no per-peer cap counts).
    trusted_proxies: tuple[str, ...] = ()
    #: Live-table streams open from one client address, and in this process in all
    #: (cueboard/app/guard.py answers 429 / 503 past them).
    streams_per_client: int = 32
    streams_total: int = 2000

    def __post_init__(self) -> None:
        positive = (self.keep_alive_s, self.max_connections, self.max_per_peer, self.streams_per_client,
                    self.streams_total)
        if not (self.header_timeout_s > 0 and min(positive) >= 1 and self.max_head_bytes >= 1024
                and self.graceful_shutdown_s >= 0):
            raise SettingsError(f"connection limits out of range: {self}")

    def to_env(self) -> str:
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_env(cls) -> ConnectionLimits:
        raw = os.environ.get(LIMITS_ENV)
        if not raw:
            return cls()
        fields = json.loads(raw)
        fields["trusted_proxies"] = tuple(fields.get("trusted_proxies", ()))
        return cls(**fields)


def is_trusted(peer: str | None, proxies: tuple[str, ...]) -> bool:
    """Whether ``peer`` is one of ``proxies`` (addresses or networks)."""
    if peer is None or not proxies:
        return False
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(p, strict=False) for p in proxies)


class _Open:
    """This process's open connections, in all and by peer address."""

    limits: ConnectionLimits | None = None
    source: str | None = None
    total = 0
    by_peer: ClassVar[Counter[str]] = Counter()
    #: The connections waiting for a request head, oldest first (a dict keeps insertion order);
    #: one whose head has arrived since is dropped when met (:meth:`oldest_waiting`).
    waiting: ClassVar[dict[BoundedH11Protocol, None]] = {}

    @classmethod
    def oldest_waiting(cls) -> BoundedH11Protocol | None:
        """The open connection that has waited longest for a request head, if any."""
        while cls.waiting:
            oldest = next(iter(cls.waiting))
            if oldest.is_waiting():
                return oldest
            del cls.waiting[oldest]
        return None

    @classmethod
    def current(cls) -> ConnectionLimits:
        raw = os.environ.get(LIMITS_ENV)
        if cls.limits is None or raw != cls.source:
            cls.limits, cls.source = ConnectionLimits.from_env(), raw
        return cls.limits


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a header-read timeout and caps on open connections."""

    _peer: str | None = None
    _counted = False
    _head_timer: asyncio.TimerHandle | None = None
    _waiting_for: Any = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        limits = _Open.current()
        peer = transport.get_extra_info("peername")
        self._peer = str(peer[0]) if isinstance(peer, tuple) and peer else None
        per_peer_capped = self._peer is not None and not is_trusted(self._peer, limits.trusted_proxies)
        over_peer = per_peer_capped and _Open.by_peer[self._peer or ""] >= limits.max_per_peer
        if not over_peer and _Open.total >= limits.max_connections:
            oldest = _Open.oldest_waiting()
            if oldest is not None:
                log.warning("closed a connection from %s waiting for a request head: %d open "
                            "connections (cap %d), one from %s opening", oldest._peer, _Open.total,
                            limits.max_connections, self._peer)
                oldest.make_room()
        if over_peer or _Open.total >= limits.max_connections:
            log.warning("refused a connection from %s: %d open connections (caps %d in all, %d a peer)",
                        self._peer, _Open.total, limits.max_connections, limits.max_per_peer)
            transport.write(_REFUSAL)
            transport.close()
            return
        self._counted = True
        _Open.total += 1
        _Open.by_peer[self._peer or ""] += 1
        self._arm(limits.header_timeout_s)

    def is_waiting(self) -> bool:
        """Whether this connection is open and waiting for a request head (none has arrived
        since it opened or since its last answer ended)."""
        return self._counted and self._head_timer is not None and self.cycle is self._waiting_for

    def make_room(self) -> None:
        """Close this connection unanswered and stop counting it at once, here and in uvicorn's
        set of open connections (its ``limit_concurrency`` counts that set), so that a new one
        may take its place before the transport's own loss notice comes."""
        self._uncount()
        self.connections.discard(self)
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        super().connection_lost(exc)

    def _uncount(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        _Open.waiting.pop(self, None)
        if self._counted:
            self._counted = False
            _Open.total -= 1
            key = self._peer or ""
            _Open.by_peer[key] -= 1
            if _Open.by_peer[key] <= 0:
                del _Open.by_peer[key]

    def on_response_complete(self) -> None:
        self._arm(_Open.current().header_timeout_s)  # the next request's head is timed afresh
        super().on_response_complete()

    def _arm(self, timeout_s: float) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        waiting_for = self.cycle  # None, or the request just answered: no new head read yet
        self._waiting_for = waiting_for
        self._head_timer = asyncio.get_running_loop().call_later(timeout_s, self._head_timeout, waiting_for)
        _Open.waiting.pop(self, None)
        _Open.waiting[self] = None  # the newest waiting

    def _head_timeout(self, waiting_for: Any) -> None:
        self._head_timer = None
        if self.cycle is waiting_for and not self.transport.is_closing():
            log.warning("closed a connection from %s: no complete request head in %g s", self._peer,
                        _Open.current().header_timeout_s)
            self.transport.close()


class RepeatFilter(logging.Filter):
    """Lets through at most ``burst`` records of one message template (logger and format string)
    every ``window_s`` seconds; the next record let through after a quiet spell says how many
    were dropped. A flood of malformed or half-open connections then costs the log a few lines a
    window, not a line a connection."""

    def __init__(self, burst: int = 5, window_s: float = 10.0, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.burst = burst
        self.window_s = window_s
        self.clock = clock
        self._seen: dict[tuple[str, str], tuple[float, int, int]] = {}  # key -> (window start, let, dropped)

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = self.clock()
        start, let, dropped = self._seen.get(key, (now, 0, 0))
        if now - start >= self.window_s:
            if dropped:
                record.msg = f"{record.msg} ({dropped} lines like it dropped in the last {self.window_s:g} s)"
            start, let, dropped = now, 0, 0
        if let >= self.burst:
            self._seen[key] = (start, let, dropped + 1)
            return False
        self._seen[key] = (start, let + 1, dropped)
        if len(self._seen) > 1024:  # many distinct messages: forget the oldest windows
            for old in sorted(self._seen, key=lambda k: self._seen[k][0])[:512]:
                del self._seen[old]
        return True


def log_config(level: str = "warning") -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RepeatFilter` on its handlers and the app's
    loggers (``cueboard.*``) at ``level``."""
    cfg = copy.deepcopy(LOGGING_CONFIG)
    cfg["filters"] = {"repeats": {"()": "cueboard.app.connections.RepeatFilter"}}
    for handler in cfg["handlers"].values():
        handler["filters"] = ["repeats"]
    cfg["loggers"]["cueboard"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return cfg


def uvicorn_settings(limits: ConnectionLimits) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` / ``uvicorn.Config`` that bound connections
    (the protocol's own limits travel in :data:`LIMITS_ENV`: see :func:`install`)."""
    return {
        "http": "cueboard.app.connections:BoundedH11Protocol",
        "timeout_keep_alive": limits.keep_alive_s,
        # (uvicorn counts open connections too: at the protocol's own cap plus one it counts
        # only requests in progress past that, which the cap already bounds)
        "limit_concurrency": limits.max_connections + 1,
        "h11_max_incomplete_event_size": limits.max_head_bytes,
        "timeout_graceful_shutdown": limits.graceful_shutdown_s,
        "proxy_headers": bool(limits.trusted_proxies),
        "forwarded_allow_ips": list(limits.trusted_proxies) or None,
        "log_config": log_config(),
    }


def install(limits: ConnectionLimits) -> dict[str, Any]:
    """Hand ``limits`` to this process and the server processes it starts (:data:`LIMITS_ENV`);
    the uvicorn settings to run with."""
    os.environ[LIMITS_ENV] = limits.to_env()
    return uvicorn_settings(limits)


__all__ = ["LIMITS_ENV", "BoundedH11Protocol", "ConnectionLimits", "RepeatFilter", "install", "is_trusted",
           "log_config", "uvicorn_settings"]
