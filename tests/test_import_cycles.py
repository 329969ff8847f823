"""No import cycles, not even ones hidden inside functions: a module that must import another
lazily to dodge a cycle hides that the two are one concern split in the wrong place. The import
graph (grimp, import-linter's own graph builder) counts every import statement, module level or
inside a function, except those only for type checkers."""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest


def cycles(package: str) -> list[tuple[str, ...]]:
    """Each pair of modules that import each other, directly or through others, with the chain."""
    graph = grimp.build_graph(package, exclude_type_checking_imports=True)
    found = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            if imported == importer:
                continue
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                found.append((importer, *back))
    return found


@pytest.mark.parametrize("package", ["cueboard", "benchmarks"])
def test_no_module_imports_one_that_imports_it_back(package: str) -> None:
    assert cycles(package) == []


def test_the_check_finds_a_cycle_hidden_in_a_function(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = tmp_path / "loop_demo"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from loop_demo import b\n")
    (pkg / "b.py").write_text("def f():\n    from loop_demo import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert cycles("loop_demo") == [("loop_demo.a", "loop_demo.b", "loop_demo.a"),
                                   ("loop_demo.b", "loop_demo.a", "loop_demo.b")]
