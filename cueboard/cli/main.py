"""``cueboard`` — the command line entry point.

Each command lives in its own module of this package and is registered on ``app`` below.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any, NoReturn

import typer
from rich.console import Console

from cueboard import __version__

#: A failed write to standard output that is reported (a full disk or device, a file-size limit,
#: an I/O error). A closed pipe (EPIPE, ``cueboard schema event | head``) is click's: exit 1 quietly.
_STDOUT_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


class _Cli(typer.Typer):
    """The command group, which also reports a failed write to standard output.

    Standard output is block-buffered when it is not a terminal, so a full device such as
    ``/dev/full`` refuses the bytes either while a command writes (a large output) or only at the
    final flush, which the interpreter would otherwise do at exit after the status was chosen
    (exit 0 with the output lost, or a traceback). Here the flush is done while the status can
    still change: one line on standard error, exit status 2.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            super().__call__(*args, **kwargs)
        except SystemExit as done:
            status = done.code
        except OSError as err:
            if err.filename is not None or err.errno not in _STDOUT_FULL:
                raise
            _refuse_stdout(err)
        else:  # standalone_mode=False: the command's result goes back to the caller
            status = None
        try:
            sys.stdout.flush()
        except OSError as err:
            if err.errno not in _STDOUT_FULL:
                raise
            _refuse_stdout(err)
        raise SystemExit(status)


def _refuse_stdout(err: OSError) -> NoReturn:
    """One line on standard error naming the failed write, exit status 2. The bytes still
    buffered are dropped (standard output pointed at the null device) so that the interpreter's
    own flush at exit does not fail a second time."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no file descriptor behind sys.stdout: nothing to drop
        pass
    Console(stderr=True).print(f"[red]error:[/red] cannot write to standard output: {err.strerror or err}",
                               soft_wrap=True)
    raise SystemExit(2)


app = _Cli(
    name="cueboard",
    help="Snooker, crokinole and novuss: simulate, referee, play against the AI, serve the web app.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


@app.command()
def version() -> None:
    """Print the cueboard version."""
    console.print(f"cueboard {__version__}")


def _register() -> None:
    """Import the command modules; each adds its commands to ``app``."""
    import importlib

    commands = ("specs", "serve", "match", "score", "referee", "simulate", "tournament", "shotmap", "schema")
    for name in commands:
        importlib.import_module(f"cueboard.cli.{name}")


_register()

if __name__ == "__main__":
    # Run as ``python -m cueboard.cli.main`` this file is ``__main__``, a second copy of the
    # module: the command modules registered their commands on ``cueboard.cli.main``'s app.
    from cueboard.cli.main import app as registered_app

    registered_app(prog_name="cueboard")
