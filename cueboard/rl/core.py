"""What the two environments share: the spaces, the observation of a position from a seat, the
action turned into the game's declaration and strike, one turn played, and the rewards.

Only the public :class:`cueboard.games.protocol.Game` interface is used, so every game the
protocol serves has its environments.

The action (a :class:`gymnasium.spaces.Dict`):

- ``strike``: a Box in [-1, 1]ᵏ, one entry per parameter of :meth:`Game.strike_bounds` in its
  order, mapped linearly onto the parameter's range (crokinole: speed, angle, spin; snooker:
  speed, angle, side, top, elevation; novuss: speed, angle);
- ``place``: a Box in [-1, 1]², where the piece goes when one is placed before the stroke
  (:meth:`Game.placement_point`: along the crokinole shooting line, in the snooker D, in the
  novuss edge zone); a place another piece (or a novuss pocket) forbids moves to the nearest
  legal one of a 17 × 17 grid of (u, v), and ``info["placement_moved"]`` says so;
- ``option``: a Discrete index into :attr:`Core.options` — ``none``, the game's choices (snooker:
  play, put_back, replace after a foul, S3 R11(h), R13, R14) and, for a game that nominates, the
  piece ids (a nominated colour, S3 R3(c), or a free ball, S3 R10). ``info["action_mask"]``
  (and the observation's ``option_mask``) marks the options open now.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from gymnasium import spaces
from pydantic import BaseModel

from cueboard.errors import CueboardError, CueboardInputError
from cueboard.games.protocol import (
    AnyGame,
    IllegalChoiceError,
    IllegalPlacementError,
    Turn,
    frame_number,
    get_game,
    nominating,
)
from cueboard.records.base import PieceState, Position
from cueboard.records.ruling import Ruling
from cueboard.rl.actions import (
    ActionError,
    entry,
    nearest_place,
    pulled_strike,
    selector_index,
    split_flat,
    unit_numbers,
)

#: A reward function: (game, position before, position after, ruling, seat) -> the seat's reward.
RewardFn = Callable[[AnyGame, Position, Position, Ruling, int], float]

#: Features of one piece slot: on the table, x, y (metres), the observer's side's, the other
#: side's, nobody's (snooker balls), out of play (potted, holed, in the ditch).
PIECE_FEATURES = ("on_table", "x", "y", "own", "opponent", "neutral", "out")
#: Features of the whole position, seen from the observer's seat.
GLOBAL_FEATURES = (
    "my_turn",
    "must_choose",
    "over",
    "place_first",
    "own_score",
    "opponent_score",
    "frame",
    "to_move_+0",
    "to_move_+1",
    "to_move_+2",
    "to_move_+3",
)
#: Bounds of the observation's numbers: coordinates in metres (no table is 4 m long), scores.
COORD_LIMIT = 4.0
SCORE_LIMIT = 10_000.0
REWARDS = ("score", "win", "shaped")
ILLEGAL = ("raise", "penalize")
OBSERVATIONS = ("array", "dict")
ACTIONS = ("dict", "flat")


@dataclass(frozen=True)
class EnvSettings:
    """The environment's own settings (the game's rules settings are passed apart).

    - ``reward``: ``score`` (the change in the seat's side's score minus the other side's at each
      step: the scores of the game's rulings), ``win`` (+1 / -1 / 0 for each seat at the end, the
      game's :meth:`~cueboard.games.protocol.Game.returns`: a win, a loss, a draw), ``shaped``
      (``win`` plus ``shaping`` times ``score``'s change at each step: a dense signal on the way
      to the result, the result still worth the most when ``shaping`` × the points of a game is
      under 1) or a :data:`RewardFn`.
    - ``shaping``: the weight of the score's change in ``shaped`` (default 0.01 a point).
    - ``on_illegal``: ``raise`` (an :class:`ActionError` naming what is wrong) or ``penalize``
      (the actor gets ``illegal_penalty``, the position stays, the same seat acts again, and
      ``info["illegal"]`` holds the message).
    - ``max_steps``: truncate an episode after that many steps (None: play to the end).
    - ``observation``: ``array`` (a flat float32 Box) or ``dict`` (``pieces``, ``globals``,
      ``option_mask``).
    - ``first``: the seat that plays first (None: the game's own rule, drawn with the seed).
    - ``action``: ``dict`` (``strike``, ``place``, ``option``) or ``flat`` (one Box in
      [-1, 1]^(3 + k), the option chosen among those open: :mod:`cueboard.rl.actions`).
    """

    reward: str | RewardFn = "score"
    on_illegal: str = "raise"
    illegal_penalty: float = -1.0
    max_steps: int | None = None
    observation: str = "array"
    first: int | None = None
    action: str = "dict"
    shaping: float = 0.01

    def __post_init__(self) -> None:
        if not callable(self.reward) and self.reward not in REWARDS:
            raise CueboardInputError(
                f"reward {self.reward!r}: choose one of {', '.join(REWARDS)} or a function"
            )
        if self.on_illegal not in ILLEGAL:
            raise CueboardInputError(f"on_illegal {self.on_illegal!r}: choose one of {', '.join(ILLEGAL)}")
        if self.observation not in OBSERVATIONS:
            raise CueboardInputError(
                f"observation {self.observation!r}: choose one of {', '.join(OBSERVATIONS)}"
            )
        if self.action not in ACTIONS:
            raise CueboardInputError(f"action {self.action!r}: choose one of {', '.join(ACTIONS)}")
        if not math.isfinite(self.shaping):
            raise CueboardInputError(f"shaping must be finite, got {self.shaping}")
        if self.max_steps is not None and self.max_steps < 1:
            raise CueboardInputError(f"max_steps must be >= 1, got {self.max_steps}")
        if not math.isfinite(self.illegal_penalty):
            raise CueboardInputError(f"illegal_penalty must be finite, got {self.illegal_penalty}")


@dataclass(frozen=True)
class Step:
    """One turn played: the position after it, the ruling, the declaration and strike, and the
    outcome the referee ruled on (the physics' facts for a stroke: first contacts, pieces potted
    or holed, where each piece came to rest before the referee removed any)."""

    position: Position
    ruling: Ruling
    declaration: BaseModel
    strike: BaseModel | None
    placement_moved: bool
    outcome: BaseModel
    strike_moved: bool = False


class Decoded(NamedTuple):
    """An action in the game's terms: the declaration, the strike (None for a choice), whether
    the place and the strike had to move to be legal (:mod:`cueboard.rl.actions`)."""

    declaration: BaseModel
    strike: BaseModel | None
    placement_moved: bool
    strike_moved: bool


class StepFailedError(CueboardError, RuntimeError):
    """The game could not play a move the rules allow (the engine's event limit, a position the
    physics left that the next set-up refuses): the environments end the episode as truncated —
    a limit of the simulator, outside the game (Gymnasium's definition of truncation)."""


class Core:
    """One game's spaces and rules of play for the environments (see the module docstring)."""

    def __init__(self, game: str, rules: Mapping[str, Any] | None, settings: EnvSettings):
        self.game = get_game(game)
        self.rules = dict(rules or {})
        self.settings = settings
        self._turn: tuple[Position, Turn] | None = None
        self._mask: tuple[Position, int, np.ndarray] | None = None
        probe = self.new_position(seed=0)
        self.seats: tuple[int, ...] = self.game.seats(probe)
        self.piece_ids = self.game.piece_ids(probe)
        self._slot = {pid: i for i, pid in enumerate(self.piece_ids)}
        self.bounds = self.game.strike_bounds(probe)
        nominable = self.piece_ids if nominating(self.game) is not None else ()
        self.options: tuple[str, ...] = ("none", *self.game.choice_names, *nominable)
        self._option_index = {name: i for i, name in enumerate(self.options)}
        self.dict_action_space = spaces.Dict(
            {
                "strike": spaces.Box(-1.0, 1.0, (len(self.bounds),), np.float32),
                "place": spaces.Box(-1.0, 1.0, (2,), np.float32),
                "option": spaces.Discrete(len(self.options)),
            }
        )
        self.flat_action_space = spaces.Box(-1.0, 1.0, (3 + len(self.bounds),), np.float32)
        self.action_space: spaces.Space[Any] = (
            self.flat_action_space if settings.action == "flat" else self.dict_action_space
        )
        n = len(self.piece_ids)
        pieces_low = np.tile(np.array([0, -COORD_LIMIT, -COORD_LIMIT, 0, 0, 0, 0], np.float32), (n, 1))
        pieces_high = np.tile(np.array([1, COORD_LIMIT, COORD_LIMIT, 1, 1, 1, 1], np.float32), (n, 1))
        glob_low = np.zeros(len(GLOBAL_FEATURES), np.float32)
        glob_high = np.ones(len(GLOBAL_FEATURES), np.float32)
        glob_high[4:7] = SCORE_LIMIT
        self.dict_space = spaces.Dict(
            {
                "pieces": spaces.Box(pieces_low, pieces_high, dtype=np.float32),
                "globals": spaces.Box(glob_low, glob_high, dtype=np.float32),
                "option_mask": spaces.MultiBinary(len(self.options)),
            }
        )
        low = np.concatenate([glob_low, np.zeros(len(self.options), np.float32), pieces_low.ravel()])
        high = np.concatenate([glob_high, np.ones(len(self.options), np.float32), pieces_high.ravel()])
        self.array_space = spaces.Box(low, high, dtype=np.float32)
        self.observation_space: spaces.Space[Any] = (
            self.array_space if settings.observation == "array" else self.dict_space
        )

    # --- positions ---------------------------------------------------------------------------
    def new_position(self, seed: int) -> Position:
        try:
            position: Position = self.game.new_position(self.rules, seed=seed, first=self.settings.first)
        except CueboardInputError:
            raise
        except ValueError as err:
            raise CueboardInputError(f"{self.game.name} settings {self.rules}: {err}") from None
        return position

    def turn(self, position: Position) -> Turn:
        """The game's :meth:`~cueboard.games.protocol.Game.turn`, kept for the last position asked
        (positions are immutable: the mask, the observation and the action read the same turn)."""
        cached = self._turn
        if cached is not None and cached[0] is position:
            return cached[1]
        turn = self.game.turn(position)
        self._turn = (position, turn)
        return turn

    def side(self, position: Position, seat: int) -> int:
        return self.game.side_of(position, seat)

    # --- observation ---------------------------------------------------------------------------
    def option_mask(self, position: Position, seat: int) -> np.ndarray:
        """1 for each option ``seat`` may take now (all 0 when it is not ``seat``'s turn); kept
        for the last position and seat asked (each step asks it for the position it leaves, to
        mask the next action, and the next step again to read that action): a copy each time."""
        cached = self._mask
        if cached is not None and cached[0] is position and cached[1] == seat:
            return cached[2].copy()
        mask = self._option_mask(position, seat)
        self._mask = (position, seat, mask)
        return mask.copy()

    def _option_mask(self, position: Position, seat: int) -> np.ndarray:
        mask = np.zeros(len(self.options), np.int8)
        if self.game.to_move(position) != seat:
            return mask
        turn = self.turn(position)
        if turn.action == "choose":
            names: tuple[str, ...] = turn.choices
        else:
            names = ("none", *turn.nominations, *turn.free_ball)
        for name in names:
            i = self._option_index.get(name)
            if i is not None:
                mask[i] = 1
        return mask

    def observe(self, position: Position, seat: int, scores: tuple[int, int]) -> Any:
        """The position as ``seat`` sees it, in the form of :attr:`observation_space`."""
        me = self.side(position, seat)
        pieces = np.zeros((len(self.piece_ids), len(PIECE_FEATURES)), np.float32)
        for p in position.pieces:
            i = self._slot.get(p.id)
            if i is None:
                continue
            row = pieces[i]
            if p.state is PieceState.ON_TABLE:
                row[0] = 1.0
                row[1] = min(max(p.x, -COORD_LIMIT), COORD_LIMIT)
                row[2] = min(max(p.y, -COORD_LIMIT), COORD_LIMIT)
            else:
                row[6] = 1.0
            if p.owner is None:
                row[5] = 1.0
            else:
                owner_side = self.side(position, p.owner) if p.owner in self.seats else p.owner
                row[3 if owner_side == me else 4] = 1.0
        to_move = self.game.to_move(position)
        turn = self.turn(position)
        glob = np.zeros(len(GLOBAL_FEATURES), np.float32)
        glob[0] = float(to_move == seat)
        glob[1] = float(turn.action == "choose")
        glob[2] = float(to_move is None)
        glob[3] = float(turn.placement is not None and turn.placement.required)
        glob[4] = min(max(scores[me], 0), SCORE_LIMIT)
        glob[5] = min(max(scores[1 - me], 0), SCORE_LIMIT)
        glob[6] = min(frame_number(self.game, position), SCORE_LIMIT)
        if to_move is not None:
            offset = (self.seats.index(to_move) - self.seats.index(seat)) % len(self.seats)
            glob[7 + offset] = 1.0
        mask = self.option_mask(position, seat)
        if self.settings.observation == "dict":
            return {"pieces": pieces, "globals": glob, "option_mask": mask}
        return np.concatenate([glob, mask.astype(np.float32), pieces.ravel()])

    def action_mask(self, position: Position, seat: int) -> dict[str, Any]:
        """The mask :meth:`gymnasium.spaces.Dict.sample` takes: only ``option`` is masked."""
        return {"strike": None, "place": None, "option": self.option_mask(position, seat)}

    # --- actions -------------------------------------------------------------------------------
    def _option(self, action: Mapping[str, Any]) -> str:
        raw = action.get("option", 0)
        try:
            index = int(raw)
        except (TypeError, ValueError):
            raise ActionError(f"action 'option' must be an integer, got {raw!r}") from None
        if index != raw or not 0 <= index < len(self.options):
            raise ActionError(f"action 'option' {raw!r} is not in 0..{len(self.options) - 1}")
        return self.options[index]

    def strike_values(self, unit: Sequence[float] | np.ndarray) -> dict[str, float]:
        """The strike's parameters for unit values in [-1, 1]."""
        return {
            p.name: p.low + (float(a) + 1.0) / 2.0 * (p.high - p.low)
            for p, a in zip(self.bounds, unit, strict=True)
        }

    def strike_unit(self, values: Mapping[str, float]) -> np.ndarray:
        """The action's ``strike`` entry for parameter values in their units (the inverse of
        :meth:`strike_values`; a parameter left out takes the middle of its range, a value
        outside its range or an unknown name is refused)."""
        known = {p.name for p in self.bounds}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ActionError(f"unknown strike parameter(s) {', '.join(unknown)} (known: {', '.join(known)})")
        unit = np.zeros(len(self.bounds), np.float32)
        for i, p in enumerate(self.bounds):
            if p.name in values:
                value = float(values[p.name])
                if not p.low <= value <= p.high:
                    raise ActionError(f"strike {p.name} {value!r} is outside [{p.low}, {p.high}] {p.unit}")
                unit[i] = 2.0 * (value - p.low) / (p.high - p.low) - 1.0
        return unit

    def _open_options(self, position: Position, seat: int) -> list[str]:
        """The options open to ``seat`` now, in :attr:`options`' order."""
        mask = self.option_mask(position, seat)
        names = [name for name, m in zip(self.options, mask.tolist(), strict=True) if m]
        if not names:
            raise ActionError(f"no option is open to seat {seat} now")
        return names

    def flat_to_dict(self, position: Position, flat: Any) -> dict[str, Any]:
        """The dict action a flat one stands for (:func:`cueboard.rl.actions.split_flat`)."""
        seat = self.game.to_move(position)
        if seat is None:
            raise ActionError(f"the {self.game.name} game is over: no action may be played")
        return split_flat(flat, self.options, self._open_options(position, seat), len(self.bounds))

    def decode(self, position: Position, action: Any) -> Decoded:
        """The declaration and strike (None for a choice) ``action`` makes and what had to move;
        :class:`ActionError` naming what is wrong otherwise. A flat action (settings ``action=
        "flat"``) is first read as its dict (:meth:`flat_to_dict`)."""
        seat = self.game.to_move(position)
        if seat is None:
            raise ActionError(f"the {self.game.name} game is over: no action may be played")
        if self.settings.action == "flat":
            numbers = unit_numbers(action, "flat", 3 + len(self.bounds))
            open_options = self._open_options(position, seat)
            option = open_options[selector_index(numbers[0], len(open_options))]
            place_unit, strike_unit = numbers[1:3], numbers[3:]
        elif not isinstance(action, Mapping):
            raise ActionError(
                f"an action is a mapping with strike, place and option, not {type(action).__name__}"
            )
        else:
            option = self._option(action)
            strike_unit = unit_numbers(entry(action, "strike"), "strike", len(self.bounds))
            place_unit = unit_numbers(entry(action, "place"), "place", 2)
        turn = self.turn(position)
        if turn.action == "choose":
            if option not in turn.choices:
                raise ActionError(
                    f"seat {seat} must choose one of {', '.join(turn.choices)}; "
                    f"option '{option}' is not offered"
                )
            return Decoded(self.game.choose(position, option), None, False, False)
        try:
            if option == "none":
                declaration = self.game.declaration(position)
            elif option in turn.free_ball and (nominator := nominating(self.game)) is not None:
                declaration = nominator.declaration(position, free_ball=option)
            elif option in turn.nominations and (nominator := nominating(self.game)) is not None:
                declaration = nominator.declaration(position, nominate=option)
            else:
                offered = ", ".join(("none", *turn.nominations, *turn.free_ball))
                raise ActionError(f"option '{option}' is not open to seat {seat} now (open: {offered})")
            placement, moved = None, False
            if turn.placement is not None:
                placement, moved = nearest_place(
                    lambda x, y: self.game.check_placement(position, x, y),
                    lambda u, v: self.game.placement_point(position, u, v),
                    place_unit[0],
                    place_unit[1],
                )
            strike, strike_moved = self._strike(position, strike_unit, placement)
            if placement is None or self.game.placement_of(strike) != placement:
                # the game's own check of a strike; a placed piece whose place the strike
                # carries as it was found legal above needs no second look
                self.game.validate_strike(position, strike)
        except ActionError:
            raise
        except (IllegalChoiceError, IllegalPlacementError, ValueError) as err:
            raise ActionError(f"seat {seat}'s action is not allowed: {err}") from None
        return Decoded(declaration, strike, moved, strike_moved)

    def _strike(
        self, position: Position, unit: list[float], placement: tuple[float, float] | None
    ) -> tuple[BaseModel, bool]:
        """The strike for ``unit``, or the nearest the game accepts
        (:func:`cueboard.rl.actions.pulled_strike`), and whether it had to move."""

        def make(numbers: list[float]) -> BaseModel:
            strike: BaseModel = self.game.make_strike(position, self.strike_values(numbers), placement)
            return strike

        try:
            return make(unit), False
        except IllegalPlacementError:
            raise
        except ValueError:
            pulled = pulled_strike(make, unit)
            if pulled is None:
                raise
            return pulled, True

    def play(self, position: Position, action: Any, rng: np.random.Generator) -> Step:
        """Play ``action`` for the seat to move: the physics (for a stroke), then the referee.
        :class:`ActionError` for an action the rules refuse; :class:`StepFailedError` when the game
        cannot play a move they allow (the engine's event limit, a position the physics left that
        the next set-up refuses)."""
        decoded = self.decode(position, action)
        return self.apply(position, decoded.declaration, decoded.strike, rng, decoded)

    def apply(
        self,
        position: Position,
        declaration: BaseModel,
        strike: BaseModel | None,
        rng: np.random.Generator,
        decoded: Decoded | None = None,
    ) -> Step:
        """The physics (for a stroke) and the referee on a declaration and strike already made;
        :class:`StepFailedError` when the game cannot play them."""
        try:
            if strike is None:
                outcome = self.game.no_stroke_outcome(position)
            else:
                _, outcome = self.game.simulate(position, declaration, strike)
            after, ruling = self.game.apply(position, declaration, outcome, rng)
        except (CueboardError, ValueError) as err:
            raise StepFailedError(f"the {self.game.name} game could not play the move: {err}") from err
        moved = decoded is not None and decoded.placement_moved
        strike_moved = decoded is not None and decoded.strike_moved
        return Step(after, ruling, declaration, strike, moved, outcome, strike_moved)

    # --- rewards -------------------------------------------------------------------------------
    def rewards(
        self, before: Position, step: Step, scores_before: tuple[int, int], scores_after: tuple[int, int]
    ) -> dict[int, float]:
        """Each seat's reward for ``step`` (see :class:`EnvSettings`)."""
        reward = self.settings.reward
        if callable(reward):
            return {s: float(reward(self.game, before, step.position, step.ruling, s)) for s in self.seats}
        result = dict.fromkeys(self.seats, 0.0)
        if reward != "score" and self.game.to_move(step.position) is None:
            result = {s: float(r) for s, r in self.game.returns(step.position).items()}
        if reward == "win":
            return result
        weight = 1.0 if reward == "score" else self.settings.shaping
        out = {}
        for s in self.seats:
            me = self.side(step.position, s)
            diff_after = scores_after[me] - scores_after[1 - me]
            diff_before = scores_before[me] - scores_before[1 - me]
            out[s] = (0.0 if reward == "score" else result[s]) + weight * float(diff_after - diff_before)
        return out


def scores_after(ruling: Ruling, scores: tuple[int, int]) -> tuple[int, int]:
    """The sides' scores after a ruling (the last known ones when it carries none)."""
    s = ruling.scores
    return scores if s is None else (int(s[0]), int(s[1]))
