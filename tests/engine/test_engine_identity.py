"""The event loop's results are bit for bit those of the reference code (benchmarks/
engine_identity.py): 400 ``play_raw`` strokes (half of them elevated: flights, landings, balls off
the table), 20 of them in check mode, 122 ``simulate_shot`` records and 34 disc runs, against
digests stored in data/engine_identity*.json, one file per CPU, each with the commit it was
computed from (a CPU's libm and code generation may round differently); a file's ``checked_on``
names other CPUs where the same digests were computed again at the commit given and all matched,
so the file serves them too. A file's
``not_compared`` lists runs whose results a later model change altered on purpose and that were
not computed again on that CPU. Speed work on the engine must change no result, not even the
sign of a zero."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks import engine_identity

REFERENCES = [
    json.loads(p.read_text()) for p in sorted((Path(__file__).parent / "data").glob("engine_identity*.json"))
]


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    host = engine_identity.host()
    for ref in REFERENCES:
        if host == ref["cpu"] or host in ref.get("checked_on", {}):
            return ref
    cpus = ", ".join(ref["cpu"] for ref in REFERENCES)
    pytest.skip(f"reference digests computed on {cpus} CPUs, this is a {host}: libm and code generation "
                "may round differently there")


@pytest.fixture(scope="module")
def now(reference: dict[str, Any]) -> dict[str, list[str]]:
    return engine_identity.digests()


@pytest.mark.parametrize("group", ["raw", "check", "records", "discs"])
def test_results_are_bit_identical_to_the_reference(
    reference: dict[str, Any], now: dict[str, list[str]], group: str
) -> None:
    skipped = set(reference.get("not_compared", {}).get(group, []))
    ref = [d for k, d in enumerate(reference["digests"][group]) if k not in skipped]
    new = [d for k, d in enumerate(now[group]) if k not in skipped]
    diff = engine_identity.differences({group: ref}, {group: new})
    assert not diff, f"{len(diff)} runs differ from commit {reference['commit'][:10]}: {diff[:10]}"


def test_every_reference_names_its_cpu_and_commit() -> None:
    """Each stored set says where it came from, and leaves out only runs of its own groups."""
    assert REFERENCES
    for ref in REFERENCES:
        assert ref["cpu"] and len(ref["commit"]) == 40
        assert all(len(commit) == 40 for commit in ref.get("checked_on", {}).values())
        for group, runs in ref.get("not_compared", {}).items():
            if group != "why":
                assert all(0 <= k < len(ref["digests"][group]) for k in runs)
