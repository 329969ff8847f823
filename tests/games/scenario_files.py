"""The rule scenarios of each game's tests: JSON files of scenario lists, read in file order, and
the checks every catalogue passes (enough of them, unique names, each citing its rule)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def load_scenario_files(folder: Path, *, file_key: str = "_file") -> list[dict[str, Any]]:
    """Every scenario of every ``*.json`` file in ``folder`` (by file name, then in file order),
    each with the file's name added under ``file_key``."""
    out: list[dict[str, Any]] = []
    for path in sorted(folder.glob("*.json")):
        for scenario in json.loads(path.read_text(encoding="utf-8")):
            scenario[file_key] = path.name
            out.append(scenario)
    return out


def check_catalogue(scenarios: list[dict[str, Any]], *, at_least: int, name_key: str) -> None:
    """At least ``at_least`` scenarios, their ``name_key`` unique, each with a ``rule``."""
    assert len(scenarios) >= at_least
    names = [sc[name_key] for sc in scenarios]
    assert len(set(names)) == len(names), f"scenario {name_key}s must be unique"
    for sc in scenarios:
        assert sc.get("rule"), f"scenario {sc[name_key]} cites no rule"
