"""The rules docs' tables list every seed rule with the scenarios that cite it (tests.games.rules_index)."""

from __future__ import annotations

import pytest

from tests.games.rules_index import index_of


@pytest.mark.parametrize("game", ["snooker", "crokinole", "novuss"])
def test_rules_table_is_current(game: str) -> None:
    index = index_of(game)
    assert index.doc_table() == index.table(), (
        f"docs/rules/{game}.md's rule table is out of date: run "
        f"`python -m tests.games.rules_index {game} --write`"
    )


@pytest.mark.parametrize("game", ["snooker", "crokinole", "novuss"])
def test_every_scenario_is_in_the_table(game: str) -> None:
    index = index_of(game)
    table = index.doc_table()
    missing = [sc[index.id_key] for sc in index.scenarios() if f"`{sc[index.id_key]}`" not in table]
    assert not missing, f"scenarios not in docs/rules/{game}.md's table: {missing}"


def test_citations_are_read() -> None:
    from tests.games.rules_index import snooker_keys

    assert snooker_keys("S3 R11, R14: no miss") == {"S3 R11", "S3 R14"}
    assert snooker_keys("S4 R2-R3: forfeit") == {"S4 R2", "S4 R3"}
    assert snooker_keys("S3 R12(b) 12.16 and S2 D9") == {"S3 R12", "12.16", "S2 D9"}
    assert snooker_keys("seed 001, commentary to rule 9") == {"S3 R9"}
