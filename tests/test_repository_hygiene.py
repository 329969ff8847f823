"""Repository hygiene: the package runs as a module (``python -m cueboard``, like python-chess's
or pip's ``__main__``), the same command line as the installed ``cueboard`` command."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["cueboard", "cueboard.cli.main"])
def test_the_package_runs_as_a_module(module: str) -> None:
    """``python -m cueboard`` (and ``python -m cueboard.cli.main``) is the Typer app: its help
    names the program and lists every command, and a command runs."""
    helped = subprocess.run(
        [sys.executable, "-m", module, "--help"], capture_output=True, text=True, timeout=120
    )
    assert helped.returncode == 0, helped.stderr
    assert "Usage: cueboard" in helped.stdout
    for command in ("specs", "serve", "match", "referee", "simulate", "score", "tournament"):
        assert command in helped.stdout
    ran = subprocess.run(
        [sys.executable, "-m", module, "version"], capture_output=True, text=True, timeout=120
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("cueboard ")
