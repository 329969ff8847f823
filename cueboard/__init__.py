"""cueboard: snooker, crokinole and novuss from their official rules.

An event-driven physics engine moves the pieces, one referee per game turns what happened into a
ruling, AI players search over shots with the engine, and a web app lets people play.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("cueboard")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0"

__all__ = ["__version__"]
