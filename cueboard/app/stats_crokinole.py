"""Crokinole statistics per side (a player, or a team of partners), from a match record or from
rounds known only as a scoresheet holds them.

Per side: the 20s of each round, the points each round counted (the raw total of the discs: 20
a disc in the 20-hole, 15 / 10 / 5 by zone, NCA rules "Scoring"), the points each round added to
the game score (the difference in the seed game, 2 / 1 / 0 in NCA tournament play), rounds won,
tied and lost, and the averages. A round known by its winner and 20s alone (an NCA scoresheet, a
Crokinole Match Notation file without ``scores``) has no raw points: its ``points`` are null and
the averages leave it out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cueboard.errors import RecordError, SettingsError
from cueboard.games.crokinole import GAME, CrokinoleRuling, CrokinoleSettings, Variant
from cueboard.records.match import MatchRecord


@dataclass(frozen=True)
class Round:
    """One round as a scoresheet holds it: ``winner`` side (None: tied), ``starter`` side (who shot
    first), and, where kept, each side's raw ``totals``, 20s and zone counts
    (``(twenties, fifteens, tens, fives)``)."""

    winner: int | None
    starter: int | None = None
    totals: tuple[int, int] | None = None
    twenties: tuple[int, int] | None = None
    zones: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] | None = None

    def round_points(self, variant: Variant) -> tuple[int, int] | None:
        """What the round adds to the game score: 2 / 1 / 0 (tournament) or the difference to
        the higher side (seed game; None when the raw totals are not known)."""
        if variant is Variant.TOURNAMENT:
            if self.winner is None:
                return (1, 1)
            return (2, 0) if self.winner == 0 else (0, 2)
        if self.totals is None:
            return None
        diff = abs(self.totals[0] - self.totals[1])
        if self.winner is None:
            return (0, 0)
        return (diff, 0) if self.winner == 0 else (0, diff)


def rounds_of(record: MatchRecord) -> list[Round]:
    """The rounds of a crokinole match record (each scored round's :class:`RoundResult`)."""
    if record.header.game != GAME.name:
        raise RecordError(f"{GAME.name} statistics need a {GAME.name} record, not {record.header.game!r}")
    settings = CrokinoleSettings.model_validate(record.header.settings)
    out = []
    for shot in record.shots:
        ruling = shot.ruling
        assert isinstance(ruling, CrokinoleRuling)
        r = ruling.round_result
        if r is None:
            continue
        a, b = r.counts
        out.append(Round(
            winner=r.winner, starter=settings.side(r.starter), totals=r.totals,
            twenties=(a.twenties, b.twenties),
            zones=((a.twenties, a.fifteens, a.tens, a.fives), (b.twenties, b.fifteens, b.tens, b.fives)),
        ))
    return out


def _mean(values: Sequence[int | None]) -> float | None:
    known = [v for v in values if v is not None]
    return round(sum(known) / len(known), 3) if known else None


def rounds_stats(rounds: Sequence[Round], sides: Sequence[str], variant: Variant) -> dict[str, Any]:
    """Per-side statistics of ``rounds`` (``sides``: each side's name, partners joined)."""
    if len(sides) != 2:
        raise SettingsError(f"crokinole has two sides, got {len(sides)} names")
    out = []
    for side, name in enumerate(sides):
        twenties = [r.twenties[side] if r.twenties is not None else None for r in rounds]
        points = [r.totals[side] if r.totals is not None else None for r in rounds]
        added = [p[side] if (p := r.round_points(variant)) is not None else None for r in rounds]
        zones = [0, 0, 0, 0]
        for r in rounds:
            if r.zones is not None:
                zones = [z + n for z, n in zip(zones, r.zones[side], strict=True)]
        score = sum(a for a in added if a is not None)
        out.append({
            "side": side, "name": name, "rounds": len(rounds),
            "rounds_won": sum(r.winner == side for r in rounds),
            "rounds_tied": sum(r.winner is None for r in rounds),
            "rounds_lost": sum(r.winner == 1 - side for r in rounds),
            "twenties": twenties, "twenties_total": sum(t for t in twenties if t is not None),
            "twenties_per_round": _mean(twenties),
            "points": points, "points_per_round": _mean(points),
            "round_points": added, "score": score,
            "zones": dict(zip(("twenties", "fifteens", "tens", "fives"), zones, strict=True))
            if any(r.zones is not None for r in rounds) else None,
        })
    return {"game": GAME.name, "variant": variant.value, "sides": out}


def side_names(record: MatchRecord) -> list[str]:
    """Each side's players by name, partners joined with " & " (partners sit opposite)."""
    settings = CrokinoleSettings.model_validate(record.header.settings)
    names: list[list[str]] = [[], []]
    for p in sorted(record.header.players, key=lambda p: p.seat):
        names[settings.side(p.seat)].append(p.name)
    return [" & ".join(n) for n in names]


def crokinole_stats(record: MatchRecord) -> dict[str, Any]:
    """Per-side statistics of a crokinole match record."""
    settings = CrokinoleSettings.model_validate(record.header.settings)
    return rounds_stats(rounds_of(record), side_names(record), settings.variant)
