"""Open a match record file for one replay without holding its shots in memory.

:func:`open_match` checks the whole file first (size, UTF-8, the JSON limits of
:mod:`cueboard.records.reading`, the header and every shot against the game's models) and keeps
nothing but the header and the count, so that a malformed file is refused before anything is
replayed. For a JSON Lines record (the header on the first line, one shot a line: the form
``cueboard score --save`` and the match recorders append to) the shots are then read again from
the file, one line at a time, each time they are iterated (:class:`ShotStream`): the memory a
replay needs is one shot's, whatever the length of the match. A readable-JSON record (one JSON
document) is decoded whole (:func:`cueboard.records.match.read_match`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import cast, overload

from cueboard.records.base import RecordError
from cueboard.records.match import MatchHeader, MatchRecord, ShotEntry, parse_header, parse_shot, read_match
from cueboard.records.reading import MAX_MATCH_BYTES, NotJSONError, loads_json


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """The non-blank lines of ``path`` (UTF-8), with their 1-based line numbers."""
    try:
        with path.open("rb") as fh:
            for number, raw in enumerate(fh, start=1):
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as err:
                    raise RecordError(f"line {number} is not UTF-8 text (byte {err.start})") from None
                if line.strip():
                    yield number, line
    except OSError as err:
        raise RecordError(f"cannot read the match record {path}: {err.strerror}") from None


def _shot(game: str, line: str, number: int, index: int) -> ShotEntry:
    try:
        data = loads_json(line, f"line {number}")
    except RecordError as err:
        raise RecordError(str(err), shot=index) from None
    return parse_shot(game, data, shot=index)


class ShotStream(Sequence[ShotEntry]):
    """The shots of a JSON Lines match record, parsed from the file each time they are iterated."""

    def __init__(self, path: Path, game: str, count: int) -> None:
        self.path, self.game, self.size = path, game, count

    def __iter__(self) -> Iterator[ShotEntry]:
        lines = _lines(self.path)
        next(lines, None)  # the header
        for index, (number, line) in enumerate(lines):
            yield _shot(self.game, line, number, index)

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


def open_match(path: str | Path) -> MatchRecord:
    """A match record for replaying once or more: checked whole now; for JSON Lines its shots
    are a :class:`ShotStream` (module docstring)."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as err:
        raise RecordError(f"cannot read the match record {p}: {err.strerror}") from None
    if size > MAX_MATCH_BYTES:
        raise RecordError(f"the match record file {p} is {size} bytes, over the limit of {MAX_MATCH_BYTES}")
    lines = _lines(p)
    first = next(lines, None)
    if first is None:
        raise RecordError("the match record is empty")
    try:
        head = loads_json(first[1], "the header line")
    except NotJSONError:
        return read_match(p)  # a readable-JSON document spread over lines
    if isinstance(head, dict) and "header" in head:
        return read_match(p)  # a readable-JSON document on one line
    header: MatchHeader = parse_header(head)
    count = 0
    for index, (number, line) in enumerate(lines):
        _shot(header.game, line, number, index)
        count += 1
    # the replayers read ``shots`` as a sequence (iterate, len, [0]): the stream stands in for the list
    shots = cast(list[ShotEntry], ShotStream(p, header.game, count))
    return MatchRecord.model_construct(header=header, shots=shots)
