"""Scoreboard mode: the snooker referee fed by hand (the API of ``cueboard score snooker`` and the
web app).

A person reports what happened in a stroke (first contact, pots, fouls only a person can see,
the calls "miss" / "snookered") and gets the ruling, the scores and the choices. Coordinates are
not known, so the rules setting ``geometry`` is off: the geometric calls come from the reports.

Python use::

    board = Scoreboard(best_of=3)
    board.stroke(potted=["red"])                # a red potted (first contact deemed the red)
    board.stroke(nominated="black", potted=["black"])
    board.stroke(first="pink")                  # a foul: pink hit first with a red on
    board.choose("put_back")
    board.scores, board.choices, board.summary()

A text form of the same reports (one line a stroke) is parsed by :func:`parse_report`; see its
docstring for the words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from cueboard.errors import SettingsError
from cueboard.games.snooker.declaration import Action, Choice, SnookerDeclaration
from cueboard.games.snooker.match import match_score, new_position, next_frame
from cueboard.games.snooker.position import SnookerInputError, SnookerPosition, is_red
from cueboard.games.snooker.records import ManualFoul, SnookerOutcome
from cueboard.games.snooker.referee import D_CENTRE, apply
from cueboard.games.snooker.ruling import SnookerRuling
from cueboard.games.snooker.table import COLOURS_IN_ORDER
from cueboard.records.match import MatchHeader, MatchRecord, PlayerInfo, ShotEntry

_BALL_WORDS = ("red", "white", *COLOURS_IN_ORDER)


@dataclass
class Entry:
    """One applied report: what was declared and reported, the ruling, the position after."""

    player: int
    declaration: SnookerDeclaration
    outcome: SnookerOutcome
    ruling: SnookerRuling
    position: SnookerPosition
    rng_state: dict[str, Any] = field(default_factory=dict)


@dataclass
class Scoreboard:
    """A match scored by hand. ``settings`` are :class:`SnookerRules` fields (``geometry`` is
    forced off); ``seed`` seeds the lots of a re-spotted black."""

    settings: Mapping[str, Any] = field(default_factory=dict)
    players: Sequence[str] = ("Player 1", "Player 2")
    seed: int = 0
    best_of: int | None = None
    history: list[Entry] = field(default_factory=list)

    def __post_init__(self) -> None:
        rules = {**dict(self.settings), "geometry": False}
        if self.best_of is not None:
            rules["best_of"] = self.best_of
        if len(self.players) not in (2, 4):
            raise SettingsError(f"snooker is played by 2 or 4 players, not {len(self.players)}")
        rules.setdefault("players", len(self.players))
        self._start = new_position(rules, seed=self.seed)
        self._rng = np.random.default_rng(self.seed)
        self.position: SnookerPosition = self._start

    # --- reading -------------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, int]:
        return self.position.scores

    @property
    def striker(self) -> int:
        return self.position.to_move

    @property
    def choices(self) -> tuple[str, ...]:
        return self.position.pending

    @property
    def last_ruling(self) -> SnookerRuling | None:
        return self.history[-1].ruling if self.history else None

    def summary(self) -> dict[str, Any]:
        """The scoreboard as plain data (for the web app and the terminal)."""
        p = self.position
        return {
            "players": list(self.players),
            "scores": list(p.scores),
            "striker": p.to_move,
            "ball_on": p.ball_on,
            "break": p.break_points,
            "choices": list(p.pending),
            "free_ball": p.free_ball,
            "touching": list(p.announced_touching()),
            "points_remaining": p.points_remaining(),
            "snookers_required": [p.snookers_required(0), p.snookers_required(1)],
            "highest_break": list(p.highest_break),
            "centuries": list(p.centuries),
            "frames": list(p.frames_won),
            "frame": p.frame_number + 1,
            "match": match_score(p),
            "frame_over": p.frame_over,
            "frame_winner": p.frame_winner,
            "match_over": p.match_over,
            "match_winner": p.match_winner,
            "reds": len(p.reds_on_table()),
        }

    # --- reporting -----------------------------------------------------------------------
    def apply(self, declaration: SnookerDeclaration, outcome: SnookerOutcome | None = None) -> SnookerRuling:
        """Apply a declaration and an outcome as they are (the general form of every report)."""
        player = self.position.to_move
        if declaration.action is Action.STROKE and declaration.choice in (Choice.PUT_BACK, Choice.REPLACE):
            player = self.position.offender if self.position.offender is not None else player
        if outcome is not None and not outcome.stroke and outcome.striker is not None:
            player = outcome.striker  # a foul without a stroke by the seat named (S3 R14)
        state = dict(self._rng.bit_generator.state)
        position, ruling = apply(self.position, declaration, outcome or SnookerOutcome(), self._rng)
        self.history.append(Entry(player, declaration, outcome or SnookerOutcome(), ruling, position, state))
        self.position = position
        return ruling

    def stroke(
        self,
        *,
        first: str | Sequence[str] | None = None,
        potted: Iterable[str] = (),
        off_table: Iterable[str] = (),
        fouls: Iterable[str | ManualFoul] = (),
        nominated: str | None = None,
        free_ball: str | None = None,
        choice: str | None = None,
        miss: bool | None = None,
        snookered: bool | None = None,
        full_ball: bool | None = None,
        touching: Iterable[str] = (),
        moved: Iterable[str] = (),
        nothing: bool = False,
        stroke: bool = True,
        concerned: Mapping[str, str] | None = None,
        striker: int | None = None,
        fell: Iterable[str] = (),
        fell_involved: bool = False,
        fell_caused_foul: bool = False,
        moved_by_other: Iterable[str] = (),
        placed: bool = False,
    ) -> SnookerRuling:
        """Report a stroke. Balls may be named by colour (``red`` is any red on the table; the
        cue ball is ``white``). Without ``first`` the first contact is deemed the first ball
        potted, else the nominated / free ball, else the ball on; ``nothing=True`` means the cue
        ball hit no ball. The reported facts of docs/rules/snooker.md: ``stroke=False`` (a foul
        without a stroke), ``concerned`` ({foul: ball}, S3 R12(b)), ``striker`` (the seat that
        struck; without a stroke, the seat that fouled: a seat not to play only while the position
        is discussed after a miss, S3 R14), ``fell`` / ``fell_involved`` / ``fell_caused_foul``
        (S3 R9), ``moved_by_other`` (S3 R15), ``placed`` (without a stroke: the cue ball in hand
        was placed in the D and let go before the foul, so it is in play where it lies, S2 D9;
        taken to be at the D's centre, as a stroke from hand is)."""
        if placed and (stroke or not self.position.in_hand):
            raise SnookerInputError(
                "'placed' is said of a foul without a stroke with the cue ball in hand (S2 D9)"
            )
        pool = self._reds()
        pot_ids = [self._ball(b, pool) for b in potted]
        off_ids = [self._ball(b, pool) for b in off_table]
        if nothing or not stroke:
            first_ids: tuple[str, ...] = ()
        elif first is not None:
            names = [first] if isinstance(first, str) else list(first)
            hit_pool = self._reds(self.position.touching)
            first_ids = tuple(self._ball(b, hit_pool) for b in names)
        else:
            first_ids = self._deemed_first(pot_ids, nominated, free_ball)
        outcome = SnookerOutcome(
            first_contacts=first_ids,
            cue_contacts=first_ids,
            potted=tuple((b, "pocket") for b in pot_ids),
            off_table=tuple(off_ids),
            manual_fouls=tuple(ManualFoul(f) for f in fouls),
            miss=miss,
            snookered=snookered,
            full_ball=full_ball,
            touching=tuple(self._ball(b, self._reds()) for b in touching),
            moved=tuple(self._ball(b, self._reds(self.position.touching)) for b in moved),
            stroke=stroke,
            ball_concerned={ManualFoul(f): self._ball(b, pool) for f, b in (concerned or {}).items()},
            striker=striker,
            fell=tuple(self._ball(b, pool) for b in fell),
            fell_involved=fell_involved,
            fell_caused_foul=fell_caused_foul,
            moved_by_other=tuple(self._ball(b, pool) for b in moved_by_other),
            cue_ball_placed=D_CENTRE if placed else None,
        )
        declaration = SnookerDeclaration(
            nominated=nominated, free_ball=free_ball, choice=Choice(choice) if choice else None
        )
        return self.apply(declaration, outcome)

    def choose(self, choice: str) -> SnookerRuling:
        """The incoming player's choice after a foul: ``play``, ``put_back`` or ``replace``."""
        return self.apply(SnookerDeclaration(action=Action.CHOOSE, choice=Choice(choice)))

    def concede(self) -> SnookerRuling:
        return self.apply(SnookerDeclaration(action=Action.CONCEDE))

    def claim(self) -> SnookerRuling:
        return self.apply(SnookerDeclaration(action=Action.CLAIM))

    def forfeit(self, side: int) -> SnookerRuling:
        return self.apply(SnookerDeclaration(action=Action.FORFEIT, side=side))

    def stalemate(self) -> SnookerRuling:
        return self.apply(SnookerDeclaration(action=Action.STALEMATE))

    def choose_player(self, seat: int) -> SnookerRuling:
        return self.apply(SnookerDeclaration(action=Action.CHOOSE_PLAYER, player=seat))

    def next_frame(self) -> SnookerPosition:
        """Start the next frame (after the end of one)."""
        self.position = next_frame(self.position)
        return self.position

    def undo(self) -> None:
        """Take back the last report (also across a new frame started after it)."""
        if not self.history:
            raise SnookerInputError("nothing to undo")
        last = self.history.pop()
        self.position = self.history[-1].position if self.history else self._start
        self._rng.bit_generator.state = last.rng_state

    def match_record(self) -> MatchRecord:
        """The match so far as a match record (scoreboard entries: no strike)."""
        header = MatchHeader(
            game="snooker",
            settings=self._start.rules.model_dump(mode="json"),
            players=tuple(PlayerInfo(seat=i, name=n) for i, n in enumerate(self.players)),
            seed=self.seed,
        )
        shots = [
            ShotEntry(
                index=i,
                player=e.player,
                declaration=e.declaration,
                outcome=e.outcome,
                ruling=e.ruling,
                position_after=e.position,
            )
            for i, e in enumerate(self.history)
        ]
        return MatchRecord(header=header, shots=shots)

    # --- helpers -------------------------------------------------------------------------
    def _ball(self, name: str, pool: list[str]) -> str:
        """A ball id from a word; ``red`` takes the next red of ``pool``."""
        word = name.strip().lower()
        if word == "red":
            if not pool:
                raise SnookerInputError("no red left on the table")
            return pool.pop(0)
        if word == "white" or word in COLOURS_IN_ORDER or (is_red(word) and word[3:].isdigit()):
            return word
        raise SnookerInputError(f"unknown ball '{name}' (say {', '.join(_BALL_WORDS)})")

    def _reds(self, prefer: Iterable[str] = ()) -> list[str]:
        reds = [b for b in self.position.on_table_ids() if is_red(b)]
        first = [b for b in prefer if b in reds]
        return first + [b for b in reds if b not in first]

    def _deemed_first(
        self, pot_ids: list[str], nominated: str | None, free_ball: str | None
    ) -> tuple[str, ...]:
        if free_ball:
            return (free_ball,)
        objects = [b for b in pot_ids if b != "white"]
        if objects:
            return (objects[0],)
        if nominated:
            return (nominated,)
        p = self.position
        if p.ball_on == "red":
            reds = p.reds_on_table()
            return (reds[0],) if reds else ()
        if p.ball_on == "colour":
            raise SnookerInputError("say which colour was hit first (or nominate one)")
        return (p.ball_on,)


REPORT_HELP = """\
A stroke is one line of words (colours: red yellow green brown blue pink black white):
  pot BALL...      balls potted (white = in-off)       hit BALL[+BALL]  first contact (two at once)
  nothing          the cue ball hit no ball            safe             the ball on hit, nothing potted
  placed           (with nostroke) the cue ball in hand was placed in the D and let go (S2 D9)
  off BALL...      balls forced off the table          nom COLOUR       the nominated colour
  free COLOUR      the free ball nominated             foul KIND...     a foul only a person sees:
      feet, cue, confer, turn, twice, jump, hand, push, rest, touched, used, measured, declare,
      wrongball, freesnooker
  miss / nomiss    call (or not) a miss                snookered        the incoming player is snookered
  fullball         a full-ball contact was available   touching BALL    the cue ball rests against BALL
  moved BALL       a touching ball moved               nostroke         a foul without a stroke
  foul KIND:BALL   the ball the foul concerns (foul touched:black)   by SEAT   who struck (out of turn)
                   or, with nostroke, who fouled (either player, while a miss's position is discussed)
  fell BALL...     fell into a pocket by itself (S3 R9); with 'involved' / 'fellfoul' (foul came from it)
  replaced BALL... moved by another, put back (S3 R15)
Actions (on their own line): play | putback | replace | concede | claim | forfeit SIDE | stalemate |
  player SEAT | next (next frame) | undo | help | quit"""

_FOUL_WORDS = {
    "feet": ManualFoul.FEET_OFF_FLOOR,
    "cue": ManualFoul.NON_STANDARD_CUE,
    "confer": ManualFoul.CONFERRING,
    "turn": ManualFoul.PLAYED_OUT_OF_TURN,
    "twice": ManualFoul.STRUCK_TWICE,
    "jump": ManualFoul.JUMP_SHOT,
    "hand": ManualFoul.IMPROPERLY_FROM_HAND,
    "push": ManualFoul.PUSH_STROKE,
    "rest": ManualFoul.NOT_AT_REST,
    "touched": ManualFoul.TOUCHED_BALL,
    "used": ManualFoul.USED_BALL_OFF_TABLE,
    "measured": ManualFoul.MEASURED,
    "declare": ManualFoul.NO_DECLARATION,
    "wrongball": ManualFoul.WRONG_CUE_BALL,
    "freesnooker": ManualFoul.FREE_BALL_SNOOKER,
}


class ReportError(SnookerInputError):
    """A line of the scoreboard language that cannot be understood."""

    code: ClassVar[str] = "unreadable-report"


_FLAGS = {
    "nothing": ("nothing", True),
    "miss": ("miss", True),
    "nomiss": ("miss", False),
    "snookered": ("snookered", True),
    "fullball": ("full_ball", True),
    "nostroke": ("stroke", False),
    "placed": ("placed", True),
    "involved": ("fell_involved", True),
    "fellfoul": ("fell_caused_foul", True),
}
_LISTS = {"pot": "potted", "off": "off_table", "touching": "touching", "moved": "moved", "fell": "fell",
          "replaced": "moved_by_other"}
_KEYWORDS = frozenset(("foul", "hit", "nom", "free", "by", "safe", *_FLAGS, *_LISTS))


def _check_ball(word: str) -> None:
    if word not in _BALL_WORDS and not (is_red(word) and word[3:].isdigit()):
        raise ReportError(f"'{word}' is not a ball")


def parse_report(line: str) -> dict[str, Any]:
    """Parse one report line into keyword arguments of :meth:`Scoreboard.stroke`, or into
    ``{"action": name, ...}`` for an action line. See :data:`REPORT_HELP`."""
    words = line.replace(",", " ").lower().split()
    if not words:
        raise ReportError("empty report (type 'help')")
    head = words[0]
    simple = {"play": "play", "putback": "put_back", "put_back": "put_back", "replace": "replace"}
    if head in simple and len(words) == 1:
        return {"action": "choose", "choice": simple[head]}
    if head in ("concede", "claim", "stalemate", "next", "undo", "help", "quit") and len(words) == 1:
        return {"action": head}
    if head in ("forfeit", "player"):
        if len(words) != 2 or not words[1].isdigit():
            raise ReportError(f"'{head}' needs a number: {head} N")
        return {"action": head, "value": int(words[1])}
    out: dict[str, Any] = {}
    listing: str | None = None
    empty: str | None = None  # a keyword still waiting for its first word
    for w in words:
        if w in _KEYWORDS and empty is not None:
            raise ReportError(f"'{empty}' needs a word after it (type 'help')")
        if w == "foul" or w in _LISTS:
            listing = empty = w
            continue
        if w in _FLAGS or w == "safe":
            listing = None
            if w in _FLAGS:
                key, value = _FLAGS[w]
                out[key] = value
            continue
        if w in ("hit", "nom", "free", "by"):
            listing = empty = w
            continue
        if listing is None:
            raise ReportError(f"'{w}' is not understood here (type 'help')")
        empty = None
        if listing == "hit":
            out["first"] = w.split("+")
            listing = None
        elif listing in ("nom", "free"):
            if w not in COLOURS_IN_ORDER:
                raise ReportError(f"'{w}' is not a colour")
            out["nominated" if listing == "nom" else "free_ball"] = w
            listing = None
        elif listing == "by":
            if not w.isdigit():
                raise ReportError(f"'by' needs a seat number, not '{w}'")
            out["striker"] = int(w)
            listing = None
        elif listing == "foul":
            kind, _, ball = w.partition(":")
            if kind not in _FOUL_WORDS:
                raise ReportError(f"unknown foul '{kind}' (one of: {', '.join(_FOUL_WORDS)})")
            out.setdefault("fouls", []).append(_FOUL_WORDS[kind].value)
            if ball:
                _check_ball(ball)
                out.setdefault("concerned", {})[_FOUL_WORDS[kind].value] = ball
        else:
            _check_ball(w)
            out.setdefault(_LISTS[listing], []).append(w)
    if empty is not None:
        raise ReportError(f"'{empty}' needs a word after it (type 'help')")
    return out
