"""Standard output that refuses the bytes (``/dev/full``: a full disk or device) is reported by
every command in one line on standard error with exit status 2 — never exit 0 with the output
lost, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cueboard.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-c", "from cueboard.cli.main import app; app()"]
FULL = Path("/dev/full")
FULL_DISK = "No space left on device"  # strerror(ENOSPC), what a write to /dev/full gets
SCORED = "pot red\nsafe\nconcede\n"  # a snooker match typed in: two shots, then a concession
pytestmark = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")


def _record(tmp: Path) -> Path:
    """A snooker match record scored by hand (two shots, then a concession)."""
    save = tmp / "match.jsonl"
    result = CliRunner().invoke(app, ["score", "snooker", "--save", str(save)], input=SCORED)
    assert result.exit_code == 0, result.output
    return save


def _commands(tmp: Path) -> dict[str, tuple[list[str], str]]:
    """Each command that prints a large output, with its arguments and its standard input."""
    return {
        "schema (the kinds)": (["schema"], ""),
        "schema event": (["schema", "event"], ""),
        "referee": (["referee", str(_record(tmp))], ""),
        "score --save /dev/stdout": (["score", "snooker", "--save", "/dev/stdout"], SCORED),
        "simulate": (["simulate", str(ROOT / "examples" / "snooker-start.json"),
                      str(ROOT / "examples" / "snooker-break-off.json")], ""),
    }


def test_every_command_reports_a_full_standard_output(tmp_path: Path) -> None:
    for name, (args, stdin) in _commands(tmp_path).items():
        with FULL.open("w") as full:
            proc = subprocess.run([*CLI, *args], input=stdin, stdout=full, stderr=subprocess.PIPE,
                                  text=True, cwd=ROOT, timeout=300)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2, f"{name}: exit {proc.returncode}\n{proc.stderr}"
        assert "Traceback" not in proc.stderr, f"{name}: {proc.stderr}"
        assert lines[-1] == f"error: cannot write to standard output: {FULL_DISK}", f"{name}: {lines}"
        assert not any("Exception ignored" in line for line in lines), f"{name}: {lines}"


def test_the_same_commands_exit_0_when_standard_output_takes_the_bytes(tmp_path: Path) -> None:
    """The control: the same invocations into a pipe exit 0 and print what /dev/full refused."""
    for name, (args, stdin) in _commands(tmp_path).items():
        proc = subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True, cwd=ROOT,
                              timeout=300)
        assert proc.returncode == 0, f"{name}: exit {proc.returncode}\n{proc.stdout}{proc.stderr}"
        assert len(proc.stdout) > 100, f"{name}: {proc.stdout!r}"
