"""The page's ES modules (cueboard/app/static/js, with each game's page modules under games/) import
each other without a cycle: a cycle makes the order in which a browser evaluates them depend on
which module is loaded first, and a binding read before its module has run throws (ECMAScript
modules, "cyclic module records"). A module names another relatively ("./calls.js", beside it) or
by its absolute URL ("/static/js/draw.js": how a game's page modules, served from
/games/<game>/, reach the shared ones)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

JS = Path(__file__).parents[2] / "cueboard" / "app" / "static" / "js"
IMPORT = re.compile(r"""^\s*import\b[^"']*["'](\./[\w./-]+\.js|/static/js/[\w./-]+\.js)["']""", re.MULTILINE)
STATIC = "/static/js/"


def imports(text: str, module: str = "") -> set[str]:
    """The modules (paths under static/js) that the ``import`` statements of ``module`` name."""
    out = set()
    for target in IMPORT.findall(text):
        if target.startswith(STATIC):
            out.add(target[len(STATIC):])
        else:
            out.add(posixpath.normpath(posixpath.join(posixpath.dirname(module), target)))
    return out


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (module -> imported modules), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt] if nxt in path else [node, nxt]
            if nxt not in state and (found := visit(nxt, [*path, nxt])) is not None:
                return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start, [start])) is not None:
            return found
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert imports('import { a } from "./a.js";\nimport "./b.js";\n') == {"a.js", "b.js"}
    assert imports('import { c } from "/static/js/draw.js";\nimport { d } from "./calls.js";\n',
                   "games/snooker/table.js") == {"draw.js", "games/snooker/calls.js"}
    assert cycle({"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}}) == ["a.js", "b.js", "c.js", "a.js"]
    assert cycle({"a.js": {"b.js"}, "b.js": set()}) is None


def test_the_page_modules_import_no_cycle() -> None:
    names = {p.relative_to(JS).as_posix() for p in JS.rglob("*.js")}
    graph = {n: imports((JS / n).read_text(encoding="utf-8"), n) for n in names}
    if not graph:
        pytest.fail(f"no modules found in {JS}")
    missing = {(m, i) for m, deps in graph.items() for i in deps if i not in graph}
    assert not missing, f"imports of modules that do not exist: {sorted(missing)}"
    assert cycle(graph) is None, f"import cycle: {' -> '.join(cycle(graph) or [])}"
    # the games' modules are in the graph, and reach the shared ones
    assert {"draw.js", "aim.js"} <= graph["games/snooker/table.js"]
    assert "games/generic/table.js" in graph
