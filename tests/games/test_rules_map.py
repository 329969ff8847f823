"""docs/rules-map.md: every rule and commentary paragraph of the three games with the scenarios
that test it, as scripts/rules_map.py writes it."""

from __future__ import annotations

import pytest

from scripts import rules_map
from tests.games.rules_index import SeedRule, index_of, snooker_keys


def test_the_committed_map_is_what_the_script_writes() -> None:
    assert rules_map.PAGE.read_text(encoding="utf-8") == rules_map.render(), (
        "docs/rules-map.md is out of date: run `python -m scripts.rules_map`"
    )


def test_every_id_on_the_map_names_a_scenario() -> None:
    assert rules_map.unknown_ids(rules_map.PAGE.read_text(encoding="utf-8")) == []


def test_an_id_that_names_no_scenario_is_found() -> None:
    page = rules_map.render().replace("`prep-foul-after-replace-restore`", "`no-such-scenario`", 1)
    assert rules_map.unknown_ids(page) == ["snooker: no-such-scenario"]
    page = rules_map.render().replace("`open shot ending in the 5-zone is removed`", "`renamed`", 1)
    assert rules_map.unknown_ids(page) == ["crokinole: renamed"]


def test_every_rule_a_snooker_scenario_cites_is_on_the_map() -> None:
    on_map = {r.key for part in rules_map.PARTS if part.game == "snooker" for r in part.rules}
    index = index_of("snooker")
    missing = {
        (sc["id"], key) for sc in index.scenarios() for key in snooker_keys(sc["rule"]) if key not in on_map
    }
    assert not missing, f"scenarios cite rules the map lacks: {sorted(missing)}"


def test_a_rule_without_scenario_needs_a_reason() -> None:
    with pytest.raises(ValueError, match="no scenario and no reason"):
        rules_map.reason(SeedRule("S9 R9", "a rule nothing tests"))
    assert rules_map.reason(SeedRule("S1 R3", "Cue", "equipment, not judged by the referee"))


def test_every_rule_is_on_the_map_once() -> None:
    page = rules_map.PAGE.read_text(encoding="utf-8")
    for part in rules_map.PARTS:
        for rule in part.rules:
            assert f"| {rule.key} | " in page, f"{part.title}: {rule.key} is not on the map"
        keys = [r.key for r in part.rules]
        assert len(keys) == len(set(keys)), f"{part.title}: a rule key twice"


def test_the_new_rules_are_mapped_to_their_scenarios() -> None:
    """The foul before the stroke after a replace and the touch while a miss is discussed are
    cited by their scenarios (the commentary on S3 R14)."""
    commentary = next(p for p in rules_map.PARTS if p.rules is rules_map.SNOOKER_COMMENTARY)
    ids = rules_map.cited(commentary)
    assert "prep-foul-after-replace-restore" in ids["K R14 foul before the stroke"]
    assert "consultation-foul-by-offender" in ids["K R14 consultation"]
    assert "prep-foul-in-hand-placed-in-play" in ids["K D9"]
