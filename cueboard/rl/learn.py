"""A learner for the Gymnasium environments: Proximal Policy Optimization (Schulman et al.,
"Proximal Policy Optimization Algorithms", arXiv:1707.06347, 2017) as skrl implements it on JAX
(Serrano-Muñoz et al., "skrl: Modular and Flexible Library for Reinforcement Learning", JMLR 24,
2023) — install with the ``learn`` extra (``pip install cueboard[learn]``: skrl, JAX, Flax,
Optax; no PyTorch).

:func:`train` trains a Gaussian MLP policy for a number of environment steps and evaluates it
every ``eval_every`` steps over a fixed set of episode seeds: the mean return of the policy as it
acts (its actions drawn) and of its mean action, each with a 95 % confidence interval. The points
form the learning curve, :func:`write_curve` writes it as CSV with the same measure of a uniformly
random policy over the same actions (:func:`random_baseline`), and :func:`plot_curve` draws it.

An episode's *score* is its return, or the sum of one ``info`` entry over its steps (``score=
"points"``): what a task reports when it trains on a shaped reward but is judged on its own
measure. docs/rl.md, "A run that learns", gives a task and what PPO reached on it.
"""

from __future__ import annotations

import csv
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flax.linen as nn
import gymnasium
import jax
import jax.numpy as jnp
import numpy as np
from skrl.agents.jax.ppo import PPO, PPO_CFG
from skrl.envs.wrappers.jax import wrap_env
from skrl.memories.jax import RandomMemory
from skrl.models.jax import DeterministicMixin, GaussianMixin, Model
from skrl.utils import set_seed

from cueboard.errors import SettingsError

#: The learning curve's columns (:func:`write_curve`).
CURVE_COLUMNS = (
    "step", "policy_mean", "policy_ci", "mean_action_mean", "mean_action_ci", "random_mean", "random_ci",
    "episodes", "wall_s", "cpu_s",
)
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959964
#: Episode seeds of the evaluations start here, away from the training episodes'.
EVAL_SEED = 1_000_000

Policy = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Estimate:
    """A mean over ``n`` episodes and the half-width of its 95 % confidence interval (the normal
    approximation: 1.96 standard errors)."""

    mean: float
    ci: float
    n: int

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {self.ci:.3f} (n={self.n})"


def estimate(values: Sequence[float] | np.ndarray) -> Estimate:
    """The mean of ``values`` with its 95 % confidence interval."""
    v = np.asarray(values, dtype=float)
    if v.ndim != 1 or v.size < 2:
        raise SettingsError(f"an estimate needs at least two values in a flat sequence, not shape {v.shape}")
    if not np.all(np.isfinite(v)):
        raise SettingsError("an estimate needs finite values; got NaN or infinity")
    return Estimate(float(v.mean()), float(Z95 * v.std(ddof=1) / math.sqrt(v.size)), int(v.size))


def run_episodes(
    env: gymnasium.Env[Any, Any],
    policy: Policy,
    episodes: int,
    seed: int = EVAL_SEED,
    score: str | None = None,
) -> np.ndarray:
    """Play ``episodes`` episodes (seeds ``seed``, ``seed + 1``...) with ``policy`` (observation to
    action) and return each one's score: its return, or the sum of ``info[score]`` over its steps."""
    if episodes < 1:
        raise SettingsError(f"episodes must be >= 1, not {episodes}")
    scores = np.empty(episodes)
    for i in range(episodes):
        observation, _ = env.reset(seed=seed + i)
        total, done = 0.0, False
        while not done:
            observation, reward, terminated, truncated, info = env.step(policy(observation))
            if score is None:
                total += float(reward)
            elif score in info:
                total += float(info[score])
            else:
                raise KeyError(f"the environment's info has no {score!r} to score episodes by "
                               f"(it has {sorted(info)})")
            done = terminated or truncated
        scores[i] = total
    return scores


