"""Counts of each game's rule scenarios: all, multi-step (more than one step) and engine-driven
(an outcome simulated by the engine from a strike or flick rather than written by hand).

``python -m tests.games.scenario_counts`` prints them; tests/games/test_scenario_counts.py holds
the figures each game must reach (snooker >= 220, crokinole >= 100, novuss >= 100, multi-step and
engine-driven >= 20 each)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.games.scenario_files import load_scenario_files

GAMES = Path(__file__).parent
#: The keys of a step whose outcome the engine produces, per game.
ENGINE_KEYS = {"snooker": ("strike",), "crokinole": ("flick",), "novuss": ("stroke_of_cue", "strike")}


def steps(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    return list(scenario.get("steps", [scenario]))


def counts(game: str) -> dict[str, int]:
    scenarios = load_scenario_files(GAMES / game / "scenarios")
    keys = ENGINE_KEYS[game]
    return {
        "scenarios": len(scenarios),
        "multi_step": sum(1 for s in scenarios if len(steps(s)) > 1),
        "engine_driven": sum(1 for s in scenarios if any(k in st for st in steps(s) for k in keys)),
    }


if __name__ == "__main__":
    for game in ("snooker", "crokinole", "novuss"):
        c = counts(game)
        print(
            f"{game}: {c['scenarios']} scenarios, {c['multi_step']} multi-step, "
            f"{c['engine_driven']} engine-driven"
        )
