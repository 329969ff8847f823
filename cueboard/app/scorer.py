"""Scorer mode: keep the score of a real match from a phone or a tablet, refereed by the same
referee as ``cueboard score <game>``; each game's app adapter names the keeper that does it
(:meth:`cueboard.app.games.base.GameAdapter.scorer_keeper`: snooker's
:mod:`cueboard.app.scorer_snooker`, crokinole's and novuss's :mod:`cueboard.app.scorer_games`;
docs/app.md#scorer-mode).

``/api/scorer`` creates a match (the names, the frames or rounds, the rules settings); each entry
the scorer taps (snooker: a pot, a safety, a foul with the ball concerned, a choice after a foul,
a concession, the next frame; crokinole: a round; novuss: a stroke) is posted to
``/api/scorer/{id}/entries``, validated and refereed: a refused entry is a 422 with the referee's
reason and changes nothing. ``/undo`` takes back the last entry. The view is the table's
scoreboard (``scoreboard``: the same JSON the match screen draws), the keeper's summary and the
calls of the last entries. Entries are stored (cueboard/store/scorer.py) and the referee is rebuilt
from them; the keepers of the matches in play are kept in memory (:class:`KeeperCache`), so that
an entry costs the same at the start of a match and at entry 500.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cueboard.app.games import adapter, available_games
from cueboard.app.scorer_games import Keeper
from cueboard.app.scorer_snooker import MarkIn, StrokeIn
from cueboard.app.service import MatchStateError
from cueboard.app.text import SafeText
from cueboard.errors import SettingsError
from cueboard.store import Store
from cueboard.store.scorer import ScorerChangedError, save_entries

Entries = list[dict[str, Any]]
"""A match's stored entries, in order."""
#: How many of the last entries' calls the view carries.
RECENT = 12
#: The game of a match stored before the scorer kept more than one game (its header names none).
FIRST_GAME = "snooker"


class EntryIn(BaseModel):
    """One entry. Snooker: a stroke (with its ``mark``), a choice after a foul (``play`` /
    ``put_back`` / ``replace``), a concession or claim of the frame, the next frame, the player of
    a re-spotted black (``choose_player`` with ``seat``) — or ``line``, a report in the words of
    ``cueboard score``. Crokinole: a ``round`` with its ``counts`` (per side: 20s, 15s, 10s, 5s),
    or a ``result`` as a scoresheet holds it (``winner``: a side, or none for a tie; ``twenties``;
    ``totals`` where written down).
    Novuss: a ``stroke`` with its ``report`` (cueboard.games.novuss.scoreboard.StrokeReport's
    fields) or a ``line`` in the words of ``cueboard score novuss``."""

    model_config = ConfigDict(extra="forbid")

    action: Literal[
        "stroke", "choose", "concede", "claim", "next_frame", "choose_player", "round", "result"
    ] = "stroke"
    stroke: StrokeIn | None = None
    mark: MarkIn | None = None
    choice: Literal["play", "put_back", "replace"] | None = None
    seat: int | None = Field(default=None, ge=0, le=3)
    line: SafeText | None = Field(default=None, min_length=1, max_length=200)
    counts: list[list[int]] | None = Field(default=None, min_length=2, max_length=2)
    winner: Literal[0, 1] | None = None
    twenties: list[int] | None = Field(default=None, min_length=2, max_length=2)
    totals: list[int] | None = Field(default=None, min_length=2, max_length=2)
    report: dict[str, int | bool | str] | None = None


class ScorerIn(BaseModel):
    """A new scorer match: the game, the names (2; crokinole and novuss also 4, partners sitting
    opposite: seats 1 and 3 against 2 and 4) and the rules settings. Snooker: the frames (best of
    N), the reds, the miss rule. Crokinole: the ``variant`` (``tournament``: ``rounds`` rounds
    scored 2 / 1 / 0; ``seed``: a game to ``target`` points), or ``first_to``: rounds scored
    2 / 1 / 0 until a side has that many points, ahead (playoffs' "first to 8")."""

    #: The game: one whose app adapter names a scorer keeper (``GET /api/scorer-games``).
    game: str = Field(default=FIRST_GAME, min_length=1, max_length=32, pattern=r"^[a-z][a-z0-9_]*$")
    #: The names (1 to 64 characters once trimmed: checked when the match is created).
    players: list[SafeText] = Field(min_length=2, max_length=4)
    best_of: int = Field(default=1, ge=1, le=35)
    reds: Literal[15, 10, 6] = 15
    miss: Literal["professional", "amateur", "off"] = "professional"
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)
    variant: Literal["seed", "tournament"] = "tournament"
    rounds: int = Field(default=4, ge=1, le=100)
    target: int = Field(default=100, ge=1, le=10_000)
    first_to: int | None = Field(default=None, ge=1, le=200)
    #: Snooker: each player's handicap start, the points given at the start of every frame (0-70).
    handicap: list[int] | None = Field(default=None, min_length=2, max_length=2)



