"""Each game's page modules are served from ``/games/<game>/<part>.js``: the game's own file, else
the generic one; a game or part that does not exist is a 404 problem, and the part's name cannot
reach outside the game's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cueboard.app.games import adapter
from cueboard.app.routes.game_pages import page_module
from cueboard.store import StoreError


def test_an_unknown_game_or_part_is_a_404_problem(client: TestClient) -> None:
    r = client.get("/games/chess/table.js")
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/problem+json")
    assert "chess" in r.json()["detail"]
    assert client.get("/games/snooker/no_such_part.js").status_code == 404


@pytest.mark.parametrize("path", ["/games/snooker/..%2Fsnooker.js", "/games/snooker/Table.js",
                                  "/games/snooker/%2e%2e.js"])
def test_a_part_name_outside_the_pattern_is_refused(client: TestClient, path: str) -> None:
    assert client.get(path).status_code in (404, 422)


def test_a_game_s_own_module_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "own"
    own.mkdir()
    (own / "table.js").write_text("export const mine = 1;\n")
    monkeypatch.setattr(adapter("novuss"), "page_dir", own)
    assert page_module("novuss", "table") == own / "table.js"
    with pytest.raises(StoreError, match="no page module 'nothing'"):
        page_module("novuss", "nothing")


def test_the_served_module_is_javascript(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "table.js").write_text("export const drawn = true;\n")
    monkeypatch.setattr(adapter("crokinole"), "page_dir", tmp_path)
    r = client.get("/games/crokinole/table.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    assert r.text == "export const drawn = true;\n"


def test_the_games_list_names_each_game_s_capabilities(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert "concession" in games["snooker"]["capabilities"]
    assert "frames" in games["crokinole"]["capabilities"]
    assert "nominations" not in games["novuss"]["capabilities"]
