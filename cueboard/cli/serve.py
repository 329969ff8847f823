"""``cueboard serve``: start the web app (FastAPI + uvicorn) on localhost."""

from __future__ import annotations

import typer

from cueboard.cli.main import app, console


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (localhost by default)."),
    port: int = typer.Option(8000, min=0, max=65535, help="Port to listen on."),
    db: str = typer.Option(
        "", "--db", help="SQLAlchemy database URL (default: $CUEBOARD_DATABASE_URL or a SQLite file "
        "in ~/.local/share/cueboard)."
    ),
    ai_budget: float = typer.Option(1.0, min=0.05, max=60.0, help="Seconds the AI may think per shot."),
    warm_up: bool = typer.Option(
        True, "--warm-up/--no-warm-up",
        help="Play one unrecorded stroke per game at start-up so the first shot is fast.",
    ),
) -> None:
    """Serve the web app: open http://HOST:PORT/ in a browser (API documentation at /docs)."""
    import uvicorn

    from cueboard.app.server import create_app
    from cueboard.store import default_database_url

    url = db or default_database_url()
    application = create_app(url, ai_budget_s=ai_budget, warm_up=warm_up)
    console.print(f"cueboard web app on [bold]http://{host}:{port}/[/bold] (database {url}); Ctrl+C stops it")
    uvicorn.run(application, host=host, port=port, log_level="warning")
