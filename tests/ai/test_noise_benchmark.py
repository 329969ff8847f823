"""The tournament-noise benchmark's definitions (``benchmarks/snooker_ai_noise.py``): a trial ends
with the first visit that scores, and its intervals are those of the samples."""

from __future__ import annotations

import pytest

from benchmarks.snooker_ai_noise import bootstrap, figures, play_trial, player
from cueboard.games.snooker import SnookerPosition
from cueboard.records.match import ShotEntry


def _points(entry: ShotEntry) -> int:
    """The points a stroke scored for its striker (a foul's go to the other side)."""
    return 0 if getattr(entry.ruling, "foul", False) else int(getattr(entry.ruling, "points", 0))


def _scored(entry: ShotEntry) -> bool:
    return _points(entry) > 0


def test_a_trial_runs_from_the_break_off_to_the_end_of_the_first_scoring_visit() -> None:
    trial = play_trial(player("beginner", None), 600)  # no time limit: the same trial every run
    shots = trial.frame.shots
    assert trial.frame.intents[0].startswith("break-off") and shots[0].player == 0
    first = next(i for i, e in enumerate(shots) if _scored(e))
    assert not any(_scored(e) for e in shots[:first])  # nothing scored before the first chance
    visit = shots[first:]
    scorer = visit[0].player
    assert all(e.player == scorer for e in visit)  # one visit: the scorer's strokes only
    assert all(_scored(e) for e in visit[:-1])  # it went on while it scored ...
    final = trial.frame.final
    assert isinstance(final, SnookerPosition)
    assert not _scored(visit[-1]) or final.frame_over  # ... and ended with a miss or the frame
    break_points = sum(_points(e) for e in visit)
    cleared = final.frame_over and not final.on_table_ids()
    assert trial.cleared == cleared and not trial.capped
    figs = {f.name.rsplit(".", 1)[1]: f for f in figures("beginner", [trial])}
    assert figs["first_break_mean"].value == break_points == figs["first_break_highest"].value
    pots = [e for e, intent in zip(shots, trial.frame.intents, strict=True) if intent.startswith("pot")]
    made = sum(_scored(e) for e in pots)
    assert figs["pot_success"].note.startswith(f"{made}/{len(pots)} pots")
    assert figs["clearance"].value == (100.0 if cleared else 0.0)


def test_the_bootstrap_interval_holds_the_statistic_of_known_samples() -> None:
    # four trials with one value each: mean 2.5, and no resample's mean outside [1, 4]
    mean, low, high = bootstrap([[1.0], [2.0], [3.0], [4.0]], "mean")
    assert mean == 2.5 and 1.0 <= low < 2.5 < high <= 4.0
    # the median of the pooled decisions 0, 1, 2, 3 (numpy's linear interpolation): 1.5
    median, low, high = bootstrap([[0.0, 1.0], [2.0, 3.0]], "quantile", 0.5)
    assert median == 1.5 and 0.5 <= low <= median <= high <= 2.5
    # one trial: every resample is that trial
    assert bootstrap([[5.0, 7.0]], "mean") == (6.0, 6.0, 6.0)
    assert bootstrap([], "mean") == (0.0, 0.0, 0.0)


def test_an_unknown_player_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown player 'grandmaster'"):
        player("grandmaster", 0.5)