def uniform_policy(space: gymnasium.Space[Any], seed: int) -> Policy:
    """A policy drawing every action uniformly from a bounded ``Box`` action space."""
    if not isinstance(space, gymnasium.spaces.Box) or not space.is_bounded():
        raise SettingsError(f"a uniform policy needs a bounded Box action space, not {space}")
    rng = np.random.default_rng(seed)
    low, high = space.low.astype(float), space.high.astype(float)

    def act(_observation: np.ndarray) -> np.ndarray:
        return rng.uniform(low, high).astype(space.dtype)

    return act


def random_baseline(
    env: gymnasium.Env[Any, Any], episodes: int = 200, seed: int = 0, score: str | None = None
) -> Estimate:
    """The score of a uniformly random policy over ``env``'s actions, on the evaluation seeds."""
    return estimate(run_episodes(env, uniform_policy(env.action_space, seed), episodes, EVAL_SEED, score))


@dataclass(frozen=True)
class PPOSettings:
    """PPO's settings (skrl's ``PPO_CFG`` names in brackets): ``envs`` environments stepped
    together; an update every ``rollouts`` steps of each [rollouts], ``epochs`` passes
    [learning_epochs] over ``mini_batches`` mini-batches [mini_batches] at ``learning_rate``;
    ``hidden``: the policy's and the value's hidden layers (tanh); ``initial_log_std``: the
    policy's log standard deviation at the start (0: a standard deviation of 1 in the action's
    units, so that it explores the whole [-1, 1] box); ``entropy``: the entropy bonus
    [entropy_loss_scale]; ``discount`` and ``gae_lambda`` (Schulman et al., "High-Dimensional
    Continuous Control Using Generalized Advantage Estimation", 2016)."""

    envs: int = 8
    rollouts: int = 32
    epochs: int = 8
    mini_batches: int = 4
    learning_rate: float = 3e-4
    hidden: tuple[int, ...] = (64, 64)
    initial_log_std: float = 0.0
    entropy: float = 0.0
    discount: float = 0.99
    gae_lambda: float = 0.95

    def __post_init__(self) -> None:
        for name in ("envs", "rollouts", "epochs", "mini_batches"):
            if getattr(self, name) < 1:
                raise SettingsError(f"PPOSettings.{name} must be >= 1, not {getattr(self, name)}")
        if not 0 < self.learning_rate < 1:
            raise SettingsError(f"PPOSettings.learning_rate must be in (0, 1), not {self.learning_rate}")
        if not self.hidden or min(self.hidden) < 1:
            raise SettingsError(f"PPOSettings.hidden must be layer sizes >= 1, not {self.hidden}")
        if self.envs * self.rollouts < self.mini_batches:
            raise SettingsError(
                "PPOSettings: fewer transitions per update (envs x rollouts) than mini-batches")


@dataclass(frozen=True)
class CurvePoint:
    """One evaluation: after ``step`` environment steps, the policy as it acts and its mean
    action, with the wall-clock and CPU seconds since training began; ``action`` and ``std``: the
    policy's mean action and standard deviation at the first evaluation episode's observation."""

    step: int
    policy: Estimate
    mean_action: Estimate
    wall_s: float
    cpu_s: float
    action: tuple[float, ...]
    std: tuple[float, ...]


def _mlp(x: jax.Array, hidden: tuple[int, ...], out: int) -> jax.Array:
    for size in hidden:
        x = nn.tanh(nn.Dense(size)(x))
    return nn.Dense(out)(x)


