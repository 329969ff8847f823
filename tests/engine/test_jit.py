"""cueboard.engine.jit: an internal kernel is compiled once per argument types, not once more
for each constant value a caller passes (a cold start compiles less), and computes the same; a
compile is told to the user once per process, each kernel with its time; and the package reaches
into no private numba attribute."""

from __future__ import annotations

import ast
import logging
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from numba.core import event
from numba.core.errors import TypingError

from cueboard.engine.jit import NOTICE, CompileNotice, internal
from cueboard.engine.placement import placement_clear

THREE = 3


@internal
def _scaled(x: int, k: int) -> float:
    return x * k / 7.0


@njit(cache=False)
def _calls(n: int) -> float:
    # a literal, a module constant, a keyword literal and a variable: four call sites
    return _scaled(2, 5) + _scaled(THREE, 5) + _scaled(n, k=9) + _scaled(n, n)


def test_constant_arguments_share_one_compiled_version() -> None:
    assert _calls(4) == 2 * 5 / 7.0 + 3 * 5 / 7.0 + 4 * 9 / 7.0 + 4 * 4 / 7.0
    assert len(_scaled.signatures) == 1
    (sig,) = _scaled.signatures
    assert all(str(t) == "int64" for t in sig)


def test_a_plain_njit_would_compile_one_version_per_constant() -> None:
    """The behaviour internal() removes (numba types constants as Literal[int](value))."""

    @njit(cache=False, no_cpython_wrapper=True)
    def plain(x: int, k: int) -> float:
        return x * k / 7.0

    @njit(cache=False)
    def calls(n: int) -> float:
        return plain(2, 5) + plain(THREE, 5) + plain(n, n)

    assert calls(np.int64(4)) == 2 * 5 / 7.0 + 3 * 5 / 7.0 + 16 / 7.0
    assert len(plain.signatures) > 1


# --- the compile notice (jit.CompileNotice, numba's documented event API) ----------------------


@pytest.fixture
def notice() -> Iterator[CompileNotice]:
    """A notice for this test module's functions, listening while the test runs."""
    listener = CompileNotice(package=__name__)
    event.register("numba:compile", listener)
    try:
        yield listener
    finally:
        event.unregister("numba:compile", listener)


def test_a_compile_is_told_once_and_each_kernel_with_its_time(
    notice: CompileNotice, caplog: pytest.LogCaptureFixture
) -> None:
    @njit(cache=False)
    def inner(x: float) -> float:
        return x * 2.0

    @njit(cache=False)
    def outer(x: float) -> float:
        return inner(x) + 1.0

    @njit(cache=False)
    def other(x: float) -> float:
        return x - 1.0

    with caplog.at_level(logging.WARNING, logger="cueboard.engine"):
        assert outer(1.5) == 4.0
        assert other(1.5) == 0.5
        assert outer(2.5) == 6.0  # compiled already: nothing to tell
    messages = [r.getMessage() for r in caplog.records]
    assert messages[0] == NOTICE
    assert messages.count(NOTICE) == 1
    # one line per outermost compile: inner was compiled inside outer's compile
    assert [m.split(" in ")[0] for m in messages[1:]] == [
        "cueboard: compiled test_a_compile_is_told_once_and_each_kernel_with_its_time.<locals>.outer",
        "cueboard: compiled test_a_compile_is_told_once_and_each_kernel_with_its_time.<locals>.other",
    ]
    assert [name.rsplit(".", 1)[1] for name, _ in notice.compiled] == ["outer", "other"]
    assert all(0.0 < took < 60.0 for _, took in notice.compiled)
    assert notice.depth == 0


def test_a_failed_compile_is_not_reported_as_compiled(
    notice: CompileNotice, caplog: pytest.LogCaptureFixture
) -> None:
    @njit(cache=False)
    def broken(x: float) -> float:
        return x + "text"  # type: ignore[operator]  # numba refuses to type it

    with caplog.at_level(logging.WARNING, logger="cueboard.engine"), pytest.raises(TypingError):
        broken(1.0)
    assert notice.compiled == [] and notice.depth == 0
    assert [r.getMessage() for r in caplog.records] == [NOTICE]


