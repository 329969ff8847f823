"""The web app: a FastAPI service (server.py, service.py) over the games' interface, the per-game drawing
and controls (games/), the message catalogues (i18n/) and the static ES-module front end (static/).
See docs/app.md."""
