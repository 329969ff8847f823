"""A claimed match replayed from its record ends where the claim left it: the awarded position
(snooker: WPBSA Section 4 Rule 3), not the position as it stood before the claim."""

from __future__ import annotations

from pathlib import Path

from acting import act
from fastapi.testclient import TestClient
from test_online_offers import _claimable
from typer.testing import CliRunner

from cueboard.cli.main import app as cli
from cueboard.games.protocol import get_game
from cueboard.games.replay import claimed, replay
from cueboard.records import loads_match


def test_a_claimed_best_of_7_at_1_1_replays_to_1_4(client: TestClient, tmp_path: Path) -> None:
    """Best of 7 at 1-1 (each side conceded a frame), Ann away at the third frame's break-off,
    Mai's claim: the player against whom the match is awarded loses the frame in progress (the
    opponent receiving the balls left, 15 reds at 8 and the colours' 27: 147) and the frames
    needed to complete the match (WPBSA Section 4 Rule 3) — 1 frame to Mai's 4."""
    mid, host, guest = _claimable(client, "snooker", {"best_of": 7})
    act(host, "POST", f"/api/matches/{mid}/concede")
    act(guest, "POST", f"/api/matches/{mid}/concede")
    assert act(guest, "POST", f"/api/matches/{mid}/claim").status_code == 200
    text = client.get(f"/api/matches/{mid}/record").text
    record = loads_match(text)
    steps = replay(record)
    before = steps[-1].position
    assert before.frames_won == (1, 1)  # the shots alone end at 1-1
    end = claimed(get_game("snooker"), record, before)
    assert (end.frames_won, end.scores, end.match_over, end.match_winner) == ((1, 4), (0, 147), True, 1)
    assert end.frame_end == "forfeit"
    path = tmp_path / "claimed.json"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["referee", str(path), "--no-physics"])
    assert result.exit_code == 0, result.output
    assert "match awarded on a claim (WPBSA Section 4 Rule 3): frames 1-4" in result.output
    assert "match over: side 1" in result.output


def test_a_claimed_crokinole_game_replays_unchanged(client: TestClient) -> None:
    """The NCA rules award nothing for an absent player's game: its claim ends the game at the
    score as it stood, and the replay's position stands."""
    mid, _host, guest = _claimable(client, "crokinole", {}, seed=1)
    assert act(guest, "POST", f"/api/matches/{mid}/claim").status_code == 200
    record = loads_match(client.get(f"/api/matches/{mid}/record").text)
    assert [i.kind for i in record.header.incidents] == ["claim"]
    game = get_game("crokinole")
    position = game.new_position(record.header.settings, seed=record.header.seed)
    assert claimed(game, record, position) is position
