"""Open a match record file for one replay without holding its shots in memory.

:func:`open_match` checks the whole file first (size, UTF-8, the JSON limits of
:mod:`cueboard.records.reading`, the header and every shot against the game's models) and keeps
nothing but the header and the count, so that a malformed file is refused before anything is
replayed. For a JSON Lines record (the header on the first line, one shot a line, and an
incident line ``{"incident": ...}`` where one happened: the form ``cueboard score --save`` and the
match recorders append to; the incidents join the header's) the shots are then read again from
the file, one line at a time, each time they are iterated (:class:`ShotStream`): the memory a
replay needs is one shot's, whatever the length of the match. A readable-JSON record (one JSON
document) is decoded whole, and its shots are kept as decoded JSON (about twice the file's size)
and validated as they are iterated. A pipe or a device (``cueboard referee <(zcat m.jsonl.gz)``),
which cannot be read twice, is read whole once, under the same size limit.
"""

from __future__ import annotations

import itertools
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast, overload

from cueboard.records.base import RecordError
from cueboard.records.match import (
    Incident,
    MatchHeader,
    MatchRecord,
    ShotEntry,
    is_incident_line,
    loads_match,
    parse_header,
    parse_incident,
    parse_shot,
    with_incidents,
)
from cueboard.records.reading import MAX_MATCH_BYTES, NotJSONError, loads_json, read_text


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """The non-blank lines of ``path`` (UTF-8), with their 1-based line numbers; at most
    :data:`MAX_MATCH_BYTES` read in all, whatever the file's size says (a device such as
    ``/dev/zero`` says 0 and never ends)."""
    try:
        with path.open("rb") as fh:
            total = 0
            for number in itertools.count(1):
                raw = fh.readline(MAX_MATCH_BYTES + 1 - total)
                if not raw:
                    break
                total += len(raw)
                if total > MAX_MATCH_BYTES:
                    raise RecordError(f"the match record {path} is over the limit of {MAX_MATCH_BYTES} bytes")
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as err:
                    raise RecordError(f"line {number} is not UTF-8 text (byte {err.start})") from None
                if line.strip():
                    yield number, line
    except OSError as err:
        raise RecordError(f"cannot read the match record {path}: {err.strerror}") from None


def _shot(game: str, data: Any, index: int) -> ShotEntry:
    return parse_shot(game, data, shot=index)


def _decoded_lines(path: Path, incidents: list[Incident] | None = None) -> Iterator[Any]:
    """The decoded JSON of each shot line of a JSON Lines record (the header line skipped); its
    incident lines (``{"incident": ...}``) are validated and appended to ``incidents`` when one
    is given, else skipped."""
    lines = _lines(path)
    next(lines, None)
    index = 0
    for number, line in lines:
        try:
            decoded = loads_json(line, f"line {number}")
        except RecordError as err:
            raise RecordError(str(err), shot=index) from None
        if is_incident_line(decoded):
            if incidents is not None:
                incidents.append(parse_incident(decoded, line=number))
            continue
        index += 1
        yield decoded


class ShotStream(Sequence[ShotEntry]):
    """The shots of a match record, validated from their decoded JSON each time they are iterated:
    ``source`` gives that JSON afresh (the lines of the file, or the list of a decoded document)."""

    def __init__(self, game: str, size: int, source: Callable[[], Iterator[Any]]) -> None:
        self.game, self.size, self.source = game, size, source

    def __iter__(self) -> Iterator[ShotEntry]:
        for index, data in enumerate(self.source()):
            yield _shot(self.game, data, index)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> ShotEntry: ...
    @overload
    def __getitem__(self, i: slice) -> list[ShotEntry]: ...
    def __getitem__(self, i: int | slice) -> ShotEntry | list[ShotEntry]:
        if isinstance(i, slice):
            return list(self)[i]
        k = i + self.size if i < 0 else i
        for n, shot in enumerate(self):
            if n == k:
                return shot
        raise IndexError(i)


def _checked(header: MatchHeader, source: Callable[[], Iterator[Any]],
             first: Iterator[Any] | None = None) -> MatchRecord:
    """Validate every shot once (keeping none), then a record whose shots stream from ``source``
    (``first``: the first pass over them, when it is not ``source()``)."""
    count = 0
    for index, data in enumerate(source() if first is None else first):
        _shot(header.game, data, index)
        count += 1
    # the replayers read ``shots`` as a sequence (iterate, len, [0]): the stream stands in for the list
    shots = cast(list[ShotEntry], ShotStream(header.game, count, source))
    return MatchRecord.model_construct(header=header, shots=shots)


def _whole(data: Any) -> MatchRecord:
    """A readable-JSON record already decoded: its shots stay as decoded JSON until iterated."""
    if not isinstance(data, dict) or "header" not in data:
        raise RecordError("a match record needs a header", field="header")
    header = parse_header(data["header"])
    raw = data.get("shots", [])
    if not isinstance(raw, list):
        raise RecordError("must be a list", field="shots")
    return _checked(header, lambda: iter(raw))


def open_match(path: str | Path) -> MatchRecord:
    """A match record for replaying once or more, checked whole now; its shots are validated
    again as they are iterated (module docstring)."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError as err:
        raise RecordError(f"cannot read the match record {p}: {err.strerror}") from None
    if not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
        # a pipe (``<(...)``, a shell's here-string) or a device is read once: read whole, under the limit
        return loads_match(read_text(p, "match record", MAX_MATCH_BYTES), f"the match record {p}")
    size = st.st_size
    if size > MAX_MATCH_BYTES:
        raise RecordError(f"the match record file {p} is {size} bytes, over the limit of {MAX_MATCH_BYTES}")
    first = next(_lines(p), None)
    if first is None:
        raise RecordError("the match record is empty")
    try:
        head = loads_json(first[1], "the header line")
    except NotJSONError:  # a readable-JSON document spread over lines
        return _whole(loads_json(read_text(p, "match record", MAX_MATCH_BYTES), f"the match record {p}"))
    if isinstance(head, dict) and "header" in head:  # a readable-JSON document on one line
        return _whole(head)
    header = parse_header(head)
    incidents: list[Incident] = []  # the incident lines, read on the checking pass
    checked = _checked(header, lambda: _decoded_lines(p), _decoded_lines(p, incidents))
    return MatchRecord.model_construct(header=with_incidents(header, incidents), shots=checked.shots)
