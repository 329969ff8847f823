"""Team fixtures in the scorer: a league match between two teams played as N single frames, each
between a different pair of players (one from each team), the fixture's result in frames won per
team, a draw possible (3-3 in six frames) — as amateur snooker leagues' scorecards hold it
(docs/app.md#team-fixtures).

Each frame is a normal one-frame scorer match (cueboard/app/scorer.py: strokes, or the frame as its
result alone; handicap starts) whose header names the fixture; seat 0 is the home team's player,
seat 1 the away team's. The fixture's view reads each frame's keeper: who won it, the scores, the
breaks of 25 or more per player (what a league scorecard lists); the statistics per player are
the scorer's statistics of every frame the player played, summed by the game's keeper. A game
whose keeper says ``fixtures`` (:class:`FrameKeeper`) may be played as a fixture.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, Protocol, cast

from pydantic import BaseModel, ConfigDict, Field

from cueboard.app.scorer import FIRST_GAME, KEEPERS, ScorerIn, keeper_of, new_header
from cueboard.app.scorer_games import Keeper
from cueboard.app.text import SafeText
from cueboard.errors import SettingsError
from cueboard.store.scorer import FixtureRow, ScorerRow

#: The most frames a fixture has (leagues play 4 to 10; 20 leaves room for any format).
MAX_FRAMES = 20
#: The longest team or player name, in characters once trimmed.
MAX_NAME = 64


class FrameKeeper(Keeper, Protocol):
    """A keeper whose matches may be a fixture's frames (its ``fixtures`` is True)."""

    fixtures: ClassVar[bool]

    @property
    def winner(self) -> int | None: ...

    def frame_card(self) -> dict[str, Any]: ...

    @staticmethod
    def combine_stats(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]: ...


class FixtureIn(BaseModel):
    """A new fixture: the game, the two teams (home first), the number of frames, whether a
    player may play more than one frame (leagues differ; allowed unless said otherwise), and the
    frames' rules settings (snooker: the reds and the miss rule)."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(default=FIRST_GAME, min_length=1, max_length=32, pattern=r"^[a-z][a-z0-9_]*$")
    #: The teams' names (1 to 64 characters once trimmed), the home team first.
    teams: list[SafeText] = Field(min_length=2, max_length=2)
    frames: int = Field(ge=1, le=MAX_FRAMES)
    repeat_players: bool = True
    reds: Literal[15, 10, 6] = 15
    miss: Literal["professional", "amateur", "off"] = "professional"


class FrameIn(BaseModel):
    """A fixture's next frame: its two players (the home team's, then the away team's) and, where
    the league gives them, their handicap starts."""

    model_config = ConfigDict(extra="forbid")

    players: list[SafeText] = Field(min_length=2, max_length=2)
    handicap: list[int] | None = Field(default=None, min_length=2, max_length=2)


def _name(value: str, what: str) -> str:
    name = value.strip()
    if not name or len(name) > MAX_NAME:
        raise SettingsError(f"{what} must have 1 to {MAX_NAME} characters")
    return name


def frame_keeper(game: str) -> type[FrameKeeper]:
    """The keeper of ``game``'s frames (a SettingsError when the game is not played as fixtures)."""
    keeper = keeper_of(game)
    if not getattr(keeper, "fixtures", False):
        raise SettingsError(f"the scorer keeps no {game} team fixture: only games played in single "
                            "frames are (GET /api/scorer-games: 'fixtures')")
    return cast(type[FrameKeeper], keeper)


def fixture_header(body: FixtureIn) -> dict[str, Any]:
    """The stored header of a new fixture (names checked; the frames' settings checked by making
    a frame's header with them)."""
    frame_keeper(body.game)
    teams = [_name(t, f"team {i + 1}'s name") for i, t in enumerate(body.teams)]
    if teams[0].casefold() == teams[1].casefold():
        raise SettingsError(f"a fixture is between two teams: both are named '{teams[0]}'")
    settings = {"reds": body.reds, "miss": body.miss}
    new_header(ScorerIn.model_validate({"game": body.game, "players": ["a", "b"], **settings}), 0)
    return {"game": body.game, "teams": teams, "frames": body.frames,
            "repeat_players": body.repeat_players, "settings": settings}


def frame_header(
    fixture: FixtureRow, frames: Sequence[ScorerRow], body: FrameIn, seed: int
) -> dict[str, Any]:
    """The header of the fixture's next frame: a one-frame scorer match between ``body.players``
    (refused when the fixture has all its frames, or a player already played and the fixture
    does not allow it)."""
    h = fixture.header
    if len(fixture.frames) >= h["frames"]:
        raise SettingsError(f"the fixture has its {h['frames']} frames: no frame more to add")
    players = [_name(p, f"{h['teams'][i]}'s player") for i, p in enumerate(body.players)]
    if not h["repeat_players"]:
        for side, name in enumerate(players):
            if any(f.header["players"][side].casefold() == name.casefold() for f in frames):
                raise SettingsError(f"{name} has played a frame for {h['teams'][side]} already, and this "
                                    "fixture lets each player play one frame")
    scorer = ScorerIn.model_validate({"game": h["game"], "players": players, "best_of": 1,
                                      "handicap": body.handicap, **h["settings"]})
    return {**new_header(scorer, seed), "fixture": fixture.id}


