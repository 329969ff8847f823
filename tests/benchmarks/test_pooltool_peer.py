"""The pooltool peer driver (benchmarks/pooltool_peer.py): when pooltool cannot run, the snooker
benchmark says why and goes on: if pooltool can't be installed or run, the harness prints why
and still reports cueboard's own figures."""

from __future__ import annotations

import pytest

from benchmarks import pooltool_peer, snooker_interleaved, snooker_physics
from benchmarks.core import BenchmarkUnavailableError


def test_a_missing_interpreter_is_a_clear_peer_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUEBOARD_POOLTOOL_PYTHON", "/nonexistent/python")
    with pytest.raises(pooltool_peer.PeerUnavailableError, match="cannot start /nonexistent/python"):
        pooltool_peer.run_shots('{"shots": []}')


def test_a_failing_runner_is_a_clear_peer_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUEBOARD_POOLTOOL_PYTHON", "/bin/false")
    with pytest.raises(pooltool_peer.PeerUnavailableError, match="the pooltool runner failed"):
        pooltool_peer.run_shots('{"shots": []}')


def test_the_benchmark_prints_why_and_returns_no_peer_figures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CUEBOARD_POOLTOOL_PYTHON", "/bin/false")
    assert snooker_physics._pooltool_cold('{"shots": []}') == []
    assert "bench: snooker.pooltool.cold_start skipped: the pooltool runner failed" in capsys.readouterr().out


def test_a_failing_server_is_a_clear_peer_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUEBOARD_POOLTOOL_PYTHON", "/bin/false")
    with pytest.raises(pooltool_peer.PeerUnavailableError, match="the pooltool server stopped"):
        pooltool_peer.ShotServer('{"shots": []}')


def test_peers_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUEBOARD_BENCH_PEERS", "0")
    assert not pooltool_peer.peers_enabled()
    assert snooker_physics._pooltool_cold("{}") == []
    with pytest.raises(BenchmarkUnavailableError, match="CUEBOARD_BENCH_PEERS=0"):
        snooker_interleaved.figures([])
