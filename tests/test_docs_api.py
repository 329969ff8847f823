"""The runnable examples of docs/api.md, docs/rl.md and of the package docstring are doctests: the
pages say what the code does."""

from __future__ import annotations

import doctest
from pathlib import Path

import cueboard

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_docs_api_examples_run() -> None:
    result = doctest.testfile(str(DOCS / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 30
    assert result.failed == 0


def test_docs_rl_examples_run() -> None:
    result = doctest.testfile(str(DOCS / "rl.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0


def test_package_docstring_example_runs() -> None:
    result = doctest.testmod(cueboard)
    assert result.attempted >= 2 and result.failed == 0
