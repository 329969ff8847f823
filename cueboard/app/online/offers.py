"""What the players of an online match ask each other (docs/app.md#playing-a-friend): a rematch,
offered by one seat and accepted by the others, as on lichess ("Rematch" offered, the opponent
accepts or declines, the new game opens for both players and its spectators).

A rematch keeps the same people in the same seats with the same tokens: the new match's host and
seat rows carry the old ones' hashes, so each browser's tokens act there too once it carries them
to the new match's cookie (:meth:`Offers.carry`). The break passes to the next seat in the game's
order — in snooker the break-off alternates as it does from frame to frame (WPBSA Section 3
Rule 3), and the same courtesy is kept in crokinole and novuss, whose rules leave the first shot
to the players. The new match counts the series so far (wins per side, draws: "Rematch — 2 : 1").

Only the holder of a person's seat offers, accepts or declines, for the seats it holds; every
person's seat must accept (four players: all four); the AI's seats always accept. The offer and
the series travel to every browser at the table in the live ``table`` event
(cueboard/app/online/live.py).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any

from fastapi import Request, Response
from sqlalchemy import select, update

from cueboard.app.games import adapter
from cueboard.app.online.clock import ShotClock
from cueboard.app.online.guard import AccessError, add_cookie, credentials
from cueboard.app.online.seats import Access, OnlineError, SeatBook, seat_json
from cueboard.app.service import MatchService
from cueboard.errors import SettingsError
from cueboard.records.base import parse_record
from cueboard.records.registry import record_types
from cueboard.store import StaleMatchError, StoreError
from cueboard.store.models import MatchRow
from cueboard.store.online import OnlineMatchRow, SeatRow


def _refuse(status: int, key: str, message: str) -> OnlineError:
    return OnlineError(status, key, message)


def takebacks_allowed(om: OnlineMatchRow) -> bool:
    """The match's takeback setting: the host's choice, else on without a shot clock (a clock
    cannot be wound back fairly)."""
    return om.takeback if om.takeback is not None else om.shot_clock_s is None


#: Seconds the player to move may be away before the opponent may claim (lichess lets the
#: opponent of a player who left claim the game after a short wait, or wait on).
AWAY_LIMIT_S = 60
AWAY_MIN_S, AWAY_MAX_S = 1, 3600


def next_first(order: tuple[int, ...], previous: int) -> int:
    """The seat that breaks the rematch: the one after ``previous`` in the game's ``order``."""
    if previous not in order:
        return order[0]
    return order[(order.index(previous) + 1) % len(order)]


def scored(series: dict[str, Any] | None, sides: int, winner: int | None) -> dict[str, Any]:
    """The series after a match won by side ``winner`` (None: drawn)."""
    wins = list((series or {}).get("wins") or [0] * sides)
    draws = int((series or {}).get("draws") or 0)
    if winner is None:
        draws += 1
    else:
        wins[winner] += 1
    return {"wins": wins, "draws": draws}


