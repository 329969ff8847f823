"""Helpers the CLI's command modules share."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

#: Longest error message printed (characters); longer ones are cut with "...".
MAX_ERROR_CHARS = 400


def refuse(out: Console, label: str, err: BaseException | str) -> NoReturn:
    """Refuse an input: one line ``label: message`` (whitespace folded, markup escaped, never
    wrapped, at most :data:`MAX_ERROR_CHARS`), then exit with status 2."""
    text = " ".join(str(err).split())
    if len(text) > MAX_ERROR_CHARS:
        text = text[: MAX_ERROR_CHARS - 3] + "..."
    out.print(f"[red]{escape(label)}:[/red] {escape(text)}", soft_wrap=True)
    raise typer.Exit(2)


def _file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be written as a file (None: it looks writable; a device that refuses
    the bytes, such as /dev/full, is caught when written: :func:`writing`)."""
    if path.is_dir():
        return "it is a folder"
    parent = path.parent
    if not parent.exists():
        return f"the folder {parent} does not exist"
    if not parent.is_dir():
        return f"{parent} is not a folder"
    target = path if path.exists() else parent
    if not os.access(target, os.W_OK):
        return "permission denied"
    return None


def output_file(out: Console, label: str, path: Path | None) -> None:
    """Refuse ``path`` (an output file; None: none asked for) before any work is done when it
    cannot be written — a folder, a missing or unwritable folder — in one line, exit status 2."""
    problem = None if path is None else _file_problem(path)
    if problem is not None:
        refuse(out, label, f"cannot write {path}: {problem}")


def output_dir(out: Console, label: str, path: Path) -> None:
    """Make the output folder ``path`` (and its parents), or refuse it in one line, exit status 2."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        refuse(out, label, f"cannot write into {path}: it is not a folder")
    except OSError as err:
        refuse(out, label, f"cannot make the folder {path}: {err.strerror or err}")


@contextmanager
def writing(out: Console, label: str, path: Path | None = None) -> Iterator[None]:
    """Writing output files: an error writing one (a full disk or device, a path made unusable
    meanwhile) is refused in one line naming the file (the error's, else ``path``), exit status
    2 — never a traceback. An ``OSError`` that names no file and is no full disk passes on."""
    try:
        yield
    except OSError as err:
        refuse_write(out, label, err, path)


def refuse_write(out: Console, label: str, err: OSError, path: Path | None = None) -> NoReturn:
    """Refuse a failed write of an output file (``err.filename``, else ``path``) in one line (exit
    status 2); ``err`` raised again when it is not a write's (it names no file and is no full
    disk)."""
    if err.filename is None and err.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        raise err
    name = err.filename if err.filename is not None else path
    where = f" {name}" if name is not None else ""
    refuse(out, label, f"cannot write{where}: {err.strerror or err}")