def test_functions_outside_the_package_are_not_told(notice: CompileNotice) -> None:
    listener = CompileNotice(package="no_such_package.")
    event.register("numba:compile", listener)
    try:
        @njit(cache=False)
        def elsewhere(x: float) -> float:
            return x / 4.0

        assert elsewhere(2.0) == 0.5
    finally:
        event.unregister("numba:compile", listener)
    assert not listener.told and listener.compiled == []
    assert notice.told  # the same compile, seen by this module's listener


# --- no private numba ---------------------------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "cueboard"


def _numba_private_names() -> set[str]:
    """The private names (one leading underscore) numba's loaded modules define and that a
    compiled dispatcher and a cached one (the engine's position check) carry, with the numba
    objects they hold, three attributes deep (the cache, its index file, the compiler...): what
    code reaching into numba would name."""

    @njit(cache=False)
    def probe(x: float) -> float:
        return x

    probe(1.0)
    names: set[str] = set()
    level: list[object] = [probe, placement_clear]
    seen = {id(obj) for obj in level}
    for _depth in range(3):
        deeper: list[object] = []
        for obj in level:
            for name in dir(obj):
                if not name.startswith("_") or name.startswith("__"):
                    continue
                names.add(name)
                value = getattr(obj, name, None)
                if type(value).__module__.startswith("numba") and id(value) not in seen:
                    seen.add(id(value))
                    deeper.append(value)
        level = deeper
    for module_name, module in list(sys.modules.items()):
        if module_name == "numba" or module_name.startswith("numba."):
            names.update(n for n in vars(module) if n.startswith("_") and not n.startswith("__"))
    return names


def _defined(tree: ast.AST) -> set[str]:
    """The names a source defines itself (functions, classes, assignments, parameters)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.alias):
            out.add((node.asname or node.name).split(".")[0])
    return out


def private_numba_uses(trees: Mapping[str, ast.AST], private: set[str]) -> list[str]:
    """Where the sources ``trees`` (name -> parsed module) name a private numba attribute: an
    ``x._name`` or a ``getattr(x, "_name")`` whose name numba defines and no source does, or an
    import of a private numba module or name."""
    own: set[str] = set().union(*(_defined(t) for t in trees.values()))
    found = []
    for where, tree in trees.items():
        for node in ast.walk(tree):
            named: list[str] = []
            if isinstance(node, ast.Attribute):
                named = [node.attr]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                named = [node.value]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "numba":
                parts = [*(node.module or "").split("."), *(a.name for a in node.names)]
                found += [f"{where}:{node.lineno}: {p}" for p in parts if p.startswith("_")]
            elif isinstance(node, ast.Import):
                found += [f"{where}:{node.lineno}: {a.name}" for a in node.names
                          if a.name.split(".")[0] == "numba" and "._" in a.name]
            found += [f"{where}:{getattr(node, 'lineno', 0)}: {n}" for n in named
                      if n in private and n not in own]
    return found


def test_the_package_uses_no_private_numba_attribute() -> None:
    """numba's private attributes change between releases without notice (pyproject allows
    ``numba>=0.60,<1``): the package uses its public API only."""
    private = _numba_private_names()
    assert {"_cache", "_compile_for_args", "_cache_file"} <= private  # the walk finds numba's internals
    trees = {str(p.relative_to(PACKAGE.parent)): ast.parse(p.read_text()) for p in PACKAGE.rglob("*.py")}
    assert private_numba_uses(trees, private) == []


def test_the_scan_finds_a_private_numba_use() -> None:
    """The scan itself: code that reads numba's cache index, or a private flag by getattr."""
    private = _numba_private_names()
    source = (
        "from numba.np.ufunc import parallel\n"
        "def cold(kernel, key):\n"
        "    started = getattr(parallel, '_is_initialized', True)\n"
        "    return key not in kernel._cache._cache_file._load_index()\n"
    )
    found = private_numba_uses({"m.py": ast.parse(source)}, private)
    names = sorted(f.split(": ")[1] for f in found)
    assert names == ["_cache", "_cache_file", "_is_initialized", "_load_index"]
