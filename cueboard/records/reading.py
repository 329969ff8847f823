"""Reading record files from outside, bounded: every malformed file is one :class:`RecordError`.

A file handed to ``cueboard referee`` / ``cueboard simulate`` (or any reader of records) may be
hostile. Before the record models see it, the file must be:

- no larger than a limit (:data:`MAX_MATCH_BYTES` for match records, :data:`MAX_RECORD_BYTES`
  for a single position or strike): the size is checked before reading, and no more than the
  limit is read;
- UTF-8 text (RFC 8259 §8.1: JSON exchanged between systems is UTF-8);
- JSON (RFC 8259) whose arrays and objects nest at most :data:`MAX_DEPTH` deep (a record nests
  about 6 deep; the decoder would otherwise recurse until the interpreter's limit);
- with integers of at most :data:`MAX_INT_DIGITS` digits (larger ones fit no field of a record:
  a 64-bit seed has 20) and finite numbers (``NaN``/``Infinity`` are not JSON, RFC 8259 §6;
  ``1e999`` overflows to infinity).

Anything else raises :class:`RecordError` with a message naming the file and what is wrong.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, ClassVar

from cueboard.records.base import RecordError

#: Largest match record file read (bytes): a 600-shot match with every engine event is ~20 MB.
MAX_MATCH_BYTES = 64 * 1024 * 1024
#: Largest single position / strike file read (bytes).
MAX_RECORD_BYTES = 1024 * 1024
#: Deepest nesting of JSON arrays and objects accepted.
MAX_DEPTH = 32
#: Most digits (sign excluded) an integer may have.
MAX_INT_DIGITS = 20


def read_text(path: Path, what: str, limit: int) -> str:
    """The text of ``path`` (UTF-8), refusing files over ``limit`` bytes."""
    try:
        with path.open("rb") as fh:
            size = path.stat().st_size
            if size > limit:
                raise RecordError(f"the {what} file {path} is {size} bytes, over the limit of {limit}")
            data = fh.read(limit + 1)
    except OSError as err:
        raise RecordError(f"cannot read the {what} file {path}: {err.strerror}") from None
    if len(data) > limit:
        raise RecordError(f"the {what} file {path} is over the limit of {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RecordError(f"the {what} file {path} is not UTF-8 text (byte {err.start})") from None


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise RecordError(f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {text[:24]} is out of range")
    return value


def _constant(text: str) -> Any:
    raise RecordError(f"{text} is not a JSON number")


def _check_depth(value: Any) -> None:
    """Refuse arrays/objects nested deeper than :data:`MAX_DEPTH` (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else None
        if children is None:
            continue
        if depth > MAX_DEPTH:
            raise RecordError(f"arrays and objects nested deeper than {MAX_DEPTH}")
        stack.extend((c, depth + 1) for c in children if isinstance(c, (dict, list)))


class NotJSONError(RecordError):
    """The text is not JSON at all (as opposed to JSON over a limit)."""

    code: ClassVar[str] = "not-json"


def loads_json(text: str, where: str) -> Any:
    """Decode JSON text under the limits of the module docstring; ``where`` names the source in
    the error (a file, a line of one). Text that is not JSON raises :class:`NotJSONError`."""
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecordError as err:
        raise RecordError(f"{where}: {err}") from None
    except json.JSONDecodeError as err:
        at = f"line {err.lineno}, column {err.colno}"
        raise NotJSONError(f"{where} is not valid JSON: {err.msg} ({at})") from None
    except RecursionError:
        raise RecordError(f"{where}: arrays and objects nested deeper than {MAX_DEPTH}") from None
    try:
        _check_depth(value)
    except RecordError as err:
        raise RecordError(f"{where}: {err}") from None
    return value


def read_json_object(path: Path, what: str, limit: int = MAX_RECORD_BYTES) -> dict[str, Any]:
    """A file holding one JSON object (a position, a strike), read under the limits."""
    data = loads_json(read_text(path, what, limit), f"the {what} file {path}")
    if not isinstance(data, dict):
        raise RecordError(f"the {what} file {path} must hold a JSON object")
    return data
