"""The snooker replay of ``cueboard referee``: each shot through the referee, its ruling in words
and the score; a new frame is started when a shot follows the end of one.

A scorer's record (the app's scorer, ``cueboard score snooker``) may carry two formats of amateur
leagues, which the replay checks as the scorer applied them:

- a *handicap start* (the header's ``handicap``): each side's points when every frame begins; they
  count in the frame's score, so in who wins it, and in the match's aggregate;
- a frame entered as its *result* alone (a ``result`` incident naming the shot): a concession
  (WPBSA Section 4 Rule 6) at the scorecard's scores, the first entry of its frame, each score at
  least the side's start, not level (a frame does not end level: the black is re-spotted, Section 3
  Rule 4), conceded by the side behind.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from rich.console import Console

from cueboard.cli.referee import DIFFERS, register_replayer, report_differences
from cueboard.games.protocol import get_game, next_frame
from cueboard.games.snooker import SnookerPosition, SnookerRuling, match_score
from cueboard.records import compare
from cueboard.records.base import Position, RecordError
from cueboard.records.match import MatchRecord, ShotEntry

#: The highest score a frame entered as its result may show (three digits on a scorecard).
MAX_FRAME_SCORE = 999


def _describe(r: SnookerRuling) -> str:
    if r.action != "stroke":
        text = r.action
    elif r.foul:
        call = "foul and a miss" if r.miss else "foul"
        text = f"{call} ({r.foul_reason}): {r.penalty} to side {r.penalty_to}"
    elif r.points:
        text = f"{r.points} point(s) ({', '.join(r.scored)}), break {r.break_points}"
    else:
        text = "no score"
    extra = [a for a in r.announcements if not a.startswith("foul")]
    return text + ("; " + "; ".join(extra) if extra else "")


def _started(position: Position, start: tuple[int, int] | None) -> SnookerPosition:
    """A frame's opening position with each side's handicap start on the board."""
    assert isinstance(position, SnookerPosition)
    return position if start is None else position.model_copy(update={"scores": start})


def _result_position(position: SnookerPosition, shot: ShotEntry, start: tuple[int, int],
                     first_of_frame: bool) -> tuple[SnookerPosition, list[str]]:
    """The position a frame entered as its result is conceded from (the recorded scores on the
    board, the side behind to play), and what is wrong with the entry."""
    frame = position.frame_number + 1
    ruling = shot.ruling
    assert isinstance(ruling, SnookerRuling)
    a, b = ruling.scores
    wrong: list[str] = []
    if not first_of_frame:
        wrong.append(f"frame {frame} entered as its result: it is not the frame's first entry")
    if shot.declaration.model_dump().get("action") != "concede":
        wrong.append(f"frame {frame} entered as its result: the entry is not a concession")
    if a == b:
        wrong.append(f"frame {frame} entered as its result: level at {a}-{b}, but a frame does not end "
                     "level (WPBSA Section 3 Rule 4: the black is re-spotted)")
    if a < start[0] or b < start[1] or max(a, b) > MAX_FRAME_SCORE:
        wrong.append(f"frame {frame} entered as its result: {a}-{b} cannot be (each score at least the "
                     f"side's handicap start {list(start)}, at most {MAX_FRAME_SCORE})")
    behind = 0 if a < b else 1
    return position.model_copy(update={"scores": (a, b), "to_move": behind}), wrong


def replay_steps(record: MatchRecord) -> Iterator[compare.ReplayStep[Any, Any]]:
    """Referee every shot of a snooker record again (:func:`cueboard.games.replay.replay`, with the
    handicap start and the frames entered as their result, module docstring); RecordError naming
    the shot when the referee refuses one."""
    from cueboard.games.replay import referee_step, start_of

    game = get_game("snooker")
    if record.header.game != game.name:
        raise RecordError(f"this is a {record.header.game} record, not snooker", field="header.game")
    handicap = record.header.handicap
    if handicap is not None and len(handicap) != 2:
        raise RecordError(f"a snooker handicap is a start for each of the 2 sides, not {len(handicap)}",
                          field="header.handicap")
    start = None if handicap is None else (handicap[0], handicap[1])
    results = {i.at for i in record.header.incidents if i.kind == "result"}
    if not record.shots:
        return
    # The first shot's player broke off, but a first frame entered as its result is conceded by
    # the side behind, who need not have: the settings' first breaker then.
    if record.shots[0].index in results:
        position: Any = _started(game.new_position(record.header.settings, seed=record.header.seed), start)
    else:
        position = _started(start_of(game, record), start)
    rng = np.random.default_rng(record.header.seed)
    first_of_frame = True
    for shot in record.shots:
        following = next_frame(game, position)
        if following is not None:
            position, first_of_frame = _started(following, start), True
        differences: list[str] = []
        if shot.index in results:
            position, wrong = _result_position(position, shot, start or (0, 0), first_of_frame)
            differences += wrong
        yield referee_step(game, position, shot, rng, tuple(differences))
        position, first_of_frame = shot.position_after, False


def _claimed(record: MatchRecord, position: Any, out: Console) -> Any:
    """The match awarded on a claim (:func:`cueboard.games.replay.claimed`, WPBSA Section 4 Rule 3),
    its frames printed; the position unchanged without a claim."""
    from cueboard.games.replay import claimed

    awarded = claimed(get_game("snooker"), record, position)
    if awarded is not position and isinstance(awarded, SnookerPosition):
        out.print(f"match awarded on a claim (WPBSA Section 4 Rule 3): {match_score(awarded)}")
    return awarded


def replay_snooker(record: MatchRecord, out: Console) -> int:
    """Replay a snooker match record; 1 when a recorded ruling or position differs from the
    referee's, or a frame entered as its result cannot be (:func:`replay_steps`)."""
    status = 0
    frame = 0
    position = None
    results = {i.at for i in record.header.incidents if i.kind == "result"}
    if record.header.handicap is not None:
        out.print(f"handicap start: {' and '.join(str(s) for s in record.header.handicap)} points a frame")
    for step in replay_steps(record):
        ruling, position = step.ruling, step.position
        if position.frame_number != frame:
            frame = position.frame_number
            out.print(f"-- frame {frame + 1} --")
        flag = DIFFERS if step.differences else ""
        s0, s1 = ruling.scores
        what = "result entered" if step.index in results else _describe(ruling)
        out.print(f"shot {step.index} (seat {ruling.striker}): {what} — score {s0}-{s1}{flag}")
        status |= report_differences(out, step.differences)
        if ruling.frame_over:
            winner = "drawn" if ruling.frame_winner is None else f"side {ruling.frame_winner}"
            out.print(f"frame over ({ruling.frame_end}): {winner}; {match_score(position)}")
    if position is not None:
        position = _claimed(record, position, out)
    if position is not None and position.match_over:
        winner = "drawn" if position.match_winner is None else f"side {position.match_winner}"
        out.print(f"match over: {winner}")
    return status


register_replayer("snooker", replay_snooker, league_formats=True)
