"""Repository hygiene: the package runs as a module (``python -m cueboard``, like pip's or
python-chess's ``__main__``); code, tests and docs say the reason for a choice, not the number of
the work item it came from, which no reader of the repository can follow; the docs' links lead
somewhere."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Where the text a reader meets lives.
SCANNED_DIRS = ("cueboard", "tests", "docs", "benchmarks", "examples", "scripts")
SCANNED_FILES = ("README.md", "Makefile", "pyproject.toml")
TEXT_SUFFIXES = frozenset(
    {".py", ".md", ".js", ".html", ".css", ".json", ".jsonl", ".sh", ".toml", ".txt", ".yml", ".yaml", ""}
)
#: Generated or third-party trees inside the scanned folders.
SKIPPED_PARTS = frozenset({"__pycache__", ".peers", "node_modules", ".venv"})

# A numbered work item: "issue N", "Issue #N", "issues N and M", "session N", "(#N)", "stop N"
# (but not "stop 0.6 m" or "stop 2 s"). The examples below put their numbers in at run time, so
# that this file cites none itself.
CITATION = re.compile(
    r"\b(?:issues?|sessions?)\s?[#-]?\d+"
    r"|\(#\d+\)"
    r"|\bstop #?\d+(?!\.\d|\d)(?!\s*(?:mm|cm|m|s)\b|\s*[%°])",
    re.IGNORECASE,
)


def _scanned() -> list[Path]:
    paths = [ROOT / name for name in SCANNED_FILES]
    for folder in SCANNED_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and not SKIPPED_PARTS & set(path.parts):
                paths.append(path)
    return paths


def _citations(text: str) -> list[str]:
    return [m.group(0) for m in CITATION.finditer(text)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("calibrated (issue {n}) to", ["issue {n}"]),
        ("Issue #{n}'s figures", ["Issue #{n}"]),
        ("(issues {n} and 6)", ["issues {n}"]),
        ("Session {n} (2026-12-03)", ["Session {n}"]),
        ("the fix (#{n})", ["(#{n})"]),
        ("as agreed at stop {n}.", ["stop {n}"]),
        ("sent to stop 0.6 m past it", []),
        ("they stop {n} s later", []),
        ("the session token of seat {n}; an issue of the rules", []),
    ],
)
def test_the_citation_pattern_finds_numbered_work_items_only(text: str, found: list[str]) -> None:
    assert _citations(text.format(n=19)) == [cited.format(n=19) for cited in found]


def test_no_numbered_work_item_is_cited() -> None:
    """A reader cannot follow "see item 19" in a tracker they do not have: the code, tests and
    docs say the reason itself."""
    scanned = _scanned()
    assert len(scanned) > 300  # the package, its tests and docs, not an empty walk
    hits = []
    for path in scanned:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            hits += [f"{path.relative_to(ROOT)}:{number}: {cited!r}" for cited in _citations(line)]
    assert not hits, "numbered work items cited (say the reason itself):\n" + "\n".join(hits)


_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens."""
    text = _CODE_SPAN.sub(lambda m: m.group(0).strip("`"), heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*$", text, re.MULTILINE)}


def test_slugs_follow_github() -> None:
    assert _slug("The AI in worker processes") == "the-ai-in-worker-processes"
    assert _slug("Crokinole: the ideas measured") == "crokinole-the-ideas-measured"
    assert _slug("Balls (snooker) — model 0, `cueboard/engine/models/ball.py`") == (
        "balls-snooker--model-0-cueboardenginemodelsballpy"
    )


def test_the_docs_links_resolve() -> None:
    """Every relative link of README.md and docs/ names a file that exists, and its #anchor a
    heading of that file."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken = []
    checked = 0
    for page in pages:
        text = _CODE_SPAN.sub("", _FENCE.sub("", page.read_text(encoding="utf-8")))
        for target in _LINK.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
                continue
            name, _, anchor = target.partition("#")
            linked = (page.parent / name).resolve() if name else page
            checked += 1
            if not linked.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert checked >= 10
    assert not broken, "\n".join(broken)


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


def test_vulture_finds_no_dead_code() -> None:
    """vulture (a dev dependency) at 80 % confidence over the package, with vulture_whitelist.py
    for what is reached dynamically: no unused import, no unreachable code, no unused argument."""
    found = subprocess.run(
        [sys.executable, "-m", "vulture", "cueboard", "vulture_whitelist.py", "--min-confidence", "80"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert found.returncode == 0 and not found.stdout, found.stdout + found.stderr


def test_the_vulture_whitelist_names_what_exists() -> None:
    """Every name the whitelist takes from the package still exists there: a stale entry would
    hide a new dead function of that name."""
    tree = ast.parse((ROOT / "vulture_whitelist.py").read_text(encoding="utf-8"))
    bound: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                bound[alias.asname or top] = importlib.import_module(top)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cueboard"):
            module = importlib.import_module(node.module)
            for alias in node.names:
                value = getattr(module, alias.name, None)
                bound[alias.asname or alias.name] = (
                    value if value is not None else importlib.import_module(f"{node.module}.{alias.name}")
                )
    checked = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound:
            checked.append(f"{node.value.id}.{node.attr}")
            assert hasattr(bound[node.value.id], node.attr), f"vulture_whitelist.py: {checked[-1]} is gone"
    assert len(checked) >= 20
