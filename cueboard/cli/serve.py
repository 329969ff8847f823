"""``cueboard serve``: start the web app (FastAPI + uvicorn) on localhost, in one process or in
``--workers N`` processes over one database (docs/service.md)."""

from __future__ import annotations

import os
from typing import Any

import typer

from cueboard.cli._common import refuse
from cueboard.cli.main import app, console
from cueboard.errors import SettingsError


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (localhost by default)."),
    port: int = typer.Option(8000, min=0, max=65535, help="Port to listen on."),
    db: str = typer.Option(
        "", "--db", help="SQLAlchemy database URL (default: $CUEBOARD_DATABASE_URL or a SQLite file "
        "in ~/.local/share/cueboard); postgresql+psycopg://user@host/db for several workers."
    ),
    workers: int = typer.Option(1, min=1, max=64, help="Server processes sharing the database "
                                "(SIGHUP replaces them, SIGTTIN adds one, SIGTTOU stops one)."),
    ai_budget: float = typer.Option(1.0, min=0.05, max=60.0, help="Seconds the AI may think per shot."),
    warm_up: bool = typer.Option(
        True, "--warm-up/--no-warm-up",
        help="Play one unrecorded stroke per game at start-up so the first shot is fast.",
    ),
    allowed_host: list[str] = typer.Option(
        [], "--allowed-host", help="A host name requests may be addressed to, besides the loopback "
        "names and --host (repeatable; '*' allows any: only behind a proxy that checks it)."
    ),
    matches_per_minute: float = typer.Option(60.0, min=0.1, help="New matches a client may create a minute."),
    ai_turns_per_minute: float = typer.Option(600.0, min=0.1, help="AI turns a client may ask for a minute."),
    ai_workers: int = typer.Option(1, min=0, max=32, help="AI worker processes per server process "
                                   "(0: the AI searches in the server's threads, uncapped)."),
    ai_memory_mb: int = typer.Option(2048, min=256, max=1 << 20,
                                     help="Address-space cap of an AI worker, MB."),
    ai_timeout: float = typer.Option(60.0, min=1.0, max=3600.0, help="The most seconds an AI turn may "
                                     "run (its deadline is 4 x --ai-budget + 5 s, up to this) before "
                                     "its worker is replaced and the turn retried once."),
    trusted_proxy: list[str] = typer.Option(
        [], "--trusted-proxy", help="Address or network (CIDR) of a reverse proxy whose X-Forwarded-For "
        "names the client (repeatable). None by default: X-Forwarded-For is ignored."
    ),
    header_timeout: float = typer.Option(10.0, min=0.5, max=600.0, help="Seconds a request's head "
                                         "(request line and headers) may take to arrive."),
    keep_alive: int = typer.Option(5, min=1, max=600, help="Seconds an idle keep-alive connection is kept."),
    max_connections: int = typer.Option(0, min=0, max=1_000_000, help="Open connections per server "
                                        "process (0: the file-descriptor limit less 256, at most 10000)."),
    max_connections_per_peer: int = typer.Option(
        256, min=1, max=1_000_000,
        help="Open connections from one address per server process (trusted proxies exempt)."),
    max_streams_per_client: int = typer.Option(
        32, min=1, max=1_000_000,
        help="Live-table streams one client address may hold open per server process."),
) -> None:
    """Serve the web app: open http://HOST:PORT/ in a browser (the API's schema at /openapi.json)."""
    import uvicorn

    from cueboard.app.connections import ConnectionLimits, install
    from cueboard.app.guard import LOOPBACK_HOSTS, Rate
    from cueboard.app.server import AI_RATE, CREATE_RATE, SERVE_CONFIG_ENV, serve_config
    from cueboard.app.workers import listening_socket, reuse_port_possible, run_workers
    from cueboard.store import Store, StoreUnavailableError, default_database_url

    try:
        limits = ConnectionLimits(header_timeout_s=header_timeout, keep_alive_s=keep_alive,
                                  max_per_peer=max_connections_per_peer,
                                  streams_per_client=max_streams_per_client,
                                  trusted_proxies=tuple(_proxies(trusted_proxy)),
                                  **({"max_connections": max_connections} if max_connections else {}))
    except ValueError as err:
        refuse(console, "cueboard serve", err)
    url = db or default_database_url()
    try:
        Store(url).close()  # the schema upgraded once here, before any worker starts
    except StoreUnavailableError as err:
        refuse(console, "cueboard serve", err)
    hosts = [*LOOPBACK_HOSTS, *allowed_host]
    if host not in ("0.0.0.0", "::"):
        hosts.append(host)
    os.environ[SERVE_CONFIG_ENV] = serve_config(
        url, ai_budget_s=ai_budget, warm_up=warm_up, allowed_hosts=hosts,
        create_rate=Rate(matches_per_minute, CREATE_RATE.burst),
        ai_rate=Rate(ai_turns_per_minute, AI_RATE.burst), ai_workers=ai_workers,
        ai_memory_mb=ai_memory_mb, ai_timeout_s=ai_timeout)
    from sqlalchemy.engine import make_url

    shown = make_url(url).render_as_string(hide_password=True)  # no password in the console
    spread = workers > 1 and reuse_port_possible(port)
    if spread:
        try:
            listening_socket(host, port).close()  # the address is free to share, or say why
        except OSError as err:
            refuse(console, "cueboard serve", f"cannot listen on {host}:{port}: {err.strerror}")
    console.print(f"cueboard web app on [bold]http://{host}:{port}/[/bold] ({workers} worker"
                  f"{'s' if workers > 1 else ''}, database {shown}); Ctrl+C stops it")
    settings: dict[str, Any] = {"factory": True, "host": host, "port": port, "log_level": "warning",
                                **install(limits)}
    if spread:  # each worker on a socket of its own (cueboard/app/workers.py)
        run_workers(uvicorn.Config(APP, workers=workers, **settings), workers)
        return
    uvicorn.run(APP, workers=workers if workers > 1 else None, **settings)


#: The app factory each server process calls (it reads the settings from the environment).
APP = "cueboard.app.server:app_from_environment"


def _proxies(given: list[str]) -> list[str]:
    """The trusted proxies as addresses or networks, each checked (a typo must not trust the world)."""
    import ipaddress

    out = []
    for text in given:
        try:
            net = ipaddress.ip_network(text.strip(), strict=False)
        except ValueError:
            raise SettingsError(f"--trusted-proxy {text!r} is not an IP address or network (CIDR)") from None
        out.append(str(net.network_address) if net.num_addresses == 1 else str(net))
    return out
