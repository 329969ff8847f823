"""Statistics of a match (kept in the scorer or played in the app) and their exports: JSON as
the statistics are, and CSV with one row per player (or side) and figure.

The figures per game: :mod:`cueboard.app.stats_snooker`, :mod:`cueboard.app.stats_crokinole`,
:mod:`cueboard.app.stats_novuss`; crokinole's results also go out as Crokinole Match Notation
(:mod:`cueboard.app.cmn`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from cueboard.records.match import MatchRecord

CSV_COLUMNS = ("game", "seat", "name", "statistic", "value")


def match_stats(
    record: MatchRecord, marks: Sequence[Mapping[str, Any] | None] | None = None
) -> dict[str, Any]:
    """The statistics of a match record, from its game's adapter
    (:meth:`cueboard.app.games.base.GameAdapter.statistics`); ``marks`` (snooker only) say what
    each stroke was meant to be (:func:`cueboard.app.stats_snooker.snooker_stats`)."""
    from cueboard.app.games import adapter

    return adapter(record.header.game).statistics(record, marks)


def _flat(prefix: str, value: Any) -> list[tuple[str, str]]:
    if isinstance(value, Mapping):
        out: list[tuple[str, str]] = []
        for key, v in value.items():
            out += _flat(f"{prefix}.{key}" if prefix else str(key), v)
        return out
    if isinstance(value, list | tuple):
        return [(prefix, " ".join("" if v is None else str(v) for v in value))]
    return [(prefix, "" if value is None else str(value))]


def stats_csv(stats: Mapping[str, Any]) -> str:
    """The statistics as CSV (RFC 4180): a row per player (snooker, novuss) or side (crokinole)
    and figure, nested figures named with dots (``pot.success``, ``per_colour.black.pots``), a
    list as its values separated by spaces, an unknown figure empty."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    rows = stats.get("players", stats.get("sides", []))
    for row in rows:
        seat = row.get("seat", row.get("side"))
        rest = {k: v for k, v in row.items() if k not in ("seat", "side", "name")}
        for name, value in _flat("", rest):
            writer.writerow((stats["game"], seat, row["name"], name, value))
    return buf.getvalue()
