"""The event loop's results are bit for bit those of the reference code (benchmarks/
engine_identity.py): 400 ``play_raw`` strokes (half of them elevated: flights, landings, balls off
the table), 20 of them in check mode, 122 ``simulate_shot`` records and 34 disc runs, against
digests stored in data/engine_identity.json with the commit they were computed from (before the
loop's speed changes of issue 18). Speed work on the engine must change no result, not even the
sign of a zero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import engine_identity

REFERENCE = json.loads((Path(__file__).parent / "data" / "engine_identity.json").read_text())


@pytest.fixture(scope="module")
def now() -> dict[str, list[str]]:
    if engine_identity.host() != REFERENCE["cpu"]:
        pytest.skip(
            f"reference digests computed on a {REFERENCE['cpu']} CPU, this is a {engine_identity.host()}: "
            "libm and code generation may round differently there"
        )
    return engine_identity.digests()


@pytest.mark.parametrize("group", ["raw", "check", "records", "discs"])
def test_results_are_bit_identical_to_the_reference(now: dict[str, list[str]], group: str) -> None:
    diff = engine_identity.differences({group: REFERENCE["digests"][group]}, now)
    assert not diff, f"{len(diff)} runs differ from commit {REFERENCE['commit'][:10]}: {diff[:10]}"