class NoScorerError(SettingsError):
    """The scorer keeps no match of this game (its app adapter names no keeper)."""


def keeper_of(game: str) -> type[Keeper]:
    """The keeper of ``game``'s matches (UnknownGameError for a game not installed)."""
    keeper = adapter(game).scorer_keeper()
    if keeper is None:
        raise NoScorerError(f"the scorer keeps no {game} match: no scorer for this game")
    return keeper


def scorer_games() -> list[dict[str, Any]]:
    """The installed games the scorer keeps, with the player counts its form offers and whether
    a team fixture of the game's single frames may be kept (the keeper's ``fixtures``)."""
    out = []
    for game in available_games():
        keeper = adapter(game).scorer_keeper()
        if keeper is not None:
            out.append({"name": game, "players": list(keeper.player_counts), "fixtures": keeper.fixtures})
    return out


def new_header(body: ScorerIn, seed: int) -> dict[str, Any]:
    """The stored header of a new match (names checked: 1 to 64 characters once trimmed)."""
    names = [n.strip() for n in body.players]
    for i, n in enumerate(names):
        if not n or len(n) > 64:
            raise SettingsError(f"player {i + 1}'s name must have 1 to 64 characters")
    return keeper_of(body.game).header(names, body, seed)


def normal(entry: EntryIn, header: dict[str, Any]) -> dict[str, Any]:
    """The entry as it is stored (``{"action": ..., ...}``, as the game's keeper reads it), in
    plain JSON types, so that it equals itself read back from the store (:class:`KeeperCache`)."""
    out = keeper_of(header.get("game", FIRST_GAME)).normal(entry.model_dump(mode="json", exclude_none=True))
    return dict(json.loads(json.dumps(out)))


def referee(header: dict[str, Any], entries: list[dict[str, Any]]) -> Keeper:
    """The game's keeper with every stored entry applied in order."""
    out = keeper_of(header.get("game", FIRST_GAME))(header)
    for e in entries:
        out.apply(e)
    return out


class KeeperCache:
    """The keepers of the scorer matches last read or written, each with the header and the entries
    it has applied, so that an entry is refereed on the keeper already built rather than by
    replaying every entry before it (a 500-entry snooker match replays in about 80 ms of CPU).

    A keeper is handed out only when the header and the entries read from the store equal those
    it applied (the store stays the truth: another process, or an undo, that changed the entries
    is replayed), and only to one request at a time (:meth:`take` removes it; :meth:`keep` puts it
    back after the entry is saved): a refused entry or a failed save leaves no keeper behind.
    The least recently used beyond ``size`` matches are forgotten."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[str, tuple[dict[str, Any], Entries, Keeper]] = OrderedDict()

    def take(self, match_id: str, header: dict[str, Any], entries: Entries) -> Keeper:
        """The keeper of the match with ``entries`` applied (the kept one, else replayed)."""
        with self._lock:
            item = self._items.pop(match_id, None)
        if item is not None and len(item[1]) == len(entries) and item[0] == header and item[1] == entries:
            return item[2]
        return referee(header, entries)

    def keep(self, match_id: str, header: dict[str, Any], entries: Entries, keeper: Keeper) -> None:
        """Keep ``keeper``, which has applied ``entries`` (as now stored)."""
        with self._lock:
            self._items[match_id] = (header, list(entries), keeper)
            self._items.move_to_end(match_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def forget(self, match_id: str) -> None:
        with self._lock:
            self._items.pop(match_id, None)

    @contextmanager
    def reading(self, match_id: str, header: dict[str, Any], entries: Entries) -> Iterator[Keeper]:
        """The keeper, to read (kept again afterwards unless the reading raised)."""
        keeper = self.take(match_id, header, entries)
        yield keeper
        self.keep(match_id, header, entries, keeper)


KEEPERS = KeeperCache()


def save(store: Store, match_id: str, entries: list[dict[str, Any]], read: int, status: str) -> None:
    """Store ``entries`` in place of the ``read`` entries read before (409 when another scorer
    changed them meanwhile)."""
    try:
        save_entries(store, match_id, entries, read, status)
    except ScorerChangedError as err:
        raise MatchStateError(str(err)) from None


def view_json(match_id: str, header: dict[str, Any], entries: list[dict[str, Any]], board: Keeper,
              status: str, *, owner: bool) -> dict[str, Any]:
    """A scorer match as the page shows it: the keeper's summary, the table's scoreboard, the
    last :data:`RECENT` entries with their rulings and calls, whether the request holds the
    owner token (``owner``: it may write) and the read-only link (``share_path``)."""
    return {"id": match_id, "status": status, "header": header, "entries": len(entries),
            **board.view(RECENT), "can_undo": bool(entries), "owner": owner,
            "share_path": f"/#/scorer/{match_id}"}
