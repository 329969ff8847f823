"""The public API (cueboard/__init__.py, docs/api.md): what a user imports, the one error base,
and the boundary that keeps each game's internals its own."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import cueboard

PACKAGE = Path(cueboard.__file__).parent
GAMES = ("snooker", "crokinole", "novuss")


def test_every_public_name_resolves() -> None:
    for name in cueboard.__all__:
        assert getattr(cueboard, name) is not None, name


def test_get_game_from_a_fresh_interpreter_without_the_physics() -> None:
    """``import cueboard; cueboard.get_game('snooker')`` works and loads neither numba nor the
    engine: the rules and the referee never need the physics."""
    code = ("import sys, cueboard; g = cueboard.get_game('snooker'); "
            "print(g.name, 'numba' in sys.modules, 'cueboard.engine.world' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["snooker", "False", "False"]


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(cueboard.UnknownGameError, match="snooker, crokinole, novuss"):
        cueboard.get_game("pool")
    assert issubclass(cueboard.UnknownGameError, ValueError)


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages([str(PACKAGE)], prefix="cueboard."):
        if ".store.migrations" in info.name:  # alembic scripts: loaded by alembic, not imported
            continue
        names.append(info.name)
    return names


def test_every_error_cueboard_defines_derives_from_one_base() -> None:
    """One ``CueboardError`` base; errors about input are also ``ValueError``s."""
    found = []
    for name in _modules():
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            is_error = issubclass(cls, BaseException) and not issubclass(cls, Warning)
            if cls.__module__ == name and is_error:
                found.append(cls)
                assert issubclass(cls, cueboard.CueboardError), f"{name}.{cls.__name__}"
                if cls is not cueboard.CueboardError and not issubclass(cls, RuntimeError):
                    assert issubclass(cls, ValueError), f"{name}.{cls.__name__}"
    assert len(found) >= 20


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text())
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.Constant) and str(node.value).startswith("cueboard."):
            out.append((node.lineno, str(node.value)))  # importlib.import_module("cueboard....")
    return out


def test_no_module_outside_a_game_imports_its_internals() -> None:
    """Outside ``cueboard/games/<game>/`` a game is used through its package's public names
    (``from cueboard.games.snooker import SnookerPosition``), never its modules."""
    offences = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).parts
        for line, module in _imported_modules(path):
            parts = module.split(".")
            if len(parts) < 4 or parts[:2] != ["cueboard", "games"] or parts[2] not in GAMES:
                continue
            if rel[:2] == ("games", parts[2]):
                continue  # the game's own modules
            sub = parts[3]
            if (PACKAGE / "games" / parts[2] / f"{sub}.py").exists():
                offences.append(f"{'/'.join(rel)}:{line} imports {module}")
    assert offences == []