def _models(hidden: tuple[int, ...], initial_log_std: float) -> tuple[type, type]:
    """The policy's and the value's classes for these layer sizes. Flax rebuilds a module from its
    constructor's fields, so the sizes are the classes' own constants rather than fields."""

    class GaussianPolicy(GaussianMixin, Model):
        """A Gaussian policy: an MLP for the mean, squashed into [-1, 1] by tanh (so that the
        mean never leaves the action box, where every draw would be clipped to the same edge and
        the gradient vanish), one learned log standard deviation per action; the draws are
        clipped to the action space."""

        def __init__(self, observation_space: Any = None, action_space: Any = None, **kwargs: Any):
            Model.__init__(self, observation_space=observation_space, action_space=action_space, **kwargs)
            GaussianMixin.__init__(
                self, clip_actions=True, clip_log_std=True, min_log_std=-5.0, max_log_std=1.0
            )

        @nn.compact
        def __call__(self, inputs: dict[str, Any], role: str = "") -> tuple[jax.Array, dict[str, Any]]:
            mean = nn.tanh(_mlp(inputs["observations"], hidden, self.num_actions))
            log_std = self.param("log_std", lambda _: jnp.full(self.num_actions, initial_log_std))
            return mean, {"log_std": log_std}

    class Value(DeterministicMixin, Model):
        """The state-value function: an MLP."""

        def __init__(self, observation_space: Any = None, action_space: Any = None, **kwargs: Any):
            Model.__init__(self, observation_space=observation_space, action_space=action_space, **kwargs)
            DeterministicMixin.__init__(self)

        @nn.compact
        def __call__(self, inputs: dict[str, Any], role: str = "") -> tuple[jax.Array, dict[str, Any]]:
            return _mlp(inputs["observations"], hidden, 1), {}

    return GaussianPolicy, Value


@dataclass
class _Evaluator:
    """Evaluates the agent's policy on its own environment, the same seeds each time."""

    env: gymnasium.Env[Any, Any]
    episodes: int
    score: str | None
    points: list[CurvePoint] = field(default_factory=list)

    def __call__(self, agent: Any, step: int, start: tuple[float, float]) -> CurvePoint:
        space = self.env.action_space
        assert isinstance(space, gymnasium.spaces.Box)

        def drawn(observation: np.ndarray) -> np.ndarray:
            actions, _ = agent.policy.act({"observations": jnp.asarray(observation)[None]}, role="policy")
            return np.asarray(actions[0], dtype=space.dtype)

        def mean(observation: np.ndarray) -> np.ndarray:
            _, outputs = agent.policy.act({"observations": jnp.asarray(observation)[None]}, role="policy")
            return np.clip(np.asarray(outputs["mean_actions"][0]), space.low, space.high).astype(space.dtype)

        observation, _ = self.env.reset(seed=EVAL_SEED)
        _, outputs = agent.policy.act({"observations": jnp.asarray(observation)[None]}, role="policy")
        point = CurvePoint(
            step,
            estimate(run_episodes(self.env, drawn, self.episodes, EVAL_SEED, self.score)),
            estimate(run_episodes(self.env, mean, self.episodes, EVAL_SEED, self.score)),
            time.perf_counter() - start[0],
            time.process_time() - start[1],
            tuple(float(a) for a in np.asarray(outputs["mean_actions"][0])),
            tuple(float(a) for a in np.broadcast_to(np.asarray(outputs["stddev"]), (space.shape[0],))),
        )
        self.points.append(point)
        return point


