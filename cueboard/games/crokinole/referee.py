"""The crokinole referee: a pure state machine from (position, declaration, outcome) to
(position after, ruling). It never imports the physics (an import-linter contract in pyproject.toml).

Rules (rules/crokinole.md; seed 003; NCA/WCC for the tournament variant), in the order they are
applied to a shot:

1. Discs that left the playing surface go to the ditch; a disc that came back onto the board
   from outside goes too, and the discs it hit stay where they lie ("Khác": "Một đĩa rời khỏi
   bảng ... bị trả lại được đặt trong mương. Bất kỳ đĩa nào nó chạm vào nơi chúng bị thương").
2. Opponent discs on the board before the shot and none hit (directly, via pegs, other discs or
   the shooter's own discs): the shot disc and every disc of the shooter's side in the chain go
   to the ditch, a 20 among them included, which then does not count (seed "Chụp với một hoặc
   nhiều đĩa của đối thủ"; NCA: a foul's 20 does not count).
3. Discs that dropped into the 20-hole are taken off and count 20 for their side.
4. No opponent disc on the board before the shot (an open shot) and the WCC switch on: a shot
   disc left on the board outside the 15-line (not touching it) goes to the ditch (seed "Chụp
   không có đĩa của đối thủ").
5. Every disc touching or outside the shooting line goes to the ditch ("Khác").
Leaning discs stay and score 15 (rules: Valid shots). When the last disc of a round has been
shot the round is scored (:mod:`cueboard.games.crokinole.zones`): the higher side scores the
difference (seed) or 2 points, 1 each for a tie (tournament); the next round is started by the
player to the left of the previous starter ("Vòng tiếp theo"), i.e. the next seat clockwise.
"""

from __future__ import annotations

import numpy as np

from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard
from cueboard.games.crokinole.errors import OutcomeError
from cueboard.games.crokinole.records import (
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleRuling,
    Foul,
    Removal,
    RemovalReason,
    RoundResult,
    Variant,
    ZoneCount,
)
from cueboard.games.crokinole.zones import in_or_touching_fifteen, on_or_outside_shooting_line, tally
from cueboard.records.base import Piece, PieceState


def is_over(position: CrokinolePosition) -> bool:
    """Whether the game has ended: a concession, a side at the target (seed), or all rounds
    played (tournament)."""
    if position.conceded_by is not None:
        return True
    s = position.settings
    if s.variant is Variant.SEED:
        return max(position.scores) >= s.target
    return len(position.history) >= s.rounds


def winner(position: CrokinolePosition) -> int | None:
    """The winning side of a finished game (None while it goes on, or for a drawn tournament
    game)."""
    if not is_over(position):
        return None
    if position.conceded_by is not None:
        return 1 - position.conceded_by
    a, b = position.scores
    return None if a == b else (0 if a > b else 1)


def apply(
    position: CrokinolePosition,
    declaration: CrokinoleDeclaration,
    outcome: CrokinoleOutcome,
    rng: np.random.Generator | None = None,
    *,
    board: CrokinoleBoard = STANDARD_BOARD,
) -> tuple[CrokinolePosition, CrokinoleRuling]:
    """Referee one shot, one scoreboard round tally, or a concession. The signature is every
    referee's (``apply(position, declaration, outcome, rng)``); crokinole draws no lots, so
    ``rng`` is not used."""
    if is_over(position):
        raise OutcomeError("the game is over")
    if outcome.shooter != position.to_move:
        raise OutcomeError(f"seat {outcome.shooter} shot, but it is seat {position.to_move}'s turn")
    if declaration.concede:
        side = position.side(position.to_move)
        after = position.model_copy(update={"conceded_by": side})
        return after, CrokinoleRuling(
            twenties_by_side=position.twenties, conceded_by=side, game_over=True, winner=1 - side,
            scores=after.scores,
        )
    if outcome.tally is not None:
        return _apply_tally(position, outcome.tally)
    if outcome.shot_disc is None:
        raise OutcomeError("the outcome holds neither a shot nor a round tally (and no concession)")
    return _apply_shot(position, outcome, board)


