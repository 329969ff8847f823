"""Open a match record file for one replay without holding its shots in memory.

:func:`open_match` checks the whole file first (size, UTF-8, the JSON limits of
:mod:`cueboard.records.reading`, the header and every shot against the game's models) and keeps
nothing but the header and the count, so that a malformed file is refused before anything is
replayed. For a JSON Lines record (the header on the first line, one shot a line: the form
``cueboard score --save`` and the match recorders append to) the shots are then read again from
the file, one line at a time, each time they are iterated (:class:`ShotStream`): the memory a
replay needs is one shot's, whatever the length of the match. A readable-JSON record (one JSON
document) is decoded whole, and its shots are kept as decoded JSON (about twice the file's size)
and validated as they are iterated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast, overload

from cueboard.records.base import RecordError
from cueboard.records.match import MatchHeader, MatchRecord, ShotEntry, parse_header, parse_shot
from cueboard.records.reading import MAX_MATCH_BYTES, NotJSONError, loads_json, read_text


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


def _shot(game: str, data: Any, index: int) -> ShotEntry:
    return parse_shot(game, data, shot=index)


def _decoded_lines(path: Path) -> Iterator[Any]:
    """The decoded JSON of each shot line of a JSON Lines record (the header line skipped)."""
    lines = _lines(path)
    next(lines, None)
    for index, (number, line) in enumerate(lines):
        try:
            yield loads_json(line, f"line {number}")
        except RecordError as err:
            raise RecordError(str(err), shot=index) from None


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


def _checked(header: MatchHeader, source: Callable[[], Iterator[Any]]) -> MatchRecord:
    """Validate every shot once (keeping none), then a record whose shots stream from ``source``."""
    count = 0
    for index, data in enumerate(source()):
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
        size = p.stat().st_size
    except OSError as err:
        raise RecordError(f"cannot read the match record {p}: {err.strerror}") from None
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
    return _checked(parse_header(head), lambda: _decoded_lines(p))