def train(
    make_env: Callable[[], gymnasium.Env[Any, Any]],
    steps: int,
    seed: int = 0,
    eval_every: int = 5_000,
    eval_episodes: int = 200,
    settings: PPOSettings | None = None,
    score: str | None = None,
    log: Callable[[CurvePoint], None] | None = None,
) -> list[CurvePoint]:
    """Train PPO on environments made by ``make_env`` (a ``Box`` action in [-1, 1]) for ``steps``
    environment steps (rounded up to whole updates), evaluating before the first update and then
    every ``eval_every`` steps and at the end; returns the learning curve."""
    s = settings or PPOSettings()
    if steps < 1 or eval_every < 1 or eval_episodes < 2:
        raise SettingsError(f"train needs steps >= 1, eval_every >= 1 and eval_episodes >= 2, "
                         f"not {steps}, {eval_every}, {eval_episodes}")
    space = make_env().action_space
    if not (isinstance(space, gymnasium.spaces.Box) and np.all(space.low == -1) and np.all(space.high == 1)):
        raise SettingsError(f"train needs the flat action, a Box in [-1, 1] (action='flat'), not {space}")
    start = (time.perf_counter(), time.process_time())
    set_seed(seed)
    vector = gymnasium.vector.SyncVectorEnv(
        [make_env for _ in range(s.envs)], autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP
    )
    env = wrap_env(vector, wrapper="gymnasium", verbose=False)
    policy, value = _models(s.hidden, s.initial_log_std)
    models = {
        "policy": policy(observation_space=env.observation_space, action_space=env.action_space),
        "value": value(observation_space=env.observation_space, action_space=env.action_space),
    }
    for role, model in models.items():
        model.init_state_dict(role=role)
    cfg = PPO_CFG(
        rollouts=s.rollouts, learning_epochs=s.epochs, mini_batches=s.mini_batches,
        discount_factor=s.discount, gae_lambda=s.gae_lambda, learning_rate=s.learning_rate,
        entropy_loss_scale=s.entropy,
    )
    cfg.experiment.write_interval = 0  # no TensorBoard files,
    cfg.experiment.checkpoint_interval = 0  # no checkpoints: the curve is the result
    agent = PPO(
        models=models, memory=RandomMemory(memory_size=s.rollouts, num_envs=s.envs),
        observation_space=env.observation_space, action_space=env.action_space, cfg=cfg,
    )
    agent.init()
    agent.enable_training_mode(True)
    evaluate = _Evaluator(make_env(), eval_episodes, score)
    iterations = math.ceil(steps / s.envs)
    observations, _ = env.reset()
    point = evaluate(agent, 0, start)
    if log:
        log(point)
    next_eval = eval_every
    for t in range(iterations):
        agent.pre_interaction(timestep=t, timesteps=iterations)
        actions, _ = agent.act(observations, None, timestep=t, timesteps=iterations)
        next_observations, rewards, terminated, truncated, infos = env.step(actions)
        agent.record_transition(
            observations=observations, states=None, actions=actions, rewards=rewards,
            next_observations=next_observations, next_states=None, terminated=terminated,
            truncated=truncated, infos=infos, timestep=t, timesteps=iterations,
        )
        agent.post_interaction(timestep=t, timesteps=iterations)
        observations = next_observations
        done = (t + 1) * s.envs
        if done >= next_eval or t == iterations - 1:
            point = evaluate(agent, done, start)
            if log:
                log(point)
            next_eval = (done // eval_every + 1) * eval_every
    env.close()
    return evaluate.points


def write_curve(path: Path, points: Sequence[CurvePoint], random: Estimate) -> None:
    """Write the learning curve as CSV (:data:`CURVE_COLUMNS`), the random policy's score on
    every row."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(CURVE_COLUMNS)
        for p in points:
            w.writerow([p.step, f"{p.policy.mean:.6g}", f"{p.policy.ci:.6g}", f"{p.mean_action.mean:.6g}",
                        f"{p.mean_action.ci:.6g}", f"{random.mean:.6g}", f"{random.ci:.6g}", p.policy.n,
                        f"{p.wall_s:.1f}", f"{p.cpu_s:.1f}"])


def read_curve(path: Path) -> list[dict[str, float]]:
    """The rows of a learning curve written by :func:`write_curve`."""
    with path.open(newline="") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != CURVE_COLUMNS:
            raise SettingsError(f"{path} is not a learning curve: its columns are {reader.fieldnames}, "
                             f"expected {list(CURVE_COLUMNS)}")
        return [{k: float(v) for k, v in row.items()} for row in reader]


def plot_curve(path: Path, out: Path, title: str, ylabel: str = "mean points per shot") -> None:
    """Draw the learning curve of ``path`` (CSV) to ``out`` (PNG): the policy as it acts, its mean
    action and the random policy, each with its 95 % confidence band (needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = read_curve(path)
    step = np.array([r["step"] for r in rows])
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    for key, label, colour in (("policy", "PPO policy (actions drawn)", "tab:blue"),
                               ("mean_action", "PPO mean action", "tab:green"),
                               ("random", "uniformly random actions", "tab:grey")):
        mean = np.array([r[f"{key}_mean"] for r in rows])
        ci = np.array([r[f"{key}_ci"] for r in rows])
        ax.plot(step, mean, label=label, color=colour)
        ax.fill_between(step, mean - ci, mean + ci, color=colour, alpha=0.2, linewidth=0)
    ax.set_xlabel("environment steps")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
