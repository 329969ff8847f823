"""The chat of an online match (docs/app.md#playing-a-friend), as on lichess: the players talk
in their room, the spectators in theirs, and neither reads the other's while the match is on.

Who speaks where follows from the request's credentials, never from the request: a seat's token
speaks in the players' room as that seat (its name), a browser without one in the spectators'
room. A message is at most 140 characters of text (stored and sent as text: the page renders it
as text, never as HTML) or one of the preset phrases, which each browser says in its own
language. Each seat (or spectator's address) may send 20 messages a minute, 5 at once. Messages
are stored with the match (deleted with it) and pushed to the table in the live ``table`` event
(the last :data:`KEPT` of each room).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from cueboard.app.guard import Rate, RateLimiter
from cueboard.app.online.seats import Access
from cueboard.errors import CueboardInputError
from cueboard.store import Store, StoreError
from cueboard.store.models import MatchRow
from cueboard.store.online import ChatRow, SeatRow

#: The preset phrases (the catalogues' ``chat.preset.<name>``).
PRESETS = ("good_shot", "well_played", "thanks", "sorry")
#: The longest message, in characters.
MAX_TEXT = 140
#: Messages of each room sent with the table.
KEPT = 50
ROOMS = ("players", "spectators")


class Chat:
    """The chat rooms of one store's online matches."""

    def __init__(self, store: Store, rate: Rate | None = None):
        self.store = store
        self.limiter = RateLimiter("chat messages", rate or Rate(per_minute=20, burst=5), store=store)

    def say(self, match_id: str, access: Access, client: str, *, text: str = "", preset: str | None = None,
            name: str = "") -> dict[str, Any]:
        """Store a message (``text`` or ``preset``) in the room ``access`` speaks in; returns it."""
        text = text.strip()
        if preset is not None and text:
            raise CueboardInputError("a message is a text or a preset phrase, not both")
        if preset is None and not text:
            raise CueboardInputError("an empty message is not sent: write a text or choose a preset phrase")
        if preset is not None and preset not in PRESETS:
            raise CueboardInputError(f"no preset phrase '{preset}' (presets: {', '.join(PRESETS)})")
        if len(text) > MAX_TEXT:
            raise CueboardInputError(f"a message has at most {MAX_TEXT} characters, not {len(text)}")
        with self.store.session() as s:
            if s.get(MatchRow, match_id) is None:
                raise StoreError(f"no match with id '{match_id}'")
            rows = {r.seat: r for r in s.scalars(select(SeatRow).where(SeatRow.match_id == match_id))}
        held = sorted(seat for seat in access.seats if seat in rows)
        seat = held[0] if held else None
        room = "players" if seat is not None or access.legacy else "spectators"
        self.limiter.take(f"{match_id}|{'seat' + str(seat) if seat is not None else client}")
        shown = rows[seat].name if seat is not None else name.strip()[:32]
        row = ChatRow(match_id=match_id, room=room, seat=seat, name=shown, text=text, preset=preset,
                      created_at=datetime.now(UTC))
        with self.store.session() as s:
            s.add(row)
            s.flush()
            return _json(row)

    def rooms(self, match_id: str) -> dict[str, list[dict[str, Any]]]:
        """The last :data:`KEPT` messages of each room, oldest first."""
        out: dict[str, list[dict[str, Any]]] = {}
        with self.store.session() as s:
            for room in ROOMS:
                rows = list(s.scalars(select(ChatRow)
                                      .where(ChatRow.match_id == match_id, ChatRow.room == room)
                                      .order_by(ChatRow.id.desc()).limit(KEPT)))
                out[room] = [_json(r) for r in reversed(rows)]
        return out


def _json(r: ChatRow) -> dict[str, Any]:
    return {"id": r.id, "seat": r.seat, "name": r.name, "text": r.text, "preset": r.preset}


def seen_by(table: dict[str, Any], player: bool) -> dict[str, Any]:
    """The live ``table`` event as one watcher sees it: a player's browser gets the players'
    room, a spectator's the spectators' room."""
    chat = table.get("chat")
    if not isinstance(chat, dict):
        return table
    return {**table, "chat": chat.get("players" if player else "spectators", [])}


__all__ = ["KEPT", "MAX_TEXT", "PRESETS", "Chat", "seen_by"]