def _frame(number: int, row: ScorerRow) -> dict[str, Any]:
    with KEEPERS.reading(row.id, row.header, row.entries) as keeper:
        board = cast(FrameKeeper, keeper)
        return {"number": number, "id": row.id, "status": row.status, "players": row.header["players"],
                "handicap": row.header.get("handicap", [0, 0]), **board.frame_card(),
                "winner": board.winner if board.finished else None}


def fixture_view(fixture: FixtureRow, frames: Sequence[ScorerRow], *, owner: bool) -> dict[str, Any]:
    """The fixture as its page shows it: each frame (pair, scores, breaks, winner) with the team
    score after it, the team score (frames won), whether it is over and who won it (None: a draw
    or not over), the owner flag and the read-only link."""
    h = fixture.header
    rows, score = [], [0, 0]
    for n, row in enumerate(frames, start=1):
        frame = _frame(n, row)
        if frame["winner"] is not None:
            score[frame["winner"]] += 1
        rows.append({**frame, "team_score": list(score)})
    over = len(rows) == h["frames"] and all(r["winner"] is not None for r in rows)
    winner = None if not over or score[0] == score[1] else (0 if score[0] > score[1] else 1)
    return {"id": fixture.id, "game": h["game"], "teams": h["teams"], "frames_of": h["frames"],
            "repeat_players": h["repeat_players"], "settings": h["settings"], "frames": rows,
            "score": score, "over": over, "winner": winner, "draw": over and score[0] == score[1],
            "owner": owner, "share_path": f"/#/scorer/fixture/{fixture.id}"}


def fixture_stats(fixture: FixtureRow, frames: Sequence[ScorerRow]) -> dict[str, Any]:
    """Per player (by team and name), the scorer's statistics of every frame the player played,
    summed by the game's keeper; with the frames played and won."""
    keeper = frame_keeper(fixture.header["game"])
    played: dict[tuple[int, str], list[dict[str, Any]]] = {}
    won: dict[tuple[int, str], int] = {}
    for row in frames:
        with KEEPERS.reading(row.id, row.header, row.entries) as board:
            stats, winner = board.stats(), cast(FrameKeeper, board).winner
        for seat, player in enumerate(stats["players"]):
            key = (seat, row.header["players"][seat])
            played.setdefault(key, []).append(player)
            won[key] = won.get(key, 0) + (winner == seat)
    players = [{"team": team, "team_name": fixture.header["teams"][team], "name": name,
                "frames": len(rows), "frames_won": won[team, name], **keeper.combine_stats(rows)}
               for (team, name), rows in sorted(played.items(), key=lambda kv: kv[0][0])]
    return {"game": fixture.header["game"], "teams": fixture.header["teams"], "players": players}


def fixture_export(view: Mapping[str, Any], stats: Mapping[str, Any]) -> dict[str, Any]:
    """The fixture as a JSON document: the teams, the result, each frame (players, scores,
    breaks of 25+, winner) and each player's summed statistics."""
    frames = [{k: f[k] for k in ("number", "players", "handicap", "scores", "breaks", "by_result",
                                 "winner", "team_score")} for f in view["frames"]]
    return {"fixture": view["id"], "game": view["game"], "teams": view["teams"],
            "frames_of": view["frames_of"], "score": view["score"], "over": view["over"],
            "winner": view["winner"], "draw": view["draw"], "frames": frames, "players": stats["players"]}


CSV_COLUMNS = ("frame", "home_player", "home_score", "home_breaks", "away_player", "away_score",
               "away_breaks", "winner", "home_frames", "away_frames")


def fixture_csv(view: Mapping[str, Any]) -> str:
    """The fixture as a league scorecard, CSV (RFC 4180): a row per frame with each player's
    score and breaks of 25+ (separated by spaces), the frame's winner (the team's name, empty
    while the frame is on) and the team score after the frame; a last row with the result."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    teams = view["teams"]
    for f in view["frames"]:
        winner = "" if f["winner"] is None else teams[f["winner"]]
        writer.writerow((f["number"], f["players"][0], f["scores"][0], " ".join(map(str, f["breaks"][0])),
                         f["players"][1], f["scores"][1], " ".join(map(str, f["breaks"][1])), winner,
                         *f["team_score"]))
    result = "draw" if view["draw"] else teams[view["winner"]] if view["winner"] is not None else ""
    writer.writerow(("total", teams[0], "", "", teams[1], "", "", result, *view["score"]))
    return buf.getvalue()
