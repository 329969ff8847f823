"""The benchmark harness (benchmarks/__main__.py): registry, skip lines, failures, figures."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

import benchmarks.__main__ as harness
from benchmarks.core import BenchmarkUnavailableError, Figure
from benchmarks.snooker_interleaved import Interleaved
from benchmarks.snooker_interleaved import ratios as interleaved_ratios
from benchmarks.snooker_physics import ShotTime, _summary


def _module(monkeypatch: pytest.MonkeyPatch, name: str, run: types.FunctionType) -> None:
    mod = types.ModuleType(name)
    mod.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, mod)


def _ok() -> list[Figure]:
    return [Figure("toy.speed", 12.5, "ms", goal="< 20 ms", met=True)]


def _missing() -> list[Figure]:
    raise BenchmarkUnavailableError("toy peer not installed")


def _broken() -> list[Figure]:
    raise ZeroDivisionError("boom")


def test_registry_runs_ok_skips_missing_and_reports_failures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _module(monkeypatch, "toy_ok", _ok)
    _module(monkeypatch, "toy_missing", _missing)
    _module(monkeypatch, "toy_broken", _broken)
    monkeypatch.setattr(
        harness, "BENCHMARKS", ["toy_missing", "toy_broken", "toy_not_a_module_anywhere", "toy_ok"]
    )
    assert harness.main([]) == 1  # one benchmark failed; the others still ran
    out = capsys.readouterr().out
    assert "bench: toy_missing skipped: toy peer not installed" in out
    assert "bench: toy_not_a_module_anywhere skipped: cannot import" in out
    assert "bench: toy_broken FAILED" in out and "ZeroDivisionError" in out
    assert "bench: toy.speed 12.5 ms" in out.splitlines()


def test_selection_by_name_and_skips_alone_exit_zero(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _module(monkeypatch, "toy_ok", _ok)
    _module(monkeypatch, "toy_missing", _missing)
    monkeypatch.setattr(harness, "BENCHMARKS", ["toy_missing", "toy_ok"])
    assert harness.main(["missing"]) == 0
    out = capsys.readouterr().out
    assert "skipped" in out and "toy.speed" not in out
    assert harness.main(["nothing-matches"]) == 2


def test_figures_as_json(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _module(monkeypatch, "toy_ok", _ok)
    monkeypatch.setattr(harness, "BENCHMARKS", ["toy_ok"])
    out = tmp_path / "figures.json"
    assert harness.main(["--json", str(out)]) == 0
    assert json.loads(out.read_text()) == [
        {"name": "toy.speed", "value": 12.5, "unit": "ms", "goal": "< 20 ms", "met": True, "note": ""}
    ]


def test_figure_line_format() -> None:
    assert Figure("a.b", 0.000123456, "s").bench_line() == "bench: a.b 1.2346e-04 s"
    assert Figure("a.b", 1234.5678, "us").bench_line() == "bench: a.b 1235 us"
    assert Figure("a.b", 123456.7, "B").bench_line() == "bench: a.b 123457 B"


def test_summary_and_ratios_from_known_times() -> None:
    def times(scale: float, events: int) -> list[ShotTime]:
        return [
            ShotTime("break-off", "break_off", 40, 0.040 * scale),
            ShotTime("pack-break", "pack_break", 100, 0.200 * scale),
            ShotTime("t1", "pot", events, 0.001 * scale),
            ShotTime("t2", "positional", events, 0.003 * scale),
        ]

    mine, figures = _summary("cueboard", times(1.0, 10))
    assert mine["per_event_us"] == pytest.approx(200.0)  # 4 ms over 20 events
    assert mine["typical_shot_ms"] == pytest.approx(2.0)
    by_name = {f.name: f for f in figures}
    assert by_name["snooker.cueboard.per_event"].met is False  # 200 us > 20 us
    assert by_name["snooker.cueboard.typical_shot"].met is False  # 2 ms is not < 2 ms


def test_interleaved_ratios_from_known_times() -> None:
    """Three rounds of four shots; pooltool 60x slower per shot with twice the events, except in
    the middle round where cueboard was slowed down twice: the median ignores that round."""
    kinds = ("break_off", "pack_break", "pot", "positional")
    mine = [[0.04, 0.2, 0.001, 0.003], [0.08, 0.4, 0.002, 0.006], [0.04, 0.2, 0.001, 0.003]]
    peer = [[60 * t for t in mine[0]]] * 3
    m = Interleaved(kinds, mine, mine, peer, [40, 100, 10, 10], [80, 200, 20, 20])
    by_name = {f.name: f for f in interleaved_ratios(m, m.records, "", 60.0)}
    assert by_name["snooker.ratio.per_event_median"].value == pytest.approx(30.0)
    assert by_name["snooker.ratio.per_event_median"].met is False
    assert "rounds 15-30" in by_name["snooker.ratio.per_event_median"].note
    assert by_name["snooker.ratio.per_event"].value == pytest.approx(30.0)
    assert by_name["snooker.ratio.per_shot_geomean"].value == pytest.approx(60.0)
    assert by_name["snooker.ratio.pack_break"].value == pytest.approx(60.0)


def test_interleaved_cold_figures_use_the_rounds_each_path_led() -> None:
    """The first runs of each turn (cold) give their own ratio: for the record path only the
    rounds where it played first after pooltool (0 and 2), for the fast path the others (1)."""
    kinds = ("pot", "positional")
    warm = [[0.001, 0.001]] * 3
    peer = [[0.06, 0.06]] * 3
    records_first = [[0.002, 0.002], [0.004, 0.004], [0.003, 0.003]]
    raw_first = [[0.5, 0.5], [0.0005, 0.0005], [0.5, 0.5]]
    m = Interleaved(
        kinds, warm, warm, peer, [10, 10], [20, 20],
        records_first, raw_first, [[0.08, 0.08]] * 3, [True, False, True],
    )
    by_name = {f.name: f for f in interleaved_ratios(m, m.records, "", 60.0)}
    assert by_name["snooker.ratio.per_event_median"].value == pytest.approx(30.0)  # warm: 60 x / 2
    # rounds 0 and 2: pooltool 4 ms per event against 0.2 and 0.3 ms: 20 x and 13.3 x, median 16.7 x
    assert by_name["snooker.ratio.per_event_median_cold"].value == pytest.approx((20.0 + 40.0 / 3.0) / 2.0)
    assert "cueboard 250 us" in by_name["snooker.ratio.per_event_median_cold"].note
    raw = {f.name: f for f in interleaved_ratios(m, m.raw, "_raw", 150.0)}
    assert raw["snooker.ratio_raw.per_event_median_cold"].value == pytest.approx(80.0)  # round 1 only
    assert raw["snooker.ratio_raw.per_event_median"].met is False  # 30 x < 150 x
