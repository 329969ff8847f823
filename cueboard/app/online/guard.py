"""Who may act for a match: the FastAPI dependencies of the acting endpoints.

A request's credentials are the token of ``Authorization: Bearer <token>`` and the tokens of the
match's cookie ``cb_<match id>`` (HttpOnly, SameSite=Strict, set when a browser creates a match
or takes an invitation; several tokens joined by ``.`` when one browser holds several seats).
Refusals are ``401`` (no credential, or none of this match's) or ``403`` (a valid token of
another seat, or a seat token where the host's is needed), answered before the endpoint runs, so
the match is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from fastapi import Request, Response

from cueboard.app.games import adapter
from cueboard.app.games.base import turn_json
from cueboard.app.online.seats import Access, Issued, OnlineError, SeatBook
from cueboard.records.base import parse_record
from cueboard.records.match import MatchHeader
from cueboard.records.registry import record_types
from cueboard.store import StaleMatchError, Store

COOKIE_PREFIX = "cb_"
#: How long a browser keeps a match's cookie (seconds): 180 days.
COOKIE_MAX_AGE = 180 * 24 * 3600


class AccessError(OnlineError):
    """A request refused for its credentials: ``status`` 401 or 403."""

    code: ClassVar[str] = "access-denied"


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    scheme, _, value = auth.partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


def cookie_tokens(request: Request, match_id: str) -> list[str]:
    raw = request.cookies.get(COOKIE_PREFIX + match_id, "")
    return [t for t in raw.split(".") if t]


def credentials(request: Request, match_id: str) -> list[str]:
    """The tokens a request presents for ``match_id``."""
    token = bearer(request)
    return [*([token] if token else []), *cookie_tokens(request, match_id)]


def all_credentials(request: Request) -> list[str]:
    """Every token a request presents, for any match (``GET /api/matches``)."""
    token = bearer(request)
    out = [token] if token else []
    for name, value in request.cookies.items():
        if name.startswith(COOKIE_PREFIX):
            out.extend(t for t in value.split(".") if t)
    return out


def add_cookie(request: Request, response: Response, match_id: str, tokens: list[str]) -> None:
    """Add ``tokens`` to the browser's cookie of ``match_id`` (kept with the ones it had)."""
    held = [t for t in cookie_tokens(request, match_id) if t not in tokens]
    secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(COOKIE_PREFIX + match_id, ".".join(held + tokens), max_age=COOKIE_MAX_AGE,
                        path="/api", httponly=True, samesite="strict", secure=secure)


def _refuse_unknown(access: Access) -> None:
    if not access.presented:
        raise AccessError(401, "auth.required", "this request acts for a seat of the match: send the "
                          "seat's token (Authorization: Bearer <token>, or the match's cookie)")
    if not access.host and not access.seats:
        raise AccessError(401, "auth.invalid", "the token sent is not one of this match's")


class Guard:
    """The dependencies checking a request's right to act for a match."""

    def __init__(self, store: Store, book: SeatBook):
        self.store = store
        self.book = book

    def access(self, request: Request, match_id: str) -> Access:
        self.store.get_match(match_id)  # 404 for an unknown match, before any question of tokens
        return self.book.access(match_id, credentials(request, match_id))

    def _turn(self, request: Request, match_id: str) -> tuple[dict[str, Any], MatchHeader, str]:
        """Whose turn it is, at the version the request names (``X-Match-Version``): a request
        made against another version is stale (409) whoever sends it, so the seat checked here
        is the seat to move when the move is stored (the store's compare-and-set on that
        version)."""
        row = self.store.get_match(match_id)
        named = request.headers.get("x-match-version", "")
        # (a number out of range is left to the endpoint's validation: 422)
        if named.isdigit() and int(named) <= 2**31 - 1 and int(named) != row.version:
            raise StaleMatchError(match_id, int(named), row.version)
        a = adapter(row.game)
        position = parse_record(record_types(row.game).position, row.position)
        return turn_json(a.game, position), parse_record(MatchHeader, row.header), row.status

    def seat_to_move(self, request: Request, match_id: str) -> Access:
        """Strokes, placements, choices: the token of the seat whose turn it is. When the seat to
        move is the AI's, or the match is over, any seat holder passes (the endpoint answers 409)."""
        access = self.access(request, match_id)
        if access.legacy:
            return access
        _refuse_unknown(access)
        turn, header, status = self._turn(request, match_id)
        seat = int(turn["seat"])
        player = next((p for p in header.players if p.seat == seat), None)
        not_a_persons_turn = status != "playing" or (player is not None and player.kind == "ai")
        if not_a_persons_turn and access.seats:
            return access
        if seat not in access.seats:
            name = player.name if player is not None else str(seat + 1)
            raise AccessError(403, "auth.not_your_turn",
                              f"it is seat {seat + 1}'s turn ({name}): this token does not act for that seat",
                              seat=seat, name=name)
        return access

    def seat_holder(self, request: Request, match_id: str) -> Access:
        """Asking the AI to play: any person's seat of the match, or the host (AI against AI)."""
        access = self.access(request, match_id)
        if access.legacy:
            return access
        _refuse_unknown(access)
        return access

    def host(self, request: Request, match_id: str) -> Access:
        """Deleting the match, publishing it: the host token."""
        access = self.access(request, match_id)
        if access.legacy:
            return access
        _refuse_unknown(access)
        if not access.host:
            raise AccessError(403, "auth.host_only", "only the match's host (its creator) may do this")
        return access


def notifying(guard: Callable[[Request, str], Access],
              notify: Callable[[str], None]) -> Callable[[Request, str], Iterator[Access]]:
    """``guard`` as a dependency that, once the endpoint has run, wakes the match's live tables
    (a move stored by this process reaches its watchers at once)."""

    def dependency(request: Request, match_id: str) -> Iterator[Access]:
        access = guard(request, match_id)
        try:
            yield access
        finally:
            notify(match_id)

    return dependency


def issued_json(match_id: str, issued: Issued) -> dict[str, Any]:
    """The creator's secrets as the create answer carries them, with the invitation links
    (relative to the site's root: ``/#/join/<match>/<code>``)."""
    return {
        "host_token": issued.host,
        "seats": [{"seat": seat, "token": token} for seat, token in sorted(issued.seats.items())],
        "invitations": [{"seat": seat, "code": code, "path": f"/#/join/{match_id}/{code}"}
                        for seat, code in sorted(issued.invitations.items())],
        "watch_path": f"/#/match/{match_id}",
    }


__all__ = ["AccessError", "Guard", "add_cookie", "all_credentials", "credentials", "issued_json", "notifying"]