class Offers:
    """The offers of one store's online matches."""

    def __init__(self, service: MatchService, book: SeatBook, clock: ShotClock):
        self.service = service
        self.store = service.store
        self.book = book
        self.clock = clock

    def table(self, match_id: str) -> dict[str, Any]:
        """What the live ``table`` event carries: the open ``offer``, the rematch that followed
        (``next``), the match this one is a rematch of (``previous``), the ``series`` score
        before this match (None: a first match) and whether takebacks are allowed."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None:
                return {"offer": None, "next": None, "previous": None, "series": None, "takeback": False}
            return self.table_of(om)

    @staticmethod
    def _mine(access: Access, people: Collection[int],
              what: str = "offer, accept or decline a rematch") -> set[int]:
        """The person's seats ``access`` holds (AccessError 403 when none)."""
        mine = set(people) if access.legacy else set(access.seats) & set(people)
        if not mine:
            raise AccessError(403, "offer.seat_only",
                              f"only a player of this match (a seat's token) may {what}")
        return mine

    def rematch(self, match_id: str, access: Access) -> dict[str, Any]:
        """Offer a rematch, or accept the one offered, for the seats ``access`` holds; the
        rematch is created once every person's seat has accepted. Returns the table state."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            match = s.get(MatchRow, match_id)
            if om is None or match is None:
                raise StoreError(f"no match with id '{match_id}'")
            people = sorted(r for r in s.scalars(select(SeatRow.seat).where(SeatRow.match_id == match_id)))
            if not people and not (access.host or access.legacy):  # (the AI alone: its host asks)
                raise AccessError(403, "auth.host_only", "only the host rematches a match of the AI alone")
            mine = self._mine(access, people) if people else set()
            if match.status == "playing":
                raise _refuse(409, "offer.not_finished", f"match '{match_id}' is not over: a rematch is "
                              "offered once it has ended")
            if om.next_id is not None:  # (accepted already: the rematch exists)
                return self.table_of(om)
            fresh: dict[str, Any] = {"kind": "rematch", "by": min(mine, default=None), "accepted": []}
            open_offer = om.offer and om.offer.get("kind") == "rematch" and om.offer.get("declined") is None
            offer: dict[str, Any] = dict(om.offer) if open_offer and om.offer else fresh
            if offer.get("complete"):
                return self.table_of(om)
            accepted = sorted(set(offer["accepted"]) | mine)
            complete = set(people) <= set(accepted)
            om.offer = {**offer, "accepted": accepted, **({"complete": True} if complete else {})}
        if complete:
            try:
                self._create(match_id)
            except Exception:
                with self.store.session() as s:
                    om = s.get(OnlineMatchRow, match_id)
                    if om is not None:
                        om.offer = None  # (the players may ask again)
                raise
        return self.table(match_id)

    def decline(self, match_id: str, access: Access) -> dict[str, Any]:
        """Decline the open rematch offer for the seats ``access`` holds."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None:
                raise StoreError(f"no match with id '{match_id}'")
            people = list(s.scalars(select(SeatRow.seat).where(SeatRow.match_id == match_id)))
            mine = self._mine(access, people)
            offer = om.offer
            if not offer or offer.get("kind") != "rematch" or offer.get("declined") is not None \
                    or offer.get("complete") or om.next_id is not None:
                raise _refuse(409, "offer.none", f"match '{match_id}' has no open rematch offer to decline")
            om.offer = {**offer, "declined": min(mine)}
        return self.table(match_id)

    def abort(self, match_id: str, access: Access, version: int) -> None:
        """Call the match off before its first stroke (as lichess aborts a game before its first
        moves): any person's seat may, and the match is deleted — no result is recorded."""
        with self.store.session() as s:
            people = list(s.scalars(select(SeatRow.seat).where(SeatRow.match_id == match_id)))
            match = s.get(MatchRow, match_id)
        if match is None:
            raise StoreError(f"no match with id '{match_id}'")
        self._mine(access, people, "abort")
        if match.version > 0 or match.status != "playing":
            raise _refuse(409, "offer.started", f"match '{match_id}' has begun: a match is aborted only "
                          "before its first stroke (a player may concede instead)")
        self.service.delete(match_id, expected=version)

    # --- takebacks -------------------------------------------------------------------------------
    def set_takeback(self, match_id: str, allowed: bool) -> dict[str, Any]:
        """The host's takeback setting (refused with a shot clock: its time cannot be given back)."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None:
                raise StoreError(f"no match with id '{match_id}'")
            if allowed and om.shot_clock_s is not None:
                raise SettingsError("takebacks are off in a match with a shot clock (its seconds cannot "
                                    "be given back)")
            om.takeback = allowed
        return self.table(match_id)

    def takeback(self, match_id: str, access: Access) -> dict[str, Any]:
        """Ask to take back the last move, which must be a stroke (or choice) of a seat
        ``access`` holds, before anyone has moved since; the offer names the match version."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            match = s.get(MatchRow, match_id)
            if om is None or match is None:
                raise StoreError(f"no match with id '{match_id}'")
            people = list(s.scalars(select(SeatRow.seat).where(SeatRow.match_id == match_id)))
            mine = self._mine(access, people, "ask for a takeback")
            if not takebacks_allowed(om):
                raise _refuse(409, "takeback.off", f"takebacks are off in match '{match_id}'")
            if match.status != "playing" or match.version == 0:
                raise _refuse(409, "takeback.nothing", f"match '{match_id}' has no stroke to take back")
            version = match.version
        last = self.store.shot(match_id, version - 1)
        if last.player not in mine or last.kind not in ("shot", "choice"):
            raise _refuse(409, "takeback.not_yours", "only the player who made the last stroke may ask "
                          "to take it back, before the opponent plays")
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is not None:
                om.offer = {"kind": "takeback", "by": last.player, "at": version, "accepted": [last.player]}
        return self.table(match_id)

    def _open_takeback(self, om: OnlineMatchRow, match: MatchRow) -> dict[str, Any]:
        offer = om.offer
        if not offer or offer.get("kind") != "takeback" or offer.get("at") != match.version \
                or offer.get("declined") is not None or match.status != "playing":
            raise _refuse(409, "offer.none", f"match '{match.id}' has no open takeback offer (the table "
                          "has moved on since it was asked)")
        return dict(offer)

    def answer_takeback(self, match_id: str, access: Access, accept: bool) -> dict[str, Any]:
        """Accept (the move is undone: :meth:`MatchService.take_back`) or decline the open
        takeback offer, for a seat ``access`` holds other than the asker's."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            match = s.get(MatchRow, match_id)
            if om is None or match is None:
                raise StoreError(f"no match with id '{match_id}'")
            people = list(s.scalars(select(SeatRow.seat).where(SeatRow.match_id == match_id)))
            offer = self._open_takeback(om, match)
            answering = self._mine(access, [p for p in people if p != offer["by"]], "answer a takeback")
            if not accept:
                om.offer = {**offer, "declined": min(answering)}
                return self.table_of(om)
            om.offer = None
            version = match.version
        try:
            self.service.take_back(match_id, expected=version)
        except Exception:
            with self.store.session() as s:
                om = s.get(OnlineMatchRow, match_id)
                if om is not None:
                    om.offer = offer  # (still open: the players may try again)
            raise
        self._note_takeback(match_id, version - 1, min(answering))
        return self.table(match_id)

    def _note_takeback(self, match_id: str, version: int, by: int) -> None:
        """Note on the takeback just made (the match at ``version``, its last ``takebacks``
        entry) the seat that accepted it and when — the record's incident carries them. Nothing
        is noted if the table has moved on meanwhile (another move, or a claim, which ends the
        match without a new version: the status is compared too, so the claim's state stands)."""
        with self.store.session() as s:
            match = s.get(MatchRow, match_id)
            if match is None or match.version != version or not match.state.get("takebacks"):
                return
            taken = [*match.state["takebacks"]]
            taken[-1] = {**taken[-1], "by": by, "time": datetime.now(UTC).isoformat()}
            s.execute(update(MatchRow).where(MatchRow.id == match_id, MatchRow.version == version,
                                             MatchRow.status == match.status)
                      .values(state={**match.state, "takebacks": taken}))

    @staticmethod
    def table_of(om: OnlineMatchRow) -> dict[str, Any]:
        return {"offer": om.offer, "next": om.next_id, "previous": om.previous_id, "series": om.series,
                "takeback": takebacks_allowed(om),
                "away_limit": om.away_limit_s if om.away_limit_s is not None else AWAY_LIMIT_S}

    # --- claims --------------------------------------------------------------------------------
    def set_away_limit(self, match_id: str, seconds: int) -> dict[str, Any]:
        """The host's away limit: seconds the player to move may be away before a claim."""
        if not AWAY_MIN_S <= seconds <= AWAY_MAX_S:
            raise SettingsError(f"away_limit must be from {AWAY_MIN_S} to {AWAY_MAX_S} seconds, "
                                f"not {seconds}")
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            if om is None:
                raise StoreError(f"no match with id '{match_id}'")
            om.away_limit_s = seconds
        return self.table(match_id)

    def claim(self, match_id: str, access: Access, version: int, now: datetime) -> dict[str, Any]:
        """The opponent of the player to move, away (no live connection) for longer than the
        away limit in a match without a shot clock, claims the MATCH, as lichess's "claim
        victory" ends the game whatever the position: the absent side loses it, in every game.
        In snooker this is the match awarded against a player who refuses to continue (WPBSA
        Section 4 Rules 2-3: the frame lost and, besides, the frames needed to complete the
        match: the position the game's adapter :meth:`~cueboard.app.games.base.GameAdapter.awarded`
        gives, the winner's frames those required to win); crokinole's and novuss's rules say
        nothing of an absent player or a forfeited game's score, so the same courtesy of online
        play is kept and their position stays as it stood. The match's state
        keeps the claim (``claim``: the absent seat, the claiming seat, the moves played) — the
        record carries it as an incident (:mod:`cueboard.records.match`)."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            match = s.get(MatchRow, match_id)
            if om is None or match is None:
                raise StoreError(f"no match with id '{match_id}'")
            rows = list(s.scalars(select(SeatRow).where(SeatRow.match_id == match_id)))
            mine = self._mine(access, [r.seat for r in rows], "claim")
            if om.shot_clock_s is not None:
                raise _refuse(409, "claim.clock", "a match with a shot clock is never claimed: the clock "
                              "rules the absent player's time-outs")
            limit = om.away_limit_s if om.away_limit_s is not None else AWAY_LIMIT_S
            turn = match.turn or {}
            seat = turn.get("seat")
            sides = (match.scoreboard or {}).get("sides", [])
            movers = next((set(sd["seats"]) for sd in sides if seat in sd["seats"]), {seat})
            if match.status != "playing" or seat is None or not (mine - movers):
                raise _refuse(409, "claim.not_opponent", "only the opponent of the player to move may claim")
            away = next((seat_json(r, now) for r in rows if r.seat == seat), None)
            since = datetime.fromisoformat(away["away_since"]) if away and away["away_since"] else None
            if since is None or (now - since).total_seconds() < limit:
                raise _refuse(409, "claim.too_soon", f"the player to move has not been away for {limit} s")
            by = min(mine - movers)
            winner = next((i for i, sd in enumerate(sides) if by in sd["seats"]), None)
            claim = {"seat": seat, "by": by, "at": match.version, "time": now.isoformat()}
            state = {**match.state, "winner": winner, "claim": claim}
            over: dict[str, Any] = {"seat": None, "action": "over", "choices": [], "placement": None,
                                    "player": None}
            values: dict[str, Any] = {"status": "finished", "state": state, "turn": over}
            if winner is not None:  # what the game's rules award besides (snooker: the frames)
                a = adapter(match.game)
                stood = parse_record(record_types(match.game).position, match.position)
                awarded = a.awarded(stood, winner)
                if awarded is not None:
                    values |= {"position": awarded.model_dump(mode="json"),
                               "scoreboard": a.scoreboard(awarded)}
            done = s.execute(update(MatchRow).where(
                MatchRow.id == match_id, MatchRow.version == version, MatchRow.status == "playing",
            ).values(**values))
            if getattr(done, "rowcount", 1) != 1:
                raise StaleMatchError(match_id, version, match.version)
        return {"match": self.service.view(match_id)}

    def _create(self, match_id: str) -> str:
        """The rematch of ``match_id``: the same players in the same seats (the AI at its level),
        the same rules and shot clock, the next seat breaking; its access rows carry the old
        ones' token hashes."""
        row = self.store.get_match(match_id)
        header = row.header
        a = adapter(row.game)
        players = [{"name": p.get("name", ""), "kind": p.get("kind", "human"), "level": p.get("level")}
                   for p in header.get("players", [])]
        settings = {k: v for k, v in (header.get("settings") or {}).items() if k != a.first_player_setting}
        order = a.seats(len(players))
        first_shot = self.store.shots(match_id, None, start=0, limit=1)  # who played first, any game
        previous = first_shot[0].player if first_shot else order[-1]
        view = self.service.create(row.game, players, settings, first=next_first(order, previous))
        new_id = view["id"]
        winner = (row.state or {}).get("winner")
        now = datetime.now(UTC)
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            assert om is not None  # (checked by the caller; a deleted match cascades)
            s.add(OnlineMatchRow(match_id=new_id, host_hash=om.host_hash, public=om.public, legacy=om.legacy,
                                 shot_clock_s=None, previous_id=match_id,
                                 series=scored(om.series, len(view["scoreboard"]["sides"]), winner)))
            for r in s.scalars(select(SeatRow).where(SeatRow.match_id == match_id)):
                s.add(SeatRow(match_id=new_id, seat=r.seat, token_hash=r.token_hash,
                              invite_hash=r.invite_hash, name=r.name, claimed_at=now))
            om.next_id = new_id
            om.offer = None
            seconds = om.shot_clock_s
        self.clock.set(new_id, seconds)
        return new_id

    def carry(self, request: Request, response: Response, match_id: str) -> dict[str, Any]:
        """Give this browser's tokens of ``match_id`` to its rematch (the cookie of the new
        match): the same seats, the same host. Returns ``next`` and what the tokens hold there."""
        with self.store.session() as s:
            om = s.get(OnlineMatchRow, match_id)
            next_id = om.next_id if om is not None else None
        if next_id is None:
            raise _refuse(409, "offer.no_rematch", f"match '{match_id}' has no rematch yet")
        kept = [t for t in credentials(request, match_id) if self._acts(next_id, t)]
        if kept:
            add_cookie(request, response, next_id, kept)
        return {"next": next_id, "you": self.book.access(next_id, kept).to_json()}

    def _acts(self, match_id: str, token: str) -> bool:
        access = self.book.access(match_id, [token])
        return access.host or bool(access.seats)


__all__ = ["Offers", "next_first", "scored"]
