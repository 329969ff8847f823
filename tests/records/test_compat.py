"""Records across versions (cueboard/records/compat.py): the header carries the installed
cueboard's version; a record of a newer MINOR format is read without the fields it added, with a
warning naming them; a newer MAJOR one is refused, saying to upgrade; unknown fields in a record
of this version stay refused."""

from __future__ import annotations

import json
from importlib.metadata import version

import pytest

from cueboard.records import RECORD_VERSION, RecordError, loads_match
from cueboard.records.compat import RECORD_MINOR, NewerRecordWarning
from tests.records.test_records import _match


def test_the_header_carries_the_installed_version_and_the_format_version() -> None:
    header = _match(0).header
    assert header.cueboard_version == version("cueboard") != "0.0.0"
    assert (header.version, header.minor) == (RECORD_VERSION, RECORD_MINOR)


def _newer(minor_step: int, major_step: int = 0) -> dict[str, object]:
    """A two-shot record as a newer cueboard might write it: fields this one does not know in
    the header, a shot, a shot's part and a piece of a position."""
    data = json.loads(_match(2).to_json())
    data["header"]["version"] = RECORD_VERSION + major_step
    data["header"]["minor"] = RECORD_MINOR + minor_step
    data["header"]["venue"] = "Crucible"
    data["shots"][0]["clock"] = 12.5
    data["shots"][1]["outcome"]["spin_rate"] = 3.0
    data["shots"][1]["position_after"]["pieces"][0]["temperature"] = 21.0
    return data


@pytest.mark.parametrize("form", ["json", "jsonl"])
def test_a_newer_minor_version_is_read_without_its_new_fields(form: str) -> None:
    data = _newer(minor_step=1)
    if form == "json":
        text = json.dumps(data)
    else:
        text = "\n".join(json.dumps(x) for x in [data["header"], *data["shots"]])  # type: ignore[list-item]
    with pytest.warns(NewerRecordWarning, match=rf"newer than this cueboard's 1\.{RECORD_MINOR}") as caught:
        record = loads_match(text)
    message = str(caught[0].message)
    for path in (
        "header.venue",
        "shots[0].clock",
        "shots[1].outcome.spin_rate",
        "shots[1].position_after.pieces.0.temperature",
    ):
        assert path in message
    assert record == _match(2).model_copy(update={"header": record.header})
    assert record.header.minor == RECORD_MINOR + 1


def test_a_newer_major_version_is_refused_saying_to_upgrade() -> None:
    with pytest.raises(RecordError, match=r"format version 2\.0, newer than this cueboard reads .*upgrade"):
        loads_match(json.dumps(_newer(minor_step=-RECORD_MINOR, major_step=1)))


def test_unknown_fields_of_this_version_stay_refused() -> None:
    data = _newer(minor_step=0)
    with pytest.raises(RecordError, match="venue"):
        loads_match(json.dumps(data))


def test_a_newer_minor_version_still_refuses_a_bad_known_field() -> None:
    data = _newer(minor_step=1)
    data["shots"][0]["player"] = 9  # type: ignore[index]
    with pytest.raises(RecordError, match="player"):
        loads_match(json.dumps(data))
