"""Helpers the CLI's command modules share."""

from __future__ import annotations

import importlib
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

#: Longest error message printed (characters); longer ones are cut with "...".
MAX_ERROR_CHARS = 400


def refuse(out: Console, label: str, err: BaseException) -> NoReturn:
    """Refuse an input: one line ``label: message`` (whitespace folded, markup escaped, never
    wrapped, at most :data:`MAX_ERROR_CHARS`), then exit with status 2."""
    text = " ".join(str(err).split())
    if len(text) > MAX_ERROR_CHARS:
        text = text[: MAX_ERROR_CHARS - 3] + "..."
    out.print(f"[red]{escape(label)}:[/red] {escape(text)}", soft_wrap=True)
    raise typer.Exit(2)


def import_game_module(prefix: str, game: str) -> bool:
    """Import ``cueboard.cli.<prefix>_<game>`` (where a game plugs its own part of a command in);
    False when the game has no such module. An import error inside the module is raised."""
    name = f"cueboard.cli.{prefix}_{game}"
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return False
    return True
