"""The strike request profile (``python -m benchmarks.app_profile``): it plays real strokes
through the app, counts the database work a stroke does, and its areas account for all of the
profiled time, the physics among them."""

from __future__ import annotations

import pytest

from benchmarks.app_profile import area_of, main, profile


def test_a_profile_of_strokes_on_sqlite() -> None:
    p = profile("sqlite", strokes=12, top=5)
    assert p.strokes == 12 and p.plain_cpu_ms > 0 and p.cpu_ms > 0
    # the match row, the seats' rows (read once for the guard and the service), the move
    assert p.checkouts == 3.0
    assert p.statements >= 4.0  # (the two reads of the seats' rows, the UPDATE, the shot's INSERT)
    shares = dict(p.areas)
    assert sum(shares.values()) == pytest.approx(100.0)
    assert shares["physics (cueboard.engine)"] > 0 and shares["rules and referee (cueboard.games)"] > 0
    assert len(p.top) == 5 and all(ms >= 0 for _name, ms, _share in p.top)


def test_areas_and_arguments() -> None:
    assert area_of("/x/site-packages/sqlalchemy/engine/base.py") == "SQLAlchemy"
    assert area_of("/repo/cueboard/engine/discs.py") == "physics (cueboard.engine)"
    assert area_of("~") == "built-ins (C functions called from Python)"
    with pytest.raises(SystemExit):
        main(["--strokes", "0"])
