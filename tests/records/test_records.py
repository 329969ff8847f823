"""Record formats: round trips (hypothesis) and errors that name the field and the shot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import Field

from cueboard.engine.events import Event, EventKind
from cueboard.records import (
    GameRecordTypes,
    MatchHeader,
    MatchRecord,
    Piece,
    PieceState,
    PlayerInfo,
    Position,
    Record,
    RecordError,
    ShotEntry,
    append_shot,
    dump_record,
    loads_match,
    parse_record,
    read_match,
    register_game_records,
    write_match,
)

finite = st.floats(min_value=-10, max_value=10, allow_nan=False, allow_infinity=False)
ids = st.from_regex(r"[A-Za-z0-9_\-]{1,12}", fullmatch=True)
pieces = st.builds(
    Piece,
    id=ids,
    kind=st.sampled_from(["ball", "disc", "striker"]),
    colour=st.none() | st.sampled_from(["red", "black", "white"]),
    owner=st.none() | st.integers(0, 3),
    x=finite,
    y=finite,
    state=st.sampled_from(list(PieceState)),
)


class ToyPosition(Position):
    game: str = "toy"
    score: tuple[int, int] = (0, 0)


class ToyStrike(Record):
    speed: float = Field(gt=0, le=10)
    angle: float = Field(ge=-360, le=360)


class ToyOutcome(Record):
    potted: tuple[str, ...] = ()


class ToyDeclaration(Record):
    nominated: str | None = None


class ToyRuling(Record):
    points: int = 0
    foul: str | None = None


register_game_records(
    GameRecordTypes(
        game="toy",
        position=ToyPosition,
        strike=ToyStrike,
        declaration=ToyDeclaration,
        outcome=ToyOutcome,
        ruling=ToyRuling,
    )
)


@given(pieces)
def test_piece_round_trip(piece: Piece) -> None:
    assert parse_record(Piece, dump_record(piece)) == piece


@given(st.lists(pieces, max_size=8, unique_by=lambda p: p.id), st.integers(0, 3))
def test_position_round_trip(ps: list[Piece], to_move: int) -> None:
    pos = ToyPosition(pieces=tuple(ps), to_move=to_move, score=(3, 4))
    assert parse_record(ToyPosition, dump_record(pos)) == pos
    assert parse_record(ToyPosition, dump_record(pos, indent=None)) == pos


@given(
    st.floats(0, 100, allow_nan=False),
    st.sampled_from(list(EventKind)),
    st.lists(ids, min_size=1, max_size=2),
)
def test_event_round_trip(t: float, kind: EventKind, bodies: list[str]) -> None:
    ev = Event(time=t, kind=kind, bodies=tuple(bodies), shape="cushion:top", x=0.1, y=0.2)
    assert parse_record(Event, dump_record(ev)) == ev


def test_duplicate_piece_ids_refused() -> None:
    p = Piece(id="a", kind="disc")
    with pytest.raises(RecordError, match="piece id 'a' appears twice"):
        parse_record(ToyPosition, {"pieces": [p.model_dump(), p.model_dump()]})


def test_newer_version_refused() -> None:
    with pytest.raises(RecordError, match="version 9 is not supported"):
        parse_record(ToyPosition, {"version": 9, "pieces": []})


def test_nan_refused_and_field_named() -> None:
    with pytest.raises(RecordError, match=r"field 'pieces\[0\].x'"):
        parse_record(ToyPosition, '{"pieces": [{"id": "a", "kind": "disc", "x": NaN}]}')


def _match(n: int) -> MatchRecord:
    header = MatchHeader(
        game="toy",
        players=(PlayerInfo(seat=0, name="Ann"), PlayerInfo(seat=1, name="Bob", kind="ai", level="pro")),
        seed=7,
    )
    shots = []
    for i in range(n):
        shots.append(
            ShotEntry(
                index=i,
                player=i % 2,
                declaration=ToyDeclaration(nominated="black" if i else None),
                strike=ToyStrike(speed=1.0 + i, angle=90.0) if i != 1 else None,
                outcome=ToyOutcome(potted=("red1",) if i == 0 else ()),
                ruling=ToyRuling(points=i, foul=None),
                position_after=ToyPosition(pieces=(Piece(id="white", kind="ball", x=0.1 * i),)),
                events=(Event(time=0.0, kind=EventKind.STRIKE, bodies=("white",)),) if i == 0 else None,
            )
        )
    return MatchRecord(header=header, shots=shots)


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_match_round_trip(tmp_path: Path, suffix: str) -> None:
    rec = _match(4)
    path = tmp_path / f"m{suffix}"
    write_match(path, rec)
    back = read_match(path)
    assert back.header == rec.header
    assert [s.to_json_dict() for s in back.shots] == [s.to_json_dict() for s in rec.shots]
    assert isinstance(back.shots[0].strike, ToyStrike)
    assert back.shots[1].strike is None


def test_append_shot_keeps_what_was_saved(tmp_path: Path) -> None:
    rec = _match(3)
    path = tmp_path / "m.jsonl"
    write_match(path, MatchRecord(header=rec.header, shots=rec.shots[:2]))
    append_shot(path, rec.shots[2])
    back = read_match(path)
    assert len(back.shots) == 3
    assert back.shots[2].to_json_dict() == rec.shots[2].to_json_dict()


def test_bad_shot_names_shot_and_field() -> None:
    data = json.loads(_match(3).to_json())
    data["shots"][2]["strike"]["speed"] = -1
    with pytest.raises(RecordError, match=r"shot 2: field 'strike.speed'"):
        loads_match(json.dumps(data))


def test_missing_part_names_shot() -> None:
    data = json.loads(_match(2).to_json())
    del data["shots"][1]["ruling"]
    with pytest.raises(RecordError, match=r"shot 1: field 'ruling': field required"):
        loads_match(json.dumps(data))


def test_unknown_game_refused() -> None:
    data = json.loads(_match(1).to_json())
    data["header"]["game"] = "chess"
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        loads_match(json.dumps(data))


def test_bad_jsonl_line_named() -> None:
    text = _match(2).to_jsonl().splitlines()
    text[2] = "{not json"
    with pytest.raises(RecordError, match="line 3 is not valid JSON"):
        loads_match("\n".join(text))


def test_bad_header_named() -> None:
    with pytest.raises(RecordError, match=r"field 'header.players'"):
        loads_match(json.dumps({"header": {"game": "toy", "players": []}, "shots": []}))


def test_empty_record_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="empty"):
        loads_match("   \n")
    with pytest.raises(RecordError, match="cannot read"):
        read_match(tmp_path / "absent.json")


@settings(max_examples=30)
@given(st.integers(0, 5))
def test_match_jsonl_and_json_agree(n: int) -> None:
    rec = _match(n)
    a = loads_match(rec.to_json())
    b = loads_match(rec.to_jsonl())
    assert [s.to_json_dict() for s in a.shots] == [s.to_json_dict() for s in b.shots]


def test_open_match_streams_json_lines(tmp_path: Path) -> None:
    """cueboard.records.stream: a JSON Lines record is checked whole, then its shots are read
    from the file each time they are iterated, holding none of them."""
    import tracemalloc

    from cueboard.records.stream import ShotStream, open_match

    base = _match(10)
    shots = [s.model_copy(update={"index": i}) for i, s in enumerate(base.shots * 40)]
    record = base.model_copy(update={"shots": shots})
    path = tmp_path / "m.jsonl"
    write_match(path, record)
    tracemalloc.start()
    opened = open_match(path)
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert isinstance(opened.shots, ShotStream)
    assert held < path.stat().st_size / 4  # the shots were checked, not kept
    assert len(opened.shots) == 400
    assert list(opened.shots) == record.shots and list(opened.shots) == record.shots  # twice
    assert opened.shots[0] == record.shots[0] and opened.shots[-1] == record.shots[-1]
    assert opened.header == record.header
    whole = tmp_path / "m.json"
    write_match(whole, record)
    assert list(open_match(whole).shots) == record.shots  # readable JSON: decoded whole, validated lazily


def test_open_match_refuses_a_bad_last_line_before_replaying(tmp_path: Path) -> None:
    from cueboard.records.stream import open_match

    lines = _match(5).to_jsonl().splitlines()
    assert '"index": 4' in lines[-1]
    lines[-1] = lines[-1].replace('"index": 4', '"index": "four"')
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match="shot 4"):
        open_match(path)


# Incidents (format 1.2) in the JSON Lines form (1.3): each a line of its own, before the shot
# numbered its ``at``, read back into the header's incidents in order.
INCIDENTS = [
    {"kind": "takeback", "at": 1, "player": 1, "by": 0, "time": "2026-12-05T20:00:00Z"},
    {"kind": "takeback", "at": 1, "player": 1, "by": 0, "time": "2026-12-05T20:00:09Z"},
    {"kind": "claim", "at": 3, "player": 0, "by": 1, "time": "2026-12-05T20:03:00Z"},
]


def _with_incidents(n: int, incidents: list[dict[str, object]]) -> MatchRecord:
    rec = _match(n)
    header = MatchHeader.model_validate({**rec.header.model_dump(mode="json"), "incidents": incidents})
    return MatchRecord(header=header, shots=rec.shots)


def test_json_lines_carry_incidents_as_lines_before_their_shot() -> None:
    rec = _with_incidents(3, INCIDENTS)
    lines = [json.loads(line) for line in rec.to_jsonl().splitlines()]
    assert "incidents" not in lines[0]  # the header is written before anything happens
    shape = ["incident" if "incident" in line else line["index"] for line in lines[1:]]
    assert shape == [0, "incident", "incident", 1, 2, "incident"]  # the claim after all 3 shots
    assert lines[2]["incident"]["by"] == 0 and lines[3]["incident"]["time"] == "2026-12-05T20:00:09Z"


@pytest.mark.parametrize("n", [0, 3, 5])
def test_incidents_round_trip_json_and_json_lines(tmp_path: Path, n: int) -> None:
    from cueboard.records.stream import open_match

    rec = _with_incidents(n, INCIDENTS)
    assert loads_match(rec.to_jsonl()).to_json() == rec.to_json()  # JSON -> JSONL -> JSON
    assert loads_match(loads_match(rec.to_json()).to_jsonl()).to_jsonl() == rec.to_jsonl()
    path = tmp_path / "m.jsonl"
    write_match(path, rec)
    opened = open_match(path)  # the streaming reader keeps them too, and skips them as shots
    assert opened.header == rec.header and opened.header.incidents[2].kind == "claim"
    assert [s.index for s in opened.shots] == list(range(n)) and len(opened.shots) == n


def test_an_incident_appended_as_it_happens_is_read_back(tmp_path: Path) -> None:
    from cueboard.records import Incident, append_incident

    rec = _match(3)
    path = tmp_path / "m.jsonl"
    write_match(path, MatchRecord(header=rec.header, shots=rec.shots[:2]))
    append_incident(path, Incident(kind="takeback", at=2, player=0, by=1))
    append_shot(path, rec.shots[2])
    back = read_match(path)
    assert back.header.incidents == (Incident(kind="takeback", at=2, player=0, by=1),)
    assert [s.to_json_dict() for s in back.shots] == [s.to_json_dict() for s in rec.shots]


def test_a_header_s_own_incidents_come_before_its_lines() -> None:
    """A 1.2 writer puts incidents in the header; lines found after it are later ones."""
    rec = _with_incidents(2, INCIDENTS[:1])
    shots = [json.dumps(s.to_json_dict()) for s in rec.shots]
    text = "\n".join([rec.header.model_dump_json(), *shots, json.dumps({"incident": INCIDENTS[2]})])
    assert '"incidents"' in text.splitlines()[0]
    back = loads_match(text)
    assert [(i.kind, i.at) for i in back.header.incidents] == [("takeback", 1), ("claim", 3)]


def test_a_bad_incident_line_is_named(tmp_path: Path) -> None:
    from cueboard.records.stream import open_match

    lines = _with_incidents(2, INCIDENTS[:1]).to_jsonl().splitlines()
    assert lines[2].startswith('{"incident"')
    lines[2] = lines[2].replace('"takeback"', '"swap"')
    with pytest.raises(RecordError, match=r"line 3\.incident\.kind"):
        loads_match("\n".join(lines))
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match=r"line 3\.incident\.kind"):
        open_match(path)