def _apply_shot(
    position: CrokinolePosition, outcome: CrokinoleOutcome, board: CrokinoleBoard
) -> tuple[CrokinolePosition, CrokinoleRuling]:
    seat = position.to_move
    shot = outcome.shot_disc
    assert shot is not None
    if position.discs_left[seat] <= 0:
        raise OutcomeError(f"seat {seat} has no disc left to shoot this round")
    before = {p.id: p for p in position.pieces}
    if shot in before:
        raise OutcomeError(f"disc '{shot}' was shot before in this round")
    pieces = dict(before)
    for p in outcome.final:
        old = before.get(p.id)
        if old is None and p.id != shot:
            raise OutcomeError(f"disc '{p.id}' is neither on the board nor the shot disc")
        if old is not None and not old.on_table and p.state is not old.state:
            raise OutcomeError(f"disc '{p.id}' was already off the board")
        if p.owner != (seat if old is None else old.owner):
            raise OutcomeError(f"disc '{p.id}': owner {p.owner} does not match")
        pieces[p.id] = p
    if shot not in pieces:
        raise OutcomeError(f"the final discs do not include the shot disc '{shot}'")
    # Discs in play at the start of the shot: the ones on the board, and the shot disc.
    in_play = {d for d, p in before.items() if p.on_table} | {shot}
    for name, ids in (("chain", outcome.chain), ("holed", outcome.holed), ("ditched", outcome.ditched),
                      ("returned", outcome.returned)):
        for d in ids:
            if d not in in_play:
                raise OutcomeError(f"{name}: disc '{d}' was not in play")

    side = position.side(seat)
    opponents_before = any(p.on_table and position.side_of_disc(p) != side for p in before.values())
    removals: dict[str, RemovalReason] = {}

    def remove(disc: str, reason: RemovalReason) -> None:
        if disc not in removals:
            removals[disc] = reason

    # 1. Off the board, and back from outside.
    final_state = {d: p.state for d, p in pieces.items() if d in in_play}
    for d in outcome.ditched:
        remove(d, RemovalReason.OFF_BOARD)
    for d, st in final_state.items():
        if st in (PieceState.IN_DITCH, PieceState.OFF_TABLE):
            remove(d, RemovalReason.OFF_BOARD)
    for d in outcome.returned:
        remove(d, RemovalReason.RETURNED)
    holed = list(dict.fromkeys(outcome.holed))
    holed += [d for d, st in final_state.items() if st is PieceState.IN_HOLE and d not in holed]
    foul: Foul | None = None
    # 2. The must-hit rule.
    if opponents_before and not outcome.opponent_hit:
        foul = Foul.MISSED_OPPONENT
        remove(shot, RemovalReason.MISSED)
        for d in outcome.chain:
            if position.side_of_disc(pieces[d]) == side:
                remove(d, RemovalReason.TOUCHED_ON_MISS)
    # 3. The 20-hole.
    twenties: list[str] = []
    counted = list(position.twenties)
    for d in holed:
        if d not in removals:
            removals[d] = RemovalReason.HOLED
            twenties.append(d)
            counted[position.side_of_disc(pieces[d])] += 1
    # 4. The open shot must reach the 15 (WCC switch).
    if not opponents_before and position.settings.fifteen_rule and shot not in twenties:
        p = pieces[shot]
        if shot in removals or not in_or_touching_fifteen(p.x, p.y, board):
            foul = Foul.OPEN_SHOT_OUTSIDE_15
            remove(shot, RemovalReason.OPEN_SHOT_OUTSIDE_15)
    # 5. The shooting line.
    for d, p in pieces.items():
        if d not in removals and p.on_table and on_or_outside_shooting_line(p.x, p.y, board):
            remove(d, RemovalReason.SHOOTING_LINE)

    for d, reason in removals.items():
        state = PieceState.IN_HOLE if reason is RemovalReason.HOLED else PieceState.IN_DITCH
        pieces[d] = pieces[d].model_copy(update={"state": state})
    left = list(position.discs_left)
    left[seat] -= 1
    ordered = _ordered(position.pieces, pieces, shot)
    ruling_removals = tuple(Removal(disc=d, reason=r) for d, r in removals.items())
    twenties_by_side = (counted[0], counted[1])
    if sum(left) > 0:
        nxt = _next_with_discs(position, seat, left)
        after = position.model_copy(
            update={"pieces": ordered, "discs_left": tuple(left), "twenties": twenties_by_side,
                    "to_move": nxt}
        )
        return after, CrokinoleRuling(
            removals=ruling_removals, twenties=tuple(twenties), twenties_by_side=twenties_by_side,
            foul_kind=foul, next_to_move=nxt, scores=after.scores,
        )
    ended = position.model_copy(
        update={"pieces": ordered, "discs_left": (0, 0, 0, 0), "twenties": twenties_by_side}
    )
    counts = tally(ended.pieces, {s: position.side(s) for s in position.settings.seats},
                   twenties_by_side, board)
    after, result = end_round(ended, counts)
    over = is_over(after)
    return after, CrokinoleRuling(
        removals=ruling_removals, twenties=tuple(twenties), twenties_by_side=twenties_by_side,
        foul_kind=foul, next_to_move=None if over else after.to_move, round_result=result,
        game_over=over, winner=winner(after), scores=after.scores,
    )


