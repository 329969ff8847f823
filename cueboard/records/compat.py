"""Records across versions: the installed cueboard's version, and reading a record written by a
newer cueboard.

The record format is versioned MAJOR.MINOR (the match header's ``version`` and ``minor``), as
Semantic Versioning 2.0.0 numbers an API: a MINOR release only adds optional fields, a MAJOR one
may change or remove what exists. So a reader:

- refuses a record of a newer MAJOR version with a :class:`RecordError` saying to upgrade
  (what it holds may mean something else);
- reads a record of a newer MINOR version of its own MAJOR one, dropping the fields it does not
  know, with a :class:`NewerRecordWarning` naming them (what it knows means what it did);
- refuses unknown fields in a record of its own or an older version (a typo, not a newer field).
"""

from __future__ import annotations

import functools
from importlib.metadata import PackageNotFoundError, version
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from cueboard.records.base import RECORD_VERSION, RecordError, validation_to_record_error

#: The MINOR version of the record formats (the MAJOR one is ``RECORD_VERSION``). 1: the header
#: carries ``minor``; 2: the header may carry ``incidents`` (takebacks, claims); 3: a ``handicap``
#: start per player, ``result`` incidents (frames entered as their result alone), and incident
#: lines in the JSON Lines form.
RECORD_MINOR = 3
#: How many rounds of unknown fields :func:`validate_lenient` drops (nested ones surface one level
#: at a time) before it gives up.
MAX_ROUNDS = 8

M = TypeVar("M", bound=BaseModel)


class NewerRecordWarning(UserWarning):
    """A record from a newer MINOR version of the format was read without the fields it added."""


@functools.cache
def installed_version() -> str:
    """The installed cueboard distribution's version (``importlib.metadata``), "0.0.0" when it is
    not installed (run from a bare source tree)."""
    try:
        return version("cueboard")
    except PackageNotFoundError:
        return "0.0.0"


def _drop(data: Any, loc: tuple[int | str, ...]) -> bool:
    """Delete the key at ``loc`` from nested dicts and lists; whether it was there."""
    node = data
    for step in loc[:-1]:
        in_dict = isinstance(node, dict) and step in node
        in_list = isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)
        if not (in_dict or in_list):
            return False
        node = node[step]
    if isinstance(node, dict) and loc and loc[-1] in node:
        del node[loc[-1]]
        return True
    return False


def validate_lenient(
    model: type[M], data: Any, dropped: list[str], *, shot: int | None = None, prefix: str = ""
) -> M:
    """``data`` validated as ``model`` once the fields it does not know are dropped (their paths
    appended to ``dropped``); any other error raises :class:`RecordError` as a strict read does.
    ``data`` (decoded JSON, the reader's own) is changed in place."""
    for _ in range(MAX_ROUNDS):
        try:
            return model.model_validate(data)
        except ValidationError as err:
            errors = err.errors()
            extra = [e for e in errors if e["type"] == "extra_forbidden"]
            if len(extra) != len(errors) or not all(_drop(data, tuple(e["loc"])) for e in extra):
                raise validation_to_record_error(err, shot=shot, prefix=prefix) from None
            for e in extra:
                path = ".".join(str(p) for p in e["loc"])
                dropped.append(f"{prefix}.{path}" if prefix else path)
    raise RecordError("unknown fields nested too deep to drop", field=prefix or None, shot=shot)


def check_format(header: Any) -> bool:
    """Whether a decoded match header comes from a newer MINOR version of this cueboard's MAJOR
    format (its unknown fields are then dropped); a :class:`RecordError` when its MAJOR version
    is newer. A header that is not a mapping, or whose versions are not integers, is left to the
    header's own validation."""
    if not isinstance(header, dict):
        return False
    major, minor = header.get("version", RECORD_VERSION), header.get("minor", 0)
    if not isinstance(major, int) or not isinstance(minor, int):
        return False
    if major > RECORD_VERSION:
        raise RecordError(
            f"the record is of format version {major}.{minor}, newer than this cueboard reads "
            f"({RECORD_VERSION}.{RECORD_MINOR}): upgrade cueboard (pip install -U cueboard) to read it",
            field="header.version",
        )
    return major == RECORD_VERSION and minor > RECORD_MINOR
