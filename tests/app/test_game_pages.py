"""Each game's page modules are served from ``/games/<game>/<part>.js``: the game's own file, else
the generic one; a game or part that does not exist is a 404 problem, and the part's name cannot
reach outside the game's folder. Each built-in game's table and calls modules offer what the page
reads of them, a game without its own gets the generic ones, and the table page's shared modules
name no game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cueboard import registry
from cueboard.app.games import adapter
from cueboard.app.games.base import PAGES
from cueboard.app.routes.game_pages import page_module
from cueboard.store import StoreError
from tests.test_plugin_game import shuffle_installed  # noqa: F401  (the toy game, installed)

JS = PAGES.parent


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


# What the table page (match.js, draw.js, aim.js, input.js, sound.js) reads of a game's table
# module without asking whether it is there; and of its calls module (calls.js).
TABLE_EXPORTS = {"speeds", "aimStep", "pull", "cue", "loud", "frame", "drawTable", "radius", "colour",
                 "sideColours", "pieceName", "walls", "snap", "aimWarning", "travelText", "strikeBody"}
CALLS_EXPORTS = {"call"}
EXPORT = re.compile(r"^export (?:const|function|async function) (\w+)", re.MULTILINE)


@pytest.mark.parametrize("game", ["snooker", "crokinole", "novuss"])
def test_each_built_in_game_serves_its_own_table_and_calls(client: TestClient, game: str) -> None:
    for part, needed in (("table", TABLE_EXPORTS), ("calls", CALLS_EXPORTS)):
        r = client.get(f"/games/{game}/{part}.js")
        assert r.status_code == 200
        assert r.text == (PAGES / game / f"{part}.js").read_text(encoding="utf-8")
        assert r.text != (PAGES / "generic" / f"{part}.js").read_text(encoding="utf-8")
        missing = needed - set(EXPORT.findall(r.text))
        assert not missing, f"{game}/{part}.js lacks {sorted(missing)}"


@pytest.mark.usefixtures("shuffle_installed")
def test_a_game_without_its_own_modules_is_served_the_generic_ones(client: TestClient) -> None:
    """The toy game, registered by entry point alone, brings no page modules: its table is drawn
    and its calls said by the generic ones, which offer everything the page reads."""
    for part, needed in (("table", TABLE_EXPORTS), ("calls", CALLS_EXPORTS)):
        r = client.get(f"/games/shuffle/{part}.js")
        assert r.status_code == 200
        assert r.text == (PAGES / "generic" / f"{part}.js").read_text(encoding="utf-8")
        assert not needed - set(EXPORT.findall(r.text))
    assert client.get("/api/games/shuffle/spec").json()["length"] == 2.0  # the rectangle it draws


# The table page's shared modules: what is a game's own is asked of its page module.
TABLE_PAGE = ["draw", "aim", "calls", "input", "match", "shotmap", "sound", "anim", "finestrip", "app",
              "gamepage"]


def test_the_table_page_names_no_game() -> None:
    names = "|".join(registry.game_names())
    quoted = re.compile(rf"""["']({names})["']""")
    found = {f: quoted.findall((JS / f"{f}.js").read_text(encoding="utf-8")) for f in TABLE_PAGE}
    assert not any(found.values()), {f: n for f, n in found.items() if n}
    assert quoted.findall('if (game === "snooker")') == ["snooker"]  # (the pattern finds a branch)