def _ordered(old: tuple[Piece, ...], pieces: dict[str, Piece], shot: str) -> tuple[Piece, ...]:
    """The pieces in their previous order, the shot disc last."""
    return (*(pieces[p.id] for p in old), pieces[shot])


def _next_with_discs(position: CrokinolePosition, seat: int, left: list[int]) -> int:
    """The next seat clockwise that still has a disc to shoot (turn order: seed "Chơi luôn tiến
    hành theo chiều kim đồng hồ" — play always proceeds clockwise)."""
    s = position.settings
    nxt = s.next_seat(seat)
    while left[nxt] == 0:
        nxt = s.next_seat(nxt)
    return nxt


def _apply_tally(
    position: CrokinolePosition, counts: tuple[ZoneCount, ZoneCount]
) -> tuple[CrokinolePosition, CrokinoleRuling]:
    """Scoreboard mode: a person's count of a whole round ends it."""
    s = position.settings
    if position.pieces or position.twenties != (0, 0):
        raise OutcomeError("a round tally must be entered before any disc of the round is shot")
    per_side = s.discs * len(s.seats) // 2
    for i, c in enumerate(counts):
        if c.discs > per_side:
            raise OutcomeError(f"side {i} counted {c.discs} discs but has only {per_side}")
    # The discs of a tallied round are not pieces: the hands stay as they were (full).
    after, result = end_round(position, counts)
    over = is_over(after)
    return after, CrokinoleRuling(
        twenties_by_side=(counts[0].twenties, counts[1].twenties),
        next_to_move=None if over else after.to_move, round_result=result, game_over=over,
        winner=winner(after), scores=after.scores,
    )


def round_points(variant: Variant, totals: tuple[int, int]) -> tuple[int, int]:
    """What a round adds to each side's game score: the difference to the higher total (seed
    "Ghi điểm": "Trừ số điểm nhỏ hơn từ số lớn hơn"), or 2 to the winner and 1 each for a tie
    (tournament variant, rules: Scoring and game)."""
    a, b = totals
    if variant is Variant.SEED:
        return (a - b, 0) if a >= b else (0, b - a)
    if a == b:
        return (1, 1)
    return (2, 0) if a > b else (0, 2)


def end_round(
    position: CrokinolePosition, counts: tuple[ZoneCount, ZoneCount]
) -> tuple[CrokinolePosition, RoundResult]:
    """Score a finished round with these counts and set up the next one (unless the game is
    over, when the position keeps the discs as they lie)."""
    s = position.settings
    totals = (counts[0].total, counts[1].total)
    points = round_points(s.variant, totals)
    scores = (position.scores[0] + points[0], position.scores[1] + points[1])
    result = RoundResult(
        round=position.round,
        starter=position.round_starter,
        counts=counts,
        totals=totals,
        difference=abs(totals[0] - totals[1]),
        winner=None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1),
        points=points,
        scores_after=scores,
    )
    finished = position.model_copy(update={"scores": scores, "history": (*position.history, result)})
    if is_over(finished):
        return finished, result
    return new_round(finished), result


def new_round(position: CrokinolePosition) -> CrokinolePosition:
    """The next round: an empty board, full hands, the next seat clockwise from the previous
    starter to shoot first (seed "Vòng tiếp theo")."""
    s = position.settings
    starter = s.next_seat(position.round_starter)
    return position.model_copy(
        update={
            "pieces": (),
            "round": position.round + 1,
            "round_starter": starter,
            "to_move": starter,
            "discs_left": full_hands(s.seats, s.discs),
            "twenties": (0, 0),
        }
    )


def full_hands(seats: tuple[int, ...], discs: int) -> tuple[int, int, int, int]:
    """``discs`` for every seat in play, 0 for the others."""
    h = [discs if seat in seats else 0 for seat in range(4)]
    return (h[0], h[1], h[2], h[3])
